// Caller-provided memory pools (ExecuTorch runtime/core/memory_allocator.h,
// runtime/core/hierarchical_allocator.h, runtime/executor/memory_manager.h). The runtime never
// allocates from a heap: a Method takes everything from these pools, and the caller chooses where
// they live (the Arm runner puts the method allocator in DDR and the temp allocator in SRAM:
// ExecuTorch examples/arm/executor_runner/arm_executor_runner.cpp, Corstone-300.ld).
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/pte/span.h"

namespace corsim::rt {

// A bump allocator over one caller-owned span. allocate() returns nullptr when the pool is full;
// reset() frees everything at once (used for the temp allocator after every instruction, as
// ExecuTorch's runtime/executor/method.cpp execute does).
class MemoryAllocator {
 public:
  static constexpr size_t kDefaultAlignment = 16;  // what ExecuTorch's planner and allocator use

  MemoryAllocator() = default;
  MemoryAllocator(uint8_t* base, size_t size) : base_(base), size_(size) {}

  void* allocate(size_t nbytes, size_t alignment = kDefaultAlignment);
  template <class T>
  T* allocate_array(size_t count) {
    if (count != 0 && sizeof(T) > SIZE_MAX / count) return nullptr;
    return static_cast<T*>(allocate(sizeof(T) * count, alignof(T) > 8 ? alignof(T) : 8));
  }
  void reset() { used_ = 0; }

  uint8_t* base() const { return base_; }
  size_t size() const { return size_; }
  size_t used() const { return used_; }

 private:
  uint8_t* base_ = nullptr;
  size_t size_ = 0;
  size_t used_ = 0;
};

// The memory-planned buffers: span k holds planned buffer k+1 (memory_id is 1-based: ExecuTorch
// runtime/executor/tensor_parser_exec_aten.cpp getMemPlannedPtr).
class HierarchicalAllocator {
 public:
  static constexpr size_t kMaxBuffers = 8;

  HierarchicalAllocator() = default;
  // Copies up to kMaxBuffers spans; the memory stays the caller's.
  HierarchicalAllocator(const Span<uint8_t>* buffers, size_t count);

  size_t num_buffers() const { return count_; }
  Span<uint8_t> buffer(size_t index) const { return index < count_ ? buffers_[index] : Span<uint8_t>(); }
  // Address of `size` bytes at `offset` in planned buffer memory_id (1-based); nullptr if outside.
  uint8_t* planned_address(uint32_t memory_id, uint64_t offset, uint64_t size) const;

 private:
  Span<uint8_t> buffers_[kMaxBuffers];
  size_t count_ = 0;
};

// Everything a Method draws memory from.
struct MemoryManager {
  MemoryAllocator* method_allocator = nullptr;     // values, tensors, argument lists, delegates
  HierarchicalAllocator* planned_memory = nullptr; // planned activations, inputs and outputs
  MemoryAllocator* temp_allocator = nullptr;       // per-instruction scratch (optional)
};

}  // namespace corsim::rt
