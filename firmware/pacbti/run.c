/* Runs compiled code with pointer authentication and branch target identification on: every
 * function signs its return address (PACBTI/PAC ... AUT) and begins with a landing pad; calls
 * through function pointers, recursion, a switch table and newlib's qsort calling back into
 * protected code must all work. Prints each result and "pacbti: all checks passed"; exit status
 * 0, or 1 when a check failed. Expected values are computed by hand in the comments. */
#include <stdlib.h>

#include "pacbti_test.h"

static int failures;

static void check(const char *what, uint32_t got, uint32_t want) {
  platform_uart_puts(what);
  platform_uart_puts(" = ");
  put_dec(got);
  if (got != want) {
    platform_uart_puts(" FAIL, want ");
    put_dec(want);
    ++failures;
  }
  platform_uart_puts("\n");
}

typedef uint32_t (*binary_op)(uint32_t, uint32_t);
__attribute__((noinline)) static uint32_t op_add(uint32_t a, uint32_t b) { return a + b; }
__attribute__((noinline)) static uint32_t op_sub(uint32_t a, uint32_t b) { return a - b; }
__attribute__((noinline)) static uint32_t op_mul(uint32_t a, uint32_t b) { return a * b; }
__attribute__((noinline)) static uint32_t op_xor(uint32_t a, uint32_t b) { return a ^ b; }
static binary_op volatile ops[4] = {op_add, op_sub, op_mul, op_xor};

__attribute__((noinline)) static uint32_t fib(uint32_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__attribute__((noinline)) static uint32_t weekday_letters(uint32_t day) {
  switch (day) {  /* dense: a TBB/TBH table, a PC-relative branch that needs no landing pad */
    case 0: return 6;  /* Sunday */
    case 1: return 6;  /* Monday */
    case 2: return 7;  /* Tuesday */
    case 3: return 9;  /* Wednesday */
    case 4: return 8;  /* Thursday */
    case 5: return 6;  /* Friday */
    case 6: return 8;  /* Saturday */
    default: return 0;
  }
}

static int compare_ints(const void *a, const void *b) {
  const int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  platform_uart_puts("pacbti: protected code on a ");
  const uint32_t pacbti = (ID_ISAR5 >> 20) & 0xFu;
  platform_uart_puts(pacbti ? "core with PACBTI\n" : "core without PACBTI\n");
  check("ID_ISAR5.PACBTI", pacbti, 1);
  check("CONTROL has BTI_EN and PAC_EN, not UBTI_EN or UPAC_EN", (read_control() & 0xF0u) == 0x50u, 1);

  check("add(1000, 234)", ops[0](1000, 234), 1234);
  check("sub(1000, 234)", ops[1](1000, 234), 766);
  check("mul(12, 34)", ops[2](12, 34), 408);
  check("xor(0xF0F0, 0x0FF0)", ops[3](0xF0F0u, 0x0FF0u), 0xFF00u);  /* 65280 */
  check("fib(20)", fib(20), 6765);

  uint32_t letters = 0;
  for (uint32_t d = 0; d < 7; ++d) letters += weekday_letters(d);
  check("letters in the weekday names", letters, 50);  /* 6+6+7+9+8+6+8 */

  int values[10] = {5, 3, 9, 1, 7, 2, 8, 6, 4, 0};
  qsort(values, 10, sizeof values[0], compare_ints);
  uint32_t sorted = 1;
  for (int i = 0; i < 10; ++i) sorted &= values[i] == i;
  check("qsort calling back into protected code, sorted", sorted, 1);

  platform_uart_puts(failures ? "pacbti: FAILED\n" : "pacbti: all checks passed\n");
  /* Leave through semihosting directly: newlib's exit() path makes indirect calls into code
   * built without landing pads. */
  platform_semihosting_exit(failures ? 1 : 0);
}
