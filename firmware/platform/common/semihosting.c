/* Arm semihosting over BKPT 0xAB (Arm "Semihosting for AArch32 and AArch64", v2.0). */
#include "platform.h"

enum {
  kSysExit = 0x18,
  kSysExitExtended = 0x20,
  kAdpStoppedApplicationExit = 0x20026,
};

uintptr_t platform_semihosting(uint32_t op, uintptr_t arg) {
  register uint32_t r0 __asm__("r0") = op;
  register uintptr_t r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

/* On AArch32, SYS_EXIT takes the reason code itself in r1, so it can say "success" but carries no
 * status. A status of 0 therefore uses SYS_EXIT with ADP_Stopped_ApplicationExit, understood by
 * every host (QEMU 7.2 exits 0, the FVP stops). Any other status uses SYS_EXIT_EXTENDED, whose r1
 * points at {reason, subcode}; QEMU 7.2 and the FVP exit with the subcode as their status. */
void platform_semihosting_exit(int code) {
  if (code == 0) {
    platform_semihosting(kSysExit, kAdpStoppedApplicationExit);
  } else {
    volatile uint32_t block[2] = {kAdpStoppedApplicationExit, (uint32_t)code};
    platform_semihosting(kSysExitExtended, (uintptr_t)block);
  }
  for (;;) {
    /* A host without semihosting returns here: stay put. */
    __asm__ volatile("wfi");
  }
}
