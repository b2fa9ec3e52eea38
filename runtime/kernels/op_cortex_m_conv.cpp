// cortex_m::quantized_conv2d / quantized_depthwise_conv2d (ExecuTorch
// backends/cortex_m/ops/operators.yaml) with the arithmetic of CMSIS-NN's arm_convolve_s8 /
// arm_depthwise_conv_s8 (scalar path):
//   acc = bias[oc] + sum over the window of (input + input_offset) * weight
//   out = clamp(requantize(acc, mult[oc], shift[oc]) + output_offset, act_min, act_max)
// Window positions in the padding contribute nothing (CMSIS pads with -input_offset).
// Input and out are 4-D with logical sizes [N, C, H, W] in any dim order (the Arm flows use
// channels-last); weights are [O, KH, KW, I] (conv) or [1, KH, KW, O] (depthwise), as
// ExecuTorch's cortex_m passes lay them out.
#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/cmsis_math.h"
#include "runtime/kernels/op_cortex_m.h"

namespace corsim::rt::kernels {

namespace {

struct Geometry {
  int32_t stride_h, stride_w, pad_h, pad_w, dil_h, dil_w;
};

bool read_pairs(ArgReader& r, size_t stride_i, size_t pad_i, size_t dil_i, Geometry& g) {
  size_t ns = 0, np = 0, nd = 0;
  const int64_t* s = r.int_list(stride_i, ns);
  const int64_t* p = r.int_list(pad_i, np);
  const int64_t* d = r.int_list(dil_i, nd);
  if (r.failed()) return false;
  if (ns != 2 || np != 2 || nd != 2 || s[0] < 1 || s[1] < 1 || d[0] < 1 || d[1] < 1 || p[0] < 0 || p[1] < 0) {
    r.fail("stride, padding and dilation must be pairs (stride, dilation >= 1; padding >= 0)");
    return false;
  }
  g = Geometry{static_cast<int32_t>(s[0]), static_cast<int32_t>(s[1]), static_cast<int32_t>(p[0]),
               static_cast<int32_t>(p[1]), static_cast<int32_t>(d[0]), static_cast<int32_t>(d[1])};
  return true;
}

// Per-channel int32 (or int64) requantisation parameter.
bool per_channel(const Tensor& t, size_t c, int32_t& v) {
  if (c >= t.numel()) return false;
  if (t.scalar_type() == ScalarType::kInt) {
    v = t.data_as<const int32_t>()[c];
  } else if (t.scalar_type() == ScalarType::kLong) {
    v = static_cast<int32_t>(t.data_as<const int64_t>()[c]);
  } else {
    return false;
  }
  return true;
}

int64_t at(const Tensor& t, int64_t a, int64_t b, int64_t c, int64_t d) {
  return a * t.stride(0) + b * t.stride(1) + c * t.stride(2) + d * t.stride(3);
}

struct ConvArgs {
  Tensor* in;
  Tensor* w;
  Tensor* bias;
  Geometry g;
  int32_t depth_multiplier;  // 0: regular convolution
  int32_t in_off, out_off;
  Tensor* mults;
  Tensor* shifts;
  int32_t lo, hi;
  Tensor* out;
};

void run_conv(ArgReader& r, const ConvArgs& a) {
  const Tensor& in = *a.in;
  const Tensor& w = *a.w;
  Tensor& out = *a.out;
  if (in.dim() != 4 || w.dim() != 4 || out.dim() != 4 || in.scalar_type() != ScalarType::kChar ||
      w.scalar_type() != ScalarType::kChar || out.scalar_type() != ScalarType::kChar ||
      (a.bias != nullptr && a.bias->scalar_type() != ScalarType::kInt)) {
    r.fail("quantized conv takes 4-D int8 input/weight/out and an int32 bias");
    return;
  }
  const int32_t n_batch = in.size(0), in_c = in.size(1), in_h = in.size(2), in_w = in.size(3);
  const int32_t out_c = out.size(1), out_h = out.size(2), out_w = out.size(3);
  const int32_t k_h = w.size(1), k_w = w.size(2);
  const bool depthwise = a.depth_multiplier > 0;
  const bool shapes_ok = out.size(0) == n_batch &&
                         (depthwise ? (w.size(0) == 1 && w.size(3) == out_c && out_c == in_c * a.depth_multiplier)
                                    : (w.size(0) == out_c && w.size(3) == in_c));
  if (!shapes_ok || (a.bias != nullptr && a.bias->numel() != static_cast<size_t>(out_c)) ||
      a.mults->numel() != static_cast<size_t>(out_c) || a.shifts->numel() != static_cast<size_t>(out_c)) {
    r.fail("quantized conv shapes do not agree (weights, channels, bias, requantize parameters)");
    return;
  }
  const int8_t* x = in.data_as<const int8_t>();
  const int8_t* wt = w.data_as<const int8_t>();
  const int32_t* b = a.bias == nullptr ? nullptr : a.bias->data_as<const int32_t>();
  int8_t* y = out.data_as<int8_t>();
  const Geometry& g = a.g;
  for (int32_t n = 0; n < n_batch; ++n) {
    for (int32_t oy = 0; oy < out_h; ++oy) {
      for (int32_t ox = 0; ox < out_w; ++ox) {
        for (int32_t oc = 0; oc < out_c; ++oc) {
          int32_t mult = 0, shift = 0;
          if (!per_channel(*a.mults, static_cast<size_t>(oc), mult) || !per_channel(*a.shifts, static_cast<size_t>(oc), shift)) {
            r.fail("requantize multipliers/shifts must be int32 tensors");
            return;
          }
          int32_t acc = b == nullptr ? 0 : b[oc];
          for (int32_t ky = 0; ky < k_h; ++ky) {
            const int32_t iy = oy * g.stride_h - g.pad_h + ky * g.dil_h;
            if (iy < 0 || iy >= in_h) continue;
            for (int32_t kx = 0; kx < k_w; ++kx) {
              const int32_t ix = ox * g.stride_w - g.pad_w + kx * g.dil_w;
              if (ix < 0 || ix >= in_w) continue;
              if (depthwise) {
                const int32_t ic = oc / a.depth_multiplier;
                acc += (x[at(in, n, ic, iy, ix)] + a.in_off) * wt[at(w, 0, ky, kx, oc)];
              } else {
                for (int32_t ic = 0; ic < in_c; ++ic) {
                  acc += (x[at(in, n, ic, iy, ix)] + a.in_off) * wt[at(w, oc, ky, kx, ic)];
                }
              }
            }
          }
          y[at(out, n, oc, oy, ox)] =
              static_cast<int8_t>(cmsis::clamp(cmsis::requantize(acc, mult, shift) + a.out_off, a.lo, a.hi));
        }
      }
    }
  }
}

}  // namespace

void cortex_m_quantized_conv2d_out(KernelContext& ctx, KernelArgs args) {
  // (input, weight, bias?, stride[], padding[], dilation[], input_offset, output_offset,
  //  Tensor requantize_multipliers, Tensor requantize_shifts, act_min, act_max, Tensor scratch, *, out) + return
  ArgReader r(ctx, args, 15);
  if (r.failed()) return;
  ConvArgs a{};
  a.in = r.tensor(0);
  a.w = r.tensor(1);
  a.bias = r.optional_tensor(2);
  if (r.failed() || !read_pairs(r, 3, 4, 5, a.g)) return;
  a.in_off = static_cast<int32_t>(r.int_value(6));
  a.out_off = static_cast<int32_t>(r.int_value(7));
  a.mults = r.tensor(8);
  a.shifts = r.tensor(9);
  a.lo = static_cast<int32_t>(r.int_value(10));
  a.hi = static_cast<int32_t>(r.int_value(11));
  (void)r.optional_tensor(12);  // CMSIS work buffer: not needed by this implementation
  a.out = r.tensor(13);
  if (r.failed()) return;
  run_conv(r, a);
}

void cortex_m_quantized_depthwise_conv2d_out(KernelContext& ctx, KernelArgs args) {
  // (input, weight, bias?, stride[], padding[], dilation[], depth_multiplier, input_offset,
  //  output_offset, Tensor mults, Tensor shifts, act_min, act_max, Tensor scratch, *, out) + return
  ArgReader r(ctx, args, 16);
  if (r.failed()) return;
  ConvArgs a{};
  a.in = r.tensor(0);
  a.w = r.tensor(1);
  a.bias = r.optional_tensor(2);
  if (r.failed() || !read_pairs(r, 3, 4, 5, a.g)) return;
  const int64_t dm = r.int_value(6);
  if (dm < 1) {
    r.fail("depth_multiplier must be >= 1");
    return;
  }
  a.depth_multiplier = static_cast<int32_t>(dm);
  a.in_off = static_cast<int32_t>(r.int_value(7));
  a.out_off = static_cast<int32_t>(r.int_value(8));
  a.mults = r.tensor(9);
  a.shifts = r.tensor(10);
  a.lo = static_cast<int32_t>(r.int_value(11));
  a.hi = static_cast<int32_t>(r.int_value(12));
  (void)r.optional_tensor(13);
  a.out = r.tensor(14);
  if (r.failed()) return;
  run_conv(r, a);
}

}  // namespace corsim::rt::kernels
