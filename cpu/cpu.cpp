#include "cpu/cpu.h"

#include <algorithm>
#include <cstddef>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "cpu/fast_forms.h"
#include "cpu/isa/branch.h"
#include "cpu/isa/pacbti.h"
#include "cpu/run_loop.h"
#include "cpu/decoder/instruction_info.h"

namespace corsim::cpu {

Cpu::Cpu(const CpuConfig& config, memory::Interconnect& bus)
    : config_(config), bus_(bus), exceptions_(std::make_unique<ExceptionPort>(state_, bus_, config_)) {
  if (config_.engine == CpuEngine::Jit && jit::available()) jit_ = std::make_unique<jit::BlockJit>(jit_layout());
  jit_usable_ = jit_ != nullptr;
}

jit::CpuLayout Cpu::jit_layout() const {
  const auto offset = [this](const void* field) {
    return static_cast<int32_t>(static_cast<const char*>(field) - reinterpret_cast<const char*>(this));
  };
  jit::CpuLayout l;
  l.regs = offset(&state_.r[0]);
  l.flags = offset(&state_.n);
  static_assert(offsetof(ArchState, z) == offsetof(ArchState, n) + 1 && offsetof(ArchState, c) == offsetof(ArchState, n) + 2 &&
                offsetof(ArchState, v) == offsetof(ArchState, n) + 3);
  l.itstate = offset(&state_.itstate);
  l.next_pc = offset(&next_pc_);
  l.pending = offset(&pending_);
  l.block_retired = offset(&block_retired_);
  l.branched = offset(&branched_);
  l.mem_log = offset(&mem_log_);
  l.memory_log = &mem_log_;
  // The generated code clears the log (MemoryLog::clear) with one 8-byte store from `count`.
  static_assert(offsetof(MemoryLog, any_read) == offsetof(MemoryLog, count) + 1 &&
                offsetof(MemoryLog, dropped) == offsetof(MemoryLog, count) + 2 &&
                offsetof(MemoryLog, bytes) == offsetof(MemoryLog, count) + 4 && sizeof(MemoryLog::bytes) == 4 &&
                sizeof(MemoryLog) == offsetof(MemoryLog, count) + 8);
  l.attention = exceptions_->attention_flag();
  l.read_pages = bus_.read_page_table();
  l.write_pages = bus_.write_page_table();
  l.slots = blocks_.slots();
  l.slot_mask = BlockCache::kSlots - 1;
  l.slot_size = sizeof(Block);
  l.slot_pc = offsetof(Block, pc);
  l.slot_count = offsetof(Block, count);
  l.slot_compiled = offsetof(Block, compiled);
  l.slot_entry_itstate = offsetof(Block, entry_itstate);
  return l;
}

bool Cpu::jit_ready(Block& b, const PredecodeEntry* e, uint32_t pc, uint8_t itstate) {
  // A block is compiled for the ITSTATE it is entered with when it becomes hot (0, or inside an
  // IT block: the block before it was cut inside the IT block by BlockCache::kMaxInstructions,
  // which is how such a block is usually entered, always with the same ITSTATE); entered with
  // another, it is interpreted.
  if (b.compiled != nullptr) return b.entry_itstate == itstate;
  if (b.host == nullptr || b.visits == kJitRefused) return false;
  if (b.visits < config_.jit_after_visits) {
    ++b.visits;
    return false;
  }
  if (jit_->full()) {  // compile everything again
    jit_->reset();
    blocks_.forget_compiled();
  }
  const jit::BlockJit::Compiled c =
      jit_->compile(e, b.count, pc, b.host, b.bytes, timing_ != nullptr ? jit_retire_ : jit::RetireFns{}, itstate);
  if (c.code == nullptr) {
    b.visits = kJitRefused;  // stays interpreted
    return false;
  }
  b.compiled = c.code;
  b.checked = c.checked;
  b.entry_itstate = itstate;
  return true;
}

jit::BlockJit::Last Cpu::run_compiled_untimed(const Block& b, Cycles end) {
  const uint64_t limit = std::min<Cycles>(end - cycles_, UINT32_MAX);
  return jit_->run(this, static_cast<const uint8_t*>(b.compiled) + b.checked, limit);
}

jit::BlockJit::Last Cpu::run_compiled_timed(const Block& b, Cycles end) {
  const jit::RetireCompiler::Counters c = retire_compiler_->counters();
  model_counted_ = {c, *c.clock, *c.retired};
  const Cycles left = end - cycles_;  // (> 0: the loop runs while cycles_ < end)
  const uint64_t limit = left > UINT64_MAX - *c.clock ? UINT64_MAX : *c.clock + left;
  const jit::BlockJit::Last last =
      jit_->run(this, static_cast<const uint8_t*>(b.compiled) + b.checked, limit, retire_compiler_->base());
  cycles_ += model_counted_.cycles();
  instructions_ += model_counted_.instructions();
  model_counted_ = {};
  block_retired_ = 0;  // (the code's leave stored rbp, the base, there)
  return last;
}

bool Cpu::run_compiled(const Block& b, Cycles end, StopReason& why) {
  // Untimed, the budget is in instructions (the loop runs while cycles_ < end; block_retired_ is
  // 0); timed, the run counts on the model (ModelCounted) and the generated code compares the
  // model's clock with `end` translated to it. block_at() has just compared the block's code
  // bytes: the run starts past the block's own comparison.
  const bool timed = timing_ != nullptr;
  const jit::BlockJit::Last last = timed ? run_compiled_timed(b, end) : run_compiled_untimed(b, end);
  if (!timed) count_block();
  return pending_ != 0 && service_pending(last.pc, last.itstate, why);
}

Cpu::~Cpu() = default;

bool Cpu::reset() {
  state_ = ArchState{};
  pending_ = 0;
  locked_up_ = false;
  last_fault_ = FaultRecord{};
  blocks_.flush();
  return exceptions_->reset(config_.initial_vtor);
}

void Cpu::set_timing(TimingHook* t) {
  const bool changed = t != timing_;
  timing_ = t;
  TimedLoops loops = t != nullptr ? timed_loops_for(*t) : TimedLoops{};
  timed_loop_ = loops.plain;
  traced_timed_loop_ = loops.traced;
  // Compiled blocks refer to the compiler: a new hook flushes them (below); the same hook again
  // keeps the blocks and so the compiler they were compiled with.
  if (changed) retire_compiler_ = std::move(loops.compiler);
  loops.jit_retire.compiler = retire_compiler_.get();
  jit_retire_ = loops.jit_retire;
  jit_usable_ = jit_ != nullptr && (t == nullptr || (jit_retire_[RecordShape::kAny] != nullptr && retire_compiler_));
  log_memory_ = t != nullptr;
  // Every entry is decoded again (and gets its InstrInfo); every block compiled for the previous
  // hook (or none) is compiled again.
  if (changed) blocks_.flush();
}

StopReason Cpu::run(Cycles max_cycles) {
  const Cycles end = cycles_ + max_cycles;
  // Tests and tools may have changed CPACR, FPCCR or CONTROL directly since the last run.
  state_.forget_fp_check();
  if (timing_ != nullptr) timing_->begin_quantum();
  if (timing_ != nullptr) return (this->*(trace_ != nullptr ? traced_timed_loop_ : timed_loop_))(end);
  if (trace_ != nullptr) return run_loop<true, NoTiming>(end, nullptr);
  return run_loop<false, NoTiming>(end, nullptr);
}

bool Cpu::service_pending(uint32_t pc, uint8_t it_before, StopReason& why) {
  ArchState& s = state_;
  const uint32_t p = pending_;
  pending_ = 0;
  if (p & kPendFault) {
    // The instruction did not complete: the fault is taken with its own PC and ITSTATE.
    s.itstate = it_before;
    s.r[15] = pc;
    if (take_fault(fault_, pc, why)) return true;
    return (p & kPendStop) ? (why = StopReason::StopRequested, true) : false;
  }
  if (p & kPendExcReturn) {
    if (!exceptions_->exception_return(exc_return_)) {
      locked_up_ = true;
      why = StopReason::Lockup;
      return true;
    }
    if (!s.t) {
      if (take_fault(Fault{FaultKind::InvalidState, 0}, s.r[15], why)) return true;
    } else if (exception_redirected(why)) {
      return true;
    }
  }
  if (p & kPendBranchTarget) s.epsr_b = true;
  if (p & kPendInvState) {
    // BXWritePC with address<0> == 0 cleared EPSR.T; the next instruction faults INVSTATE with the
    // branch target as its PC (B1.x "Execution state").
    s.t = false;
    if (take_fault(Fault{FaultKind::InvalidState, 0}, s.r[15], why)) return true;
  }
  if (p & kPendSvc) {
    if (!exceptions_->svc_call(s.r[15])) {
      locked_up_ = true;
      why = StopReason::Lockup;
      return true;
    }
    if (exception_entered(why)) return true;
  }
  if ((p & kPendSelfBranch) && s.r[15] == pc && exceptions_->is_fault_handler_active()) {
    // `b .` inside a fault handler: the CMSIS default handlers do this for an unhandled fault.
    why = StopReason::FaultHang;
    return true;
  }
  if (p & kPendSleepWfe) {
    // WFE: an already-set event register is consumed and execution continues (B1.x "Wait For Event").
    if (s.event_register) {
      s.event_register = false;
    } else if (!exceptions_->wakeup_pending()) {
      s.sleeping = true;
      why = (p & kPendStop) ? StopReason::StopRequested : StopReason::Sleeping;
      return true;
    }
  }
  if ((p & kPendSleep) && !exceptions_->wakeup_pending()) {
    s.sleeping = true;
    if (p & kPendStop) { why = StopReason::StopRequested; return true; }
    why = StopReason::Sleeping;
    return true;
  }
  if (p & kPendStop) {
    why = StopReason::StopRequested;
    return true;
  }
  return false;
}

bool Cpu::take_fault(const Fault& f, uint32_t pc, StopReason& why) {
  last_fault_.fault = f;
  last_fault_.pc = pc;
  last_fault_.state = state_;
  last_fault_.state.r[15] = pc;
  last_fault_.valid = true;
  if (exceptions_->raise_fault(f, pc)) return exception_entered(why);
  locked_up_ = true;
  why = StopReason::Lockup;
  return true;
}

bool Cpu::fetch16(uint32_t addr, uint16_t& hw) {
  if (const uint8_t* p = bus_.host_read_ptr(addr); p != nullptr && (addr & (memory::kPageSize - 1)) <= memory::kPageSize - 2) {
    std::memcpy(&hw, p, 2);
    return true;
  }
  uint32_t v = 0;
  const memory::AccessAttrs attrs{memory::Master::CpuInstr, state_.privileged(), state_.secure};
  if (!bus_.read(addr, 2, v, attrs).ok()) return false;
  hw = static_cast<uint16_t>(v);
  return true;
}

bool Cpu::decode_into(uint32_t pc, PredecodeEntry& slot, Fault& fault) {
  ++blocks_.misses;
  uint16_t hw1 = 0, hw2 = 0;
  if (!fetch16(pc, hw1)) {
    fault = Fault{FaultKind::InstructionBusError, pc};
    return false;
  }
  const bool t32 = decoder::is_32bit(hw1);
  if (t32 && !fetch16(pc + 2, hw2)) {
    fault = Fault{FaultKind::InstructionBusError, pc + 2};
    return false;
  }
  const uint32_t insn = t32 ? (uint32_t{hw1} << 16) | hw2 : hw1;
  const decoder::DecodeResult r = decoder::decode(insn, t32);
  slot.size = t32 ? 4 : 2;
  slot.raw = t32 ? (uint32_t{hw2} << 16) | hw1 : hw1;
  slot.exec = r.encoding ? fast_form(r.encoding->exec, r.ops) : &decoder::exec_UNDEFINED;
  slot.ops = r.ops;
  slot.index = r.encoding ? r.index : kUndefinedIndex;
  slot.op = r.encoding ? r.encoding->op : OpClass::System;
  // Keep the host address only when the whole encoding sits in one host page; otherwise every
  // visit re-decodes (code in MMIO or straddling a page: rare).
  slot.host = nullptr;
  if ((pc & (memory::kPageSize - 1)) <= memory::kPageSize - slot.size) slot.host = bus_.host_read_ptr(pc);
  if (timing_ != nullptr) {
    slot.timing = decoder::describe_instruction(r.encoding, r.ops, t32);
    timing_->annotate(slot.timing, slot.op);
  }
  return true;
}

Block* Cpu::build_block(uint32_t pc, Block& b) {
  PredecodeEntry* e = blocks_.begin(b, pc);
  Fault fault;
  if (!decode_into(pc, e[0], fault)) {
    b.pc = 1;
    fault_ = fault;
    pending_ |= kPendFault;
    return nullptr;
  }
  const uint8_t* host = e[0].host;
  unsigned count = 1, bytes = e[0].size;
  // Code outside host memory (or straddling a page) is a block of one, decoded on every visit.
  while (host != nullptr && count < BlockCache::kMaxInstructions) {
    const PredecodeEntry& last = e[count - 1];
    // A branch, a system instruction (barriers, MSR, CPS, SVC, WFI...) or an undefined encoding
    // ends the block: what follows may not run next, or may need the state it changes.
    if (last.op == OpClass::Branch || last.op == OpClass::System || last.index == kUndefinedIndex) break;
    const uint32_t next = pc + bytes;
    if ((next & ~(memory::kPageSize - 1)) != (pc & ~(memory::kPageSize - 1))) break;
    // A fetch error is taken when execution gets there, not now.
    if (!decode_into(next, e[count], fault) || e[count].host != host + bytes) break;
    bytes += e[count].size;
    ++count;
  }
  b.has_it = false;
  for (unsigned i = 0; i < count; ++i) b.has_it |= e[i].exec == &exec_IT;
  blocks_.end(b, count, bytes, host);
  return &b;
}

uint32_t Cpu::read_slow(uint32_t addr, unsigned size) {
  uint32_t v = 0;
  const memory::AccessAttrs attrs{memory::Master::CpuData, state_.privileged(), state_.secure};
  if (!bus_.read(addr, size, v, attrs).ok()) {
    raise(FaultKind::PreciseDataBusError, addr);
    return 0;
  }
  return v;
}

void Cpu::write_slow(uint32_t addr, unsigned size, uint32_t value) {
  const memory::AccessAttrs attrs{memory::Master::CpuData, state_.privileged(), state_.secure};
  if (!bus_.write(addr, size, value, attrs).ok()) raise(FaultKind::PreciseDataBusError, addr);
}

bool Cpu::branch_target_ok(const PredecodeEntry& e) {
  // The landing pads of Armv8.1-M branch target identification (Arm DDI 0553, "BTI", "PACBTI";
  // SG is one too but is not decoded by corsim: without the Security Extension's SG it would be
  // UNDEFINED anyway).
  if (e.exec == &exec_BTI || e.exec == &exec_PACBTI) {
    state_.epsr_b = false;
    return true;
  }
  raise(FaultKind::BranchTargetCheck);
  return false;
}

void Cpu::trace_retired(const PredecodeEntry& e, uint32_t pc, uint8_t it_before) {
  const std::string text = disasm::disassemble(e, pc, it_before);
  trace_->retired(pc, e.encoding(), e.size, text, state_);
}

}  // namespace corsim::cpu
