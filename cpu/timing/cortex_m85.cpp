// Cortex-M85 timing model; see cortex_m85.h and docs/timing.md.
#include "cpu/timing/cortex_m85.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace corsim::cpu::timing {

using namespace m85;

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
// The one-hot bit of a unit that takes one instruction per cycle (InstrInfo::model_aux).
constexpr unsigned single_unit_bit(Unit u) {
  return u == Unit::Mac ? 1u : u == Unit::Store ? 2u : u == Unit::Branch ? 4u : 0u;
}
static_assert(single_unit_bit(Unit::Mac) | single_unit_bit(Unit::Store) | single_unit_bit(Unit::Branch));

void CortexM85Model::annotate(InstrInfo& info, OpClass op) const {
  const ClassTiming& ct = kByClass[static_cast<unsigned>(op)];
  const uint16_t t = info.traits;
  unsigned latency = ct.latency;
  switch (op) {
    case OpClass::IntAlu:
      if (t & kTraitShiftedOperand) latency = kShiftedOperandLatency;
      break;
    case OpClass::Load:
      if (t & kTraitSubwordLoad) latency = kSubwordLoadLatency;
      break;
    case OpClass::FpAlu:
      if (t & kTraitDouble) latency = kDoubleAddLatency;
      break;
    case OpClass::FpMul:
      if (t & kTraitDouble) latency = (t & kTraitChainedMac) ? kDoubleFmaLatency : kDoubleMulLatency;
      else if (t & kTraitChainedMac) latency = kFmaLatency;
      break;
    case OpClass::FpDiv:
      latency = (t & kTraitDouble) ? kDoubleDivLatency : (t & kTraitHalf) ? kHalfDivLatency : ct.latency;
      break;
    case OpClass::MveLoad:
      if (t & kTraitStructMve) latency = kStructLoadLatency;
      break;
    default:
      break;
  }
  set_class_timing(info, ct, latency);
  uint8_t f = 0;
  if (is_mve(op)) f |= kVector;
  if (op == OpClass::MveLogic || op == OpClass::MveTransfer) f |= kPipeAOrB;
  // Group enders: single-issue instructions and every MVE load/store ([LLVM-M85] EndGroup).
  if ((t & kTraitSingleIssue) || op == OpClass::MveLoad || op == OpClass::MveStore) f |= kEndsGroup;
  if (op == OpClass::IntMul && (info.regs.gpr_read & info.regs.gpr_write)) f |= kMacAccumulate;
  if (ct.unit == Unit::Divider || ct.unit == Unit::LongShift || ct.unit == Unit::Fpu) f |= kWaitsForUnit;
  if (ct.unit == Unit::Fpu && (op == OpClass::FpDiv || (t & kTraitDouble))) f |= kIterative;
  if (op == OpClass::LoadMultiple || op == OpClass::StoreMultiple) f |= kMultiple;
  if (op == OpClass::FpLoadStore) f |= kFpTransfer;
  info.model_flags = f;
  if ((f & kMacAccumulate) && (t & (kTraitCompactRegs | kTraitWideRegs)) == kTraitCompactRegs) place_accumulator_last(info);
  // DSP/SIMD and shifted-operand forms use slot-0-only resources; FP/MVE and the units kPerCycle
  // allows none of issue from slot 0 only.
  const unsigned unit = static_cast<unsigned>(ct.unit);
  const bool slot0_only = (t & (kTraitSingleIssue | kTraitShiftedOperand)) || op == OpClass::Dsp;
  uint8_t aux = 0;
  if (!slot0_only && kPerCycle[unit] > 0) aux |= kSecondOk;
  // [M85-SI] "vector loads/stores": "basic vector load/store instructions can dual issue with scalar,
  // only from younger slot" (fits_in_current_cycle checks the first); gathers, scatters and the
  // interleaving forms (kTraitStructMve) stay alone ("scatter/gather ... can't dual issue with
  // scalar instructions at all"; VLD2x/VLD4x assumed the same).
  if ((op == OpClass::MveLoad || op == OpClass::MveStore) && !(t & kTraitStructMve)) aux |= kSecondOk;
  if (kPerCycle[unit] == 1) aux |= static_cast<uint8_t>(single_unit_bit(ct.unit));
  if (ct.unit == Unit::Load) aux |= kLoadPort;
  if (op == OpClass::IntMul || (t & kTraitShiftedOperand) || !(t & kTraitCompactRegs)) aux |= kOperandsSlow;
  if (!(f & kEndsGroup)) aux |= kTakesPartner;
  // Skewed execution [M85-SI] "overall/scalar ALU": simple ALU instructions execute in EX1, EX2 or
  // EX3 and forward to a later stage in 0 cycles, so a dependent ALU pair issues together; store
  // data is read at EX3 ("store instruction consume its operand in EX3"); a predicted branch does
  // not wait for its flags (they are checked at EX2/EX3).
  const bool simple_alu = op == OpClass::IntAlu && !(t & (kTraitShiftedOperand | kTraitSingleIssue));
  if (simple_alu || op == OpClass::Store || op == OpClass::Branch) aux |= kReadsLate;
  info.model_aux = aux;
}


bool CortexM85Model::fits_in_current_cycle(const RetireInfo& r, uint32_t bytes) const {
  // Bitwise, not short-circuit: the parts are cheap and their outcomes vary instruction to
  // instruction.
  const uint32_t aux = r.info->model_aux;
  // A vector instruction with kSecondOk (an MVE load/store) joins only a first that has it too: a
  // scalar that is not slot-0-only ([M85-SI] "vector instructions can't be dual issued with 'slot 0'
  // scalar instructions"; loads/stores "dual issue with scalar").
  const bool vector = (r.info->model_flags & kVector) != 0;
  const bool open = (cycle_ & kCycleOpen) != 0;
  const bool second_ok = ((aux & kSecondOk) != 0) & (!vector | ((cycle_ & kSecondOk) != 0));
  const bool unit_free = (cycle_ & aux & kSingleUnits) == 0;
  const bool load_fits = !(aux & kLoadPort) || load_bytes(cycle_) + std::max<uint32_t>(bytes, 4) <= kBytesPerBeat;
  return open & second_ok & unit_free & load_fits;
}

Prediction CortexM85Model::predict(const RetireInfo& r) {
  const BranchKind kind = r.info->branch;
  ++stats_.branches;
  if (kind == BranchKind::LoopEnd) {
    // LE resolves at issue from LR: free once its loop is known, also when the loop ends.
    const bool known = loop_end_pc_ == r.pc || !r.branch_taken;
    if (r.branch_taken) loop_end_pc_ = r.pc;
    return known ? Prediction::Correct : Prediction::Wrong;
  }
  if (kind == BranchKind::LoopStart && !r.branch_taken) return Prediction::Correct;  // DLS, or WLS entering
  const bool conditional = is_conditional_branch(*r.info) | r.in_it_block;
  return predictor_.predict_and_update(r.pc, kind, conditional, r.branch_taken, r.next_pc, r.pc + r.size);
}

Cycles CortexM85Model::branch_cost(const RetireInfo& r, Prediction outcome, Cycles issue) {
  // A correctly predicted branch costs no cycle, taken or not: the instruction at a taken branch's
  // destination may issue in the branch's cycle ([M85-SI] "branching": "predicted taken branch can
  // tripple issue with 2 prior instructions or 1 prior and 1 at destination address", observed as
  // "one pair taking 0.5 cycle"; LE "behaves like regular branch instruction"). The fetch bandwidth
  // [M85-SI] asks for is checked for the triple issue (retire: kTripleBeforeBranchT16,
  // kTripleAcrossBranchT16); a pair of the branch and its destination is assumed to have it.
  if (outcome == Prediction::Correct) return 0;
  if (outcome == Prediction::StaticTaken) {
    stats_.frontend_stall_cycles += kStaticTakenCost - 1;
    return issue + kStaticTakenCost;
  }
  ++stats_.branch_mispredicts;
  // [M85-SI] "branching": "flag setting has to happen at least 1 cycle (from EX1 and EX2) or 2 cycle
  // (from EX3) ahead of branch, otherwise you get +5 cycle to misprediction penalty".
  const bool late_flags = (r.info->regs.gpr_read & (1u << kFlagsBit)) && issue < flags_in_time_;
  const Cycles cost = kMispredictCost + (late_flags ? kLateFlagsMispredictCost : 0);
  stats_.frontend_stall_cycles += cost - 1;
  return issue + cost;
}

// A MAC's accumulator (the register it reads and writes) moved to src[2], where
// operands_ready_slow reads it without walking the masks; an instruction whose accumulator is not
// one of its first three sources keeps the masks (kTraitCompactRegs cleared: the same registers).
void CortexM85Model::place_accumulator_last(InstrInfo& info) {
  const uint32_t acc_mask = info.regs.gpr_read & info.regs.gpr_write;
  for (unsigned i = 0; i < 3; ++i) {
    if (std::popcount(acc_mask) == 1 && info.src[i] == std::countr_zero(acc_mask)) {
      std::swap(info.src[i], info.src[2]);
      return;
    }
  }
  info.traits &= static_cast<uint16_t>(~kTraitCompactRegs);
}

Cycles CortexM85Model::operands_ready_slow(const InstrInfo& ii) const {
  if (ii.unit == static_cast<uint8_t>(Unit::Mac)) {
    // MUL/MAC execute in EX2 (multiply) and EX3 (accumulate) [M85-SI] "scalar multiplication":
    // the multiplicands are read a stage after EX1, the accumulator two, so MAC chains run at one
    // per cycle ([LLVM-M85] agrees: accumulator read late).
    if ((ii.traits & (kTraitCompactRegs | kTraitWideRegs)) == kTraitCompactRegs) {
      // Short lists (annotate put an accumulator in src[2]): no mask walks.
      const bool acc = (ii.model_flags & kMacAccumulate) != 0;
      const Cycles a = board_.at[ii.src[0]], b = board_.at[ii.src[1]], c = board_.at[ii.src[2]];
      const Cycles multiplicands = later(later(a, b), acc ? 0 : c);
      const Cycles accumulator = acc ? c : 0;
      return later(multiplicands > kMacOperandAdvance ? multiplicands - kMacOperandAdvance : 0,
                   accumulator > kMacAccumulatorAdvance ? accumulator - kMacAccumulatorAdvance : 0);
    }
    const uint32_t acc_mask = (ii.model_flags & kMacAccumulate) ? ii.regs.gpr_read & ii.regs.gpr_write : 0;
    const Cycles acc = board_.ready_gpr(acc_mask);
    const Cycles ready = board_.ready_gpr(ii.regs.gpr_read & ~acc_mask);
    return later(ready > kMacOperandAdvance ? ready - kMacOperandAdvance : 0,
                 acc > kMacAccumulatorAdvance ? acc - kMacAccumulatorAdvance : 0);
  }
  // A shifted operand goes through the shifter at EX1 ([M85-SI] operand2: SHIFT + ALU stages).
  return board_.ready_any(ii);
}

Cycles CortexM85Model::operands_ready(const RetireInfo& r) const {
  const InstrInfo& ii = *r.info;
  Cycles ready;
  if (ii.model_aux & kOperandsSlow) [[unlikely]] ready = operands_ready_slow(ii);
  else ready = board_.ready_compact(ii);
  if (r.in_it_block) ready = later(ready, board_.gpr(kFlagsBit));
  return ready;
}

// How many cycles before its operands are ready (at EX1) the instruction may issue: kLateStages
// for one that reads late (kReadsLate), none inside an IT block ([M85-SI] "predicated execution":
// a predicated result cannot be forwarded in 0 cycles, and its flags are needed at issue).
Cycles CortexM85Model::read_advance(const RetireInfo& r) const {
  return ((r.info->model_aux & kReadsLate) && !r.in_it_block) ? kLateStages : 0;
}

template <RecordShape kShape>
Cycles CortexM85Model::retire_as(const RetireInfo& r) {
  constexpr bool kAny = kShape == RecordShape::kAny;
  const InstrInfo& ii = *r.info;
  const uint8_t flags = ii.model_flags;
  const MemoryLog& log = *r.memory;
  const bool executed = !kAny || r.executed;
  const bool taken = kAny && r.branch_taken;
  const uint32_t bytes = kShape != RecordShape::kDataProcessing && executed ? log.bytes : 0;
  unsigned unit = ii.unit;

  // Issue: in this cycle beside the one already there, or the next, or later when something it
  // needs is not ready (the waits are combined first, away from now_, so the chain from one
  // instruction's issue to the next is short). Units this model never marks busy stay at 0.
  Cycles gate = scalar_gate_;
  if (flags & kVector) {
    // Logic and lane moves may use pipe A or B: take the one free first.
    constexpr unsigned kA = static_cast<unsigned>(Unit::VecA), kB = static_cast<unsigned>(Unit::VecB);
    if ((flags & kPipeAOrB) && unit_free_[kB] < unit_free_[kA]) unit = kB;
    gate = last_vector_start_ + 1;  // vector instructions start one per cycle
  }
  const Cycles operands = executed ? operands_ready(r) : 0;
  const Cycles advance = read_advance(r);
  const Cycles operand_gate = operands > advance ? operands - advance : 0;
  const Cycles waits = later(later(blocked_until_, operand_gate), later(unit_free_[unit], gate));
  t16_run_ = (ii.traits & kTraitT16) ? t16_run_ + 1 : 0;
  const bool is_branch = kAny && ii.branch != BranchKind::None;
  // A predicted taken branch may issue third after two ([M85-SI] "branching"; kBranchThirdOk, and
  // the run of .n instructions). The prediction depends on nothing issue decides.
  const Prediction outcome = is_branch ? predict(r) : Prediction::Correct;
  const bool third = (cycle_ & (kBranchThirdOk | single_unit_bit(Unit::Branch))) == kBranchThirdOk &&
                     is_branch && taken && outcome == Prediction::Correct &&
                     t16_run_ >= kTripleBeforeBranchT16;
  Cycles issue = later((fits_in_current_cycle(r, bytes) | third) ? now_ : now_ + 1, waits);
  if (fetch_block_changed(r.pc)) [[unlikely]] issue = fetch_stall(r.pc, issue);
  if (flags & kVector) {
    unit_free_[unit] = issue + ii.occupancy;
    last_vector_start_ = issue;
    ++stats_.mve_instructions;
    // [M85-SI] "vector loads/stores": "scalar instructions can't be issued a cycle after vector
    // loads/stores (during its second cycle aka 'beat')"; a vector instruction may (VEOR there in
    // its example). Nothing issues beside it in its own cycle (kEndsGroup), so the next scalar
    // issues two cycles after it at the earliest.
    if (is_vector_load_store(flags)) scalar_gate_ = issue + 2;
  }
  // The cycle's use: a new cycle takes this one as its first instruction; a second closes it.
  if (issue != now_) {
    const uint32_t aux = ii.model_aux;
    const uint32_t load_bytes = (aux & kLoadPort) ? std::max<uint32_t>(bytes, 4) : 0;
    cycle_ = (aux & kCycleStart) | (load_bytes << kLoadBytesShift);
  } else if (cycle_ & kCycleOpen) {
    // The second closes the cycle; when it takes partners (and no third is in the cycle yet) a
    // predicted taken branch may still come third if neither used the branch unit (checked above).
    const uint32_t aux = ii.model_aux;
    const uint32_t third_ok = ((aux & kTakesPartner) != 0) & ((cycle_ & kTripled) == 0) ? kBranchThirdOk : 0;
    cycle_ = (cycle_ & ~(kCycleOpen | kBranchThirdOk)) | (aux & kSingleUnits) | third_ok;
    ++stats_.dual_issued;
  } else {
    cycle_ &= ~kBranchThirdOk;  // the third, a branch after two
    ++stats_.dual_issued;
  }

  unsigned latency = ii.latency;
  if (executed) [[likely]] {
    if (kShape == RecordShape::kDataAccess || (kAny && (log.count != 0 || (flags & (kMultiple | kFpTransfer))))) {
      const bool multiple = (flags & kMultiple) || ((flags & kFpTransfer) && bytes > kBytesPerBeat);
      transfer_cost(log, bytes, multiple, issue, kBytesPerBeat, latency, blocked_until_);
    }
    // A late-reading ALU op executes in the first stage its operands allow (EX1 + skew) and its
    // result follows from there [M85-SI].
    const Cycles skew = operands > issue ? operands - issue : 0;
    board_.write_any(ii, issue + skew + latency, issue + 1);  // [LLVM-M85] base update bypass
    // The first branch issue cycle that counts these flags as set ahead of it: one cycle after a
    // producer executing in EX1 or EX2, two after one in EX3 (see branch_cost).
    if (ii.regs.gpr_write & (1u << kFlagsBit)) flags_in_time_ = issue + (skew >= kLateStages ? 2 : 1);
  }
  if (flags & kWaitsForUnit) [[unlikely]] {
    if (ii.unit == static_cast<uint8_t>(Unit::Divider)) {
      blocked_until_ = later(blocked_until_, issue + ii.occupancy);  // stalls the pipeline
    } else if (flags & kIterative) {
      unit_free_[unit] = issue + latency;
    } else if (ii.unit == static_cast<uint8_t>(Unit::LongShift)) {
      unit_free_[unit] = issue + 1;
    }
  }

  if (is_branch) {
    const Cycles redirect = branch_cost(r, outcome, issue);
    if (redirect != 0) {
      blocked_until_ = later(blocked_until_, redirect);
      cycle_ &= ~(kCycleOpen | kBranchThirdOk);
    } else if (taken && issue == now_ && !third && t16_run_ >= kTripleAcrossBranchT16 &&
               (cycle_ & (kCycleOpen | kTripled)) == 0) {
      // Predicted taken, issued second, with the fetch bandwidth to cross ([M85-SI] "branching"):
      // its destination's first instruction may join as a third.
      cycle_ = (cycle_ & ~kBranchThirdOk) | kCycleOpen | kTripled;
    }
  }
  if (taken) t16_run_ = 0;  // fetch goes on at the destination
  return commit(issue);
}

template Cycles CortexM85Model::retire_as<RecordShape::kAny>(const RetireInfo& r);
template Cycles CortexM85Model::retire_as<RecordShape::kDataProcessing>(const RetireInfo& r);
template Cycles CortexM85Model::retire_as<RecordShape::kDataAccess>(const RetireInfo& r);

std::optional<CortexM85Model::CompiledCase> CortexM85Model::compiled_case(const RetireInfo& r, RecordShape shape,
                                                                          uint32_t data_bytes) const {
  const InstrInfo& ii = *r.info;
  const uint8_t flags = ii.model_flags;
  if (flags & (kVector | kWaitsForUnit | kIterative | kFpTransfer)) return std::nullopt;
  if (data_bytes > kBytesPerBeat) return std::nullopt;
  const bool any = shape == RecordShape::kAny;
  const bool is_branch = any && ii.branch != BranchKind::None;
  if (is_branch && ii.branch != BranchKind::Direct && ii.branch != BranchKind::Call && ii.branch != BranchKind::Return)
    return std::nullopt;
  // A return only taken (a skipped one in an IT block pops the stack and mispredicts: the call).
  if (is_branch && ii.branch == BranchKind::Return && !(r.executed && r.branch_taken)) return std::nullopt;
  if (!is_branch && any && r.branch_taken) return std::nullopt;
  const bool executed = !any || r.executed;
  const uint32_t aux = ii.model_aux;
  CompiledCase c;
  if (is_branch) {  // predict (predict_and_update's outcome Correct) and the third-issue rules of retire_as
    c.branch = true;
    c.taken = r.branch_taken;
    c.call = ii.branch == BranchKind::Call;
    c.returns = ii.branch == BranchKind::Return;
    const bool conditional = is_conditional_branch(ii) | r.in_it_block;
    c.miss_static_taken = !conditional || r.next_pc < r.pc;  // (predict_and_update's target is next_pc)
    c.reads_flags = (ii.regs.gpr_read & (1u << kFlagsBit)) != 0;
    c.static_taken_cost = kStaticTakenCost;
    c.mispredict_cost = kMispredictCost;
    c.late_flags_cost = kLateFlagsMispredictCost;
    c.btb_entry = static_cast<uint16_t>((r.pc >> 1) % kBtbEntries);
    c.direction_entry = static_cast<uint16_t>((r.pc >> 1) % kDirectionEntries);
    c.target = r.next_pc;
    c.return_address = r.pc + r.size;
    c.branch_unit = single_unit_bit(Unit::Branch);
    c.third_possible = c.taken && ((ii.traits & kTraitT16) || kTripleBeforeBranchT16 == 0);  // t16_run_ reaches it
    c.third_run = kTripleBeforeBranchT16;
    c.across_run = kTripleAcrossBranchT16;
  }
  const auto group = [&c](SlotList slots, unsigned advance) {
    c.operands[c.operand_groups++] = {slots, static_cast<uint8_t>(advance)};
  };
  if (executed) {  // operands_ready and operands_ready_slow, as groups of slots
    const bool compact = (ii.traits & (kTraitCompactRegs | kTraitWideRegs)) == kTraitCompactRegs;
    if ((aux & kOperandsSlow) && ii.unit == static_cast<uint8_t>(Unit::Mac)) {
      const bool acc = (flags & kMacAccumulate) != 0;
      SlotList multiplicands, accumulator;
      if (compact) {
        for (unsigned k = 0; k < 3; ++k) {
          if (ii.src[k] == kNoReg) continue;
          ((k == 2 && acc) ? accumulator : multiplicands).add(ii.src[k]);
        }
      } else {
        const uint32_t acc_mask = acc ? ii.regs.gpr_read & ii.regs.gpr_write : 0;
        for (uint32_t m = ii.regs.gpr_read; m; m &= m - 1) {
          const auto slot = static_cast<uint8_t>(std::countr_zero(m));
          ((acc_mask >> slot) & 1u ? accumulator : multiplicands).add(slot);
        }
      }
      group(multiplicands, kMacOperandAdvance);
      if (accumulator.count != 0) group(accumulator, kMacAccumulatorAdvance);
    } else {
      group(Scoreboard::read_slots(ii), 0);  // ready_compact, or (slow) ready_any
    }
    if (r.in_it_block) {
      SlotList flags_slot;
      flags_slot.add(kFlagsBit);
      group(flags_slot, 0);
    }
    c.writes = Scoreboard::write_slots(ii);
    c.base = ii.writeback_base;
    c.writes_flags = (ii.regs.gpr_write & (1u << kFlagsBit)) != 0;
  }
  c.read_advance = static_cast<uint8_t>(read_advance(r));
  c.unit = ii.unit;
  // retire_as sets unit_free_ only for the vector pipes (pipe B also for kPipeAOrB forms), the FPU
  // (iterative forms) and the long-shift unit.
  const auto unit = static_cast<Unit>(ii.unit);
  c.unit_can_be_busy = unit == Unit::Fpu || unit == Unit::LongShift || (unit >= Unit::VecA && unit <= Unit::VecStore);
  // fits_in_current_cycle for a scalar whose load moves `data_bytes` (std::max(bytes, 4)), and the
  // cycle_ update of retire_as.
  const uint32_t load_bytes = std::max<uint32_t>(data_bytes, 4);
  c.second_ok = (aux & kSecondOk) != 0;
  c.join_mask = kCycleOpen | (aux & kSingleUnits);
  c.load_port = (aux & kLoadPort) != 0;
  c.load_limit = kBytesPerBeat - load_bytes;
  c.new_cycle = (aux & kCycleStart) | (c.load_port ? load_bytes << kLoadBytesShift : 0u);
  c.multiple = (flags & kMultiple) != 0;  // (one beat: data_bytes <= kBytesPerBeat)
  c.single_units = aux & kSingleUnits;
  c.takes_partner = (aux & kTakesPartner) != 0;
  c.t16 = (ii.traits & kTraitT16) != 0;
  c.latency = ii.latency;
  c.flags_late_skew = kLateStages;
  return c;
}

CortexM85Model::StateOffsets CortexM85Model::state_offsets() const {
  return {shared_state_offsets(), offset_of(&cycle_),  offset_of(&blocked_until_), offset_of(&scalar_gate_),
          offset_of(&unit_free_[0]), offset_of(&t16_run_), offset_of(&flags_in_time_), offset_of(&predictor_)};
}

Cycles CortexM85Model::exception_entry() {
  loop_end_pc_ = 1;
  cycle_ = 0;
  flags_in_time_ = 0;
  t16_run_ = 0;
  blocked_until_ = 0;
  return charge_exception_entry(kExceptionEntry);
}

}  // namespace corsim::cpu::timing
