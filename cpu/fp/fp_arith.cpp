// FPAdd, FPSub, FPMul, FPMulAdd, FPDiv, FPSqrt (Arm ARM DDI 0553, "Floating-point pseudocode").
// The real-number step of each function is done exactly with integers; the result goes through
// detail::round (FPRound) with a sticky bit when the exact value needs more bits than we keep.
#include "cpu/fp/fp_internal.h"

#include <type_traits>
#include <utility>

namespace corsim::cpu::fp {

using namespace detail;

namespace {

// Zero result of an exact cancellation: "Sign of exact zero result depends on rounding mode".
template <class T> T exact_zero(const FpEnv& env) {
  return zero<T>(env.rounding == Rounding::kNegInf);
}

// Rounds (-1)^s1 * m1 * 2^e1 + (-1)^s2 * m2 * 2^e2 (m1, m2 nonzero) in the working type W.
// Both are normalised to bit W-2 (one bit of headroom for the carry). Cancellation can remove more
// than one bit only when the exponent gap is 0 or 1, and then the aligned operand loses nothing as
// long as W-2 leaves one spare bit below each mantissa; for larger gaps a sticky bit is enough
// because the result keeps at least W-3 significant bits. W = uint64_t serves every addition
// (mantissas <= 53 bits) and the half/single fused multiply-add (products <= 48 bits);
// W = u128 serves the double fused multiply-add (products of 106 bits).
template <class T, class W>
T add_values(bool s1, int e1, W m1, bool s2, int e2, W m2, FpEnv& env) {
  constexpr int kTop = kWidth<W> - 2;
  const int n1 = kTop - msb_index(m1), n2 = kTop - msb_index(m2);
  m1 <<= n1;
  e1 -= n1;
  m2 <<= n2;
  e2 -= n2;
  if (e1 < e2 || (e1 == e2 && m1 < m2)) {
    std::swap(s1, s2);
    std::swap(e1, e2);
    std::swap(m1, m2);
  }
  m2 = shift_right_sticky(m2, e1 - e2);
  W m;
  if (s1 == s2) {
    m = m1 + m2;
  } else {
    m = m1 - m2;
    if (m == 0) return exact_zero<T>(env);
  }
  return round<T>(s1, e1, m, env.rounding, env);
}

template <class T> T add_or_sub(T op1, T op2, bool subtract, FpEnv& env) {
  if (is_normal(op1) && is_normal(op2)) {
    const Unpacked u1 = unpack_normal(op1), u2 = unpack_normal(op2);
    return add_values<T, uint64_t>(u1.sign, u1.exp, u1.mant, u2.sign != subtract, u2.exp, u2.mant,
                                   env);
  }
  Unpacked u1 = unpack(op1, env), u2 = unpack(op2, env);
  T result;
  if (process_nans(u1, u2, op1, op2, env, &result)) return result;
  if (subtract) u2.sign = !u2.sign;  // FPSub tests NOT(sign2); NaN propagation used op2 as given
  if (u1.is_inf() && u2.is_inf() && u1.sign != u2.sign) {
    raise(env, kIoc);
    return default_nan<T>();
  }
  if ((u1.is_inf() && !u1.sign) || (u2.is_inf() && !u2.sign)) return infinity<T>(false);
  if ((u1.is_inf() && u1.sign) || (u2.is_inf() && u2.sign)) return infinity<T>(true);
  if (u1.is_zero() && u2.is_zero()) {
    return u1.sign == u2.sign ? zero<T>(u1.sign) : exact_zero<T>(env);
  }
  if (u1.is_zero()) return round<T>(u2.sign, u2.exp, u2.mant, env.rounding, env);
  if (u2.is_zero()) return round<T>(u1.sign, u1.exp, u1.mant, env.rounding, env);
  return add_values<T, uint64_t>(u1.sign, u1.exp, u1.mant, u2.sign, u2.exp, u2.mant, env);
}

// floor(sqrt(v)); *exact tells whether the root is exact.
template <class W> W isqrt(W v, bool* exact) {
  W rem = v, res = 0, one = W(1) << (kWidth<W> - 2);
  while (one > rem) one >>= 2;
  while (one != 0) {
    if (rem >= res + one) {
      rem -= res + one;
      res = (res >> 1) + one;
    } else {
      res >>= 1;
    }
    one >>= 2;
  }
  *exact = rem == 0;
  return res;
}

}  // namespace

template <class T> T add(T op1, T op2, FpEnv& env) { return add_or_sub(op1, op2, false, env); }
template <class T> T sub(T op1, T op2, FpEnv& env) { return add_or_sub(op1, op2, true, env); }

template <class T> T mul(T op1, T op2, FpEnv& env) {
  if (is_normal(op1) && is_normal(op2)) {
    const Unpacked u1 = unpack_normal(op1), u2 = unpack_normal(op2);
    return round<T>(u1.sign != u2.sign, u1.exp + u2.exp, u128(u1.mant) * u2.mant, env.rounding,
                    env);
  }
  const Unpacked u1 = unpack(op1, env), u2 = unpack(op2, env);
  T result;
  if (process_nans(u1, u2, op1, op2, env, &result)) return result;
  const bool sign = u1.sign != u2.sign;
  if ((u1.is_inf() && u2.is_zero()) || (u1.is_zero() && u2.is_inf())) {
    raise(env, kIoc);
    return default_nan<T>();
  }
  if (u1.is_inf() || u2.is_inf()) return infinity<T>(sign);
  if (u1.is_zero() || u2.is_zero()) return zero<T>(sign);
  return round<T>(sign, u1.exp + u2.exp, u128(u1.mant) * u2.mant, env.rounding, env);
}

template <class T> T mul_add(T addend, T op1, T op2, FpEnv& env) {
  using W = std::conditional_t<std::is_same_v<T, uint64_t>, u128, uint64_t>;  // product fits
  if (is_normal(addend) && is_normal(op1) && is_normal(op2)) {
    const Unpacked ua = unpack_normal(addend), u1 = unpack_normal(op1), u2 = unpack_normal(op2);
    return add_values<T, W>(ua.sign, ua.exp, W(ua.mant), u1.sign != u2.sign, u1.exp + u2.exp,
                            W(u1.mant) * u2.mant, env);
  }
  const Unpacked ua = unpack(addend, env), u1 = unpack(op1, env), u2 = unpack(op2, env);
  const bool inf_zero = (u1.is_inf() && u2.is_zero()) || (u1.is_zero() && u2.is_inf());
  T result;
  const bool done = process_nans3(ua, u1, u2, addend, op1, op2, env, &result);
  // A quiet-NaN addend does not hide the Invalid Operation of infinity * zero.
  if (ua.type == FpType::kQNaN && inf_zero) {
    raise(env, kIoc);
    return default_nan<T>();
  }
  if (done) return result;
  const bool sign_p = u1.sign != u2.sign;
  const bool inf_p = u1.is_inf() || u2.is_inf();
  const bool zero_p = u1.is_zero() || u2.is_zero();
  if (inf_zero || (ua.is_inf() && inf_p && ua.sign != sign_p)) {
    raise(env, kIoc);
    return default_nan<T>();
  }
  if ((ua.is_inf() && !ua.sign) || (inf_p && !sign_p)) return infinity<T>(false);
  if ((ua.is_inf() && ua.sign) || (inf_p && sign_p)) return infinity<T>(true);
  if (ua.is_zero() && zero_p) {
    return ua.sign == sign_p ? zero<T>(ua.sign) : exact_zero<T>(env);
  }
  if (zero_p) return round<T>(ua.sign, ua.exp, ua.mant, env.rounding, env);
  const W prod = W(u1.mant) * u2.mant;
  if (ua.is_zero()) return round<T>(sign_p, u1.exp + u2.exp, prod, env.rounding, env);
  return add_values<T, W>(ua.sign, ua.exp, W(ua.mant), sign_p, u1.exp + u2.exp, prod, env);
}

template <class T> T div(T op1, T op2, FpEnv& env) {
  Unpacked u1, u2;
  if (is_normal(op1) && is_normal(op2)) {
    u1 = unpack_normal(op1);
    u2 = unpack_normal(op2);
  } else {
    u1 = unpack(op1, env);
    u2 = unpack(op2, env);
    T result;
    if (process_nans(u1, u2, op1, op2, env, &result)) return result;
  }
  const bool sign = u1.sign != u2.sign;
  if ((u1.is_inf() && u2.is_inf()) || (u1.is_zero() && u2.is_zero())) {
    raise(env, kIoc);
    return default_nan<T>();
  }
  if (u1.is_inf() || u2.is_zero()) {
    if (!u1.is_inf()) raise(env, kDzc);
    return infinity<T>(sign);
  }
  if (u1.is_zero() || u2.is_inf()) return zero<T>(sign);
  if constexpr (!std::is_same_v<T, uint64_t>) {
    // Half/single: dividend at bit 63 over a mantissa of <= 24 bits gives a quotient of 40+ bits.
    const int n1 = 63 - msb_index(u1.mant);
    const uint64_t num = u1.mant << n1;
    uint64_t q = num / u2.mant;
    if (num % u2.mant != 0) q |= 1;  // sticky
    return round<T>(sign, (u1.exp - n1) - u2.exp, q, env.rounding, env);
  } else {
    // Double: dividend at bit 126, divisor at bit 63: a quotient of 63+ bits.
    const int n1 = 62 - msb_index(u1.mant), n2 = 63 - msb_index(u2.mant);
    const uint64_t m1 = u1.mant << n1, m2 = u2.mant << n2;
    const u128 num = u128(m1) << 64;
    u128 q = num / m2;
    if (num % m2 != 0) q |= 1;
    return round<T>(sign, (u1.exp - n1) - (u2.exp - n2) - 64, q, env.rounding, env);
  }
}

template <class T> T sqrt(T op, FpEnv& env) {
  const Unpacked u = unpack(op, env);
  if (u.is_nan()) return process_nan(u, op, env);
  if (u.is_zero()) return zero<T>(u.sign);
  if (u.is_inf() && !u.sign) return infinity<T>(false);
  if (u.sign) {
    raise(env, kIoc);
    return default_nan<T>();
  }
  // value = m * 2^e with e even and m < 2^64. Half/single: sqrt(m) has 31+ bits. Double:
  // sqrt(m * 2^64) has 63+ bits. The sticky bit marks an inexact root.
  int n = 62 - msb_index(u.mant);
  uint64_t m = u.mant << n;
  int e = u.exp - n;
  if (e & 1) {
    m <<= 1;
    --e;
  }
  bool exact = false;
  if constexpr (!std::is_same_v<T, uint64_t>) {
    uint64_t r = isqrt<uint64_t>(m, &exact);
    if (!exact) r |= 1;
    return round<T>(false, e / 2, r, env.rounding, env);
  } else {
    u128 r = isqrt<u128>(u128(m) << 64, &exact);
    if (!exact) r |= 1;
    return round<T>(false, (e - 64) / 2, r, env.rounding, env);
  }
}

#define CORSIM_FP_INSTANTIATE(T)                   \
  template T add<T>(T, T, FpEnv&);                 \
  template T sub<T>(T, T, FpEnv&);                 \
  template T mul<T>(T, T, FpEnv&);                 \
  template T mul_add<T>(T, T, T, FpEnv&);          \
  template T div<T>(T, T, FpEnv&);                 \
  template T sqrt<T>(T, FpEnv&);
CORSIM_FP_INSTANTIATE(uint16_t)
CORSIM_FP_INSTANTIATE(uint32_t)
CORSIM_FP_INSTANTIATE(uint64_t)
#undef CORSIM_FP_INSTANTIATE

}  // namespace corsim::cpu::fp
