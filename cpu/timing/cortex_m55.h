#pragma once
// Cortex-M55 timing model (issue 7 item 2): an in-order, single-issue pipeline with the limited
// dual issue of 16-bit pairs, per-class result latencies on a register scoreboard (load-use,
// MUL/MAC, divide, FP), taken-branch and low-overhead-loop costs, and MVE as two beats in one of
// four vector pipes (load/store, integer, FP/MUL, control) that overlap only across pipes.
// Numbers: cortex_m55_tables.h; behaviour and its sources: docs/timing.md.
#include <array>

#include "cpu/timing/class_timing.h"
#include "cpu/timing/timing_model.h"

namespace corsim::cpu::timing {

class CortexM55Model final : public CpuTimingModel {
 public:
  std::string_view core_name() const override { return "cortex-m55"; }
  Cycles retire(const RetireInfo& info) override;
  Cycles exception_entry() override;

 private:
  // Everything but the plain scalar ALU instruction (memory, branches, vector, FP, divide).
  [[gnu::noinline]] Cycles retire_general(const RetireInfo& r, const ClassTiming& ct);
  [[gnu::always_inline]] unsigned result_latency(const RetireInfo& r, const ClassTiming& ct) const;
  Cycles branch_cost(const RetireInfo& r, Cycles issue);

  std::array<Cycles, 20> unit_free_{};  // by Unit: first cycle the unit can start another op
  Cycles frontend_ready_ = 0;           // earliest issue after a redirect or fetch wait
  Cycles pipeline_ready_ = 0;           // earliest issue after a blocking operation
  Cycles last_vector_start_ = 0;        // vector instructions start one per cycle
  bool pair_open_ = false;              // the previous instruction may take a partner
  bool prev_pairable_ = false;
  uint32_t loop_end_pc_ = 1;            // LE whose loop sits in the loop cache (odd = none)
};

}  // namespace corsim::cpu::timing
