/* Faults caught by handlers that skip the faulting instruction and return (Armv8-M ARM B3.x, fault
 * status registers in the SCB):
 *  - UDF (T1 16-bit and T2 32-bit) with UsageFault disabled escalates to HardFault:
 *    HFSR.FORCED and CFSR.UNDEFINSTR are set;
 *  - with SHCSR.USGFAULTENA set, UDF goes to UsageFault (exception 6) instead;
 *  - CCR.DIV_0_TRP makes SDIV/UDIV by zero a UsageFault (CFSR.DIVBYZERO);
 *  - BLX to an address with bit 0 clear: INVSTATE UsageFault; the handler resumes at LR.
 * The handler also writes the stacked r0 to show that the exception return restores it. */
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "platform.h"

#define CFSR_INVSTATE (1u << 17)

struct FaultInfo {
  uint32_t count;
  uint32_t ipsr;
  uint32_t cfsr;
  uint32_t hfsr;
  uint32_t first_halfword;
};
static volatile struct FaultInfo g_fault;

static int is_32bit(uint16_t first) { return (first >> 11) >= 0x1Du; } /* Thumb: 0b11101.. */

void fault_c(uint32_t *frame) {
  ++g_fault.count;
  g_fault.ipsr = platform_ipsr();
  g_fault.cfsr = SCB_CFSR;
  g_fault.hfsr = SCB_HFSR;
  SCB_CFSR = g_fault.cfsr; /* write-one-to-clear */
  SCB_HFSR = g_fault.hfsr;
  if (g_fault.cfsr & CFSR_INVSTATE) {
    /* The stacked PC is the bad target; resume at the caller, in Thumb state. */
    g_fault.first_halfword = 0;
    frame[6] = frame[5] & ~1u;
    frame[7] |= 1u << 24;
    return;
  }
  const uint16_t *pc = (const uint16_t *)frame[6];
  g_fault.first_halfword = pc[0];
  frame[6] += is_32bit(pc[0]) ? 4u : 2u;
  frame[0] = 0xFA017u; /* seen by the code after the faulting instruction */
}

#define FAULT_ENTRY(name)                 \
  __attribute__((naked)) void name(void) { \
    __asm__ volatile(                     \
        "tst lr, #4\n\t"                  \
        "ite eq\n\t"                      \
        "mrseq r0, msp\n\t"               \
        "mrsne r0, psp\n\t"               \
        "push {r4, lr}\n\t"               \
        "bl fault_c\n\t"                  \
        "pop {r4, pc}\n\t");              \
  }
FAULT_ENTRY(HardFault_Handler)
FAULT_ENTRY(UsageFault_Handler)

static void clear_fault_info(void) {
  g_fault.count = 0;
  g_fault.ipsr = 0;
  g_fault.cfsr = 0;
  g_fault.hfsr = 0;
  g_fault.first_halfword = 0;
}

static uint32_t udf16(void) {
  register uint32_t r0 __asm__("r0") = 1;
  __asm__ volatile("udf #42" : "+r"(r0)::"memory");
  return r0;
}

static uint32_t udf32(void) {
  register uint32_t r0 __asm__("r0") = 2;
  __asm__ volatile("udf.w #1234" : "+r"(r0)::"memory");
  return r0;
}

static uint32_t sdiv_zero(void) {
  register uint32_t r0 __asm__("r0") = 3;
  __asm__ volatile("sdiv r0, r0, %1" : "+r"(r0) : "r"(OPAQUE(0)) : "memory");
  return r0;
}

static void call_arm_state(void) {
  uint32_t target = (uint32_t)(uintptr_t)&clear_fault_info & ~1u; /* bit 0 clear: not Thumb */
  __asm__ volatile("blx %0" ::"r"(target) : "r0", "r1", "r2", "r3", "r12", "lr", "memory", "cc");
}

int main(void) {
  check_begin("hardfault");

  clear_fault_info();
  CHECK_EQ(udf16(), 0xFA017u);
  CHECK_EQ(g_fault.count, 1);
  CHECK_EQ(g_fault.ipsr, 3); /* HardFault */
  CHECK_EQ(g_fault.first_halfword, 0xDE2Au);
  CHECK(g_fault.cfsr & CFSR_UNDEFINSTR);
  CHECK(g_fault.hfsr & HFSR_FORCED);
  CHECK_EQ(SCB_CFSR, 0); /* cleared by the handler */
  CHECK_EQ(SCB_HFSR, 0);

  clear_fault_info();
  CHECK_EQ(udf32(), 0xFA017u);
  CHECK_EQ(g_fault.count, 1);
  CHECK_EQ(g_fault.ipsr, 3);
  CHECK_EQ(g_fault.first_halfword, 0xF7F0u); /* UDF.W #1234 = 0xF7F0 0xA4D2 */
  CHECK(g_fault.cfsr & CFSR_UNDEFINSTR);

  /* UsageFault enabled: no escalation. */
  SCB_SHCSR |= SHCSR_USGFAULTENA;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  clear_fault_info();
  CHECK_EQ(udf16(), 0xFA017u);
  CHECK_EQ(g_fault.ipsr, 6); /* UsageFault */
  CHECK_EQ(g_fault.cfsr, CFSR_UNDEFINSTR);
  CHECK_EQ(g_fault.hfsr, 0);

  /* Divide by zero: no fault by default (result 0), a UsageFault with CCR.DIV_0_TRP. */
  clear_fault_info();
  CHECK_EQ(sdiv_zero(), 0);
  CHECK_EQ(g_fault.count, 0);
  SCB_CCR |= CCR_DIV_0_TRP;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  CHECK_EQ(sdiv_zero(), 0xFA017u);
  CHECK_EQ(g_fault.count, 1);
  CHECK_EQ(g_fault.ipsr, 6);
  CHECK_EQ(g_fault.cfsr, CFSR_DIVBYZERO);
  CHECK_EQ(g_fault.first_halfword & 0xFFF0u, 0xFB90u); /* SDIV T1 */
  SCB_CCR &= ~CCR_DIV_0_TRP;

  /* Interworking to Arm state is not possible on M-profile: INVSTATE. */
  clear_fault_info();
  call_arm_state();
  CHECK_EQ(g_fault.count, 1);
  CHECK_EQ(g_fault.ipsr, 6);
  CHECK_EQ(g_fault.cfsr, CFSR_INVSTATE);

  /* Back to escalation: UsageFault disabled again. */
  SCB_SHCSR &= ~SHCSR_USGFAULTENA;
  clear_fault_info();
  CHECK_EQ(udf32(), 0xFA017u);
  CHECK_EQ(g_fault.ipsr, 3);

  printf("faults handled and skipped\n");
  return check_done();
}
