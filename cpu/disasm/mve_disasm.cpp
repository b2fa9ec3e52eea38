// Disassembly keys of the MVE rows (see mve_disasm.h).
#include "cpu/disasm/mve_disasm.h"
#include "cpu/disasm/register_names.h"

#include <array>

#include <fmt/format.h>

#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::disasm {

namespace {

constexpr std::array<std::string_view, 16> kCond = {"eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc",
                                                     "hi", "ls", "ge", "lt", "gt", "le", "al", "nv"};
constexpr std::array<std::string_view, 6> kTypeLetter = {"i", "s", "u", "f", "p", ""};

std::string offset(const Operands& o) { return fmt::format("#{}{}", (o.flags & kAdd) ? "" : "-", o.imm); }

std::string qlist(unsigned first, unsigned count) {
  std::string s = "{";
  for (unsigned i = 0; i < count; ++i) s += fmt::format("{}q{}", i ? ", " : "", (first + i) & 7);
  return s + "}";
}

}  // namespace

std::optional<std::string> format_mve_key(std::string_view key, const Operands& o) {
  if (key == "Qd") return fmt::format("q{}", o.rd);
  if (key == "Qn") return fmt::format("q{}", o.rn);
  if (key == "Qm") return fmt::format("q{}", o.rm);
  if (key == "Qa") return fmt::format("q{}", o.ra);
  if (key == "dt") return fmt::format("{}{}", kTypeLetter[o.shift_t < 6 ? o.shift_t : 5], 8u << (o.shift_n & 3));
  if (key == "sz") return fmt::format("{}", 8u << (o.shift_n & 3));
  if (key == "Qd2") return qlist(o.rd, 2);
  if (key == "Qd4") return qlist(o.rd, 4);
  if (key == "qmem") {
    const std::string_view rn = kCoreRegisterNames[o.rn & 15];
    if (!(o.flags & kIndex)) return fmt::format("[{}], {}", rn, offset(o));
    return fmt::format("[{}, {}]{}", rn, offset(o), (o.flags & kWback) ? "!" : "");
  }
  if (key == "qmemo") {
    if (o.imm == 0) return fmt::format("[{}, q{}]", kCoreRegisterNames[o.rn & 15], o.rm);
    return fmt::format("[{}, q{}, uxtw #{}]", kCoreRegisterNames[o.rn & 15], o.rm, o.imm);
  }
  if (key == "qmemq") return fmt::format("[q{}, {}]{}", o.rn, offset(o), (o.flags & kWback) ? "!" : "");
  if (key == "vcond") return std::string(kCond[o.cond & 15]);
  if (key == "vpm") {
    // Mask bits below the first slot: 1 = the predicate flips from the previous slot (VPR.P0 is
    // inverted, as advance_vpt does), 0 = it stays; the lowest set bit ends the block.
    // vpte = 1100, vptet = 1110, vptee = 1010.
    std::string s;
    const unsigned mask = o.imm & 0xF;
    char slot = 't';
    for (unsigned bit = 3; bit > 0 && (mask & ((1u << bit) - 1u)) != 0; --bit) {
      if ((mask >> bit) & 1u) slot = slot == 't' ? 'e' : 't';
      s += slot;
    }
    return s;
  }
  if (key == "zm") return o.rm == 15 ? std::string("zr") : std::string(kCoreRegisterNames[o.rm & 15]);
  if (key == "Dlane") {
    const unsigned per_d = 8u >> (o.shift_n & 3);  // lanes in one D register
    return fmt::format("d{}[{}]", 2 * o.rn + o.imm / per_d, o.imm % per_d);
  }
  if (key == "imm2") return fmt::format("{}", o.imm + 2);
  if (key == "vsysreg") {  // VLDR/VSTR (System Register): register number in ra
    switch (o.ra) {
      case 1: return std::string("fpscr");
      case 2: return std::string("fpscr_nzcvqc");
      case 12: return std::string("vpr");
      case 13: return std::string("p0");
      case 14: return std::string("fpcxtns");
      case 15: return std::string("fpcxts");
      default: return fmt::format("<sysreg {}>", o.ra);
    }
  }
  return std::nullopt;
}

}  // namespace corsim::cpu::disasm
