#pragma once
// Declarations for cpu/decoder/mve_fp.inc: the MVE floating-point rows (docs/mve.md "Floating
// point"). Decode functions: cpu/isa/mve/fp_decode.h and the conversion forms below.
//
// Every row's decode function names its element size (and type) as template arguments, and the
// template prints them with {dt} (cpu/disasm/mve_disasm.cpp), never as text: `mvefp_qqq<1>` with
// "vadd.{dt}" prints vadd.f16.
#include <optional>

#include "cpu/decoder/pattern.h"
#include "cpu/isa/mve/fp_decode.h"
#include "cpu/isa/mve/fp_handlers.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::decoder {

// VCVT between floating point and integer (Arm DDI 0553, "VCVT (between floating-point and
// integer)", VCVTA/VCVTN/VCVTP/VCVTM): Qd, Qm with elements of 2^kLog2 bytes on both sides. The
// operands carry the integer side's type (kMveS or kMveU) for {dt}, so a row's template prints
// "vcvt.f{sz}.{dt}" (from integer) or "vcvt.{dt}.f{sz}" (to integer); the handlers read the
// signedness as kAlt (set = unsigned). kRmode: the rounding mode of VCVTA/N/P/M (imm, as
// mvefp_qq's kImm; fp_handlers.h).
template <unsigned kLog2, mve::MveType kIntType, uint32_t kRmode = 0>
inline std::optional<Operands> mvefp_cvt(const Fields& f) {
  static_assert(kIntType == mve::kMveS || kIntType == mve::kMveU);
  auto o = mvefp_qq<kLog2, kRmode, kIntType == mve::kMveU ? kAlt : 0>(f);
  if (o) o->shift_t = kIntType;
  return o;
}

// VCVT between floating point and fixed point ("VCVT (between floating-point and fixed-point)"):
// as mvefp_cvt, with imm = fbits (1 .. element bits).
template <unsigned kLog2, mve::MveType kIntType>
inline std::optional<Operands> mvefp_cvt_fixed(const Fields& f) {
  static_assert(kIntType == mve::kMveS || kIntType == mve::kMveU);
  auto o = mvefp_fixed<kLog2, 8u << kLog2, kIntType == mve::kMveU ? kAlt : 0>(f);
  if (o) o->shift_t = kIntType;
  return o;
}

}  // namespace corsim::cpu::decoder
