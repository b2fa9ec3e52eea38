#pragma once
// The Armv8.1-M PACBTI extension (Arm DDI 0553, the PACBTI additions: PAC, PACBTI, BTI, AUT,
// PACG, AUTG, BXAUT, the PAC_KEY_P_n/PAC_KEY_U_n special registers). Rows: cpu/decoder/
// t32_pacbti.inc; docs/cpu.md "PACBTI" gives the rules and their sources.
//
// Without the extension (CpuConfig::pacbti false, the Cortex-M55) the hint-space forms PAC,
// PACBTI, BTI and AUT execute as NOPs, and PACG, AUTG, BXAUT and MRS/MSR of a PAC key are
// UNDEFINED: the decode is the same for both cores, the handlers look at the configuration.
//
// Operands: PACG Rd, Rn, Rm -> rd, rn, rm; AUTG/BXAUT Rt, Rn, Rm -> rd = Rt (the PAC), rn (the
// value authenticated; BXAUT's branch target), rm (the modifier). MRS/MSR (PAC key): imm = SYSm
// (bit 7 = the _NS alias, bit 2 = U key, bits 1:0 = key word), rd / rn as MRS/MSR.
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"

namespace corsim::cpu {

class Cpu;

void exec_PAC(Cpu& cpu, const Operands& o);
void exec_PACBTI(Cpu& cpu, const Operands& o);
void exec_BTI(Cpu& cpu, const Operands& o);
void exec_AUT(Cpu& cpu, const Operands& o);
void exec_PACG(Cpu& cpu, const Operands& o);
void exec_AUTG(Cpu& cpu, const Operands& o);
void exec_BXAUT(Cpu& cpu, const Operands& o);
void exec_MRS_pac_key(Cpu& cpu, const Operands& o);
void exec_MSR_pac_key(Cpu& cpu, const Operands& o);

namespace decoder {
std::optional<Operands> pacbti_hint(const Fields& f);    // no operands (R12, LR, SP are implicit)
std::optional<Operands> pacbti_dnm(const Fields& f);     // PACG: 'd', 'n', 'm'
std::optional<Operands> pacbti_tnm(const Fields& f);     // AUTG, BXAUT: 't', 'n', 'm'
std::optional<Operands> pacbti_mrs_key(const Fields& f);  // 'd', SYSm from 'N' and 'k'
std::optional<Operands> pacbti_msr_key(const Fields& f);  // 'n', SYSm from 'N' and 'k'
}  // namespace decoder

}  // namespace corsim::cpu
