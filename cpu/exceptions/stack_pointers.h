#pragma once
// The four banked stack pointers (MSP/PSP × Secure/Non-secure) and the live SP in r[13].
//
// Convention (shared with the CPU core): r[13] is authoritative for the stack pointer that is
// currently selected (ArchState::using_psp() in the current security state); that register's slot
// in msp[]/psp[] may be stale. The slots of the other three are authoritative. Every mode or stack
// switch goes through save_active_sp() before and load_active_sp() after the change.
#include <cstdint>

#include "cpu/arch_state.h"

namespace corsim::cpu {

inline uint32_t& sp_slot(ArchState& s, bool psp, bool secure) {
  return psp ? s.psp[secure ? 1 : 0] : s.msp[secure ? 1 : 0];
}
inline bool sp_is_active(const ArchState& s, bool psp, bool secure) {
  return s.secure == secure && s.using_psp() == psp;
}
inline uint32_t read_sp(const ArchState& s, bool psp, bool secure) {
  if (sp_is_active(s, psp, secure)) return s.r[13];
  return psp ? s.psp[secure ? 1 : 0] : s.msp[secure ? 1 : 0];
}
inline void write_sp(ArchState& s, bool psp, bool secure, uint32_t value) {
  sp_slot(s, psp, secure) = value;
  if (sp_is_active(s, psp, secure)) s.r[13] = value;
}
inline void save_active_sp(ArchState& s) { sp_slot(s, s.using_psp(), s.secure) = s.r[13]; }
inline void load_active_sp(ArchState& s) { s.r[13] = sp_slot(s, s.using_psp(), s.secure); }

// Stack limit of a stack pointer (MSPLIM/PSPLIM, B3.x "Stack limit checks").
inline uint32_t sp_limit(const ArchState& s, bool psp, bool secure) {
  return psp ? s.psplim[secure ? 1 : 0] : s.msplim[secure ? 1 : 0];
}

// Stack limit check for an instruction that writes the active SP (B3.x "Stack limit checks"):
// false when `new_sp` is below the limit of the selected stack pointer. The caller then raises
// FaultKind::StackOverflow (UsageFault, CFSR.STKOF) without writing SP or any memory below the
// limit. CCR.STKOFHFNMIGN (ignore in HardFault/NMI handlers) is the caller's to apply if wanted.
inline bool sp_within_limit(const ArchState& s, uint32_t new_sp) {
  return new_sp >= sp_limit(s, s.using_psp(), s.secure);
}

}  // namespace corsim::cpu
