// The SCB drives the memory-system timing's caches: CCR.IC/DC writes enable them and the cache
// maintenance registers (0xE000EF50..) reach cache_maintenance, through the PPB exactly as firmware
// writes them (CMSIS SCB_EnableDCache / SCB_CleanDCache_by_Addr style sequences).
#include <gtest/gtest.h>

#include "corstone300_config.h"
#include "cpu/scs/system_control_space.h"
#include "memory/timing/platform_memory_timing.h"
#include "tests/cpu_sys/harness.h"

namespace corsim::memory::timing {
namespace {

struct Fixture : ::testing::Test {
  cpu::test::Harness h;
  cpu::test::FakeTime time;
  cpu::scs::SystemControlSpace scs{h.exc, time};
  PlatformMemoryTiming mt{config()};
  static MemorySystemConfig config() {
    MemorySystemConfig c = test::corstone300();
    c.icache.geometry = {16 * 1024, 32, 2};  // smaller than the Corstone-300 default: CCSIDR follows
    return c;
  }
  Fixture() {
    h.bus.map(0xE0000000u, 0x100000, scs, "PPB");
    scs.set_cache_hooks([this](uint32_t ccr) { mt.set_cache_enables((ccr >> 17) & 1u, (ccr >> 16) & 1u); },
                        [this](unsigned op, uint32_t v) { mt.cache_maintenance(static_cast<CacheOp>(op), v, time.t); },
                        [this](bool instr) { return (instr ? mt.icache() : mt.dcache()).geometry().ccsidr(instr); });
  }
  void wr(uint32_t addr, uint32_t v) { ASSERT_TRUE(h.bus.write(addr, 4, v, {Master::CpuData, true, true}).ok()); }
  uint32_t rd(uint32_t addr) {
    uint32_t v = 0;
    EXPECT_TRUE(h.bus.read(addr, 4, v, {Master::CpuData, true, true}).ok());
    return v;
  }
};

TEST_F(Fixture, CcrEnablesTheCaches) {
  EXPECT_FALSE(mt.icache_enabled());
  EXPECT_FALSE(mt.dcache_enabled());
  wr(0xE000ED14, rd(0xE000ED14) | (1u << 16));  // CCR.DC
  EXPECT_TRUE(mt.dcache_enabled());
  EXPECT_FALSE(mt.icache_enabled());
  wr(0xE000ED14, rd(0xE000ED14) | (1u << 17));  // CCR.IC
  EXPECT_TRUE(mt.icache_enabled());
  wr(0xE000ED14, rd(0xE000ED14) & ~(3u << 16));
  EXPECT_FALSE(mt.icache_enabled());
  EXPECT_FALSE(mt.dcache_enabled());
}

TEST_F(Fixture, CcsidrDescribesTheConfiguredCaches) {
  wr(0xE000ED84, 0);  // CSSELR: level 1 data
  EXPECT_EQ(rd(0xE000ED80), 0xF01FE019u);  // 32 KiB, 4-way, 32-byte lines
  wr(0xE000ED84, 1);  // instruction
  EXPECT_EQ(rd(0xE000ED80), 0x20000000u | 255u << 13 | 1u << 3 | 1u);  // 16 KiB 2-way: 256 sets
}

TEST_F(Fixture, MaintenanceRegistersReachTheCaches) {
  wr(0xE000ED14, rd(0xE000ED14) | (3u << 16));
  mt.cpu_access({0x70000040, 4, AccessKind::Write}, 100);  // dirty line
  mt.cpu_access({0x01000000, 2, AccessKind::Fetch}, 101);   // I-cache line
  EXPECT_TRUE(mt.dcache().dirty(0x70000040));
  time.t = 200;
  wr(0xE000EF68, 0x70000040);  // DCCMVAC
  EXPECT_FALSE(mt.dcache().dirty(0x70000040));
  EXPECT_EQ(mt.cache_counters().dcache_writebacks, 1u);
  wr(0xE000EF5C, 0x70000040);  // DCIMVAC
  EXPECT_FALSE(mt.dcache().contains(0x70000040));
  EXPECT_TRUE(mt.icache().contains(0x01000000));
  wr(0xE000EF50, 0);  // ICIALLU
  EXPECT_FALSE(mt.icache().contains(0x01000000));
  // Set/way: 0x7000_0060 is set 3, way 0.
  mt.cpu_access({0x70000060, 4, AccessKind::Write}, 300);
  wr(0xE000EF74, 3u << 5);  // DCCISW set 3 way 0
  EXPECT_FALSE(mt.dcache().contains(0x70000060));
  EXPECT_EQ(mt.cache_counters().dcache_writebacks, 2u);
}

}  // namespace
}  // namespace corsim::memory::timing
