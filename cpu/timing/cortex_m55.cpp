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

// Code in ITCM ([HELIUM-3] "I-TCM bandwidth"): the fetch unit gets one 32-bit word per cycle into
// its FIFO, so the instruction of `size` bytes that would issue at `issue` waits until its last
// byte has arrived: until kFetchBufferBytes - (fetch_full_ - kItcmPortBytes * t) >= size. Returns
// the issue cycle; the instruction's bytes are consumed (the FIFO was full at the latest by then).
Cycles CortexM55Model::itcm_fetch_wait(uint32_t size, Cycles issue) {
  const uint64_t needed = fetch_full_ + size;  // port bytes by the issue cycle, plus the FIFO's size
  if (kItcmPortBytes * issue + kFetchBufferBytes < needed) [[unlikely]] {
    const Cycles fetched = (needed - kFetchBufferBytes + kItcmPortBytes - 1) / kItcmPortBytes;
    stats_.frontend_stall_cycles += fetched - issue;
    issue = fetched;
  }
  const uint64_t full = kItcmPortBytes * issue;
  fetch_full_ = (fetch_full_ > full ? fetch_full_ : full) + size;
  return issue;
}

// A redirect to `target`, whose first instruction may issue at `first_issue` at the earliest:
// fetch restarts at the target's word, which is there by then (the taken-branch cost covers it);
// a target in the middle of a word has only its last halfword, so a 32-bit instruction there
// waits a cycle for the next word ([HELIUM-3] "Instruction alignment": unaligned instructions "can
// cause stall cycles in loops even when the Low Overhead Branch (LOB) extension is used").
void CortexM55Model::restart_fetch(uint32_t target, Cycles first_issue) {
  // At first_issue the FIFO holds the target's word from the target on, kItcmPortBytes -
  // (target & 3) bytes; it is full when the port has brought the rest of kFetchBufferBytes.
  fetch_full_ = kItcmPortBytes * first_issue + kFetchBufferBytes - kItcmPortBytes + (target & (kItcmPortBytes - 1));
}

// The FIFO full at cycle `at` (entering ITCM, an exception's handler: their first words are not
// modelled).
void CortexM55Model::refill_fetch_buffer(Cycles at) { fetch_full_ = kItcmPortBytes * at; }

// What the TCM ports add to a load's or store's data time on the M55 ([HELIUM-3]): a data access to
// ITCM uses the 32-bit instruction port, a cycle per word, each a cycle fetch loses, and arrives a
// cycle later per 8-byte beat it needs two words for; a DTCM read issued the cycle after a store
// wrote one of its banks waits kDtcmReadAfterStoreDelay ("Read after-write in D-TCM"). Updates the
// fetch stream and the last store's banks; returns the extra cycles.
Cycles CortexM55Model::tcm_port_delay(const MemoryLog& log, bool multiple, Cycles issue) {
  const memory::FastRange& itcm = fast_[static_cast<unsigned>(memory::AccessKind::Fetch)];
  const bool right_after_store = issue == store_cycle_ + 1;
  // Most data instructions: one load, not from ITCM, not the cycle after a store.
  const MemAccess& first = log.access[0];
  if (log.count == 1 && !first.write && !right_after_store && !itcm.contains(first.addr)) [[likely]] return 0;
  return tcm_port_delay_each_access(log, multiple, issue, right_after_store);
}

// tcm_port_delay access by access (out of line: stores, loads right after one, ITCM data).
Cycles CortexM55Model::tcm_port_delay_each_access(const MemoryLog& log, bool multiple, Cycles issue,
                                                  bool right_after_store) {
  const memory::FastRange& itcm = fast_[static_cast<unsigned>(memory::AccessKind::Fetch)];
  Cycles delay = 0;
  uint64_t written = 0;
  for (unsigned i = 0; i < log.count; ++i) {
    const MemAccess& a = log.access[i];
    const uint32_t first_word = a.addr >> 2, words = ((a.addr + a.size - 1) >> 2) - first_word + 1;
    if (itcm.contains(a.addr)) [[unlikely]] {
      fetch_full_ += kItcmPortBytes * words;
      delay += words - (a.size + kBytesPerBeat - 1) / kBytesPerBeat;
      continue;
    }
    if (!a.write && !right_after_store) continue;  // most loads
    const memory::FastRange& dtcm = fast_[static_cast<unsigned>(a.write ? memory::AccessKind::Write : memory::AccessKind::Read)];
    if (dtcm.banks == nullptr || !dtcm.contains(a.addr)) continue;
    const uint32_t bank_mask = std::min<uint32_t>(dtcm.banks->count(), 64) - 1;
    uint64_t mask = 0;
    for (uint32_t w = 0; w < words; ++w) mask |= uint64_t{1} << ((first_word + w) & bank_mask);
    if (a.write) written |= mask;
    else if ((mask & store_banks_) != 0) delay = later(delay, kDtcmReadAfterStoreDelay);
  }
  if (written != 0) {
    store_banks_ = written;
    store_cycle_ = issue + (multiple ? (log.bytes + kBytesPerBeat - 1) / kBytesPerBeat - 1 : 0);
  }
  return delay;
}

template <RecordShape kShape>
Cycles CortexM55Model::retire_as(const RetireInfo& r) {
  constexpr bool kAny = kShape == RecordShape::kAny;
  const InstrInfo& ii = *r.info;
  const bool executed = !kAny || r.executed;
  const bool taken = kAny && r.branch_taken;
  const bool is_branch = kAny && ii.branch != BranchKind::None;
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
  const bool falls_through = is_branch && !taken;
  const Cycles operands =
      falls_through ? 0 : later(board_.ready_any(ii), r.in_it_block ? board_.gpr(kFlagsBit) : 0);
  const Cycles structural = later(unit_free_[unit], vector ? last_vector_start_ + 1 : 0);
  const Cycles waits = later(later(blocked_until_, executed ? operands : 0), structural);
  Cycles issue = later(now_ + (pairs ? 0 : 1), waits);
  if (fetch_block_changed(r.pc)) [[unlikely]] {
    issue = fetch_stall(r.pc, issue);
    const bool itcm = fast_[static_cast<unsigned>(memory::AccessKind::Fetch)].contains(r.pc);
    if (itcm && !itcm_code_) refill_fetch_buffer(now_);  // entering ITCM: not modelled
    itcm_code_ = itcm;
  }
  if (itcm_code_) issue = itcm_fetch_wait(r.size, issue);

  unsigned latency = ii.latency;
  if (executed) [[likely]] {
    if (kShape == RecordShape::kDataAccess || (kAny && (r.memory->count != 0 || (flags & (kMultiple | kFpTransfer))))) {
      // VLDM/VSTM (and VLDR/VSTR.64 over 8 bytes) are multi-register transfers too.
      const uint32_t bytes = r.memory->bytes;
      const bool multiple = (flags & kMultiple) || ((flags & kFpTransfer) && bytes > kBytesPerBeat);
      transfer_cost(*r.memory, bytes, multiple, issue, kBytesPerBeat, latency, blocked_until_);
      const Cycles port = tcm_port_delay(*r.memory, multiple, issue);
      if (port != 0) [[unlikely]] {
        blocked_until_ = later(blocked_until_, issue + 1 + port);
        latency += static_cast<unsigned>(port);
        stats_.memory_stall_cycles += port;
      }
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
  if (is_branch || taken) {
    redirect = branch_cost(r, issue);
    blocked_until_ = later(blocked_until_, redirect);
    // Outside ITCM the fetch stream is not tracked (entering ITCM resets it).
    if (redirect != 0 && itcm_code_) restart_fetch(r.next_pc, later(redirect, issue + 1));
  }
  // A pair needs two 16-bit instructions with no redirect between them; a paired one closes it.
  const bool open = (flags & kT16) && issue != now_ && redirect == 0 && !vector;
  pair_state_ = open ? static_cast<uint8_t>(kOpen | ((flags & kPairable) ? kOpenPairable : 0)) : 0;
  stats_.dual_issued += issue == now_ ? 1 : 0;
  return commit(issue);
}

template Cycles CortexM55Model::retire_as<RecordShape::kAny>(const RetireInfo& r);
template Cycles CortexM55Model::retire_as<RecordShape::kDataProcessing>(const RetireInfo& r);
template Cycles CortexM55Model::retire_as<RecordShape::kDataAccess>(const RetireInfo& r);

std::optional<CortexM55Model::CompiledCase> CortexM55Model::compiled_case(const RetireInfo& r, RecordShape shape) const {
  const InstrInfo& ii = *r.info;
  const uint8_t flags = ii.model_flags;
  if (flags & (kVector | kBlocksIssue | kIterative | kFpTransfer)) return std::nullopt;
  if (ii.branch == BranchKind::LoopEnd) return std::nullopt;
  const bool any = shape == RecordShape::kAny;
  const bool executed = !any || r.executed, taken = any && r.branch_taken;
  const bool is_branch = any && ii.branch != BranchKind::None;
  CompiledCase c;
  if (executed && !(is_branch && !taken)) {  // as retire_as: a branch that falls through reads nothing
    c.reads = Scoreboard::read_slots(ii);
    if (r.in_it_block) c.reads.add(kFlagsBit);
  }
  if (executed) {
    c.writes = Scoreboard::write_slots(ii);
    c.base = ii.writeback_base;
  }
  c.unit = ii.unit;
  // retire_as sets unit_free_ for vector instructions' units and the FPU (iterative forms) only.
  c.unit_can_be_busy = ii.unit == static_cast<uint8_t>(Unit::Fpu);
  for (unsigned op = 0; op < kOpClassCount; ++op)
    if (is_mve(static_cast<OpClass>(op)) && kByClass[op].unit == static_cast<Unit>(ii.unit)) c.unit_can_be_busy = true;
  c.latency = ii.latency;
  c.pair_mask = static_cast<uint8_t>((flags >> 5) & 3u);
  c.multiple = (flags & kMultiple) != 0;
  c.branch = is_branch;
  // branch_cost and restart_fetch: a taken branch redirects fetch; in ITCM the FIFO then holds
  // kItcmPortBytes * (issue + redirect) + restart_bytes port bytes' worth.
  c.redirect = taken ? kTakenBranchCost : 0;
  c.restart_bytes = kFetchBufferBytes - kItcmPortBytes + (r.next_pc & (kItcmPortBytes - 1));
  if (c.redirect == 0 && (flags & kT16)) c.open_pair_state = static_cast<uint8_t>(kOpen | ((flags & kPairable) ? kOpenPairable : 0));
  return c;
}

CortexM55Model::StateOffsets CortexM55Model::state_offsets() const {
  return {shared_state_offsets(), offset_of(&blocked_until_), offset_of(&pair_state_), offset_of(&fetch_full_),
          offset_of(&itcm_code_),  offset_of(&unit_free_[0]),  offset_of(&store_banks_), offset_of(&store_cycle_)};
}

Cycles CortexM55Model::exception_entry() {
  loop_end_pc_ = 1;  // the loop cache does not survive an exception (DDI 0553 LO_BRANCH_INFO)
  pair_state_ = 0;
  blocked_until_ = 0;
  store_banks_ = 0;
  const Cycles cycles = charge_exception_entry(kExceptionEntry);
  refill_fetch_buffer(now_);  // the handler's first words: not modelled
  return cycles;
}

}  // namespace corsim::cpu::timing
