/* The shared bare-metal runtime of the QEMU differential test programs: see baremetal.h. No libc. */
#include "baremetal.h"

#include "semihosting.h"

#ifndef QEMU_TEST_SEED
#error "QEMU_TEST_SEED is set by corsim_add_qemu_test (tests/qemu_baremetal/qemu_test.cmake)"
#endif

extern uint32_t __stack_top, __bss_start, __bss_end;
void reset_handler(void);
static void fault_handler(void);

/* Initial SP, Reset, then NMI, HardFault, MemManage, BusFault, UsageFault, SecureFault (left 0:
 * unused here), reserved, SVCall, DebugMonitor, reserved, PendSV, SysTick. */
__attribute__((section(".vectors"), used)) void (*const vectors[16])(void) = {
    (void (*)(void))&__stack_top, reset_handler, fault_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, 0, 0, 0, 0, fault_handler, fault_handler, 0, fault_handler,
    fault_handler};

/* GCC may turn zero-initialisation or a copy loop into a memset call; there is no libc here. */
void* memset(void* dst, int value, unsigned long n) {
  unsigned char* d = dst;
  while (n--) *d++ = (unsigned char)value;
  return dst;
}

/* The runtime's data goes to .bss.runtime, which baremetal.ld places below the program's .bss: a
 * store that runs past the end of a program's buffer then lands in the program's own data (as it
 * did when each program carried this code), never in the output buffer. */
#define RUNTIME_DATA __attribute__((section(".bss.runtime")))
static RUNTIME_DATA char out_buf[2048];
static RUNTIME_DATA unsigned out_len;

void flush_output(void) {
  out_buf[out_len] = 0;
  semihost_write0(out_buf);
  out_len = 0;
}
void put_char(char c) {
  out_buf[out_len++] = c;
  if (out_len >= sizeof(out_buf) - 1) flush_output();
}
void put_str(const char* s) {
  while (*s) put_char(*s++);
}
void put_hex(uint64_t value, int digits) {
  for (int i = digits - 1; i >= 0; --i) put_char("0123456789abcdef"[(value >> (4 * i)) & 0xF]);
}
void put_word(uint32_t value) {
  put_hex(value, 8);
  put_char(' ');
}

static RUNTIME_DATA uint64_t rng_state;
uint64_t rnd(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1Dull;
}

static void fault_handler(void) {
  put_str("fault\n");
  flush_output();
  semihost_exit(0);
}

void reset_handler(void) {
  /* CPACR: full access to CP10/CP11, the FPU and MVE (Armv8-M ARM D1.2). First, so that nothing
   * the compiler emits later can meet a disabled FPU. */
  *(volatile uint32_t*)0xE000ED88 |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  for (uint32_t* p = &__bss_start; p < &__bss_end; ++p) *p = 0;
  rng_state = QEMU_TEST_SEED;
  qemu_test_main();
  put_str("done\n");
  flush_output();
  semihost_exit(1);
}
