#include "runtime/kernels/arg_reader.h"

namespace corsim::rt::kernels {

Tensor* ArgReader::tensor_meta(size_t i) {
  EValue* v = value(i);
  if (v == nullptr || !v->is_tensor()) {
    fail("argument is not a Tensor");
    return nullptr;
  }
  return v->tensor_ptr();
}

Tensor* ArgReader::tensor(size_t i) {
  Tensor* t = tensor_meta(i);
  if (t != nullptr && t->data() == nullptr && t->nbytes() != 0) {
    fail(Error::kInvalidState, "tensor argument has no data (unplanned and never set, or freed)");
    return nullptr;
  }
  return t;
}

Tensor* ArgReader::optional_tensor(size_t i) {
  EValue* v = value(i);
  if (v == nullptr || v->is_none()) return nullptr;
  if (!v->is_tensor()) {
    fail("argument is neither a Tensor nor None");
    return nullptr;
  }
  return tensor(i);
}

int64_t ArgReader::int_value(size_t i) {
  EValue* v = value(i);
  if (v == nullptr || !v->is_int()) {
    fail("argument is not an Int");
    return 0;
  }
  return v->to_int();
}

double ArgReader::double_value(size_t i) {
  EValue* v = value(i);
  if (v == nullptr || !(v->is_double() || v->is_int())) {
    fail("argument is not a Double");
    return 0.0;
  }
  return v->scalar_as_double();
}

bool ArgReader::bool_value(size_t i) {
  EValue* v = value(i);
  if (v == nullptr || !v->is_bool()) {
    fail("argument is not a Bool");
    return false;
  }
  return v->to_bool();
}

const EValue* ArgReader::scalar(size_t i) {
  EValue* v = value(i);
  if (v == nullptr || !v->is_scalar()) {
    fail("argument is not a Scalar");
    return nullptr;
  }
  return v;
}

const int64_t* ArgReader::int_list(size_t i, size_t& n) {
  n = 0;
  EValue* v = value(i);
  if (v == nullptr || !v->is_int_list()) {
    fail("argument is not an int[] list");
    return nullptr;
  }
  return v->int_list(n);
}

bool resize_like(KernelContext& ctx, Tensor& out, const Tensor& like) {
  if (out.same_shape(like)) return true;
  if (!out.resize(like.dim(), like.sizes())) {
    ctx.fail(Error::kInvalidArgument, "out tensor cannot take the result's shape");
    return false;
  }
  return true;
}

}  // namespace corsim::rt::kernels
