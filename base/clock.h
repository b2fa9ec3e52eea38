#pragma once
// Simulated time. corsim counts time in CPU clock cycles of the platform's main clock; other clock
// domains (the NPU's) convert with ClockDomain. Nothing here is global: each Simulator owns its own.
#include <cstdint>

namespace corsim {

using Cycles = uint64_t;

// The later of two times, as a conditional move: the timing models compare times that change from
// one instruction to the next, where a mispredicted branch costs more than the move
// (docs/timing.md "Speed").
inline Cycles later(Cycles a, Cycles b) { return __builtin_expect_with_probability(a < b, 1, 0.5) ? b : a; }
// How long something free at `free` keeps a request made at `now` waiting (0 when already free).
inline Cycles wait_until(Cycles free, Cycles now) { return later(free, now) - now; }

// Read-only view of "now" for devices whose registers depend on time (SysTick, timers, PMU).
class TimeSource {
 public:
  virtual ~TimeSource() = default;
  virtual Cycles now() const = 0;
};

struct ClockDomain {
  uint64_t hz = 25'000'000;  // Corstone FVP system clock, 25 MHz (Zephyr mps3/mps4 dts sysclk)
};

}  // namespace corsim
