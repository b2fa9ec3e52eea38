// aten::_softmax.out (portable, float32; ExecuTorch kernels/portable/cpu/op_softmax.cpp). Per slice
// along `dim`: m = max; e_k = expf(x_k - m) summed in float in index order; out_k = e_k / sum. This
// is the portable kernel's sequence of float operations; expf comes from the C library (glibc on
// the host, newlib on the target), so results can differ by an ulp between the two.
#include <cmath>

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/index_walk.h"
#include "runtime/kernels/op_portable.h"

namespace corsim::rt::kernels {

void aten_softmax_out(KernelContext& ctx, KernelArgs args) {
  // (self, int dim, bool half_to_float, *, out) + return
  ArgReader r(ctx, args, 5);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  int64_t dim = r.int_value(1);
  const bool half_to_float = r.bool_value(2);
  Tensor* out = r.tensor(3);
  if (r.failed()) return;
  if (half_to_float) {
    r.fail(Error::kNotSupported, "_softmax with half_to_float");
    return;
  }
  if (in->scalar_type() != ScalarType::kFloat || out->scalar_type() != ScalarType::kFloat) {
    r.fail(Error::kNotSupported, "_softmax supports float32 only");
    return;
  }
  const int64_t rank = static_cast<int64_t>(in->dim());
  if (dim < 0) dim += rank == 0 ? 1 : rank;
  if (dim < 0 || (rank > 0 && dim >= rank)) {
    r.fail("_softmax dim out of range");
    return;
  }
  if (!resize_like(ctx, *out, *in)) return;
  if (in->numel() == 0) return;
  if (rank == 0) {
    out->data_as<float>()[0] = 1.0f;
    return;
  }
  const size_t d = static_cast<size_t>(dim);
  const int64_t len = in->size(d);
  const float* x = in->data_as<const float>();
  float* y = out->data_as<float>();
  // Walk every slice start: the shape with `dim` collapsed to 1.
  Tensor outer;
  int32_t sizes[kMaxDims] = {};
  for (size_t k = 0; k < in->dim(); ++k) sizes[k] = k == d ? 1 : in->size(k);
  outer.init(ScalarType::kFloat, in->dim(), sizes, nullptr, nullptr);
  IndexWalk w(outer);
  do {
    int64_t base_in = 0, base_out = 0;
    for (size_t k = 0; k < in->dim(); ++k) {
      base_in += w.index()[k] * in->stride(k);
      base_out += w.index()[k] * out->stride(k);
    }
    const int64_t si = in->stride(d), so = out->stride(d);
    float m = x[base_in];
    // std::max(value, running max), the portable kernel's reduction order (matters only for NaN).
    for (int64_t k = 1; k < len; ++k) m = x[base_in + k * si] < m ? m : x[base_in + k * si];
    float sum = 0.0f;
    for (int64_t k = 0; k < len; ++k) {
      const float e = std::exp(x[base_in + k * si] - m);
      y[base_out + k * so] = e;
      sum += e;
    }
    for (int64_t k = 0; k < len; ++k) y[base_out + k * so] /= sum;
  } while (w.next());
}

}  // namespace corsim::rt::kernels
