#pragma once
// MVE integer reductions: add across vector, maximum/minimum across vector, absolute difference
// and multiply-accumulate reductions (Arm DDI 0553, C2 "VADDV" ... "VRMLSLDAVH"; docs/mve.md
// "Reductions"). Handlers are templates instantiated in cpu/isa/mve/reduce_{add,minmax,mac}.cpp
// for the rows of cpu/decoder/mve_reduce.inc (decode functions: mve_reduce_decls.h).
//
// Operands (mve_common.h conventions):
//   rd   Rda / RdaLo (core register)
//   ra   RdaHi (core register) of the 64-bit reductions
//   rn   Qn;  rm   Qm
//   shift_n / shift_t  element size and type (disassembly only; handlers know them as template
//                      arguments)
// Accumulate (A), exchange (X), subtract and signedness are template arguments: every
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

}  // namespace corsim::cpu::mve
