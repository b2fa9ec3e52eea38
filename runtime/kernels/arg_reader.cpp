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

bool view_sizes(const int64_t* size, size_t n, size_t numel, int32_t* out) {
  int64_t infer = -1;
  bool zero = false;
  for (size_t k = 0; k < n; ++k) {
    if (size[k] == -1 && infer < 0) {
      infer = static_cast<int64_t>(k);
      continue;
    }
    if (size[k] < 0 || size[k] > INT32_MAX) return false;
    zero = zero || size[k] == 0;
    out[k] = static_cast<int32_t>(size[k]);
  }
  // Product of the known entries, stopping as soon as it exceeds numel (no overflow).
  uint64_t known = 1;
  for (size_t k = 0; k < n && !zero; ++k) {
    if (static_cast<int64_t>(k) == infer) continue;
    known *= static_cast<uint64_t>(out[k]);
    if (known > numel) return false;
  }
  if (zero) known = 0;
  if (infer >= 0) {
    if (known == 0 || numel % known != 0 || numel / known > INT32_MAX) return false;
    out[infer] = static_cast<int32_t>(numel / known);
    return true;
  }
  return known == numel;
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
