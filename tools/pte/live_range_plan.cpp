#include "tools/pte/live_range_plan.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace corsim::pte_tool {

namespace {
uint64_t align_up(uint64_t v, uint32_t a) { return (v + a - 1) / a * a; }
bool lifetimes_overlap(const LiveBuffer& a, const LiveBuffer& b) { return a.first <= b.last && b.first <= a.last; }
}  // namespace

MemoryPlan plan_live_ranges(const std::vector<LiveBuffer>& buffers, uint32_t alignment) {
  if (alignment == 0) alignment = 1;
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return buffers[a].size > buffers[b].size; });
  MemoryPlan plan;
  plan.offsets.assign(buffers.size(), 0);
  std::vector<size_t> placed;
  uint64_t end = 0;
  for (size_t i : order) {
    // The address ranges of the placed buffers live at the same time, by start address.
    std::vector<std::pair<uint64_t, uint64_t>> busy;
    for (size_t j : placed)
      if (lifetimes_overlap(buffers[i], buffers[j])) busy.emplace_back(plan.offsets[j], plan.offsets[j] + buffers[j].size);
    std::sort(busy.begin(), busy.end());
    uint64_t at = 0;
    for (const auto& [lo, hi] : busy) {
      if (at + buffers[i].size <= lo) break;  // fits in the gap below this range
      at = std::max(at, align_up(hi, alignment));
    }
    plan.offsets[i] = at;
    end = std::max(end, at + buffers[i].size);
    placed.push_back(i);
  }
  plan.size = align_up(end, alignment);
  return plan;
}

}  // namespace corsim::pte_tool
