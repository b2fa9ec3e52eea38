#pragma once
// Simulated time. corsim counts time in CPU clock cycles of the platform's main clock; other clock
// domains (the NPU's) convert with ClockDomain. Nothing here is global: each Simulator owns its own.
#include <cstdint>

namespace corsim {

using Cycles = uint64_t;

// Read-only view of "now" for devices whose registers depend on time (SysTick, timers, PMU).
class TimeSource {
 public:
  virtual ~TimeSource() = default;
  virtual Cycles now() const = 0;
};

struct ClockDomain {
  uint64_t hz = 25'000'000;  // Corstone FVP default system clock is 25 MHz (spec/cortex-m.md §3)
};

}  // namespace corsim
