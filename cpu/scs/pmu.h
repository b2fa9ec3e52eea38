#pragma once
// Armv8.1-M Performance Monitoring Unit at 0xE0003000 (Arm DDI 0553, D1 "PMU"), as in a
// Cortex-M55: eight 16-bit event counters and a 32-bit cycle counter CCNTR at +0x07C, which is
// what ExecuTorch's runner reads for its cycle report (ExecuTorch runner et_pal_current_ticks).
//
// Counting rule: a counter advances while PMU_CTRL.E, its CNTENSET bit and DEMCR.TRCENA are 1.
// Events implemented: SW_INCR (0x00, through PMU_SWINC), INST_RETIRED (0x08), CPU_CYCLES (0x11),
// CHAIN (0x1E, on an odd counter: counts the overflows of the even counter below it, which makes
// 32-bit counter pairs), and every event the InstructionCounter answers (with a timing model:
// stalls, branches, mispredicts, loads/stores, cache accesses/refills, MVE instructions; see
// docs/timing.md). Other event numbers are accepted and count nothing. Not modelled: CTRL.D
// (divide by 64), overflow interrupts (INTENSET is storage; overflow flags are set).
// Counters are evaluated lazily from the time and instruction sources at each access.
#include <array>
#include <cstdint>

#include "base/clock.h"
#include "cpu/exceptions/system_registers.h"
#include "cpu/scs/counters.h"
#include "memory/register_bank.h"

namespace corsim::cpu::scs {

class Pmu {
 public:
  static constexpr uint32_t kBase = 0x3000;
  static constexpr unsigned kNumCounters = 8;
  static constexpr uint32_t kCycleCounterBit = 1u << 31;
  static constexpr uint32_t kEventSwIncr = 0x00, kEventInstRetired = 0x08, kEventCpuCycles = 0x11,
                            kEventChain = 0x1E;
  // PMU_TYPE: NUM_CNTS = 8 [7:0]; SIZE [13:8] = 31: the counter spacing (word-aligned registers),
  // not the 16-bit event counter width; CYCCNT_PRESENT [14].
  static constexpr uint32_t kType = 0x0000'5F08u;

  Pmu(const TimeSource& time, const SystemRegisters& regs, const InstructionCounter* instructions)
      : time_(time), regs_(regs), instructions_(instructions) {}
  void reset();
  void add_registers(memory::RegisterBank& bank);
  void set_instruction_counter(const InstructionCounter* c) { instructions_ = c; }
  // Brings every counter up to date; called before any PMU access and before DEMCR changes.
  void settle();
  uint32_t ccntr() { settle(); return ccntr_; }
  uint32_t evcntr(unsigned n) { settle(); return n < kNumCounters ? evcntr_[n] : 0; }

 private:
  bool enabled() const { return (ctrl_ & 1u) && (regs_.demcr & kDemcrTrcena); }
  uint64_t instructions_now() const;
  uint64_t event_now(uint32_t event) const;

  const TimeSource& time_;
  const SystemRegisters& regs_;
  const InstructionCounter* instructions_;
  uint32_t ctrl_ = 0, cnten_ = 0, inten_ = 0, ovs_ = 0, ccfiltr_ = 0;
  uint32_t ccntr_ = 0;
  std::array<uint32_t, kNumCounters> evcntr_{}, evtyper_{};
  std::array<uint64_t, kNumCounters> last_event_{};  // event source value at the last settle
  Cycles last_cycles_ = 0;
  uint64_t last_instructions_ = 0;
  bool was_enabled_ = false;
};

}  // namespace corsim::cpu::scs
