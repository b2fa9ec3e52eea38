// PlatformMemoryTiming against hand-computed cycles: TCMs, DTCM bank conflicts, uncached latency +
// bandwidth, D-cache and I-cache hits/misses/write-backs, CCR enables, maintenance operations and
// the per-memory byte counts (docs/memory-timing.md gives the formulas).
#include "memory/timing/platform_memory_timing.h"

#include <gtest/gtest.h>

#include "corstone300_config.h"

namespace corsim::memory::timing {
namespace {

using test::corstone300;
using test::kDdrBw;
using test::kDdrLatency;
using test::kSramBw;
using test::kSramLatency;

CpuAccess rd(uint32_t a, uint8_t size = 4) { return {a, size, AccessKind::Read}; }
CpuAccess wr(uint32_t a, uint8_t size = 4) { return {a, size, AccessKind::Write}; }
CpuAccess fe(uint32_t a, uint8_t size = 2) { return {a, size, AccessKind::Fetch}; }

int index_of(const PlatformMemoryTiming& t, const char* name) {
  for (size_t i = 0; i < t.config().memories.size(); ++i)
    if (t.config().memories[i].name == name) return static_cast<int>(i);
  return -1;
}

TEST(PlatformTiming, TcmsAreZeroWait) {
  PlatformMemoryTiming t(corstone300());
  EXPECT_EQ(t.cpu_access(fe(0x10000000), 10), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x00000100), 11), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x30000000), 12), 0u);
  EXPECT_EQ(t.cpu_access(wr(0x20000004), 13), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x30000000, 16), 14), 0u);  // aligned MVE access: banks 0,1 then 2,3
}

TEST(PlatformTiming, TcmWaitStatesAddToEveryAccess) {
  MemorySystemConfig c = corstone300();
  c.memories[0].latency = 1;  // ITCM: 1 wait state
  c.memories[2].latency = 2;  // DTCM: 2 wait states
  PlatformMemoryTiming t(c);
  EXPECT_EQ(t.cpu_access(fe(0x10000000), 10), 1u);
  EXPECT_EQ(t.cpu_access(rd(0x00000100), 11), 1u);
  EXPECT_EQ(t.cpu_access(rd(0x30000000), 20), 2u);
  EXPECT_EQ(t.cpu_access(rd(0x30000010), 20), 2u + 1u);  // plus a bank conflict
}

TEST(PlatformTiming, DtcmBankConflictCostsOneCycle) {
  PlatformMemoryTiming t(corstone300());
  // Banks interleave by word: bank = (addr >> 2) % 4. Two accesses issued in the same cycle:
  EXPECT_EQ(t.cpu_access(rd(0x30000000), 100), 0u);  // bank 0
  EXPECT_EQ(t.cpu_access(rd(0x30000010), 100), 1u);  // bank 0 again in cycle 100: waits one cycle
  EXPECT_EQ(t.cpu_access(rd(0x30000004), 100), 0u);  // bank 1: no conflict
  EXPECT_EQ(t.cpu_access(rd(0x30000020), 102), 0u);  // bank 0 in a later cycle: free again
  // A 64-bit access covers banks 2 and 3; a word access to bank 3 in the same cycle waits.
  EXPECT_EQ(t.cpu_access(rd(0x30000008, 8), 200), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x3000001C), 200), 1u);
  // An unaligned 16-byte access at word 1: beat 0 = words 1,2 (banks 1,2) at t, beat 1 = words 3,4
  // (banks 3,0) at t+1: no conflict with itself.
  EXPECT_EQ(t.cpu_access(rd(0x30000004, 16), 300), 0u);
  // ...but a bank-0 access in cycle 301 collides with its second beat.
  EXPECT_EQ(t.cpu_access(rd(0x30000040), 301), 1u);
}

TEST(PlatformTiming, AlignedDoublewordWaitsForEitherBankAndHoldsBoth) {
  PlatformMemoryTiming t(corstone300());
  EXPECT_EQ(t.cpu_access(rd(0x3000000C), 200), 0u);     // bank 3, busy during cycle 200
  EXPECT_EQ(t.cpu_access(rd(0x30000008, 8), 200), 1u);  // banks 2,3: waits for bank 3, runs in 201
  EXPECT_EQ(t.cpu_access(rd(0x30000018), 201), 1u);     // bank 2 is held through cycle 201
  EXPECT_EQ(t.cpu_access(rd(0x30000014), 201), 0u);     // bank 1 is free
}

// The fast ranges (FastRange::try_access, inline in the core models) must do exactly what
// cpu_access does: same cost, same bank state, same counters. Two memory systems see the same
// mixed sequence of TCM accesses, one only through cpu_access, the other through its fast ranges
// whenever one takes the access.
TEST(PlatformTiming, FastRangesMatchCpuAccess) {
  PlatformMemoryTiming slow(corstone300()), fast(corstone300());
  const uint32_t bases[] = {0x00000000, 0x10000000, 0x20000000, 0x30000000};  // ITCM/DTCM, NS and S
  const uint8_t sizes[] = {1, 2, 4, 8, 16};
  uint32_t seed = 12345;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  Cycles now = 1000;
  int taken_fast = 0;
  for (int i = 0; i < 20000; ++i) {
    const uint32_t r = next();
    const AccessKind kind = static_cast<AccessKind>(r % 3);
    const uint32_t addr = bases[(r >> 2) % 4] + ((r >> 4) & 0xFFF);
    const uint8_t size = sizes[(r >> 16) % 5];
    if ((r >> 20) % 3 == 0) ++now;  // several accesses per cycle: bank conflicts happen
    const CpuAccess a{addr, size, kind};
    const Cycles expected = slow.cpu_access(a, now);
    const FastRange range = fast.fast_range(addr, kind);
    Cycles got = 0;
    if (range.try_access(addr, size, now, got)) ++taken_fast;
    else got = fast.cpu_access(a, now);
    ASSERT_EQ(got, expected) << "access " << i << " at 0x" << std::hex << addr << " size " << std::dec << int{size};
  }
  EXPECT_GT(taken_fast, 10000);  // most of them went the fast way
  EXPECT_EQ(fast.cpu_accesses(), slow.cpu_accesses());
  for (size_t m = 0; m < slow.traffic().size(); ++m) {
    EXPECT_EQ(fast.traffic()[m].cpu_read, slow.traffic()[m].cpu_read) << m;
    EXPECT_EQ(fast.traffic()[m].cpu_write, slow.traffic()[m].cpu_write) << m;
    EXPECT_EQ(fast.traffic()[m].cpu_fetch, slow.traffic()[m].cpu_fetch) << m;
  }
}

TEST(PlatformTiming, NoFastRangeForCachedMemoriesOrDtcmFetches) {
  PlatformMemoryTiming t(corstone300());
  EXPECT_EQ(t.fast_range(0x70000000, AccessKind::Read).size, 0u);   // DDR: behind the D-cache
  EXPECT_EQ(t.fast_range(0x21000000, AccessKind::Write).size, 0u);  // ISRAM
  EXPECT_EQ(t.fast_range(0x30000000, AccessKind::Fetch).size, 0u);  // DTCM holds no code
  EXPECT_EQ(t.fast_range(0x40000000, AccessKind::Read).size, 0u);   // peripherals
  EXPECT_NE(t.fast_range(0x10000000, AccessKind::Fetch).size, 0u);  // ITCM code
}

TEST(PlatformTiming, UncachedReadPaysLatencyPlusTransfer) {
  PlatformMemoryTiming t(corstone300());  // CCR.IC/DC reset to 0: caches off
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1000), kDdrLatency + 1u);          // ceil(4/8) = 1
  EXPECT_EQ(t.cpu_access(rd(0x70000100, 16), 2000), kDdrLatency + 2u);      // ceil(16/8) = 2
  EXPECT_EQ(t.cpu_access(rd(0x01000000), 3000), kSramLatency + 1u);
  EXPECT_EQ(t.cpu_access(rd(0x38000000), 4000), test::kQspiLatency + 4u);   // 1 byte/cycle
  // Back to back in one cycle: the second waits for the first's transfer cycle.
  EXPECT_EQ(t.cpu_access(rd(0x70000000, 8), 5000), kDdrLatency + 1u);
  EXPECT_EQ(t.cpu_access(rd(0x70000008, 8), 5000), 1u + kDdrLatency + 1u);
  // Uncached stores are posted: no wait when the memory is idle.
  EXPECT_EQ(t.cpu_access(wr(0x70000000), 6000), 0u);
}

TEST(PlatformTiming, DcacheMissFillsALineThenHits) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(true, true);
  const Cycles fill = kDdrLatency + static_cast<Cycles>(32 / kDdrBw);  // 32-byte line
  EXPECT_EQ(t.cpu_access(rd(0x70000004), 1000), fill);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1100), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x7000001C), 1101), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x70000020), 1200), fill);  // next line
  // An access straddling two lines (bytes 0x3E..0x41): second line misses.
  EXPECT_EQ(t.cpu_access(rd(0x7000003E), 1300), 0u + 0u + fill);
  const CacheCounters c = t.cache_counters();
  EXPECT_EQ(c.dcache_refills, 3u);
  EXPECT_EQ(c.dcache_accesses, 6u);  // the straddling access looks up two lines
}

TEST(PlatformTiming, WriteBackEvictionCountsAndOccupiesTheMemory) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(false, true);
  // DDR 0x6000_0000-0x7FFF_FFFF is write-back write-allocate. 256 sets x 32 bytes: lines 8 KiB
  // apart share a set; 4 ways.
  const uint32_t base = 0x70000000, stride = 8 * 1024;
  const Cycles fill = kDdrLatency + 4;
  EXPECT_EQ(t.cpu_access(wr(base), 1000), fill);  // write-allocate: fill, line dirty
  EXPECT_EQ(t.cpu_access(wr(base + 4), 1100), 0u);
  for (uint32_t i = 1; i < 4; ++i) EXPECT_EQ(t.cpu_access(rd(base + i * stride), 1000 + 100 * (i + 1)), fill);
  EXPECT_EQ(t.cache_counters().dcache_writebacks, 0u);
  // A fifth line in the set evicts the dirty LRU line: its fill costs the same, and the write-back
  // goes out after it, occupying DDR for 32/8 = 4 cycles.
  const Cycles t0 = 2000;
  EXPECT_EQ(t.cpu_access(rd(base + 4 * stride), t0), fill);
  EXPECT_EQ(t.cache_counters().dcache_writebacks, 1u);
  // Fill occupies [t0, t0+4); write-back posted at t0+fill occupies [t0+36, t0+40). An uncached
  // read of QSPI is unaffected; a DDR line fill at t0+36 waits 4 cycles.
  EXPECT_EQ(t.cpu_access(rd(base + 5 * stride), t0 + fill), 4u + fill);
  const auto& tr = t.traffic()[static_cast<size_t>(index_of(t, "DDR"))];
  EXPECT_EQ(tr.cpu_bus_write, 32u);
  EXPECT_EQ(tr.cpu_bus_read, 6u * 32u);
  EXPECT_EQ(tr.cpu_write, 8u);
  EXPECT_EQ(tr.cpu_read, 5u * 4u);
}

TEST(PlatformTiming, WriteThroughRegionDoesNotAllocateOnStores) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(false, true);
  // Code SRAM (0x0100_0000, Code region) is write-through under the default memory map.
  EXPECT_EQ(t.cpu_access(wr(0x01000000), 1000), 0u);  // posted, memory idle: no wait
  EXPECT_EQ(t.cpu_access(rd(0x01000000), 1100), kSramLatency + 4u);  // not allocated by the store
  EXPECT_EQ(t.cpu_access(wr(0x01000004), 1200), 0u);  // hit; still written through
  EXPECT_FALSE(t.dcache().dirty(0x01000000));
  const auto& tr = t.traffic()[static_cast<size_t>(index_of(t, "SRAM"))];
  EXPECT_EQ(tr.cpu_bus_write, 8u);
  // Forcing write-back makes the same stores allocate and dirty the line.
  MemorySystemConfig c = corstone300();
  c.write_policy = WritePolicy::WriteBack;
  PlatformMemoryTiming wb(c);
  wb.set_cache_enables(false, true);
  EXPECT_EQ(wb.cpu_access(wr(0x01000000), 1000), kSramLatency + 4u);
  EXPECT_TRUE(wb.dcache().dirty(0x01000000));
}

TEST(PlatformTiming, DeviceRegionIsNeverCached) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(true, true);
  // DDR above 0xA000_0000 is Device memory in the default map: every read goes to DDR.
  EXPECT_EQ(t.cpu_access(rd(0xA0000000), 1000), kDdrLatency + 1u);
  EXPECT_EQ(t.cpu_access(rd(0xA0000000), 2000), kDdrLatency + 1u);
}

TEST(PlatformTiming, IcacheAndFetchBuffer) {
  PlatformMemoryTiming t(corstone300());
  // Caches off: every new 64-bit fetch block is a bus read of 8 bytes.
  EXPECT_EQ(t.cpu_access(fe(0x01000000), 100), kSramLatency + 1u);
  EXPECT_EQ(t.cpu_access(fe(0x01000002), 110), 0u);  // same fetch block
  EXPECT_EQ(t.cpu_access(fe(0x01000008, 4), 120), kSramLatency + 1u);
  t.set_cache_enables(true, false);
  EXPECT_EQ(t.cpu_access(fe(0x01000100), 200), kSramLatency + 4u);  // line fill (32 bytes)
  EXPECT_EQ(t.cpu_access(fe(0x01000108), 210), 0u);                 // I-cache hit
  EXPECT_EQ(t.cpu_access(fe(0x0100011E, 4), 220), 0u + kSramLatency + 4u);  // straddles into the next line
  EXPECT_EQ(t.cache_counters().icache_refills, 2u);
  t.cache_maintenance(CacheOp::ICIALLU, 0, 300);
  EXPECT_EQ(t.cpu_access(fe(0x01000100), 310), kSramLatency + 4u);
  EXPECT_EQ(t.cpu_access(fe(0x10000000), 320), 0u);  // ITCM
}

TEST(PlatformTiming, MaintenanceByAddressWritesBackDirtyLines) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(false, true);
  t.cpu_access(wr(0x70000040), 1000);
  EXPECT_TRUE(t.dcache().dirty(0x70000040));
  t.cache_maintenance(CacheOp::DCCMVAC, 0x70000044, 1100);  // clean: write back, keep
  EXPECT_EQ(t.cache_counters().dcache_writebacks, 1u);
  EXPECT_FALSE(t.dcache().dirty(0x70000040));
  EXPECT_EQ(t.cpu_access(rd(0x70000040), 1200), 0u);
  t.cache_maintenance(CacheOp::DCCIMVAC, 0x70000040, 1300);  // clean (nothing dirty) + invalidate
  EXPECT_EQ(t.cache_counters().dcache_writebacks, 1u);
  EXPECT_EQ(t.cpu_access(rd(0x70000040), 1400), kDdrLatency + 4u);
  t.cache_maintenance(CacheOp::DCIMVAC, 0x70000040, 1500);  // invalidate: discards
  EXPECT_FALSE(t.dcache().contains(0x70000040));
}

TEST(PlatformTiming, MaintenanceBySetWayUsesTheArmEncoding) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(false, true);
  // 0x7000_0060: set = (addr >> 5) & 255 = 3; first fill goes to way 0.
  t.cpu_access(wr(0x70000060), 1000);
  // CMSIS SCB_CleanInvalidateDCache: value = (set << 5) | (way << 30) for 4 ways, 32-byte lines.
  t.cache_maintenance(CacheOp::DCCSW, (3u << 5) | (1u << 30), 1100);  // way 1: empty, nothing
  EXPECT_EQ(t.cache_counters().dcache_writebacks, 0u);
  t.cache_maintenance(CacheOp::DCCISW, (3u << 5) | (0u << 30), 1200);
  EXPECT_EQ(t.cache_counters().dcache_writebacks, 1u);
  EXPECT_FALSE(t.dcache().contains(0x70000060));
  t.cpu_access(rd(0x70000060), 1300);
  t.cache_maintenance(CacheOp::DCISW, 3u << 5, 1400);
  EXPECT_FALSE(t.dcache().contains(0x70000060));
}

TEST(PlatformTiming, DisablingTheDcacheBypassesIt) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(false, true);
  t.cpu_access(rd(0x70000000), 1000);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1100), 0u);
  t.set_cache_enables(false, false);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1200), kDdrLatency + 1u);
  t.set_cache_enables(false, true);  // contents kept while disabled (no invalidation on disable)
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1300), 0u);
}

TEST(PlatformTiming, UnmodelledCacheCostsAHit) {
  MemorySystemConfig c = corstone300();
  c.dcache.modelled = false;
  PlatformMemoryTiming t(c);
  t.set_cache_enables(false, true);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1000), 0u);
}

TEST(PlatformTiming, DrainWaitsForPostedWrites) {
  PlatformMemoryTiming t(corstone300());
  // Eight uncached 8-byte stores in one cycle: posted, each occupying DDR for one cycle.
  Cycles stall = 0;
  for (int i = 0; i < 8; ++i) stall += t.cpu_access(wr(0x70000000 + 8 * i, 8), 500);
  EXPECT_EQ(stall, 0u + 1 + 2 + 3 + 4 + 5 + 6 + 7);  // the store buffer waits for the port
  EXPECT_EQ(t.drain_writes(500), 8u);
}

TEST(PlatformTiming, CountsCpuBytesPerMemoryAndIgnoresPeripherals) {
  PlatformMemoryTiming t(corstone300());
  t.cpu_access(rd(0x30000000), 1);
  t.cpu_access(wr(0x20000000, 2), 2);
  t.cpu_access(fe(0x10000000, 4), 3);
  t.cpu_access(rd(0x49303000), 4);  // UART: not a memory
  t.cpu_access(rd(0xE000ED00), 5);  // PPB
  const auto& dtcm = t.traffic()[static_cast<size_t>(index_of(t, "DTCM"))];
  const auto& itcm = t.traffic()[static_cast<size_t>(index_of(t, "ITCM"))];
  EXPECT_EQ(dtcm.cpu_read, 4u);
  EXPECT_EQ(dtcm.cpu_write, 2u);
  EXPECT_EQ(itcm.cpu_read, 4u);
  EXPECT_EQ(t.cpu_accesses(), 5u);
  EXPECT_EQ(t.memory_index(0x49303000), -1);
  EXPECT_EQ(t.memory_index(0x7FFFFFFF), index_of(t, "DDR"));
}

TEST(PlatformTiming, SmallMemoryResolvedBelowBlockGranularity) {
  // A 4 KiB ITCM (CFGITCMSZ=3) shares its 64 KiB block with unmapped space.
  MemorySystemConfig c = corstone300();
  c.memories[0].size = 4096;
  PlatformMemoryTiming t(c);
  EXPECT_EQ(t.memory_index(0x00000FFF), 0);
  EXPECT_EQ(t.memory_index(0x00001000), -1);
  EXPECT_EQ(t.memory_index(0x10000800), 0);
}

TEST(PlatformTiming, ArbitraryGuestInputNeverCrashes) {
  // Random addresses (all of 4 GiB), sizes, kinds, maintenance words and NPU transfers, with odd
  // cache geometries: every call returns, and no single access stalls absurdly long.
  uint64_t x = 0x9E3779B97F4A7C15ull;
  auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  for (const CacheGeometry g : {CacheGeometry{32 * 1024, 32, 4}, CacheGeometry{512, 32, 16}, CacheGeometry{64, 4, 1},
                                CacheGeometry{3000, 7, 0}}) {
    MemorySystemConfig c = corstone300();
    c.icache.geometry = g;
    c.dcache.geometry = g;
    PlatformMemoryTiming t(c);
    Cycles now = 0;
    for (int i = 0; i < 20000; ++i) {
      const uint64_t r = next();
      const uint32_t addr = static_cast<uint32_t>(r);
      const uint8_t sizes[] = {1, 2, 4, 8, 16};
      const uint8_t size = sizes[(r >> 32) % 5];
      switch ((r >> 40) % 8) {
        case 0: t.set_cache_enables((r >> 48) & 1, (r >> 49) & 1); break;
        case 1: t.cache_maintenance(static_cast<CacheOp>((r >> 50) % 10), static_cast<uint32_t>(next()), now); break;
        case 2: t.npu_transfer((r >> 50) & 1, addr, (r >> 51) % 100000, (r >> 49) & 1, now); break;
        default: {
          const AccessKind k = static_cast<AccessKind>((r >> 45) % 3);
          ASSERT_LT(t.cpu_access({addr, size, k}, now), 2'000'000u);
        }
      }
      now += (r >> 56) % 4;
    }
    (void)t.drain_writes(now);
  }
}

}  // namespace
}  // namespace corsim::memory::timing
