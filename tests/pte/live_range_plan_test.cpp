// The live-range planner (tools/pte/live_range_plan.h) on hand-built live ranges: buffers whose
// lifetimes do not overlap share an offset, buffers live at a common step never share a byte.
#include <gtest/gtest.h>

#include <random>

#include "tools/pte/live_range_plan.h"

namespace corsim::pte_tool {
namespace {

bool bytes_overlap(uint64_t a, uint64_t a_size, uint64_t b, uint64_t b_size) {
  return a < b + b_size && b < a + a_size;
}

TEST(MemoryPlan, NonOverlappingLifetimesShareAnOffset) {
  // A chain a -> b -> c: a is read at step 1, where b is written, so a and b are live together;
  // c is written at step 2, after a's last read, so it takes a's bytes.
  const std::vector<LiveBuffer> buffers = {{1000, 0, 1}, {1000, 1, 2}, {1000, 2, 3}};
  const MemoryPlan plan = plan_live_ranges(buffers, 16);
  ASSERT_EQ(plan.offsets.size(), 3u);
  EXPECT_EQ(plan.offsets[0], 0u);
  EXPECT_EQ(plan.offsets[1], 1008u);  // 1000 rounded up to 16
  EXPECT_EQ(plan.offsets[2], 0u);     // a's bytes again
  EXPECT_EQ(plan.size, 2016u);        // two buffers, not three
}

TEST(MemoryPlan, OverlappingLifetimesNeverShareAByte) {
  // Three buffers all live at step 2: three disjoint ranges.
  const std::vector<LiveBuffer> buffers = {{100, 0, 2}, {200, 2, 3}, {50, 1, 4}};
  const MemoryPlan plan = plan_live_ranges(buffers, 16);
  // Largest first: 200 at 0, 100 at 208, 50 at 320 (each the lowest free aligned offset).
  EXPECT_EQ(plan.offsets[1], 0u);
  EXPECT_EQ(plan.offsets[0], 208u);
  EXPECT_EQ(plan.offsets[2], 320u);
  EXPECT_EQ(plan.size, 384u);
}

TEST(MemoryPlan, LaterBuffersTakeTheBytesOfDeadOnes) {
  // Buffer 3 lives throughout; buffer 0 (steps 0-1) is dead before buffers 2 (step 2) and 1
  // (steps 3-4) are written, so both go where it was. Placement order: size, then index: 0 at 0,
  // 1 at 0 (not live with 0), 3 at 64 (live with 0 and 1), 2 at 0 (live with 3 only).
  const std::vector<LiveBuffer> buffers = {{64, 0, 1}, {64, 3, 4}, {32, 2, 2}, {64, 0, 4}};
  const MemoryPlan plan = plan_live_ranges(buffers, 16);
  EXPECT_EQ(plan.offsets[0], 0u);
  EXPECT_EQ(plan.offsets[3], 64u);
  EXPECT_EQ(plan.offsets[1], 0u);
  EXPECT_EQ(plan.offsets[2], 0u);
  EXPECT_EQ(plan.size, 128u);
}

TEST(MemoryPlan, RandomLiveRangesNeverCollide) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<LiveBuffer> buffers(1 + rng() % 40);
    for (auto& b : buffers) {
      b.size = 1 + rng() % 5000;
      b.first = static_cast<int>(rng() % 30);
      b.last = b.first + static_cast<int>(rng() % 8);
    }
    const MemoryPlan plan = plan_live_ranges(buffers, 16);
    for (size_t i = 0; i < buffers.size(); ++i) {
      EXPECT_EQ(plan.offsets[i] % 16, 0u);
      EXPECT_LE(plan.offsets[i] + buffers[i].size, plan.size);
      for (size_t j = i + 1; j < buffers.size(); ++j) {
        const bool live_together = buffers[i].first <= buffers[j].last && buffers[j].first <= buffers[i].last;
        if (live_together) {
          EXPECT_FALSE(bytes_overlap(plan.offsets[i], buffers[i].size, plan.offsets[j], buffers[j].size))
              << "trial " << trial << ": buffers " << i << " and " << j;
        }
      }
    }
  }
}

}  // namespace
}  // namespace corsim::pte_tool
