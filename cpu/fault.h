#pragma once
// Synchronous faults an instruction or the fetch path can raise. The exception unit maps each to
// its exception (UsageFault, BusFault, MemManage, SecureFault) and its fault-status bit (CFSR), and
// escalates to HardFault when the handler is disabled or cannot preempt (Arm ARM B3.x).
#include <cstdint>
#include <string_view>

namespace corsim::cpu {

enum class FaultKind : uint8_t {
  None,
  // UsageFault (UFSR)
  UndefinedInstruction,  // UNDEFINSTR
  InvalidState,          // INVSTATE
  InvalidPc,             // INVPC (bad EXC_RETURN)
  NoCoprocessor,         // NOCP (FPU/MVE disabled in CPACR)
  Unaligned,             // UNALIGNED
  DivideByZero,          // DIVBYZERO (CCR.DIV_0_TRP)
  StackOverflow,         // STKOF (stack limit)
  BranchTargetCheck,     // INVSTATE: EPSR.B set and the instruction is not BTI/PACBTI (PACBTI)
  PacAuthFailure,        // INVSTATE: AUT/AUTG/BXAUT found a PAC that does not match (PACBTI)
  // BusFault (BFSR)
  InstructionBusError,   // IBUSERR
  PreciseDataBusError,   // PRECISERR (BFAR valid)
  // MemManage (MMFSR)
  InstructionAccessViolation,  // IACCVIOL
  DataAccessViolation,         // DACCVIOL (MMFAR valid)
  // Debug: BKPT (other than semihosting) with no debugger escalates to HardFault.
  Breakpoint,
  // Lazy FP state preservation (ExecuteFPCheck) met a fault the exception unit has already pended
  // and recorded (NOCP, LSPERR, MLSPERR): take it before the FP instruction.
  LazyStatePreservation,
};

struct Fault {
  FaultKind kind = FaultKind::None;
  uint32_t address = 0;  // faulting data address for PRECISERR/DACCVIOL
  explicit operator bool() const { return kind != FaultKind::None; }
};

constexpr std::string_view fault_name(FaultKind k) {
  switch (k) {
    case FaultKind::None: return "none";
    case FaultKind::UndefinedInstruction: return "UsageFault (UNDEFINSTR: undefined instruction)";
    case FaultKind::InvalidState: return "UsageFault (INVSTATE: invalid EPSR state)";
    case FaultKind::InvalidPc: return "UsageFault (INVPC: invalid exception return)";
    case FaultKind::NoCoprocessor: return "UsageFault (NOCP: coprocessor disabled)";
    case FaultKind::Unaligned: return "UsageFault (UNALIGNED: unaligned access)";
    case FaultKind::DivideByZero: return "UsageFault (DIVBYZERO: divide by zero)";
    case FaultKind::StackOverflow: return "UsageFault (STKOF: stack limit violation)";
    case FaultKind::BranchTargetCheck: return "UsageFault (INVSTATE: branch target is not BTI/PACBTI)";
    case FaultKind::PacAuthFailure: return "UsageFault (INVSTATE: pointer authentication failed)";
    case FaultKind::InstructionBusError: return "BusFault (IBUSERR: instruction fetch bus error)";
    case FaultKind::PreciseDataBusError: return "BusFault (PRECISERR: data bus error)";
    case FaultKind::InstructionAccessViolation: return "MemManage (IACCVIOL: instruction access violation)";
    case FaultKind::DataAccessViolation: return "MemManage (DACCVIOL: data access violation)";
    case FaultKind::Breakpoint: return "HardFault (BKPT with no debugger)";
    case FaultKind::LazyStatePreservation: return "fault during lazy FP state preservation";
  }
  return "unknown";
}

}  // namespace corsim::cpu
