#pragma once
// DWT at 0xE0001000 (Arm DDI 0553, D1 "DWT"): CTRL and the cycle counter CYCCNT, which counts
// the modelled CPU cycles while DWT_CTRL.CYCCNTENA and DEMCR.TRCENA are both 1 (docs/architecture.md
// "One run, as built": firmware that measures itself sees the estimate). CYCCNT is writable. The profiling counters
// (CPICNT, EXCCNT, SLEEPCNT, LSUCNT, FOLDCNT) read as zero; comparators are storage without
// watchpoint behaviour.
#include <array>
#include <cstdint>

#include "base/clock.h"
#include "cpu/exceptions/system_registers.h"
#include "memory/register_bank.h"

namespace corsim::cpu::scs {

class Dwt {
 public:
  static constexpr uint32_t kBase = 0x1000;
  // NUMCOMP = 4 in CTRL[31:28], as the Cortex-M55 implements.
  static constexpr uint32_t kCtrlReset = 0x4000'0000u;
  Dwt(const TimeSource& time, const SystemRegisters& regs) : time_(time), regs_(regs) {}
  void reset();
  void add_registers(memory::RegisterBank& bank);
  uint32_t cyccnt();
  // Folds the cycles since the last access into CYCCNT; called before DEMCR changes too.
  void settle();

 private:
  bool counting() const { return (ctrl_ & 1u) && (regs_.demcr & kDemcrTrcena); }

  const TimeSource& time_;
  const SystemRegisters& regs_;
  uint32_t ctrl_ = kCtrlReset;
  uint32_t cyccnt_ = 0;
  Cycles last_ = 0;
  bool was_counting_ = false;
  std::array<uint32_t, 12> comparators_{};  // COMP, FUNCTION pairs (+ reserved word) ×4
};

}  // namespace corsim::cpu::scs
