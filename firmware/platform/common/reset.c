/* Reset handling shared by the platform libraries (firmware/platform/common). */
#include <stdint.h>
#include <stdlib.h>

#include "platform.h"

/* Symbols every platform linker script defines (corstone300.ld, corstone320.ld). */
extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __sram_bss_start[], __sram_bss_end[];
extern uint32_t __stack_limit[];
extern uint32_t __vectors[];

extern void __libc_init_array(void);
extern int main(void);

/* __libc_init_array calls _init/_fini from crti.o, which -nostartfiles leaves out; nothing to do. */
void _init(void) {}
void _fini(void) {}

/* Identifies this "shared object" for __cxa_atexit; crtbegin.o would define it. */
void *__dso_handle = 0;

static void copy_words(uint32_t *dst, const uint32_t *src, const uint32_t *end) {
  while (dst < end) *dst++ = *src++;
}

static void zero_words(uint32_t *dst, const uint32_t *end) {
  while (dst < end) *dst++ = 0;
}

/* Runs before .data and .bss exist: touches only its stack and the linker symbols. The loader
 * (FVP, QEMU, corsim) writes each PT_LOAD segment at its physical address, so .data arrives at its
 * load address (Corstone-300: ITCM) and is copied to its run address (DTCM) here; where .data runs
 * where it is loaded (Corstone-320: BRAM) the copy does nothing. */
void Reset_Handler(void) __attribute__((noreturn));
void Reset_Handler(void) {
  /* CPACR CP10/CP11 full access enables the FPU and MVE (Armv8-M ARM D1.2.24) before anything
   * else, as the real runner's SystemInit does: hard-float builds may use FP/MVE registers even in
   * the copy loops below. Harmless without them; DSB/ISB make the change visible. */
  SCB_CPACR |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");

  /* Stack limit first: a stack overflow then faults (STKOF) instead of running into .bss
   * (Armv8-M ARM B3.21 "Stack limit checks"). */
  __asm__ volatile("msr msplim, %0" ::"r"(__stack_limit));

  copy_words(__data_start, __data_load, __data_end);
  zero_words(__bss_start, __bss_end);
  zero_words(__sram_bss_start, __sram_bss_end);

  /* The core already boots with VTOR at this table (INITSVTOR: SSE-300 ITCM, SSE-320 BROM); say so explicitly so a
   * program loaded elsewhere, or a debugger reset, behaves the same. */
  SCB_VTOR = (uint32_t)(uintptr_t)__vectors;
  __asm__ volatile("dsb\n\tisb" ::: "memory");

  platform_uart_init();
  __libc_init_array();
  exit(main());
}
