// Disassembly keys of the floating-point rows (see vfp_disasm.h).
#include "cpu/disasm/vfp_disasm.h"
#include "cpu/disasm/register_names.h"

#include <array>

#include <fmt/format.h>

#include "cpu/isa/vfp.h"

namespace corsim::cpu::disasm {

namespace {


// "{s0-s3}" / "{d8}" (objdump prints a range for more than one register).
std::string range(char kind, unsigned first, unsigned count) {
  if (count == 1) return fmt::format("{}{}", kind, first);
  return fmt::format("{}{}-{}{}", kind, first, kind, first + count - 1);
}

std::string ldm(const Operands& o, bool load, char kind) {
  const bool wb = (o.flags & kWback) != 0, ia = (o.flags & kAdd) != 0;
  const std::string list = "{" + range(kind, o.rd, o.imm) + "}";
  if (o.rn == 13 && wb && load && ia) return "vpop " + list;
  if (o.rn == 13 && wb && !load && !ia) return "vpush " + list;
  if (o.flags & kAlt)  // odd imm8: the deprecated FLDMX/FSTMX spelling
    return fmt::format("{}{}x {}{}, {}", load ? "fldm" : "fstm", ia ? "ia" : "db", kCoreRegisterNames[o.rn], wb ? "!" : "", list);
  return fmt::format("{}{} {}{}, {}", load ? "vldm" : "vstm", ia ? "ia" : "db", kCoreRegisterNames[o.rn], wb ? "!" : "", list);
}

}  // namespace

std::optional<std::string> format_vfp_key(std::string_view key, const Operands& o) {
  if (key == "Sd") return fmt::format("s{}", o.rd);
  if (key == "Sn") return fmt::format("s{}", o.rn);
  if (key == "Sm") return fmt::format("s{}", o.rm);
  if (key == "Sm1") return fmt::format("s{}", o.rm + 1);
  if (key == "Dd") return fmt::format("d{}", o.rd);
  if (key == "Dn") return fmt::format("d{}", o.rn);
  if (key == "Dm") return fmt::format("d{}", o.rm);
  if (key == "vt") return o.ra == 15 ? std::string("APSR_nzcv") : std::string(kCoreRegisterNames[o.ra & 15]);
  if (key == "vt2") return std::string(kCoreRegisterNames[o.shift_n & 15]);
  if (key == "vcc") return std::string(kConditionNames[o.cond & 15]);
  if (key == "ve") return std::string((o.flags & kAlt) ? "e" : "");
  if (key == "vbt") return std::string((o.flags & kAlt) ? "t" : "b");
  if (key == "vist") return std::string((o.flags & kAlt) ? "u32" : "s32");
  if (key == "vfx") return fmt::format("{}{}", (o.flags & kAlt) ? 'u' : 's', o.shift_n);
  if (key == "vrm") {
    switch (o.shift_t) {
      case 4: return std::string("a");
      case 0: return std::string("n");
      case 1: return std::string("p");
      case 2: return std::string("m");
      default: return std::string("?");
    }
  }
  if (key == "vsys") {
    switch (o.imm) {
      case 0x1: return std::string("fpscr");
      case 0x2: return std::string("fpscr_nzcvqc");
      case 0xC: return std::string("vpr");
      case 0xD: return std::string("p0");
      case 0xE: return std::string("fpcxt_ns");
      case 0xF: return std::string("fpcxt_s");
      default: return fmt::format("<reg {}>", o.imm);
    }
  }
  if (key == "vmem") {
    const std::string_view rn = kCoreRegisterNames[o.rn & 15];
    if (o.imm == 0 && (o.flags & kAdd)) return fmt::format("[{}]", rn);
    return fmt::format("[{}, #{}{}]", rn, (o.flags & kAdd) ? "" : "-", o.imm);
  }
  if (key == "VLDMS") return ldm(o, true, 's');
  if (key == "VLDMD") return ldm(o, true, 'd');
  if (key == "VSTMS") return ldm(o, false, 's');
  if (key == "VSTMD") return ldm(o, false, 'd');
  if (key == "vclrS") return o.imm ? "{" + range('s', o.rd, o.imm) + ", VPR}" : std::string("{VPR}");
  if (key == "vclrD") return o.imm ? "{" + range('d', o.rd, o.imm) + ", VPR}" : std::string("{VPR}");
  return std::nullopt;
}

}  // namespace corsim::cpu::disasm
