// executorch_prim:: scalar ops, aten::sym_size.int and executorch_prim::et_view.default (ExecuTorch
// kernels/prim_ops/register_prim_ops.cpp). Their argument lists have no extra return slot: the last
// argument is the EValue that receives the result.
#include <cmath>

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/op_portable.h"

namespace corsim::rt::kernels {

namespace {

// Reads (a, b, out) of a binary scalar op and applies `on_int` when both operands are Int, else
// `on_double` on their values as doubles. Either may fail the kernel through the reader.
template <class OnInt, class OnDouble>
void binary_scalar(KernelContext& ctx, KernelArgs args, OnInt on_int, OnDouble on_double) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  const EValue* b = r.scalar(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  if (a->is_int() && b->is_int()) {
    on_int(r, a->to_int(), b->to_int(), *out);
    return;
  }
  on_double(r, a->scalar_as_double(), b->scalar_as_double(), *out);
}

// An op with the same formula for Int and Double operands (Int op Int stays Int).
template <class Fn>
void same_formula(KernelContext& ctx, KernelArgs args, Fn fn) {
  binary_scalar(
      ctx, args, [&](ArgReader&, int64_t x, int64_t y, EValue& out) { out.set_int(fn(x, y)); },
      [&](ArgReader&, double x, double y, EValue& out) { out.set_double(fn(x, y)); });
}

void prim_add(KernelContext& ctx, KernelArgs args) {
  same_formula(ctx, args, [](auto x, auto y) { return x + y; });
}
void prim_sub(KernelContext& ctx, KernelArgs args) {
  same_formula(ctx, args, [](auto x, auto y) { return x - y; });
}
void prim_mul(KernelContext& ctx, KernelArgs args) {
  same_formula(ctx, args, [](auto x, auto y) { return x * y; });
}

// Python floor division: rounds toward negative infinity.
void prim_floordiv(KernelContext& ctx, KernelArgs args) {
  binary_scalar(
      ctx, args,
      [](ArgReader& r, int64_t x, int64_t y, EValue& out) {
        if (y == 0) {
          r.fail("floordiv by zero");
          return;
        }
        const int64_t q = x / y;
        out.set_int((x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q);
      },
      [](ArgReader&, double x, double y, EValue& out) { out.set_double(std::floor(x / y)); });
}

void prim_truediv(KernelContext& ctx, KernelArgs args) {
  binary_scalar(
      ctx, args,
      [](ArgReader&, int64_t x, int64_t y, EValue& out) { out.set_double(double(x) / double(y)); },
      [](ArgReader&, double x, double y, EValue& out) { out.set_double(x / y); });
}

// floordiv.int and mod.int/mod.Scalar are C++ integer division and remainder (truncating), unlike
// floordiv.Scalar (ET register_prim_ops.cpp).
void int_div_mod(KernelContext& ctx, KernelArgs args, bool mod) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  const int64_t a = r.int_value(0), b = r.int_value(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  if (b == 0 || (a == INT64_MIN && b == -1)) {
    r.fail("integer division by zero or overflow");
    return;
  }
  out->set_int(mod ? a % b : a / b);
}

void prim_floordiv_int(KernelContext& ctx, KernelArgs args) { int_div_mod(ctx, args, false); }
void prim_mod(KernelContext& ctx, KernelArgs args) { int_div_mod(ctx, args, true); }

void min_max(KernelContext& ctx, KernelArgs args, bool is_max) {
  same_formula(ctx, args, [is_max](auto x, auto y) { return is_max ? (x > y ? x : y) : (x < y ? x : y); });
}

void prim_sym_max(KernelContext& ctx, KernelArgs args) { min_max(ctx, args, true); }
void prim_sym_min(KernelContext& ctx, KernelArgs args) { min_max(ctx, args, false); }

void prim_sym_float(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 2);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  EValue* out = r.value(1);
  if (r.failed()) return;
  out->set_double(a->scalar_as_double());
}

void prim_sym_int(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 2);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  EValue* out = r.value(1);
  if (r.failed()) return;
  out->set_int(a->scalar_as_int());  // Double truncates toward zero
}

void prim_sym_not(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 2);
  if (r.failed()) return;
  const bool a = r.bool_value(0);
  EValue* out = r.value(1);
  if (r.failed()) return;
  out->set_bool(!a);
}

enum class Rounding { kCeil, kTrunc, kHalfEven };

// Double -> Int: ceil, trunc, or Python round() (half to even).
void double_to_int(KernelContext& ctx, KernelArgs args, Rounding mode) {
  ArgReader r(ctx, args, 2);
  if (r.failed()) return;
  EValue* a = r.value(0);
  EValue* out = r.value(1);
  if (a == nullptr || !a->is_double()) {
    r.fail("argument is not a Double");
    return;
  }
  const double v = a->to_double();
  double res = 0.0;
  switch (mode) {
    case Rounding::kCeil: res = std::ceil(v); break;
    case Rounding::kTrunc: res = std::trunc(v); break;
    case Rounding::kHalfEven: {
      const double nearest = std::round(v);  // halves away from zero
      res = std::fabs(nearest - v) == 0.5 && std::fmod(nearest, 2.0) != 0.0 ? nearest - (nearest - v) * 2.0 : nearest;
      break;
    }
  }
  out->set_int(EValue::from_double(res).scalar_as_int());
}

void prim_ceil(KernelContext& ctx, KernelArgs args) { double_to_int(ctx, args, Rounding::kCeil); }
void prim_trunc(KernelContext& ctx, KernelArgs args) { double_to_int(ctx, args, Rounding::kTrunc); }
void prim_round(KernelContext& ctx, KernelArgs args) { double_to_int(ctx, args, Rounding::kHalfEven); }

enum class Cmp { kEq, kGt, kLt, kGe, kLe };

void compare(KernelContext& ctx, KernelArgs args, Cmp c) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  const EValue* b = r.scalar(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  bool v = false;
  if (a->is_double() || b->is_double()) {
    const double x = a->scalar_as_double(), y = b->scalar_as_double();
    v = c == Cmp::kEq ? x == y : c == Cmp::kGt ? x > y : c == Cmp::kLt ? x < y : c == Cmp::kGe ? x >= y : x <= y;
  } else {
    const int64_t x = a->scalar_as_int(), y = b->scalar_as_int();
    v = c == Cmp::kEq ? x == y : c == Cmp::kGt ? x > y : c == Cmp::kLt ? x < y : c == Cmp::kGe ? x >= y : x <= y;
  }
  out->set_bool(v);
}

void prim_eq(KernelContext& ctx, KernelArgs args) { compare(ctx, args, Cmp::kEq); }
void prim_gt(KernelContext& ctx, KernelArgs args) { compare(ctx, args, Cmp::kGt); }
void prim_lt(KernelContext& ctx, KernelArgs args) { compare(ctx, args, Cmp::kLt); }
void prim_ge(KernelContext& ctx, KernelArgs args) { compare(ctx, args, Cmp::kGe); }
void prim_le(KernelContext& ctx, KernelArgs args) { compare(ctx, args, Cmp::kLe); }

void prim_neg(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 2);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  EValue* out = r.value(1);
  if (r.failed()) return;
  if (a->is_int()) {
    out->set_int(-a->to_int());
  } else {
    out->set_double(-a->scalar_as_double());
  }
}

// aten::sym_size.int(self, dim) -> int
void sym_size(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  Tensor* t = r.tensor_meta(0);
  int64_t dim = r.int_value(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  if (dim < 0) dim += static_cast<int64_t>(t->dim());
  if (dim < 0 || dim >= static_cast<int64_t>(t->dim())) {
    r.fail("sym_size dim out of range");
    return;
  }
  out->set_int(t->size(static_cast<size_t>(dim)));
}

// aten::sym_numel(self) -> int
void sym_numel(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 2);
  if (r.failed()) return;
  Tensor* t = r.tensor_meta(0);
  EValue* out = r.value(1);
  if (r.failed()) return;
  out->set_int(static_cast<int64_t>(t->numel()));
}

// executorch_prim::et_view.default(self, size) -> out: out aliases self's data with out's shape.
void et_view(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  size_t n = 0;
  const int64_t* size = r.int_list(1, n);
  Tensor* out = r.tensor_meta(2);  // its data pointer is what this op sets
  if (r.failed()) return;
  if (n != out->dim() || in->scalar_type() != out->scalar_type() || !in->has_default_dim_order() ||
      !out->has_default_dim_order()) {
    r.fail("et_view needs matching type and rank and contiguous (default dim order) tensors");
    return;
  }
  int32_t sizes[kMaxDims] = {};
  if (!view_sizes(size, n, in->numel(), sizes) || !out->resize(n, sizes)) {
    r.fail("et_view size does not have the input's element count");
    return;
  }
  out->set_data(in->data());
}

struct Named {
  const char* name;
  KernelFn fn;
};

constexpr Named kPrimOps[] = {
    {"executorch_prim::add.Scalar", prim_add},
    {"executorch_prim::sub.Scalar", prim_sub},
    {"executorch_prim::mul.Scalar", prim_mul},
    {"executorch_prim::floordiv.Scalar", prim_floordiv},
    {"executorch_prim::floordiv.int", prim_floordiv_int},
    {"executorch_prim::mod.int", prim_mod},
    {"executorch_prim::mod.Scalar", prim_mod},
    {"executorch_prim::sym_max.Scalar", prim_sym_max},
    {"executorch_prim::sym_min.Scalar", prim_sym_min},
    {"executorch_prim::sym_float.Scalar", prim_sym_float},
    {"executorch_prim::sym_int.Scalar", prim_sym_int},
    {"executorch_prim::sym_not.Scalar", prim_sym_not},
    {"executorch_prim::ceil.Scalar", prim_ceil},
    {"executorch_prim::trunc.Scalar", prim_trunc},
    {"executorch_prim::round.Scalar", prim_round},
    {"executorch_prim::truediv.Scalar", prim_truediv},
    {"executorch_prim::eq.Scalar", prim_eq},
    {"executorch_prim::gt.Scalar", prim_gt},
    {"executorch_prim::lt.Scalar", prim_lt},
    {"executorch_prim::ge.Scalar", prim_ge},
    {"executorch_prim::le.Scalar", prim_le},
    {"executorch_prim::neg.Scalar", prim_neg},
    {"aten::sym_size.int", sym_size},
    {"aten::sym_numel", sym_numel},
    {"executorch_prim::et_view.default", et_view},
};

}  // namespace

Status register_prim_ops(KernelRegistry& registry) {
  for (const Named& k : kPrimOps) {
    Status s = registry.register_kernel(k.name, k.fn);
    if (!s.ok()) return s;
  }
  return ok_status();
}

}  // namespace corsim::rt::kernels
