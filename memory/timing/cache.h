#pragma once
// A set-associative cache as a timing model only: tags, valid, dirty bits, LRU order, no data
// (functional memory stays in the Interconnect, always coherent; docs/memory-timing.md). Cortex-M55
// L1 (WikiChip Cortex-M55; CMSIS core_cm55.h __SCB_DCACHE_LINE_SIZE): I 2-way, D 4-way, 32-byte
// lines, 32 KiB each on Corstone-300 (the CCSIDR values cpu/scs/scb_registers.cpp reports).
//
// Replacement is true LRU (an age per way). The M55 TRM's policy is not public to us; LRU gives
// hand-computable hit/miss sequences and is what most simple models use.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace corsim::memory::timing {

struct CacheGeometry {
  uint32_t size = 32 * 1024;  // bytes (0: no cache)
  uint32_t line = 32;         // bytes, power of two >= 4
  uint32_t ways = 4;          // 1..16
  uint32_t sets() const { return (line && ways) ? size / (line * ways) : 0; }
  // True when the geometry describes a usable cache (powers of two, at least one set).
  bool valid() const;
  // The Armv8-M CCSIDR value (B3.x "Cache Size ID Register"): WT/WB/RA/WA support bits [31:28]
  // (data caches support all four, instruction caches RA only), NumSets-1 [27:13],
  // Associativity-1 [12:3], LineSize = log2(line bytes) - 4 [2:0]. 0 for no cache.
  uint32_t ccsidr(bool instruction) const;
};

// What one lookup did.
struct CacheResult {
  bool hit = false;
  bool allocated = false;       // a line was (re)filled
  bool evicted_dirty = false;   // the victim was dirty: its line must be written back
  uint32_t victim_addr = 0;     // line address of the dirty victim
};

class Cache {
 public:
  explicit Cache(CacheGeometry g);

  const CacheGeometry& geometry() const { return g_; }
  uint32_t line_addr(uint32_t addr) const { return addr & ~(g_.line - 1); }

  // Looks `addr` up. On a miss with `allocate`, the LRU way of the set is replaced (a dirty victim
  // is reported). `make_dirty` marks the (hit or allocated) line dirty (write-back stores).
  CacheResult access(uint32_t addr, bool allocate, bool make_dirty);
  bool contains(uint32_t addr) const;
  bool dirty(uint32_t addr) const;

  // Maintenance (Armv8-M B9 "Caches", the SCB operations). Each returns true when a dirty line was
  // written back (clean) so the caller can charge the write-back.
  void invalidate_all();
  bool invalidate_line(uint32_t addr);        // DCIMVAC/ICIMVAU: drop, no write-back
  bool clean_line(uint32_t addr);             // DCCMVAC/DCCMVAU: write back if dirty, keep valid
  bool clean_invalidate_line(uint32_t addr);  // DCCIMVAC
  // Set/way forms: `set`, `way` out of range do nothing (returns false).
  bool invalidate_set_way(uint32_t set, uint32_t way);
  bool clean_set_way(uint32_t set, uint32_t way);
  bool clean_invalidate_set_way(uint32_t set, uint32_t way);
  // Line address held by (set, way), for the write-back of a set/way clean.
  uint32_t line_at(uint32_t set, uint32_t way) const;

  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }

 private:
  struct Way {
    uint32_t tag = 0;  // line address >> line bits (the whole line number; simple and unique)
    uint32_t age = 0;  // 0 = most recently used
    bool valid = false;
    bool dirty = false;
  };
  Way* find(uint32_t addr);
  const Way* find(uint32_t addr) const;
  void touch(uint32_t set, uint32_t way);
  uint32_t set_of(uint32_t addr) const { return (addr >> line_bits_) & (sets_ - 1); }

  CacheGeometry g_;
  uint32_t line_bits_ = 5;
  uint32_t sets_ = 0;
  std::vector<Way> ways_;  // sets_ x g_.ways, set-major
  uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace corsim::memory::timing
