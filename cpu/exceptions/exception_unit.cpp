// Exception state, priorities and reset (Arm DDI 0553 B3 "Exceptions"; pseudocode
// ExecutionPriority(), PendingExceptionDetails(), TakeReset()). Entry, return and faults are in
// exception_entry.cpp.
#include "cpu/exceptions/exception_unit.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "cpu/exceptions/stack_pointers.h"
#include "memory/interconnect.h"

namespace corsim::cpu {

ExceptionUnit::ExceptionUnit(ArchState& state, memory::Interconnect& bus, const CpuConfig& config)
    : state_(state), bus_(bus), config_(config) {
  priority_bits_ = std::clamp(config.priority_bits, 2u, 8u);  // Armv8-M Mainline: 3..8; allow 2 for tests
  priority_mask_ = static_cast<uint8_t>(0xFFu << (8 - priority_bits_));
  const unsigned irqs = std::min(config.num_external_irqs, 496u);  // B3.x: at most 496 external
  pending_.assign(kExcExternal0 + irqs, 0);
  active_.assign(kExcExternal0 + irqs, 0);
  priority_.assign(kExcExternal0 + irqs, 0);
  enabled_.assign(irqs, 0);
  itns_.assign(irqs, 0);
  level_.assign(irqs, 0);
}

bool ExceptionUnit::reset(uint32_t vtor) {
  std::fill(pending_.begin(), pending_.end(), 0);
  std::fill(active_.begin(), active_.end(), 0);
  std::fill(priority_.begin(), priority_.end(), 0);
  std::fill(enabled_.begin(), enabled_.end(), 0);
  std::fill(itns_.begin(), itns_.end(), 0);
  // level_ is the devices' view of their lines: a reset of the core does not lower them.
  for (unsigned irq = 0; irq < level_.size(); ++irq)
    if (level_[irq]) pending_[kExcExternal0 + irq] = 1;
  pending_count_ = static_cast<unsigned>(std::count(pending_.begin(), pending_.end(), 1));
  active_count_ = 0;
  locked_up_ = false;
  candidate_ = 0;
  regs_ = SystemRegisters{};
  regs_.vtor[1] = vtor & 0xFFFF'FF80u;

  // TakeReset(): registers UNKNOWN except as below; corsim zeroes them for determinism.
  state_ = ArchState{};  // also forgets the FP check's answer (cpu/isa/fp_check.h)
  state_.secure = true;
  state_.r[14] = 0xFFFF'FFFFu;  // LR reset value (B3.x "TakeReset")
  const memory::AccessAttrs attrs{memory::Master::CpuData, true, true};
  uint32_t sp = 0, entry = 0;
  const bool ok = bus_.read(vtor, 4, sp, attrs).ok() && bus_.read(vtor + 4, 4, entry, attrs).ok();
  state_.msp[1] = sp & ~3u;  // SP[1:0] are RES0
  state_.r[13] = state_.msp[1];
  state_.r[15] = entry & ~1u;
  state_.t = (entry & 1u) != 0;  // T clear: INVSTATE UsageFault on the first instruction
  attention_ = pending_count_ != 0;
  return ok;
}

void ExceptionUnit::note_pending_change() {
  attention_ = true;
  // SCR.SEVONPEND: an exception entering the pending state is a WFE wake-up event.
  if (regs_.scr[1] & (1u << 4)) state_.event_register = true;
}

void ExceptionUnit::set_pending(uint32_t exc, bool pending) {
  if (exc == 0 || exc >= pending_.size()) return;
  if (pending && !pending_[exc]) {
    pending_[exc] = 1;
    ++pending_count_;
    note_pending_change();
  } else if (!pending && pending_[exc]) {
    pending_[exc] = 0;
    --pending_count_;
    // A level-sensitive interrupt whose line is still high pends again at once (B3.x "NVIC").
    if (exc >= kExcExternal0 && level_[exc - kExcExternal0] && !active_[exc]) set_pending(exc, true);
  }
}

void ExceptionUnit::set_active(uint32_t exc, bool active) {
  if (exc == 0 || exc >= active_.size() || (active_[exc] != 0) == active) return;
  active_[exc] = active ? 1 : 0;
  active ? ++active_count_ : --active_count_;
  attention_ = true;
}

void ExceptionUnit::set_irq_enabled(unsigned irq, bool enabled) {
  if (irq >= num_irqs()) return;
  enabled_[irq] = enabled ? 1 : 0;
  attention_ = true;
}

void ExceptionUnit::set_raw_priority(uint32_t exc, uint8_t value) {
  // Reset, NMI and HardFault have fixed priorities; SHPR bytes for them are RAZ/WI.
  if (exc < kExcMemManage || exc >= priority_.size()) return;
  priority_[exc] = value & priority_mask_;
  attention_ = true;
}

void ExceptionUnit::set_irq_level(unsigned line, bool high) {
  if (line >= num_irqs()) return;
  level_[line] = high ? 1 : 0;
  // Level-sensitive: a high line pends the interrupt unless it is already active; the pending
  // state is latched (stays when the line drops before the interrupt is taken).
  if (high && !active_[kExcExternal0 + line]) set_pending(kExcExternal0 + line, true);
}

int ExceptionUnit::exception_priority(uint32_t exc) const {
  switch (exc) {
    case kExcReset: return -4;
    case kExcNmi: return -2;
    case kExcHardFault: return regs_.bfhfnmins ? -3 : -1;  // Secure HardFault is -3 when BFHFNMINS
    default: return exc < priority_.size() ? priority_[exc] : 256;
  }
}

int ExceptionUnit::group_priority(int priority) const {
  if (priority < 0) return priority;
  // PRIGROUP splits the 8-bit priority into group [7:PRIGROUP+1] and subpriority [PRIGROUP:0].
  const int subgroup_mask = (2 << regs_.prigroup) - 1;
  return priority & ~subgroup_mask;
}

int ExceptionUnit::execution_priority(bool ignore_primask) const {
  int highest = 256;  // HighestPri(): Thread mode, no active exception
  if (active_count_ != 0) {
    for (uint32_t exc = 1; exc < active_.size(); ++exc)
      if (active_[exc]) highest = std::min(highest, group_priority(exception_priority(exc)));
  }
  // Boosted priority from the mask registers, in the order of ExecutionPriority().
  int boosted = 256;
  const uint32_t basepri_ns = state_.basepri[0] & 0xFF, basepri_s = state_.basepri[1] & 0xFF;
  if (basepri_ns != 0) {
    int p = group_priority(static_cast<int>(basepri_ns));
    if (regs_.pris) p = (p >> 1) + 0x80;  // Non-secure priorities map to the lower half
    boosted = p;
  }
  if (basepri_s != 0) boosted = std::min(boosted, group_priority(static_cast<int>(basepri_s)));
  if (!ignore_primask) {
    if (state_.primask[0] & 1u) boosted = regs_.pris ? std::min(boosted, 0x80) : 0;
    if (state_.primask[1] & 1u) boosted = 0;
  }
  if (state_.faultmask[0] & 1u) {
    if (!regs_.bfhfnmins) boosted = regs_.pris ? std::min(boosted, 0x80) : 0;
    else boosted = -1;
  }
  if (state_.faultmask[1] & 1u) boosted = regs_.bfhfnmins ? -3 : -1;
  return std::min(highest, boosted);
}

bool ExceptionUnit::is_enabled(uint32_t exc) const {
  switch (exc) {
    case kExcMemManage: return regs_.fault_enables & shcsr::kMemFaultEna;
    case kExcBusFault: return regs_.fault_enables & shcsr::kBusFaultEna;
    case kExcUsageFault: return regs_.fault_enables & shcsr::kUsgFaultEna;
    case kExcSecureFault: return regs_.fault_enables & shcsr::kSecureFaultEna;
    case kExcDebugMonitor: return regs_.demcr & (1u << 16);  // DEMCR.MON_EN
    default:
      if (exc >= kExcExternal0) return enabled_[exc - kExcExternal0] != 0;
      return exc < pending_.size();
  }
}

uint32_t ExceptionUnit::highest_pending() const {
  if (pending_count_ == 0) return 0;
  uint32_t best = 0;
  int best_priority = 1 << 16;
  // Lowest priority value wins; ties go to the lower exception number (B3.x "Priority levels").
  for (uint32_t exc = 1; exc < pending_.size(); ++exc) {
    if (!pending_[exc] || !is_enabled(exc)) continue;
    const int p = exception_priority(exc);
    if (p < best_priority) {
      best_priority = p;
      best = exc;
    }
  }
  return best;
}

bool ExceptionUnit::should_take() {
  const uint32_t exc = highest_pending();
  if (exc != 0 && can_preempt(exc)) {
    candidate_ = exc;
    return true;
  }
  attention_ = false;
  return false;
}

bool ExceptionUnit::wakeup_pending() const {
  const uint32_t exc = highest_pending();
  return exc != 0 && group_priority(exception_priority(exc)) < execution_priority(true);
}

uint32_t ExceptionUnit::vect_pending() const { return highest_pending(); }

bool ExceptionUnit::isr_pending() const {
  for (uint32_t exc = kExcExternal0; exc < pending_.size(); ++exc)
    if (pending_[exc]) return true;
  return false;
}

bool ExceptionUnit::rettobase() const {
  // ICSR.RETTOBASE: in Handler mode, 1 when the current exception is the only active one.
  return state_.handler_mode() && active_count_ == 1 && is_active(state_.ipsr);
}

bool ExceptionUnit::is_fault_handler_active() const {
  for (uint32_t exc = kExcHardFault; exc <= kExcSecureFault; ++exc)
    if (active_[exc]) return true;
  return false;
}

void ExceptionUnit::request_system_reset() {
  if (on_reset_request_) {
    on_reset_request_();
    return;
  }
  // Nobody installed a handler: the request has nowhere to go (the firmware typically spins
  // waiting for the reset). Say so once so a hang is explained.
  if (!reset_request_reported_) {
    reset_request_reported_ = true;
    spdlog::warn("AIRCR.SYSRESETREQ written but the platform has no reset handler: ignored");
  }
}

}  // namespace corsim::cpu
