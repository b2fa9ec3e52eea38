// Disassembly keys of the MVE integer element-wise rows (see mve_int_disasm.h).
#include "cpu/disasm/mve_int_disasm.h"

#include <bit>

#include <fmt/format.h>

#include "cpu/isa/mve/int_exec.h"

namespace corsim::cpu::disasm {

namespace {

std::string vimm(const Operands& o) {
  if (o.shift_t == mve::kMveF) return fmt::format("#{}", std::bit_cast<float>(o.imm));
  switch (o.shift_n) {
    case 0: return fmt::format("#{}", o.imm & 0xFFu);
    case 1: return fmt::format("#{}", o.imm & 0xFFFFu);
    case 2: return fmt::format("#{}", o.imm);
    default: return fmt::format("#0x{:016x}", mve::expand_simd_imm(1, 14, o.imm));
  }
}

}  // namespace

std::optional<std::string> format_mve_int_key(std::string_view key, const Operands& o) {
  if (key == "vimm") return vimm(o);
  if (key == "VORR") {
    if (o.rn == o.rm) return fmt::format("vmov q{}, q{}", o.rd, o.rn);
    return fmt::format("vorr q{}, q{}, q{}", o.rd, o.rn, o.rm);
  }
  return std::nullopt;
}

}  // namespace corsim::cpu::disasm
