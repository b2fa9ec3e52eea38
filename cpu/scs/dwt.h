#pragma once
// DWT at 0xE0001000 (Arm DDI 0553, D1 "DWT"): CTRL and the cycle counter CYCCNT, which counts
// the modelled CPU cycles while DWT_CTRL.CYCCNTENA and DEMCR.TRCENA are both 1 (docs/architecture.md
// "One run, as built": firmware that measures itself sees the estimate). CYCCNT is writable. The
// profiling counters (CPICNT, EXCCNT, SLEEPCNT, LSUCNT, FOLDCNT) read as zero. The comparators
// match data addresses (data_match) for the GDB server's watchpoints; MATCHED and the other
// FUNCTION match types are not modelled.
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
  // Comparator n's registers, as offsets from the PPB base (0xE0000000): DWT_COMPn (the watched
  // address) at 0x020 + 16n, DWT_FUNCTIONn at 0x028 + 16n. DWT_FUNCTION's fields (DDI 0553 D1.2
  // "DWT_FUNCTIONn"): MATCH [3:0] (0: disabled; the data-address matches below), ACTION [5:4]
  // (0b01: a debug event), DATAVSIZE [11:10] (2^n bytes).
  static constexpr uint32_t comp(unsigned n) { return kBase + 0x020 + 16 * n; }
  static constexpr uint32_t function(unsigned n) { return kBase + 0x028 + 16 * n; }
  static constexpr uint32_t kMatchMask = 0xFu;
  static constexpr uint32_t kMatchDataAccess = 0b0100u;  // data address, read or write
  static constexpr uint32_t kMatchDataWrite = 0b0101u;   // data address, write
  static constexpr uint32_t kMatchDataRead = 0b0110u;    // data address, read
  static constexpr uint32_t kActionMask = 0b11u << 4, kActionDebugEvent = 0b01u << 4;
  static constexpr unsigned kDataVSizeShift = 10;
  Dwt(const TimeSource& time, const SystemRegisters& regs) : time_(time), regs_(regs) {}
  void reset();
  void add_registers(memory::RegisterBank& bank);
  uint32_t cyccnt();
  // Folds the cycles since the last access into CYCCNT; called before DEMCR changes too.
  void settle();
  // The comparator a data access of `size` bytes at `address` matches, when its DWT_FUNCTION asks
  // for a debug event on it (DDI 0553 D1.2 "DWT_FUNCTIONn": ACTION [5:4] = 0b01; MATCH [3:0] =
  // 0b0100 read or write, 0b0101 write, 0b0110 read; DATAVSIZE [11:10] the watched size, 2^n
  // bytes from DWT_COMPn aligned down); -1 when none does.
  int data_match(uint32_t address, unsigned size, bool write) const;
  // Whether any comparator asks for a data-address debug event (the GDB server checks accesses
  // only then).
  bool any_data_watch() const;
  // DWT_COMPn's address aligned down to its DATAVSIZE (the start of what comparator n watches).
  uint32_t comparator_address(unsigned n) const {
    const uint32_t bytes = 1u << ((comparators_[3 * n + 1] >> kDataVSizeShift) & 3u);
    return comparators_[3 * n] & ~(bytes - 1);
  }
  uint32_t comparator_function(unsigned n) const { return comparators_[3 * n + 1]; }
  static constexpr unsigned kComparators = 4;

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
