// The floating-point context on exception entry and in the handler (Arm DDI 0553, B3 "Floating-
// point lazy context save"; pseudocode PushStack (FP part), UpdateFPCCR, PreserveFPState). The FP
// part of PopStack is in exception_entry.cpp next to the rest of ExceptionReturn.
//
// Extended frame layout (offsets from the frame pointer; the basic frame is 0x00-0x1C):
//   0x20-0x5C S0-S15, 0x60 FPSCR, 0x64 VPR (MVE; reserved without it),
//   0x68-0xA4 S16-S31 only when FPCCR.TS is set (Secure state "treat as Secure").
// With FPCCR.LSPEN the registers are not stored at entry: UpdateFPCCR records the area (FPCAR =
// frame + 0x20) and the interrupted context (privilege, mode, which faults it could pend) in FPCCR
// and sets LSPACT; the first FP instruction of the handler calls preserve_fp_state(), or the
// exception return just clears LSPACT when no FP instruction ran.

#include "cpu/exceptions/exception_unit.h"
#include "cpu/exceptions/stack_pointers.h"
#include "memory/interconnect.h"

namespace corsim::cpu {

namespace {
constexpr uint32_t kFpAreaOffset = 0x20;   // S0 in the frame
constexpr uint32_t kFpscrOffset = 0x40;    // from the FP area
constexpr uint32_t kVprOffset = 0x44;
constexpr uint32_t kHighRegsOffset = 0x48;  // S16 (FPCCR.TS frames)
}  // namespace

void ExceptionUnit::clear_fp_registers(bool all) {
  for (unsigned i = 0; i < (all ? 32u : 16u); ++i) state_.ext[i] = 0;
  state_.fpscr = 0;
  state_.vpr = 0;
}

bool ExceptionUnit::push_fp_context(uint32_t frame, bool overflow, bool ts, bool& stack_error) {
  const uint32_t area = frame + kFpAreaOffset;
  if (regs_.fpccr & fpccr::kLspen) {
    // Lazy: reserve only. SPLIMVIOL compares the FP area with the limit (QEMU does the same).
    update_fpccr(area, area < sp_limit(state_, state_.using_psp(), state_.secure));
    return false;
  }
  // Stacked now: CheckCPEnabled(10) for the interrupted context first.
  const bool cpacr_pass = fpu_enabled();
  const bool nocp = !overflow && !stack_error && !cpacr_pass;
  if (!overflow && !stack_error && !nocp) {
    const memory::AccessAttrs attrs{memory::Master::CpuData, true, true};
    auto store = [&](uint32_t address, uint32_t value) {
      if (!stack_error) stack_error = !bus_.write(address, 4, value, attrs).ok();
    };
    for (unsigned i = 0; i < 16; ++i) store(area + 4 * i, state_.ext[i]);
    store(area + kFpscrOffset, state_.fpscr);
    if (config_.has_mve) store(area + kVprOffset, state_.vpr);
    for (unsigned i = 16; ts && i < 32; ++i) store(area + kHighRegsOffset + 4 * (i - 16), state_.ext[i]);
  }
  // The stacked registers become UNKNOWN for the handler; zero, as QEMU (and the Security
  // Extension's rule for Secure state) does.
  if (cpacr_pass) clear_fp_registers(ts);
  return nocp;
}

void ExceptionUnit::update_fpccr(uint32_t fp_area, bool splimviol) {
  // Runs in the interrupted context: privilege, mode and execution priority are still its own.
  regs_.fpcar = fp_area & ~7u;
  uint32_t v = (regs_.fpccr & ~fpccr::kContextBits) | fpccr::kLspact;
  if (state_.secure) v |= fpccr::kS;
  if (!state_.privileged()) v |= fpccr::kUser;
  if (!state_.handler_mode()) v |= fpccr::kThread;
  if (execution_priority() > -1) v |= fpccr::kHfrdy;
  auto ready = [&](uint32_t exc) { return is_enabled(exc) && can_preempt(exc); };
  if (ready(kExcMemManage)) v |= fpccr::kMmrdy;
  if (ready(kExcBusFault)) v |= fpccr::kBfrdy;
  if (ready(kExcUsageFault)) v |= fpccr::kUfrdy;
  if (ready(kExcSecureFault)) v |= fpccr::kSfrdy;
  if (ready(kExcDebugMonitor)) v |= fpccr::kMonrdy;
  if (splimviol) v |= fpccr::kSplimviol;
  regs_.fpccr = v;
}

void ExceptionUnit::pend_lazy_fp_fault(uint32_t exc) {
  uint32_t ready_bit = fpccr::kSfrdy;
  if (exc == kExcMemManage) ready_bit = fpccr::kMmrdy;
  if (exc == kExcBusFault) ready_bit = fpccr::kBfrdy;
  if (exc == kExcUsageFault) ready_bit = fpccr::kUfrdy;
  uint32_t target = exc;
  if (!(regs_.fpccr & ready_bit)) {
    target = kExcHardFault;
    regs_.hfsr |= hfsr::kForced;
  }
  if ((!is_enabled(target) || !can_preempt(target)) && !(regs_.fpccr & fpccr::kHfrdy)) {
    // Not even HardFault could have preempted the context the state belongs to.
    locked_up_ = true;
    return;
  }
  set_pending(target, true);
}

bool ExceptionUnit::preserve_fp_state() {
  const uint32_t ctx = regs_.fpccr;
  const bool privileged = !(ctx & fpccr::kUser);
  const bool ts = (ctx & fpccr::kTs) && (ctx & fpccr::kS);
  const uint32_t area = regs_.fpcar & ~7u;
  bool ok = true;
  if (!cpacr_allows(privileged)) {
    // CheckCPEnabled for the context that owns the registers.
    regs_.cfsr |= cfsr::kNocp;
    pend_lazy_fp_fault(kExcUsageFault);
    ok = false;
  }
  if (ok && !(ctx & fpccr::kSplimviol)) {
    const memory::AccessAttrs attrs{memory::Master::CpuData, privileged, (ctx & fpccr::kS) != 0};
    auto store = [&](uint32_t address, uint32_t value) {
      if (ok) ok = bus_.write(address, 4, value, attrs).ok();
    };
    for (unsigned i = 0; i < 16; ++i) store(area + 4 * i, state_.ext[i]);
    for (unsigned i = 16; ts && i < 32; ++i) store(area + kHighRegsOffset + 4 * (i - 16), state_.ext[i]);
    store(area + kFpscrOffset, state_.fpscr);
    if (config_.has_mve) store(area + kVprOffset, state_.vpr);
    if (!ok) {
      regs_.cfsr |= cfsr::kLsperr;
      pend_lazy_fp_fault(kExcBusFault);
    }
  }
  if (locked_up_) return false;
  // A pended fault that can preempt is taken before the instruction; LSPACT stays set so the
  // preservation is retried when the instruction runs again.
  if (!ok && should_take()) return false;
  regs_.fpccr &= ~fpccr::kLspact;
  if (ts) clear_fp_registers(true);
  return true;
}

}  // namespace corsim::cpu
