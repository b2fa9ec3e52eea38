#pragma once
// MVE integer instructions outside the element-wise scheme of int_exec.h: complex add (VCADD,
// VHCADD), add/subtract with carry (VADC, VADCI, VSBC, VSBCI), bit reverse and shift right
// (VBRSR) and the incrementing/decrementing duplicates (VIDUP, VDDUP, VIWDUP, VDWDUP) (Arm DDI
// 0553, C2, the instruction pages of those names). Templates instantiated in
// cpu/isa/mve/int_complex_add.cpp and int_carry_dup.cpp for the rows at the end of
// cpu/decoder/mve_int.inc (decode functions: mvi::vec3, mvi::vidup in mve_int_decls.h).
//
// Operands (mve_common.h conventions):
//   rd   Qd;  rn   Qn, or Rn of VIDUP/VDDUP/VIWDUP/VDWDUP (the running offset)
//   rm   Qm, or Rm of VBRSR and VIWDUP/VDWDUP (the wrap limit)
//   imm  VIDUP-family increment (1, 2, 4, 8)
//   shift_n / shift_t  element size and type (disassembly only; handlers know them as template
//                      arguments)
#include <cstdint>

#include "cpu/decoder/operands.h"

namespace corsim::cpu {
class Cpu;
}

namespace corsim::cpu::mve {

// VCADD #90/#270 (wrapping) and VHCADD #90/#270 (signed, halving).
template <class T, bool Rot270> void exec_VCADD(Cpu&, const Operands&);
template <class T, bool Rot270> void exec_VHCADD(Cpu&, const Operands&);

// VADC/VADCI/VSBC/VSBCI: 32-bit add (or add of NOT Qm) with the carry chained across the active
// elements; carry in FPSCR.C (or 0 / 1 for the I forms), carry out to FPSCR.C with N, Z, V clear.
template <bool Sub, bool Init> void exec_VADC(Cpu&, const Operands&);
// VBRSR: each element's low Rm[7:0] bits, bit-reversed.
template <class T> void exec_VBRSR(Cpu&, const Operands&);
// VIDUP/VDDUP (Wrap = false) and VIWDUP/VDWDUP: Qd[e] = offset, offset steps by imm (wrapping
// at Rm for the W forms); Rn = the final offset.
template <class T, bool Dec, bool Wrap> void exec_VIDUP(Cpu&, const Operands&);

}  // namespace corsim::cpu::mve
