#pragma once
// RAM, ROM and TCM: plain memory backed lazily page by page, so a 2 GiB DDR costs only what the
// firmware touches (docs/architecture.md "Shared contracts").
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "memory/target.h"

namespace corsim::memory {

class Ram final : public Target {
 public:
  Ram(std::string name, uint32_t size, uint32_t latency = 0, bool writable = true);

  std::string_view name() const override { return name_; }
  uint32_t size() const { return size_; }

  BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const AccessAttrs&) override;
  BusResponse write(uint32_t offset, unsigned size, uint32_t value, const AccessAttrs&) override;
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override;
  bool debug_write(uint32_t offset, unsigned size, uint32_t value) override;
  uint8_t* host_page(uint32_t offset) override;
  bool writable() const override { return writable_; }

  // Bytes actually allocated on the host (for the memory-use benchmarks).
  size_t resident_bytes() const { return resident_pages_ * kPageSize; }

 private:
  std::string name_;
  uint32_t size_;
  uint32_t latency_;
  bool writable_;
  std::vector<std::unique_ptr<uint8_t[]>> pages_;
  size_t resident_pages_ = 0;
};

}  // namespace corsim::memory
