// Per-element quantize / dequantize exactly as ExecuTorch's reference kernels compute them
// (ExecuTorch kernels/quantized/cpu/op_quantize.cpp, op_dequantize.cpp,
// backends/cortex_m/ops/op_quantize_per_tensor.cpp, op_dequantize_per_tensor.cpp).
#pragma once

#include <cmath>
#include <cstdint>

namespace corsim::rt::kernels {

// inv_scale is computed once per tensor (or channel) as 1.0f / (float)scale, in float.
inline float inverse_scale(double scale) { return 1.0f / static_cast<float>(scale); }

// q = clamp(zp + nearbyint(inv_scale * x), qmin, qmax): the product is a float product and
// nearbyint rounds half to even in the default rounding mode. A product beyond int32 saturates and
// NaN converts to 0 (what the Cortex-M float-to-int conversion does on the target).
inline int64_t quantize_value(float x, float inv_scale, int64_t zero_point, int64_t qmin, int64_t qmax) {
  const float r = std::nearbyint(inv_scale * x);
  int64_t q;
  if (std::isnan(r)) {
    q = 0;
  } else if (r >= 2147483648.0f) {
    q = INT32_MAX;
  } else if (r < -2147483648.0f) {
    q = INT32_MIN;
  } else {
    q = static_cast<int32_t>(r);  // in range: one VCVT on the target, not libgcc's __aeabi_f2lz
  }
  q += static_cast<int32_t>(zero_point);
  if (q < qmin) q = qmin;
  if (q > qmax) q = qmax;
  return q;
}

// y = (float)(q - zp) * (float)scale, the subtraction in int32 and the product in float.
inline float dequantize_value(int32_t q, int32_t zero_point, float scale) {
  return static_cast<float>(q - zero_point) * scale;
}

}  // namespace corsim::rt::kernels
