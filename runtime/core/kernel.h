// Kernels and the kernel registry (ExecuTorch runtime/kernel/operator_registry.h; the lookup in
// runtime/executor/method.cpp; argument layout from exir/emit/_emitter.py _emit_operator).
//
// A kernel receives the instruction's argument list exactly as the program encodes it: every
// schema argument in schema order (keyword-only and defaults included), then one extra slot for the
// return value (for `.out` ops the out tensor again). It reports failure through the context.
//
// The registry is an object the caller owns (no global mutable state: two runtimes may coexist in
// one process); names are "namespace::op.overload", e.g. "aten::add.out".
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/evalue.h"
#include "runtime/core/memory.h"
#include "runtime/pte/span.h"
#include "runtime/pte/status.h"

namespace corsim::rt {

class KernelContext {
 public:
  explicit KernelContext(MemoryAllocator* temp = nullptr) : temp_(temp) {}

  // Records the first failure; the executor stops after the kernel returns.
  void fail(Status s) {
    if (status_.ok()) status_ = s;
  }
  void fail(Error code, const char* what) { fail(make_error(code, what)); }
  bool failed() const { return !status_.ok(); }
  const Status& status() const { return status_; }
  // Scratch memory valid until the instruction ends; nullptr when none was provided.
  MemoryAllocator* temp_allocator() const { return temp_; }

 private:
  MemoryAllocator* temp_;
  Status status_;
};

using KernelArgs = Span<EValue* const>;
using KernelFn = void (*)(KernelContext& ctx, KernelArgs args);

struct KernelEntry {
  const char* name = nullptr;  // "namespace::op.overload", static storage
  KernelFn fn = nullptr;
};

class KernelRegistry {
 public:
  static constexpr size_t kCapacity = 160;

  // kInvalidArgument when the name is already registered, kOutOfMemory when full.
  Status register_kernel(const char* name, KernelFn fn);
  // Looks up "name.overload" (just "name" when overload is empty) without building the string.
  KernelFn find(const char* name, size_t name_len, const char* overload, size_t overload_len) const;
  KernelFn find(const char* full_name) const;

  size_t size() const { return count_; }
  const KernelEntry& entry(size_t i) const { return entries_[i]; }

 private:
  KernelEntry entries_[kCapacity];
  size_t count_ = 0;
};

}  // namespace corsim::rt
