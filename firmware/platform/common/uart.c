/* CMSDK APB UART0 driver (Arm CMSDK TRM DDI 0479 "APB UART"): poll STATE.TXFULL before writing
 * DATA. */
#include "platform.h"

void platform_uart_init(void) {
  /* BAUDDIV must be at least 16 (CMSDK TRM); the value does not matter to a model. */
  UART_BAUDDIV(UART0_BASE) = 16;
  UART_CTRL(UART0_BASE) = 0x3u; /* TX and RX enable */
}

void platform_uart_putc(char c) {
  while (UART_STATE(UART0_BASE) & UART_STATE_TX_FULL) {
  }
  UART_DATA(UART0_BASE) = (uint8_t)c;
}

int platform_uart_getc(void) {
  if ((UART_STATE(UART0_BASE) & UART_STATE_RX_FULL) == 0) return -1;
  return (int)(UART_DATA(UART0_BASE) & 0xFFu);
}

void platform_uart_puts(const char *s) {
  while (*s) platform_uart_putc(*s++);
}
