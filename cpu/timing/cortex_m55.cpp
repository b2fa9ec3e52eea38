// Cortex-M55 timing model; see cortex_m55.h and docs/timing.md.
#include "cpu/timing/cortex_m55.h"

#include <algorithm>

#include "cpu/timing/cortex_m55_tables.h"

namespace corsim::cpu::timing {

using namespace m55;

unsigned CortexM55Model::result_latency(const RetireInfo& r, const ClassTiming& ct) const {
  const uint16_t t = r.info->traits;
  switch (r.op) {
    case OpClass::IntAlu:
    case OpClass::Dsp:
      return (t & kTraitShiftedOperand) ? std::max<unsigned>(ct.latency, kShiftedOperandLatency) : ct.latency;
    case OpClass::FpAlu:
      return (t & kTraitDouble) ? kDoubleAddLatency : ct.latency;
    case OpClass::FpMul:
      if (t & kTraitChainedMac) return (t & kTraitDouble) ? kDoubleMlaLatency : kChainedMacLatency;
      return (t & kTraitDouble) ? kDoubleFmaLatency : ct.latency;
    case OpClass::FpDiv:
      return (t & kTraitDouble) ? kDoubleDivLatency : (t & kTraitHalf) ? kHalfDivLatency : ct.latency;
    default:
      return ct.latency;
  }
}

Cycles CortexM55Model::branch_cost(const RetireInfo& r, Cycles issue) {
  const BranchKind kind = r.info->branch;
  if (kind != BranchKind::None) ++stats_.branches;
  if (kind == BranchKind::LoopEnd) {
    // The loop cache remembers one loop: a cached LE branches back for free; leaving the loop
    // (LE not taken) refetches the fall-through like a taken branch (spec §1.4 inference).
    if (r.branch_taken) {
      if (loop_end_pc_ == r.pc) return issue + kLoopEndCachedCost;
      loop_end_pc_ = r.pc;
    } else if (loop_end_pc_ != r.pc) {
      return 0;
    }
    ++stats_.branch_mispredicts;
    stats_.frontend_stall_cycles += kTakenBranchCost - 1;
    return issue + kTakenBranchCost;
  }
  if (!r.branch_taken) return 0;
  // No dynamic prediction: every taken branch redirects fetch.
  ++stats_.branch_mispredicts;
  stats_.frontend_stall_cycles += kTakenBranchCost - 1;
  return issue + kTakenBranchCost;
}

Cycles CortexM55Model::retire(const RetireInfo& r) {
  const InstrInfo& ii = *r.info;
  const ClassTiming& ct = kByClass[static_cast<unsigned>(r.op)];
  // Fast path: a scalar ALU/MAC/DSP/NOP instruction that did not branch or touch memory, in the
  // same fetch block as the one before.
  if (!(ii.traits & kTraitPlain) || r.branch_taken || r.memory->count != 0 || fetch_block_changed(r.pc)) [[unlikely]]
    return retire_general(r, ct);
  Cycles issue = now_ + 1;
  const bool t16 = (ii.traits & kTraitT16) != 0;
  if (pair_open_ && t16 && (prev_pairable_ || (ii.traits & kTraitM55Pairable))) issue = now_;
  issue = std::max({issue, frontend_ready_, pipeline_ready_});
  if (r.executed) {
    const bool compact = (ii.traits & kTraitCompactRegs) != 0;
    issue = std::max(issue, compact ? board_.ready_compact(ii) : board_.ready(ii.regs));
    if (r.in_it_block) issue = std::max(issue, board_.gpr[kFlagsBit]);
    const unsigned latency = (ii.traits & kTraitShiftedOperand) ? std::max<unsigned>(ct.latency, kShiftedOperandLatency)
                                                                 : ct.latency;
    if (compact) board_.write_compact(ii, issue + latency);
    else board_.write(ii.regs, issue + latency, issue + latency);
  }
  pair_open_ = t16 && issue != now_;
  prev_pairable_ = (ii.traits & kTraitM55Pairable) != 0;
  return commit(issue);
}

Cycles CortexM55Model::retire_general(const RetireInfo& r, const ClassTiming& ct) {
  const InstrInfo& ii = *r.info;
  const bool vector = is_mve(r.op);

  // Issue slot: the next cycle, or this one for a permitted 16-bit pair ([LLVM-M55]).
  Cycles issue = now_ + 1;
  const bool t16 = (ii.traits & kTraitT16) != 0;
  if (pair_open_ && t16 && (prev_pairable_ || (ii.traits & kTraitM55Pairable))) issue = now_;
  issue = std::max({issue, frontend_ready_, pipeline_ready_});
  issue = fetch_stall(r.pc, issue);

  if (r.executed) {
    issue = std::max(issue, board_.ready_any(ii));
    if (r.in_it_block) issue = std::max(issue, board_.gpr[kFlagsBit]);
  }
  // Structural hazards.
  if (vector) {
    issue = std::max({issue, unit_free_[static_cast<unsigned>(ct.unit)], last_vector_start_ + 1});
  } else if (ct.unit == Unit::Divider || ct.unit == Unit::Fpu || ct.unit == Unit::LongShift) {
    issue = std::max(issue, unit_free_[static_cast<unsigned>(ct.unit)]);
  }

  unsigned latency = result_latency(r, ct);
  if (r.executed) {
    // Multi-register transfers move 64 bits per cycle; the last register arrives last.
    const MemoryLog& log = *r.memory;
    const uint32_t bytes = access_bytes(log);
    const bool multiple = r.op == OpClass::LoadMultiple || r.op == OpClass::StoreMultiple ||
                          (r.op == OpClass::FpLoadStore && bytes > kBytesPerBeat);
    if (multiple) {
      const Cycles beats = std::max<Cycles>(1, (bytes + kBytesPerBeat - 1) / kBytesPerBeat);
      pipeline_ready_ = std::max(pipeline_ready_, issue + beats);
      latency += static_cast<unsigned>(beats - 1);
    }
    if (log.count != 0) {
      if (any_read(log)) ++stats_.loads;
      else ++stats_.stores;
      const Cycles stall = data_access(log, kBytesPerBeat);
      if (stall != 0) {
        // The M55 waits for its data: nothing issues until the access completes.
        pipeline_ready_ = std::max(pipeline_ready_, issue + 1 + stall);
        latency += static_cast<unsigned>(stall);
        stats_.memory_stall_cycles += stall;
      }
    }
    board_.write_any(ii, issue + latency);
    if (ii.writeback_base < 15) board_.gpr[ii.writeback_base] = issue + 1;  // address update: ALU
  }

  // Unit occupancy.
  const unsigned unit = static_cast<unsigned>(ct.unit);
  if (vector) {
    ++stats_.mve_instructions;
    unit_free_[unit] = issue + ct.occupancy;
    last_vector_start_ = issue;
  } else if (ct.unit == Unit::Divider) {
    pipeline_ready_ = std::max(pipeline_ready_, issue + ct.occupancy);  // the divider stalls issue
  } else if (ct.unit == Unit::Fpu && (r.op == OpClass::FpDiv || (ii.traits & kTraitDouble))) {
    unit_free_[unit] = issue + latency;  // iterative: the FP unit is busy until the result
  }

  const Cycles redirect = (ii.branch != BranchKind::None || r.branch_taken) ? branch_cost(r, issue) : 0;
  frontend_ready_ = std::max(frontend_ready_, redirect);
  // A pair needs two 16-bit instructions with no redirect between them; a paired one closes it.
  pair_open_ = t16 && issue != now_ && redirect == 0 && !vector;
  prev_pairable_ = (ii.traits & kTraitM55Pairable) != 0;
  return commit(issue);
}

Cycles CortexM55Model::exception_entry() {
  loop_end_pc_ = 1;  // the loop cache does not survive an exception (spec §1.4)
  pair_open_ = false;
  now_ += kExceptionEntry;
  frontend_ready_ = pipeline_ready_ = 0;
  stats_.cycles += kExceptionEntry;
  return kExceptionEntry;
}

}  // namespace corsim::cpu::timing
