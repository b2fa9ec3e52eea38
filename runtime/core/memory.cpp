#include "runtime/core/memory.h"

namespace corsim::rt {

void* MemoryAllocator::allocate(size_t nbytes, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(base_) + used_;
  const uintptr_t aligned = (start + alignment - 1) & ~static_cast<uintptr_t>(alignment - 1);
  const size_t pad = static_cast<size_t>(aligned - start);
  if (pad > size_ - used_ || nbytes > size_ - used_ - pad) return nullptr;
  used_ += pad + nbytes;
  return reinterpret_cast<void*>(aligned);
}

HierarchicalAllocator::HierarchicalAllocator(const Span<uint8_t>* buffers, size_t count) {
  count_ = count < kMaxBuffers ? count : kMaxBuffers;
  for (size_t i = 0; i < count_; ++i) buffers_[i] = buffers[i];
}

uint8_t* HierarchicalAllocator::planned_address(uint32_t memory_id, uint64_t offset, uint64_t size) const {
  if (memory_id == 0 || memory_id > count_) return nullptr;
  const Span<uint8_t>& b = buffers_[memory_id - 1];
  if (!b.contains(offset, size)) return nullptr;
  return b.data() + offset;
}

}  // namespace corsim::rt
