/* Arm semihosting for the bare-metal test programs that run unchanged on QEMU (mps3-an547) and on
 * corsim: the shared runtime (baremetal.c) and the cpu_diff runner. Operation numbers and the
 * AArch32 calling convention (BKPT 0xAB in Thumb, operation in r0, argument block in r1, result in
 * r0) are those of Arm's "Semihosting for AArch32 and AArch64". No libc. */
#ifndef CORSIM_TESTS_QEMU_BAREMETAL_SEMIHOSTING_H
#define CORSIM_TESTS_QEMU_BAREMETAL_SEMIHOSTING_H

#include <stdint.h>

enum {
  SEMIHOST_SYS_OPEN = 0x01,
  SEMIHOST_SYS_CLOSE = 0x02,
  SEMIHOST_SYS_WRITE0 = 0x04,
  SEMIHOST_SYS_WRITE = 0x05,
  SEMIHOST_SYS_EXIT = 0x18,
};

static inline int semihost(int op, const void* arg) {
  register int r0 __asm__("r0") = op;
  register const void* r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

/* Prints a NUL-terminated string on the debug console (QEMU: its semihosting chardev; corsim:
 * stdout). */
static inline void semihost_write0(const char* s) { semihost(SEMIHOST_SYS_WRITE0, s); }

/* Ends the run. On AArch32 r1 is the reason itself: ApplicationExit (0x20026, exit status 0) for
 * success, RunTimeErrorUnknown (0x20023, non-zero exit status) for failure. */
static inline __attribute__((noreturn)) void semihost_exit(int success) {
  semihost(SEMIHOST_SYS_EXIT, (const void*)(uintptr_t)(success ? 0x20026u : 0x20023u));
  for (;;) {}
}

#endif
