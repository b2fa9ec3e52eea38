#pragma once
// Cortex-M85 timing model (issue 7 item 3): in-order dual issue with the pairing rules of
// [LLVM-M85] (two ALUs, one MAC, split load and store pipes of 64 bits, one branch, FP/MVE from
// slot 0 only, single-issue group enders), per-class latencies on a register scoreboard (MAC
// accumulator forwarding, shifted operands read early), FP/MVE pipes A-D with two beats each,
// a branch predictor (BTB, direction counters, return stack) with the mispredict cost, and LE
// resolved at issue. Numbers: cortex_m85_tables.h; docs/timing.md.
#include <array>

#include "cpu/timing/branch_predictor.h"
#include "cpu/timing/class_timing.h"
#include "cpu/timing/cortex_m85_tables.h"
#include "cpu/timing/timing_model.h"

namespace corsim::cpu::timing {

class CortexM85Model final : public CpuTimingModel {
 public:
  std::string_view core_name() const override { return "cortex-m85"; }
  Cycles retire(const RetireInfo& info) override;
  Cycles exception_entry() override;

 private:
  // What the instructions issued in the current cycle (now_) already use.
  struct CycleUse {
    uint64_t by_unit = 0;               // instructions per Unit issued this cycle, 3 bits each
    uint8_t slots = 0;
    uint8_t load_bytes = 0;
    bool closed = false;                // a group ender issued: nothing joins this cycle
  };
  // Everything but the plain scalar ALU instruction (memory, branches, vector, FP, divide).
  [[gnu::noinline]] Cycles retire_general(const RetireInfo& r, const ClassTiming& ct);
  [[gnu::always_inline]] Cycles operands_ready(const RetireInfo& r) const;
  [[gnu::always_inline]] unsigned result_latency(const RetireInfo& r, const ClassTiming& ct) const;
  [[gnu::always_inline]] bool fits_in_current_cycle(const RetireInfo& r, const ClassTiming& ct, uint32_t bytes) const;
  [[gnu::always_inline]] void use(const RetireInfo& r, const ClassTiming& ct, uint32_t bytes);
  Cycles branch_cost(const RetireInfo& r, Cycles issue);

  CycleUse cycle_;
  std::array<Cycles, 20> unit_free_{};
  Cycles frontend_ready_ = 0, pipeline_ready_ = 0, last_vector_start_ = 0;
  uint32_t loop_end_pc_ = 1;
  BranchPredictor<m85::kBtbEntries, m85::kDirectionEntries, m85::kReturnStackDepth> predictor_;
};

}  // namespace corsim::cpu::timing
