// Cortex-M55 timing model; see cortex_m55.h and docs/timing.md.
#include "cpu/timing/cortex_m55.h"

#include <algorithm>

#include "cpu/timing/cortex_m55_tables.h"

namespace corsim::cpu::timing {

using namespace m55;

void CortexM55Model::annotate(InstrInfo& info, OpClass op) const {
  const ClassTiming& ct = kByClass[static_cast<unsigned>(op)];
  const uint16_t t = info.traits;
  unsigned latency = ct.latency;
  switch (op) {
    case OpClass::IntAlu:
    case OpClass::Dsp:
      if (t & kTraitShiftedOperand) latency = std::max<unsigned>(ct.latency, kShiftedOperandLatency);
      break;
    case OpClass::FpAlu:
      if (t & kTraitDouble) latency = kDoubleAddLatency;
      break;
    case OpClass::FpMul:
      if (t & kTraitChainedMac) latency = (t & kTraitDouble) ? kDoubleMlaLatency : kChainedMacLatency;
      else if (t & kTraitDouble) latency = kDoubleFmaLatency;
      break;
    case OpClass::FpDiv:
      latency = (t & kTraitDouble) ? kDoubleDivLatency : (t & kTraitHalf) ? kHalfDivLatency : ct.latency;
      break;
    default:
      break;
  }
  set_class_timing(info, ct, latency);
  uint8_t f = 0;
  if (is_mve(op)) f |= kVector;
  if (ct.unit == Unit::Divider) f |= kBlocksIssue;
  if (ct.unit == Unit::Fpu && (op == OpClass::FpDiv || (t & kTraitDouble))) f |= kIterative;
  if (op == OpClass::LoadMultiple || op == OpClass::StoreMultiple) f |= kMultiple;
  if (op == OpClass::FpLoadStore) f |= kFpTransfer;
  if (t & kTraitT16) f |= kT16;
  if (t & kTraitM55Pairable) f |= kPairable;
  if ((t & kTraitT16) && (t & kTraitM55Pairable)) f |= kPairsIfOpen;
  info.model_flags = f;
}

Cycles CortexM55Model::branch_cost(const RetireInfo& r, Cycles issue) {
  const BranchKind kind = r.info->branch;
  if (kind != BranchKind::None) ++stats_.branches;
  if (kind == BranchKind::LoopEnd) {
    // The loop cache remembers one loop: a cached LE branches back for free; leaving the loop
    // (LE not taken) refetches the fall-through like a taken branch (our inference; calibrate).
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
  const uint8_t flags = ii.model_flags;
  const bool vector = (flags & kVector) != 0;
  const unsigned unit = ii.unit;

  // Issue: the next cycle (this one for a permitted 16-bit pair, [LLVM-M55]) or later when
  // something it needs is not ready: its operands (and the flags in an IT block), a unit still busy
  // (the units this model never marks busy stay at 0), the one-vector-start-per-cycle rule, a
  // redirect or a blocking operation. The waits are combined first, away from now_, so the chain
  // from one instruction's issue to the next is short; the selections compile to conditional moves.
  const bool pairs = (pair_state_ & ((flags >> 5) & 3u)) != 0;
  // A branch that falls through does not wait for its operands: fetch already went on past it
  // ([M33-SI]: a not-taken 16-bit branch pairs with the 16-bit instruction that set its flags).
  const bool falls_through = ii.branch != BranchKind::None && !r.branch_taken;
  const Cycles operands =
      falls_through ? 0 : later(board_.ready_any(ii), r.in_it_block ? board_.gpr(kFlagsBit) : 0);
  const Cycles structural = later(unit_free_[unit], vector ? last_vector_start_ + 1 : 0);
  const Cycles waits = later(later(blocked_until_, r.executed ? operands : 0), structural);
  Cycles issue = later(now_ + (pairs ? 0 : 1), waits);
  if (fetch_block_changed(r.pc)) [[unlikely]] issue = fetch_stall(r.pc, issue);

  unsigned latency = ii.latency;
  if (r.executed) [[likely]] {
    if (r.memory->count != 0 || (flags & (kMultiple | kFpTransfer))) {
      // VLDM/VSTM (and VLDR/VSTR.64 over 8 bytes) are multi-register transfers too.
      const uint32_t bytes = r.memory->bytes;
      const bool multiple = (flags & kMultiple) || ((flags & kFpTransfer) && bytes > kBytesPerBeat);
      transfer_cost(*r.memory, bytes, multiple, issue, kBytesPerBeat, latency, blocked_until_);
    }
    board_.write_any(ii, issue + latency, issue + 1);  // a base written back is ready after the ALU
  }

  // Unit occupancy.
  if (flags & (kVector | kBlocksIssue | kIterative)) [[unlikely]] {
    if (vector) {
      ++stats_.mve_instructions;
      unit_free_[unit] = issue + ii.occupancy;
      last_vector_start_ = issue;
    } else if (flags & kBlocksIssue) {
      blocked_until_ = later(blocked_until_, issue + ii.occupancy);  // the divider stalls issue
    } else {
      unit_free_[unit] = issue + latency;  // iterative: the FP unit is busy until the result
    }
  }

  Cycles redirect = 0;
  if (ii.branch != BranchKind::None || r.branch_taken) {
    redirect = branch_cost(r, issue);
    blocked_until_ = later(blocked_until_, redirect);
  }
  // A pair needs two 16-bit instructions with no redirect between them; a paired one closes it.
  const bool open = (flags & kT16) && issue != now_ && redirect == 0 && !vector;
  pair_state_ = open ? static_cast<uint8_t>(kOpen | ((flags & kPairable) ? kOpenPairable : 0)) : 0;
  stats_.dual_issued += issue == now_ ? 1 : 0;
  return commit(issue);
}

Cycles CortexM55Model::exception_entry() {
  loop_end_pc_ = 1;  // the loop cache does not survive an exception (DDI 0553 LO_BRANCH_INFO)
  pair_state_ = 0;
  blocked_until_ = 0;
  return charge_exception_entry(kExceptionEntry);
}

}  // namespace corsim::cpu::timing
