#pragma once
// Disassembly keys of the MVE integer element-wise rows (cpu/decoder/mve_int.inc), called by
// cpu/disasm/disasm.cpp for keys it does not know:
//   (registers are the common keys: {Qd} {Qn} {Qm} of cpu/disasm/mve_disasm.h, {a} of disasm.h)
//   {iVimm}  VMOV/VMVN/VORR/VBIC immediate as objdump prints it (decimal element value, i64 hex, f32)
//   {iVORR}  "vorr Qd, Qn, Qm", or its alias "vmov Qd, Qn" when Qn = Qm
#include <optional>
#include <string>
#include <string_view>

#include "cpu/decoder/operands.h"

namespace corsim::cpu::disasm {

std::optional<std::string> format_mve_int_key(std::string_view key, const Operands& o);

}  // namespace corsim::cpu::disasm
