// aten::add/sub/mul/relu/clamp .out (portable semantics: ExecuTorch
// kernels/portable/functions.yaml, kernels/portable/cpu/op_add.cpp, op_sub.cpp, op_mul.cpp,
// op_relu.cpp, op_clamp.cpp).
//
// float32 is computed in float (add: a + alpha*b with alpha converted to float, as ExecuTorch's
// portable kernel does); integer types are computed in int64 and wrap to the out type, which is the
// same two's-complement result as computing in the narrow type. All operands share one type.
#include <cmath>
#include <type_traits>

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/index_walk.h"
#include "runtime/kernels/op_portable.h"

namespace corsim::rt::kernels {

namespace {

enum class BinaryOp { kAdd, kSub, kMul };

template <class T>
T apply_int(BinaryOp op, T a, T b, int64_t alpha) {
  const int64_t x = a, y = b;
  int64_t r = 0;
  switch (op) {
    case BinaryOp::kAdd: r = x + alpha * y; break;
    case BinaryOp::kSub: r = x - alpha * y; break;
    case BinaryOp::kMul: r = x * y; break;
  }
  return static_cast<T>(static_cast<uint64_t>(r));
}

inline float apply_float(BinaryOp op, float a, float b, float alpha) {
  switch (op) {
    case BinaryOp::kAdd: return a + alpha * b;
    case BinaryOp::kSub: return a - alpha * b;
    case BinaryOp::kMul: return a * b;
  }
  return 0.0f;
}

template <class T, class F>
void binary_loop(const Tensor& a, const Tensor& b, Tensor& out, F f) {
  const T* pa = a.data_as<const T>();
  const T* pb = b.data_as<const T>();
  T* po = out.data_as<T>();
  if (out.numel() == 0) return;
  IndexWalk w(out);
  do {
    po[w.offset_in(out)] = f(pa[w.offset_in(a)], pb[w.offset_in(b)]);
  } while (w.next());
}

// Output shape of broadcasting a with b; false when they do not broadcast.
bool broadcast_shape(const Tensor& a, const Tensor& b, size_t& rank, int32_t* sizes) {
  rank = a.dim() > b.dim() ? a.dim() : b.dim();
  for (size_t d = 0; d < rank; ++d) {
    const int64_t ia = static_cast<int64_t>(d) - static_cast<int64_t>(rank - a.dim());
    const int64_t ib = static_cast<int64_t>(d) - static_cast<int64_t>(rank - b.dim());
    const int32_t sa = ia >= 0 ? a.size(static_cast<size_t>(ia)) : 1;
    const int32_t sb = ib >= 0 ? b.size(static_cast<size_t>(ib)) : 1;
    if (sa != sb && sa != 1 && sb != 1) return false;
    sizes[d] = sa == 1 ? sb : sa;
  }
  return true;
}

void binary(KernelContext& ctx, KernelArgs args, BinaryOp op, bool has_alpha) {
  // add/sub: (self, other, *, Scalar alpha, out) + return; mul: (self, other, *, out) + return
  ArgReader r(ctx, args, has_alpha ? 5 : 4);
  if (r.failed()) return;
  Tensor* a = r.tensor(0);
  Tensor* b = r.tensor(1);
  const EValue* alpha = has_alpha ? r.scalar(2) : nullptr;
  Tensor* out = r.tensor(has_alpha ? 3 : 2);
  if (r.failed()) return;
  const ScalarType t = out->scalar_type();
  if (a->scalar_type() != t || b->scalar_type() != t) {
    r.fail(Error::kNotSupported, "operands and out must have the same element type");
    return;
  }
  size_t rank = 0;
  int32_t sizes[kMaxDims] = {};
  if (!broadcast_shape(*a, *b, rank, sizes)) {
    r.fail("operand shapes do not broadcast");
    return;
  }
  Tensor shape;
  shape.init(t, rank, sizes, nullptr, nullptr);
  if (!resize_like(ctx, *out, shape)) return;
  const bool int_alpha = alpha == nullptr || !alpha->is_double();
  const int64_t ia = alpha == nullptr ? 1 : alpha->scalar_as_int();
  const float fa = alpha == nullptr ? 1.0f : static_cast<float>(alpha->scalar_as_double());
  switch (t) {
    case ScalarType::kFloat:
      binary_loop<float>(*a, *b, *out, [&](float x, float y) { return apply_float(op, x, y, fa); });
      return;
    default: break;
  }
  if (!int_alpha) {
    r.fail("alpha must be an integer for integer tensors");
    return;
  }
  switch (t) {
    case ScalarType::kChar: binary_loop<int8_t>(*a, *b, *out, [&](int8_t x, int8_t y) { return apply_int(op, x, y, ia); }); return;
    case ScalarType::kByte: binary_loop<uint8_t>(*a, *b, *out, [&](uint8_t x, uint8_t y) { return apply_int(op, x, y, ia); }); return;
    case ScalarType::kShort: binary_loop<int16_t>(*a, *b, *out, [&](int16_t x, int16_t y) { return apply_int(op, x, y, ia); }); return;
    case ScalarType::kInt: binary_loop<int32_t>(*a, *b, *out, [&](int32_t x, int32_t y) { return apply_int(op, x, y, ia); }); return;
    case ScalarType::kLong: binary_loop<int64_t>(*a, *b, *out, [&](int64_t x, int64_t y) { return apply_int(op, x, y, ia); }); return;
    default: r.fail(Error::kNotSupported, "element type not supported by this kernel");
  }
}

template <class T, class F>
void unary_loop(const Tensor& in, Tensor& out, F f) {
  const T* pi = in.data_as<const T>();
  T* po = out.data_as<T>();
  if (out.numel() == 0) return;
  IndexWalk w(out);
  do {
    po[w.offset_in(out)] = f(pi[w.offset_in(in)]);
  } while (w.next());
}

// Clamp in the tensor's type; NaN propagates for float (ExecuTorch's min/max overrides).
template <class T>
void clamp_loop(const Tensor& in, Tensor& out, bool has_min, double lo, bool has_max, double hi) {
  unary_loop<T>(in, out, [&](T v) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(v)) return v;
    }
    if (has_min && static_cast<double>(v) < lo) v = static_cast<T>(lo);
    if (has_max && static_cast<double>(v) > hi) v = static_cast<T>(hi);
    return v;
  });
}

}  // namespace

void aten_add_out(KernelContext& ctx, KernelArgs args) { binary(ctx, args, BinaryOp::kAdd, true); }
void aten_sub_out(KernelContext& ctx, KernelArgs args) { binary(ctx, args, BinaryOp::kSub, true); }
void aten_mul_out(KernelContext& ctx, KernelArgs args) { binary(ctx, args, BinaryOp::kMul, false); }

void aten_relu_out(KernelContext& ctx, KernelArgs args) {
  // (self, *, out) + return
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Tensor* out = r.tensor(1);
  if (r.failed()) return;
  if (in->scalar_type() != out->scalar_type()) {
    r.fail(Error::kNotSupported, "relu input and out must have the same element type");
    return;
  }
  if (!resize_like(ctx, *out, *in)) return;
  switch (in->scalar_type()) {
    // NaN is kept (it is neither >= 0 nor replaced).
    case ScalarType::kFloat: unary_loop<float>(*in, *out, [](float v) { return std::isnan(v) || v >= 0.0f ? v : 0.0f; }); return;
    case ScalarType::kChar: unary_loop<int8_t>(*in, *out, [](int8_t v) { return v > 0 ? v : int8_t{0}; }); return;
    case ScalarType::kShort: unary_loop<int16_t>(*in, *out, [](int16_t v) { return v > 0 ? v : int16_t{0}; }); return;
    case ScalarType::kInt: unary_loop<int32_t>(*in, *out, [](int32_t v) { return v > 0 ? v : 0; }); return;
    case ScalarType::kByte: unary_loop<uint8_t>(*in, *out, [](uint8_t v) { return v; }); return;
    default: r.fail(Error::kNotSupported, "element type not supported by relu");
  }
}

void aten_clamp_out(KernelContext& ctx, KernelArgs args) {
  // (self, Scalar? min, Scalar? max, *, out) + return
  ArgReader r(ctx, args, 5);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  const bool has_min = !r.is_none(1), has_max = !r.is_none(2);
  const double lo = has_min && r.scalar(1) != nullptr ? r.scalar(1)->scalar_as_double() : 0.0;
  const double hi = has_max && r.scalar(2) != nullptr ? r.scalar(2)->scalar_as_double() : 0.0;
  Tensor* out = r.tensor(3);
  if (r.failed()) return;
  if (in->scalar_type() != out->scalar_type()) {
    r.fail(Error::kNotSupported, "clamp input and out must have the same element type");
    return;
  }
  if (!resize_like(ctx, *out, *in)) return;
  switch (in->scalar_type()) {
    case ScalarType::kFloat: {
      // Bounds are converted to float first, as the portable kernel does.
      const double flo = static_cast<float>(lo), fhi = static_cast<float>(hi);
      clamp_loop<float>(*in, *out, has_min, flo, has_max, fhi);
      return;
    }
    case ScalarType::kChar: clamp_loop<int8_t>(*in, *out, has_min, lo, has_max, hi); return;
    case ScalarType::kByte: clamp_loop<uint8_t>(*in, *out, has_min, lo, has_max, hi); return;
    case ScalarType::kShort: clamp_loop<int16_t>(*in, *out, has_min, lo, has_max, hi); return;
    case ScalarType::kInt: clamp_loop<int32_t>(*in, *out, has_min, lo, has_max, hi); return;
    default: r.fail(Error::kNotSupported, "element type not supported by clamp");
  }
}

}  // namespace corsim::rt::kernels
