/* Default_Handler and its weak aliases for every vector in startup.S: a program overrides one by
 * defining a function with the same name. (The aliases live here, not in startup.S, because GCC's
 * alias attribute needs the target in the same file, and an assembler alias would be resolved at
 * assembly time, leaving no relocation for a strong definition to win.) */
#include <stdint.h>

#include "platform.h"

static void put_hex(uint32_t v) {
  static const char digits[] = "0123456789abcdef";
  platform_uart_puts("0x");
  for (int shift = 28; shift >= 0; shift -= 4) platform_uart_putc(digits[(v >> shift) & 0xFu]);
}

/* Any exception without its own handler: say which, then end the run with a distinctive status
 * (0x80 | exception number, truncated to 8 bits) instead of hanging until a timeout. */
void Default_Handler(void) {
  uint32_t exception = platform_ipsr();
  platform_uart_puts("\nunexpected exception ");
  put_hex(exception);
  platform_uart_puts(" CFSR=");
  put_hex(SCB_CFSR);
  platform_uart_puts(" HFSR=");
  put_hex(SCB_HFSR);
  platform_uart_puts("\n");
  platform_semihosting_exit((int)(0x80u | (exception & 0x7Fu)));
}

#define WEAK_ALIAS(name) void name(void) __attribute__((weak, alias("Default_Handler")));
WEAK_ALIAS(NMI_Handler)
WEAK_ALIAS(HardFault_Handler)
WEAK_ALIAS(MemManage_Handler)
WEAK_ALIAS(BusFault_Handler)
WEAK_ALIAS(UsageFault_Handler)
WEAK_ALIAS(SecureFault_Handler)
WEAK_ALIAS(SVC_Handler)
WEAK_ALIAS(DebugMon_Handler)
WEAK_ALIAS(PendSV_Handler)
WEAK_ALIAS(SysTick_Handler)

/* IRQ0_Handler .. IRQ127_Handler (kNumExternalIrqs in startup.S). */
#define IRQ(n) WEAK_ALIAS(IRQ##n##_Handler)
#define TEN(d) IRQ(d##0) IRQ(d##1) IRQ(d##2) IRQ(d##3) IRQ(d##4) IRQ(d##5) IRQ(d##6) IRQ(d##7) IRQ(d##8) IRQ(d##9)
TEN() TEN(1) TEN(2) TEN(3) TEN(4) TEN(5) TEN(6) TEN(7) TEN(8) TEN(9) TEN(10) TEN(11)
IRQ(120) IRQ(121) IRQ(122) IRQ(123) IRQ(124) IRQ(125) IRQ(126) IRQ(127)
