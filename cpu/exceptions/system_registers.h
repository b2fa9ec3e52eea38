#pragma once
// System control state that the exception model itself depends on (Arm DDI 0553, B3 "The System
// Control Space" and D1 register descriptions). A plain struct: the SCB register bank in cpu/scs/
// decodes accesses into it, the ExceptionUnit reads it when it prioritises, stacks and faults.
//
// corsim runs the core the way the Corstone FVPs boot it: Secure state, AIRCR.BFHFNMINS = 0, so
// every exception targets Secure state. Banked registers keep both copies ([0] = Non-secure,
// [1] = Secure) so the Non-secure view can be added later without changing this layout.
#include <array>
#include <cstdint>

namespace corsim::cpu {

// CFSR (B3.x "Configurable Fault Status Register"): MMFSR [7:0], BFSR [15:8], UFSR [31:16].
namespace cfsr {
constexpr uint32_t kIaccviol = 1u << 0, kDaccviol = 1u << 1, kMunstkerr = 1u << 3, kMstkerr = 1u << 4,
                   kMlsperr = 1u << 5, kMmarvalid = 1u << 7;
constexpr uint32_t kIbuserr = 1u << 8, kPreciserr = 1u << 9, kImpreciserr = 1u << 10, kUnstkerr = 1u << 11,
                   kStkerr = 1u << 12, kLsperr = 1u << 13, kBfarvalid = 1u << 15;
constexpr uint32_t kUndefinstr = 1u << 16, kInvstate = 1u << 17, kInvpc = 1u << 18, kNocp = 1u << 19,
                   kStkof = 1u << 20, kUnaligned = 1u << 24, kDivbyzero = 1u << 25;
constexpr uint32_t kWritableMask = 0x033F'BFBBu;  // every defined bit (write-one-to-clear)
}  // namespace cfsr

namespace hfsr {
constexpr uint32_t kVecttbl = 1u << 1, kForced = 1u << 30, kDebugevt = 1u << 31;
}

// CCR (B3.x "Configuration and Control Register"), Armv8.1-M layout.
namespace ccr {
constexpr uint32_t kRes1Bit0 = 1u << 0;  // was NONBASETHRDENA; RES1 in Armv8-M
constexpr uint32_t kUsersetmpend = 1u << 1, kUnalignTrp = 1u << 3, kDiv0Trp = 1u << 4,
                   kBfhfnmign = 1u << 8, kStkalign = 1u << 9 /* RES1 in Armv8-M */,
                   kStkofhfnmign = 1u << 10, kDc = 1u << 16, kIc = 1u << 17, kBp = 1u << 18,
                   kLob = 1u << 19, kTrd = 1u << 20;
constexpr uint32_t kReset = kRes1Bit0 | kStkalign;
constexpr uint32_t kWritable = kUsersetmpend | kUnalignTrp | kDiv0Trp | kBfhfnmign | kStkofhfnmign | kDc |
                               kIc | kBp | kLob | kTrd;
}  // namespace ccr

// SHCSR enable bits (the active/pended bits live in the exception state itself).
namespace shcsr {
constexpr uint32_t kMemFaultAct = 1u << 0, kBusFaultAct = 1u << 1, kHardFaultAct = 1u << 2,
                   kUsgFaultAct = 1u << 3, kSecureFaultAct = 1u << 4, kNmiAct = 1u << 5,
                   kSvcallAct = 1u << 7, kMonitorAct = 1u << 8, kPendSvAct = 1u << 10,
                   kSysTickAct = 1u << 11, kUsgFaultPended = 1u << 12, kMemFaultPended = 1u << 13,
                   kBusFaultPended = 1u << 14, kSvcallPended = 1u << 15, kMemFaultEna = 1u << 16,
                   kBusFaultEna = 1u << 17, kUsgFaultEna = 1u << 18, kSecureFaultEna = 1u << 19,
                   kSecureFaultPended = 1u << 20, kHardFaultPended = 1u << 21;
}  // namespace shcsr

// FPCCR (B3.x "Floating-Point Context Control Register"). corsim is Secure-only: the one FPCCR
// holds both the banked bits (Secure copy) and the Secure-only ones.
namespace fpccr {
constexpr uint32_t kLspact = 1u << 0, kUser = 1u << 1, kS = 1u << 2, kThread = 1u << 3, kHfrdy = 1u << 4,
                   kMmrdy = 1u << 5, kBfrdy = 1u << 6, kSfrdy = 1u << 7, kMonrdy = 1u << 8,
                   kSplimviol = 1u << 9, kUfrdy = 1u << 10, kTs = 1u << 26, kClronrets = 1u << 27,
                   kClronret = 1u << 28, kLspens = 1u << 29, kLspen = 1u << 30, kAspen = 1u << 31;
constexpr uint32_t kReset = kAspen | kLspen | kS;
// The context bits UpdateFPCCR rewrites on every lazily stacked exception entry.
constexpr uint32_t kContextBits = kLspact | kUser | kS | kThread | kHfrdy | kMmrdy | kBfrdy | kSfrdy |
                                  kMonrdy | kSplimviol | kUfrdy;
}  // namespace fpccr

struct SystemRegisters {
  std::array<uint32_t, 2> vtor{};        // VTOR_NS, VTOR_S
  uint32_t prigroup = 0;                 // AIRCR.PRIGROUP [10:8]
  bool pris = false;                     // AIRCR.PRIS
  bool bfhfnmins = false;                // AIRCR.BFHFNMINS (stored; corsim keeps everything Secure)
  bool sysresetreqs = false;             // AIRCR.SYSRESETREQS
  std::array<uint32_t, 2> scr{};         // SCR: SLEEPONEXIT bit1, SLEEPDEEP bit2, SEVONPEND bit4
  std::array<uint32_t, 2> ccr{ccr::kReset, ccr::kReset};
  uint32_t fault_enables = 0;            // SHCSR.{MEM,BUS,USG,SECURE}FAULTENA bits as in SHCSR
  uint32_t cfsr = 0, hfsr = 0, dfsr = 0, mmfar = 0, bfar = 0, afsr = 0;
  uint32_t cpacr = 0, nsacr = 0;
  uint32_t actlr = 0, cppwr = 0, csselr = 0;
  uint32_t demcr = 0;                    // DCB DEMCR (TRCENA bit 24 gates DWT/ITM/PMU counting)
  uint32_t fpccr = cpu::fpccr::kReset, fpcar = 0, fpdscr = 0;  // ASPEN|LSPEN, S (Secure)

  const uint32_t& ccr_s() const { return ccr[1]; }
};

constexpr uint32_t kDemcrTrcena = 1u << 24;

}  // namespace corsim::cpu
