// Typed access to a kernel's argument list (ExecuTorch exir/emit/_emitter.py _emit_operator,
// codegen/gen.py): every schema argument in order, then the return slot. Each getter checks the
// EValue's kind and, on a mismatch, fails the kernel context with a message naming the argument;
// the kernel checks failed() once and returns.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/kernel.h"

namespace corsim::rt::kernels {

class ArgReader {
 public:
  // `count` = schema arguments + the return slot; fails the context if the program passed another count.
  ArgReader(KernelContext& ctx, KernelArgs args, size_t count) : ctx_(ctx), args_(args) {
    if (args.size() != count) fail("wrong number of arguments for this operator");
  }

  bool failed() const { return ctx_.failed(); }
  void fail(const char* what) { ctx_.fail(Error::kInvalidArgument, what); }
  void fail(Error e, const char* what) { ctx_.fail(e, what); }

  EValue* value(size_t i) { return i < args_.size() ? args_[i] : nullptr; }
  // A tensor whose data the kernel reads or writes: fails if it has none (an unplanned tensor
  // nobody filled, a freed one, or an input that was never set), so kernels never touch null.
  Tensor* tensor(size_t i);
  // A tensor used only for its metadata, or whose data pointer the kernel sets (et_view).
  Tensor* tensor_meta(size_t i);
  // nullptr for None (or an empty "None" tensor placeholder is returned as a tensor).
  Tensor* optional_tensor(size_t i);
  int64_t int_value(size_t i);
  double double_value(size_t i);   // a `float` schema argument: a Double (or Int) EValue
  bool bool_value(size_t i);
  // A Scalar argument (Int, Double or Bool).
  const EValue* scalar(size_t i);
  bool is_none(size_t i) { EValue* v = value(i); return v == nullptr || v->is_none(); }
  // An int[] argument; `n` receives its length.
  const int64_t* int_list(size_t i, size_t& n);

 private:
  KernelContext& ctx_;
  KernelArgs args_;
};

// Sizes of a view of `numel` elements from a size list with at most one -1 (inferred). False when
// an entry is negative (other than one -1), beyond int32, or the element count does not match.
bool view_sizes(const int64_t* size, size_t n, size_t numel, int32_t* out);

// Shapes `out` like `like` (same rank; fits out's planned capacity). Fails the context otherwise.
bool resize_like(KernelContext& ctx, Tensor& out, const Tensor& like);

}  // namespace corsim::rt::kernels
