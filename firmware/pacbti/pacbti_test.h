/* Helpers shared by the PACBTI firmware programs (firmware/pacbti/, docs/firmware.md "PACBTI
 * programs"). They are compiled by clang-14 with -mbranch-protection=standard and print through
 * the platform's UART functions, called directly: newlib's printf makes indirect calls into code
 * built without BTI landing pads, which a BTI-enabled core rightly refuses. */
#ifndef PACBTI_TEST_H
#define PACBTI_TEST_H
#include <stdint.h>

#include "platform.h"

static inline void put_hex(uint32_t v) {
  static const char digits[] = "0123456789abcdef";
  platform_uart_puts("0x");
  for (int shift = 28; shift >= 0; shift -= 4) platform_uart_putc(digits[(v >> shift) & 0xFu]);
}

static inline void put_dec(uint32_t v) {
  char buf[11];
  int i = 10;
  buf[i] = '\0';
  do {
    buf[--i] = (char)('0' + v % 10u);
    v /= 10u;
  } while (v != 0);
  platform_uart_puts(&buf[i]);
}

static inline uint32_t read_control(void) {
  uint32_t v;
  __asm__ volatile("mrs %0, control" : "=r"(v));
  return v;
}

#define ID_ISAR5 (*(volatile uint32_t *)0xE000ED74u)

#endif
