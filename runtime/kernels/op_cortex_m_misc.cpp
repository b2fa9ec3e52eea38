// cortex_m::pad / transpose / minimum / maximum / quantized_activation (int8; ExecuTorch
// backends/cortex_m/ops/operators.yaml; semantics of CMSIS-NN arm_pad_s8, arm_transpose_s8,
// arm_minimum_s8/arm_maximum_s8 and ExecuTorch's LUT kernel).
#include <cstring>

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/index_walk.h"
#include "runtime/kernels/op_cortex_m.h"

namespace corsim::rt::kernels {

namespace {

constexpr size_t kMaxCmsisDims = 4;

bool int8_pair(ArgReader& r, const Tensor& a, const Tensor& b) {
  if (a.scalar_type() != ScalarType::kChar || b.scalar_type() != ScalarType::kChar) {
    r.fail("cortex_m op takes int8 tensors");
    return false;
  }
  return true;
}

// Elementwise min/max with NumPy broadcasting (out has the broadcast shape).
void min_max(KernelContext& ctx, KernelArgs args, bool is_max) {
  // (self, other, *, out) + return
  ArgReader r(ctx, args, 4);
  if (r.failed()) return;
  Tensor* a = r.tensor(0);
  Tensor* b = r.tensor(1);
  Tensor* out = r.tensor(2);
  if (r.failed() || !int8_pair(r, *a, *b) || !int8_pair(r, *a, *out)) return;
  if (!broadcasts_to(*a, *out) || !broadcasts_to(*b, *out)) {
    r.fail("operands do not broadcast to the out shape");
    return;
  }
  if (out->numel() == 0) return;
  const int8_t* pa = a->data_as<const int8_t>();
  const int8_t* pb = b->data_as<const int8_t>();
  int8_t* po = out->data_as<int8_t>();
  IndexWalk w(*out);
  do {
    const int8_t x = pa[w.offset_in(*a)], y = pb[w.offset_in(*b)];
    po[w.offset_in(*out)] = is_max ? (x > y ? x : y) : (x < y ? x : y);
  } while (w.next());
}

}  // namespace

void cortex_m_minimum_out(KernelContext& ctx, KernelArgs args) { min_max(ctx, args, false); }
void cortex_m_maximum_out(KernelContext& ctx, KernelArgs args) { min_max(ctx, args, true); }

void cortex_m_pad_out(KernelContext& ctx, KernelArgs args) {
  // (input, int[] pre_pad, int[] post_pad, int pad_value, *, out) + return.
  // The pads follow the input's memory order (NHWC for channels-last), right-aligned to 4-D.
  ArgReader r(ctx, args, 6);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  size_t npre = 0, npost = 0;
  const int64_t* pre = r.int_list(1, npre);
  const int64_t* post = r.int_list(2, npost);
  const int64_t value = r.int_value(3);
  Tensor* out = r.tensor(4);
  if (r.failed() || !int8_pair(r, *in, *out)) return;
  const size_t rank = in->dim();
  if (rank == 0 || rank > kMaxCmsisDims || npre != kMaxCmsisDims || npost != kMaxCmsisDims || out->dim() != rank) {
    r.fail("cortex_m::pad takes rank 1-4 tensors and 4 pre/post pads");
    return;
  }
  int64_t dims[kMaxCmsisDims] = {1, 1, 1, 1};
  int64_t odims[kMaxCmsisDims] = {1, 1, 1, 1};
  const size_t lead = kMaxCmsisDims - rank;
  for (size_t k = 0; k < rank; ++k) {
    dims[lead + k] = in->size(in->dim_order(k));
    odims[lead + k] = out->size(out->dim_order(k));
  }
  for (size_t k = 0; k < kMaxCmsisDims; ++k) {
    if (pre[k] < 0 || post[k] < 0 || odims[k] != dims[k] + pre[k] + post[k]) {
      r.fail("cortex_m::pad out shape is not input + pre_pad + post_pad");
      return;
    }
  }
  int8_t* y = out->data_as<int8_t>();
  std::memset(y, static_cast<int8_t>(value), out->numel());
  const int8_t* x = in->data_as<const int8_t>();
  for (int64_t a = 0; a < dims[0]; ++a) {
    for (int64_t b = 0; b < dims[1]; ++b) {
      for (int64_t c = 0; c < dims[2]; ++c) {
        const int64_t src = ((a * dims[1] + b) * dims[2] + c) * dims[3];
        const int64_t dst = (((a + pre[0]) * odims[1] + b + pre[1]) * odims[2] + c + pre[2]) * odims[3] + pre[3];
        std::memcpy(y + dst, x + src, static_cast<size_t>(dims[3]));
      }
    }
  }
}

void cortex_m_transpose_out(KernelContext& ctx, KernelArgs args) {
  // (input, int[] perm, *, out) + return: the buffers are read and written row-major in the
  // tensors' logical sizes (arm_transpose_s8 ignores dim order); out dim k is input dim perm[k].
  ArgReader r(ctx, args, 4);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  size_t n = 0;
  const int64_t* perm = r.int_list(1, n);
  Tensor* out = r.tensor(2);
  if (r.failed() || !int8_pair(r, *in, *out)) return;
  const size_t rank = in->dim();
  if (rank == 0 || rank > kMaxCmsisDims || n != rank || out->dim() != rank) {
    r.fail("cortex_m::transpose takes rank 1-4 tensors and a full permutation");
    return;
  }
  int64_t in_stride[kMaxCmsisDims] = {};
  int64_t s = 1;
  for (size_t d = rank; d-- > 0;) {
    in_stride[d] = s;
    s *= in->size(d);
  }
  uint32_t seen = 0;
  for (size_t k = 0; k < rank; ++k) {
    if (perm[k] < 0 || perm[k] >= static_cast<int64_t>(rank) || (seen >> perm[k] & 1u) != 0 ||
        out->size(k) != in->size(static_cast<size_t>(perm[k]))) {
      r.fail("cortex_m::transpose perm is not a permutation matching the out shape");
      return;
    }
    seen |= 1u << perm[k];
  }
  if (out->numel() == 0) return;
  const int8_t* x = in->data_as<const int8_t>();
  int8_t* y = out->data_as<int8_t>();
  Tensor shape;
  shape.init(ScalarType::kChar, rank, out->sizes(), nullptr, nullptr);
  IndexWalk w(shape);
  size_t o = 0;
  do {
    int64_t src = 0;
    for (size_t k = 0; k < rank; ++k) src += w.index()[k] * in_stride[perm[k]];
    y[o++] = x[src];
  } while (w.next());
}

void cortex_m_quantized_activation_out(KernelContext& ctx, KernelArgs args) {
  // (input, Tensor lut, *, out) + return: out = lut[x + 128] (256-entry int8 table).
  ArgReader r(ctx, args, 4);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Tensor* lut = r.tensor(1);
  Tensor* out = r.tensor(2);
  if (r.failed() || !int8_pair(r, *in, *out) || !int8_pair(r, *in, *lut)) return;
  if (lut->numel() != 256 || !in->same_dim_order(*out)) {
    r.fail("quantized_activation needs a 256-entry LUT and matching input/out layouts");
    return;
  }
  if (!resize_like(ctx, *out, *in)) return;
  const int8_t* x = in->data_as<const int8_t>();
  const int8_t* t = lut->data_as<const int8_t>();
  int8_t* y = out->data_as<int8_t>();
  for (size_t i = 0, n = in->numel(); i < n; ++i) y[i] = t[static_cast<uint8_t>(x[i] + 128)];
}

}  // namespace corsim::rt::kernels
