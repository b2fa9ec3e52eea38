// Layout kernels: aten::permute_copy, aten::view_copy, dim_order_ops::_to_dim_order_copy and
// _clone_dim_order (ExecuTorch exir/passes/dim_order_ops_registry.py; kernels/portable/cpu/
// op_permute_copy.cpp, op__to_dim_order_copy.cpp, op__clone_dim_order.cpp). Elements are moved by
// logical index, so input and out may have different dim orders (that is what the dim-order copies
// are for).
#include <cstring>

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/index_walk.h"
#include "runtime/kernels/op_portable.h"

namespace corsim::rt::kernels {

namespace {

// One element as int64 or double, for dtype conversion (float -> int truncates toward zero, as a
// C++ static_cast does in the portable kernel).
struct Element {
  bool is_float;
  int64_t i;
  double f;
};

bool supported(ScalarType t) {
  switch (t) {
    case ScalarType::kFloat: case ScalarType::kDouble: case ScalarType::kChar: case ScalarType::kByte:
    case ScalarType::kShort: case ScalarType::kInt: case ScalarType::kLong: case ScalarType::kBool:
      return true;
    default:
      return false;
  }
}

Element load(const Tensor& t, int64_t off) {
  const void* p = t.data();
  switch (t.scalar_type()) {
    case ScalarType::kFloat: return {true, 0, static_cast<const float*>(p)[off]};
    case ScalarType::kDouble: return {true, 0, static_cast<const double*>(p)[off]};
    case ScalarType::kChar: return {false, static_cast<const int8_t*>(p)[off], 0};
    case ScalarType::kByte: return {false, static_cast<const uint8_t*>(p)[off], 0};
    case ScalarType::kShort: return {false, static_cast<const int16_t*>(p)[off], 0};
    case ScalarType::kInt: return {false, static_cast<const int32_t*>(p)[off], 0};
    case ScalarType::kLong: return {false, static_cast<const int64_t*>(p)[off], 0};
    case ScalarType::kBool: return {false, static_cast<const uint8_t*>(p)[off] != 0 ? 1 : 0, 0};
    default: return {false, 0, 0};
  }
}

void store(Tensor& t, int64_t off, const Element& e) {
  void* p = t.data();
  const int64_t iv = e.is_float ? static_cast<int64_t>(e.f) : e.i;
  const double fv = e.is_float ? e.f : static_cast<double>(e.i);
  switch (t.scalar_type()) {
    case ScalarType::kFloat: static_cast<float*>(p)[off] = static_cast<float>(fv); break;
    case ScalarType::kDouble: static_cast<double*>(p)[off] = fv; break;
    case ScalarType::kChar: static_cast<int8_t*>(p)[off] = static_cast<int8_t>(iv); break;
    case ScalarType::kByte: static_cast<uint8_t*>(p)[off] = static_cast<uint8_t>(iv); break;
    case ScalarType::kShort: static_cast<int16_t*>(p)[off] = static_cast<int16_t>(iv); break;
    case ScalarType::kInt: static_cast<int32_t*>(p)[off] = static_cast<int32_t>(iv); break;
    case ScalarType::kLong: static_cast<int64_t*>(p)[off] = iv; break;
    case ScalarType::kBool: static_cast<uint8_t*>(p)[off] = (e.is_float ? e.f != 0.0 : e.i != 0) ? 1 : 0; break;
    default: break;
  }
}

// Copies in -> out element by element in logical row-major order, each side using its own strides.
// Shapes may differ (view): the k-th logical element of in goes to the k-th logical element of out.
void copy_logical(const Tensor& in, Tensor& out) {
  if (in.numel() == 0) return;
  if (in.scalar_type() == out.scalar_type() && in.same_dim_order(out) && in.same_shape(out)) {
    std::memmove(out.data(), in.data(), in.nbytes());
    return;
  }
  IndexWalk wi(in);
  IndexWalk wo(out);
  do {
    store(out, wo.offset_in(out), load(in, wi.offset_in(in)));
    wo.next();
  } while (wi.next());
}

// _to_dim_order_copy / _clone_dim_order: (self, *, bool non_blocking, int[]? dim_order, out) + return.
void dim_order_copy(KernelContext& ctx, KernelArgs args, bool allow_dtype_change) {
  ArgReader r(ctx, args, 5);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  (void)r.bool_value(1);
  Tensor* out = r.tensor(3);
  if (r.failed()) return;
  if (!r.is_none(2)) {
    size_t n = 0;
    const int64_t* order = r.int_list(2, n);
    if (r.failed()) return;
    bool match = n == out->dim();
    for (size_t k = 0; match && k < n; ++k) match = order[k] == out->dim_order(k);
    if (!match) {
      r.fail("dim_order argument differs from the out tensor's dim order");
      return;
    }
  }
  if (!supported(in->scalar_type()) || !supported(out->scalar_type())) {
    r.fail(Error::kNotSupported, "element type not supported by dim-order copy");
    return;
  }
  if (!allow_dtype_change && in->scalar_type() != out->scalar_type()) {
    r.fail("_clone_dim_order cannot change the element type");
    return;
  }
  if (!resize_like(ctx, *out, *in)) return;
  copy_logical(*in, *out);
}

}  // namespace

void aten_permute_copy_out(KernelContext& ctx, KernelArgs args) {
  // (self, int[] dims, *, out) + return
  ArgReader r(ctx, args, 4);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  size_t n = 0;
  const int64_t* dims = r.int_list(1, n);
  Tensor* out = r.tensor(2);
  if (r.failed()) return;
  if (n != in->dim() || out->dim() != n || in->scalar_type() != out->scalar_type()) {
    r.fail("permute dims must list every input dimension; out must match input rank and type");
    return;
  }
  size_t perm[kMaxDims] = {};
  int32_t sizes[kMaxDims] = {};
  uint32_t seen = 0;
  for (size_t k = 0; k < n; ++k) {
    int64_t d = dims[k] < 0 ? dims[k] + static_cast<int64_t>(n) : dims[k];
    if (d < 0 || d >= static_cast<int64_t>(n) || (seen >> d & 1u) != 0) {
      r.fail("permute dims are not a permutation");
      return;
    }
    seen |= 1u << d;
    perm[k] = static_cast<size_t>(d);
    sizes[k] = in->size(perm[k]);
  }
  if (!out->resize(n, sizes)) {
    r.fail("out tensor cannot take the permuted shape");
    return;
  }
  if (out->numel() == 0) return;
  // out[c0..cn-1] = in[c at positions perm]: in's coordinate along perm[k] is out's coordinate k.
  IndexWalk w(*out);
  const size_t es = in->element_size();
  do {
    int64_t in_off = 0;
    for (size_t k = 0; k < n; ++k) in_off += w.index()[k] * in->stride(perm[k]);
    std::memcpy(static_cast<uint8_t*>(out->data()) + w.offset_in(*out) * es,
                static_cast<const uint8_t*>(in->data()) + in_off * es, es);
  } while (w.next());
}

void aten_view_copy_out(KernelContext& ctx, KernelArgs args) {
  // (self, SymInt[] size, *, out) + return
  ArgReader r(ctx, args, 4);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  size_t n = 0;
  const int64_t* size = r.int_list(1, n);
  Tensor* out = r.tensor(2);
  if (r.failed()) return;
  if (n != out->dim() || in->scalar_type() != out->scalar_type()) {
    r.fail("view size must have out's rank; out must match the input type");
    return;
  }
  int32_t sizes[kMaxDims] = {};
  if (!view_sizes(size, n, in->numel(), sizes) || !out->resize(n, sizes)) {
    r.fail("view size does not have the input's element count");
    return;
  }
  copy_logical(*in, *out);
}

void dim_order_ops_to_dim_order_copy_out(KernelContext& ctx, KernelArgs args) { dim_order_copy(ctx, args, true); }
void dim_order_ops_clone_dim_order_out(KernelContext& ctx, KernelArgs args) { dim_order_copy(ctx, args, false); }

}  // namespace corsim::rt::kernels
