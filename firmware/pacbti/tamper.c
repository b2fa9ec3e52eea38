/* A stack buffer overflow overwrites the saved return address (and the saved PAC) of victim().
 * On a core with PACBTI enabled, victim's AUT finds the PAC does not match and raises an INVSTATE
 * UsageFault there: corsim reports the fault at the AUT and exits with a non-zero status. On a
 * core without PACBTI the AUT is a NOP and the return lands in hijacked(), which says so and exits
 * with status 42. */
#include "pacbti_test.h"

__attribute__((noinline)) void hijacked(void) {
  platform_uart_puts("tamper: control flow hijacked\n");
  platform_semihosting_exit(42);
}

/* The overflow: 11 words into a 4-word buffer reach the saved R12 (the PAC) and LR (clang-14's
 * frame: buf, then r8 and r12, then r4-r7 and lr). */
__attribute__((noinline)) uint32_t victim(const uint32_t *src, int n) {
  volatile uint32_t buf[4];
  for (int i = 0; i < n; ++i) buf[i] = src[i];
  return buf[0];
}

/* An unhandled fault: spin, which corsim reports with the fault's cause and address. */
void HardFault_Handler(void) {
  for (;;) __asm__ volatile("b .");
}

int main(void) {
  platform_uart_puts("tamper: overflowing a stack buffer\n");
  uint32_t attack[11];
  for (int i = 0; i < 11; ++i) attack[i] = (uint32_t)(uintptr_t)&hijacked;
  victim(attack, 11);
  platform_uart_puts("tamper: victim returned normally\n");
  platform_semihosting_exit(1);
}
