#include "cpu/disasm/disasm.h"
#include "cpu/disasm/mve_disasm.h"
#include "cpu/disasm/mve_int_disasm.h"
#include "cpu/disasm/register_names.h"
#include "cpu/disasm/system_disasm.h"
#include "cpu/disasm/vfp_disasm.h"

#include <array>
#include <bit>
#include <string_view>

#include <fmt/format.h>

#include "cpu/decoder/decoder.h"

namespace corsim::cpu::disasm {

namespace {

constexpr std::array<std::string_view, 5> kShiftNames = {"lsl", "lsr", "asr", "ror", "rrx"};

std::string reg(unsigned r) { return std::string(kCoreRegisterNames[r & 15]); }

std::string list(uint32_t mask) {
  std::string s = "{";
  for (unsigned i = 0; i < 16; ++i) {
    if (!(mask & (1u << i))) continue;
    if (s.size() > 1) s += ", ";
    s += kCoreRegisterNames[i];
  }
  return s + "}";
}

std::string mem(const Operands& o) {
  const bool add = (o.flags & kAdd) != 0;
  const std::string off = add ? fmt::format("#{}", o.imm) : fmt::format("#-{}", o.imm);
  if (!(o.flags & kIndex)) return fmt::format("[{}], {}", reg(o.rn), off);  // post-indexed
  if (o.imm == 0 && o.rn != 15) return fmt::format("[{}]{}", reg(o.rn), (o.flags & kWback) ? "!" : "");
  if (o.flags & kWback) return fmt::format("[{}, {}]!", reg(o.rn), off);
  return fmt::format("[{}, {}]", reg(o.rn), off);
}

std::string it_letters(const Operands& o) {
  std::string s;
  const unsigned mask = o.imm & 0xF;
  const unsigned count = 4 - static_cast<unsigned>(std::countr_zero(mask));  // instructions in the block
  for (unsigned i = 1; i < count; ++i) {
    const unsigned bit = (mask >> (4 - i)) & 1u;
    s += bit == (o.cond & 1u) ? 't' : 'e';
  }
  return s;
}

std::string expand(std::string_view fmt_text, const decoder::Encoding& e, const Operands& o, uint32_t pc,
                   uint8_t itstate);

std::string csel_alias(const decoder::Encoding& e, const Operands& o, uint32_t pc, uint8_t itstate) {
  const std::string_view op = e.name.substr(0, e.name.find(' '));  // CSEL, CSINC, CSINV, CSNEG
  auto zr = [](unsigned r) { return r == 15 ? std::string("zr") : reg(r); };
  const std::string inv = std::string(kConditionNames[(o.cond ^ 1u) & 15]);
  const bool alias_ok = (o.cond >> 1) != 7;
  if (alias_ok && o.rn == o.rm && op != "CSEL") {
    if (o.rn == 15 && op == "CSINC") return fmt::format("cset {}, {}", reg(o.rd), inv);
    if (o.rn == 15 && op == "CSINV") return fmt::format("csetm {}, {}", reg(o.rd), inv);
    if (o.rn != 15 && op == "CSINC") return fmt::format("cinc {}, {}, {}", reg(o.rd), zr(o.rn), inv);
    if (o.rn != 15 && op == "CSINV") return fmt::format("cinv {}, {}, {}", reg(o.rd), zr(o.rn), inv);
    if (op == "CSNEG") return fmt::format("cneg {}, {}, {}", reg(o.rd), zr(o.rn), inv);
  }
  std::string lower(op);
  for (char& ch : lower) ch = static_cast<char>(ch - 'A' + 'a');
  const std::string_view cond = (o.cond & 15) == 14 ? "al" : (o.cond & 15) == 15 ? "nv" : kConditionNames[o.cond];
  return fmt::format("{} {}, {}, {}, {}", lower, reg(o.rd), zr(o.rn), zr(o.rm), cond);
}

std::string expand(std::string_view f, const decoder::Encoding& e, const Operands& o, uint32_t pc, uint8_t itstate) {
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '{') {
      out += f[i];
      continue;
    }
    const size_t close = f.find('}', i);
    const std::string_view key = f.substr(i + 1, close - i - 1);
    i = close;
    const bool in_it = (itstate & 0xF) != 0;
    if (key == "d") out += reg(o.rd);
    else if (key == "n") out += reg(o.rn);
    else if (key == "m") out += reg(o.rm);
    else if (key == "a") out += reg(o.ra);
    else if (key == "s") {
      if ((o.flags & kSetFlags) || ((o.flags & kSetFlagsOutsideIt) && !in_it)) out += 's';
    } else if (key == "c") {
      const unsigned cond = in_it ? (itstate >> 4) : o.cond;
      if (cond < 14) out += kConditionNames[cond];
    } else if (key == "i") out += fmt::format("#{}", o.imm);
    else if (key == "imm") out += fmt::format("{}", o.imm);
    else if (key == "simm") out += (o.flags & kAdd) ? fmt::format("{}", o.imm) : fmt::format("-{}", o.imm);
    else if (key == "shn") out += fmt::format("{}", o.shift_n);
    else if (key == "sh") {
      if (o.shift_t == kRrx) out += ", rrx";
      else if (o.shift_n != 0) out += fmt::format(", {} #{}", kShiftNames[o.shift_t], o.shift_n);
    } else if (key == "ror") {
      if (o.shift_n != 0) out += fmt::format(", ror #{}", o.shift_n);
    } else if (key == "tgt") out += fmt::format("{:x}", pc + 4 + o.imm);
    else if (key == "tgtb") out += fmt::format("{:x}", pc + 4 - o.imm);
    else if (key == "mem") out += mem(o);
    else if (key == "mem16") out += fmt::format("[{}, #{}]", reg(o.rn), o.imm);
    else if (key == "memr") {
      out += o.shift_n ? fmt::format("[{}, {}, lsl #{}]", reg(o.rn), reg(o.rm), o.shift_n)
                       : fmt::format("[{}, {}]", reg(o.rn), reg(o.rm));
    } else if (key == "memx") {
      out += o.imm ? fmt::format("[{}, #{}]", reg(o.rn), o.imm) : fmt::format("[{}]", reg(o.rn));
    } else if (key == "list") out += list(o.imm);
    else if (key == "!") {
      if (o.flags & kWback) out += '!';
    } else if (key == "lsb") out += fmt::format("{}", o.shift_n);
    else if (key == "width") out += fmt::format("{}", o.imm);
    else if (key == "it") out += it_letters(o);
    else if (key == "cond") out += (o.cond & 15) >= 14 ? "al" : kConditionNames[o.cond];
    else if (key == "esize") out += fmt::format("{}", 8u << o.shift_n);
    else if (key == "MOVSH") {
      if (o.shift_t == kLsl && o.shift_n == 0) out += expand("mov{s}{c}.w {d}, {m}", e, o, pc, itstate);
      else if (o.shift_t == kRrx) out += expand("rrx{s}{c} {d}, {m}", e, o, pc, itstate);
      else out += expand(std::string(kShiftNames[o.shift_t]) + "{s}{c}.w {d}, {m}, #{shn}", e, o, pc, itstate);
    } else if (key == "CSEL") out += csel_alias(e, o, pc, itstate);
    else if (auto ext = format_system_key(key, o)) out += *ext;  // system rows (system_disasm.h)
    else if (auto vfp = format_vfp_key(key, o)) out += *vfp;  // floating-point rows (vfp_disasm.h)
    else if (auto mve = format_mve_key(key, o)) out += *mve;  // MVE rows (mve_disasm.h)
    else if (auto mvi = format_mve_int_key(key, o)) out += *mvi;  // MVE integer rows (mve_int_disasm.h)
    else out += fmt::format("<?{}>", key);
  }
  return out;
}

}  // namespace

std::string format(const decoder::Encoding& e, const Operands& o, uint32_t pc, uint8_t itstate) {
  return expand(e.format, e, o, pc, itstate);
}

std::string disassemble(uint32_t insn, bool t32, uint32_t pc, uint8_t itstate) {
  const decoder::DecodeResult r = decoder::decode(insn, t32);
  if (r.encoding == nullptr) return t32 ? fmt::format("udf.w <{:08x}>", insn) : fmt::format("udf <{:04x}>", insn);
  return format(*r.encoding, r.ops, pc, itstate);
}

std::string disassemble(const PredecodeEntry& e, uint32_t pc, uint8_t itstate) {
  const decoder::Encoding* row = table_row(e);
  if (row == nullptr) return disassemble(e.encoding(), e.size == 4, pc, itstate);
  return format(*row, e.ops, pc, itstate);
}

}  // namespace corsim::cpu::disasm
