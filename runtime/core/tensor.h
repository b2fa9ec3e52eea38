// A runtime tensor: element type, sizes, dim order and a data pointer (ExecuTorch
// schema/program.fbs Tensor, runtime/executor/tensor_parser_exec_aten.cpp).
//
// Strides are derived from the dim order (outermost to innermost dimension), as ExecuTorch does:
// dim_order [0,2,3,1] on sizes [N,C,H,W] is channels-last. The tensor does not own its data; it
// points into a planned buffer, the program's constants, or memory the caller supplied.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/scalar_type.h"

namespace corsim::rt {

// Largest rank a runtime tensor holds (ExecuTorch's kTensorDimensionLimit is 16; the Arm flows
// use at most 5-D tensors, and every tensor costs kMaxDims x 9 bytes of method memory).
inline constexpr size_t kMaxDims = 8;

class Tensor {
 public:
  Tensor() = default;

  // Sets type, shape and dim order (a permutation of 0..rank-1, or nullptr for the default
  // 0..rank-1 order) and recomputes strides. False when rank > kMaxDims or dim_order is invalid.
  bool init(ScalarType type, size_t rank, const int32_t* sizes, const uint8_t* dim_order, void* data);

  ScalarType scalar_type() const { return type_; }
  size_t dim() const { return rank_; }
  int32_t size(size_t d) const { return sizes_[d]; }
  const int32_t* sizes() const { return sizes_; }
  uint8_t dim_order(size_t k) const { return dim_order_[k]; }
  const uint8_t* dim_order() const { return dim_order_; }
  // Elements between neighbours along dimension d.
  int64_t stride(size_t d) const { return strides_[d]; }
  size_t numel() const;
  size_t element_size() const { return scalar_type_size(type_); }
  size_t nbytes() const { return numel() * element_size(); }

  void* data() const { return data_; }
  template <class T>
  T* data_as() const { return static_cast<T*>(data_); }
  void set_data(void* data) { data_ = data; }

  // The default (contiguous row-major) dim order 0..rank-1.
  bool has_default_dim_order() const;
  // Same sizes (and rank) as another tensor.
  bool same_shape(const Tensor& other) const;
  bool same_dim_order(const Tensor& other) const;
  // Resizes in place keeping the dim order; false if the rank differs or the new shape has more
  // elements than the tensor was created with (its planned capacity).
  bool resize(size_t rank, const int32_t* sizes);
  // Element offset of a logical index (one entry per dimension), honouring the strides.
  int64_t offset_of(const int64_t* index) const;

 private:
  void compute_strides();

  ScalarType type_ = ScalarType::kFloat;
  uint8_t rank_ = 0;
  int32_t sizes_[kMaxDims] = {};
  uint8_t dim_order_[kMaxDims] = {};
  int64_t strides_[kMaxDims] = {};
  size_t capacity_ = 0;  // numel at init: the planned storage
  void* data_ = nullptr;
};

}  // namespace corsim::rt
