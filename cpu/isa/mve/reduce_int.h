#pragma once
// MVE integer reductions, multiply-accumulate reductions, complex add, add with carry, VBRSR and
// the incrementing/decrementing duplicates (issue 3 item 2, the "int2" group; docs/mve.md
// "Reductions and the rest of the integer set"). Handlers are templates instantiated in
// cpu/isa/mve/{reduce,mac,complex_int,misc_int}_*.cpp for the rows of cpu/decoder/mve_int2.inc.
//
// Operands (mve_common.h conventions):
//   rd   Rda / RdaLo (core register) of reductions, Qd of vector results
//   ra   RdaHi (core register) of the 64-bit reductions
//   rn   Qn; Rn of VIDUP/VDDUP/VIWDUP/VDWDUP (the running offset)
//   rm   Qm; Rm of VBRSR and VIWDUP/VDWDUP (the wrap limit)
//   imm  VIDUP-family increment (1, 2, 4, 8)
//   shift_n / shift_t  element size and type (disassembly only; handlers know them as template
//                      arguments)
// Accumulate (A), exchange (X), subtract, rotation and signedness are template arguments: every
// combination is its own table row, so a handler has no run-time variant switches.
#include <cstdint>

#include "cpu/decoder/operands.h"

namespace corsim::cpu {
class Cpu;
}

namespace corsim::cpu::mve {

// VADDV{A}: Rda = (A ? Rda : 0) + sum of the active elements (sign or zero extended), mod 2^32.
template <class T, bool Acc> void exec_VADDV(Cpu&, const Operands&);
// VADDLV{A}: RdaHi:RdaLo = (A ? RdaHi:RdaLo : 0) + sum of the active 32-bit elements, mod 2^64.
template <bool Unsigned, bool Acc> void exec_VADDLV(Cpu&, const Operands&);
// VMAXV/VMINV: Rda = max/min(Rda as an element, active elements), sign or zero extended.
template <class T, bool Min> void exec_VMAXV(Cpu&, const Operands&);
// VMAXAV/VMINAV: Rda = max/min(unsigned Rda as an element, |active elements|), zero extended.
template <class T, bool Min> void exec_VMAXAV(Cpu&, const Operands&);
// VABAV: Rda += sum of |Qn[e] - Qm[e]| over the active elements.
template <class T> void exec_VABAV(Cpu&, const Operands&);

// VMLADAV{A}{X} / VMLSDAV{A}{X}: Rda = (A ? Rda : 0) + sum of Qn[e'] * Qm[e] (e' = e ^ X);
// VMLSDAV subtracts the products of odd elements. 32-bit result.
template <class T, bool Sub, bool Acc, bool Exch> void exec_VMLADAV(Cpu&, const Operands&);
// VMLALDAV / VMLSLDAV: the same into RdaHi:RdaLo (64 bits).
template <class T, bool Sub, bool Acc, bool Exch> void exec_VMLALDAV(Cpu&, const Operands&);
// VRMLALDAVH / VRMLSLDAVH: 32-bit elements, a 72-bit sum (accumulator << 8), rounded and the
// top 64 bits [71:8] written to RdaHi:RdaLo.
template <bool Unsigned, bool Sub, bool Acc, bool Exch> void exec_VRMLALDAVH(Cpu&, const Operands&);

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
