/* printf formatting through newlib's vfprintf: integers of every size, widths, precision, flags,
 * strings and characters. Each case is formatted with snprintf and compared with the literal the C
 * standard specifies; the lines are also printed, so the console output is compared too. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static void expect(const char *got, int got_len, const char *want) {
  int ok = strcmp(got, want) == 0 && got_len == (int)strlen(want);
  if (ok) {
    check_note_pass();
    printf("[%s]\n", got);
  } else {
    check_fail(__FILE__, __LINE__, want);
    printf("  got [%s] (%d)\n", got, got_len);
  }
}

#define FMT(want, ...)                                  \
  do {                                                  \
    char b_[128];                                       \
    int n_ = snprintf(b_, sizeof b_, __VA_ARGS__);      \
    expect(b_, n_, want);                               \
  } while (0)

int main(void) {
  check_begin("printf");
  volatile int neg = -42, pos = 42, zero = 0;
  volatile unsigned big = 0xFFFFFFFFu;
  volatile long long ll = -1234567890123456789LL;
  volatile unsigned long long ull = 0xFEDCBA9876543210ULL;

  FMT("42 -42 0", "%d %i %d", pos, neg, zero);
  FMT("4294967295 ffffffff FFFFFFFF 37777777777", "%u %x %X %o", big, big, big, big);
  FMT("[   42][42   ][00042][+42][ 42]", "[%5d][%-5d][%05d][%+d][% d]", pos, pos, pos, pos, pos);
  FMT("[  -42][-0042][-42  ]", "[%5d][%05d][%-5d]", neg, neg, neg);
  FMT("[0x2a][052][0X2A]", "[%#x][%#o][%#X]", pos, pos, pos);
  FMT("[  00042][00042]", "[%7.5d][%.5d]", pos, pos);
  FMT("[   42]", "[%*d]", 5, pos);
  FMT("[42   ]", "[%-*d]", 5, pos);
  FMT("[]", "[%.0d]", zero);
  FMT("-1234567890123456789", "%lld", ll);
  FMT("18364758544493064720 fedcba9876543210", "%llu %llx", ull, ull);
  FMT("-9223372036854775808", "%lld", (long long)(-9223372036854775807LL - 1));
  FMT("-128 255 -32768 65535", "%hhd %hhu %hd %hu", (signed char)-128, (unsigned char)255,
      (short)-32768, (unsigned short)65535);
  FMT("2147483647 -2147483648", "%ld %ld", 2147483647L, (long)(-2147483647L - 1));
  FMT("[corsim][    ab][ab    ][cor]", "[%s][%6s][%-6s][%.3s]", "corsim", "ab", "ab", "corsim");
  FMT("[x][  y][%]", "[%c][%3c][%%]", 'x', 'y');
  const char *volatile null_string = NULL;
  FMT("(null)", "%s", null_string);

  /* Truncation: the return value is the length that would have been written. */
  char small[8];
  const char *volatile digits = "0123456789";
  int n = snprintf(small, sizeof small, "%s", digits);
  CHECK_EQ(n, 10);
  CHECK(strcmp(small, "0123456") == 0);

  /* printf itself, through the UART, plus puts/putchar/fputs. */
  int printed = printf("printf: %d|%5u|%-4x|%s\n", neg, 7u, 0xab, "end");
  CHECK_EQ(printed, 27);
  puts("puts line");
  putchar('!');
  putchar('\n');
  fputs("fputs to stderr\n", stderr);
  fflush(stdout);
  return check_done();
}
