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
// TFLite's int8 ADD (tensorflow/lite/kernels/internal/reference/integer_ops/add.h, parameters from
// kernels/add.cc PrepareGeneralSubOp): each operand (x - zp) << left_shift (20 for int8) is scaled
// by MultiplyByQuantizedMultiplierSmallerThanOneExp with its own multiplier, the sum by the output
// multiplier, then the output zero point is added and the result clamped.
struct TfliteAddScales {
  int left_shift = 20;
  int32_t m1 = 0, m2 = 0, mo = 0;
  int s1 = 0, s2 = 0, so = 0;  // TFLite exponents (real = m · 2^(s - 31))
};
TfliteAddScales tflite_add_scales(double in1_scale, double in2_scale, double out_scale);
int32_t tflite_add(const TfliteAddScales& p, int32_t a, int32_t b, int32_t zp_a, int32_t zp_b, int32_t zp_out, int32_t lo,
                   int32_t hi);

int32_t tosa_binary(EwOp op, int32_t a, int32_t b, int32_t zp_a, int32_t zp_b, int32_t multiplier, int shift,
                    int32_t zp_out, int32_t lo, int32_t hi);

// TOSA int32 elementwise operators (TOSA specification 1.0, "Elementwise Binary/Unary Operators"):
// INTDIV (truncating; the reference returns 0 for a zero divisor, which TOSA leaves undefined),
// LOGICAL_RIGHT_SHIFT, ARITHMETIC_RIGHT_SHIFT with round, LOGICAL_LEFT_SHIFT, BITWISE_AND/OR/XOR/
// NOT, CLZ, EQUAL/GREATER/GREATER_EQUAL (bool, returned as 1/0), MINIMUM, MAXIMUM, ABS.
enum class IntOp { kDiv, kLsr, kAsr, kAsrRound, kShl, kAnd, kOr, kXor, kNot, kAndNot, kClz, kEq, kNe, kGe, kGt, kMin, kMax, kAbs };
int32_t tosa_int32(IntOp op, int32_t a, int32_t b);

// TOSA MATMUL for one batch: A is [H][K] (as Tensor h x 1 x K would not do: pass rows = H*W),
// B is [K][N]; out[m][n] = sum_k (A[m][k] - za) (B[k][n] - zb), int32 accumulate (int64 here).
std::vector<int64_t> tosa_matmul(const std::vector<int32_t>& A, const std::vector<int32_t>& B, uint32_t M, uint32_t K,
                                 uint32_t N, int32_t za, int32_t zb);

// TOSA TRANSPOSE of an H x W x C tensor: output axis k is input axis perm[k].
Tensor tosa_transpose(const Tensor& in, const uint32_t perm[3]);

// TOSA RESIZE with mode NEAREST (int8/int16, no scaling of the value): for each output (oy, ox),
// y = oy * scale_y_d + offset_y, iy = floor(y / scale_y_n), dy = y - iy * scale_y_n,
// iy += (dy >= scale_y_n / 2); clamped to the input; the same for x.
Tensor tosa_resize_nearest(const Tensor& in, uint32_t out_h, uint32_t out_w, int32_t scale_y_n, int32_t scale_y_d,
                           int32_t offset_y, int32_t scale_x_n, int32_t scale_x_d, int32_t offset_x);

// TOSA RESIZE with mode BILINEAR (int8 -> int32, int16 -> int48): with y, iy, dy as for NEAREST,
// iy0 = max(iy, 0), iy1 = min(iy + 1, IH - 1) (the same for x), the output is
// v00·(n_y - dy)·(n_x - dx) + v01·(n_y - dy)·dx + v10·dy·(n_x - dx) + v11·dy·dx, unscaled.
// The caller keeps (OH - 1)·d_y + offset_y <= (IH - 1)·n_y (TOSA's border rule), likewise x.
std::vector<int64_t> tosa_resize_bilinear(const Tensor& in, uint32_t out_h, uint32_t out_w, int32_t scale_y_n,
                                          int32_t scale_y_d, int32_t offset_y, int32_t scale_x_n, int32_t scale_x_d,
                                          int32_t offset_x);

// TOSA ARGMAX along axis 0 (H) or 1 (W) of an H x W x C tensor: the index of the first maximum
// (strict greater-than scan); the reduced axis has extent 1 in the result.
Tensor tosa_argmax(const Tensor& in, unsigned axis);

// TOSA GATHER: values [N][K][C], indices [N][W] -> output [N][W][C],
// output[n][w][c] = values[n][indices[n][w]][c].
std::vector<int32_t> tosa_gather(const std::vector<int32_t>& values, const std::vector<int32_t>& indices, uint32_t N,
                                 uint32_t K, uint32_t W, uint32_t C);
// TOSA SCATTER: values_out = values_in [N][K][C], then values_out[n][indices[n][w]][c] =
// input[n][w][c] for every n, w (indices unique per n).
std::vector<int32_t> tosa_scatter(const std::vector<int32_t>& values_in, const std::vector<int32_t>& indices,
                                  const std::vector<int32_t>& input, uint32_t N, uint32_t K, uint32_t W, uint32_t C);

// TOSA CONV2D accumulators (int32 for int8 inputs, int48 for int16, held in int64 here): bias +
// sum (in - in_zp) · W over the window; W is [o][ky][kx][i]. p.act_* and p.out_zp are unused.
std::vector<int64_t> tosa_conv2d_acc(const Tensor& in, const std::vector<int32_t>& W, const std::vector<int64_t>& bias,
                                     uint32_t out_h, uint32_t out_w, uint32_t out_c, const ConvParams& p);
// TOSA apply_scale_16 (RESCALE with scale32 = false, for int48 values): (value · multiplier +
// 2^(shift-1)) >> shift, saturated to int32.
int32_t tosa_apply_scale_16(int64_t value, int32_t multiplier, int shift);

// TOSA TABLE for int8: out = table[in + 128].
int32_t tosa_table8(const std::vector<int32_t>& table, int32_t in);

}  // namespace corsim::model_compiler::reference
