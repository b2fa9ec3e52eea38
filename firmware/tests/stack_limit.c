/* Stack limit checking (Armv8-M ARM, "Stack limit checks"; PSPLIM/MSPLIM): Thread code recursing
 * on a process stack with PSPLIM set must raise a UsageFault with CFSR.STKOF before anything is
 * written below the limit. The fault handler abandons the Thread code: it builds an exception
 * frame on the Main stack whose return address is a recovery stub, and returns to Thread mode on
 * MSP with EXC_RETURN 0xFFFFFFF9; the stub resumes the caller of run_on_psp(). */
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "platform.h"

#define CFSR_STKOF (1u << 20)
enum { kStackWords = 1024, kGuardWords = 256, kGuardPattern = 0x5AFE5AFEu };

static uint32_t g_stack[kStackWords] __attribute__((aligned(8)));
static volatile uint32_t g_faults, g_cfsr, g_psp_at_fault, g_depth;
uint32_t g_saved_msp; /* MSP of run_on_psp's caller, used by the recovery stub */

static void recurse(uint32_t depth) {
  volatile uint32_t frame[8];
  frame[0] = depth;
  g_depth = depth;
  if (depth < 100000u) recurse(depth + 1);
  frame[1] = frame[0]; /* keeps this from becoming a tail call */
}

static void recurse_on_psp(void) { recurse(0); }

void stack_fault_c(void) {
  ++g_faults;
  g_cfsr = SCB_CFSR;
  SCB_CFSR = g_cfsr;
  __asm__ volatile("mrs %0, psp" : "=r"(g_psp_at_fault));
}

/* Called in Thread mode on MSP: saves the callee-saved registers and MSP, then runs fn on PSP. */
__attribute__((naked)) static void run_on_psp(void (*fn)(void), uint32_t *stack_top) {
  __asm__ volatile(
      "push {r4-r11, lr}\n\t"
      "ldr r2, =g_saved_msp\n\t"
      "str sp, [r2]\n\t"
      "msr psp, r1\n\t"
      "mrs r2, control\n\t"
      "orr r2, r2, #2\n\t"
      "msr control, r2\n\t"
      "isb\n\t"
      "blx r0\n\t"
      /* fn returned normally (it should not): back to MSP and out. */
      "mrs r2, control\n\t"
      "bic r2, r2, #2\n\t"
      "msr control, r2\n\t"
      "isb\n\t"
      "pop {r4-r11, pc}\n\t"
      ".ltorg\n\t");
}

/* Reached in Thread mode on MSP (SP == g_saved_msp) through the handler's exception return. */
__attribute__((naked)) void stack_recovery(void) { __asm__ volatile("pop {r4-r11, pc}\n\t"); }

__attribute__((naked)) void UsageFault_Handler(void) {
  __asm__ volatile(
      "bl stack_fault_c\n\t"
      "ldr r0, =g_saved_msp\n\t"
      "ldr r0, [r0]\n\t"
      "sub r0, r0, #32\n\t"    /* frame: r0 r1 r2 r3 r12 lr ReturnAddress xPSR */
      "movs r1, #0\n\t"
      "str r1, [r0, #0]\n\t"
      "str r1, [r0, #4]\n\t"
      "str r1, [r0, #8]\n\t"
      "str r1, [r0, #12]\n\t"
      "str r1, [r0, #16]\n\t"
      "str r1, [r0, #20]\n\t"
      "ldr r1, =stack_recovery\n\t"
      "bic r1, r1, #1\n\t"     /* ReturnAddress is halfword aligned; xPSR.T says Thumb */
      "str r1, [r0, #24]\n\t"
      "mov r1, #0x01000000\n\t"
      "str r1, [r0, #28]\n\t"
      "msr msp, r0\n\t"
      "mrs r1, control\n\t"    /* Thread mode continues on MSP */
      "bic r1, r1, #2\n\t"
      "msr control, r1\n\t"
      "ldr lr, =0xFFFFFFF9\n\t" /* return to Thread mode, Main stack, Secure, standard frame */
      "bx lr\n\t"
      ".ltorg\n\t");
}

int main(void) {
  check_begin("stack_limit");
  SCB_SHCSR |= SHCSR_USGFAULTENA;
  __asm__ volatile("dsb\n\tisb" ::: "memory");

  for (unsigned i = 0; i < kStackWords; ++i) g_stack[i] = kGuardPattern;
  uint32_t *limit = g_stack + kGuardWords;
  __asm__ volatile("msr psplim, %0" ::"r"(limit));
  uint32_t psplim;
  __asm__ volatile("mrs %0, psplim" : "=r"(psplim));
  CHECK_EQ(psplim, (uint32_t)(uintptr_t)limit);

  run_on_psp(recurse_on_psp, g_stack + kStackWords);

  uint32_t control;
  __asm__ volatile("mrs %0, control" : "=r"(control));
  CHECK_EQ(control & 2u, 0);
  CHECK_EQ(g_faults, 1);
  CHECK_EQ(g_cfsr, CFSR_STKOF);
  CHECK(g_psp_at_fault >= (uint32_t)(uintptr_t)limit);
  CHECK(g_depth > 10);
  unsigned touched = 0;
  for (unsigned i = 0; i < kGuardWords; ++i) touched += g_stack[i] != kGuardPattern;
  CHECK_EQ(touched, 0); /* nothing below PSPLIM was written */
  printf("stack overflow stopped at the limit\n");
  return check_done();
}
