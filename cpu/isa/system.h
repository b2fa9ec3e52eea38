#pragma once
// System instructions (Arm DDI 0553, C2): MRS/MSR for every special register, CPS, SVC, BKPT
// (semihosting on 0xAB), the hints WFI/WFE/SEV (NOP and YIELD are core rows), barriers, CLREX,
// UDF, CLRM (Armv8.1-M) and TT/TTT/TTA/TTAT. Used by cpu/decoder/t16_system.inc and
// t32_system.inc.
//
// Operands conventions: imm holds SYSm [7:0] and, for MSR, the mask in [9:8]; CPS: imm bit 1 = I,
// bit 0 = F, kAlt = disable (CPSID); TT: kAlt = A, imm bit 0 = T; CLRM: imm = register list
// (bit 15 = APSR, bit 14 = LR, bits 12:0 = R0-R12).
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"

namespace corsim::cpu {

class Cpu;

void exec_MRS(Cpu& cpu, const Operands& o);
void exec_MSR(Cpu& cpu, const Operands& o);
void exec_CPS(Cpu& cpu, const Operands& o);
void exec_SVC(Cpu& cpu, const Operands& o);
void exec_BKPT(Cpu& cpu, const Operands& o);
void exec_UDF(Cpu& cpu, const Operands& o);
void exec_WFI(Cpu& cpu, const Operands& o);
void exec_WFE(Cpu& cpu, const Operands& o);
void exec_SEV(Cpu& cpu, const Operands& o);
void exec_hint_nop(Cpu& cpu, const Operands& o);  // other hints execute as NOP
void exec_barrier(Cpu& cpu, const Operands& o);   // DMB, DSB, ISB
void exec_CLREX(Cpu& cpu, const Operands& o);
void exec_CLRM(Cpu& cpu, const Operands& o);
void exec_TT(Cpu& cpu, const Operands& o);

// Special register access shared by MRS/MSR and tests (SYSm numbering of B5.x "MRS").
uint32_t read_special_register(Cpu& cpu, unsigned sysm);
void write_special_register(Cpu& cpu, unsigned sysm, unsigned mask, uint32_t value);

namespace decoder {
std::optional<Operands> sys_none(const Fields& f);
std::optional<Operands> sys_imm(const Fields& f);          // 'i' -> imm
std::optional<Operands> sys_other_hint(const Fields& f);   // hint number 'h' not one of 0..4
std::optional<Operands> sys_mrs(const Fields& f);
std::optional<Operands> sys_msr(const Fields& f);
std::optional<Operands> sys_cps(const Fields& f);
std::optional<Operands> sys_tt(const Fields& f);
std::optional<Operands> sys_clrm(const Fields& f);
}  // namespace decoder

}  // namespace corsim::cpu
