#pragma once
// Host reference kernels (library corsim_npu_reference; the NPU and runtime tests use them too) written from the TensorFlow Lite reference kernels' integer arithmetic
// (conv, depthwise, max pool: tensorflow/lite/kernels/internal/reference/integer_ops/*, the
// MultiplyByQuantizedMultiplier / SaturatingRoundingDoublingHighMul / RoundingDivideByPOT
// definitions) and from the TOSA specification's pseudocode (AVG_POOL2D with reciprocal_scale,
// apply_scale_32, ADD/SUB/MUL/MINIMUM/MAXIMUM/ABS/CLZ/shifts on int32 after RESCALE). They share no
// code with npu/ and use only plain loops over dense NHWC arrays.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace corsim::model_compiler::reference {

struct Tensor {
  uint32_t h = 1, w = 1, c = 1;
  std::vector<int32_t> v;  // dense [h][w][c]
  int32_t at(uint32_t y, uint32_t x, uint32_t ch) const { return v[(size_t{y} * w + x) * c + ch]; }
};

// TFLite QuantizeMultiplier: real = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31).
void quantize_multiplier(double real, int32_t& multiplier, int& shift);
int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b);
int32_t rounding_divide_by_pot(int32_t x, int exponent);
int32_t multiply_by_quantized_multiplier(int64_t x, int32_t multiplier, int shift);

// TOSA apply_scale_32 and reciprocal_scale.
int32_t tosa_apply_scale_32(int64_t value, int32_t multiplier, int shift, bool double_round);
void tosa_reciprocal_scale(uint32_t value, int32_t& multiplier, int& shift);

struct ConvParams {
  uint32_t kh = 1, kw = 1, sy = 1, sx = 1, dy = 1, dx = 1;
  uint32_t pad_top = 0, pad_left = 0;
  int32_t in_zp = 0, out_zp = 0;
  int32_t act_min = -128, act_max = 127;
};

// TFLite integer_ops::ConvPerChannel. W is [o][ky][kx][i].
Tensor conv2d_per_channel(const Tensor& in, const std::vector<int32_t>& W, const std::vector<int64_t>& bias,
                          const std::vector<int32_t>& mult, const std::vector<int>& shift, uint32_t out_h,
                          uint32_t out_w, uint32_t out_c, const ConvParams& p);
// TFLite integer_ops::DepthwiseConvPerChannel with depth_multiplier 1. W is [c][ky][kx].
Tensor depthwise_per_channel(const Tensor& in, const std::vector<int32_t>& W, const std::vector<int64_t>& bias,
                             const std::vector<int32_t>& mult, const std::vector<int>& shift, uint32_t out_h,
                             uint32_t out_w, const ConvParams& p);
// TFLite integer_ops::MaxPool (padding ignored, output clamped to the activation range).
Tensor max_pool(const Tensor& in, uint32_t out_h, uint32_t out_w, const ConvParams& p);
// TOSA AVG_POOL2D: sum of (x - in_zp) over the valid window, times reciprocal_scale(count).
Tensor tosa_avg_pool(const Tensor& in, uint32_t out_h, uint32_t out_w, const ConvParams& p);

enum class EwOp { kAdd, kSub, kMul, kMin, kMax };
// TOSA: operands rescaled to int32 (x - zp), the int32 op, then RESCALE to the output with
// (multiplier, shift, double_round) and the output zero point, clamped to [lo, hi].
int32_t tosa_binary(EwOp op, int32_t a, int32_t b, int32_t zp_a, int32_t zp_b, int32_t multiplier, int shift,
                    int32_t zp_out, int32_t lo, int32_t hi);

}  // namespace corsim::model_compiler::reference
