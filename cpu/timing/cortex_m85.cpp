// Cortex-M85 timing model; see cortex_m85.h and docs/timing.md.
#include "cpu/timing/cortex_m85.h"

#include <algorithm>

namespace corsim::cpu::timing {

using namespace m85;

unsigned CortexM85Model::result_latency(const RetireInfo& r, const ClassTiming& ct) const {
  const uint16_t t = r.info->traits;
  switch (r.op) {
    case OpClass::Load:
      return (t & kTraitSubwordLoad) ? kSubwordLoadLatency : ct.latency;
    case OpClass::FpAlu:
      return (t & kTraitDouble) ? kDoubleAddLatency : ct.latency;
    case OpClass::FpMul:
      if (t & kTraitDouble) return (t & kTraitChainedMac) ? kDoubleFmaLatency : kDoubleMulLatency;
      return (t & kTraitChainedMac) ? kFmaLatency : ct.latency;
    case OpClass::FpDiv:
      return (t & kTraitDouble) ? kDoubleDivLatency : (t & kTraitHalf) ? kHalfDivLatency : ct.latency;
    case OpClass::MveLoad:
      return (t & kTraitStructMve) ? kStructLoadLatency : ct.latency;
    default:
      return ct.latency;
  }
}

// Instructions of each unit that may issue in one cycle ([LLVM-M85]: two ALUs, one MAC, a load
// pipe with L/H halves, one store pipe, one branch unit); 0 = the unit's instructions go alone
// or first (divider, system, long shift, FP/MVE which issue from slot 0 only).
constexpr std::array<uint8_t, 20> kPerCycle = [] {
  std::array<uint8_t, 20> a{};
  a[static_cast<unsigned>(Unit::Alu)] = 2;
  a[static_cast<unsigned>(Unit::Mac)] = 1;
  a[static_cast<unsigned>(Unit::Load)] = 2;
  a[static_cast<unsigned>(Unit::Store)] = 1;
  a[static_cast<unsigned>(Unit::Branch)] = 1;
  return a;
}();

bool CortexM85Model::fits_in_current_cycle(const RetireInfo& r, const ClassTiming& ct, uint32_t bytes) const {
  const CycleUse& c = cycle_;
  const unsigned unit = static_cast<unsigned>(ct.unit);
  // DSP/SIMD and shifted-operand forms use slot-0-only resources; FP/MVE issue from slot 0 only.
  constexpr uint16_t kSlot0Only = kTraitSingleIssue | kTraitShiftedOperand;
  return c.slots == 1 && !c.closed && !(r.info->traits & kSlot0Only) && r.op != OpClass::Dsp &&
         ((c.by_unit >> (3 * unit)) & 7u) < kPerCycle[unit] &&
         (ct.unit != Unit::Load || c.load_bytes + std::max<uint32_t>(bytes, 4) <= kBytesPerBeat);
}

void CortexM85Model::use(const RetireInfo& r, const ClassTiming& ct, uint32_t bytes) {
  CycleUse& c = cycle_;
  ++c.slots;
  c.by_unit += uint64_t{1} << (3 * static_cast<unsigned>(ct.unit));
  if (ct.unit == Unit::Load) c.load_bytes = static_cast<uint8_t>(c.load_bytes + std::max<uint32_t>(bytes, 4));
  // Group enders: single-issue instructions and every MVE load/store ([LLVM-M85] EndGroup).
  if ((r.info->traits & kTraitSingleIssue) || r.op == OpClass::MveLoad || r.op == OpClass::MveStore) c.closed = true;
}

Cycles CortexM85Model::branch_cost(const RetireInfo& r, Cycles issue) {
  const BranchKind kind = r.info->branch;
  if (kind == BranchKind::None) return 0;
  ++stats_.branches;
  bool correct = true;
  if (kind == BranchKind::LoopEnd) {
    // LE resolves at issue from LR: free once its loop is known, also when the loop ends.
    correct = loop_end_pc_ == r.pc || !r.branch_taken;
    if (r.branch_taken) loop_end_pc_ = r.pc;
  } else if (kind == BranchKind::LoopStart && !r.branch_taken) {
    correct = true;  // DLS, or WLS entering the loop: no redirect
  } else {
    correct = predictor_.predict_and_update(r.pc, kind, r.branch_taken, r.next_pc, r.pc + r.size);
  }
  if (correct) return r.branch_taken ? issue + 1 : 0;  // a taken branch ends its fetch group
  ++stats_.branch_mispredicts;
  stats_.frontend_stall_cycles += kMispredictCost - 1;
  return issue + kMispredictCost;
}

Cycles CortexM85Model::operands_ready(const RetireInfo& r) const {
  const InstrInfo& ii = *r.info;
  Cycles ready = 0;
  if (r.op == OpClass::IntMul && (ii.regs.gpr_read & ii.regs.gpr_write)) {
    // The accumulator is read one cycle late ([LLVM-M85]): MAC chains run at one per cycle.
    const Cycles acc = board_.ready_gpr(ii.regs.gpr_read & ii.regs.gpr_write);
    ready = board_.ready_gpr(ii.regs.gpr_read & ~ii.regs.gpr_write);
    ready = std::max(ready, acc > kMacAccumulatorLatency ? acc - kMacAccumulatorLatency : 0);
  } else {
    ready = (ii.traits & kTraitCompactRegs) ? board_.ready_compact(ii) : board_.ready(ii.regs);
    if (ii.traits & kTraitShiftedOperand) ready += kShiftedOperandEarly;  // read at EX1
  }
  if (r.in_it_block) ready = std::max(ready, board_.gpr[kFlagsBit]);
  return ready;
}

Cycles CortexM85Model::retire(const RetireInfo& r) {
  const InstrInfo& ii = *r.info;
  const ClassTiming& ct = kByClass[static_cast<unsigned>(r.op)];
  // Fast path: a scalar ALU/MAC/DSP/NOP instruction that did not branch or touch memory, in the
  // same fetch block as the one before.
  if (!(ii.traits & kTraitPlain) || r.branch_taken || r.memory->count != 0 || fetch_block_changed(r.pc)) [[unlikely]]
    return retire_general(r, ct);
  Cycles issue = fits_in_current_cycle(r, ct, 0) ? now_ : now_ + 1;
  issue = std::max({issue, frontend_ready_, pipeline_ready_});
  if (r.executed) issue = std::max(issue, operands_ready(r));
  if (issue != now_) cycle_ = CycleUse{};
  use(r, ct, 0);
  if (r.executed) {
    if (ii.traits & kTraitCompactRegs) board_.write_compact(ii, issue + ct.latency);
    else board_.write(ii.regs, issue + ct.latency, issue + ct.latency);
  }
  return commit(issue);
}

Cycles CortexM85Model::retire_general(const RetireInfo& r, const ClassTiming& ct) {
  const InstrInfo& ii = *r.info;
  const bool vector = is_mve(r.op);
  const MemoryLog& log = *r.memory;
  const uint32_t bytes = r.executed ? access_bytes(log) : 0;

  Cycles issue = fits_in_current_cycle(r, ct, bytes) ? now_ : now_ + 1;
  issue = std::max({issue, frontend_ready_, pipeline_ready_});
  issue = fetch_stall(r.pc, issue);
  if (r.executed) issue = std::max(issue, operands_ready(r));
  if (vector) {
    Unit unit = ct.unit;
    // Logic and lane moves may use pipe A or B: take the one free first.
    if ((r.op == OpClass::MveLogic || r.op == OpClass::MveTransfer) &&
        unit_free_[static_cast<unsigned>(Unit::VecB)] < unit_free_[static_cast<unsigned>(Unit::VecA)])
      unit = Unit::VecB;
    const unsigned u = static_cast<unsigned>(unit);
    issue = std::max({issue, unit_free_[u], last_vector_start_ + 1});
    unit_free_[u] = issue + ct.occupancy;
    last_vector_start_ = issue;
    ++stats_.mve_instructions;
  } else if (ct.unit == Unit::Divider || ct.unit == Unit::Fpu || ct.unit == Unit::LongShift) {
    issue = std::max(issue, unit_free_[static_cast<unsigned>(ct.unit)]);
  }
  if (issue != now_) cycle_ = CycleUse{};
  use(r, ct, bytes);

  unsigned latency = result_latency(r, ct);
  if (r.executed) {
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
        pipeline_ready_ = std::max(pipeline_ready_, issue + 1 + stall);
        latency += static_cast<unsigned>(stall);
        stats_.memory_stall_cycles += stall;
      }
    }
    board_.write_any(ii, issue + latency);
    if (ii.writeback_base < 15) board_.gpr[ii.writeback_base] = issue + 1;  // [LLVM-M85] base update bypass
  }
  if (ct.unit == Unit::Divider) {
    pipeline_ready_ = std::max(pipeline_ready_, issue + ct.occupancy);  // [LLVM-M85] stalls the pipeline
  } else if (ct.unit == Unit::Fpu && (r.op == OpClass::FpDiv || (ii.traits & kTraitDouble))) {
    unit_free_[static_cast<unsigned>(Unit::Fpu)] = issue + latency;
  } else if (ct.unit == Unit::LongShift) {
    unit_free_[static_cast<unsigned>(Unit::LongShift)] = issue + 1;
  }

  const Cycles redirect = (ii.branch != BranchKind::None || r.branch_taken) ? branch_cost(r, issue) : 0;
  if (redirect != 0) {
    frontend_ready_ = std::max(frontend_ready_, redirect);
    cycle_.closed = true;
  }
  return commit(issue);
}

Cycles CortexM85Model::exception_entry() {
  loop_end_pc_ = 1;
  cycle_ = CycleUse{};
  cycle_.closed = true;
  now_ += kExceptionEntry;
  frontend_ready_ = pipeline_ready_ = 0;
  stats_.cycles += kExceptionEntry;
  return kExceptionEntry;
}

}  // namespace corsim::cpu::timing
