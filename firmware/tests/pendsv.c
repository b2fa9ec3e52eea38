/* PendSV (Armv8-M ARM B3.x): pended by software through ICSR.PENDSVSET, taken at once when its
 * priority allows, held off by PRIMASK and by a running handler of higher priority, and then
 * tail-chained after it. The order of events is recorded and checked. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "platform.h"

static char g_log[64];
static volatile unsigned g_len;
static volatile uint32_t g_pendsv_ipsr;

static void note(char c) {
  if (g_len < sizeof g_log - 1) g_log[g_len++] = c;
  g_log[g_len] = 0;
}

void PendSV_Handler(void) {
  g_pendsv_ipsr = platform_ipsr();
  note('P');
}

/* SVC has a higher priority than PendSV here; pending PendSV from inside it must not preempt. */
void SVC_Handler(void) {
  note('S');
  SCB_ICSR = ICSR_PENDSVSET;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  note((SCB_ICSR & ICSR_PENDSVSET) ? 'p' : '?'); /* still pending */
  note('s');
}

static void reset_log(void) {
  g_len = 0;
  g_log[0] = 0;
}

int main(void) {
  check_begin("pendsv");
  /* PendSV lowest (0xE0), SVC higher (0x40). SHPR2 bits 31:24 = SVCall, SHPR3 bits 23:16 = PendSV. */
  SCB_SHPR2 = 0x40u << 24;
  SCB_SHPR3 = (SCB_SHPR3 & 0xFF00FFFFu) | (0xE0u << 16);
  CHECK_EQ(SCB_SHPR2 >> 24, 0x40u);
  CHECK_EQ((SCB_SHPR3 >> 16) & 0xFFu, 0xE0u);

  /* Thread mode: taken right away. */
  reset_log();
  note('a');
  SCB_ICSR = ICSR_PENDSVSET;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  note('b');
  CHECK(strcmp(g_log, "aPb") == 0);
  CHECK_EQ(g_pendsv_ipsr, 14); /* PendSV is exception 14 */

  /* PRIMASK holds it; ICSR.PENDSVCLR removes it. */
  reset_log();
  __asm__ volatile("cpsid i" ::: "memory");
  SCB_ICSR = ICSR_PENDSVSET;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  note((SCB_ICSR & ICSR_PENDSVSET) ? 'p' : '-');
  SCB_ICSR = ICSR_PENDSVCLR;
  note((SCB_ICSR & ICSR_PENDSVSET) ? 'p' : '-');
  SCB_ICSR = ICSR_PENDSVSET;
  __asm__ volatile("cpsie i\n\tisb" ::: "memory");
  note('c');
  CHECK(strcmp(g_log, "p-Pc") == 0);

  /* Pended inside a higher-priority SVC handler: runs after it, before Thread mode resumes. */
  reset_log();
  __asm__ volatile("svc #0" ::: "memory");
  note('t');
  CHECK(strcmp(g_log, "SpsPt") == 0);

  /* Equal priority: PendSV at the SVC's priority still waits (no preemption at equal priority). */
  SCB_SHPR3 = (SCB_SHPR3 & 0xFF00FFFFu) | (0x40u << 16);
  reset_log();
  __asm__ volatile("svc #0" ::: "memory");
  note('t');
  CHECK(strcmp(g_log, "SpsPt") == 0);

  /* Higher priority: PendSV preempts the SVC handler at once. */
  SCB_SHPR3 = (SCB_SHPR3 & 0xFF00FFFFu) | (0x20u << 16);
  reset_log();
  __asm__ volatile("svc #0" ::: "memory");
  note('t');
  CHECK(strcmp(g_log, "SP?st") == 0);

  printf("event order: %s\n", g_log);
  return check_done();
}
