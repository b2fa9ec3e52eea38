// The fixed-point helpers of CMSIS-NN that ExecuTorch's cortex_m:: kernels rely on (requantize =
// CMSIS-NN arm_nn_requantize in arm_nnsupportfunctions.h, the default double-rounding variant, also
// what ET backends/cortex_m/passes/passes_utils.py requantize_cmsis simulates). Written from the
// documented arithmetic; int32 overflow wraps as it does on the target.
#pragma once

#include <cstdint>

namespace corsim::rt::kernels::cmsis {

// round(m1 * m2 / 2^31) with the rounding constant 2^30 always added (no saturation):
// (m1*m2 + 2^30) >> 31, arithmetic shift.
inline int32_t doubling_high_mult_no_sat(int32_t m1, int32_t m2) {
  const int64_t p = static_cast<int64_t>(m1) * m2 + (int64_t{1} << 30);
  return static_cast<int32_t>(p >> 31);
}

// dividend / 2^exponent rounded to nearest, midpoint away from zero (exponent 0..31).
inline int32_t divide_by_power_of_two(int32_t dividend, int32_t exponent) {
  const int32_t mask = static_cast<int32_t>((uint32_t{1} << exponent) - 1u);
  const int32_t remainder = mask & dividend;
  int32_t result = dividend >> exponent;
  int32_t threshold = mask >> 1;
  if (result < 0) ++threshold;
  if (remainder > threshold) ++result;
  return result;
}

// arm_nn_requantize: left shift for shift > 0, then the doubling high multiply, then a rounding
// right shift for shift < 0.
inline int32_t requantize(int32_t val, int32_t multiplier, int32_t shift) {
  const int32_t left = shift > 0 ? shift : 0;
  const int32_t right = shift > 0 ? 0 : -shift;
  const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(val) << left);
  return divide_by_power_of_two(doubling_high_mult_no_sat(shifted, multiplier), right);
}

inline int32_t clamp(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

}  // namespace corsim::rt::kernels::cmsis
