#pragma once
// Event sources for the debug/trace counters (DWT, PMU). Cycles come from base/clock.h's
// TimeSource (the Cpu's cycle count, which advances by the timing model's cycles when one is
// attached); instructions retired and the other PMU events from this small interface, which sim/
// implements over Cpu::instructions() and the timing model's counters (cpu/timing/timing_model.h).
// With none given, the PMU's INST_RETIRED counts cycles.
#include <cstdint>
#include <optional>

namespace corsim::cpu::scs {

class InstructionCounter {
 public:
  virtual ~InstructionCounter() = default;
  virtual uint64_t instructions_retired() const = 0;
  // Cumulative count of PMU event `event` (Arm DDI 0553 "PMU events" numbers, e.g. 0x0024
  // STALL_BACKEND), or nullopt when the event is not implemented (the counter then stays put).
  virtual std::optional<uint64_t> event_count(uint32_t /*event*/) const { return std::nullopt; }
};

}  // namespace corsim::cpu::scs
