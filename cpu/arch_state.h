#pragma once
// Armv8.1-M architectural state (Arm ARM DDI 0553, B3 "Registers"). A plain struct: instruction
// handlers, the exception unit and the SCS devices read and write it; nothing here has behaviour.
//
// Shared by cpu/ owners: add fields, do not repurpose them.
#include <array>
#include <cstdint>

namespace corsim::cpu {

// EXC_RETURN and exception numbers (B3.30).
enum ExceptionNumber : uint32_t {
  kExcThread = 0,
  kExcReset = 1,
  kExcNmi = 2,
  kExcHardFault = 3,
  kExcMemManage = 4,
  kExcBusFault = 5,
  kExcUsageFault = 6,
  kExcSecureFault = 7,
  kExcSvCall = 11,
  kExcDebugMonitor = 12,
  kExcPendSv = 14,
  kExcSysTick = 15,
  kExcExternal0 = 16,  // IRQn 0
};

struct ArchState {
  // R0-R12, SP (the active stack pointer), LR, PC. r[15] holds the address of the instruction
  // being executed; handlers read the architectural PC value (address + 4) through Cpu.
  std::array<uint32_t, 16> r{};

  // APSR
  bool n = false, z = false, c = false, v = false, q = false;
  uint8_t ge = 0;  // GE[3:0]

  // EPSR: ITSTATE (IT[7:0]); T is always 1 while running (clearing it faults INVSTATE).
  uint8_t itstate = 0;
  bool t = true;
  // IPSR: the exception number being handled, 0 in Thread mode.
  uint32_t ipsr = 0;

  // Security state and the banked special registers, indexed [0] = Non-secure, [1] = Secure.
  bool secure = true;  // Corstone FVPs start the core in Secure state
  std::array<uint32_t, 2> msp{}, psp{}, msplim{}, psplim{};
  std::array<uint32_t, 2> primask{}, basepri{}, faultmask{};
  std::array<uint32_t, 2> control{};  // CONTROL: nPRIV bit0, SPSEL bit1, FPCA bit2, SFPA bit3,
                                      // BTI_EN 4, UBTI_EN 5, PAC_EN 6, UPAC_EN 7 (PACBTI, below)

  // PACBTI extension (Armv8.1-M; docs/cpu.md "PACBTI"). EPSR.B (xPSR bit 21): set by an
  // interworking branch (BXWritePC/BLXWritePC/LoadWritePC) while BTI is enabled; the next
  // instruction must then be BTI or PACBTI. The PAC keys PAC_KEY_P_n / PAC_KEY_U_n, banked like
  // CONTROL ([0] = Non-secure, [1] = Secure); key[n] is PAC_KEY_x_n, bits [32n+31:32n] of the key.
  bool epsr_b = false;
  std::array<std::array<uint32_t, 4>, 2> pac_key_p{}, pac_key_u{};
  static constexpr uint32_t kControlBtiEn = 1u << 4, kControlUbtiEn = 1u << 5, kControlPacEn = 1u << 6,
                            kControlUpacEn = 1u << 7;
  static constexpr uint32_t kXpsrB = 1u << 21;

  // Floating point and MVE: S0-S31 = D0-D15 = Q0-Q7, little-endian overlay (B3.x "FP/MVE registers").
  alignas(16) std::array<uint32_t, 32> ext{};
  uint32_t fpscr = 4u << 16;  // LTPSIZE resets to 4: no tail predication (QEMU; UNKNOWN in the Arm ARM)
  uint32_t vpr = 0;  // VPR: P0 [15:0], MASK01 [19:16], MASK23 [23:20]

  // Event register for WFE/SEV, and whether the core is sleeping in WFI/WFE.
  bool event_register = false;
  bool sleeping = false;

  // Local exclusive monitor (LDREX/STREX): open when !exclusive_valid.
  bool exclusive_valid = false;
  uint32_t exclusive_addr = 0;
  uint8_t exclusive_size = 0;  // bytes of the LDREX that set it; a STREX of another size fails

  // Not architectural: the remembered answer of ExecuteFPCheck (cpu/isa/fp_check.h). Non-zero
  // only while nothing that check reads (CPACR, FPCCR, CONTROL, IPSR, the security state) has
  // changed since it last passed; whoever writes one of those calls forget_fp_check().
  uint8_t fp_check_passed = 0;  // kFpCheckVfp, kFpCheckMve below
  static constexpr uint8_t kFpCheckVfp = 1u << 0;  // an FP instruction runs with no side effect
  static constexpr uint8_t kFpCheckMve = 1u << 1;  // so does a vector instruction (MVE present)
  void forget_fp_check() { fp_check_passed = 0; }

  bool handler_mode() const { return ipsr != 0; }
  bool in_it_block() const { return (itstate & 0x0F) != 0; }
  unsigned sec() const { return secure ? 1u : 0u; }
  bool privileged() const { return handler_mode() || (control[sec()] & 1u) == 0; }
  // Which stack pointer is active: PSP in Thread mode with CONTROL.SPSEL set, else MSP.
  bool using_psp() const { return !handler_mode() && (control[sec()] & 2u) != 0; }
  // Branch target identification / pointer authentication enabled for the current privilege:
  // CONTROL.BTI_EN / PAC_EN when privileged, UBTI_EN / UPAC_EN when not.
  bool bti_enabled() const { return (control[sec()] & (privileged() ? kControlBtiEn : kControlUbtiEn)) != 0; }
  bool pac_enabled() const { return (control[sec()] & (privileged() ? kControlPacEn : kControlUpacEn)) != 0; }
  // The key PAC/AUT/PACG/AUTG/BXAUT use: PAC_KEY_P when privileged, PAC_KEY_U when not.
  const std::array<uint32_t, 4>& pac_key() const { return privileged() ? pac_key_p[sec()] : pac_key_u[sec()]; }

  uint32_t apsr() const {
    return (uint32_t{n} << 31) | (uint32_t{z} << 30) | (uint32_t{c} << 29) | (uint32_t{v} << 28) |
           (uint32_t{q} << 27) | (uint32_t{ge} << 16);
  }
  void set_apsr_nzcvq(uint32_t value) {
    n = value >> 31 & 1; z = value >> 30 & 1; c = value >> 29 & 1; v = value >> 28 & 1; q = value >> 27 & 1;
  }
  // xPSR as pushed on exception entry: APSR | EPSR (T, IT, B) | IPSR.
  uint32_t xpsr() const {
    const uint32_t it = itstate;
    return apsr() | (uint32_t{t} << 24) | ((it & 0x3) << 25) | ((it >> 2) << 10) | (epsr_b ? kXpsrB : 0u) |
           (ipsr & 0x1FF);
  }
};

}  // namespace corsim::cpu
