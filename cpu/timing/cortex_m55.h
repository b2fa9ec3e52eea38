#pragma once
// Cortex-M55 timing model (issue 7 item 2): an in-order, single-issue pipeline with the limited
// dual issue of 16-bit pairs, per-class result latencies on a register scoreboard (load-use,
// MUL/MAC, divide, FP), taken-branch and low-overhead-loop costs, and MVE as two beats in one of
// four vector pipes (load/store, integer, FP/MUL, control) that overlap only across pipes.
// Numbers: cortex_m55_tables.h; behaviour and its sources: docs/timing.md.
#include <array>
#include <optional>

#include "cpu/timing/class_timing.h"
#include "cpu/timing/cortex_m55_tables.h"
#include "cpu/timing/timing_model.h"

namespace corsim::cpu::timing {

class CortexM55Model final : public CpuTimingModel {
 public:
  std::string_view core_name() const override { return "cortex-m55"; }
  Cycles retire(const RetireInfo& info) override { return retire_as<RecordShape::kAny>(info); }
  // retire() for a record of shape kShape (Cpu::jit_retire): the code for what that shape rules
  // out (data accesses, branches) is left out. Same result as retire() on such a record.
  template <RecordShape kShape>
  Cycles retire_as(const RetireInfo& info);
  void annotate(InstrInfo& info, OpClass op) const override;
  Cycles exception_entry() override;

  // The block JIT's compiled retirement (cpu/jit/compiled_retire_m55.cpp) writes the common case
  // of retire_as as native code and calls retire_as otherwise. What that case is for the record
  // `r` of shape `shape`, from the model's own flags and rules: the issue is
  // later(now_ + (pair_state_ & pair_mask ? 0 : 1), blocked_until_, the scoreboard's `reads`,
  // unit_free_[unit]); with the fetch block unchanged and, in ITCM, no fetch wait, the
  // instruction then writes `writes` at issue + latency (and `base` at issue + 1), counts a branch
  // and, taken, redirects fetch to `r.next_pc` (`redirect` cycles after issue), sets pair_state_
  // to `open_pair_state` when it did not pair and nothing redirected (0 otherwise) and commits.
  // A load or store (RecordShape::kDataAccess) has a case when it is not a multi-register
  // transfer: one naturally aligned access of 1, 2 or 4 bytes in a fast range without wait
  // states, whose DTCM bank is free at issue, not in ITCM and, for a load, not delayed by the
  // read-after-store rule (a store the cycle before that wrote its bank); it then counts its
  // access, holds its bank for the issue cycle and (a store to banked memory) becomes the last
  // store. A kAny record's case reads its outcome (executed, branch_taken, next_pc) from `r`, and
  // requires no data access. No case (nullopt) for vector, divide and iterative forms, LE, and
  // multi-register transfers. The JIT checks the dynamic conditions and calls retire_as when one
  // fails, before anything has changed.
  struct CompiledCase {
    SlotList reads, writes;
    uint8_t base = kNoReg;
    uint8_t unit = 0;
    bool unit_can_be_busy = false;  // unit_free_[unit] is ever set (else it stays 0)
    uint8_t latency = 0;
    uint8_t pair_mask = 0;
    uint8_t open_pair_state = 0;
    bool branch = false;     // counted in stats_.branches
    uint8_t redirect = 0;    // taken: cycles from issue to the redirected fetch (0: none)
    uint8_t restart_bytes = 0;  // taken, in ITCM: fetch_full_ = kItcmPortBytes * (issue + redirect) + this
    // LDM/STM/PUSH/POP: a multiple transfer, compiled only for one beat (transfer_cost:
    // blocked_until_ = later(blocked_until_, issue + 1), the latency and last store cycle as one
    // access's).
    bool multiple = false;
  };
  std::optional<CompiledCase> compiled_case(const RetireInfo& r, RecordShape shape) const;
  // Where the compiled case finds the state it reads and writes: byte offsets from state_base().
  struct StateOffsets {
    SharedStateOffsets shared;
    int32_t blocked_until, pair_state, fetch_full, itcm_code, unit_free, store_banks, store_cycle;
  };
  StateOffsets state_offsets() const;

 private:
  // InstrInfo::model_flags.
  enum Flag : uint8_t {
    kVector = 1u << 0,       // MVE: one of the four vector pipes, two beats
    kBlocksIssue = 1u << 1,  // the divider: nothing issues while it works
    kIterative = 1u << 2,    // FP divide/square root and doubles: the FPU is busy until the result
    kMultiple = 1u << 3,     // LDM/STM/PUSH/POP (VLDM/VSTM by their size): 64 bits per cycle
    kFpTransfer = 1u << 4,   // VLDR/VSTR/VLDM/VSTM: a multiple transfer when over 8 bytes
    // 16-bit pairing ([LLVM-M55]), laid out so that (flags >> 5) & 3 masks pair_state_:
    kPairsIfOpen = 1u << 5,  // a pairable T16 form: pairs with any open T16 predecessor
    kT16 = 1u << 6,          // any T16 form: pairs with an open pairable predecessor
    kPairable = 1u << 7,     // one of the pairable forms (for its successor)
  };
  // pair_state_ bits: the previous instruction may take a partner (kOpen), and is itself one of
  // the pairable forms (kOpenPairable).
  static constexpr uint8_t kOpen = 1, kOpenPairable = 2;
  Cycles branch_cost(const RetireInfo& r, Cycles issue);
  Cycles itcm_fetch_wait(uint32_t size, Cycles issue);
  void restart_fetch(uint32_t target, Cycles first_issue);
  void refill_fetch_buffer(Cycles at);
  Cycles tcm_port_delay(const MemoryLog& log, bool multiple, Cycles issue);
  [[gnu::noinline]] Cycles tcm_port_delay_each_access(const MemoryLog& log, bool multiple, Cycles issue,
                                                      bool right_after_store);

  // (Order: what every instruction reads and writes first, see CpuTimingModel's fields.)
  Cycles blocked_until_ = 0;  // earliest issue after a redirect, fetch wait or blocking op
  uint8_t pair_state_ = 0;
  // The ITCM fetch stream (m55::kItcmPortBytes per cycle into a FIFO of m55::kFetchBufferBytes)
  // as one absolute number, so that an instruction's fetch wait is one comparison with its issue
  // cycle: fetch_full_ is the port's bytes up to the cycle from which the FIFO is full
  // (kItcmPortBytes * that cycle); at cycle t it holds kFetchBufferBytes - (fetch_full_ -
  // kItcmPortBytes * t) bytes, at most kFetchBufferBytes. Consuming an instruction moves it by the
  // instruction's size, a data access to ITCM by the port's bytes it took. Only for code in ITCM
  // (itcm_code_: the fetch fast range holds the current 32-byte block).
  uint64_t fetch_full_ = 0;
  bool itcm_code_ = false;
  // The last store to DTCM: the banks it wrote (a bit each) and the cycle of its last beat.
  uint64_t store_banks_ = 0;
  Cycles store_cycle_ = 0;
  Cycles last_vector_start_ = 0;        // vector instructions start one per cycle
  uint32_t loop_end_pc_ = 1;            // LE whose loop sits in the loop cache (odd = none)
  std::array<Cycles, 20> unit_free_{};  // by Unit: first cycle the unit can start another op
};

}  // namespace corsim::cpu::timing
