// Fixed-point pieces of CMSIS-NN's int8 softmax (arm_softmax_s8), i.e. gemmlowp's algorithms:
// a saturating rounding doubling high multiply, exp() of a non-positive Q5.26 value, and 1/(1+x)
// for x in [0, 1) by Newton-Raphson. The constants are Q0.31 (or Q2.29) encodings of exp(-1/8),
// 1/3, exp(-2^k/4) for k = 0..6, 48/17 and -32/17.
#pragma once

#include <cstdint>

#include "runtime/kernels/cmsis_math.h"

namespace corsim::rt::kernels::cmsis {

constexpr int32_t kQ31Max = INT32_MAX;
constexpr int32_t kQ31Min = INT32_MIN;

// m1 * m2 / 2^31 rounded: a nudge of 2^30 (or 1 - 2^30 when the product is negative) is added and
// the division truncates toward zero, so 1.5 -> 2 and -1.5 -> -1; the one overflowing case
// (-1 * -1) saturates.
inline int32_t doubling_high_mult(int32_t m1, int32_t m2) {
  if (m1 == kQ31Min && m2 == kQ31Min) return kQ31Max;
  const int64_t nudge = (m1 < 0) != (m2 < 0) ? 1 - (int64_t{1} << 30) : (int64_t{1} << 30);
  return static_cast<int32_t>((static_cast<int64_t>(m1) * m2 + nudge) / (int64_t{1} << 31));
}

// val * 2^exp saturated to int32.
inline int32_t mult_by_power_of_two(int32_t val, int32_t exp) {
  const int32_t thresh = static_cast<int32_t>((uint32_t{1} << (31 - exp)) - 1u);
  if (val > thresh) return kQ31Max;
  if (val < -thresh) return kQ31Min;
  return static_cast<int32_t>(static_cast<uint32_t>(val) << exp);
}

// exp(val) for val <= 0 in Q5.26, result in Q0.31.
inline int32_t exp_on_negative_values(int32_t val) {
  constexpr int32_t kQuarter = 1 << 24;  // 1/4 in Q5.26
  // Split val = r + q with q in [-1/4, 0): exp(q) by a Taylor series around -1/8 ...
  const int32_t q = (val & (kQuarter - 1)) - kQuarter;
  const int32_t r = q - val;  // a non-negative multiple of 1/4
  const int32_t x = static_cast<int32_t>(static_cast<uint32_t>(q) << 5) + (1 << 28);  // q + 1/8 in Q0.31
  const int32_t x2 = doubling_high_mult(x, x);
  const int32_t x3 = doubling_high_mult(x2, x);
  const int32_t x4 = doubling_high_mult(x2, x2);
  const int32_t poly = divide_by_power_of_two(doubling_high_mult(divide_by_power_of_two(x4, 2) + x3, 715827883) + x2, 1);
  int32_t result = 1895147668 + doubling_high_mult(1895147668, x + poly);
  // ... then multiply by exp(-2^k / 4) for every bit k of r (bit 24 + k in Q5.26).
  constexpr int32_t kExpNegPow2[7] = {1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242};
  for (int k = 0; k < 7; ++k) {
    if ((r & (1 << (24 + k))) != 0) result = doubling_high_mult(result, kExpNegPow2[k]);
  }
  return val == 0 ? kQ31Max : result;
}

// 1 / (1 + x) for x in [0, 1) given in Q0.31; the result is Q0.31 (1/(1+0) saturates to the Q0.31 maximum).
inline int32_t one_over_one_plus_x_for_x_in_0_1(int32_t val) {
  const int64_t sum = static_cast<int64_t>(val) + kQ31Max;
  const int32_t half_denominator = static_cast<int32_t>((sum + (sum >= 0 ? 1 : -1)) / 2);
  int32_t x = 1515870810 + doubling_high_mult(half_denominator, -1010580540);  // 48/17 - 32/17 * d (Q2.29)
  constexpr int32_t kOneQ2_29 = 1 << 29;
  for (int i = 0; i < 3; ++i) {
    x += mult_by_power_of_two(doubling_high_mult(x, kOneQ2_29 - doubling_high_mult(half_denominator, x)), 2);
  }
  return mult_by_power_of_two(x, 1);
}

// Leading zeros of a 32-bit value (32 for 0).
inline int32_t count_leading_zeros(uint32_t v) {
  int32_t n = 0;
  if (v == 0) return 32;
  while ((v & 0x80000000u) == 0) {
    v <<= 1;
    ++n;
  }
  return n;
}

}  // namespace corsim::rt::kernels::cmsis
