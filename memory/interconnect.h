#pragma once
// The interconnect: the platform's address map. It routes an access to the Target mapped there,
// returns the target's latency, and offers the CPU and NPU a host-pointer fast path for plain
// memory. An address with nothing mapped answers DecodeError (a BusFault for the CPU), never a
// host error.
//
// Contention between masters (CPU vs NPU) is modelled by the timing work (issue 7); the per-master
// byte counters here are what reports attribute to operators.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "memory/target.h"

namespace corsim::memory {

struct Mapping {
  uint32_t base = 0;
  uint64_t size = 0;          // bytes (uint64_t so a mapping may end at 4 GiB)
  uint32_t target_offset = 0; // offset inside the target of `base` (aliases map one target twice)
  Target* target = nullptr;
  std::string name;           // e.g. "ITCM (S)"
  bool contains(uint32_t addr) const { return addr >= base && addr - base < size; }
};

struct TrafficCounters {
  uint64_t read_bytes = 0;
  uint64_t write_bytes = 0;
};

class Interconnect {
 public:
  Interconnect();

  // Maps [base, base+size) to `target` starting at `target_offset`. Base, size and offset must be
  // 4 KiB aligned; overlapping mappings are refused (returns false).
  bool map(uint32_t base, uint64_t size, Target& target, std::string name, uint32_t target_offset = 0);

  const Mapping* find(uint32_t addr) const;
  const std::vector<Mapping>& mappings() const { return mappings_; }

  // Fast path: host pointer to the byte at `addr` if it is plain memory (read) / writable plain
  // memory (write), else null. Valid up to the end of the 4 KiB page. Inline: this is the CPU's hot
  // path (one table load after the first touch).
  uint8_t* host_read_ptr(uint32_t addr) {
    uint8_t* page = read_pages_[addr >> kPageBits];
    if (page == nullptr) page = fill_page(addr, false);
    return page ? page + (addr & (kPageSize - 1)) : nullptr;
  }
  uint8_t* host_write_ptr(uint32_t addr) {
    uint8_t* page = write_pages_[addr >> kPageBits];
    if (page == nullptr) page = fill_page(addr, true);
    return page ? page + (addr & (kPageSize - 1)) : nullptr;
  }

  // The fast path's page tables, indexed by addr >> kPageBits (null: ask host_read_ptr /
  // host_write_ptr, which fill the entry or answer null for MMIO). For code that inlines the two
  // functions above (the CPU's block JIT, cpu/jit/); the tables live as long as the Interconnect.
  uint8_t* const* read_page_table() const { return read_pages_.get(); }
  uint8_t* const* write_page_table() const { return write_pages_.get(); }

  // Timed path. `size` is 1, 2 or 4; an access that crosses a page is split into bytes.
  BusResponse read(uint32_t addr, unsigned size, uint32_t& value, const AccessAttrs& attrs);
  BusResponse write(uint32_t addr, unsigned size, uint32_t value, const AccessAttrs& attrs);

  // Side-effect-free block access (ELF loading, --data, reports, NPU functional model). Returns
  // false (and copies nothing more) at the first address that is not backed.
  bool debug_read_block(uint32_t addr, std::span<uint8_t> out);
  bool debug_write_block(uint32_t addr, std::span<const uint8_t> in);

  const TrafficCounters& traffic(Master m) const { return traffic_[static_cast<size_t>(m)]; }
  void count(Master m, bool write, uint64_t bytes) {
    auto& t = traffic_[static_cast<size_t>(m)];
    (write ? t.write_bytes : t.read_bytes) += bytes;
  }

 private:
  uint8_t* fill_page(uint32_t addr, bool for_write);

  std::vector<Mapping> mappings_;  // sorted by base
  std::unique_ptr<uint8_t*[]> read_pages_;
  std::unique_ptr<uint8_t*[]> write_pages_;
  std::unique_ptr<bool[]> mmio_pages_;  // pages known not to be plain memory (skip fill_page)
  std::array<TrafficCounters, static_cast<size_t>(Master::Count)> traffic_{};
};

}  // namespace corsim::memory
