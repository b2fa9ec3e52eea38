// The MPU's memory attributes seen from the guest: firmware/mpu_noncacheable.S times a loop of 4
// word loads from one DDR line with DWT CYCCNT, with the D-cache on and the MPU off, with an MPU
// region making the line Normal Non-cacheable, then Device, with the MPU off again and with the
// D-cache off (docs/memory-timing.md "Memory attributes: the MPU"). Expected cycles per iteration
// are worked out by hand:
//   hit loop      4 independent loads + LE: 5 cycles on the M55 (one load per cycle, then the
//                 LE's issue slot), 2.5 on the M85 (two load pairs; the predicted LE pairs with the
//                 next iteration's first load, [M85-SI] taken branch + destination: 5 instructions,
//                 2 per cycle) (tests/timing/timing_golden_test.cpp: ldr_ddr_hit, loop_le's schedule)
//   uncached loop each load waits L + ceil(4 / B) = 32 + 1 = 33 cycles (docs/memory-timing.md
//                 "Numbers for guest-visible timing tests": DDR load, uncached), and a non-zero
//                 answer blocks issue until the data is there (docs/timing.md "Memory";
//                 cpu/timing/timing_model.h transfer_cost: next issue >= issue + 1 + stall), so no
//                 two loads share a cycle on either core: 4 x (1 + 33) + the LE's cycle = 137 on
//                 the M55; on the M85 the predicted LE shares its cycle with the next iteration's
//                 first load (as in the hit loop): 4 x (1 + 33) = 136 (137 while the memory system
//                 timed each access at the cycle of the instruction before it, not at its issue).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "tests/timing/guest_results.h"

namespace corsim {
namespace {

constexpr unsigned kIterations = 64;
enum Result { kCached, kNonCacheable, kDevice, kMpuOffAgain, kDcacheOff, kCount };

std::array<double, kCount> run_guest(const std::string& cpu) {
  const std::vector<uint32_t> cycles = timing_test::run_timing_guest(CORSIM_MPU_GUEST_ELF, cpu, kCount);
  std::array<double, kCount> per_iteration{};
  for (size_t i = 0; i < kCount; ++i) per_iteration[i] = static_cast<double>(cycles[i]) / kIterations;
  return per_iteration;
}

class MpuGuest : public ::testing::TestWithParam<std::string> {};

TEST_P(MpuGuest, NonCacheableRegionMakesEveryLoadPayTheBus) {
  const auto m = run_guest(GetParam());
  const double hit_loop = GetParam() == "cortex-m85" ? 2.5 : 5;
  const double uncached_loop = 4 * (1 + 33) + (GetParam() == "cortex-m85" ? 0 : 1);
  EXPECT_DOUBLE_EQ(m[kCached], hit_loop) << "D-cache on, MPU off: DDR write-back in the default map";
  EXPECT_DOUBLE_EQ(m[kNonCacheable], uncached_loop) << "MAIR 0x44: Normal Non-cacheable";
  EXPECT_DOUBLE_EQ(m[kDevice], uncached_loop) << "MAIR 0x00: Device";
  EXPECT_DOUBLE_EQ(m[kMpuOffAgain], hit_loop) << "MPU_CTRL.ENABLE = 0: the default map again";
  EXPECT_DOUBLE_EQ(m[kDcacheOff], uncached_loop) << "CCR.DC = 0";
}

INSTANTIATE_TEST_SUITE_P(Cores, MpuGuest, ::testing::Values("cortex-m55", "cortex-m85"),
                         [](const auto& info) { return info.param == "cortex-m55" ? "M55" : "M85"; });

}  // namespace
}  // namespace corsim
