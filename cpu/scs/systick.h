#pragma once
// SysTick at 0xE000E010 (Arm DDI 0553, B11 "The system timer, SysTick"): CSR, RVR, CVR, CALIB.
//
// The counter is not ticked: its value is computed from the TimeSource (the CPU's cycle count)
// and the moment it was last (re)programmed, so it costs nothing while the CPU runs. sim/ asks
// next_deadline() when it plans the CPU's quantum and calls update(now) when time reaches it;
// update() sets COUNTFLAG and pends exception 15 (with TICKINT) for every wrap that happened.
// on_deadline_change fires when firmware reprograms the timer so sim/ can end the quantum.
//
// Clock source: the processor clock. The platform has no SysTick reference clock wired, so
// CALIB.NOREF = 1 and CSR.CLKSOURCE reads as one, ignoring writes (B11: "if no external
// reference clock is implemented, CLKSOURCE is RAO/WI").
#include <cstdint>
#include <functional>
#include <optional>

#include "base/clock.h"
#include "memory/register_bank.h"

namespace corsim::cpu {
class ExceptionUnit;
}

namespace corsim::cpu::scs {

class SysTick {
 public:
  static constexpr uint32_t kBase = 0xE010;
  static constexpr uint32_t kCsrEnable = 1u << 0, kCsrTickint = 1u << 1, kCsrClksource = 1u << 2,
                            kCsrCountflag = 1u << 16;
  static constexpr uint32_t kCalib = 0x8000'0000u;  // NOREF = 1, SKEW = 0, TENMS = 0 (unknown)

  SysTick(ExceptionUnit& exceptions, const TimeSource& time) : exceptions_(exceptions), time_(time) {}
  void reset();
  void add_registers(memory::RegisterBank& bank);

  std::optional<Cycles> next_deadline() const;
  void update(Cycles now);
  std::function<void()> on_deadline_change;

  // Register-level access (the bank calls these; tests too).
  uint32_t read_csr();
  void write_csr(uint32_t value);
  uint32_t rvr() const { return rvr_; }
  void write_rvr(uint32_t value);
  uint32_t cvr() const { return value_at(time_.now()); }
  void write_cvr();

 private:
  uint32_t value_at(Cycles now) const;
  // Cycle at which the counter reaches 0 for the first time after start_ (nullopt: never).
  std::optional<Cycles> first_zero() const;
  // Number of 1 -> 0 transitions in (from, to].
  uint64_t wraps_between(Cycles from, Cycles to) const;
  void rebase(Cycles now);  // accounts wraps up to now, restarts the model at now
  void notify() { if (on_deadline_change) on_deadline_change(); }

  ExceptionUnit& exceptions_;
  const TimeSource& time_;
  bool enabled_ = false, tickint_ = false, countflag_ = false;
  uint32_t rvr_ = 0;          // 24 bits
  uint32_t start_value_ = 0;  // counter value at start_
  Cycles start_ = 0;
  Cycles accounted_ = 0;      // wraps up to and including this cycle are in countflag_/pending
};

}  // namespace corsim::cpu::scs
