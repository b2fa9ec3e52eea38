/* System-level behaviour (Armv8-M ARM chapter B3, SCB registers in B11):
 *  - a load from an address with nothing mapped is a precise BusFault (CFSR.PRECISERR, BFARVALID,
 *    BFAR = the address), escalated to HardFault unless SHCSR.BUSFAULTENA is set;
 *  - VTOR relocation: a copy of the vector table in RAM with one handler replaced;
 *  - AIRCR.PRIGROUP: equal group priority does not preempt, whatever the subpriority;
 *  - SVC while PRIMASK is set escalates to HardFault (HFSR.FORCED);
 *  - WFI wakes on a SysTick interrupt; WFE returns at once after SEV;
 *  - CPUID says Arm Cortex-M55. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "platform.h"

#define CFSR_PRECISERR (1u << 9)
#define CFSR_BFARVALID (1u << 15)
#define AIRCR_VECTKEY (0x05FAu << 16)

static volatile uint32_t g_faults, g_fault_ipsr, g_cfsr, g_hfsr, g_bfar;

void fault_c(uint32_t *frame) {
  ++g_faults;
  g_fault_ipsr = platform_ipsr();
  g_cfsr = SCB_CFSR;
  g_hfsr = SCB_HFSR;
  g_bfar = SCB_BFAR;
  SCB_CFSR = g_cfsr;
  SCB_HFSR = g_hfsr;
  const uint16_t *pc = (const uint16_t *)frame[6];
  /* A faulting SVC is not re-executed by the hardware; the others are: skip them. */
  if (!(g_hfsr & HFSR_FORCED && (pc[-1] & 0xFF00u) == 0xDF00u && g_cfsr == 0))
    frame[6] += ((pc[0] >> 11) >= 0x1Du) ? 4u : 2u;
}

#define FAULT_ENTRY(name)                  \
  __attribute__((naked)) void name(void) { \
    __asm__ volatile(                      \
        "tst lr, #4\n\t"                   \
        "ite eq\n\t"                       \
        "mrseq r0, msp\n\t"                \
        "mrsne r0, psp\n\t"                \
        "push {r4, lr}\n\t"                \
        "bl fault_c\n\t"                   \
        "pop {r4, pc}\n\t");               \
  }
FAULT_ENTRY(HardFault_Handler)
FAULT_ENTRY(BusFault_Handler)

static uint32_t load(uint32_t address) {
  uint32_t v = 0;
  __asm__ volatile("ldr %0, [%1]" : "+r"(v) : "r"(address) : "memory");
  return v;
}

static void test_bus_faults(void) {
  static const uint32_t unmapped[] = {0x00200000u, 0x02000000u, 0x20100000u, 0x40000000u, 0xF0000000u};
  for (unsigned i = 0; i < sizeof unmapped / sizeof unmapped[0]; ++i) {
    g_faults = 0;
    (void)load(OPAQUE(unmapped[i]));
    CHECK_EQ(g_faults, 1);
    CHECK_EQ(g_fault_ipsr, 3); /* escalated */
    CHECK_EQ(g_cfsr, CFSR_PRECISERR | CFSR_BFARVALID);
    CHECK_EQ(g_hfsr, HFSR_FORCED);
    CHECK_EQ(g_bfar, unmapped[i]);
  }
  SCB_SHCSR |= SHCSR_BUSFAULTENA;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  g_faults = 0;
  (void)load(OPAQUE(0x40000000u));
  CHECK_EQ(g_faults, 1);
  CHECK_EQ(g_fault_ipsr, 5); /* BusFault */
  CHECK_EQ(g_hfsr, 0);
  CHECK_EQ(g_bfar, 0x40000000u);
  SCB_SHCSR &= ~SHCSR_BUSFAULTENA;
  /* Mapped memory in every region the linker script uses does not fault. */
  g_faults = 0;
  (void)load(0x10000000u);
  (void)load(0x11000000u);
  (void)load(0x30000000u);
  (void)load(0x31000000u);
  (void)load(0x70000000u);
  CHECK_EQ(g_faults, 0);
}

/* ---- VTOR ---- */
extern uint32_t __vectors[];
static uint32_t g_ram_vectors[16 + 128] __attribute__((aligned(1024)));
static volatile uint32_t g_original_hits, g_relocated_hits;
void IRQ9_Handler(void) { ++g_original_hits; }
static void relocated_irq9(void) { ++g_relocated_hits; }

static void pend_irq(unsigned irq) {
  NVIC_ISER(irq / 32) = 1u << (irq % 32);
  NVIC_ISPR(irq / 32) = 1u << (irq % 32);
  __asm__ volatile("dsb\n\tisb" ::: "memory");
}

static void test_vtor(void) {
  pend_irq(9);
  CHECK_EQ(g_original_hits, 1);
  memcpy(g_ram_vectors, __vectors, sizeof g_ram_vectors);
  g_ram_vectors[16 + 9] = (uint32_t)(uintptr_t)relocated_irq9;
  __asm__ volatile("dsb" ::: "memory");
  SCB_VTOR = (uint32_t)(uintptr_t)g_ram_vectors;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  CHECK_EQ(SCB_VTOR, (uint32_t)(uintptr_t)g_ram_vectors);
  pend_irq(9);
  CHECK_EQ(g_relocated_hits, 1);
  CHECK_EQ(g_original_hits, 1);
  SCB_VTOR = (uint32_t)(uintptr_t)__vectors;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  pend_irq(9);
  CHECK_EQ(g_original_hits, 2);
}

/* ---- PRIGROUP ---- */
static char g_log[16];
static volatile unsigned g_len;
static void note(char c) {
  if (g_len < sizeof g_log - 1) g_log[g_len++] = c;
  g_log[g_len] = 0;
}
void IRQ10_Handler(void) {
  note('a');
  pend_irq(11); /* priority 0x20 against our 0x40 */
  note('b');
}
void IRQ11_Handler(void) { note('X'); }

static void test_prigroup(void) {
  NVIC_IPR_BYTE(10) = 0x40;
  NVIC_IPR_BYTE(11) = 0x20;
  /* PRIGROUP 0: 0x20 is a higher group priority and preempts. */
  SCB_AIRCR = AIRCR_VECTKEY | (0u << 8);
  g_len = 0;
  pend_irq(10);
  CHECK(strcmp(g_log, "aXb") == 0);
  /* PRIGROUP 6: group priority is bit 7 only; both are group 0, so no preemption. */
  SCB_AIRCR = AIRCR_VECTKEY | (6u << 8);
  CHECK_EQ((SCB_AIRCR >> 8) & 7u, 6);
  g_len = 0;
  pend_irq(10);
  CHECK(strcmp(g_log, "abX") == 0);
  SCB_AIRCR = AIRCR_VECTKEY | (0u << 8);
  CHECK_EQ((SCB_AIRCR >> 8) & 7u, 0);
}

/* ---- SVC escalation, sleep ---- */
void SVC_Handler(void) { note('S'); }
static volatile uint32_t g_ticks;
void SysTick_Handler(void) { ++g_ticks; }

static void test_svc_escalation_and_sleep(void) {
  g_faults = 0;
  g_len = 0;
  __asm__ volatile("cpsid i\n\tsvc #3\n\tcpsie i" ::: "memory");
  CHECK_EQ(g_faults, 1);
  CHECK_EQ(g_fault_ipsr, 3);
  CHECK_EQ(g_hfsr, HFSR_FORCED);
  CHECK_EQ(g_len, 0); /* the SVC handler did not run */

  /* WFI sleeps until the SysTick interrupt. */
  SYST_RVR = 20000 - 1;
  SYST_CVR = 0;
  SYST_CSR = 0x7u;
  uint32_t wakeups = 0;
  while (g_ticks < 3 && wakeups < 1000) {
    __asm__ volatile("wfi" ::: "memory");
    ++wakeups;
  }
  SYST_CSR = 0;
  CHECK(g_ticks >= 3);
  CHECK(wakeups < 1000);
  /* SEV sets the event register; the next WFE clears it and does not sleep. */
  __asm__ volatile("sev\n\twfe" ::: "memory");
  CHECK(1);
}

int main(void) {
  check_begin("system");
  uint32_t cpuid = SCB_CPUID;
  CHECK_EQ(cpuid >> 24, 0x41u);              /* implementer: Arm */
  CHECK_EQ((cpuid >> 4) & 0xFFFu, 0xD22u);   /* part: Cortex-M55 */
  CHECK_EQ((cpuid >> 16) & 0xFu, 0xFu);      /* architecture: see CPUID */
  test_bus_faults();
  test_vtor();
  test_prigroup();
  test_svc_escalation_and_sleep();
  printf("system checks done\n");
  return check_done();
}
