#pragma once
// The Cortex-M core: fetch, predecode cache, run loop, and the small interface instruction
// handlers use (register access with the PC rules, flag-setting, a data-memory facade, fault and
// deferred-action requests). Handlers live in cpu/isa/; exceptions in cpu/exceptions/ (through
// cpu/exception_port.h); docs/cpu.md describes the whole.
//
// PC convention: while a handler runs, state().r[15] is the address of the executing instruction
// (the ArchState contract); reg(15) returns the architectural PC value, address + 4. Between
// instructions r[15] is the address of the next instruction to execute.
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <utility>

#include "base/clock.h"
#include "cpu/arch_state.h"
#include "cpu/cpu_api.h"
#include "cpu/decoder/operands.h"
#include "cpu/block_cache.h"
#include "cpu/decoder/predecode_cache.h"
#include "cpu/exception_port.h"
#include "cpu/fault.h"
#include "cpu/isa/pseudocode.h"
#include "cpu/jit/block_jit.h"
#include "cpu/retire_record.h"
#include "memory/interconnect.h"

namespace corsim::cpu {

// The untimed loop's hook type: one cycle per instruction, no retire records.
struct NoTiming {};

class Cpu final : public TimeSource {
 public:
  Cpu(const CpuConfig& config, memory::Interconnect& bus);
  ~Cpu() override;
  Cpu(const Cpu&) = delete;
  Cpu& operator=(const Cpu&) = delete;

  // ---- the simulator's view (cpu/cpu_api.h) ----
  ArchState& state() { return state_; }
  const ArchState& state() const { return state_; }
  const CpuConfig& config() const { return config_; }
  // Architectural reset: clears the state, loads MSP/PC from the vector table at VTOR. Returns
  // false when the vector table cannot be read.
  bool reset();
  // Runs until `max_cycles` more cycles have passed or something stops the core.
  StopReason run(Cycles max_cycles);
  // Ask run() to return (StopRequested) after the current instruction. Safe from MMIO handlers.
  void request_stop() { pending_ |= kPendStop; }
  Cycles cycles() const { return cycles_ + block_retired_ + model_counted_.cycles(); }
  Cycles now() const override { return cycles(); }
  uint64_t instructions() const { return instructions_ + block_retired_ + model_counted_.instructions(); }
  void set_semihosting(SemihostingHandler* h) { semihosting_ = h; }
  SemihostingHandler* semihosting() const { return semihosting_; }
  void set_trace(TraceSink* t) { trace_ = t; }
  // Attaching a timing model makes the loop build retire records: static InstrInfo per predecoded
  // instruction (the predecode cache is flushed so every entry gets one) and the data accesses of
  // each instruction (MemoryLog). Null detaches (one cycle per instruction again). A core model
  // of cpu/timing/ gets the loop instantiated for its final class (cpu/timed_loops.cpp).
  void set_timing(TimingHook* t);
  TimingHook* timing() const { return timing_; }
  const FaultRecord& last_fault() const { return last_fault_; }
  ExceptionPort& exceptions() { return *exceptions_; }
  memory::Interconnect& bus() { return bus_; }
  // CCR as the SCB holds it (DIV_0_TRP bit 4, UNALIGN_TRP bit 3). Read only on the rare paths
  // (divide by zero, unaligned access); no reader means 0.
  // CCR is read from the exception unit's SystemRegisters; a reader set here overrides that (tests).
  void set_ccr_reader(std::function<uint32_t()> reader) { ccr_reader_ = std::move(reader); }
  uint32_t ccr() const {
    if (ccr_reader_) return ccr_reader_();
    return exceptions_->regs().ccr[state_.sec()];
  }
  // Forget all predecoded instructions (loader, tests; not needed for correctness: every block
  // entry is verified against memory).
  void flush_predecode() { blocks_.flush(); }
  const BlockCache& block_cache() const { return blocks_; }
  // The block JIT, when config().engine asks for it and the host has one (else null).
  const jit::BlockJit* jit() const { return jit_.get(); }

  // ---- the handlers' view ----
  uint32_t pc() const { return state_.r[15]; }            // address of this instruction
  uint32_t next_pc() const { return next_pc_; }           // where execution continues
  uint32_t reg(unsigned n) const { return n == 15 ? state_.r[15] + 4 : state_.r[n]; }
  // R[n] = value; a write to the PC is ALUWritePC (= BranchWritePC in Thumb).
  void set_reg(unsigned n, uint32_t value) {
    if (n == 15) branch_write_pc(value);
    else state_.r[n] = value;
  }
  // BranchWritePC: bit 0 ignored.
  void branch_write_pc(uint32_t address) {
    next_pc_ = address & ~1u;
    branched_ = true;  // read by the timed loop only (RetireInfo::branch_taken)
    if (next_pc_ == state_.r[15]) pending_ |= kPendSelfBranch;
  }
  // BXWritePC / BLXWritePC / LoadWritePC: interworking, EXC_RETURN in Handler mode. Bit 0 clear
  // clears EPSR.T: the next instruction then takes an INVSTATE UsageFault. `checked_target`: the
  // branch is one the PACBTI branch target check applies to (every interworking branch but a
  // function return: BX LR, BXAUT with Rn = LR, a load of the PC with SP as base; docs/cpu.md).
  void bx_write_pc(uint32_t address, bool checked_target) {
    if (state_.handler_mode() && address >= 0xF0000000u) {
      pending_ |= kPendExcReturn;
      exc_return_ = address;
      return;
    }
    if ((address & 1u) == 0) pending_ |= kPendInvState;
    // PACBTI: with BTI enabled, an interworking branch sets EPSR.B once it completes, so its
    // target must be a BTI or PACBTI (docs/cpu.md "PACBTI").
    if (checked_target && config_.pacbti && state_.bti_enabled()) [[unlikely]] pending_ |= kPendBranchTarget;
    branch_write_pc(address);
  }
  bool setflags(const Operands& o) const {
    return (o.flags & kSetFlags) || ((o.flags & kSetFlagsOutsideIt) && !state_.in_it_block());
  }
  void set_nz(uint32_t result) { state_.n = (result >> 31) != 0; state_.z = result == 0; }
  bool condition_passed(unsigned cond) const {
    return ConditionHolds(cond, state_.n, state_.z, state_.c, state_.v);
  }

  // Stack limit check for an instruction that writes SP (B3.x "Stack limit checks"): a new SP
  // below the active MSPLIM/PSPLIM raises STKOF and the instruction does not complete (SP is not
  // written, nothing is stored). CCR.STKOFHFNMIGN is not modelled (limits always apply).
  bool sp_ok(uint32_t new_sp) {
    const unsigned b = state_.sec();
    const uint32_t limit = state_.using_psp() ? state_.psplim[b] : state_.msplim[b];
    if (new_sp >= limit) [[likely]] return true;
    raise(FaultKind::StackOverflow);
    return false;
  }

  // Synchronous fault: recorded now, taken after the handler returns (a handler stops changing
  // state once it raised one; the memory functions return 0 after a fault).
  void raise(FaultKind kind, uint32_t address = 0) {
    if (pending_ & kPendFault) return;  // first fault wins
    pending_ |= kPendFault;
    fault_ = Fault{kind, address};
  }
  bool faulted() const { return (pending_ & kPendFault) != 0; }
  // Deferred actions, performed after the instruction retires (ITSTATE advanced, PC updated).
  void request_svc() { pending_ |= kPendSvc; }
  // WFI (wfe = false) / WFE: the core sleeps after this instruction unless a wake-up condition
  // already holds (ExceptionPort::wakeup_pending / wfe_wakeup).
  void request_sleep(bool wfe = false) { pending_ |= wfe ? kPendSleepWfe : kPendSleep; }

  // ---- data memory facade (B2 "Memory model"); little-endian ----
  // Unaligned word/halfword accesses are allowed for LDR/STR/LDRH/STRH (UNALIGN_TRP = 0); the
  // *_aligned variants (LDRD/STRD, LDM/STM, exclusives, acquire/release) fault UNALIGNED.
  template <unsigned N>
  uint32_t read(uint32_t addr) {
    if (log_memory_) [[unlikely]] mem_log_.add(addr, N, false);
    if (N > 1 && (addr & (N - 1)) != 0 && (ccr() & 0x8u) != 0) { raise(FaultKind::Unaligned); return 0; }
    if ((addr & (memory::kPageSize - 1)) <= memory::kPageSize - N) {
      if (const uint8_t* p = bus_.host_read_ptr(addr)) {
        if constexpr (N == 1) return *p;
        if constexpr (N == 2) { uint16_t v; std::memcpy(&v, p, 2); return v; }
        if constexpr (N == 4) { uint32_t v; std::memcpy(&v, p, 4); return v; }
      }
    }
    return read_slow(addr, N);
  }
  template <unsigned N>
  void write(uint32_t addr, uint32_t value) {
    if (log_memory_) [[unlikely]] mem_log_.add(addr, N, true);
    if (N > 1 && (addr & (N - 1)) != 0 && (ccr() & 0x8u) != 0) { raise(FaultKind::Unaligned); return; }
    if ((addr & (memory::kPageSize - 1)) <= memory::kPageSize - N) {
      if (uint8_t* p = bus_.host_write_ptr(addr)) {
        if constexpr (N == 1) { *p = static_cast<uint8_t>(value); }
        if constexpr (N == 2) { const uint16_t v = static_cast<uint16_t>(value); std::memcpy(p, &v, 2); }
        if constexpr (N == 4) { std::memcpy(p, &value, 4); }
        return;
      }
    }
    write_slow(addr, N, value);
  }
  // 16 contiguous bytes of plain memory inside one page (a whole MVE vector): copied straight from
  // or to the host page and logged as one access. False (nothing done): take the per-element path,
  // which also raises the faults.
  bool read16_direct(uint32_t addr, uint8_t* out) {
    if ((addr & (memory::kPageSize - 1)) > memory::kPageSize - 16) return false;
    const uint8_t* p = bus_.host_read_ptr(addr);
    if (p == nullptr) return false;
    if (log_memory_) [[unlikely]] mem_log_.add(addr, 16, false);
    std::memcpy(out, p, 16);
    return true;
  }
  bool write16_direct(uint32_t addr, const uint8_t* in) {
    if ((addr & (memory::kPageSize - 1)) > memory::kPageSize - 16) return false;
    uint8_t* p = bus_.host_write_ptr(addr);
    if (p == nullptr) return false;
    if (log_memory_) [[unlikely]] mem_log_.add(addr, 16, true);
    std::memcpy(p, in, 16);
    return true;
  }
  template <unsigned N>
  uint32_t read_aligned(uint32_t addr) {
    if ((addr & (N - 1)) != 0) { raise(FaultKind::Unaligned); return 0; }
    return read<N>(addr);
  }
  template <unsigned N>
  void write_aligned(uint32_t addr, uint32_t value) {
    if ((addr & (N - 1)) != 0) { raise(FaultKind::Unaligned); return; }
    write<N>(addr, value);
  }

 private:
  enum Pending : uint32_t {
    kPendFault = 1u << 0,
    kPendExcReturn = 1u << 1,
    kPendSvc = 1u << 2,
    kPendSleep = 1u << 3,
    kPendStop = 1u << 4,
    kPendSelfBranch = 1u << 5,
    kPendInvState = 1u << 6,
    kPendSleepWfe = 1u << 7,
    kPendBranchTarget = 1u << 8,  // set EPSR.B after this instruction (PACBTI)
  };
  // `Hook` is NoTiming (one cycle per instruction), TimingHook (virtual retire) or a final model
  // class (inlined retire); the body is in cpu/run_loop.h.
  template <bool kTraced, class Hook>
  StopReason run_loop(Cycles end, Hook* hook);
  template <bool kTraced, bool kMayIt, class Hook>
  bool run_block(const PredecodeEntry* e, uint32_t pc, uint32_t left, Cycles end, Hook* hook, StopReason& why);
  // True when block `b` (instructions from `e`, at `pc`, to be run whole from ITSTATE `itstate`)
  // has native code for that ITSTATE: compiled now when it has been interpreted
  // config().jit_after_visits times (timed when a timing model is attached), else this visit is
  // counted and the interpreter runs it.
  bool jit_ready(Block& b, const PredecodeEntry* e, uint32_t pc, uint8_t itstate);
  // Runs compiled block `b` and the compiled blocks that follow within the budget (cycles up to
  // `end`). Same result and return value as running them with run_block.
  bool run_compiled(const Block& b, Cycles end, StopReason& why);
  jit::BlockJit::Last run_compiled_untimed(const Block& b, Cycles end);
  jit::BlockJit::Last run_compiled_timed(const Block& b, Cycles end);
  static constexpr uint8_t kJitRefused = 0xFF;  // Block::visits of a block the JIT refused
  jit::CpuLayout jit_layout() const;
  // The JIT's call after each instruction of a timed run, for the core model `Model`
  // (jit::RetireFn; cpu/run_loop.h).
  template <class Model, RecordShape kShape>
  static uint64_t jit_retire(Cpu* cpu, const RetireInfo* record);
  // jit_retire<Model, shape> for each RecordShape (cpu/timed_loops.cpp).
  template <class Model>
  static jit::RetireFns jit_retire_fns();
  // Adds the instructions of the block being run to both counters (the untimed loop counts them
  // per block).
  void count_block() {
    cycles_ += block_retired_;
    instructions_ += block_retired_;
    block_retired_ = 0;
  }
  // A timed loop: the one instantiated for the attached model's class (timing_ cast to `Model`).
  using TimedLoop = StopReason (Cpu::*)(Cycles end);
  template <bool kTraced, class Model>
  StopReason run_timed_as(Cycles end);
  // The timed loops for `hook` (untraced, traced) and the JIT's retire call (null: the hook is
  // not a core model, and timed runs interpret); cpu/timed_loops.cpp, the one place that
  // instantiates the loop with a timing model.
  struct TimedLoops {
    TimedLoop plain = nullptr, traced = nullptr;
    jit::RetireFns jit_retire;
    std::unique_ptr<jit::RetireCompiler> compiler;  // jit_retire.compiler's owner
  };
  static TimedLoops timed_loops_for(TimingHook& hook);
  // Handles pending_ after an instruction; returns true (and sets `why`) when run() must return.
  bool service_pending(uint32_t pc, uint8_t it_before, StopReason& why);
  // Takes a fault at `pc` (the faulting instruction, or the target of a bad interworking branch).
  bool take_fault(const Fault& f, uint32_t pc, StopReason& why);
  // After the exception model moved the PC: tells the timing hook (TimingHook::exception_redirect)
  // and returns true with StopRequested when it asked the core to stop before the next instruction.
  bool exception_redirected(StopReason& why) {
    if (timing_ == nullptr) return false;
    timing_->exception_redirect();
    if (!(pending_ & kPendStop)) return false;
    pending_ &= ~uint32_t{kPendStop};
    why = StopReason::StopRequested;
    return true;
  }
  // After an exception entry moved the PC (an interrupt taken, SVC, a fault): charges the timing
  // model's entry sequence (TimingHook::exception_entry; the same for every exception, Arm DDI 0553
  // B3.20 "Exception entry": one stacking and vector fetch whatever the cause), then as
  // exception_redirected.
  bool exception_entered(StopReason& why) {
    if (timing_ != nullptr) cycles_ += timing_->exception_entry();
    return exception_redirected(why);
  }
  // The block starting at `pc`, decoded now unless cached and unchanged; null (fault pending) when
  // the first instruction cannot be fetched.
  Block* block_at(uint32_t pc) {
    Block& b = blocks_.slot(pc);
    if (b.pc == pc && blocks_.still_valid(b)) [[likely]] return &b;
    return build_block(pc, b);
  }
  Block* build_block(uint32_t pc, Block& b);
  // Fetches and decodes the instruction at `pc` into `slot`; false (`fault` set) on a fetch error.
  bool decode_into(uint32_t pc, PredecodeEntry& slot, Fault& fault);
  bool fetch16(uint32_t addr, uint16_t& hw);
  uint32_t read_slow(uint32_t addr, unsigned size);
  void write_slow(uint32_t addr, unsigned size, uint32_t value);
  void trace_retired(const PredecodeEntry& e, uint32_t pc, uint8_t it_before);
  // EPSR.B is set: `e` (about to execute) must be a BTI or PACBTI. Clears EPSR.B and returns true
  // if it is; otherwise raises the branch target fault (taken at the landing address).
  bool branch_target_ok(const PredecodeEntry& e);

  // (Order: what the block JIT's code reads and writes for every instruction first, so that it
  // reaches all of it from rbx = this with short displacements: the counters, the next PC, the
  // pending word, the branch flag, then the registers and flags.)
  Cycles cycles_ = 0;
  uint64_t instructions_ = 0;
  uint32_t next_pc_ = 0;
  uint32_t pending_ = 0;
  bool branched_ = false;
  ArchState state_;
  CpuConfig config_;
  memory::Interconnect& bus_;
  std::unique_ptr<ExceptionPort> exceptions_;
  BlockCache blocks_;
  bool locked_up_ = false;
  Fault fault_;
  uint32_t exc_return_ = 0;
  uint32_t block_retired_ = 0;  // untimed: instructions of the current block not yet counted
  // A timed run of compiled code counts on the timing model alone (jit::RetireCompiler::counters):
  // what it has counted since the run began, which cycles() and instructions() add meanwhile
  // (a device may read them from a handler) and run_compiled adds to the Cpu's counters after it.
  struct ModelCounted {
    jit::RetireCompiler::Counters counters{nullptr, nullptr};  // null clock: no such run
    Cycles clock_start = 0;
    uint64_t retired_start = 0;
    Cycles cycles() const { return counters.clock != nullptr ? *counters.clock - clock_start : 0; }
    uint64_t instructions() const { return counters.clock != nullptr ? *counters.retired - retired_start : 0; }
  };
  ModelCounted model_counted_;
  FaultRecord last_fault_;
  SemihostingHandler* semihosting_ = nullptr;
  TraceSink* trace_ = nullptr;
  TimingHook* timing_ = nullptr;
  TimedLoop timed_loop_ = nullptr, traced_timed_loop_ = nullptr;  // set with timing_
  jit::RetireFns jit_retire_;  // set with timing_: the JIT's retire calls for a core model
  std::unique_ptr<jit::RetireCompiler> retire_compiler_;  // set with timing_: jit_retire_.compiler
  // Set with timing_: whether the loop runs compiled blocks (a JIT, and untimed or timed by a core
  // model, jit_retire_).
  bool jit_usable_ = false;
  // Timed runs only: the data accesses of the instruction being executed (the static timing info
  // lives in each PredecodeEntry).
  MemoryLog mem_log_;
  bool log_memory_ = false;
  std::function<uint32_t()> ccr_reader_;
  std::unique_ptr<jit::BlockJit> jit_;  // after every field its generated code reads
};

}  // namespace corsim::cpu
