// executorch_prim:: scalar ops, aten::sym_size.int and executorch_prim::et_view.default
// (docs/spec/executorch.md §2.4). Their argument lists have no extra return slot: the last
// argument is the EValue that receives the result.
#include <cmath>

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/op_portable.h"

namespace corsim::rt::kernels {

namespace {

enum class Arith { kAdd, kSub, kMul };

void arith(KernelContext& ctx, KernelArgs args, Arith op) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  const EValue* b = r.scalar(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  if (a->is_int() && b->is_int()) {
    const int64_t x = a->to_int(), y = b->to_int();
    out->set_int(op == Arith::kAdd ? x + y : op == Arith::kSub ? x - y : x * y);
    return;
  }
  const double x = a->scalar_as_double(), y = b->scalar_as_double();
  out->set_double(op == Arith::kAdd ? x + y : op == Arith::kSub ? x - y : x * y);
}

void prim_add(KernelContext& ctx, KernelArgs args) { arith(ctx, args, Arith::kAdd); }
void prim_sub(KernelContext& ctx, KernelArgs args) { arith(ctx, args, Arith::kSub); }
void prim_mul(KernelContext& ctx, KernelArgs args) { arith(ctx, args, Arith::kMul); }

// Python floor division: rounds toward negative infinity.
void prim_floordiv(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  const EValue* b = r.scalar(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  if (a->is_int() && b->is_int()) {
    const int64_t x = a->to_int(), y = b->to_int();
    if (y == 0) {
      r.fail("floordiv by zero");
      return;
    }
    const int64_t q = x / y;
    out->set_int((x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q);
    return;
  }
  out->set_double(std::floor(a->scalar_as_double() / b->scalar_as_double()));
}

void prim_truediv(KernelContext& ctx, KernelArgs args) {
  ArgReader r(ctx, args, 3);
  if (r.failed()) return;
  const EValue* a = r.scalar(0);
  const EValue* b = r.scalar(1);
  EValue* out = r.value(2);
  if (r.failed()) return;
  out->set_double(a->scalar_as_double() / b->scalar_as_double());
}

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
    {"executorch_prim::floordiv.int", prim_floordiv},
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
