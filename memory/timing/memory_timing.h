#pragma once
// The memory system's timing, as the CPU timing models and the NPU see it (issue 7 item 4;
// docs/memory-timing.md). One object per platform owns the caches, the TCMs and the per-memory
// latency/bandwidth state of the interconnect; CPU and NPU traffic go through it, so concurrent
// traffic to one memory slows both. Semantics never depend on it: functional accesses still go
// through memory::Interconnect; this only answers "how long" (and counts bytes per memory).
//
// Time: `now` is in the CPU's clock cycles (the platform clock); an NPU at another clock converts
// before calling. Implementations: memory/timing/ (owner: the memory-timing work).
#include <cstdint>

#include "base/clock.h"
#include "memory/timing/dtcm_banks.h"
#include "memory/timing/memory_attributes.h"

namespace corsim::memory {

enum class AccessKind : uint8_t { Fetch, Read, Write };

// The SCB cache maintenance operations (Armv8-M B9, registers at 0xE000EF50..0xE000EF78).
enum class CacheOp : uint8_t { ICIALLU, ICIMVAU, DCIMVAC, DCISW, DCCMVAU, DCCMVAC, DCCSW, DCCIMVAC, DCCISW, BPIALL };

// Counts for the PMU's cache events (Armv8.1-M PMU: L1I_CACHE 0x14, L1I_CACHE_REFILL 0x01,
// L1D_CACHE 0x04, L1D_CACHE_REFILL 0x03, L1D_CACHE_WB 0x15) and reports.
struct CacheCounters {
  uint64_t icache_accesses = 0, icache_refills = 0;
  uint64_t dcache_accesses = 0, dcache_refills = 0, dcache_writebacks = 0;
};

struct CpuAccess {
  uint32_t addr = 0;
  uint8_t size = 4;        // bytes: 1, 2, 4, 8 (LDRD/VLDR.64) or 16 (one MVE beat pair of a VLDR)
  AccessKind kind = AccessKind::Read;
};

// An address range in which every CPU access of one kind costs fixed wait states and changes
// nothing but counters (and, in a banked DTCM, the busy cycles of the banks the access uses). The core models keep one per access kind and handle such accesses inline, without the
// cpu_access call; the counters they bump are the ones cpu_access would (docs/memory-timing.md
// "Fast ranges").
struct FastRange {
  uint32_t base = 0, size = 0;       // size 0: none
  Cycles wait = 0;                   // wait states of every access
  uint64_t* accesses = nullptr;      // counts each access
  uint64_t* bytes = nullptr;         // the access's bytes (reads and fetches: read bytes)
  uint64_t* fetch_bytes = nullptr;   // fetches: also counted here
  DtcmBanks* banks = nullptr;        // a banked TCM: the banks each access waits for and holds

  bool contains(uint32_t addr) const { return addr - base < size; }
  // The access at `addr` of `n` bytes at `now` when this range holds it (cost set); false: call
  // cpu_access.
  bool try_access(uint32_t addr, unsigned n, Cycles now, Cycles& cost) const {
    if (!contains(addr)) return false;
    cost = banks != nullptr ? wait + banks->wait(addr, n, now) : wait;
    ++*accesses;
    *bytes += n;
    if (fetch_bytes != nullptr) *fetch_bytes += n;
    return true;
  }
};

class MemoryTiming {
 public:
  virtual ~MemoryTiming() = default;

  // One CPU access issued at `now`: the cycles until its data is available (loads, fetches) or it
  // is accepted (stores), including cache lookup, line fill, TCM, bus latency and waiting behind
  // other masters' traffic to the same memory. 0 = no stall beyond the pipeline's own timing.
  virtual Cycles cpu_access(const CpuAccess& access, Cycles now) = 0;
  // The fast range holding `addr` for accesses of `kind`, or an empty one. Its pointers stay valid
  // for the life of this object.
  virtual FastRange fast_range(uint32_t /*addr*/, AccessKind /*kind*/) { return {}; }

  // An NPU burst on AXI port `port` (0 = SRAM side, 1 = external side) of `bytes` at `now`:
  // the cycles (platform clock) until it completes, sharing the memory with the CPU.
  virtual Cycles npu_transfer(unsigned port, uint32_t addr, uint64_t bytes, bool write, Cycles now) = 0;

  // CCR.IC / CCR.DC as the SCB holds them (cpu/scs calls this on every CCR write and at reset).
  virtual void set_cache_enables(bool /*icache*/, bool /*dcache*/) {}
  // The MPU's regions and MPU_CTRL (cpu/scs calls this whenever MPU_CTRL, RBAR, RLAR or MAIR0/1
  // change): from the next access on, cacheability and write policy follow the regions' MAIR
  // attributes instead of the default memory map. Fast ranges (TCMs) do not depend on them.
  virtual void set_mpu_regions(const MpuRegions& /*mpu*/) {}
  // A write of `value` to a cache maintenance register at `now` (address for the *MVA* forms, the
  // set/way word for the *SW* forms). Dirty lines cleaned are written back to their memory.
  virtual void cache_maintenance(CacheOp /*op*/, uint32_t /*value*/, Cycles /*now*/) {}
  // Cycles from `now` until every buffered CPU write (store buffer, write-backs) has reached its
  // memory: what a DSB waits for.
  virtual Cycles drain_writes(Cycles /*now*/) { return 0; }
  virtual CacheCounters cache_counters() const { return {}; }
  // Cycles the NPU's transfers lost to CPU traffic that arrived after they were priced (an NPU
  // operation is priced when it starts); the device asks at the running operation's end and
  // lengthens that operation by them. Resets the count (a fraction of a cycle carries over).
  virtual Cycles take_npu_delay() { return 0; }
};

}  // namespace corsim::memory
