#include "runtime/core/tensor.h"

namespace corsim::rt {

const char* scalar_type_name(ScalarType t) {
  switch (t) {
    case ScalarType::kByte: return "uint8";
    case ScalarType::kChar: return "int8";
    case ScalarType::kShort: return "int16";
    case ScalarType::kInt: return "int32";
    case ScalarType::kLong: return "int64";
    case ScalarType::kHalf: return "float16";
    case ScalarType::kFloat: return "float32";
    case ScalarType::kDouble: return "float64";
    case ScalarType::kBool: return "bool";
    case ScalarType::kQInt8: return "qint8";
    case ScalarType::kQUInt8: return "quint8";
    case ScalarType::kQInt32: return "qint32";
    case ScalarType::kBFloat16: return "bfloat16";
    case ScalarType::kUInt16: return "uint16";
    case ScalarType::kUInt32: return "uint32";
    case ScalarType::kUInt64: return "uint64";
  }
  return "unknown";
}

bool Tensor::init(ScalarType type, size_t rank, const int32_t* sizes, const uint8_t* dim_order, void* data) {
  if (rank > kMaxDims) return false;
  uint32_t seen = 0;
  for (size_t k = 0; k < rank; ++k) {
    const uint8_t d = dim_order != nullptr ? dim_order[k] : static_cast<uint8_t>(k);
    if (d >= rank || (seen >> d & 1u) != 0) return false;
    if (sizes[k] < 0) return false;
    seen |= 1u << d;
    dim_order_[k] = d;
    sizes_[k] = sizes[k];
  }
  type_ = type;
  rank_ = static_cast<uint8_t>(rank);
  data_ = data;
  compute_strides();
  capacity_ = numel();
  return true;
}

void Tensor::compute_strides() {
  // Walk the dim order from the innermost dimension outwards (ExecuTorch
  // runtime/core/exec_aten/util/dim_order_util.h dim_order_to_stride).
  int64_t stride = 1;
  for (size_t k = rank_; k-- > 0;) {
    const uint8_t d = dim_order_[k];
    strides_[d] = stride;
    stride *= sizes_[d];
  }
}

size_t Tensor::numel() const {
  size_t n = 1;
  for (size_t d = 0; d < rank_; ++d) n *= static_cast<size_t>(sizes_[d]);
  return n;
}

bool Tensor::has_default_dim_order() const {
  for (size_t k = 0; k < rank_; ++k) {
    if (dim_order_[k] != k) return false;
  }
  return true;
}

bool Tensor::same_shape(const Tensor& other) const {
  if (rank_ != other.rank_) return false;
  for (size_t d = 0; d < rank_; ++d) {
    if (sizes_[d] != other.sizes_[d]) return false;
  }
  return true;
}

bool Tensor::same_dim_order(const Tensor& other) const {
  if (rank_ != other.rank_) return false;
  for (size_t k = 0; k < rank_; ++k) {
    if (dim_order_[k] != other.dim_order_[k]) return false;
  }
  return true;
}

bool Tensor::resize(size_t rank, const int32_t* sizes) {
  if (rank != rank_) return false;
  // The product is checked against the capacity as it grows, so it cannot overflow.
  bool zero = false;
  for (size_t d = 0; d < rank; ++d) {
    if (sizes[d] < 0) return false;
    zero = zero || sizes[d] == 0;
  }
  size_t n = 1;
  for (size_t d = 0; d < rank && !zero; ++d) {
    n *= static_cast<size_t>(sizes[d]);
    if (n > capacity_) return false;
  }
  if (zero) n = 0;
  if (n > capacity_) return false;
  for (size_t d = 0; d < rank; ++d) sizes_[d] = sizes[d];
  compute_strides();
  return true;
}

int64_t Tensor::offset_of(const int64_t* index) const {
  int64_t off = 0;
  for (size_t d = 0; d < rank_; ++d) off += index[d] * strides_[d];
  return off;
}

}  // namespace corsim::rt
