#pragma once
// Event sources for the debug/trace counters (DWT, PMU). Cycles come from base/clock.h's
// TimeSource; instructions retired from this small interface, which sim/ implements over
// Cpu::instructions(). With none given, the PMU's INST_RETIRED counts cycles: until the timing
// models exist a cycle is an instruction (issue 2, item 5).
#include <cstdint>

namespace corsim::cpu::scs {

class InstructionCounter {
 public:
  virtual ~InstructionCounter() = default;
  virtual uint64_t instructions_retired() const = 0;
};

}  // namespace corsim::cpu::scs
