#pragma once
// Data-processing instructions (Arm DDI 0553, C2 "Instruction Specification": ADD, ADC, AND, BIC,
// CMN, CMP, EOR, MOV, MVN, ORN, ORR, RSB, SBC, SUB, TEQ, TST in their immediate, register and
// shifted-register forms; shifts by register; ADR; MOVW/MOVT; bitfields; extends; reverses; CLZ;
// the Armv8.1-M conditional selects). One handler serves every encoding width (Operands).
#include "cpu/decoder/operands.h"

namespace corsim::cpu {
class Cpu;

enum class AluOp : uint8_t { And, Bic, Orr, Orn, Eor, Add, Adc, Sub, Sbc, Rsb, Mov, Mvn, Tst, Teq, Cmp, Cmn };

// <op> (register): operand 2 is Shift_C(R[m], shift_t, shift_n, APSR.C).
template <AluOp op> void exec_alu_reg(Cpu& cpu, const Operands& o);
// <op> (immediate): operand 2 is o.imm; the shifter carry is the ThumbExpandImm_C carry when
// kCarryValid is set, else APSR.C.
template <AluOp op> void exec_alu_imm(Cpu& cpu, const Operands& o);

void exec_shift_reg(Cpu& cpu, const Operands& o);   // LSL/LSR/ASR/ROR (register): R[m]<7:0>
void exec_ADR(Cpu& cpu, const Operands& o);         // Align(PC,4) +/- imm (kAdd)
void exec_MOVT(Cpu& cpu, const Operands& o);
void exec_BFI(Cpu& cpu, const Operands& o);         // lsb = shift_n, width = imm; rn == 15: BFC
void exec_UBFX(Cpu& cpu, const Operands& o);
void exec_SBFX(Cpu& cpu, const Operands& o);
void exec_SXTB(Cpu& cpu, const Operands& o);        // rotation = shift_n
void exec_SXTH(Cpu& cpu, const Operands& o);
void exec_UXTB(Cpu& cpu, const Operands& o);
void exec_UXTH(Cpu& cpu, const Operands& o);
void exec_REV(Cpu& cpu, const Operands& o);
void exec_REV16(Cpu& cpu, const Operands& o);
void exec_REVSH(Cpu& cpu, const Operands& o);
void exec_RBIT(Cpu& cpu, const Operands& o);
void exec_CLZ(Cpu& cpu, const Operands& o);
void exec_CSEL(Cpu& cpu, const Operands& o);        // rn/rm 15 read as zero (ZR)
void exec_CSINC(Cpu& cpu, const Operands& o);
void exec_CSINV(Cpu& cpu, const Operands& o);
void exec_CSNEG(Cpu& cpu, const Operands& o);

#define CORSIM_ALU_EXTERN(op)                                          \
  extern template void exec_alu_reg<AluOp::op>(Cpu&, const Operands&); \
  extern template void exec_alu_imm<AluOp::op>(Cpu&, const Operands&);
CORSIM_ALU_EXTERN(And) CORSIM_ALU_EXTERN(Bic) CORSIM_ALU_EXTERN(Orr) CORSIM_ALU_EXTERN(Orn)
CORSIM_ALU_EXTERN(Eor) CORSIM_ALU_EXTERN(Add) CORSIM_ALU_EXTERN(Adc) CORSIM_ALU_EXTERN(Sub)
CORSIM_ALU_EXTERN(Sbc) CORSIM_ALU_EXTERN(Rsb) CORSIM_ALU_EXTERN(Mov) CORSIM_ALU_EXTERN(Mvn)
CORSIM_ALU_EXTERN(Tst) CORSIM_ALU_EXTERN(Teq) CORSIM_ALU_EXTERN(Cmp) CORSIM_ALU_EXTERN(Cmn)
#undef CORSIM_ALU_EXTERN

}  // namespace corsim::cpu
