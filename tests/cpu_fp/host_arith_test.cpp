// FPAdd/FPSub/FPMul/FPDiv/FPSqrt/FPMulAdd against the host's IEEE 754 arithmetic (x86 SSE, FMA3)
// in all four rounding modes, FZ=0 and DN=0, where Arm and IEEE agree. Where they differ the
// expectation is derived from the Arm ARM rules here:
//  - NaN results: Arm propagates the first signalling, else the first quiet NaN (FPProcessNaNs,
//    FPProcessNaNs3 for fused multiply-add, addend first), quietened; invalid operations give
//    FPDefaultNaN (x86 gives a negative "real indefinite").
//  - Underflow: Arm sets UFC when the exact result is tiny (below the smallest normal) and inexact
//    (FPRound tests the unrounded exponent); x86 tests tininess after rounding. The exact result is
//    tiny exactly when the round-towards-zero result is, so the host computes that too.
// Half precision: the host has no half arithmetic, so the operation is done in double with
// round-to-odd (round towards zero, then set the last bit if inexact), then converted to _Float16
// (libgcc, honours the rounding mode): correct for every mode because 53 >= 11 + 2.
#include "tests/cpu_fp/host_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fmt/format.h>

namespace corsim::cpu::fp::test {
namespace {

enum class Op { kAdd, kSub, kMul, kDiv, kSqrt, kFma };
const char* op_name(Op op) {
  static const char* kNames[] = {"add", "sub", "mul", "div", "sqrt", "fma"};
  return kNames[int(op)];
}

template <class H> __attribute__((noinline)) H host_op(Op op, H a, H b, H c) {
  switch (op) {
    case Op::kAdd: return a + b;
    case Op::kSub: return a - b;
    case Op::kMul: return a * b;
    case Op::kDiv: return a / b;
    case Op::kSqrt: return std::sqrt(a);
    default: return std::fma(a, b, c);
  }
}

template <class T> struct HostType;
template <> struct HostType<uint32_t> { using Type = float; };
template <> struct HostType<uint64_t> { using Type = double; };

struct Expected {
  uint64_t bits;
  uint32_t flags;
};

// Host result for non-NaN operands, with Arm's underflow rule.
template <class T> Expected host_expected(Op op, T a, T b, T c, Rounding rounding) {
  if constexpr (std::is_same_v<T, uint16_t>) {
    // Half -> double is exact; volatile keeps the conversions before the flags are cleared.
    volatile double da = double(std::bit_cast<_Float16>(a)), db = double(std::bit_cast<_Float16>(b)),
                    dc = double(std::bit_cast<_Float16>(c));
    std::fesetround(FE_TOWARDZERO);
    std::feclearexcept(FE_ALL_EXCEPT);
    double d = host_op<double>(op, da, db, dc);
    const int ex1 = std::fetestexcept(FE_ALL_EXCEPT);
    const bool tiny = std::fabs(d) < 0x1p-14;
    if (d == 0 && !(ex1 & FE_INEXACT)) {
      // Exact zero: its sign depends on the rounding mode (x - x is -0 when rounding down).
      std::fesetround(host_mode(rounding));
      d = host_op<double>(op, da, db, dc);
    }
    if ((ex1 & FE_INEXACT) && std::isfinite(d)) d = std::bit_cast<double>(std::bit_cast<uint64_t>(d) | 1);
    std::fesetround(host_mode(rounding));
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile double vd = d;
    const _Float16 h = static_cast<_Float16>(vd);
    const int ex2 = std::fetestexcept(FE_ALL_EXCEPT);
    std::fesetround(FE_TONEAREST);
    uint32_t flags = arm_flags_from_host((ex1 & (FE_INVALID | FE_DIVBYZERO | FE_INEXACT)) | ex2);
    if (tiny && (flags & kIxc)) flags |= kUfc;
    return {std::bit_cast<uint16_t>(h), flags};
  } else {
    using H = typename HostType<T>::Type;
    const H ha = std::bit_cast<H>(a), hb = std::bit_cast<H>(b), hc = std::bit_cast<H>(c);
    std::fesetround(FE_TOWARDZERO);
    const H rz = host_op(op, ha, hb, hc);
    const bool tiny = std::fabs(rz) < std::numeric_limits<H>::min();
    std::fesetround(host_mode(rounding));
    std::feclearexcept(FE_ALL_EXCEPT);
    const H r = host_op(op, ha, hb, hc);
    const int ex = std::fetestexcept(FE_ALL_EXCEPT);
    std::fesetround(FE_TONEAREST);
    uint32_t flags = arm_flags_from_host(ex);
    if (tiny && (flags & kIxc)) flags |= kUfc;
    return {std::bit_cast<T>(r), flags};
  }
}

// The Arm expectation: NaN rules from FPProcessNaNs(3) and FPDefaultNaN, the rest from the host.
template <class T> Expected arm_expected(Op op, T a, T b, T c, Rounding rounding) {
  const T dnan = T(exp_mask<T>() | quiet_bit<T>());
  // Operands in pseudocode priority order (FPMulAdd(addend=c, a, b) checks the addend first).
  T ops[3];
  int n = 0;
  if (op == Op::kFma) ops[n++] = c;
  ops[n++] = a;
  if (op != Op::kSqrt) ops[n++] = b;
  for (int i = 0; i < n; ++i) {
    if (is_snan(ops[i])) return {T(ops[i] | quiet_bit<T>()), kIoc};
  }
  const bool inf_times_zero = (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b));
  if (op == Op::kFma && is_nan(c) && inf_times_zero) return {dnan, kIoc};
  for (int i = 0; i < n; ++i) {
    if (is_nan(ops[i])) return {ops[i], 0};
  }
  Expected e = host_expected(op, a, b, c, rounding);
  if (is_nan(T(e.bits))) e.bits = dnan;
  return e;
}

template <class T> T run(Op op, T a, T b, T c, FpEnv& env) {
  switch (op) {
    case Op::kAdd: return add<T>(a, b, env);
    case Op::kSub: return sub<T>(a, b, env);
    case Op::kMul: return mul<T>(a, b, env);
    case Op::kDiv: return div<T>(a, b, env);
    case Op::kSqrt: return fp::sqrt<T>(a, env);
    default: return mul_add<T>(c, a, b, env);
  }
}

template <class T> void check_op(Op op, int count, uint64_t seed) {
  Gen<T> gen(seed);
  int failures = 0;
  for (int i = 0; i < count && failures < 10; ++i) {
    const Rounding rounding = static_cast<Rounding>(i & 3);
    const T a = gen.any();
    const T b = gen.near(a);
    T c = op == Op::kFma ? gen.any() : T(0);
    if (op == Op::kFma && (i & 4)) c = T(gen.near(c));
    // Make fused cancellation likely: c close to -(a*b) via the host product.
    if (op == Op::kFma && (i % 8) == 1) {
      const Expected p = host_expected(Op::kMul, a, b, T(0), Rounding::kTieEven);
      c = T(T(p.bits ^ (T(1) << (kBits<T> - 1))) + T(gen.rng()() % 5) - 2);
    }
    const Expected want = arm_expected(op, a, b, c, rounding);
    FpEnv env;
    env.rounding = rounding;
    const T got = run(op, a, b, c, env);
    if (got != T(want.bits) || env.flags != want.flags) {
      ++failures;
      ADD_FAILURE() << fmt::format(
          "{}{} rmode={} a={:#x} b={:#x} c={:#x}: got {:#x} flags {:#x}, want {:#x} flags {:#x}",
          op_name(op), kBits<T>, int(rounding), a, b, c, got, env.flags, want.bits, want.flags);
    }
  }
}

// Every half-precision operand of the unary square root, and every operand paired with a spread of
// second operands for the binary operations, in all four rounding modes.
TEST(FpHostArith, HalfSqrtExhaustive) {
  int failures = 0;
  for (uint32_t v = 0; v < 0x10000 && failures < 10; ++v) {
    for (int m = 0; m < 4; ++m) {
      const Rounding rounding = static_cast<Rounding>(m);
      const Expected want = arm_expected<uint16_t>(Op::kSqrt, uint16_t(v), 0, 0, rounding);
      FpEnv env;
      env.rounding = rounding;
      const uint16_t got = fp::sqrt<uint16_t>(uint16_t(v), env);
      if (got != want.bits || env.flags != want.flags) {
        ++failures;
        ADD_FAILURE() << fmt::format("sqrt16 rmode={} {:#x}: got {:#x}/{:#x} want {:#x}/{:#x}", m, v,
                                     got, env.flags, want.bits, want.flags);
      }
    }
  }
}

TEST(FpHostArith, HalfBinaryEveryFirstOperand) {
  int failures = 0;
  std::mt19937_64 rng(7);
  for (uint32_t v = 0; v < 0x10000 && failures < 10; ++v) {
    for (int k = 0; k < 8; ++k) {
      const Op op = static_cast<Op>(k % 4);  // add, sub, mul, div
      const Rounding rounding = static_cast<Rounding>((v + k) & 3);
      const uint16_t a = uint16_t(v), b = uint16_t(rng());
      const Expected want = arm_expected<uint16_t>(op, a, b, 0, rounding);
      FpEnv env;
      env.rounding = rounding;
      const uint16_t got = run<uint16_t>(op, a, b, 0, env);
      if (got != want.bits || env.flags != want.flags) {
        ++failures;
        ADD_FAILURE() << fmt::format("{}16 rmode={} {:#x} {:#x}: got {:#x}/{:#x} want {:#x}/{:#x}",
                                     op_name(op), int(rounding), a, b, got, env.flags, want.bits,
                                     want.flags);
      }
    }
  }
}

constexpr int kCount = 200000;  // per operation and precision, spread over the 4 rounding modes

#define HOST_TEST(OP, T, BITS)                                                       \
  TEST(FpHostArith, OP##BITS) { check_op<T>(Op::k##OP, kCount, 0xC0FFEE + BITS * 7 + int(Op::k##OP)); }
HOST_TEST(Add, uint16_t, 16)
HOST_TEST(Add, uint32_t, 32)
HOST_TEST(Add, uint64_t, 64)
HOST_TEST(Sub, uint16_t, 16)
HOST_TEST(Sub, uint32_t, 32)
HOST_TEST(Sub, uint64_t, 64)
HOST_TEST(Mul, uint16_t, 16)
HOST_TEST(Mul, uint32_t, 32)
HOST_TEST(Mul, uint64_t, 64)
HOST_TEST(Div, uint16_t, 16)
HOST_TEST(Div, uint32_t, 32)
HOST_TEST(Div, uint64_t, 64)
HOST_TEST(Sqrt, uint16_t, 16)
HOST_TEST(Sqrt, uint32_t, 32)
HOST_TEST(Sqrt, uint64_t, 64)
HOST_TEST(Fma, uint16_t, 16)
HOST_TEST(Fma, uint32_t, 32)
HOST_TEST(Fma, uint64_t, 64)

}  // namespace
}  // namespace corsim::cpu::fp::test
