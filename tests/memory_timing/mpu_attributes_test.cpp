// The MPU's memory attributes in the memory-system timing (docs/memory-timing.md "Memory
// attributes: the MPU"), against hand-computed cycles. Costs come from docs/memory-timing.md "The
// model": an uncached DDR load waits L + ceil(size / B) = 32 + 1 = 33, a D-cache line fill
// L + ceil(32 / B) = 32 + 4 = 36, a hit 0, an uncached or write-through store is posted (0 when the
// memory is idle). MAIR encodings: Armv8-M ARM (DDI 0553) D1.2 "MPU_MAIR0", Attr<n>.
#include <gtest/gtest.h>

#include "corstone300_config.h"
#include "memory/timing/memory_attributes.h"
#include "memory/timing/platform_memory_timing.h"

namespace corsim::memory::timing {
namespace {

using test::corstone300;
using test::kDdrLatency;
using test::kSramLatency;

CpuAccess rd(uint32_t a, uint8_t size = 4) { return {a, size, AccessKind::Read}; }
CpuAccess wr(uint32_t a, uint8_t size = 4) { return {a, size, AccessKind::Write}; }
CpuAccess fe(uint32_t a, uint8_t size = 2) { return {a, size, AccessKind::Fetch}; }

// MAIR attribute bytes (D1.2): outer [7:4], inner [3:0].
constexpr uint8_t kDevice = 0x00;         // Device-nGnRnE
constexpr uint8_t kNonCacheable = 0x44;   // Normal, outer and inner Non-cacheable
constexpr uint8_t kWriteThrough = 0xBB;   // Normal, Write-Through non-transient, RA WA
constexpr uint8_t kWriteBack = 0xFF;      // Normal, Write-Back non-transient, RA WA

constexpr Cycles kUncachedWord = kDdrLatency + 1;  // 32 + ceil(4/8)
constexpr Cycles kDdrFill = kDdrLatency + 4;       // 32 + ceil(32/8)
constexpr Cycles kSramFill = kSramLatency + 4;     // 4 + ceil(32/8)

MpuRegions mpu(bool enabled, std::vector<MpuRegion> regions, bool privdefena = true) {
  return MpuRegions{enabled, privdefena, std::move(regions)};
}

PlatformMemoryTiming dcache_on(MemorySystemConfig c = corstone300()) {
  PlatformMemoryTiming t(std::move(c));
  t.set_cache_enables(false, true);
  return t;
}

size_t ddr(const PlatformMemoryTiming& t) { return static_cast<size_t>(t.memory_index(0x70000000)); }

TEST(MairDecoding, FollowsTheArmEncodings) {
  EXPECT_TRUE(decode_mair_attribute(0x00).device);  // [7:4] = 0: Device-nGnRnE
  EXPECT_TRUE(decode_mair_attribute(0x0C).device);  // Device-GRE
  const struct {
    uint8_t attr;
    CachePolicy policy;
    bool ra, wa;
  } cases[] = {
      {0x44, CachePolicy::NonCacheable, false, false},  // inner 0b0100 Non-cacheable
      {0x40, CachePolicy::NonCacheable, false, false},  // inner 0b0000: UNPREDICTABLE, taken as NC
      {0x33, CachePolicy::WriteThrough, true, true},    // inner 0b0011: WT transient
      {0x22, CachePolicy::WriteThrough, true, false},   // inner 0b0010: WT transient, RA
      {0x77, CachePolicy::WriteBack, true, true},       // inner 0b0111: WB transient
      {0x88, CachePolicy::WriteThrough, false, false},  // inner 0b1000: WT non-transient, no allocation
      {0xBB, CachePolicy::WriteThrough, true, true},    // inner 0b1011
      {0xCC, CachePolicy::WriteBack, false, false},     // inner 0b1100: WB non-transient, no allocation
      {0xFF, CachePolicy::WriteBack, true, true},       // inner 0b1111
      {0x4F, CachePolicy::WriteBack, true, true},       // outer NC, inner WB: the L1 follows the inner
      {0xF4, CachePolicy::NonCacheable, false, false},  // outer WB, inner NC
  };
  for (const auto& c : cases) {
    const CacheAttributes a = decode_mair_attribute(c.attr);
    EXPECT_FALSE(a.device) << int{c.attr};
    EXPECT_EQ(a.policy, c.policy) << int{c.attr};
    EXPECT_EQ(a.read_allocate, c.ra) << int{c.attr};
    EXPECT_EQ(a.write_allocate, c.wa) << int{c.attr};
  }
}

TEST(MpuAttributes, NonCacheableRegionMakesEveryLoadGoToMemory) {
  PlatformMemoryTiming t = dcache_on();
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kNonCacheable, 0}}));
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1000), kUncachedWord);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 2000), kUncachedWord);  // no line was filled
  EXPECT_EQ(t.cpu_access(rd(0x70000004), 3000), kUncachedWord);
  EXPECT_FALSE(t.dcache().contains(0x70000000));
  EXPECT_EQ(t.cache_counters().dcache_refills, 0u);
  EXPECT_EQ(t.cache_counters().dcache_accesses, 0u);  // not looked up
  EXPECT_EQ(t.traffic()[ddr(t)].cpu_bus_read, 12u);    // the words themselves
  // Outside the region (PRIVDEFENA): the default map, DDR write-back: fill, then hit.
  EXPECT_EQ(t.cpu_access(rd(0x70100000), 4000), kDdrFill);
  EXPECT_EQ(t.cpu_access(rd(0x70100000), 5000), 0u);
}

TEST(MpuAttributes, DeviceRegionIsNeverCached) {
  PlatformMemoryTiming t = dcache_on();
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000001F, kDevice, 0}}));
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1000), kUncachedWord);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 2000), kUncachedWord);
  EXPECT_EQ(t.cpu_access(wr(0x70000000), 3000), 0u);  // posted
  EXPECT_FALSE(t.dcache().contains(0x70000000));
  // The region ends at 0x7000_001F (RLAR.LIMIT | 0x1F): the next 32 bytes are cached again.
  EXPECT_EQ(t.cpu_access(rd(0x70000020), 4000), kDdrFill);
}

TEST(MpuAttributes, WriteThroughRegionStoresDoNotAllocate) {
  PlatformMemoryTiming t = dcache_on();
  // DDR is write-back in the default map; the region makes it write-through.
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kWriteThrough, 0}}));
  EXPECT_EQ(t.cpu_access(wr(0x70000000), 1000), 0u);       // posted, no allocation
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1100), kDdrFill);  // the store did not allocate
  EXPECT_EQ(t.cpu_access(wr(0x70000004), 1200), 0u);       // hit, written through
  EXPECT_FALSE(t.dcache().dirty(0x70000000));
  EXPECT_EQ(t.traffic()[ddr(t)].cpu_bus_write, 8u);
}

TEST(MpuAttributes, WriteBackRegionStoresAllocateAndDirty) {
  PlatformMemoryTiming t = dcache_on();
  // Code SRAM (Code region) is write-through in the default map; the region makes it write-back.
  t.set_mpu_regions(mpu(true, {{0x01000000, 0x0100FFFF, kWriteBack, 0}}));
  EXPECT_EQ(t.cpu_access(wr(0x01000000), 1000), kSramFill);  // write-allocate: line fill
  EXPECT_EQ(t.cpu_access(wr(0x01000004), 1100), 0u);
  EXPECT_TRUE(t.dcache().dirty(0x01000000));
  EXPECT_EQ(t.traffic()[static_cast<size_t>(t.memory_index(0x01000000))].cpu_bus_write, 0u);
}

TEST(MpuAttributes, WritePolicyOverrideBeatsTheRegionButNotItsCacheability) {
  MemorySystemConfig c = corstone300();
  c.write_policy = WritePolicy::WriteThrough;  // -C cache.dcache.write_policy=write-through
  PlatformMemoryTiming t = dcache_on(c);
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kWriteBack, 0}, {0x70010000, 0x7001FFFF, kNonCacheable, 1}}));
  EXPECT_EQ(t.cpu_access(wr(0x70000000), 1000), 0u);  // write-through wins: posted, no allocation
  EXPECT_FALSE(t.dcache().contains(0x70000000));
  c.write_policy = WritePolicy::WriteBack;
  PlatformMemoryTiming b = dcache_on(c);
  b.set_mpu_regions(mpu(true, {{0x70010000, 0x7001FFFF, kNonCacheable, 1}}));
  EXPECT_EQ(b.cpu_access(rd(0x70010000), 1000), kUncachedWord);  // still not cached
  EXPECT_EQ(b.cpu_access(rd(0x70010000), 2000), kUncachedWord);
}

TEST(MpuAttributes, DisabledMpuKeepsTheDefaultMap) {
  PlatformMemoryTiming t = dcache_on();
  t.set_mpu_regions(mpu(false, {{0x70000000, 0x7000FFFF, kNonCacheable, 0}, {0x01000000, 0x0100FFFF, kWriteBack, 1}}));
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1000), kDdrFill);  // DDR write-back as before
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1100), 0u);
  EXPECT_EQ(t.cpu_access(wr(0x01000000), 1200), 0u);        // code SRAM write-through: posted
  EXPECT_FALSE(t.dcache().contains(0x01000000));
  EXPECT_EQ(t.cpu_access(rd(0xA0000000), 2000), kUncachedWord);  // Device in the default map
}

TEST(MpuAttributes, ChangeTakesEffectOnTheNextAccessEvenForResidentLines) {
  PlatformMemoryTiming t = dcache_on();
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1000), kDdrFill);
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1100), 0u);  // the last-line fast path holds it now
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kNonCacheable, 0}}));
  // Non-cacheable accesses do not look the cache up (corsim's choice, as for CCR.DC = 0): the
  // resident line is not hit, not invalidated, not written back.
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1200), kUncachedWord);
  EXPECT_TRUE(t.dcache().contains(0x70000000));
  t.set_mpu_regions(mpu(false, {{0x70000000, 0x7000FFFF, kNonCacheable, 0}}));  // MPU_CTRL.ENABLE = 0
  EXPECT_EQ(t.cpu_access(rd(0x70000000), 1300), 0u);  // the same line hits again
  // A dirty line stays dirty while its address is non-cacheable; stores go to memory, posted.
  EXPECT_EQ(t.cpu_access(wr(0x70000040), 2000), kDdrFill);
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kNonCacheable, 0}}));
  EXPECT_EQ(t.cpu_access(wr(0x70000040), 3000), 0u);
  EXPECT_TRUE(t.dcache().dirty(0x70000040));
  EXPECT_EQ(t.traffic()[ddr(t)].cpu_bus_write, 4u);
}

TEST(MpuAttributes, UnmatchedAddressesUseTheDefaultMapWhateverPrivdefena) {
  // PRIVDEFENA = 0: an unmatched access faults on hardware (MemManage); corsim does not enforce
  // the MPU and times it with the default map (docs/memory-timing.md).
  PlatformMemoryTiming t = dcache_on();
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kNonCacheable, 0}}, false));
  EXPECT_EQ(t.cpu_access(rd(0x70100000), 1000), kDdrFill);
  EXPECT_EQ(t.cpu_access(rd(0x70100000), 1100), 0u);
  EXPECT_EQ(t.cpu_access(wr(0x01000000), 1200), 0u);  // code SRAM: write-through, posted
  EXPECT_FALSE(t.dcache().contains(0x01000000));
}

TEST(MpuAttributes, OverlappingRegionsTheHighestNumberWins) {
  PlatformMemoryTiming t = dcache_on();
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x7000FFFF, kNonCacheable, 1}, {0x70000000, 0x700000FF, kWriteBack, 3}}));
  EXPECT_TRUE(t.cacheable_at(0x70000000));   // region 3
  EXPECT_FALSE(t.cacheable_at(0x70000100));  // region 1 only
  t.set_mpu_regions(mpu(true, {{0x70000000, 0x700000FF, kWriteBack, 0}, {0x70000000, 0x7000FFFF, kNonCacheable, 5}}));
  EXPECT_FALSE(t.cacheable_at(0x70000000));  // region 5
}

TEST(MpuAttributes, RegionWithBaseAboveLimitMatchesNothing) {
  PlatformMemoryTiming t = dcache_on();
  t.set_mpu_regions(mpu(true, {{0x70001000, 0x70000FFF, kNonCacheable, 0}}));
  EXPECT_TRUE(t.cacheable_at(0x70000000));
  EXPECT_TRUE(t.cacheable_at(0x80000000));
}

TEST(MpuAttributes, NonCacheableCodeIsFetchedThroughTheFetchBuffer) {
  PlatformMemoryTiming t(corstone300());
  t.set_cache_enables(true, false);
  t.set_mpu_regions(mpu(true, {{0x01000000, 0x0100FFFF, kNonCacheable, 0}}));
  // Uncached fetch: 8 bytes per new block, L + ceil(8/8) = 5 (docs/memory-timing.md table).
  EXPECT_EQ(t.cpu_access(fe(0x01000000), 1000), kSramLatency + 1u);
  EXPECT_EQ(t.cpu_access(fe(0x01000008), 1100), kSramLatency + 1u);  // an I-cache hit otherwise
  EXPECT_EQ(t.cpu_access(fe(0x01000000), 1200), kSramLatency + 1u);
  EXPECT_EQ(t.cache_counters().icache_accesses, 0u);
}

TEST(MpuAttributes, TcmsAndTheirFastRangesDoNotDependOnTheMpu) {
  PlatformMemoryTiming t = dcache_on();
  const FastRange before = t.fast_range(0x30000000, AccessKind::Read);
  t.set_mpu_regions(mpu(true, {{0x00000000, 0xFFFFFFFF, kWriteBack, 0}}));
  const FastRange after = t.fast_range(0x30000000, AccessKind::Read);
  EXPECT_EQ(after.base, before.base);
  EXPECT_EQ(after.size, before.size);
  EXPECT_EQ(t.cpu_access(rd(0x30000000), 1000), 0u);
  EXPECT_EQ(t.cpu_access(rd(0x10000000), 1000), 0u);
  EXPECT_FALSE(t.dcache().contains(0x30000000));  // TCMs are never cached
  EXPECT_FALSE(t.dcache().contains(0x10000000));
}

}  // namespace
}  // namespace corsim::memory::timing
