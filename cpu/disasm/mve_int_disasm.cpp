// Disassembly keys of the MVE integer element-wise rows (see mve_int_disasm.h).
#include "cpu/disasm/mve_int_disasm.h"

#include <bit>

#include <fmt/format.h>

#include "cpu/isa/mve/int_exec.h"

namespace corsim::cpu::disasm {

namespace {

std::string vimm(const Operands& o) {
  const unsigned cmode = o.shift_t & 0xF, op = (o.flags & kAlt) ? 1 : 0;
  const uint64_t v = mve::expand_simd_imm(cmode == 14 ? op : 0, cmode, o.imm);
  if (cmode == 14 && op) return fmt::format("#0x{:016x}", v);
  if (cmode == 15) return fmt::format("#{}", std::bit_cast<float>(static_cast<uint32_t>(v)));
  if (cmode == 14) return fmt::format("#{}", v & 0xFF);
  if ((cmode >> 2) == 2) return fmt::format("#{}", v & 0xFFFF);
  return fmt::format("#{}", v & 0xFFFFFFFFu);
}

}  // namespace

std::optional<std::string> format_mve_int_key(std::string_view key, const Operands& o) {
  if (key == "iVimm") return vimm(o);
  if (key == "iVORR") {
    if (o.rn == o.rm) return fmt::format("vmov q{}, q{}", o.rd, o.rn);
    return fmt::format("vorr q{}, q{}, q{}", o.rd, o.rn, o.rm);
  }
  return std::nullopt;
}

}  // namespace corsim::cpu::disasm
