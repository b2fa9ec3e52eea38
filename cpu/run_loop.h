#pragma once
// The body of Cpu's run loop, a template over the timing hook so that a timing model's retire()
// can inline into its own instantiation (docs/timing.md "Speed"). Included by cpu/cpu.cpp (the
// untimed loops) and cpu/timed_loops.cpp (every timed loop); nothing else needs it.
#include <type_traits>

#include "cpu/cpu.h"

namespace corsim::cpu {

template <bool kTraced, class Hook>
StopReason Cpu::run_loop(Cycles end, Hook* hook) {
  constexpr bool kTimed = !std::is_same_v<Hook, NoTiming>;
  ArchState& s = state_;
  StopReason why = StopReason::CycleLimit;
  if (locked_up_) return StopReason::Lockup;
  if (pending_ & kPendStop) {
    pending_ &= ~uint32_t{kPendStop};
    return StopReason::StopRequested;
  }
  if (s.sleeping) {
    // WFI wakes on a pending exception that could preempt (ignoring PRIMASK); WFE also on an event.
    if (!exceptions_->wakeup_pending() && !s.event_register) return StopReason::Sleeping;
    s.sleeping = false;
  }
  if (!s.t && take_fault(Fault{FaultKind::InvalidState, 0}, s.r[15], why)) return why;

  while (cycles_ < end) {
    if (exceptions_->attention() && exceptions_->should_take()) {
      exceptions_->take(s.r[15]);
      if constexpr (kTimed) {
        if (exception_entered(why)) return why;
      }
    }
    const uint32_t pc = s.r[15];
    Block* block = block_at(pc);
    if (block == nullptr) [[unlikely]] {
      pending_ &= ~uint32_t{kPendFault};
      if (take_fault(fault_, pc, why)) return why;
      continue;
    }
    const PredecodeEntry* e = blocks_.instructions(*block);
    // EPSR.B is only ever set between blocks (service_pending ends the block that set it).
    if (s.epsr_b) [[unlikely]] {
      if (!branch_target_ok(*e)) {
        if (service_pending(pc, s.itstate, why)) return why;
        continue;
      }
    }
    // Instructions this visit may run: the block, cut to the cycle budget when untimed (one cycle
    // each); a timed loop checks the budget after each instruction.
    uint32_t left = block->count;
    if constexpr (!kTimed) {
      if (end - cycles_ < left) left = static_cast<uint32_t>(end - cycles_);
    }
    // The JIT (untraced; timed only with a core model: jit_usable_) runs whole blocks once they are
    // hot, entered with the ITSTATE they were compiled for (Cpu::jit_ready).
    if constexpr (!kTraced) {
      if (jit_usable_ && left == block->count && jit_ready(*block, e, pc, s.itstate)) {
        if (run_compiled(*block, end, why)) return why;
        continue;
      }
    }
    // Outside an IT block, a block without an IT instruction never reads or advances ITSTATE.
    const bool stop = s.itstate == 0 && !block->has_it ? run_block<kTraced, false>(e, pc, left, end, hook, why)
                                                       : run_block<kTraced, true>(e, pc, left, end, hook, why);
    if (stop) return why;
  }
  return StopReason::CycleLimit;
}

// The instructions of a block from `e` (at `pc`), one at a time exactly as a lone instruction would
// run; leaves after `left` of them, a branch, pending work, the end of a timed budget or an
// exception to take. True when run() must return `why`.
template <bool kTraced, bool kMayIt, class Hook>
bool Cpu::run_block(const PredecodeEntry* e, uint32_t pc, uint32_t left, Cycles end, Hook* hook, StopReason& why) {
  constexpr bool kTimed = !std::is_same_v<Hook, NoTiming>;
  // Untimed, every instruction is one cycle: both counters advance once per block (cycles() and
  // instructions() add the instructions retired so far in this one, for devices read meanwhile).
  constexpr bool kCountPerBlock = !kTimed && !kTraced;
  ArchState& s = state_;
  const ExceptionPort& exceptions = *exceptions_;
  for (;;) {
    const uint32_t fallthrough = pc + e->size;
    next_pc_ = fallthrough;
    if constexpr (kTimed) {
      branched_ = false;
      mem_log_.clear();
    }
    uint8_t it = 0;
    bool executed = true;
    if constexpr (kMayIt) it = s.itstate;
    if (!kMayIt || it == 0) [[likely]] {
      e->exec(*this, e->ops);
    } else {
      // Inside an IT block: the condition is ITSTATE[7:4] (A7.3 "Conditional execution").
      executed = condition_passed(it >> 4);
      if (executed) e->exec(*this, e->ops);
      s.itstate = ITAdvance(it);
    }
    s.r[15] = next_pc_;
    if constexpr (kCountPerBlock) {
      ++block_retired_;
    } else {
      ++instructions_;
    }
    if constexpr (kTimed) {
      cycles_ += hook->retire(retire_info(*e, pc, executed, branched_, it != 0, next_pc_, &mem_log_));
    } else if constexpr (!kCountPerBlock) {
      ++cycles_;
    }
    if constexpr (kTraced) {
      if (!(pending_ & kPendFault)) trace_retired(*e, pc, it);
    }
    if (pending_ != 0) [[unlikely]] {
      if constexpr (kCountPerBlock) count_block();  // before the exception entry it may make
      return service_pending(pc, it, why);
    }
    if (--left == 0 || next_pc_ != fallthrough) break;
    if constexpr (kTimed) {
      if (cycles_ >= end) break;
    }
    if (exceptions.attention()) [[unlikely]] break;
    pc = fallthrough;
    ++e;
  }
  if constexpr (kCountPerBlock) count_block();
  return false;
}

// The block JIT's call after each instruction of a timed run (jit::RetireFn): what run_block does
// after the handler, with the record kept by the compiled block, whose shape the JIT knows
// (jit::RetireFns). It counts on the model alone (Cpu::ModelCounted) and returns the model's clock.
template <class Model, RecordShape kShape>
[[gnu::flatten]] uint64_t Cpu::jit_retire(Cpu* cpu, const RetireInfo* record) {
  Model* const model = static_cast<Model*>(cpu->timing_);
  model->template retire_as<kShape>(*record);
  return *model->clock();
}

// flatten: with link-time optimisation (cpu/CMakeLists.txt) the model's retire() and what it calls
// inline into this loop.
template <bool kTraced, class Model>
[[gnu::flatten]] StopReason Cpu::run_timed_as(Cycles end) {
  return run_loop<kTraced>(end, static_cast<Model*>(timing_));
}

}  // namespace corsim::cpu
