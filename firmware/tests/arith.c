/* Integer arithmetic: 32-bit ALU, long multiplies, hardware SDIV/UDIV (incl. the divide-by-zero
 * and overflow cases of the Arm ARM), 64-bit arithmetic through libgcc (__aeabi_ldivmod,
 * __aeabi_uldivmod) and 64-bit shifts. Expected values: arith_tables.h, generated at build time
 * by gen_arith_tables.py with Python integers. */
#include <stdint.h>

#include "check.h"
#include "arith_tables.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t hw_udiv(uint32_t n, uint32_t d) {
  uint32_t q;
  __asm__ volatile("udiv %0, %1, %2" : "=r"(q) : "r"(n), "r"(d));
  return q;
}

static int32_t hw_sdiv(int32_t n, int32_t d) {
  int32_t q;
  __asm__ volatile("sdiv %0, %1, %2" : "=r"(q) : "r"(n), "r"(d));
  return q;
}

static void test_32bit(void) {
  for (unsigned i = 0; i < COUNT(kCases32); ++i) {
    const struct Case32 *c = &kCases32[i];
    uint32_t a = OPAQUE(c->a), b = OPAQUE(c->b);
    CHECK_EQ(a + b, c->add);
    CHECK_EQ(a - b, c->sub);
    CHECK_EQ(a * b, c->mul);
    CHECK_EQ(a / b, c->udiv);
    CHECK_EQ(a % b, c->urem);
    CHECK_EQ(hw_udiv(a, b), c->udiv);
    CHECK_EQ((uint32_t)hw_sdiv((int32_t)a, (int32_t)b), c->sdiv);
    if (!(a == 0x80000000u && b == 0xFFFFFFFFu)) { /* INT_MIN / -1 is undefined in C */
      CHECK_EQ((uint32_t)((int32_t)a / (int32_t)b), c->sdiv);
      CHECK_EQ((uint32_t)((int32_t)a % (int32_t)b), c->srem);
    }
    CHECK_EQ((uint64_t)a * b, c->umull);
    CHECK_EQ((int64_t)(int32_t)a * (int32_t)b, c->smull);
    /* MLA/MLS: a*b +- a */
    CHECK_EQ(a * b + a, c->mul + c->a);
    CHECK_EQ(a - a * b, c->a - c->mul);
  }
  /* Arm ARM A7.7 SDIV/UDIV: with CCR.DIV_0_TRP clear, a divide by zero gives 0; the signed
   * overflow 0x80000000 / -1 gives 0x80000000. */
  CHECK_EQ(hw_udiv(OPAQUE(1234), OPAQUE(0)), 0);
  CHECK_EQ((uint32_t)hw_sdiv((int32_t)OPAQUE(0x80000001u), (int32_t)OPAQUE(0)), 0);
  CHECK_EQ((uint32_t)hw_sdiv((int32_t)OPAQUE(0x80000000u), (int32_t)OPAQUE(0xFFFFFFFFu)), 0x80000000u);
}

static void test_long_multiply_accumulate(void) {
  /* UMLAL / SMLAL / UMAAL through C and inline asm. */
  uint64_t acc = opaque_u64(0xFFFFFFFF00000001ull);
  uint32_t x = OPAQUE(0xFFFFFFFFu), y = OPAQUE(0xFFFFFFFFu);
  CHECK_EQ(acc + (uint64_t)x * y, 0xFFFFFFFD00000002ull); /* 2^64 wrap */
  int64_t sacc = (int64_t)opaque_u64(0x0000000100000000ull);
  CHECK_EQ((uint64_t)(sacc + (int64_t)(int32_t)x * (int32_t)OPAQUE(5)), 0x00000000FFFFFFFBull);
  uint32_t lo = OPAQUE(0xFFFFFFFFu), hi = OPAQUE(0xFFFFFFFFu);
  __asm__("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(x), "r"(y));
  /* 0xFFFFFFFF^2 + 0xFFFFFFFF + 0xFFFFFFFF = 2^64 - 1 */
  CHECK_EQ(((uint64_t)hi << 32) | lo, 0xFFFFFFFFFFFFFFFFull);
  int32_t smmul;
  __asm__("smmul %0, %1, %2" : "=r"(smmul) : "r"(OPAQUE(0x40000000u)), "r"(OPAQUE(0xC0000000u)));
  CHECK_EQ((uint32_t)smmul, 0xF0000000u);
}

static void test_64bit(void) {
  for (unsigned i = 0; i < COUNT(kCases64); ++i) {
    const struct Case64 *c = &kCases64[i];
    uint64_t a = opaque_u64(c->a), b = opaque_u64(c->b);
    CHECK_EQ(a + b, c->add);
    CHECK_EQ(a - b, c->sub);
    CHECK_EQ(a * b, c->mul);
    CHECK_EQ(a / b, c->udiv);
    CHECK_EQ(a % b, c->urem);
    if (!(a == 0x8000000000000000ull && b == 0xFFFFFFFFFFFFFFFFull)) {
      CHECK_EQ((uint64_t)((int64_t)a / (int64_t)b), c->sdiv);
      CHECK_EQ((uint64_t)((int64_t)a % (int64_t)b), c->srem);
    }
    CHECK((a < b) == (c->a < c->b));
    CHECK(((int64_t)a < (int64_t)b) == ((int64_t)c->a < (int64_t)c->b));
  }
  for (unsigned i = 0; i < COUNT(kShifts64); ++i) {
    unsigned n = OPAQUE(kShifts64[i].n);
    uint64_t v = opaque_u64(kShiftValue);
    CHECK_EQ(v << n, kShifts64[i].lsl);
    CHECK_EQ(v >> n, kShifts64[i].lsr);
    CHECK_EQ((uint64_t)((int64_t)v >> n), kShifts64[i].asr);
  }
}

static void test_flags_and_carry_chains(void) {
  /* 96-bit addition through ADDS/ADCS, and a borrow chain through SUBS/SBCS. */
  uint32_t a0 = OPAQUE(0xFFFFFFFFu), a1 = OPAQUE(0xFFFFFFFFu), a2 = OPAQUE(1);
  uint32_t b0 = OPAQUE(1), b1 = OPAQUE(0), b2 = OPAQUE(2);
  __asm__("adds %0, %0, %3\n\tadcs %1, %1, %4\n\tadc %2, %2, %5"
          : "+r"(a0), "+r"(a1), "+r"(a2)
          : "r"(b0), "r"(b1), "r"(b2)
          : "cc");
  CHECK_EQ(a0, 0);
  CHECK_EQ(a1, 0);
  CHECK_EQ(a2, 4);
  uint32_t c0 = OPAQUE(0), c1 = OPAQUE(0);
  __asm__("subs %0, %0, %2\n\tsbc %1, %1, %3" : "+r"(c0), "+r"(c1) : "r"(OPAQUE(1)), "r"(OPAQUE(0)) : "cc");
  CHECK_EQ(c0, 0xFFFFFFFFu);
  CHECK_EQ(c1, 0xFFFFFFFFu);
  /* RSB, RRX, shifted operands */
  uint32_t r;
  __asm__("rsb %0, %1, #100" : "=r"(r) : "r"(OPAQUE(58)));
  CHECK_EQ(r, 42);
  __asm__("movs %0, #0\n\tcmp %0, #0\n\trrx %0, %1" : "=&r"(r) : "r"(OPAQUE(3)) : "cc"); /* C=1 */
  CHECK_EQ(r, 0x80000001u);
  __asm__("add %0, %1, %2, lsl #3" : "=r"(r) : "r"(OPAQUE(1)), "r"(OPAQUE(2)));
  CHECK_EQ(r, 17);
  __asm__("sub %0, %1, %2, asr #2" : "=r"(r) : "r"(OPAQUE(0)), "r"(OPAQUE(0xFFFFFFF0u)));
  CHECK_EQ(r, 4);
  __asm__("eor %0, %1, %2, ror #8" : "=r"(r) : "r"(OPAQUE(0)), "r"(OPAQUE(0x12345678u)));
  CHECK_EQ(r, 0x78123456u);
}

int main(void) {
  check_begin("arith");
  test_32bit();
  test_long_multiply_accumulate();
  test_64bit();
  test_flags_and_carry_chains();
  return check_done();
}
