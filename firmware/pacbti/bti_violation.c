/* An indirect call to code that does not start with a landing pad (BTI/PACBTI): with BTI enabled
 * the core raises an INVSTATE UsageFault at the target, which corsim reports (cause and address);
 * without PACBTI the call succeeds and the program exits with status 42. */
#include "pacbti_test.h"

/* No landing pad: written in assembly, so the compiler cannot add one. */
__asm__(
    "  .section .text.no_landing_pad,\"ax\",%progbits\n"
    "  .global no_landing_pad\n"
    "  .type no_landing_pad, %function\n"
    "  .thumb_func\n"
    "no_landing_pad:\n"
    "  movs r0, #42\n"
    "  bx lr\n"
    "  .size no_landing_pad, . - no_landing_pad\n"
    "  .text\n");
uint32_t no_landing_pad(void);
static uint32_t (*volatile target)(void) = no_landing_pad;

void HardFault_Handler(void) {
  for (;;) __asm__ volatile("b .");
}

int main(void) {
  platform_uart_puts("bti: calling code without a landing pad\n");
  const uint32_t r = target();
  platform_uart_puts("bti: the call returned\n");
  platform_semihosting_exit((int)r);
}
