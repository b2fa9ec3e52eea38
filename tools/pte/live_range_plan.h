// Memory planning by live ranges: buffers whose lifetimes do not overlap share bytes. One planner
// for both users: the .pte writer's planned tensors (arm_program.h plan_memory, which reproduces
// ExecuTorch's greedy plans of the shared Arm programs) and the model compiler's NPU scratch
// (tools/model_compiler/lowering.cpp, as Vela's tensor allocation reuses its arena: ethos-u-vela
// live_range.py, one live range per tensor in operation steps; greedy_allocation.py, each range at
// the lowest address free over its lifetime).
#pragma once

#include <cstdint>
#include <vector>

namespace corsim::pte_tool {

struct LiveBuffer {
  uint64_t size = 0;  // bytes
  int first = 0;      // first step it is live (written), inclusive
  int last = 0;       // last step it is live (read), inclusive
};

struct MemoryPlan {
  std::vector<uint64_t> offsets;  // per buffer, multiples of `alignment`
  uint64_t size = 0;              // bytes the plan needs, rounded up to `alignment`
};

// Places every buffer so that two buffers live at a common step never share a byte: the largest
// first (ties in the order given), each at the lowest aligned offset that is free over its whole
// lifetime. Deterministic.
MemoryPlan plan_live_ranges(const std::vector<LiveBuffer>& buffers, uint32_t alignment);

}  // namespace corsim::pte_tool
