// Scratch memory planning by live ranges: buffers whose lifetimes do not overlap share bytes, as
// Vela's tensor allocation reuses the arena (ethos-u-vela live_range.py: one live range per tensor,
// in operation time steps; greedy_allocation.py: each range placed at the lowest address free over
// its lifetime). This lets a MobileNetV2-sized network fit the runner's temp pool.
#pragma once

#include <cstdint>
#include <vector>

namespace corsim::model_compiler {

struct LiveBuffer {
  uint32_t size = 0;   // bytes
  int first = 0;       // first step it is live (written), inclusive
  int last = 0;        // last step it is live (read), inclusive
};

struct MemoryPlan {
  std::vector<uint32_t> offsets;  // per buffer, multiples of `alignment`
  uint32_t size = 0;              // bytes the plan needs
};

// Places every buffer so that two buffers live at a common step never share a byte; the largest
// buffers first (ties: the earlier, then the lower index), each at the lowest aligned offset that
// is free over its whole lifetime. Deterministic.
MemoryPlan plan_memory(const std::vector<LiveBuffer>& buffers, uint32_t alignment);

}  // namespace corsim::model_compiler
