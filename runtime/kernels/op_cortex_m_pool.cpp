// cortex_m::quantized_avg_pool2d / quantized_max_pool2d (ExecuTorch
// backends/cortex_m/ops/operators.yaml) with the arithmetic of CMSIS-NN's arm_avgpool_s8 /
// arm_max_pool_s8: the window is clipped to the input (padding is never counted); avg = sum / count
// rounded half away from zero ((sum + count/2) / count for sum > 0, else (sum - count/2) / count, C
// division), then clamped. The avg-pool zero_point/multiplier/shift arguments are unused, as in
// ExecuTorch's kernel.
#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/cmsis_math.h"
#include "runtime/kernels/op_cortex_m.h"

namespace corsim::rt::kernels {

namespace {

struct Pool {
  int32_t k_h, k_w, s_h, s_w, p_h, p_w;
};

bool read_pool(ArgReader& r, size_t kernel_i, size_t stride_i, size_t pad_i, Pool& p) {
  size_t nk = 0, ns = 0, np = 0;
  const int64_t* k = r.int_list(kernel_i, nk);
  const int64_t* s = r.int_list(stride_i, ns);
  const int64_t* d = r.int_list(pad_i, np);
  if (r.failed()) return false;
  if (nk != 2 || ns != 2 || np != 2 || k[0] < 1 || k[1] < 1 || s[0] < 1 || s[1] < 1 || d[0] < 0 || d[1] < 0) {
    r.fail("kernel_size, stride and padding must be pairs (kernel, stride >= 1; padding >= 0)");
    return false;
  }
  p = Pool{static_cast<int32_t>(k[0]), static_cast<int32_t>(k[1]), static_cast<int32_t>(s[0]),
           static_cast<int32_t>(s[1]), static_cast<int32_t>(d[0]), static_cast<int32_t>(d[1])};
  return true;
}

bool check_tensors(ArgReader& r, const Tensor& in, const Tensor& out) {
  if (in.dim() != 4 || out.dim() != 4 || in.scalar_type() != ScalarType::kChar ||
      out.scalar_type() != ScalarType::kChar || in.size(0) != out.size(0) || in.size(1) != out.size(1)) {
    r.fail("quantized pooling takes 4-D int8 tensors with matching batch and channels");
    return false;
  }
  return true;
}

int64_t at(const Tensor& t, int64_t a, int64_t b, int64_t c, int64_t d) {
  return a * t.stride(0) + b * t.stride(1) + c * t.stride(2) + d * t.stride(3);
}

// Runs `reduce(sum_or_max, count)` over every clipped window; false if a window is empty.
template <class Init, class Step, class Finish>
bool pool(const Tensor& in, Tensor& out, const Pool& p, Init init, Step step, Finish finish) {
  const int8_t* x = in.data_as<const int8_t>();
  int8_t* y = out.data_as<int8_t>();
  const int32_t in_h = in.size(2), in_w = in.size(3);
  for (int32_t n = 0; n < out.size(0); ++n) {
    for (int32_t c = 0; c < out.size(1); ++c) {
      for (int32_t oy = 0; oy < out.size(2); ++oy) {
        for (int32_t ox = 0; ox < out.size(3); ++ox) {
          const int32_t base_y = oy * p.s_h - p.p_h, base_x = ox * p.s_w - p.p_w;
          const int32_t y0 = base_y < 0 ? -base_y : 0, x0 = base_x < 0 ? -base_x : 0;
          const int32_t y1 = p.k_h < in_h - base_y ? p.k_h : in_h - base_y;
          const int32_t x1 = p.k_w < in_w - base_x ? p.k_w : in_w - base_x;
          int32_t acc = init();
          int32_t count = 0;
          for (int32_t ky = y0; ky < y1; ++ky) {
            for (int32_t kx = x0; kx < x1; ++kx) {
              acc = step(acc, x[at(in, n, c, base_y + ky, base_x + kx)]);
              ++count;
            }
          }
          if (count == 0) return false;
          y[at(out, n, c, oy, ox)] = static_cast<int8_t>(finish(acc, count));
        }
      }
    }
  }
  return true;
}

}  // namespace

void cortex_m_quantized_avg_pool2d_out(KernelContext& ctx, KernelArgs args) {
  // (input, kernel_size[], stride[], padding[], ceil_mode, zero_point, multiplier, shift, scratch, *, out) + return
  ArgReader r(ctx, args, 11);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Pool p{};
  if (r.failed() || !read_pool(r, 1, 2, 3, p)) return;
  (void)r.bool_value(4);  // ceil_mode only changes the out shape, which the program fixes
  (void)r.int_value(5);
  (void)r.int_value(6);
  (void)r.int_value(7);
  Tensor* out = r.tensor(9);
  if (r.failed() || !check_tensors(r, *in, *out)) return;
  const bool ok = pool(
      *in, *out, p, [] { return 0; }, [](int32_t s, int32_t v) { return s + v; },
      [](int32_t sum, int32_t count) {
        const int32_t q = sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
        return cmsis::clamp(q, -128, 127);
      });
  if (!ok) r.fail("a pooling window lies entirely in the padding");
}

void cortex_m_quantized_max_pool2d_out(KernelContext& ctx, KernelArgs args) {
  // (input, kernel_size[], stride[], padding[], dilation[], ceil_mode, input_zp, output_zp,
  //  act_min, act_max, *, out) + return
  ArgReader r(ctx, args, 12);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Pool p{};
  if (r.failed() || !read_pool(r, 1, 2, 3, p)) return;
  size_t nd = 0;
  const int64_t* dil = r.int_list(4, nd);
  (void)r.bool_value(5);
  const int64_t in_zp = r.int_value(6), out_zp = r.int_value(7);
  const int32_t lo = static_cast<int32_t>(r.int_value(8)), hi = static_cast<int32_t>(r.int_value(9));
  Tensor* out = r.tensor(10);
  if (r.failed() || !check_tensors(r, *in, *out)) return;
  if (nd != 2 || dil[0] != 1 || dil[1] != 1) {
    r.fail(Error::kNotSupported, "quantized_max_pool2d with dilation other than 1");
    return;
  }
  if (in_zp != out_zp) {
    r.fail("quantized_max_pool2d input and output zero points must match");
    return;
  }
  const bool ok = pool(
      *in, *out, p, [] { return INT32_MIN; }, [](int32_t m, int32_t v) { return v > m ? v : m; },
      [&](int32_t m, int32_t) { return cmsis::clamp(m, lo, hi); });
  if (!ok) r.fail("a pooling window lies entirely in the padding");
}

}  // namespace corsim::rt::kernels
