// cortex_m::softmax.out: int8 softmax along the last dimension with CMSIS-NN's arm_softmax_s8
// arithmetic (ExecuTorch backends/cortex_m/ops/operators.yaml). Per row: diff = x - max; entries
// with diff >= diff_min contribute exp(diff * 2^in_shift * in_mult) (Q5.26 -> Q0.31) scaled down by
// 2^12 to the sum; each output is 1/sum * exp(...) rescaled to int8 with zero point -128.
#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/cmsis_softmax_math.h"
#include "runtime/kernels/op_cortex_m.h"

namespace corsim::rt::kernels {

namespace {

constexpr int32_t kAccumBits = 12;
constexpr int32_t kSoftmaxOutputZeroPoint = -128;  // fixed by CMSIS (ET op_softmax.cpp checks it)

void softmax_row(const int8_t* in, int8_t* out, int32_t n, int32_t mult, int32_t shift, int32_t diff_min) {
  int32_t max = in[0];
  for (int32_t c = 1; c < n; ++c) max = in[c] > max ? in[c] : max;
  auto scaled_exp = [&](int32_t diff) {
    const int32_t scaled = static_cast<int32_t>(static_cast<uint32_t>(diff) << shift);
    return cmsis::exp_on_negative_values(cmsis::doubling_high_mult(scaled, mult));
  };
  int32_t sum = 0;
  for (int32_t c = 0; c < n; ++c) {
    const int32_t diff = in[c] - max;
    if (diff >= diff_min) sum += cmsis::divide_by_power_of_two(scaled_exp(diff), kAccumBits);
  }
  const int32_t headroom = cmsis::count_leading_zeros(static_cast<uint32_t>(sum));
  // (sum normalised to [1, 2) in Q1.31) - 1, as an unsigned wrap-around subtraction.
  const uint32_t normalised = sum > 0 ? static_cast<uint32_t>(sum) << headroom : 0u;
  const int32_t shifted_scale = cmsis::one_over_one_plus_x_for_x_in_0_1(static_cast<int32_t>(normalised - 0x80000000u));
  const int32_t bits_over_unit = kAccumBits - headroom + 23;
  for (int32_t c = 0; c < n; ++c) {
    const int32_t diff = in[c] - max;
    if (diff >= diff_min) {
      const int32_t res = cmsis::divide_by_power_of_two(cmsis::doubling_high_mult(shifted_scale, scaled_exp(diff)),
                                                        bits_over_unit) + kSoftmaxOutputZeroPoint;
      out[c] = static_cast<int8_t>(cmsis::clamp(res, -128, 127));
    } else {
      out[c] = -128;
    }
  }
}

}  // namespace

void cortex_m_softmax_out(KernelContext& ctx, KernelArgs args) {
  // (input, dim, input_zero_point, output_zero_point, input_multiplier, input_shift, diff_min, *, out) + return
  ArgReader r(ctx, args, 9);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  int64_t dim = r.int_value(1);
  (void)r.int_value(2);
  const int64_t out_zp = r.int_value(3);
  const int32_t mult = static_cast<int32_t>(r.int_value(4));
  const int32_t shift = static_cast<int32_t>(r.int_value(5));
  const int32_t diff_min = static_cast<int32_t>(r.int_value(6));
  Tensor* out = r.tensor(7);
  if (r.failed()) return;
  if (in->scalar_type() != ScalarType::kChar || out->scalar_type() != ScalarType::kChar || in->dim() == 0) {
    r.fail("cortex_m::softmax takes int8 tensors");
    return;
  }
  if (dim < 0) dim += static_cast<int64_t>(in->dim());
  if (dim != static_cast<int64_t>(in->dim()) - 1) {
    r.fail(Error::kNotSupported, "cortex_m::softmax supports the last dimension only");
    return;
  }
  if (out_zp != kSoftmaxOutputZeroPoint) {
    r.fail("cortex_m::softmax output zero point must be -128");
    return;
  }
  if (shift < 0 || shift > 30) {
    r.fail("cortex_m::softmax input_shift must be in 0..30");
    return;
  }
  if (!in->has_default_dim_order() || !out->has_default_dim_order()) {
    r.fail(Error::kNotSupported, "cortex_m::softmax needs contiguous rows (default dim order)");
    return;
  }
  if (!resize_like(ctx, *out, *in)) return;
  const int32_t row = in->size(in->dim() - 1);
  if (row == 0) return;
  const size_t rows = in->numel() / static_cast<size_t>(row);
  for (size_t k = 0; k < rows; ++k) {
    softmax_row(in->data_as<const int8_t>() + k * row, out->data_as<int8_t>() + k * row, row, mult, shift, diff_min);
  }
}

}  // namespace corsim::rt::kernels
