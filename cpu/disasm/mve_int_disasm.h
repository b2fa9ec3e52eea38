#pragma once
// Disassembly keys of the MVE integer element-wise rows (cpu/decoder/mve_int.inc), called by
// cpu/disasm/disasm.cpp for keys it does not know:
//   (registers, data type and shift amount are common keys: {Qd} {Qn} {Qm} {dt} of
//   cpu/disasm/mve_disasm.h, {a} {i} of disasm.h)
//   {vimm}  VMOV/VMVN/VORR/VBIC immediate as objdump prints it, from imm and the {dt} size/type:
//           the element's value in decimal, .I64 in hex, .F32 as a float
//   {VORR}  "vorr Qd, Qn, Qm", or its alias "vmov Qd, Qn" when Qn = Qm
#include <optional>
#include <string>
#include <string_view>

#include "cpu/decoder/operands.h"

namespace corsim::cpu::disasm {

std::optional<std::string> format_mve_int_key(std::string_view key, const Operands& o);

}  // namespace corsim::cpu::disasm
