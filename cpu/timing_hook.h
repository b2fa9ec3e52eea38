#pragma once
// What the run loop tells a timing model about each retired instruction (issue 7 fills this in;
// ARCHITECTURE §3 "Timing"). With no hook attached the loop counts one cycle per instruction and
// builds nothing.
#include <cstdint>

#include "base/clock.h"
#include "cpu/decoder/operands.h"

namespace corsim::cpu {

struct RetireInfo {
  uint32_t pc = 0;
  uint32_t encoding = 0;  // hw1:hw2 for 32-bit, hw1 for 16-bit
  uint8_t size = 2;
  OpClass op = OpClass::IntAlu;
  bool executed = true;   // false: condition failed inside an IT block
  bool branch_taken = false;
};

class TimingHook {
 public:
  virtual ~TimingHook() = default;
  // Core cycles this instruction costs (>= 0).
  virtual Cycles retire(const RetireInfo& info) = 0;
};

}  // namespace corsim::cpu
