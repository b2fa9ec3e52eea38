/* Armv8.1-M Mainline additions to the integer ISA (Armv8-M ARM, Armv8.1-M sections):
 *  - low-overhead loops: WLS (skips the body when the count is 0), DLS, LE, and GCC's own use of
 *    them for counted loops at -O2;
 *  - conditional select: CSEL, CSINC, CSINV, CSNEG and the aliases CSET, CSETM, CINC, CINV, CNEG
 *    for every condition, checked against C comparisons. */
#include <stdint.h>
#include <stdio.h>

#include "check.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t wls_loop(uint32_t n) {
  uint32_t acc;
  __asm__ volatile(
      "movs %0, #0\n\t"
      "wls lr, %1, 2f\n\t"
      "1:\n\t"
      "adds %0, %0, #3\n\t"
      "le lr, 1b\n\t"
      "2:\n\t"
      : "=&r"(acc)
      : "r"(n)
      : "lr", "cc");
  return acc;
}

static uint32_t dls_loop(uint32_t n, uint32_t *lr_after) {
  uint32_t acc, lr;
  __asm__ volatile(
      "movs %0, #1\n\t"
      "dls lr, %2\n\t"
      "1:\n\t"
      "lsls %0, %0, #1\n\t"
      "le lr, 1b\n\t"
      "mov %1, lr\n\t"
      : "=&r"(acc), "=&r"(lr)
      : "r"(n)
      : "lr", "cc");
  *lr_after = lr;
  return acc;
}

/* Nested low-overhead loops share LR: the inner loop saves and restores it. */
static uint32_t nested_loops(uint32_t outer, uint32_t inner) {
  uint32_t acc, saved;
  __asm__ volatile(
      "movs %0, #0\n\t"
      "dls lr, %2\n\t"
      "1:\n\t"
      "mov %1, lr\n\t"
      "dls lr, %3\n\t"
      "2:\n\t"
      "adds %0, %0, #1\n\t"
      "le lr, 2b\n\t"
      "mov lr, %1\n\t"
      "le lr, 1b\n\t"
      : "=&r"(acc), "=&r"(saved)
      : "r"(outer), "r"(inner)
      : "lr", "cc");
  return acc;
}

/* A counted loop the compiler turns into DLS/LE at -O2 for Armv8.1-M. */
__attribute__((noinline)) static uint32_t dot(const int16_t *a, const int16_t *b, unsigned n) {
  int32_t sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += a[i] * b[i];
  return (uint32_t)sum;
}

static void test_low_overhead_loops(void) {
  CHECK_EQ(wls_loop(OPAQUE(0)), 0);
  CHECK_EQ(wls_loop(OPAQUE(1)), 3);
  CHECK_EQ(wls_loop(OPAQUE(7)), 21);
  uint32_t lr;
  CHECK_EQ(dls_loop(OPAQUE(1), &lr), 2);
  CHECK_EQ(dls_loop(OPAQUE(10), &lr), 1024);
  CHECK_EQ(nested_loops(OPAQUE(5), OPAQUE(7)), 35);
  int16_t a[37], b[37];
  int32_t want = 0;
  for (int i = 0; i < 37; ++i) {
    a[i] = (int16_t)(i * 3 - 50);
    b[i] = (int16_t)(1000 - i * i);
    want += a[i] * b[i];
  }
  CHECK_EQ(dot(a, b, OPAQUE(37)), (uint32_t)want);
  CHECK_EQ(dot(a, b, OPAQUE(0)), 0);
}

#define CS(op, cc, a, b, n, m)                                   \
  ({                                                             \
    uint32_t r_;                                                 \
    __asm__("cmp %1, %2\n\t" op " %0, %3, %4, " #cc              \
            : "=r"(r_)                                           \
            : "r"(a), "r"(b), "r"(n), "r"(m)                     \
            : "cc");                                             \
    r_;                                                          \
  })
#define CS1(op, cc, a, b, n)                                     \
  ({                                                             \
    uint32_t r_;                                                 \
    __asm__("cmp %1, %2\n\t" op " %0, %3, " #cc                  \
            : "=r"(r_)                                           \
            : "r"(a), "r"(b), "r"(n)                             \
            : "cc");                                             \
    r_;                                                          \
  })
#define CS0(op, cc, a, b)                                        \
  ({                                                             \
    uint32_t r_;                                                 \
    __asm__("cmp %1, %2\n\t" op " %0, " #cc                      \
            : "=r"(r_)                                           \
            : "r"(a), "r"(b)                                     \
            : "cc");                                             \
    r_;                                                          \
  })

static void test_conditional_select(void) {
  static const uint32_t values[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 5};
  const uint32_t n = OPAQUE(0x11111111u), m = OPAQUE(0x00000042u);
  unsigned bad = 0;
  for (unsigned i = 0; i < COUNT(values); ++i)
    for (unsigned j = 0; j < COUNT(values); ++j) {
      uint32_t a = OPAQUE(values[i]), b = OPAQUE(values[j]);
      int eq = a == b, hs = a >= b, hi = a > b, ge = (int32_t)a >= (int32_t)b, gt = (int32_t)a > (int32_t)b;
      bad += CS("csel", eq, a, b, n, m) != (eq ? n : m);
      bad += CS("csel", ne, a, b, n, m) != (!eq ? n : m);
      bad += CS("csinc", hs, a, b, n, m) != (hs ? n : m + 1);
      bad += CS("csinc", lo, a, b, n, m) != (!hs ? n : m + 1);
      bad += CS("csinv", hi, a, b, n, m) != (hi ? n : ~m);
      bad += CS("csinv", ls, a, b, n, m) != (!hi ? n : ~m);
      bad += CS("csneg", ge, a, b, n, m) != (ge ? n : -m);
      bad += CS("csneg", lt, a, b, n, m) != (!ge ? n : -m);
      bad += CS("csel", gt, a, b, n, m) != (gt ? n : m);
      bad += CS("csel", le, a, b, n, m) != (!gt ? n : m);
      bad += CS0("cset", eq, a, b) != (uint32_t)eq;
      bad += CS0("csetm", gt, a, b) != (gt ? 0xFFFFFFFFu : 0);
      bad += CS1("cinc", hi, a, b, n) != (hi ? n + 1 : n);
      bad += CS1("cinv", lt, a, b, n) != (!ge ? ~n : n);
      bad += CS1("cneg", hs, a, b, n) != (hs ? -n : n);
    }
  CHECK_EQ(bad, 0);
}

int main(void) {
  check_begin("armv81m");
  test_low_overhead_loops();
  test_conditional_select();
  printf("Armv8.1-M checks done\n");
  return check_done();
}
