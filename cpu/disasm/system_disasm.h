#pragma once
// Disassembly keys of the system rows (t16_system.inc, t32_system.inc), called by the core
// formatter (cpu/disasm/disasm.cpp) for keys it does not know:
//   {sysreg}    MRS special register name;  {msrreg}  MSR's (objdump's names: APSR = CPSR_<f><s>)
//   {DMB} {DSB} {ISB}  whole barrier instruction with its option (objdump's names)
//   {bkptimm}   BKPT immediate as objdump prints it (0x00ab)
//   {CPS}       whole CPSIE/CPSID instruction;  {TT}  whole TT/TTT/TTA/TTAT instruction
//   {clrmlist}  CLRM register list;  {hint} / {hint16}  other T32 / T16 hint ("nop {n}", "csdb", "dbg #n", PACBTI names)
#include <optional>
#include <string>
#include <string_view>

#include "cpu/decoder/operands.h"

namespace corsim::cpu::disasm {

std::optional<std::string> format_system_key(std::string_view key, const Operands& o);

}  // namespace corsim::cpu::disasm
