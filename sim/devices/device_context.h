#pragma once
// What a timed device needs from the simulator: the current time, the event queue for its future
// interrupt times, and the interrupt lines. Passed explicitly: no global state.
#include "base/clock.h"
#include "base/irq.h"
#include "memory/timing/memory_timing.h"
#include "sim/event_queue.h"

namespace corsim::sim {

struct DeviceContext {
  const TimeSource& time;
  EventQueue& events;
  IrqSink& irq;
  uint64_t clock_hz = 25'000'000;  // the platform clock that Cycles count
  // The memory system's timing (memory/timing), for bus masters such as the NPU; may be null.
  memory::MemoryTiming* memory_timing = nullptr;
};

// Accepts and ignores interrupt lines (the NPU hook and tests without an NVIC).
class NullIrqSink final : public IrqSink {
 public:
  void set_irq_level(unsigned, bool) override {}
};

}  // namespace corsim::sim
