// Walking a tensor's logical elements in row-major order while honouring each tensor's strides
// (which follow its dim order: ExecuTorch runtime/core/exec_aten/util/dim_order_util.h
// dim_order_to_stride), with NumPy-style broadcasting.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/tensor.h"

namespace corsim::rt::kernels {

class IndexWalk {
 public:
  explicit IndexWalk(const Tensor& shape) : rank_(shape.dim()) {
    for (size_t d = 0; d < rank_; ++d) {
      size_[d] = shape.size(d);
      index_[d] = 0;
    }
  }
  const int64_t* index() const { return index_; }
  // Advances to the next row-major position; false after the last one.
  bool next() {
    for (size_t d = rank_; d-- > 0;) {
      if (++index_[d] < size_[d]) return true;
      index_[d] = 0;
    }
    return false;
  }
  // Element offset in `t` of the current position, where t's dimensions align with the last
  // t.dim() dimensions of the walk and size-1 dimensions broadcast.
  int64_t offset_in(const Tensor& t) const {
    int64_t off = 0;
    const size_t lead = rank_ - t.dim();
    for (size_t d = 0; d < t.dim(); ++d) {
      if (t.size(d) != 1) off += index_[lead + d] * t.stride(d);
    }
    return off;
  }

 private:
  size_t rank_;
  int64_t size_[kMaxDims];
  int64_t index_[kMaxDims];
};

// True if `in` broadcasts to `out` (right-aligned; each size equal or 1).
inline bool broadcasts_to(const Tensor& in, const Tensor& out) {
  if (in.dim() > out.dim()) return false;
  const size_t lead = out.dim() - in.dim();
  for (size_t d = 0; d < in.dim(); ++d) {
    if (in.size(d) != 1 && in.size(d) != out.size(lead + d)) return false;
  }
  return true;
}

}  // namespace corsim::rt::kernels
