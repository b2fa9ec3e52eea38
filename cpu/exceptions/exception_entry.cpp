// Exception entry, return and synchronous faults (Arm DDI 0553 B3 pseudocode: ExceptionEntry,
// PushStack, ExceptionTaken, ExceptionReturn, ValidateExceptionReturn, PopStack, DeActivate).
#include <array>

#include "cpu/exceptions/exception_unit.h"
#include "cpu/exceptions/stack_pointers.h"
#include "memory/interconnect.h"

namespace corsim::cpu {

namespace {

constexpr uint32_t kControlSpsel = 1u << 1;
constexpr uint32_t kControlNpriv = 1u << 0;
constexpr uint32_t kControlFpca = 1u << 2;
constexpr uint32_t kControlSfpa = 1u << 3;
constexpr uint32_t kXpsrSfpa = 1u << 20;  // stacked xPSR: CONTROL_S.SFPA (Armv8.1-M)
// FPSCR and VPR bits that exist (the rest read as zero, as after VMSR): NZCVQ, AHP, DN, FZ,
// RMode, FZ16, LTPSIZE, IDC/IXC/UFC/OFC/DZC/IOC; VPR P0 and MASK01/MASK23.
constexpr uint32_t kFpscrWritable = 0xFFCF'009Fu;
constexpr uint32_t kVprWritable = 0x00FF'FFFFu;
constexpr uint32_t kBasicFrameBytes = 0x20;
constexpr uint32_t kExtendedFrameBytes = 0x68;    // + S0-S15, FPSCR, VPR (or reserved)
constexpr uint32_t kExtendedTsFrameBytes = 0xA8;  // + S16-S31 (FPCCR.TS in Secure state)

struct FaultTarget {
  uint32_t exception;
  uint32_t cfsr_bits;
};

FaultTarget target_of(FaultKind kind) {
  switch (kind) {
    case FaultKind::UndefinedInstruction: return {kExcUsageFault, cfsr::kUndefinstr};
    case FaultKind::InvalidState: return {kExcUsageFault, cfsr::kInvstate};
    // PACBTI: a failed branch target check and a failed authentication are INVSTATE UsageFaults
    // (docs/exceptions-and-scs.md "PACBTI faults" for the source and what is not verified).
    case FaultKind::BranchTargetCheck: return {kExcUsageFault, cfsr::kInvstate};
    case FaultKind::PacAuthFailure: return {kExcUsageFault, cfsr::kInvstate};
    case FaultKind::InvalidPc: return {kExcUsageFault, cfsr::kInvpc};
    case FaultKind::NoCoprocessor: return {kExcUsageFault, cfsr::kNocp};
    case FaultKind::Unaligned: return {kExcUsageFault, cfsr::kUnaligned};
    case FaultKind::DivideByZero: return {kExcUsageFault, cfsr::kDivbyzero};
    case FaultKind::StackOverflow: return {kExcUsageFault, cfsr::kStkof};
    case FaultKind::InstructionBusError: return {kExcBusFault, cfsr::kIbuserr};
    case FaultKind::PreciseDataBusError: return {kExcBusFault, cfsr::kPreciserr | cfsr::kBfarvalid};
    case FaultKind::InstructionAccessViolation: return {kExcMemManage, cfsr::kIaccviol};
    case FaultKind::DataAccessViolation: return {kExcMemManage, cfsr::kDaccviol | cfsr::kMmarvalid};
    case FaultKind::Breakpoint: return {kExcHardFault, 0};
    case FaultKind::LazyStatePreservation:
    case FaultKind::None: break;
  }
  return {kExcHardFault, 0};
}

}  // namespace

bool ExceptionUnit::raise_fault(const Fault& fault, uint32_t faulting_pc) {
  if (fault.kind == FaultKind::LazyStatePreservation) {
    // preserve_fp_state() already recorded and pended the fault (or locked up).
    if (!locked_up_ && should_take()) take(faulting_pc);
    return !locked_up_;
  }
  const FaultTarget target = target_of(fault.kind);
  regs_.cfsr |= target.cfsr_bits;
  if (fault.kind == FaultKind::PreciseDataBusError) regs_.bfar = fault.address;
  if (fault.kind == FaultKind::DataAccessViolation) regs_.mmfar = fault.address;
  if (fault.kind == FaultKind::Breakpoint) {
    // BKPT with halting debug and DebugMonitor both disabled: escalates to HardFault with
    // HFSR.DEBUGEVT and DFSR.BKPT (B3.x "Debug event behavior").
    regs_.dfsr |= 1u << 1;
    regs_.hfsr |= hfsr::kDebugevt;
  }
  return take_synchronous(target.exception, faulting_pc);
}

bool ExceptionUnit::svc_call(uint32_t next_pc) { return take_synchronous(kExcSvCall, next_pc); }

bool ExceptionUnit::take_synchronous(uint32_t exc, uint32_t return_address) {
  if (exc != kExcHardFault && is_enabled(exc) && can_preempt(exc)) return enter(exc, return_address);
  // Escalation (B3.x "Priority escalation"): the handler is disabled or cannot preempt.
  if (exc != kExcHardFault) regs_.hfsr |= hfsr::kForced;
  if (can_preempt(kExcHardFault)) return enter(kExcHardFault, return_address);
  // A fault at HardFault or NMI priority (or with FAULTMASK set): lockup (B3.x "Lockup").
  locked_up_ = true;
  return false;
}

void ExceptionUnit::take(uint32_t return_address) {
  uint32_t exc = candidate_;
  if (exc == 0 || !pending_[exc]) exc = highest_pending();
  candidate_ = 0;
  if (exc != 0) enter(exc, return_address);
}

bool ExceptionUnit::enter(uint32_t exc, uint32_t return_address) {
  // IPSR, CONTROL.FPCA/SFPA and FPCCR (LSPACT, by UpdateFPCCR) change (cpu/isa/fp_check.h).
  state_.forget_fp_check();
  const memory::AccessAttrs attrs{memory::Master::CpuData, true, true};
  save_active_sp(state_);
  const bool from_thread = !state_.handler_mode();
  const bool frame_psp = state_.using_psp();
  const bool frame_secure = state_.secure;

  // PushStack: an 8-byte aligned frame (CCR.STKALIGN is RES1 in Armv8-M); xPSR[9] records
  // whether 4 bytes of padding were inserted. CONTROL.FPCA selects the extended frame (S0-S15,
  // FPSCR, VPR; S16-S31 too with FPCCR.TS in Secure state), stacked now or reserved for lazy
  // preservation (fp_context.cpp).
  const bool fp_frame = config_.has_fpu && (state_.control[1] & kControlFpca);
  const bool ts = fp_frame && frame_secure && (regs_.fpccr & fpccr::kTs);
  const uint32_t frame_bytes = !fp_frame ? kBasicFrameBytes : ts ? kExtendedTsFrameBytes : kExtendedFrameBytes;
  const uint32_t sp = read_sp(state_, frame_psp, frame_secure);
  const uint32_t padding = (sp >> 2) & 1u;
  const uint32_t frame = (sp - frame_bytes) & ~4u;
  const uint32_t limit = sp_limit(state_, frame_psp, frame_secure);
  // Stack limit check (B3.x "Stack limit checks"): the frame is not written below the limit, SP
  // is set to the limit and a STKOF UsageFault becomes pending (a derived exception).
  const bool overflow = frame < limit;
  bool stack_error = false;
  if (!overflow) {
    uint32_t xpsr = (state_.xpsr() & ~(1u << 9)) | (padding << 9);
    if (frame_secure && (state_.control[1] & kControlSfpa)) xpsr |= kXpsrSfpa;
    const std::array<uint32_t, 8> words{state_.r[0], state_.r[1], state_.r[2], state_.r[3],
                                        state_.r[12], state_.r[14], return_address & ~1u, xpsr};
    for (unsigned i = 0; i < words.size() && !stack_error; ++i)
      stack_error = !bus_.write(frame + 4 * i, 4, words[i], attrs).ok();
  }
  const bool nocp = fp_frame && push_fp_context(frame, overflow, ts, stack_error);
  sp_slot(state_, frame_psp, frame_secure) = overflow ? limit : frame;

  // EXC_RETURN for a Secure exception (ES = 1) with the default callee-register rule (DCRS = 1);
  // FType = 0 marks an extended frame.
  uint32_t lr = exc_return::kPrefix | exc_return::kDcrs | exc_return::kEs;
  if (!fp_frame) lr |= exc_return::kFtype;
  if (frame_secure) lr |= exc_return::kS;
  if (from_thread) lr |= exc_return::kMode;
  if (frame_psp) lr |= exc_return::kSpsel;
  state_.r[14] = lr;

  // Derived exceptions from stacking (DerivedLateArrival): whether they can be taken or must
  // escalate is judged against the execution priority of the interrupted context, i.e. before
  // the original exception becomes active. A derived fault that is the exception being entered
  // merges with it (it is already pending; QEMU's NVIC behaves the same way).
  enum class Derived : uint8_t { None, Merged, Pend, Escalate, Lockup };
  auto judge_derived = [&](bool happened, uint32_t fault_exc) {
    if (!happened) return Derived::None;
    if (fault_exc == exc) return Derived::Merged;
    if (is_enabled(fault_exc) && can_preempt(fault_exc)) return Derived::Pend;
    return can_preempt(kExcHardFault) ? Derived::Escalate : Derived::Lockup;
  };
  const Derived derived_stkof = judge_derived(overflow, kExcUsageFault);
  const Derived derived_stkerr = judge_derived(stack_error, kExcBusFault);
  const Derived derived_nocp = judge_derived(nocp, kExcUsageFault);

  // ExceptionTaken: Handler mode on MSP, IT state cleared, FPCA and SFPA cleared, monitor cleared.
  state_.control[1] &= ~(kControlSpsel | kControlFpca | kControlSfpa);
  state_.ipsr = exc;
  state_.itstate = 0;
  state_.epsr_b = false;  // stacked in xPSR bit 21 above; the handler starts with no pending check
  state_.exclusive_valid = false;
  state_.sleeping = false;
  set_active(exc, true);  // before clearing pending: a high IRQ line must not re-pend it
  set_pending(exc, false);
  load_active_sp(state_);

  uint32_t vector = 0;
  if (!bus_.read(regs_.vtor[1] + 4 * exc, 4, vector, attrs).ok()) {
    // Vector read error: HardFault with HFSR.VECTTBL; lockup if that was HardFault's own vector.
    regs_.hfsr |= hfsr::kVecttbl;
    if (exc == kExcHardFault || exc == kExcNmi || !can_preempt(kExcHardFault)) {
      locked_up_ = true;
      return false;
    }
    set_active(exc, false);
    set_active(kExcHardFault, true);
    state_.ipsr = kExcHardFault;
    if (!bus_.read(regs_.vtor[1] + 4 * kExcHardFault, 4, vector, attrs).ok()) {
      locked_up_ = true;
      return false;
    }
  }
  state_.r[15] = vector & ~1u;
  state_.t = (vector & 1u) != 0;  // T = 0 faults INVSTATE on the handler's first instruction

  // Derived exceptions become pending and are taken before the handler runs if they have higher
  // priority (late arrival); those that could not be taken escalate to HardFault.
  auto pend_derived = [&](Derived d, uint32_t fault_exc) {
    switch (d) {
      case Derived::None:
      case Derived::Merged: break;
      case Derived::Pend: set_pending(fault_exc, true); break;
      case Derived::Escalate:
        regs_.hfsr |= hfsr::kForced;
        set_pending(kExcHardFault, true);
        break;
      case Derived::Lockup: locked_up_ = true; break;
    }
  };
  if (overflow) regs_.cfsr |= cfsr::kStkof;
  pend_derived(derived_stkof, kExcUsageFault);
  if (stack_error) regs_.cfsr |= cfsr::kStkerr;
  pend_derived(derived_stkerr, kExcBusFault);
  if (nocp) regs_.cfsr |= cfsr::kNocp;
  pend_derived(derived_nocp, kExcUsageFault);
  attention_ = true;
  return !locked_up_;
}

void ExceptionUnit::deactivate(uint32_t exc) {
  set_active(exc, false);
  // DeActivate(): FAULTMASK of the exception's security state is cleared unless returning from
  // NMI (Armv8-M: unless the returning exception has priority -2 or higher).
  if (exc != kExcNmi) state_.faultmask[1] = 0;
  if (exc >= kExcExternal0 && level_[exc - kExcExternal0]) set_pending(exc, true);
}

bool ExceptionUnit::exception_return(uint32_t value) {
  state_.forget_fp_check();  // IPSR, CONTROL.FPCA/SFPA and FPCCR.LSPACT change (cpu/isa/fp_check.h)
  const uint32_t returning = state_.ipsr;
  const uint32_t fault_pc = value;  // INVPC/UNSTKERR frames hold the EXC_RETURN value
  auto invpc = [&] {
    regs_.cfsr |= cfsr::kInvpc;
    return take_synchronous(kExcUsageFault, fault_pc);
  };
  // ValidateExceptionReturn. corsim models the Secure-only configuration of the FVP boot: a
  // return to the Non-secure domain (ES = 0), from a Non-secure stack (S = 0) or expecting
  // callee-saved registers on the stack (DCRS = 0, only produced by Secure-to-Non-secure
  // transitions) is treated as an integrity failure: INVPC.
  // Only 0xFFxxxxxx is EXC_RETURN (BXWritePC); any other address at or above 0xF0000000 is a
  // branch into the System region, which is Execute Never: an instruction access violation.
  if (!exc_return::is_exc_return(value)) {
    return raise_fault(Fault{FaultKind::InstructionAccessViolation, value}, value);
  }
  if (returning == 0 || !is_active(returning)) return invpc();
  if (!(value & exc_return::kEs) || !(value & exc_return::kS) || !(value & exc_return::kDcrs)) return invpc();
  const bool to_thread = (value & exc_return::kMode) != 0;
  if (!to_thread && (value & exc_return::kSpsel)) return invpc();
  const bool frame_psp = to_thread && (value & exc_return::kSpsel);
  // FType = 0 without an FPU is UNPREDICTABLE: treated as a basic frame (as QEMU).
  const bool extended = config_.has_fpu && !(value & exc_return::kFtype);
  uint32_t& control = state_.control[1];

  // FPCCR.CLRONRET: the handler's FP context (CONTROL.FPCA) is cleared before returning. With
  // LSPACT also set the state is inconsistent (SecureFault LSERR, not modelled: nothing cleared).
  if ((regs_.fpccr & fpccr::kClronret) && (control & kControlFpca) && !(regs_.fpccr & fpccr::kLspact)) {
    if (!cpacr_allows(true)) {
      regs_.cfsr |= cfsr::kNocp;
      return take_synchronous(kExcUsageFault, fault_pc);
    }
    clear_fp_registers(false);
  }

  // PopStack. FP registers are read from the frame unless LSPACT says they were never saved (no
  // FP instruction ran in the handler): then the registers still hold them.
  const bool ts_frame = extended && (regs_.fpccr & fpccr::kTs);
  const bool restore_fp = extended && !(regs_.fpccr & fpccr::kLspact);
  const memory::AccessAttrs attrs{memory::Master::CpuData, true, true};
  save_active_sp(state_);
  const uint32_t frame = read_sp(state_, frame_psp, true);
  std::array<uint32_t, 8> w{};
  bool error = false;
  for (unsigned i = 0; i < w.size() && !error; ++i) error = !bus_.read(frame + 4 * i, 4, w[i], attrs).ok();
  std::array<uint32_t, 34> fp{};  // S0-S15, FPSCR, VPR, S16-S31 in frame order
  const unsigned fp_words = !restore_fp ? 0u : ts_frame ? 34u : (config_.has_mve ? 18u : 17u);
  for (unsigned i = 0; i < fp_words && !error; ++i)
    error = !bus_.read(frame + kBasicFrameBytes + 4 * i, 4, fp[i], attrs).ok();
  if (error) {
    regs_.cfsr |= cfsr::kUnstkerr;
    return take_synchronous(kExcBusFault, fault_pc);
  }
  const uint32_t xpsr = w[7];
  const uint32_t frame_ipsr = xpsr & 0x1FF;
  // Return to Thread mode needs a zero stacked IPSR, to Handler mode a non-zero one.
  if (to_thread != (frame_ipsr == 0)) return invpc();
  // The context returned to must be allowed to use the FPU to get its registers back (NOCP on
  // the existing frame, as for INVPC).
  const bool return_privileged = !to_thread || !(control & kControlNpriv);
  if (restore_fp && !cpacr_allows(return_privileged)) {
    regs_.cfsr |= cfsr::kNocp;
    return take_synchronous(kExcUsageFault, fault_pc);
  }

  deactivate(returning);
  for (unsigned i = 0; i < 4; ++i) state_.r[i] = w[i];
  state_.r[12] = w[4];
  state_.r[14] = w[5];
  state_.r[15] = w[6] & ~1u;  // a stacked PC with bit 0 set is UNPREDICTABLE: we ignore bit 0
  state_.set_apsr_nzcvq(xpsr);
  state_.ge = static_cast<uint8_t>((xpsr >> 16) & 0xF);
  state_.t = (xpsr >> 24) & 1u;
  state_.itstate = static_cast<uint8_t>(((xpsr >> 25) & 3u) | (((xpsr >> 10) & 0x3Fu) << 2));
  state_.epsr_b = config_.pacbti && (xpsr & ArchState::kXpsrB) != 0;  // bit 21 is reserved without PACBTI
  state_.ipsr = frame_ipsr;
  if (extended && !restore_fp) regs_.fpccr &= ~fpccr::kLspact;  // the registers are still valid
  if (restore_fp) {
    for (unsigned i = 0; i < 16; ++i) state_.ext[i] = fp[i];
    state_.fpscr = fp[16] & kFpscrWritable;
    if (config_.has_mve) state_.vpr = fp[17] & kVprWritable;
    for (unsigned i = 16; ts_frame && i < 32; ++i) state_.ext[i] = fp[i + 2];
  }
  control = frame_psp ? (control | kControlSpsel) : (control & ~kControlSpsel);
  control = extended ? (control | kControlFpca) : (control & ~kControlFpca);
  control = (xpsr & kXpsrSfpa) ? (control | kControlSfpa) : (control & ~kControlSfpa);
  const uint32_t size = !extended ? kBasicFrameBytes : ts_frame ? kExtendedTsFrameBytes : kExtendedFrameBytes;
  sp_slot(state_, frame_psp, true) = frame + size + (((xpsr >> 9) & 1u) ? 4u : 0u);
  load_active_sp(state_);
  state_.exclusive_valid = false;
  attention_ = true;
  // SCR.SLEEPONEXIT: returning to Thread mode goes back to sleep. corsim unstacks first; the next
  // interrupt stacks the same frame again, which is architecturally indistinguishable.
  if (to_thread && (regs_.scr[1] & (1u << 1))) state_.sleeping = true;
  return true;
}

}  // namespace corsim::cpu
