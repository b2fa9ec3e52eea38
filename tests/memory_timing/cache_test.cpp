// Cache tags against hand-computed sequences: hits, misses, LRU eviction, dirty write-backs and
// the maintenance operations (memory/timing/cache.h).
#include "memory/timing/cache.h"

#include <gtest/gtest.h>

namespace corsim::memory::timing {
namespace {

// A tiny 2-way cache: 4 sets x 2 ways x 16-byte lines = 128 bytes. Addresses that map to set 0:
// 0x000, 0x040, 0x080, 0x0C0 (set = (addr >> 4) & 3).
Cache tiny() { return Cache(CacheGeometry{128, 16, 2}); }

TEST(Cache, GeometryValidation) {
  EXPECT_TRUE((CacheGeometry{32 * 1024, 32, 4}.valid()));
  EXPECT_EQ((CacheGeometry{32 * 1024, 32, 4}.sets()), 256u);  // CCSIDR of the M55 D-cache: 256 sets
  EXPECT_EQ((CacheGeometry{32 * 1024, 32, 2}.sets()), 512u);  // I-cache: 512 sets
  EXPECT_FALSE((CacheGeometry{3000, 32, 4}.valid()));
  EXPECT_FALSE((CacheGeometry{1024, 24, 4}.valid()));
  EXPECT_FALSE((CacheGeometry{0, 32, 4}.valid()));
  EXPECT_FALSE((CacheGeometry{64, 32, 4}.valid()));  // less than one set
  Cache none(CacheGeometry{3000, 32, 4});             // invalid geometry: no cache, every access misses
  EXPECT_FALSE(none.access(0, true, false).hit);
}

TEST(Cache, CcsidrEncoding) {
  // Armv8-M CCSIDR by hand: WT|WB|RA|WA = 0xF << 28 for data, RA = 1 << 29 for instructions;
  // (sets-1) << 13; (ways-1) << 3; log2(line) - 4.
  EXPECT_EQ((CacheGeometry{32 * 1024, 32, 4}.ccsidr(false)), 0xF0000000u | 255u << 13 | 3u << 3 | 1u);  // 0xF01FE019
  EXPECT_EQ((CacheGeometry{32 * 1024, 32, 2}.ccsidr(true)), 0x20000000u | 511u << 13 | 1u << 3 | 1u);   // 0x203FE009
  EXPECT_EQ((CacheGeometry{16 * 1024, 64, 8}.ccsidr(false)), 0xF0000000u | 31u << 13 | 7u << 3 | 2u);
  EXPECT_EQ((CacheGeometry{0, 32, 4}.ccsidr(false)), 0u);
}

TEST(Cache, HitsAndMissesOfASequence) {
  Cache c = tiny();
  // miss, hit (same line), miss (next line, set 1), hit, miss (set 0 way 1), hit
  const uint32_t seq[] = {0x000, 0x00C, 0x010, 0x01F, 0x040, 0x004};
  const bool expect_hit[] = {false, true, false, true, false, true};
  for (size_t i = 0; i < std::size(seq); ++i) EXPECT_EQ(c.access(seq[i], true, false).hit, expect_hit[i]) << i;
  EXPECT_EQ(c.hits(), 3u);
  EXPECT_EQ(c.misses(), 3u);
}

TEST(Cache, LeastRecentlyUsedWayIsEvicted) {
  Cache c = tiny();
  c.access(0x000, true, false);  // set 0: A
  c.access(0x040, true, false);  // set 0: A B   (B most recent)
  c.access(0x000, true, false);  // A becomes most recent: B is LRU
  c.access(0x080, true, false);  // C replaces B
  EXPECT_TRUE(c.contains(0x000));
  EXPECT_FALSE(c.contains(0x040));
  EXPECT_TRUE(c.contains(0x080));
  c.access(0x0C0, true, false);  // D replaces A (LRU now)
  EXPECT_FALSE(c.contains(0x000));
  EXPECT_TRUE(c.contains(0x080));
  EXPECT_TRUE(c.contains(0x0C0));
}

TEST(Cache, DirtyVictimIsReportedForWriteBack) {
  Cache c = tiny();
  EXPECT_FALSE(c.access(0x000, true, true).evicted_dirty);  // write-allocate A, dirty
  c.access(0x040, true, false);                              // B clean
  CacheResult r = c.access(0x080, true, false);              // evicts A (LRU), dirty
  EXPECT_TRUE(r.evicted_dirty);
  EXPECT_EQ(r.victim_addr, 0x000u);
  r = c.access(0x0C0, true, false);  // evicts B, clean
  EXPECT_FALSE(r.evicted_dirty);
}

TEST(Cache, NoAllocateMissLeavesTheCacheAlone) {
  Cache c = tiny();
  EXPECT_FALSE(c.access(0x100, false, true).hit);
  EXPECT_FALSE(c.contains(0x100));
}

TEST(Cache, MaintenanceByAddress) {
  Cache c = tiny();
  c.access(0x000, true, true);
  c.access(0x010, true, true);
  c.access(0x020, true, false);
  EXPECT_TRUE(c.clean_line(0x004));   // dirty: written back, stays valid
  EXPECT_TRUE(c.contains(0x000));
  EXPECT_FALSE(c.dirty(0x000));
  EXPECT_FALSE(c.clean_line(0x000));  // already clean
  EXPECT_TRUE(c.clean_invalidate_line(0x010));
  EXPECT_FALSE(c.contains(0x010));
  c.invalidate_line(0x020);
  EXPECT_FALSE(c.contains(0x020));
  c.invalidate_all();
  EXPECT_FALSE(c.contains(0x000));
}

TEST(Cache, MaintenanceBySetWay) {
  Cache c = tiny();
  c.access(0x000, true, true);  // set 0, way 0 (first invalid way)
  c.access(0x040, true, true);  // set 0, way 1
  EXPECT_EQ(c.line_at(0, 0), 0x000u);
  EXPECT_EQ(c.line_at(0, 1), 0x040u);
  EXPECT_TRUE(c.clean_set_way(0, 1));
  EXPECT_FALSE(c.dirty(0x040));
  EXPECT_TRUE(c.clean_invalidate_set_way(0, 0));
  EXPECT_FALSE(c.contains(0x000));
  EXPECT_FALSE(c.invalidate_set_way(7, 0));  // out of range: ignored
  EXPECT_FALSE(c.clean_set_way(0, 5));
}

TEST(Cache, StreamingLargerThanTheCacheMissesEveryLine) {
  // 32 KiB 4-way, 32-byte lines; stream 64 KiB twice with one access per line: with LRU every access
  // of the second pass misses too (each line was evicted by the time it comes back).
  Cache c(CacheGeometry{32 * 1024, 32, 4});
  for (int pass = 0; pass < 2; ++pass)
    for (uint32_t a = 0; a < 64 * 1024; a += 32) c.access(0x60000000 + a, true, false);
  EXPECT_EQ(c.hits(), 0u);
  EXPECT_EQ(c.misses(), 2u * 2048u);
  // A 16 KiB working set fits: second pass all hits.
  Cache d(CacheGeometry{32 * 1024, 32, 4});
  for (int pass = 0; pass < 2; ++pass)
    for (uint32_t a = 0; a < 16 * 1024; a += 32) d.access(0x60000000 + a, true, false);
  EXPECT_EQ(d.misses(), 512u);
  EXPECT_EQ(d.hits(), 512u);
}

}  // namespace
}  // namespace corsim::memory::timing
