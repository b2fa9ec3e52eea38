// The MPU registers (cpu/scs/mpu_sau) give the memory-system timing its memory attributes: writes
// to MPU_CTRL, RNR/RBAR/RLAR (and the _An aliases) and MAIR0/1 through the PPB, as CMSIS's
// ARM_MPU_SetMemAttr / ARM_MPU_SetRegion / ARM_MPU_Enable write them, reach set_mpu_regions.
// Register layout: Armv8-M ARM (DDI 0553) D1.2 MPU_CTRL, MPU_RBAR (BASE [31:5]), MPU_RLAR
// (LIMIT [31:5], AttrIndx [3:1], EN [0]), MPU_MAIR0/1.
#include <gtest/gtest.h>

#include "corstone300_config.h"
#include "cpu/scs/system_control_space.h"
#include "memory/timing/platform_memory_timing.h"
#include "tests/cpu_sys/harness.h"

namespace corsim::memory::timing {
namespace {

constexpr uint32_t kMpuCtrl = 0xE000ED94, kRnr = 0xE000ED98, kRbar = 0xE000ED9C, kRlar = 0xE000EDA0;
constexpr uint32_t kRbarA1 = 0xE000EDA4, kRlarA1 = 0xE000EDA8, kMair0 = 0xE000EDC0, kMair1 = 0xE000EDC4;
constexpr uint32_t kEnable = 1, kPrivdefena = 4;

struct MpuRegisters : ::testing::Test {
  cpu::test::Harness h;
  cpu::test::FakeTime time;
  cpu::scs::SystemControlSpace scs{h.exc, time};
  PlatformMemoryTiming mt{test::corstone300()};
  int notifications = 0;
  MpuRegisters() {
    h.bus.map(0xE0000000u, 0x100000, scs, "PPB");
    scs.mpu_sau().set_mpu_listener([this](const MpuRegions& m) {
      ++notifications;
      mt.set_mpu_regions(m);
    });
  }
  void wr(uint32_t addr, uint32_t v) { ASSERT_TRUE(h.bus.write(addr, 4, v, {Master::CpuData, true, true}).ok()); }
};

TEST_F(MpuRegisters, RegionsAndAttributesReachTheMemoryTiming) {
  wr(kMair0, 0x44u << 8 | 0xFFu);  // Attr0 = WB RA WA, Attr1 = Non-cacheable
  wr(kRnr, 0);
  wr(kRbar, 0x70000000);
  wr(kRlar, 0x7000FFE0u | 1u << 1 | kEnable);  // 0x7000_0000-0x7000_FFFF, Attr1
  EXPECT_TRUE(mt.cacheable_at(0x70000000)) << "MPU still disabled: the default map";
  wr(kMpuCtrl, kEnable | kPrivdefena);
  EXPECT_FALSE(mt.cacheable_at(0x70000000));
  EXPECT_FALSE(mt.cacheable_at(0x7000FFFF));
  EXPECT_TRUE(mt.cacheable_at(0x70010000)) << "unmatched: the default map";
  const MpuRegions regions = scs.mpu_sau().mpu_regions();
  ASSERT_EQ(regions.regions.size(), 1u);
  EXPECT_EQ(regions.regions[0].base, 0x70000000u);
  EXPECT_EQ(regions.regions[0].limit, 0x7000FFFFu);
  EXPECT_EQ(regions.regions[0].mair_attr, 0x44u);
  EXPECT_TRUE(regions.privdefena);
  // Changing MAIR0's Attr1 changes the region at once.
  wr(kMair0, 0xFFu << 8 | 0xFFu);
  EXPECT_TRUE(mt.cacheable_at(0x70000000));
  // RBAR_A1/RLAR_A1 address region (RNR & ~3) + 1; Attr5 lives in MAIR1 [15:8].
  wr(kMair1, 0x00u << 8 | 0xFFu);  // Attr5 = Device-nGnRnE
  wr(kRbarA1, 0x01000000);
  wr(kRlarA1, 0x0100FFE0u | 5u << 1 | kEnable);
  EXPECT_FALSE(mt.cacheable_at(0x01000000));
  // Disabling a region (RLAR.EN = 0) removes it.
  wr(kRnr, 1);
  wr(kRlar, 0x0100FFE0u | 5u << 1);
  EXPECT_TRUE(mt.cacheable_at(0x01000000));
  wr(kMpuCtrl, 0);
  EXPECT_TRUE(mt.cacheable_at(0x70000000));
}

TEST_F(MpuRegisters, ResetKeepsTheListenerAndRestoresTheDefaultMap) {
  wr(kMair0, 0x44);
  wr(kRnr, 0);
  wr(kRbar, 0x70000000);
  wr(kRlar, 0x7000FFE0u | kEnable);
  wr(kMpuCtrl, kEnable);
  EXPECT_FALSE(mt.cacheable_at(0x70000000));
  const int before = notifications;
  scs.reset();
  EXPECT_GT(notifications, before);
  EXPECT_TRUE(mt.cacheable_at(0x70000000));
  wr(kMpuCtrl, kEnable);  // the listener still hears writes; the regions are gone
  EXPECT_TRUE(mt.cacheable_at(0x70000000));
  EXPECT_TRUE(scs.mpu_sau().mpu_regions().regions.empty());
}

}  // namespace
}  // namespace corsim::memory::timing
