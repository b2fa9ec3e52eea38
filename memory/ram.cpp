#include "memory/ram.h"

#include <cstring>

namespace corsim::memory {

Ram::Ram(std::string name, uint32_t size, uint32_t latency, bool writable)
    : name_(std::move(name)), size_(size), latency_(latency), writable_(writable),
      pages_((static_cast<uint64_t>(size) + kPageSize - 1) / kPageSize) {}

uint8_t* Ram::host_page(uint32_t offset) {
  if (offset >= size_) return nullptr;
  auto& page = pages_[offset >> kPageBits];
  if (!page) {
    page = std::make_unique<uint8_t[]>(kPageSize);  // value-initialised: zero filled
    ++resident_pages_;
  }
  return page.get();
}

// A single access never crosses a 4 KiB page: the interconnect splits those.
bool Ram::debug_read(uint32_t offset, unsigned size, uint32_t& value) {
  if (offset >= size_ || size_ - offset < size) return false;
  const uint8_t* page = host_page(offset);
  value = 0;
  std::memcpy(&value, page + (offset & (kPageSize - 1)), size);
  return true;
}

bool Ram::debug_write(uint32_t offset, unsigned size, uint32_t value) {
  if (offset >= size_ || size_ - offset < size) return false;
  uint8_t* page = host_page(offset);
  std::memcpy(page + (offset & (kPageSize - 1)), &value, size);
  return true;
}

BusResponse Ram::read(uint32_t offset, unsigned size, uint32_t& value, const AccessAttrs&) {
  if (!debug_read(offset, size, value)) return {BusStatus::SlaveError, 0};
  return {BusStatus::Ok, latency_};
}

BusResponse Ram::write(uint32_t offset, unsigned size, uint32_t value, const AccessAttrs&) {
  if (!writable_ || !debug_write(offset, size, value)) return {BusStatus::SlaveError, 0};
  return {BusStatus::Ok, latency_};
}

}  // namespace corsim::memory
