#pragma once
// ExecuteFPCheck (Arm DDI 0553, B3 "Floating-point support", pseudocode ExecuteFPCheck and
// CheckCPEnabled) as every FP and MVE instruction runs it, with its common case remembered.
//
// The full check (vfp::check_full in cpu/isa/vfp.cpp) raises UNDEFINED without an FPU, NOCP when
// CPACR.CP10 denies the current privilege, runs lazy state preservation when FPCCR.LSPACT is set
// and starts a new floating-point context (FPSCR from FPDSCR, VPR = 0, CONTROL.FPCA/SFPA set) when
// FPCCR.ASPEN is set and CONTROL.FPCA (or SFPA in Secure state) is clear. Once it has passed, the
// next check would pass without doing anything until one of its inputs changes: CPACR/NSACR,
// FPCCR, CONTROL (nPRIV, FPCA, SFPA), IPSR (Handler mode is privileged) or the security state.
// A passing full check sets ArchState::fp_check_passed, and every writer of those inputs clears it
// (ArchState::forget_fp_check()); a change that can only make the check pass (PreserveFPState
// clearing LSPACT) needs not:
//   exception entry (with UpdateFPCCR), exception return, reset              cpu/exceptions/
//   CPACR, NSACR, FPCCR written through the SCS                              cpu/scs/scb_registers.cpp
//   MSR CONTROL                                                              cpu/isa/system.cpp
//   VMRS FPCXT_S, VMSR FPCXT_NS/FPCXT_S (CONTROL.SFPA)                       cpu/isa/vfp_move.cpp
//   Cpu::run on entry: whatever changed the state between runs (tests, tools)
// so the common case costs one load and one branch. A new writer of these inputs must clear it too
// (tests/cpu_sys/fp_check_cache_test.cpp checks each event above).
#include "cpu/cpu.h"

namespace corsim::cpu {

namespace vfp {

// The whole ExecuteFPCheck; remembers a pass. False = faulted (the instruction must stop).
bool check_full(Cpu& cpu);

// ExecuteFPCheck for an FP instruction: NOCP when CPACR leaves CP10 off, CONTROL.FPCA / FPSCR from
// FPDSCR on the first FP instruction of a new context, lazy preservation. False = faulted.
inline bool check(Cpu& cpu) {
  if (cpu.state().fp_check_passed & ArchState::kFpCheckVfp) [[likely]] return true;
  return check_full(cpu);
}

}  // namespace vfp

namespace mve {

// UNDEFINED without MVE, then vfp::check_full.
bool check_full(Cpu& cpu);

// ExecuteFPCheck for a vector instruction: UNDEFINED without MVE, NOCP when CPACR.CP10 is off, a
// new floating-point context when FPCA is clear (the same rules as VFP). False = faulted, stop.
inline bool check(Cpu& cpu) {
  if (cpu.state().fp_check_passed & ArchState::kFpCheckMve) [[likely]] return true;
  return check_full(cpu);
}

}  // namespace mve

}  // namespace corsim::cpu
