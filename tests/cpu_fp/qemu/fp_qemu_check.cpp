// Host side of the QEMU cross-check: reads the lines printed by fp_qemu_main.c (one execution of a
// VFP/MVE instruction on QEMU's Cortex-M55 each) and recomputes every one with corsim_cpu_fp, the
// way the instruction handlers will call it (Armv8.1-M Arm ARM instruction pseudocode). Exits 1 on
// any difference in the destination register or in FPSCR, or if the output is incomplete.
#include "cpu/fp/fp.h"

extern "C" {
#include "tests/cpu_fp/qemu/fp_qemu_ops.h"
}

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace corsim::cpu::fp {
namespace {

constexpr const char* kNames[] = {
#define CORSIM_FP_QEMU_NAME(name, layout, src, dst, out, insn) insn,
    CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_NAME)
#undef CORSIM_FP_QEMU_NAME
};
constexpr int kSrcs[] = {
#define CORSIM_FP_QEMU_SRC(name, layout, src, dst, out, insn) src,
    CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_SRC)
#undef CORSIM_FP_QEMU_SRC
};
constexpr int kDsts[] = {
#define CORSIM_FP_QEMU_DST(name, layout, src, dst, out, insn) dst,
    CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_DST)
#undef CORSIM_FP_QEMU_DST
};
constexpr int kLayouts[] = {
#define CORSIM_FP_QEMU_LAYOUT(name, layout, src, dst, out, insn) layout,
    CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_LAYOUT)
#undef CORSIM_FP_QEMU_LAYOUT
};

struct Line {
  unsigned op;
  uint32_t fpscr;
  uint64_t a, b, c, result;
  uint32_t fpscr_out;
};

struct Expect {
  uint64_t result = 0;
  uint64_t mask = 0;  // bits of d2 the instruction defines
  uint32_t nzcv = 0;
  bool sets_nzcv = false;
  uint32_t flags = 0;
};

using H = uint16_t;
using S = uint32_t;
using D = uint64_t;

// Half-precision data processing writes Zeros(16):result (Armv8.1-M, e.g. VADD (floating-point)).
uint64_t h32(H v) { return v; }
// VCVT (between floating-point and fixed-point): FixedToFP always rounds to nearest, ties to even
// (FPRounding_TIEEVEN), whatever FPSCR.RMode says; FPToFixed rounds towards zero.
constexpr Rounding kFixedToFp = Rounding::kTieEven;

uint64_t sext32(uint64_t v, unsigned width) {
  const uint64_t m = uint64_t(1) << (width - 1);
  v &= (m << 1) - 1;
  return uint32_t((v ^ m) - m);
}

Expect dbl(unsigned op, const Line& l);

Expect scalar(unsigned op, const Line& l) {
  FpEnv env = FpEnv::from_fpscr(l.fpscr);
  const S a = S(l.a), b = S(l.b), c = S(l.c);
  const H ah = H(l.a), bh = H(l.b), ch = H(l.c);
  Expect e;
  e.mask = 0xFFFFFFFFull;
  uint64_t& r = e.result;
  auto cmp = [&](uint32_t nzcv) { e.sets_nzcv = true; e.nzcv = nzcv; e.mask = 0; };
  const Rounding rm = env.rounding;
  switch (op) {
    case OP_VADD_F32: r = add<S>(a, b, env); break;
    case OP_VSUB_F32: r = sub<S>(a, b, env); break;
    case OP_VMUL_F32: r = mul<S>(a, b, env); break;
    case OP_VDIV_F32: r = div<S>(a, b, env); break;
    case OP_VSQRT_F32: r = fp::sqrt<S>(a, env); break;
    case OP_VFMA_F32: r = mul_add<S>(c, a, b, env); break;
    case OP_VFMS_F32: r = mul_add<S>(c, neg<S>(a), b, env); break;
    case OP_VFNMA_F32: r = mul_add<S>(neg<S>(c), neg<S>(a), b, env); break;
    case OP_VFNMS_F32: r = mul_add<S>(neg<S>(c), a, b, env); break;
    case OP_VMLA_F32: r = add<S>(c, mul<S>(a, b, env), env); break;
    case OP_VMLS_F32: r = add<S>(c, neg<S>(mul<S>(a, b, env)), env); break;
    case OP_VNMLA_F32: r = add<S>(neg<S>(c), neg<S>(mul<S>(a, b, env)), env); break;
    case OP_VNMLS_F32: r = add<S>(neg<S>(c), mul<S>(a, b, env), env); break;
    case OP_VNMUL_F32: r = neg<S>(mul<S>(a, b, env)); break;
    case OP_VABS_F32: r = abs<S>(a); break;
    case OP_VNEG_F32: r = neg<S>(a); break;
    case OP_VCMP_F32: cmp(compare<S>(a, b, false, env)); break;
    case OP_VCMPE_F32: cmp(compare<S>(a, b, true, env)); break;
    case OP_VCMPE0_F32: cmp(compare<S>(a, 0, true, env)); break;
    case OP_VMAXNM_F32: r = max_num<S>(a, b, env); break;
    case OP_VMINNM_F32: r = min_num<S>(a, b, env); break;
    case OP_VRINTR_F32: r = round_int<S>(a, rm, false, env); break;
    case OP_VRINTX_F32: r = round_int<S>(a, rm, true, env); break;
    case OP_VRINTZ_F32: r = round_int<S>(a, Rounding::kZero, false, env); break;
    case OP_VRINTA_F32: r = round_int<S>(a, Rounding::kTieAway, false, env); break;
    case OP_VRINTN_F32: r = round_int<S>(a, Rounding::kTieEven, false, env); break;
    case OP_VRINTP_F32: r = round_int<S>(a, Rounding::kPosInf, false, env); break;
    case OP_VRINTM_F32: r = round_int<S>(a, Rounding::kNegInf, false, env); break;
    case OP_VCVT_S32_F32: r = to_fixed<S>(a, 32, 0, false, Rounding::kZero, env); break;
    case OP_VCVT_U32_F32: r = to_fixed<S>(a, 32, 0, true, Rounding::kZero, env); break;
    case OP_VCVTR_S32_F32: r = to_fixed<S>(a, 32, 0, false, rm, env); break;
    case OP_VCVTR_U32_F32: r = to_fixed<S>(a, 32, 0, true, rm, env); break;
    case OP_VCVTA_S32_F32: r = to_fixed<S>(a, 32, 0, false, Rounding::kTieAway, env); break;
    case OP_VCVTN_S32_F32: r = to_fixed<S>(a, 32, 0, false, Rounding::kTieEven, env); break;
    case OP_VCVTP_U32_F32: r = to_fixed<S>(a, 32, 0, true, Rounding::kPosInf, env); break;
    case OP_VCVTM_S32_F32: r = to_fixed<S>(a, 32, 0, false, Rounding::kNegInf, env); break;
    case OP_VCVT_F32_S32: r = from_fixed<S>(a, 32, 0, false, rm, env); break;
    case OP_VCVT_F32_U32: r = from_fixed<S>(a, 32, 0, true, rm, env); break;
    // Fixed point: in place (the input is the old destination), float->fixed rounds towards zero,
    // a 16-bit result is sign/zero-extended.
    case OP_VCVT_S32_F32_X16: r = to_fixed<S>(c, 32, 16, false, Rounding::kZero, env); break;
    case OP_VCVT_S32_F32_X32: r = to_fixed<S>(c, 32, 32, false, Rounding::kZero, env); break;
    case OP_VCVT_U16_F32_X8: r = to_fixed<S>(c, 16, 8, true, Rounding::kZero, env) & 0xFFFF; break;
    case OP_VCVT_S16_F32_X3: r = sext32(to_fixed<S>(c, 16, 3, false, Rounding::kZero, env), 16); break;
    case OP_VCVT_F32_S32_X16: r = from_fixed<S>(c, 32, 16, false, kFixedToFp, env); break;
    case OP_VCVT_F32_U32_X1: r = from_fixed<S>(c, 32, 1, true, kFixedToFp, env); break;
    case OP_VCVT_F32_S16_X4: r = from_fixed<S>(c, 16, 4, false, kFixedToFp, env); break;
    case OP_VCVTB_F16_F32: r = (c & 0xFFFF0000u) | convert<H, S>(a, rm, env); break;
    case OP_VCVTT_F16_F32: r = (c & 0xFFFFu) | (uint64_t(convert<H, S>(a, rm, env)) << 16); break;
    case OP_VCVTB_F32_F16: r = convert<S, H>(ah, rm, env); break;
    case OP_VCVTT_F32_F16: r = convert<S, H>(H(a >> 16), rm, env); break;
    case OP_VADD_F16: r = h32(add<H>(ah, bh, env)); break;
    case OP_VSUB_F16: r = h32(sub<H>(ah, bh, env)); break;
    case OP_VMUL_F16: r = h32(mul<H>(ah, bh, env)); break;
    case OP_VDIV_F16: r = h32(div<H>(ah, bh, env)); break;
    case OP_VSQRT_F16: r = h32(fp::sqrt<H>(ah, env)); break;
    case OP_VFMA_F16: r = h32(mul_add<H>(ch, ah, bh, env)); break;
    case OP_VFNMS_F16: r = h32(mul_add<H>(neg<H>(ch), ah, bh, env)); break;
    case OP_VMLA_F16: r = h32(add<H>(ch, mul<H>(ah, bh, env), env)); break;
    case OP_VNMUL_F16: r = h32(neg<H>(mul<H>(ah, bh, env))); break;
    case OP_VABS_F16: r = h32(abs<H>(ah)); break;
    case OP_VNEG_F16: r = h32(neg<H>(ah)); break;
    case OP_VCMPE_F16: cmp(compare<H>(ah, bh, true, env)); break;
    case OP_VCMP_F16: cmp(compare<H>(ah, bh, false, env)); break;
    case OP_VMAXNM_F16: r = h32(max_num<H>(ah, bh, env)); break;
    case OP_VMINNM_F16: r = h32(min_num<H>(ah, bh, env)); break;
    case OP_VRINTX_F16: r = h32(round_int<H>(ah, rm, true, env)); break;
    case OP_VRINTA_F16: r = h32(round_int<H>(ah, Rounding::kTieAway, false, env)); break;
    case OP_VCVT_S32_F16: r = to_fixed<H>(ah, 32, 0, false, Rounding::kZero, env); break;
    case OP_VCVTR_U32_F16: r = to_fixed<H>(ah, 32, 0, true, rm, env); break;
    case OP_VCVT_F16_S32: r = h32(from_fixed<H>(a, 32, 0, false, rm, env)); break;
    case OP_VCVT_F16_U32: r = h32(from_fixed<H>(a, 32, 0, true, rm, env)); break;
    case OP_VCVT_S32_F16_X8: r = to_fixed<H>(ch, 32, 8, false, Rounding::kZero, env); break;
    case OP_VCVT_F16_S32_X8: r = h32(from_fixed<H>(c, 32, 8, false, kFixedToFp, env)); break;
    case OP_VFMS_F16: r = h32(mul_add<H>(ch, neg<H>(ah), bh, env)); break;
    case OP_VFNMA_F16: r = h32(mul_add<H>(neg<H>(ch), neg<H>(ah), bh, env)); break;
    case OP_VMLS_F16: r = h32(add<H>(ch, neg<H>(mul<H>(ah, bh, env)), env)); break;
    case OP_VNMLA_F16: r = h32(add<H>(neg<H>(ch), neg<H>(mul<H>(ah, bh, env)), env)); break;
    case OP_VNMLS_F16: r = h32(add<H>(neg<H>(ch), mul<H>(ah, bh, env), env)); break;
    case OP_VCMP0_F16: cmp(compare<H>(ah, 0, false, env)); break;
    case OP_VRINTR_F16: r = h32(round_int<H>(ah, rm, false, env)); break;
    case OP_VRINTZ_F16: r = h32(round_int<H>(ah, Rounding::kZero, false, env)); break;
    case OP_VRINTN_F16: r = h32(round_int<H>(ah, Rounding::kTieEven, false, env)); break;
    case OP_VRINTP_F16: r = h32(round_int<H>(ah, Rounding::kPosInf, false, env)); break;
    case OP_VRINTM_F16: r = h32(round_int<H>(ah, Rounding::kNegInf, false, env)); break;
    case OP_VCVTA_S32_F16: r = to_fixed<H>(ah, 32, 0, false, Rounding::kTieAway, env); break;
    case OP_VCVTN_U32_F16: r = to_fixed<H>(ah, 32, 0, true, Rounding::kTieEven, env); break;
    case OP_VCVTP_S32_F16: r = to_fixed<H>(ah, 32, 0, false, Rounding::kPosInf, env); break;
    case OP_VCVTM_U32_F16: r = to_fixed<H>(ah, 32, 0, true, Rounding::kNegInf, env); break;
    case OP_VCVT_S16_F16_X8: r = sext32(to_fixed<H>(ch, 16, 8, false, Rounding::kZero, env), 16); break;
    case OP_VCVT_U16_F16_X12: r = to_fixed<H>(ch, 16, 12, true, Rounding::kZero, env); break;
    case OP_VCVT_F16_S16_X8: r = h32(from_fixed<H>(c, 16, 8, false, kFixedToFp, env)); break;
    case OP_VCVT_F16_U16_X12: r = h32(from_fixed<H>(c, 16, 12, true, kFixedToFp, env)); break;
    case OP_VCVT_F16_U32_X20: r = h32(from_fixed<H>(c, 32, 20, true, kFixedToFp, env)); break;
    default: return dbl(op, l);  // conversions to double take single/half operands
  }
  e.flags = env.flags;
  return e;
}

Expect dbl(unsigned op, const Line& l) {
  FpEnv env = FpEnv::from_fpscr(l.fpscr);
  const D a = l.a, b = l.b, c = l.c;
  const Rounding rm = env.rounding;
  Expect e;
  e.mask = ~uint64_t(0);
  uint64_t& r = e.result;
  auto cmp = [&](uint32_t nzcv) { e.sets_nzcv = true; e.nzcv = nzcv; e.mask = 0; };
  auto low = [&](uint64_t v) { e.mask = 0xFFFFFFFFull; return v; };
  switch (op) {
    case OP_VADD_F64: r = add<D>(a, b, env); break;
    case OP_VSUB_F64: r = sub<D>(a, b, env); break;
    case OP_VMUL_F64: r = mul<D>(a, b, env); break;
    case OP_VDIV_F64: r = div<D>(a, b, env); break;
    case OP_VSQRT_F64: r = fp::sqrt<D>(a, env); break;
    case OP_VFMA_F64: r = mul_add<D>(c, a, b, env); break;
    case OP_VFNMA_F64: r = mul_add<D>(neg<D>(c), neg<D>(a), b, env); break;
    case OP_VCMP_F64: cmp(compare<D>(a, b, false, env)); break;
    case OP_VCMPE_F64: cmp(compare<D>(a, b, true, env)); break;
    case OP_VMAXNM_F64: r = max_num<D>(a, b, env); break;
    case OP_VMINNM_F64: r = min_num<D>(a, b, env); break;
    case OP_VRINTX_F64: r = round_int<D>(a, rm, true, env); break;
    case OP_VRINTZ_F64: r = round_int<D>(a, Rounding::kZero, false, env); break;
    case OP_VRINTA_F64: r = round_int<D>(a, Rounding::kTieAway, false, env); break;
    case OP_VCVT_S32_F64: r = low(to_fixed<D>(a, 32, 0, false, Rounding::kZero, env)); break;
    case OP_VCVTR_U32_F64: r = low(to_fixed<D>(a, 32, 0, true, rm, env)); break;
    case OP_VCVTM_S32_F64: r = low(to_fixed<D>(a, 32, 0, false, Rounding::kNegInf, env)); break;
    case OP_VCVT_F64_S32: r = from_fixed<D>(a, 32, 0, false, rm, env); break;
    case OP_VCVT_F64_F32: r = convert<D, S>(S(a), rm, env); break;
    case OP_VCVT_F32_F64: r = low(convert<S, D>(a, rm, env)); break;
    case OP_VCVTB_F16_F64: r = low((c & 0xFFFF0000u) | convert<H, D>(a, rm, env)); break;
    case OP_VCVTT_F16_F64: r = low((c & 0xFFFFu) | (uint64_t(convert<H, D>(a, rm, env)) << 16)); break;
    case OP_VCVTB_F64_F16: r = convert<D, H>(H(a), rm, env); break;
    case OP_VCVTT_F64_F16: r = convert<D, H>(H(a >> 16), rm, env); break;
    case OP_VCVT_S32_F64_X16: {
      const uint64_t v = to_fixed<D>(c, 32, 16, false, Rounding::kZero, env);
      r = uint64_t(int64_t(int32_t(uint32_t(v))));  // SignExtend(result, 64)
      break;
    }
    case OP_VFMS_F64: r = mul_add<D>(c, neg<D>(a), b, env); break;
    case OP_VFNMS_F64: r = mul_add<D>(neg<D>(c), a, b, env); break;
    case OP_VMLA_F64: r = add<D>(c, mul<D>(a, b, env), env); break;
    case OP_VMLS_F64: r = add<D>(c, neg<D>(mul<D>(a, b, env)), env); break;
    case OP_VNMLA_F64: r = add<D>(neg<D>(c), neg<D>(mul<D>(a, b, env)), env); break;
    case OP_VNMLS_F64: r = add<D>(neg<D>(c), mul<D>(a, b, env), env); break;
    case OP_VNMUL_F64: r = neg<D>(mul<D>(a, b, env)); break;
    case OP_VABS_F64: r = abs<D>(a); break;
    case OP_VNEG_F64: r = neg<D>(a); break;
    case OP_VCMPE0_F64: cmp(compare<D>(a, 0, true, env)); break;
    case OP_VRINTR_F64: r = round_int<D>(a, rm, false, env); break;
    case OP_VRINTN_F64: r = round_int<D>(a, Rounding::kTieEven, false, env); break;
    case OP_VRINTP_F64: r = round_int<D>(a, Rounding::kPosInf, false, env); break;
    case OP_VRINTM_F64: r = round_int<D>(a, Rounding::kNegInf, false, env); break;
    case OP_VCVT_U32_F64: r = low(to_fixed<D>(a, 32, 0, true, Rounding::kZero, env)); break;
    case OP_VCVTR_S32_F64: r = low(to_fixed<D>(a, 32, 0, false, rm, env)); break;
    case OP_VCVTA_S32_F64: r = low(to_fixed<D>(a, 32, 0, false, Rounding::kTieAway, env)); break;
    case OP_VCVTN_S32_F64: r = low(to_fixed<D>(a, 32, 0, false, Rounding::kTieEven, env)); break;
    case OP_VCVTP_U32_F64: r = low(to_fixed<D>(a, 32, 0, true, Rounding::kPosInf, env)); break;
    case OP_VCVT_F64_U32: r = from_fixed<D>(a, 32, 0, true, rm, env); break;
    // Fixed point into a D register: the size-bit result is sign/zero-extended to 64 bits.
    case OP_VCVT_U16_F64_X8: r = to_fixed<D>(c, 16, 8, true, Rounding::kZero, env); break;
    case OP_VCVT_S16_F64_X2: {
      const uint64_t v = to_fixed<D>(c, 16, 2, false, Rounding::kZero, env);
      r = uint64_t(int64_t(int16_t(uint16_t(v))));
      break;
    }
    case OP_VCVT_U32_F64_X32: r = to_fixed<D>(c, 32, 32, true, Rounding::kZero, env); break;
    case OP_VCVT_F64_S16_X4: r = from_fixed<D>(c, 16, 4, false, kFixedToFp, env); break;
    case OP_VCVT_F64_U32_X8: r = from_fixed<D>(c, 32, 8, true, kFixedToFp, env); break;
    default: break;
  }
  e.flags = env.flags;
  return e;
}

// MVE: every lane under StandardFPSCRValue(); q0 = s0-s3, q1 = s4-s7, q2 = s8-s11 as loaded.
// In the instruction table q0 is Qn/Qm (a), q2 is Qm (b) and q1 is Qd/Qda (c).
Expect mve(unsigned op, const Line& l) {
  FpEnv env = FpEnv::standard(l.fpscr);
  std::array<uint32_t, 12> s{};
  s[0] = uint32_t(l.a);
  s[8] = uint32_t(l.b);
  s[4] = uint32_t(l.c);
  constexpr Rounding kRn = Rounding::kTieEven;  // StandardFPSCRValue().RMode
  // MVE VCMP (floating point): FPCompare signalling on every NaN, then the condition.
  auto cmp = [&](auto x, auto y, CmpCond c) -> decltype(x) {
    return compare_cond<decltype(x)>(x, y, c, env) ? 0xFF : 0;
  };
  auto lane32 = [&](S a, S b, S d) -> S {
    switch (op) {
      case OP_MVE_VADD_F32: return add<S>(a, b, env);
      case OP_MVE_VSUB_F32: return sub<S>(a, b, env);
      case OP_MVE_VMUL_F32: return mul<S>(a, b, env);
      case OP_MVE_VFMA_F32: return mul_add<S>(d, a, b, env);
      case OP_MVE_VFMS_F32: return mul_add<S>(d, neg<S>(a), b, env);
      case OP_MVE_VMAXNM_F32: return max_num<S>(a, b, env);
      case OP_MVE_VMINNM_F32: return min_num<S>(a, b, env);
      case OP_MVE_VMAXNMA_F32: return max_num<S>(abs<S>(d), abs<S>(a), env);
      case OP_MVE_VMINNMA_F32: return min_num<S>(abs<S>(d), abs<S>(a), env);
      case OP_MVE_VABD_F32: return abs<S>(sub<S>(a, b, env));
      case OP_MVE_VRINTX_F32: return round_int<S>(a, kRn, true, env);
      case OP_MVE_VRINTZ_F32: return round_int<S>(a, Rounding::kZero, false, env);
      case OP_MVE_VRINTA_F32: return round_int<S>(a, Rounding::kTieAway, false, env);
      case OP_MVE_VRINTM_F32: return round_int<S>(a, Rounding::kNegInf, false, env);
      case OP_MVE_VCVT_S32_F32: return S(to_fixed<S>(a, 32, 0, false, Rounding::kZero, env));
      case OP_MVE_VCVT_S32_F32_X16: return S(to_fixed<S>(a, 32, 16, false, Rounding::kZero, env));
      case OP_MVE_VCVT_F32_S32_X8: return from_fixed<S>(a, 32, 8, false, kRn, env);
      case OP_MVE_VCVT_F32_U32: return from_fixed<S>(a, 32, 0, true, kRn, env);
      case OP_MVE_VCVTA_S32_F32: return S(to_fixed<S>(a, 32, 0, false, Rounding::kTieAway, env));
      case OP_MVE_VCVTM_U32_F32: return S(to_fixed<S>(a, 32, 0, true, Rounding::kNegInf, env));
      case OP_MVE_VCMP_EQ_F32: return cmp(a, b, CmpCond::kEq);
      case OP_MVE_VCMP_NE_F32: return cmp(a, b, CmpCond::kNe);
      case OP_MVE_VCMP_GE_F32: return cmp(a, b, CmpCond::kGe);
      case OP_MVE_VCMP_LT_F32: return cmp(a, b, CmpCond::kLt);
      case OP_MVE_VCMP_GT_F32: return cmp(a, b, CmpCond::kGt);
      default: return cmp(a, b, CmpCond::kLe);
    }
  };
  auto lane16 = [&](H a, H b, H d) -> H {
    switch (op) {
      case OP_MVE_VADD_F16: return add<H>(a, b, env);
      case OP_MVE_VSUB_F16: return sub<H>(a, b, env);
      case OP_MVE_VMUL_F16: return mul<H>(a, b, env);
      case OP_MVE_VFMA_F16: return mul_add<H>(d, a, b, env);
      case OP_MVE_VMAXNM_F16: return max_num<H>(a, b, env);
      case OP_MVE_VMINNMA_F16: return min_num<H>(abs<H>(d), abs<H>(a), env);
      case OP_MVE_VRINTN_F16: return round_int<H>(a, Rounding::kTieEven, false, env);
      case OP_MVE_VCVT_S16_F16: return H(to_fixed<H>(a, 16, 0, false, Rounding::kZero, env));
      case OP_MVE_VCVT_F16_S16: return from_fixed<H>(a, 16, 0, false, kRn, env);
      case OP_MVE_VCMP_EQ_F16: return cmp(a, b, CmpCond::kEq);
      default: return cmp(a, b, CmpCond::kGt);
    }
  };
  const bool half = kSrcs[op] == G_H0 || kDsts[op] == G_H0;
  std::array<uint32_t, 4> out{};
  for (int w = 0; w < 4; ++w) {
    if (half) {
      for (int h = 0; h < 2; ++h) {
        const H v = lane16(H(s[w] >> (16 * h)), H(s[8 + w] >> (16 * h)), H(s[4 + w] >> (16 * h)));
        out[w] |= uint32_t(v) << (16 * h);
      }
    } else {
      out[w] = lane32(s[w], s[8 + w], s[4 + w]);
    }
  }
  Expect e;
  e.result = (uint64_t(out[1]) << 32) | out[0];
  e.mask = ~uint64_t(0);
  e.flags = env.flags;
  return e;
}

// The instruction text on one line ("a; b" for the multi-instruction compare sequences).
std::string op_name(unsigned op) {
  std::string name = kNames[op];
  for (size_t pos; (pos = name.find("\n\t")) != std::string::npos;) name.replace(pos, 2, "; ");
  return name;
}

bool parse(const std::string& text, Line* l) {
  std::istringstream in(text);
  in >> std::hex >> l->op >> l->fpscr >> l->a >> l->b >> l->c >> l->result >> l->fpscr_out;
  return bool(in) && l->op < OP_COUNT;
}

int run(const char* path) {
  std::ifstream in(path);
  if (!in) {
    fmt::print(stderr, "fp_qemu_check: cannot read {}\n", path);
    return 2;
  }
  std::map<unsigned, std::pair<int, int>> per_op;  // op -> (checked, mismatches)
  std::string text;
  bool done = false;
  int lines = 0, mismatches = 0, shown = 0;
  while (std::getline(in, text)) {
    if (text == "done") {
      done = true;
      break;
    }
    Line l{};
    if (!parse(text, &l)) continue;
    ++lines;
    const int layout = kLayouts[l.op];
    const Expect e = layout == L_S ? scalar(l.op, l) : layout == L_D ? dbl(l.op, l) : mve(l.op, l);
    // FPSCR after: the flags OR-ed in, NZCV replaced by compares, the rest (LTPSIZE too) unchanged.
    uint32_t want_fpscr = l.fpscr | e.flags;
    if (e.sets_nzcv) want_fpscr = (want_fpscr & 0x0FFFFFFFu) | (e.nzcv << 28);
    const uint32_t got_fpscr = l.fpscr_out;
    auto& counts = per_op[l.op];
    ++counts.first;
    if ((l.result & e.mask) != (e.result & e.mask) || got_fpscr != want_fpscr) {
      ++mismatches;
      ++counts.second;
      if (shown++ < 40) {
        fmt::print("MISMATCH {:<28} fpscr={:08x} a={:x} b={:x} c={:x}: qemu {:x} fpscr {:08x}, "
                   "corsim {:x} fpscr {:08x}\n",
                   op_name(l.op), l.fpscr, l.a, l.b, l.c, l.result & e.mask, got_fpscr,
                   e.result & e.mask, want_fpscr);
      }
    }
  }
  for (const auto& [op, counts] : per_op) {
    if (counts.second != 0) {
      fmt::print("{:<40} {:6} checked {:6} mismatches\n", op_name(op), counts.first, counts.second);
    }
  }
  fmt::print("fp_qemu_check: {} executions of {} instructions checked, {} mismatches\n", lines,
             per_op.size(), mismatches);
  if (!done || per_op.size() != OP_COUNT) {
    fmt::print("fp_qemu_check: incomplete QEMU output\n");
    return 1;
  }
  return mismatches == 0 ? 0 : 1;
}

}  // namespace
}  // namespace corsim::cpu::fp

int main(int argc, char** argv) {
  if (argc != 2) {
    fmt::print(stderr, "usage: fp_qemu_check <qemu output file>\n");
    return 2;
  }
  return corsim::cpu::fp::run(argv[1]);
}
