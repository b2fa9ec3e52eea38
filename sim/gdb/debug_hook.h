#pragma once
// How the GDB server watches the core without touching the run loop: a cpu::TimingHook that wraps
// the run's timing model (or stands for "one cycle per instruction" with --timing off) and looks
// at every retired instruction (cpu/retire_record.h RetireInfo): the address of the next one
// against the breakpoints (software ones, Z0, and the FPB's comparators, Z1), its data accesses
// against the DWT's comparators (Z2-Z4), and whether a single step is done. On a hit it asks the
// core to stop after this instruction (Cpu::request_stop), so the run loop returns and the
// session takes over. Cycles are the wrapped model's, unchanged (tests/gdb checks it).
//
// Exceptions: exception_redirect() is called whenever the exception model moves the PC (an
// interrupt, SVC or fault entry, a tail-chain, an exception return), with the PC at the next
// instruction, which has not run; a breakpoint there stops the core before it (Cpu returns with
// StopRequested when a stop was asked for), and so does a single step that took the exception.
#include <cstdint>
#include <optional>
#include <set>

#include "cpu/cpu.h"
#include "cpu/scs/dwt.h"
#include "cpu/scs/fpb.h"
#include "cpu/retire_record.h"

namespace corsim::sim::gdb {

struct DebugStop {
  enum class Kind : uint8_t { Step, Breakpoint, Watchpoint };
  Kind kind = Kind::Step;
  uint32_t data_address = 0;  // Watchpoint: the watched address the access touched
  unsigned comparator = 0;    // Watchpoint: the DWT comparator that matched
};

class DebugHook final : public cpu::TimingHook {
 public:
  // `inner`: the run's timing model, or null (one cycle per instruction, as the untimed loop).
  // `software`: the software breakpoints (Points::software), addresses of instructions that stop
  // the core before they execute.
  DebugHook(cpu::Cpu& cpu, cpu::TimingHook* inner, const cpu::scs::Fpb& fpb, const cpu::scs::Dwt& dwt,
            const std::set<uint32_t>& software)
      : cpu_(cpu), inner_(inner), fpb_(fpb), dwt_(dwt), software_(software) {}

  Cycles retire(const cpu::RetireInfo& info) override;
  Cycles exception_entry() override { return inner_ ? inner_->exception_entry() : 0; }
  void exception_redirect() override;
  void annotate(cpu::InstrInfo& info, cpu::OpClass op) const override {
    if (inner_) inner_->annotate(info, op);
  }
  void begin_quantum() override;

  // Stop after the next instruction (s, vCont;s).
  void set_stepping(bool on) { stepping_ = on; checking_ |= on; }
  // The stop the last run asked for, if any (cleared by taking it).
  std::optional<DebugStop> take_stop();
  // Whether the core, now at `pc`, is at a breakpoint (for a Breakpoint stop the session verifies).
  bool breakpoint_at(uint32_t pc) const { return software_.count(pc) != 0 || fpb_.matches(pc); }

 private:
  cpu::Cpu& cpu_;
  cpu::TimingHook* inner_;
  const cpu::scs::Fpb& fpb_;
  const cpu::scs::Dwt& dwt_;
  const std::set<uint32_t>& software_;
  bool stepping_ = false;
  bool checking_ = false;  // anything to check this quantum (else retire only forwards)
  bool watching_ = false;
  std::optional<DebugStop> stop_;
};

}  // namespace corsim::sim::gdb
