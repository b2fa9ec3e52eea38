#pragma once
// Disassembly keys of the MVE (Helium) rows (cpu/decoder/mve_*.inc), called by the core formatter
// (cpu/disasm/disasm.cpp) for keys it does not know. objdump (GNU) spelling. They read the MVE
// operand convention of cpu/isa/mve/mve_common.h (rd/rn/rm/ra registers, shift_n = log2 element
// bytes, shift_t = MveType, cond = comparison, imm = immediate/index/offset/mask):
//   {Qd} {Qn} {Qm} {Qa}  q registers rd rn rm ra
//   {dt}                 data type suffix from shift_t and shift_n: "s16", "u8", "i32", "f16", "p8";
//                        untyped (kMveUntyped): the size only, "32"
//   {sz}                 element size in bits: 8 16 32 64
//   {Qd2} {Qd4}          register lists "{q0, q1}" / "{q4, q5, q6, q7}" starting at rd
//   {qmem}               [Rn, #+-imm] / [Rn, #+-imm]! / [Rn], #+-imm  (kIndex/kAdd/kWback, rn core)
//   {qmemo}              [Rn, Qm] / [Rn, Qm, uxtw #imm]  (gather/scatter, imm = scale shift)
//   {qmemq}              [Qn, #+-imm] / [Qn, #+-imm]!  (vector base, rn = Qn)
//   {vcond}              comparison condition from cond: eq ne cs hi ge lt gt le
//   {vpm}                VPT/VPST then/else letters from the 4-bit mask in imm ("tte")
//   {zm}                 scalar operand of a compare: core register rm, "zr" for 15
//   {Dlane}              VMOV lane as objdump prints it: d<2*rn + half>[index in D] (imm = lane
//                        index in Q<rn>, shift_n = size)
//   {imm2}               imm + 2 (VMOV two lanes: "q0[2], q0[0]")
//   {vsysreg}            VLDR/VSTR (System Register) register from ra (fpscr, vpr, p0, fpcxts, ...)
// VPT-block suffixes ("vaddt") are not printed: the formatter sees one instruction, objdump follows
// VPT blocks; tests pad VPT/VPST with NOPs (docs/mve.md).
#include <optional>
#include <string>
#include <string_view>

#include "cpu/decoder/operands.h"

namespace corsim::cpu::disasm {

std::optional<std::string> format_mve_key(std::string_view key, const Operands& o);

}  // namespace corsim::cpu::disasm
