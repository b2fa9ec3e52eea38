#pragma once
// Cortex-M85 timing model (issue 7 item 3): in-order dual issue with the pairing rules of
// [LLVM-M85] (two ALUs, one MAC, split load and store pipes of 64 bits, one branch, FP/MVE from
// slot 0 only, single-issue group enders), per-class latencies on a register scoreboard (MAC
// accumulator forwarding, shifted operands read early), FP/MVE pipes A-D with two beats each,
// a branch predictor (BTB, direction counters, return stack) with the mispredict cost, and LE
// resolved at issue. Numbers: cortex_m85_tables.h; docs/timing.md.
#include <array>
#include <optional>

#include "cpu/timing/branch_predictor.h"
#include "cpu/timing/class_timing.h"
#include "cpu/timing/cortex_m85_tables.h"
#include "cpu/timing/timing_model.h"

namespace corsim::cpu::timing {

class CortexM85Model final : public CpuTimingModel {
 public:
  std::string_view core_name() const override { return "cortex-m85"; }
  Cycles retire(const RetireInfo& info) override { return retire_as<RecordShape::kAny>(info); }
  // retire() for a record of shape kShape (Cpu::jit_retire): the code for what that shape rules
  // out (data accesses, branches) is left out. Same result as retire() on such a record.
  template <RecordShape kShape>
  Cycles retire_as(const RetireInfo& info);
  void annotate(InstrInfo& info, OpClass op) const override;
  Cycles exception_entry() override;

  // The current cycle (now_), in one word: whether the one instruction issued in it takes a
  // partner (kCycleOpen), the single-instance unit it uses (kSingleUnits bits), whether it may
  // issue second itself (kSecondOk: a vector load/store may join it) and the load bytes it moved
  // (from bit kLoadBytesShift). A new cycle starts as its first instruction's model_aux & kCycleStart.
  static constexpr uint32_t kCycleOpen = 1u << 7, kLoadBytesShift = 8, kLoadBytesMask = 0xFF;
  // The load bytes the current cycle moved (cycle_'s field from bit kLoadBytesShift, below the
  // flags from bit 16).
  static uint32_t load_bytes(uint32_t cycle) { return (cycle >> kLoadBytesShift) & kLoadBytesMask; }
  // Two issued, neither a branch nor a group ender: a predicted taken branch may issue third
  // (m85::kTripleBeforeBranchT16). kTripled: a third instruction already joined or may join after a
  // branch issued second (m85::kTripleAcrossBranchT16).
  static constexpr uint32_t kBranchThirdOk = 1u << 16, kTripled = 1u << 17;

  // The block JIT's compiled retirement (cpu/jit/compiled_retire_m85.cpp) writes the common case
  // of retire_as as native code and calls retire_as otherwise. What that case is for the record
  // `r` of shape `shape`, from the model's own flags and rules. Operands: the latest of each
  // group's scoreboard `slots` less its `advance` (not below 0; the MAC forms' multiplicands and
  // accumulator read late); the issue is later(now_ + (fits ? 0 : 1), blocked_until_,
  // operands - read_advance, unit_free_[unit], scalar_gate_), where fits (second_ok only) is
  // (cycle_ & join_mask) == kCycleOpen and, `load_port`, (cycle_ >> kLoadBytesShift) <= load_limit.
  // With the fetch block unchanged or new in a fetch fast range without wait states or banks, the
  // instruction then sets cycle_ (a new cycle: `new_cycle`; issued second: kCycleOpen and
  // kBranchThirdOk cleared, `single_units` set, kBranchThirdOk when `takes_partner` and no third
  // yet), t16_run_ (`t16`), writes `writes` at later(operands, issue) + latency, `base` at
  // issue + 1, flags_in_time_ (`writes_flags`) and commits. A load or store
  // (RecordShape::kDataAccess) has a case when it is a single access: one naturally aligned
  // access of 1, 2 or 4 bytes in a fast range without wait states (transfer_cost; its DTCM bank's
  // wait, if any, is a memory stall: a later result, blocked_until_). A kAny record's case reads
  // its outcome (executed, branch_taken, next_pc) from `r` and requires no data access. A direct
  // branch or call (B,
  // B<cond>, CBZ/CBNZ, BL) has a case (`branch`) whose prediction (BranchPredictor's
  // predict_and_update) the code works out from the BTB entry `btb_entry` and the counter
  // `direction_entry`: correct when, taken, the entry holds `r.pc` and `target` and the counter
  // says taken or, not taken, the counter says not taken when the entry holds `r.pc` and
  // (`miss_static_taken` false) a miss is statically not taken; a taken miss with
  // `miss_static_taken` costs `static_taken_cost`; anything else is a mispredict
  // (`mispredict_cost`, plus `late_flags_cost` when it `reads_flags` and issues before
  // flags_in_time_) (branch_cost). It counts a branch, trains the predictor (a call also pushes
  // `return_address`), may issue third when predicted correctly (`third_possible`: taken,
  // 16-bit; t16_run_ + 1 >= third_run with kBranchThirdOk and the branch unit free) and, so
  // predicted, taken and issued second with t16_run_ >= across_run, lets its destination join as
  // a third (kTripled); a redirect blocks issue until issue + its cost and closes the cycle. No
  // case (nullopt) for other branches, vector, FP, divide, long-shift and iterative forms and
  // multi-register transfers.
  struct OperandGroup {
    SlotList slots;
    uint8_t advance = 0;
  };
  struct CompiledCase {
    std::array<OperandGroup, 3> operands{};
    uint8_t operand_groups = 0;
    uint8_t read_advance = 0;
    uint8_t unit = 0;
    bool unit_can_be_busy = false;  // unit_free_[unit] is ever set (else it stays 0)
    bool second_ok = false;
    uint32_t join_mask = 0;    // kCycleOpen | the single-instance unit it uses
    bool load_port = false;
    uint32_t load_limit = 0;   // load bytes already in the cycle that leave room for this one's
    uint32_t new_cycle = 0;    // cycle_ when it starts a cycle
    // LDM/STM/PUSH/POP of one beat (transfer_cost: blocked_until_ = later(blocked_until_, issue + 1))
    bool multiple = false;
    uint32_t single_units = 0;
    bool takes_partner = false;
    bool t16 = false;
    SlotList writes;
    uint8_t base = kNoReg;
    uint8_t latency = 0;
    bool writes_flags = false;
    uint8_t flags_late_skew = 0;  // flags_in_time_ = issue + 2 when the skew reaches this, else issue + 1
    // A direct branch or call: the prediction's inputs and costs.
    bool branch = false, taken = false, call = false, miss_static_taken = false, third_possible = false;
    bool returns = false;  // a Return: predicted from the return stack, which it pops
    bool reads_flags = false;
    uint16_t btb_entry = 0, direction_entry = 0;
    uint32_t target = 0, return_address = 0;
    uint32_t branch_unit = 0;  // its kSingleUnits bit
    uint8_t third_run = 0, across_run = 0;
    uint8_t static_taken_cost = 0, mispredict_cost = 0, late_flags_cost = 0;
  };
  // `data_bytes`: what a load or store record's one access moves (4 or less: 4; 8: two words).
  std::optional<CompiledCase> compiled_case(const RetireInfo& r, RecordShape shape, uint32_t data_bytes = 4) const;
  // Where the compiled case finds the state it reads and writes: byte offsets from state_base().
  struct StateOffsets {
    SharedStateOffsets shared;
    // the BranchPredictor (its layout() inside)
    int32_t cycle, blocked_until, scalar_gate, unit_free, t16_run, flags_in_time, predictor;
  };
  using Predictor = BranchPredictor<m85::kBtbEntries, m85::kDirectionEntries, m85::kReturnStackDepth>;
  StateOffsets state_offsets() const;

 private:
  // InstrInfo::model_flags.
  enum Flag : uint8_t {
    kVector = 1u << 0,        // MVE: one of the pipes A-D or the vector load/store pipes
    kPipeAOrB = 1u << 1,      // MVE logic and lane moves: whichever of pipes A and B frees first
    kFpTransfer = 1u << 2,    // VLDR/VSTR/VLDM/VSTM: a multiple transfer when over 8 bytes
    kEndsGroup = 1u << 3,     // nothing joins its cycle (single-issue forms, MVE loads/stores)
    kMacAccumulate = 1u << 4, // MUL with an accumulator: read one cycle late
    kWaitsForUnit = 1u << 5,  // divider, FPU or long-shift unit: waits while an earlier op holds it
    kIterative = 1u << 6,     // FP divide/square root and doubles: the FPU is busy until the result
    kMultiple = 1u << 7,      // LDM/STM/PUSH/POP (VLDM/VSTM by their size): 64 bits per cycle
  };
  // InstrInfo::model_aux: how the instruction pairs ([LLVM-M85]; at most two issue per cycle, so
  // the second only has to fit beside the first) and how its operands are read.
  enum Pairing : uint8_t {
    kSingleUnits = 7u,        // one-hot: the MAC, store or branch unit (one per cycle)
    kSecondOk = 1u << 3,      // may issue second (its unit takes two per cycle or is one of the above,
                              // and it is not slot-0-only: group enders, DSP, shifted operands, FP/MVE);
                              // on an MVE load/store (the one vector op with it): only beside a first
                              // that has it too, a scalar that is not slot-0-only [M85-SI]
    kLoadPort = 1u << 4,      // uses the load pipe (8 bytes per cycle over both slots)
    kOperandsSlow = 1u << 5,  // MAC accumulator, shifted operand or registers beyond the short lists
    kReadsLate = 1u << 6,     // executes in EX1, EX2 or EX3, whichever its operands allow (simple ALU
                              // ops), or reads its operands at EX3 (store data, branch flags) [M85-SI]
    kTakesPartner = 1u << 7,  // not a group ender: another may issue beside it (= kCycleOpen)
  };
  static constexpr uint32_t kCycleStart = kCycleOpen | kSingleUnits | kSecondOk;
  static_assert(kTakesPartner == kCycleOpen);
  static void place_accumulator_last(InstrInfo& info);
  Cycles operands_ready(const RetireInfo& r) const;
  Cycles operands_ready_slow(const InstrInfo& ii) const;
  Cycles read_advance(const RetireInfo& r) const;
  bool fits_in_current_cycle(const RetireInfo& r, uint32_t bytes) const;
  static bool is_vector_load_store(uint8_t flags) { return (flags & (kVector | kEndsGroup)) == (kVector | kEndsGroup); }
  Prediction predict(const RetireInfo& r);
  Cycles branch_cost(const RetireInfo& r, Prediction outcome, Cycles issue);

  uint32_t cycle_ = 0;
  std::array<Cycles, 20> unit_free_{};
  Cycles blocked_until_ = 0;  // earliest issue after a redirect, fetch wait or blocking op
  Cycles last_vector_start_ = 0;  // vector instructions start one per cycle
  Cycles scalar_gate_ = 0;        // no scalar issues before this: a vector load/store's second beat
  uint32_t loop_end_pc_ = 1;
  Cycles flags_in_time_ = 0;  // a mispredicted flag-reading branch issued before this pays extra
  uint32_t t16_run_ = 0;      // 16-bit instructions in a row up to this one since the last taken branch
  Predictor predictor_;
};

}  // namespace corsim::cpu::timing
