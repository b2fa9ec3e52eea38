#pragma once
// Decode functions for cpu/decoder/mve_reduce.inc: MVE reductions and multiply-accumulate
// reductions (handlers in cpu/isa/mve/reduce.h; docs/mve.md "Reductions").
//
// UNDEFINED choices (as QEMU 7.2 decodes them): a Q register number above 7 (the D/N/M bit set)
// matches no row; Rda = SP or PC of VMAXV/VMINV/VMAXAV/VMINAV/VABAV, RdaHi = SP of the 64-bit
// reductions are CONSTRAINED UNPREDICTABLE and decode as UNDEFINED; RdaHi = PC is the 32-bit form
// (an earlier row); size 11 belongs to other rows (VADC/VSBC, the FP across-vector forms) or is
// UNDEFINED.
#include <optional>

#include "cpu/decoder/encoding.h"
#include "cpu/isa/mve/mve_common.h"
#include "cpu/isa/mve/reduce.h"

namespace corsim::cpu::decoder::mve2 {

using Opt = std::optional<Operands>;

inline Operands typed(unsigned size_log2, mve::MveType type) {
  Operands o;
  o.shift_n = static_cast<uint8_t>(size_log2);
  o.shift_t = type;
  return o;
}

// Across-vector with a 32-bit result in Rda = lll:0 (VADDV, VMLADAV, VMLSDAV) or RdaLo = lll:0,
// RdaHi = hhh:1 (VADDLV, VMLALDAV, VMLSLDAV, VRMLALDAVH, VRMLSLDAVH). Qn (nnn) only in the
// multiply forms.
template <unsigned Size, mve::MveType Type>
Opt across(const Fields& f) {
  Operands o = typed(Size, Type);
  o.rd = static_cast<uint8_t>(f('l') * 2);
  if (f.size('h')) {
    o.ra = static_cast<uint8_t>(f('h') * 2 + 1);
    if (o.ra == 13 || o.ra == 15) return std::nullopt;  // SP: UNPREDICTABLE; PC: the 32-bit row
  }
  if (f.size('n')) o.rn = static_cast<uint8_t>(f('n'));
  o.rm = static_cast<uint8_t>(f('m'));
  return o;
}

// Across-vector with Rda in a 4-bit field rrrr (VMAXV family, VABAV).
template <unsigned Size, mve::MveType Type>
Opt across_rda(const Fields& f) {
  Operands o = typed(Size, Type);
  o.rd = static_cast<uint8_t>(f('r'));
  if (o.rd == 13 || o.rd == 15) return std::nullopt;
  if (f.size('n')) o.rn = static_cast<uint8_t>(f('n'));
  o.rm = static_cast<uint8_t>(f('m'));
  return o;
}

}  // namespace corsim::cpu::decoder::mve2

