/* External interrupts through the NVIC (Armv8-M ARM B11.2), pended by software so no device is
 * needed: enable/disable (ISER/ICER), pending (ISPR/ICPR, STIR), active (IABR), priorities
 * (IPR, values representable in the 3 bits Corstone-300 implements), preemption and nesting, tail-chaining in priority
 * order, PRIMASK/FAULTMASK/BASEPRI masking, ICSR.VECTACTIVE/RETTOBASE. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "platform.h"

#define NVIC_STIR REG32(0xE000EF00u)

static char g_log[64];
static volatile unsigned g_len;
static volatile uint32_t g_active_in_handler;
static volatile uint32_t g_vectactive;
static volatile uint32_t g_rettobase_outer, g_rettobase_inner;

static void note(char c) {
  if (g_len < sizeof g_log - 1) g_log[g_len++] = c;
  g_log[g_len] = 0;
}
static void reset_log(void) {
  g_len = 0;
  g_log[0] = 0;
}
static void barrier(void) { __asm__ volatile("dsb\n\tisb" ::: "memory"); }
static void pend(unsigned irq) {
  NVIC_ISPR(irq / 32) = 1u << (irq % 32);
  barrier();
}
static void enable(unsigned irq) {
  NVIC_ISER(irq / 32) = 1u << (irq % 32);
  barrier();
}
static void disable(unsigned irq) {
  NVIC_ICER(irq / 32) = 1u << (irq % 32);
  barrier();
}
static int is_pending(unsigned irq) { return (NVIC_ISPR(irq / 32) >> (irq % 32)) & 1u; }

/* IRQ 5: low priority; it pends IRQ 40 (higher priority), which preempts it. */
void IRQ5_Handler(void) {
  note('5');
  g_vectactive = SCB_ICSR & 0x1FFu;
  g_active_in_handler = NVIC_IABR(0);
  g_rettobase_outer = (SCB_ICSR >> 11) & 1u;
  pend(40);
  note('e');
}
void IRQ40_Handler(void) {
  note('A');
  g_rettobase_inner = (SCB_ICSR >> 11) & 1u; /* 0: IRQ 5 is still active below us */
}
void IRQ6_Handler(void) { note('6'); }
void IRQ7_Handler(void) { note('7'); }
void IRQ100_Handler(void) { note('C'); }

int main(void) {
  check_begin("nvic");
  NVIC_IPR_BYTE(5) = 0xC0;
  NVIC_IPR_BYTE(6) = 0x80;
  NVIC_IPR_BYTE(7) = 0x40;
  NVIC_IPR_BYTE(40) = 0x20;
  NVIC_IPR_BYTE(100) = 0xA0;
  CHECK_EQ(NVIC_IPR_BYTE(5), 0xC0);
  /* Only the top 3 priority bits are used: Corstone-300 implements 3 (the low 5 read as zero),
   * QEMU's AN547 all 8, and the output must be the same on both. */

  /* Disabled: pending but not taken. */
  reset_log();
  pend(6);
  CHECK(is_pending(6));
  CHECK_EQ(g_len, 0);
  NVIC_ICPR(0) = 1u << 6;
  CHECK(!is_pending(6));

  /* Enabled: taken at once; VECTACTIVE = 16 + 5, IABR shows it active, preemption by IRQ 40. */
  enable(5);
  enable(40);
  reset_log();
  pend(5);
  note('t');
  CHECK(strcmp(g_log, "5Aet") == 0);
  CHECK_EQ(g_vectactive, 16 + 5);
  CHECK_EQ(g_active_in_handler, 1u << 5);
  CHECK_EQ(g_rettobase_outer, 1);
  CHECK_EQ(g_rettobase_inner, 0);
  CHECK_EQ(NVIC_IABR(0), 0);

  /* Several pending under PRIMASK: taken in priority order when it clears. */
  enable(6);
  enable(7);
  enable(100);
  reset_log();
  __asm__ volatile("cpsid i" ::: "memory");
  pend(6);
  pend(100);
  pend(7);
  note('m');
  CHECK(is_pending(7) && is_pending(6) && is_pending(100));
  CHECK_EQ((SCB_ICSR >> 12) & 0x1FFu, 16 + 7); /* VECTPENDING: the highest priority */
  __asm__ volatile("cpsie i\n\tisb" ::: "memory");
  note('t');
  CHECK(strcmp(g_log, "m76Ct") == 0);

  /* STIR triggers by number; FAULTMASK masks like PRIMASK. */
  reset_log();
  __asm__ volatile("cpsid f" ::: "memory");
  NVIC_STIR = 100;
  barrier();
  note('f');
  __asm__ volatile("cpsie f\n\tisb" ::: "memory");
  note('t');
  CHECK(strcmp(g_log, "fCt") == 0);

  /* BASEPRI 0x80 masks priorities 0x80 and lower (IRQ 6 at 0x80, IRQ 5 at 0xC0) but not IRQ 7. */
  reset_log();
  __asm__ volatile("msr basepri, %0\n\tisb" ::"r"(0x80u) : "memory");
  pend(6);
  pend(7);
  note('b');
  __asm__ volatile("msr basepri, %0\n\tisb" ::"r"(0u) : "memory");
  note('t');
  CHECK(strcmp(g_log, "7b6t") == 0);

  /* Disabling while pending keeps it pending; enabling takes it. */
  reset_log();
  disable(6);
  pend(6);
  note('d');
  CHECK(is_pending(6));
  enable(6);
  note('t');
  CHECK(strcmp(g_log, "d6t") == 0);

  printf("interrupt order checks done\n");
  return check_done();
}
