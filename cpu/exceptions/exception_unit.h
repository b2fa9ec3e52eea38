#pragma once
// The Armv8-M exception model (Arm DDI 0553, B3 "Exceptions" and its pseudocode: ExceptionEntry,
// PushStack, ExceptionReturn, PopStack, ExecutionPriority, DeActivate). One object per core: it
// owns the pending/active/enabled state and priority of every exception (the NVIC's storage and
// the SHCSR/ICSR view of the system exceptions), the fault status registers, and performs entry,
// return, fault escalation and lockup detection on the ArchState it is given.
//
// The Cpu calls attention() every instruction (a flag read), should_take()/take() when it is set,
// raise_fault() for synchronous faults, svc_call() for SVC and exception_return() when a branch
// loads an EXC_RETURN value in Handler mode. The SCS register banks (cpu/scs/) read and write the
// state through the accessors at the bottom. Devices assert interrupt lines through irq_sink().
//
// Scope: Secure state only, as the Corstone FVP boots (every exception targets Secure state;
// ITNS, the Non-secure VTOR and the _NS masks are kept as storage and follow the pseudocode where
// it is cheap). With CONTROL.FPCA set, entry stacks the extended floating-point frame, or with
// FPCCR.LSPEN reserves it for lazy state preservation (fp_context.cpp: PushStack's FP part,
// UpdateFPCCR, PreserveFPState, the FP part of PopStack). Tail-chaining and late arrival are not
// modelled separately: a return followed by a fresh entry is architecturally equivalent.
#include <cstdint>
#include <functional>
#include <vector>

#include "base/irq.h"
#include "cpu/arch_state.h"
#include "cpu/cpu_api.h"
#include "cpu/exceptions/system_registers.h"
#include "cpu/fault.h"

namespace corsim::memory { class Interconnect; }

namespace corsim::cpu {

// EXC_RETURN bits (B3.x "EXC_RETURN"): prefix 0xFF in [31:24], [23:7] RES1.
namespace exc_return {
constexpr uint32_t kPrefix = 0xFFFF'FF80u;
constexpr uint32_t kEs = 1u << 0, kSpsel = 1u << 2, kMode = 1u << 3, kFtype = 1u << 4, kDcrs = 1u << 5,
                   kS = 1u << 6;
constexpr bool is_exc_return(uint32_t value) { return (value >> 24) == 0xFF; }
}  // namespace exc_return

class ExceptionUnit : private IrqSink {
 public:
  ExceptionUnit(ArchState& state, memory::Interconnect& bus, const CpuConfig& config);

  // Architectural reset: clears the exception state and the SCB registers it owns, sets VTOR_S to
  // `vtor`, loads MSP_S from vtor+0 and the entry point from vtor+4 (bit 0 = Thumb: when it is 0,
  // EPSR.T is cleared and the first fetch raises INVSTATE). False if the table is unreadable.
  bool reset(uint32_t vtor);

  // Something may need taking (an exception became pending, a mask or priority changed, an
  // exception returned). Cheap: the run loop reads it every instruction.
  bool attention() const { return attention_; }
  // The flag attention() reads, for the block JIT (cpu/jit/), which tests it after every call.
  const bool* attention_flag() const { return &attention_; }
  // Request a re-evaluation (after MSR to PRIMASK/BASEPRI/FAULTMASK, CPSIE, ...).
  void request_check() { attention_ = true; }
  // Does the highest-priority pending, enabled exception preempt the current execution priority?
  // Clears attention() when nothing can be taken.
  bool should_take();
  // Exception entry for the exception should_take() chose; `return_address` is what the frame
  // holds (the next instruction for an interrupt).
  void take(uint32_t return_address);

  // A synchronous fault of the instruction at `faulting_pc`: records it in CFSR/HFSR/MMFAR/BFAR/
  // DFSR, picks UsageFault/BusFault/MemManage or escalates to HardFault, and enters the handler
  // (the frame's return address is `faulting_pc`). False = lockup (a fault at HardFault or NMI
  // priority, or with FAULTMASK set): the caller stops with StopReason::Lockup.
  bool raise_fault(const Fault& fault, uint32_t faulting_pc);
  // SVC: SVCall is taken now with return address `next_pc`, escalated to HardFault when it cannot
  // preempt. False = lockup.
  bool svc_call(uint32_t next_pc);
  // Exception return with `exc_return` loaded into the PC in Handler mode. Integrity failures
  // raise INVPC (UsageFault). False = lockup.
  bool exception_return(uint32_t exc_return);
  // WFI wake-up condition: a pending exception that would preempt if PRIMASK were clear (B1.x
  // "Wait For Interrupt"). WFE also wakes on the event register: wfe_wakeup().
  bool wakeup_pending() const;
  bool wfe_wakeup() const { return state_.event_register || wakeup_pending(); }
  IrqSink& irq_sink() { return *this; }
  // A fault handler (HardFault, MemManage, BusFault, UsageFault, SecureFault) is active.
  bool is_fault_handler_active() const;
  // Set when an unrecoverable fault put the core in lockup (until reset).
  bool locked_up() const { return locked_up_; }

  // CPACR CP10/CP11 allow the current privilege level to use the FPU and MVE (NOCP otherwise).
  bool fpu_enabled() const { return cpacr_allows(state_.privileged()); }
  // CPACR.CP10 [21:20]: 0b00 no access, 0b01 privileged only, 0b11 full; CP11 must match (B3.x).
  // Inline: every FP and vector instruction asks.
  bool cpacr_allows(bool privileged) const {
    const uint32_t cp10 = (regs_.cpacr >> 20) & 3u;
    if (cp10 == 0 || cp10 == 2) return false;
    return cp10 == 3 || privileged;
  }

  // Lazy floating-point state preservation (B3.x "Lazy floating-point context preservation").
  // FPCCR.LSPACT: an exception entry reserved space for S0-S15/FPSCR/VPR at FPCAR without saving
  // them. ExecuteFPCheck (cpu/isa/vfp.cpp) calls preserve_fp_state() before the first FP or MVE
  // instruction that runs while it is set.
  bool lazy_fp_active() const { return (regs_.fpccr & fpccr::kLspact) != 0; }
  // PreserveFPState: stores the registers at FPCAR with the privilege recorded at stacking
  // (FPCCR.USER), not below the stack limit (FPCCR.SPLIMVIOL), and clears LSPACT. A fault on the
  // way (NOCP for the interrupted context, LSPERR bus error) is pended as the FPCCR.*RDY bits
  // allow; when it can preempt now, false is returned: the instruction must not execute, LSPACT
  // stays set and the caller raises FaultKind::LazyStatePreservation to take it.
  bool preserve_fp_state();

  // TT/TTT/TTA/TTAT: the response word for `address` (B9.x "Test Target"). The SCS installs a
  // query answering from its MPU/SAU storage; without one: MPU off, everything Secure.
  using TtQuery = std::function<uint32_t(uint32_t address, bool unpriv, bool alt)>;
  void set_tt_query(TtQuery query) { tt_query_ = std::move(query); }
  uint32_t tt(uint32_t address, bool unpriv, bool alt) const {
    return tt_query_ ? tt_query_(address, unpriv, alt) : ((1u << 18) | (1u << 19) | (1u << 22));
  }

  // SYSRESETREQ (AIRCR): sim/ resets or stops the platform.
  void set_reset_request_handler(std::function<void()> handler) { on_reset_request_ = std::move(handler); }
  void request_system_reset();

  // ---- State accessors for the SCS register banks (cpu/scs/) and tests. ----
  unsigned num_exceptions() const { return static_cast<unsigned>(pending_.size()); }
  unsigned num_irqs() const { return num_exceptions() - kExcExternal0; }
  unsigned priority_bits() const { return priority_bits_; }
  uint8_t priority_mask() const { return priority_mask_; }

  bool is_pending(uint32_t exc) const { return exc < pending_.size() && pending_[exc]; }
  bool is_active(uint32_t exc) const { return exc < active_.size() && active_[exc]; }
  void set_pending(uint32_t exc, bool pending);
  void set_active(uint32_t exc, bool active);  // SHCSR/IABR-style software writes
  bool irq_enabled(unsigned irq) const { return irq < num_irqs() && enabled_[irq]; }
  void set_irq_enabled(unsigned irq, bool enabled);
  bool irq_targets_ns(unsigned irq) const { return irq < num_irqs() && itns_[irq]; }
  void set_irq_targets_ns(unsigned irq, bool ns) { if (irq < num_irqs()) itns_[irq] = ns; }
  bool irq_level(unsigned irq) const { return irq < num_irqs() && level_[irq]; }
  // Programmable priority (exceptions 4..N); writes keep only the implemented high bits.
  uint8_t raw_priority(uint32_t exc) const { return exc < priority_.size() ? priority_[exc] : 0; }
  void set_raw_priority(uint32_t exc, uint8_t value);

  // Priority arithmetic (B3.x "Priority grouping", ExecutionPriority()).
  int exception_priority(uint32_t exc) const;
  int group_priority(int priority) const;
  int execution_priority() const { return execution_priority(false); }
  // ICSR fields.
  uint32_t vect_pending() const;  // highest-priority pending enabled exception (0 = none)
  bool isr_pending() const;       // an external interrupt is pending
  bool rettobase() const;         // exactly one active exception (the current one)

  SystemRegisters& regs() { return regs_; }
  const SystemRegisters& regs() const { return regs_; }
  ArchState& state() { return state_; }
  const CpuConfig& config() const { return config_; }

 private:
  void set_irq_level(unsigned line, bool high) override;
  int execution_priority(bool ignore_primask) const;
  bool is_enabled(uint32_t exc) const;
  uint32_t highest_pending() const;  // 0 when none
  bool can_preempt(uint32_t exc) const {
    return group_priority(exception_priority(exc)) < execution_priority();
  }
  // Exception entry proper (PushStack + ExceptionTaken). False = lockup (vector unreadable while
  // already at HardFault priority).
  bool enter(uint32_t exc, uint32_t return_address);
  // Escalation: take `exc` for a synchronous condition, or HardFault (HFSR.FORCED) when it is
  // disabled or cannot preempt. False = lockup.
  bool take_synchronous(uint32_t exc, uint32_t return_address);
  void deactivate(uint32_t exc);
  void note_pending_change();

  // Floating-point context on entry and return (fp_context.cpp).
  // PushStack, FP part, for a frame at `frame` (`overflow`: below the stack limit, nothing
  // stored). Stacks or reserves S0-S15, FPSCR, VPR (and S16-S31 with `ts`). True when the
  // interrupted context may not use the FPU (a derived NOCP UsageFault); a bus error sets
  // `stack_error`.
  bool push_fp_context(uint32_t frame, bool overflow, bool ts, bool& stack_error);
  // UpdateFPCCR: FPCAR and the FPCCR context bits for a lazily reserved area at `fp_area`.
  void update_fpccr(uint32_t fp_area, bool splimviol);
  // A fault met while preserving lazily stacked state: pended, escalated to HardFault when the
  // interrupted context could not have pended it (FPCCR.*RDY), lockup when not even HardFault.
  void pend_lazy_fp_fault(uint32_t exc);
  // S0-S15 (S0-S31 with `all`), FPSCR and VPR set to zero.
  void clear_fp_registers(bool all);

  ArchState& state_;
  memory::Interconnect& bus_;
  CpuConfig config_;
  SystemRegisters regs_;
  unsigned priority_bits_;
  uint8_t priority_mask_;

  std::vector<uint8_t> pending_, active_, priority_;  // per exception number
  std::vector<uint8_t> enabled_, itns_, level_;       // per external interrupt
  unsigned pending_count_ = 0;
  unsigned active_count_ = 0;
  bool attention_ = false;
  bool locked_up_ = false;
  uint32_t candidate_ = 0;  // chosen by should_take()
  std::function<void()> on_reset_request_;
  bool reset_request_reported_ = false;
  TtQuery tt_query_;
};

}  // namespace corsim::cpu
