#pragma once
// Multiply and divide (Arm DDI 0553 C2: MUL, MLA, MLS, SMULL, UMULL, SMLAL, UMLAL, SDIV, UDIV).
// Long forms: RdLo = rd, RdHi = ra.
#include "cpu/decoder/operands.h"

namespace corsim::cpu {
class Cpu;

void exec_MUL(Cpu& cpu, const Operands& o);  // setflags per Operands (MULS T1: N, Z only)
void exec_MLA(Cpu& cpu, const Operands& o);
void exec_MLS(Cpu& cpu, const Operands& o);
void exec_SMULL(Cpu& cpu, const Operands& o);
void exec_UMULL(Cpu& cpu, const Operands& o);
void exec_SMLAL(Cpu& cpu, const Operands& o);
void exec_UMLAL(Cpu& cpu, const Operands& o);
void exec_SDIV(Cpu& cpu, const Operands& o);
void exec_UDIV(Cpu& cpu, const Operands& o);

}  // namespace corsim::cpu
