#pragma once
// The memory system's timing for a Corstone platform (issue 7 item 4; docs/memory-timing.md):
//   ITCM          zero wait (or the configured wait states)
//   DTCM          the same, 4 x 32-bit banks: two accesses to one bank in one cycle, one waits
//   AXI memories  behind the L1 I-cache (fetches) and D-cache (data) when CCR.IC/DC enable them and
//                 the address is cacheable (the MPU's MAIR attributes when MPU_CTRL.ENABLE, else
//                 the Armv8-M default memory map); misses, uncached accesses and write-backs go to the
//                 memory's SharedMemory (latency + bandwidth, shared with the NPU's AXI ports)
// and it counts the bytes each master moved per memory for the per-operator report.
//
// Hot path: cpu_access looks the memory up in a table of 64 KiB blocks (one byte load), returns at
// once for ITCM, and checks the last D-cache line touched before the full set lookup.
#include <array>
#include <memory>
#include <vector>

#include "memory/timing/cache.h"
#include "memory/timing/config.h"
#include "memory/timing/memory_timing.h"
#include "memory/timing/shared_memory.h"

namespace corsim::memory::timing {

// Bytes per memory: what the CPU asked for (loads, stores, fetches; hits included) and what went
// over the bus to the memory (line fills, write-backs, uncached accesses), and the NPU's bytes.
struct MemoryTraffic {
  uint64_t cpu_read = 0, cpu_write = 0;          // architectural accesses (fetches count as reads)
  uint64_t cpu_fetch = 0;                        // of cpu_read: instruction fetches
  uint64_t cpu_bus_read = 0, cpu_bus_write = 0;  // bus transfers caused by the CPU
  uint64_t npu_read = 0, npu_write = 0;
};

class PlatformMemoryTiming final : public MemoryTiming {
 public:
  explicit PlatformMemoryTiming(MemorySystemConfig config);

  Cycles cpu_access(const CpuAccess& access, Cycles now) override;
  // ITCM (fetch and data) and DTCM (data) ranges; AXI memories have none.
  FastRange fast_range(uint32_t addr, AccessKind kind) override;
  Cycles npu_transfer(unsigned port, uint32_t addr, uint64_t bytes, bool write, Cycles now) override;
  void set_cache_enables(bool icache, bool dcache) override;
  void set_mpu_regions(const MpuRegions& mpu) override;
  void cache_maintenance(CacheOp op, uint32_t value, Cycles now) override;
  Cycles drain_writes(Cycles now) override;
  CacheCounters cache_counters() const override { return counters_; }
  Cycles take_npu_delay() override;

  const MemorySystemConfig& config() const { return cfg_; }
  // Per memory, in config().memories order.
  const std::vector<MemoryTraffic>& traffic() const { return traffic_; }
  uint64_t cpu_accesses() const { return cpu_accesses_; }  // 0: the CPU ran untimed
  // Index of the memory holding `addr`, or -1.
  int memory_index(uint32_t addr) const;
  const Cache& icache() const { return icache_; }
  const Cache& dcache() const { return dcache_; }
  SharedMemory* shared_memory(size_t index) { return index < shared_.size() ? shared_[index].get() : nullptr; }
  bool icache_enabled() const { return ic_on_; }
  bool dcache_enabled() const { return dc_on_; }
  // What the L1 caches do with `addr` (MPU region, default map, no -C override): for tests.
  bool cacheable_at(uint32_t addr) const { return attributes_at(addr).cacheable; }

 private:
  static constexpr uint8_t kMixed = 0xFE, kNone = 0xFF;
  static constexpr uint32_t kBlockBits = 16;

  // Cacheability and store policy of a location for the L1 caches (before the -C override).
  struct Attributes {
    bool cacheable = false, write_through = false;
  };
  // One enabled MPU region with its decoded attributes; limit inclusive.
  struct AttributeRange {
    uint32_t base = 0, limit = 0;
    Attributes attributes;
  };

  int lookup_slow(uint32_t addr) const;
  Cycles fetch(uint32_t addr, unsigned size, Cycles now, size_t mem);
  Cycles data(uint32_t addr, unsigned size, bool write, Cycles now, size_t mem);
  Cycles data_line(uint32_t addr, bool write, bool write_through, Cycles now, size_t mem);
  void write_back(uint32_t line_addr, Cycles now);
  // The MPU region holding `addr` when the MPU is enabled, else (and when no region holds it) the
  // default memory map.
  Attributes attributes_at(uint32_t addr) const;
  static Attributes default_attributes(uint32_t addr);  // the Armv8-M default memory map
  Attributes mpu_attributes_at(uint32_t addr) const;
  // The store policy of a cacheable location: the -C override, else its attributes.
  bool write_through(Attributes a) const;

  MemorySystemConfig cfg_;
  std::vector<uint8_t> blocks_;  // 2^16 entries: memory index, kMixed or kNone
  std::vector<MemoryTraffic> traffic_;
  std::vector<MemoryKind> kinds_;  // per memory, compact for the hot path
  std::vector<Cycles> tcm_wait_;   // TCM wait states per access (MemoryRegion::latency of a TCM)
  std::vector<std::unique_ptr<SharedMemory>> shared_;  // per memory (null for TCMs)
  Cache icache_, dcache_;
  bool ic_on_ = false, dc_on_ = false;  // CCR.IC/DC reset to 0
  bool mpu_on_ = false;                 // MPU_CTRL.ENABLE: mpu_ranges_ apply
  std::vector<AttributeRange> mpu_ranges_;  // highest region number first: the first match wins
  uint32_t line_mask_ = ~31u;
  uint32_t last_fetch_block_ = ~0u;     // the 64-bit fetch buffer
  uint32_t last_dline_ = 1;             // last D-cache line hit (1 = none: lines are aligned)
  bool last_dline_dirty_ = false;
  DtcmBanks dtcm_banks_;
  uint64_t cpu_accesses_ = 0;
  CacheCounters counters_;
};

}  // namespace corsim::memory::timing
