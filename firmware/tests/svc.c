/* SVC: the handler finds the immediate in the SVC instruction through the stacked return address
 * (Armv8-M ARM B3.19 "Exception entry", stack frame: r0-r3, r12, lr, ReturnAddress, xPSR) and
 * returns a result by writing the stacked r0. Called from Thread mode on MSP and on PSP, and with
 * arguments in r0-r3. */
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "platform.h"

static volatile uint32_t g_last_number;
static volatile uint32_t g_last_ipsr;
static volatile uint32_t g_calls;
static volatile uint32_t g_used_psp;

/* The C part: frame points at the stacked r0. */
void svc_dispatch(uint32_t *frame, uint32_t exc_return) {
  const uint16_t *pc = (const uint16_t *)frame[6];
  uint32_t number = pc[-1] & 0xFFu; /* SVC T1: 1101 1111 imm8 */
  g_last_number = number;
  g_last_ipsr = platform_ipsr();
  g_used_psp = (exc_return & 0x4u) != 0; /* EXC_RETURN.SPSEL */
  ++g_calls;
  switch (number) {
    case 1: frame[0] = frame[0] + frame[1]; break;
    case 2: frame[0] = frame[0] * frame[1] + frame[2] - frame[3]; break;
    case 200: frame[0] = ~frame[0]; break;
    default: frame[0] = 0xBAD0000u | number; break;
  }
}

/* EXC_RETURN bit 2 says which stack holds the frame. */
__attribute__((naked)) void SVC_Handler(void) {
  __asm__ volatile(
      "tst lr, #4\n\t"
      "ite eq\n\t"
      "mrseq r0, msp\n\t"
      "mrsne r0, psp\n\t"
      "mov r1, lr\n\t"
      "push {r1, lr}\n\t"
      "bl svc_dispatch\n\t"
      "pop {r1, pc}\n\t");
}

static uint32_t svc1(uint32_t a, uint32_t b) {
  register uint32_t r0 __asm__("r0") = a;
  register uint32_t r1 __asm__("r1") = b;
  __asm__ volatile("svc #1" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

static uint32_t svc2(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  register uint32_t r0 __asm__("r0") = a;
  register uint32_t r1 __asm__("r1") = b;
  register uint32_t r2 __asm__("r2") = c;
  register uint32_t r3 __asm__("r3") = d;
  __asm__ volatile("svc #2" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3) : "memory");
  return r0;
}

static uint32_t svc200(uint32_t a) {
  register uint32_t r0 __asm__("r0") = a;
  __asm__ volatile("svc #200" : "+r"(r0) : : "memory");
  return r0;
}

static uint32_t svc255(void) {
  register uint32_t r0 __asm__("r0") = 0;
  __asm__ volatile("svc #255" : "+r"(r0) : : "memory");
  return r0;
}

static uint32_t g_process_stack[2048] __attribute__((aligned(8)));

/* Calls fn() in Thread mode on the process stack (CONTROL.SPSEL = 1, Armv8-M ARM B3.6), then
 * switches back to MSP. The switch happens in assembly so no compiled code sees SP change under it. */
__attribute__((naked)) static void run_on_psp(void (*fn)(void), uint32_t *stack_top) {
  __asm__ volatile(
      "push {r4, lr}\n\t"
      "mrs r4, control\n\t"
      "msr psp, r1\n\t"
      "orr r2, r4, #2\n\t"
      "msr control, r2\n\t"
      "isb\n\t"
      "blx r0\n\t"
      "msr control, r4\n\t"
      "isb\n\t"
      "pop {r4, pc}\n\t");
}

static void on_process_stack(void) {
  uint32_t control, sp;
  __asm__ volatile("mrs %0, control\n\tmov %1, sp" : "=r"(control), "=r"(sp));
  CHECK_EQ(control & 2u, 2u);
  CHECK(sp < (uint32_t)(g_process_stack + 2048) && sp > (uint32_t)g_process_stack);
  CHECK_EQ(svc1(100, 23), 123);
  CHECK_EQ(g_used_psp, 1);
}

int main(void) {
  check_begin("svc");
  CHECK_EQ(svc1(40, 2), 42);
  CHECK_EQ(g_last_number, 1);
  CHECK_EQ(g_last_ipsr, 11); /* SVCall is exception 11 */
  CHECK_EQ(g_used_psp, 0);
  CHECK_EQ(svc2(6, 7, 10, 3), 49);
  CHECK_EQ(g_last_number, 2);
  CHECK_EQ(svc200(0x0F0F0F0Fu), 0xF0F0F0F0u);
  CHECK_EQ(svc255(), 0xBAD00FFu);
  CHECK_EQ(g_last_number, 255);

  run_on_psp(on_process_stack, g_process_stack + 2048);
  uint32_t control;
  __asm__ volatile("mrs %0, control" : "=r"(control));
  CHECK_EQ(control & 2u, 0u);
  CHECK_EQ(svc1(1, 1), 2);
  CHECK_EQ(g_used_psp, 0);
  CHECK_EQ(g_calls, 6);
  printf("svc calls: %lu\n", (unsigned long)g_calls);
  return check_done();
}
