/* SysTick (Armv8-M ARM B11.3): count N interrupts on the processor clock, check COUNTFLAG and the
 * counter's reload, masking by PRIMASK (the tick stays pending in ICSR.PENDSTSET and is taken
 * when PRIMASK clears), and ICSR.PENDSTSET raised by software. Prints counts, never times. */
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "platform.h"

enum { kTicks = 10, kReload = 5000, kLongReload = 0x3FFFFF };

static volatile uint32_t g_ticks;
static volatile uint32_t g_ipsr;

void SysTick_Handler(void) {
  ++g_ticks;
  g_ipsr = platform_ipsr();
}

/* Waits, with an iteration bound so a broken timer ends the test instead of hanging it. */
static int wait_for_ticks(uint32_t n) {
  for (uint32_t spins = 0; spins < 50000000u; ++spins) {
    if (g_ticks >= n) return 1;
  }
  return 0;
}

int main(void) {
  check_begin("systick");

  /* Reload and current value; CLKSOURCE = processor clock, no interrupt yet. */
  SYST_CSR = 0;
  SYST_RVR = kReload - 1;
  CHECK_EQ(SYST_RVR, kReload - 1);
  SYST_CVR = 0; /* any write clears the counter and COUNTFLAG */
  CHECK_EQ(SYST_CVR, 0);
  SCB_SHPR3 = (SCB_SHPR3 & 0x00FFFFFFu) | (0x80u << 24); /* SysTick priority */
  CHECK_EQ(SCB_SHPR3 >> 24 & 0xE0u, 0x80u); /* 3 priority bits implemented: upper bits only */

  /* Enabled without TICKINT: COUNTFLAG sets after a wrap and clears when read. A long period, so
   * the counter cannot wrap again between the two reads even on a loaded host (QEMU's SysTick
   * follows host time). */
  SYST_RVR = kLongReload;
  SYST_CSR = 0x5u; /* ENABLE | CLKSOURCE */
  uint32_t spins = 0;
  while ((SYST_CSR & (1u << 16)) == 0 && spins < 50000000u) ++spins;
  CHECK(spins < 50000000u);
  CHECK_EQ(SYST_CSR & (1u << 16), 0); /* the read that saw it set cleared it */
  uint32_t cvr = SYST_CVR;
  CHECK(cvr <= kLongReload);
  CHECK_EQ(g_ticks, 0); /* no TICKINT, no interrupt */
  SYST_CSR = 0;

  /* Interrupts: count kTicks of them. */
  SYST_RVR = kReload - 1;
  SYST_CVR = 0;
  SYST_CSR = 0x7u; /* ENABLE | TICKINT | CLKSOURCE */
  CHECK(wait_for_ticks(kTicks));
  /* Disabling the timer does not clear a tick already pended (a wrap just before the write, not
   * yet taken: QEMU takes it whenever its host-time timer fires). So stop it with PRIMASK set and
   * clear the pend before counting; nothing can pend once the timer is off. */
  __asm__ volatile("cpsid i" ::: "memory");
  SYST_CSR = 0;
  SCB_ICSR = ICSR_PENDSTCLR;
  uint32_t counted = g_ticks;
  __asm__ volatile("cpsie i\n\tisb" ::: "memory");
  CHECK(counted >= kTicks);
  CHECK_EQ(g_ipsr, 15); /* SysTick is exception 15 */
  printf("counted at least %u SysTick interrupts\n", kTicks);

  /* Stopped timer: no more ticks. */
  for (volatile int i = 0; i < 100000; ++i) {
  }
  CHECK_EQ(g_ticks, counted);

  /* PRIMASK: the tick pends but is not taken until PRIMASK clears. */
  g_ticks = 0;
  __asm__ volatile("cpsid i" ::: "memory");
  SYST_CVR = 0;
  SYST_CSR = 0x7u;
  spins = 0;
  while ((SCB_ICSR & ICSR_PENDSTSET) == 0 && spins < 50000000u) ++spins;
  SYST_CSR = 0;
  CHECK(spins < 50000000u);
  CHECK_EQ(g_ticks, 0);
  CHECK_EQ((SCB_ICSR >> 12) & 0x1FFu, 15); /* VECTPENDING = SysTick */
  __asm__ volatile("cpsie i\n\tisb" ::: "memory");
  CHECK_EQ(g_ticks, 1);
  CHECK_EQ(SCB_ICSR & ICSR_PENDSTSET, 0);

  /* Software pend through ICSR.PENDSTSET with the timer off. */
  SCB_ICSR = ICSR_PENDSTSET;
  __asm__ volatile("isb" ::: "memory");
  CHECK_EQ(g_ticks, 2);

  /* BASEPRI masks priority 0x80 and lower-priority (numerically higher) exceptions. */
  __asm__ volatile("msr basepri, %0" ::"r"(0x80u) : "memory");
  SCB_ICSR = ICSR_PENDSTSET;
  __asm__ volatile("isb" ::: "memory");
  CHECK_EQ(g_ticks, 2);
  __asm__ volatile("msr basepri, %0\n\tisb" ::"r"(0u) : "memory");
  CHECK_EQ(g_ticks, 3);

  printf("masked ticks taken after unmasking: %lu\n", (unsigned long)g_ticks);
  return check_done();
}
