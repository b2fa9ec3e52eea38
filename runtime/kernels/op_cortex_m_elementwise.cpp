// cortex_m::quantized_add / quantized_mul / quantized_linear (ExecuTorch
// backends/cortex_m/ops/operators.yaml), with the arithmetic of CMSIS-NN's arm_elementwise_add_s8,
// arm_elementwise_mul_s8 and arm_fully_connected_s8 (scalar path). Requantisation is
// cmsis::requantize.
#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/cmsis_math.h"
#include "runtime/kernels/index_walk.h"
#include "runtime/kernels/op_cortex_m.h"

namespace corsim::rt::kernels {

namespace {

constexpr int32_t kAddLeftShift = 20;  // SHIFT_INT8 of the cortex_m passes

// Same shape, or the channel broadcast the cortex_m kernels allow (4-D, one operand holds only the
// C channel values): elements are paired by logical index, each tensor through its own strides.
bool check_int8_operands(ArgReader& r, const Tensor& a, const Tensor& b, const Tensor& out) {
  if (a.scalar_type() != ScalarType::kChar || b.scalar_type() != ScalarType::kChar ||
      out.scalar_type() != ScalarType::kChar) {
    r.fail("cortex_m elementwise ops take int8 tensors");
    return false;
  }
  const bool same = a.same_shape(b);
  const bool channel = a.dim() == 4 && b.dim() == 4 && a.size(1) == b.size(1) &&
                       (a.numel() == static_cast<size_t>(a.size(1)) || b.numel() == static_cast<size_t>(b.size(1)));
  if (!same && !channel) {
    r.fail("cortex_m elementwise operands must have equal shapes or broadcast along channels only");
    return false;
  }
  const Tensor& big = a.numel() >= b.numel() ? a : b;
  if (!out.same_shape(big)) {
    r.fail("out shape differs from the operands' shape");
    return false;
  }
  return true;
}

template <class F>
void int8_binary(const Tensor& a, const Tensor& b, Tensor& out, F f) {
  if (out.numel() == 0) return;
  const int8_t* pa = a.data_as<const int8_t>();
  const int8_t* pb = b.data_as<const int8_t>();
  int8_t* po = out.data_as<int8_t>();
  IndexWalk w(out);
  do {
    po[w.offset_in(out)] = static_cast<int8_t>(f(pa[w.offset_in(a)], pb[w.offset_in(b)]));
  } while (w.next());
}

int32_t as_i32(int64_t v) { return static_cast<int32_t>(v); }

// Left shift of a possibly negative value, as the target's LSL does (defined in C++20, not 17).
int32_t shl(int32_t v, int32_t n) { return static_cast<int32_t>(static_cast<uint32_t>(v) << n); }

}  // namespace

void cortex_m_quantized_add_out(KernelContext& ctx, KernelArgs args) {
  // (self, self_zp, self_mult, self_shift, other, other_zp, other_mult, other_shift,
  //  out_zp, out_mult, out_shift, act_min, act_max, *, out) + return
  ArgReader r(ctx, args, 15);
  if (r.failed()) return;
  Tensor* a = r.tensor(0);
  const int32_t zp1 = as_i32(r.int_value(1)), m1 = as_i32(r.int_value(2)), s1 = as_i32(r.int_value(3));
  Tensor* b = r.tensor(4);
  const int32_t zp2 = as_i32(r.int_value(5)), m2 = as_i32(r.int_value(6)), s2 = as_i32(r.int_value(7));
  const int32_t zpo = as_i32(r.int_value(8)), mo = as_i32(r.int_value(9)), so = as_i32(r.int_value(10));
  const int32_t lo = as_i32(r.int_value(11)), hi = as_i32(r.int_value(12));
  Tensor* out = r.tensor(13);
  if (r.failed() || !check_int8_operands(r, *a, *b, *out)) return;
  // Each input: ((x - zp) << 20) requantised; the sum requantised, + out zp, clamped.
  int8_binary(*a, *b, *out, [&](int32_t x, int32_t y) {
    const int32_t i1 = cmsis::requantize(shl(x - zp1, kAddLeftShift), m1, s1);
    const int32_t i2 = cmsis::requantize(shl(y - zp2, kAddLeftShift), m2, s2);
    return cmsis::clamp(cmsis::requantize(i1 + i2, mo, so) + zpo, lo, hi);
  });
}

void cortex_m_quantized_mul_out(KernelContext& ctx, KernelArgs args) {
  // (self, self_zp, other, other_zp, out_zp, out_mult, out_shift, *, out) + return
  ArgReader r(ctx, args, 9);
  if (r.failed()) return;
  Tensor* a = r.tensor(0);
  const int32_t zp1 = as_i32(r.int_value(1));
  Tensor* b = r.tensor(2);
  const int32_t zp2 = as_i32(r.int_value(3));
  const int32_t zpo = as_i32(r.int_value(4)), mo = as_i32(r.int_value(5)), so = as_i32(r.int_value(6));
  Tensor* out = r.tensor(7);
  if (r.failed() || !check_int8_operands(r, *a, *b, *out)) return;
  // (x - zp1)(y - zp2) requantised, + out zp, clamped to int8.
  int8_binary(*a, *b, *out, [&](int32_t x, int32_t y) {
    return cmsis::clamp(cmsis::requantize((x - zp1) * (y - zp2), mo, so) + zpo, -128, 127);
  });
}

void cortex_m_quantized_linear_out(KernelContext& ctx, KernelArgs args) {
  // (input, weights, bias?, kernel_sum?, input_offset, filter_offset, output_offset,
  //  int[] requantize_multipliers, int[] requantize_shifts, act_max, act_min, *, out) + return
  ArgReader r(ctx, args, 13);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Tensor* w = r.tensor(1);
  Tensor* bias = r.optional_tensor(2);
  (void)r.optional_tensor(3);  // kernel_sum: the MVE path's precomputed form of the same sum
  const int32_t in_off = as_i32(r.int_value(4)), w_off = as_i32(r.int_value(5)), out_off = as_i32(r.int_value(6));
  size_t nm = 0, ns = 0;
  const int64_t* mults = r.int_list(7, nm);
  const int64_t* shifts = r.int_list(8, ns);
  const int32_t hi = as_i32(r.int_value(9)), lo = as_i32(r.int_value(10));
  Tensor* out = r.tensor(11);
  if (r.failed()) return;
  if (nm == 0 || ns == 0) {
    r.fail("quantized_linear needs a requantize multiplier and shift");
    return;
  }
  if (in->scalar_type() != ScalarType::kChar || w->scalar_type() != ScalarType::kChar ||
      out->scalar_type() != ScalarType::kChar || (bias != nullptr && bias->scalar_type() != ScalarType::kInt)) {
    r.fail("quantized_linear takes int8 input/weights/out and an int32 bias");
    return;
  }
  if (in->dim() == 0 || out->dim() == 0 || w->dim() != 2 || !in->has_default_dim_order() ||
      !out->has_default_dim_order() || !w->has_default_dim_order()) {
    r.fail("quantized_linear needs contiguous tensors and 2-D weights [out_features, in_features]");
    return;
  }
  const int32_t in_features = in->size(in->dim() - 1);
  const int32_t out_features = out->size(out->dim() - 1);
  if (w->size(0) != out_features || w->size(1) != in_features ||
      (bias != nullptr && bias->numel() != static_cast<size_t>(out_features)) ||
      in->numel() / static_cast<size_t>(in_features) != out->numel() / static_cast<size_t>(out_features)) {
    r.fail("quantized_linear shapes do not agree");
    return;
  }
  // Per-tensor requantisation: the kernel uses entry 0 (ET op_quantized_linear.cpp).
  const int32_t mult = as_i32(mults[0]), shift = as_i32(shifts[0]);
  const size_t batches = in->numel() / static_cast<size_t>(in_features);
  const int8_t* x = in->data_as<const int8_t>();
  const int8_t* wt = w->data_as<const int8_t>();
  const int32_t* b = bias == nullptr ? nullptr : bias->data_as<const int32_t>();
  int8_t* y = out->data_as<int8_t>();
  for (size_t n = 0; n < batches; ++n) {
    for (int32_t o = 0; o < out_features; ++o) {
      int32_t acc = b == nullptr ? 0 : b[o];
      for (int32_t k = 0; k < in_features; ++k) {
        acc += (x[n * in_features + k] + in_off) * (wt[o * in_features + k] + w_off);
      }
      y[n * out_features + o] = static_cast<int8_t>(cmsis::clamp(cmsis::requantize(acc, mult, shift) + out_off, lo, hi));
    }
  }
}

}  // namespace corsim::rt::kernels
