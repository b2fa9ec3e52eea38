/* Conditional execution: every condition code after CMP/CMN/TST/TEQ in explicit IT blocks (IT,
 * ITE, ITT, ITTE, ITEE, ITTTT ... up to four instructions), checked against C comparisons of the
 * same operands; flag-setting 16-bit instructions inside and outside IT (outside, ADDS etc. set
 * flags; inside they do not); then compiler-generated conditional code (min/max/abs/clamp,
 * select chains, switch tables through TBB/TBH, CBZ/CBNZ loops), built at -O0/-O2/-Os. */
#include <stdint.h>
#include <stdio.h>

#include "check.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Evaluates one condition after CMP a, b with an ITE block: 1 if it passed. */
#define COND_CASE(cc, inv, a, b)                      \
  ({                                                  \
    uint32_t r_;                                      \
    __asm__("cmp %1, %2\n\t"                          \
            "ite " #cc "\n\t"                         \
            "mov" #cc " %0, #1\n\t"                   \
            "mov" #inv " %0, #0"                      \
            : "=&r"(r_)                               \
            : "r"(a), "r"(b)                          \
            : "cc");                                  \
    (int)r_;                                          \
  })

static void test_condition_codes(void) {
  static const uint32_t values[] = {0, 1, 2, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu, 0xFFFFFFFEu};
  unsigned bad = 0;
  for (unsigned i = 0; i < COUNT(values); ++i)
    for (unsigned j = 0; j < COUNT(values); ++j) {
      uint32_t a = OPAQUE(values[i]), b = OPAQUE(values[j]);
      int32_t sa = (int32_t)a, sb = (int32_t)b;
      int64_t wide = (int64_t)sa - sb;
      int overflow = wide != (int32_t)(a - b);
      bad += COND_CASE(eq, ne, a, b) != (a == b);
      bad += COND_CASE(ne, eq, a, b) != (a != b);
      bad += COND_CASE(hs, lo, a, b) != (a >= b);
      bad += COND_CASE(lo, hs, a, b) != (a < b);
      bad += COND_CASE(hi, ls, a, b) != (a > b);
      bad += COND_CASE(ls, hi, a, b) != (a <= b);
      bad += COND_CASE(ge, lt, a, b) != (sa >= sb);
      bad += COND_CASE(lt, ge, a, b) != (sa < sb);
      bad += COND_CASE(gt, le, a, b) != (sa > sb);
      bad += COND_CASE(le, gt, a, b) != (sa <= sb);
      bad += COND_CASE(mi, pl, a, b) != ((int32_t)(a - b) < 0);
      bad += COND_CASE(pl, mi, a, b) != ((int32_t)(a - b) >= 0);
      bad += COND_CASE(vs, vc, a, b) != overflow;
      bad += COND_CASE(vc, vs, a, b) != !overflow;
    }
  CHECK_EQ(bad, 0);
}

static void test_it_shapes(void) {
  uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  /* ITTTT with all four executed, then ITEEE with one then three else. */
  __asm__("movs %0, #0\n\tmovs %1, #0\n\tmovs %2, #0\n\tmovs %3, #0\n\t"
          "cmp %4, #5\n\t"
          "itttt eq\n\t"
          "addeq %0, #1\n\t"
          "addeq %1, #2\n\t"
          "addeq %2, #3\n\t"
          "addeq %3, #4\n\t"
          "cmp %4, #6\n\t"
          "iteee eq\n\t"
          "addeq %0, #10\n\t"
          "addne %1, #20\n\t"
          "addne %2, #30\n\t"
          "addne %3, #40\n\t"
          : "=&l"(r0), "=&l"(r1), "=&l"(r2), "=&l"(r3)
          : "l"(OPAQUE(5))
          : "cc");
  CHECK_EQ(r0, 1);
  CHECK_EQ(r1, 22);
  CHECK_EQ(r2, 33);
  CHECK_EQ(r3, 44);

  /* Inside IT a 16-bit ADD does not set flags; outside, ADDS does (the same T1 encoding). */
  uint32_t flags_kept, flags_set;
  __asm__("movs %0, #1\n\t"   /* Z = 0 */
          "cmp %0, %0\n\t"    /* Z = 1 */
          "it eq\n\t"
          "addeq %0, %0, #1\n\t" /* 16-bit ADD (T1) inside IT: flags unchanged */
          "mrs %1, apsr\n\t"
          : "=&l"(r0), "=r"(flags_kept)
          :
          : "cc");
  CHECK_EQ(r0, 2);
  CHECK_EQ(flags_kept >> 30 & 1u, 1); /* Z still set */
  __asm__("movs %0, #0\n\t"
          "adds %0, %0, #1\n\t" /* outside IT: sets flags, Z = 0 */
          "mrs %1, apsr\n\t"
          : "=&l"(r0), "=r"(flags_set)
          :
          : "cc");
  CHECK_EQ(flags_set >> 30 & 1u, 0);

  /* TST/TEQ/CMN set flags without a result; IT with a branch as its last instruction. */
  uint32_t taken;
  __asm__("movs %0, #0\n\t"
          "tst %1, #0x100\n\t"
          "it ne\n\t"
          "bne 1f\n\t"
          "movs %0, #7\n\t"
          "1:\n\t"
          : "=&l"(taken)
          : "r"(OPAQUE(0x300))
          : "cc");
  CHECK_EQ(taken, 0);
  __asm__("movs %0, #0\n\t"
          "teq %1, %1\n\t"
          "ite ne\n\t"
          "movne %0, #1\n\t"
          "moveq %0, #2\n\t"
          : "=&l"(taken)
          : "r"(OPAQUE(0x1234))
          : "cc");
  CHECK_EQ(taken, 2);
  __asm__("cmn %1, %2\n\t" /* 0xFFFFFFFF + 1: C = 1, Z = 1 */
          "ite cs\n\t"
          "movcs %0, #3\n\t"
          "movcc %0, #4\n\t"
          : "=&l"(taken)
          : "r"(OPAQUE(0xFFFFFFFFu)), "r"(OPAQUE(1))
          : "cc");
  CHECK_EQ(taken, 3);
}

/* Compiler-generated conditionals. */
__attribute__((noinline)) static int32_t clamp(int32_t v, int32_t lo, int32_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}
__attribute__((noinline)) static uint32_t umin3(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t m = a < b ? a : b;
  return m < c ? m : c;
}
__attribute__((noinline)) static int32_t iabs(int32_t v) { return v < 0 ? -v : v; }
__attribute__((noinline)) static int sign(int32_t v) { return (v > 0) - (v < 0); }

__attribute__((noinline)) static uint32_t dense_switch(uint32_t k) {
  switch (k) {
    case 0: return 11;
    case 1: return 23;
    case 2: return 37;
    case 3: return 41;
    case 4: return 53;
    case 5: return 67;
    case 6: return 71;
    case 7: return 89;
    case 8: return 97;
    case 9: return 101;
    case 10: return 113;
    default: return 0;
  }
}

/* Many cases with far-apart bodies: GCC uses TBH when offsets exceed a byte. */
#define BIG_CASE(n) \
  case n:           \
    acc = acc * (n + 3) + (acc >> 3) + n; acc ^= acc << 7; acc += n * 977u; acc ^= acc >> 11; break;
__attribute__((noinline)) static uint32_t big_switch(uint32_t k, uint32_t acc) {
  switch (k) {
    BIG_CASE(0) BIG_CASE(1) BIG_CASE(2) BIG_CASE(3) BIG_CASE(4) BIG_CASE(5) BIG_CASE(6) BIG_CASE(7)
    BIG_CASE(8) BIG_CASE(9) BIG_CASE(10) BIG_CASE(11) BIG_CASE(12) BIG_CASE(13) BIG_CASE(14)
    BIG_CASE(15) BIG_CASE(16) BIG_CASE(17) BIG_CASE(18) BIG_CASE(19) BIG_CASE(20) BIG_CASE(21)
    BIG_CASE(22) BIG_CASE(23) BIG_CASE(24) BIG_CASE(25) BIG_CASE(26) BIG_CASE(27) BIG_CASE(28)
    BIG_CASE(29) BIG_CASE(30) BIG_CASE(31)
    default: acc = ~acc; break;
  }
  return acc;
}

static uint32_t big_switch_reference(uint32_t k, uint32_t acc) {
  if (k > 31) return ~acc;
  acc = acc * (k + 3) + (acc >> 3) + k;
  acc ^= acc << 7;
  acc += k * 977u;
  acc ^= acc >> 11;
  return acc;
}

__attribute__((noinline)) static unsigned count_nonzero(const uint8_t *p, unsigned n) {
  unsigned c = 0;
  while (n--) {
    if (*p++) ++c;
  }
  return c;
}

static void test_compiled(void) {
  CHECK_EQ(clamp((int32_t)OPAQUE(5), -3, 3), 3);
  CHECK_EQ((uint32_t)clamp((int32_t)OPAQUE(-50), -3, 3), (uint32_t)-3);
  CHECK_EQ(clamp((int32_t)OPAQUE(2), -3, 3), 2);
  CHECK_EQ(umin3(OPAQUE(9), OPAQUE(4), OPAQUE(0xFFFFFFFFu)), 4);
  CHECK_EQ(iabs((int32_t)OPAQUE(-17)), 17);
  CHECK_EQ((uint32_t)iabs((int32_t)OPAQUE(0x80000000u)), 0x80000000u);
  CHECK_EQ((uint32_t)sign((int32_t)OPAQUE(-9)), (uint32_t)-1);
  CHECK_EQ(sign((int32_t)OPAQUE(0)), 0);
  CHECK_EQ(sign((int32_t)OPAQUE(99)), 1);
  static const uint32_t primes[] = {11, 23, 37, 41, 53, 67, 71, 89, 97, 101, 113, 0, 0};
  unsigned bad = 0;
  for (uint32_t k = 0; k < 13; ++k) bad += dense_switch(OPAQUE(k)) != primes[k];
  CHECK_EQ(bad, 0);
  uint32_t acc = 1, ref = 1;
  for (uint32_t k = 0; k < 40; ++k) {
    acc = big_switch(OPAQUE(k * 7u % 37u), acc);
    ref = big_switch_reference(k * 7u % 37u, ref);
  }
  CHECK_EQ(acc, ref);
  static const uint8_t bytes[] = {0, 1, 0, 2, 3, 0, 0, 4, 5, 6, 0};
  CHECK_EQ(count_nonzero(bytes, OPAQUE(sizeof bytes)), 6);
  CHECK_EQ(count_nonzero(bytes, OPAQUE(0)), 0);
}

int main(void) {
  check_begin("conditional");
  test_condition_codes();
  test_it_shapes();
  test_compiled();
  printf("conditional execution checks done\n");
  return check_done();
}
