#pragma once
// Branches and control (Arm DDI 0553 C2: B, BL, BX, BLX (register), CBZ/CBNZ, TBB/TBH, IT, NOP,
// YIELD, and the Armv8.1-M low-overhead loops DLS/WLS/LE). Branch offsets in Operands::imm are
// already sign-extended; the target is PC (address + 4) + imm.
#include "cpu/decoder/operands.h"

namespace corsim::cpu {
class Cpu;

void exec_B(Cpu& cpu, const Operands& o);       // unconditional (and B<cond> in an IT block)
void exec_Bcond(Cpu& cpu, const Operands& o);   // B<cond> T1/T3: condition in o.cond
void exec_BL(Cpu& cpu, const Operands& o);
void exec_BX(Cpu& cpu, const Operands& o);
void exec_BLX(Cpu& cpu, const Operands& o);
void exec_BXNS(Cpu& cpu, const Operands& o);
void exec_BLXNS(Cpu& cpu, const Operands& o);
void exec_CBZ(Cpu& cpu, const Operands& o);     // kAlt: CBNZ
void exec_TBB(Cpu& cpu, const Operands& o);
void exec_TBH(Cpu& cpu, const Operands& o);
void exec_IT(Cpu& cpu, const Operands& o);      // cond = firstcond, imm = mask
void exec_NOP(Cpu& cpu, const Operands& o);     // NOP, YIELD
void exec_DLS(Cpu& cpu, const Operands& o);
void exec_WLS(Cpu& cpu, const Operands& o);     // imm = forward offset
void exec_LE(Cpu& cpu, const Operands& o);      // imm = backward offset; kAlt: LE without LR (loop forever)
// Tail-predicated loop instructions (DLSTP/WLSTP/LETP/LCTP), defined with the MVE handlers
// (cpu/isa/mve/loop_tp.cpp, docs/mve.md). shift_n = log2 of the element size.
void exec_DLSTP(Cpu& cpu, const Operands& o);
void exec_WLSTP(Cpu& cpu, const Operands& o);   // imm = forward offset
void exec_LETP(Cpu& cpu, const Operands& o);    // imm = backward offset
void exec_LCTP(Cpu& cpu, const Operands& o);
// LE with MVE: false (INVSTATE raised) when FPSCR.LTPSIZE != 4 in an active FP context.
bool le_ltpsize_ok(Cpu& cpu);

}  // namespace corsim::cpu
