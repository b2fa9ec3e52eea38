/* DSP extension and bit manipulation: ACLE intrinsics (arm_acle.h) for the saturating, SIMD32,
 * dual-multiply and SAD instructions; GE flags observed through SEL and the Q flag through
 * MRS APSR in inline assembly; CLZ/REV/REV16/REVSH/RBIT; bitfield extract and insert.
 * Every result is compared with a plain-C model of the Arm ARM pseudocode (Armv8-M ARM, chapter
 * C2 instruction descriptions: SignedSat, UnsignedSat, the GE[] assignments) over a grid of
 * operands. */
#include <arm_acle.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const uint32_t kValues[] = {
    0x00000000u, 0x00000001u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x7FFF7FFFu, 0x80008000u,
    0x00017FFFu, 0xFFFF8000u, 0x12345678u, 0x9ABCDEF0u, 0x7F807F80u, 0x80FF01FEu, 0x00FF00FFu,
    0x40004000u, 0xC0010002u,
};

/* ---- Reference models ---- */
static int64_t sat_signed(int64_t v, unsigned bits, int *sat) {
  int64_t hi = ((int64_t)1 << (bits - 1)) - 1, lo = -((int64_t)1 << (bits - 1));
  if (v > hi) { *sat = 1; return hi; }
  if (v < lo) { *sat = 1; return lo; }
  return v;
}
static int64_t sat_unsigned(int64_t v, unsigned bits, int *sat) {
  int64_t hi = ((int64_t)1 << bits) - 1;
  if (v > hi) { *sat = 1; return hi; }
  if (v < 0) { *sat = 1; return 0; }
  return v;
}
static int32_t s16(uint32_t x, int half) { return (int16_t)(x >> (16 * half)); }
static uint32_t u16(uint32_t x, int half) { return (x >> (16 * half)) & 0xFFFFu; }
static int32_t s8(uint32_t x, int lane) { return (int8_t)(x >> (8 * lane)); }
static uint32_t u8(uint32_t x, int lane) { return (x >> (8 * lane)) & 0xFFu; }
static uint32_t pack16(int64_t lo, int64_t hi) { return ((uint32_t)lo & 0xFFFFu) | ((uint32_t)hi << 16); }
static uint32_t pack8(const int64_t v[4]) {
  return ((uint32_t)v[0] & 0xFF) | ((uint32_t)v[1] & 0xFF) << 8 | ((uint32_t)v[2] & 0xFF) << 16 | (uint32_t)v[3] << 24;
}

/* Result and GE mask (one byte of 0xFF per set GE bit, as SEL 0xFFFFFFFF, 0 shows it). */
struct Simd { uint32_t value, ge; };

enum Op16 { kSadd16, kSsub16, kSasx, kSsax, kUadd16, kUsub16, kUasx, kUsax };
static struct Simd ref16(enum Op16 op, uint32_t a, uint32_t b) {
  int is_signed = op <= kSsax;
  int64_t a0 = is_signed ? s16(a, 0) : (int64_t)u16(a, 0), a1 = is_signed ? s16(a, 1) : (int64_t)u16(a, 1);
  int64_t b0 = is_signed ? s16(b, 0) : (int64_t)u16(b, 0), b1 = is_signed ? s16(b, 1) : (int64_t)u16(b, 1);
  int64_t lo = 0, hi = 0;
  switch (op) {
    case kSadd16: case kUadd16: lo = a0 + b0; hi = a1 + b1; break;
    case kSsub16: case kUsub16: lo = a0 - b0; hi = a1 - b1; break;
    case kSasx: case kUasx: lo = a0 - b1; hi = a1 + b0; break;
    case kSsax: case kUsax: lo = a0 + b1; hi = a1 - b0; break;
  }
  /* Signed: GE = result >= 0. Unsigned: a sum sets GE on carry (>= 0x10000), a difference when
   * there is no borrow (>= 0). */
  int lo_is_sum = op == kSadd16 || op == kUadd16 || op == kSsax || op == kUsax;
  int hi_is_sum = op == kSadd16 || op == kUadd16 || op == kSasx || op == kUasx;
  int ge_lo = is_signed ? lo >= 0 : lo_is_sum ? lo >= 0x10000 : lo >= 0;
  int ge_hi = is_signed ? hi >= 0 : hi_is_sum ? hi >= 0x10000 : hi >= 0;
  struct Simd r = {pack16(lo, hi), (ge_lo ? 0x0000FFFFu : 0) | (ge_hi ? 0xFFFF0000u : 0)};
  return r;
}

enum Op8 { kSadd8, kSsub8, kUadd8, kUsub8 };
static struct Simd ref8(enum Op8 op, uint32_t a, uint32_t b) {
  int64_t v[4];
  uint32_t ge = 0;
  for (int i = 0; i < 4; ++i) {
    int64_t x = op <= kSsub8 ? s8(a, i) : (int64_t)u8(a, i), y = op <= kSsub8 ? s8(b, i) : (int64_t)u8(b, i);
    v[i] = (op == kSadd8 || op == kUadd8) ? x + y : x - y;
    int g = op == kUadd8 ? v[i] >= 0x100 : v[i] >= 0;
    if (g) ge |= 0xFFu << (8 * i);
  }
  struct Simd r = {pack8(v), ge};
  return r;
}

/* ---- Hardware: the operation then SEL, in one asm so nothing lands between them. ---- */
#define HW_GE(insn, a, b)                                                    \
  ({                                                                         \
    struct Simd r_;                                                          \
    __asm__(insn " %0, %2, %3\n\tsel %1, %4, %5"                             \
            : "=&r"(r_.value), "=&r"(r_.ge)                                  \
            : "r"(a), "r"(b), "r"(0xFFFFFFFFu), "r"(0u));                    \
    r_;                                                                      \
  })

/* Runs insn with APSR.Q cleared first and returns the Q flag afterwards. */
#define Q_AFTER(insn_with_operands, ...)                                                  \
  ({                                                                                      \
    uint32_t apsr_;                                                                       \
    __asm__ volatile("msr APSR_nzcvq, %[zero]\n\t" insn_with_operands "\n\tmrs %[f], apsr" \
                     : [f] "=&r"(apsr_), ##__VA_ARGS__);                                  \
    (apsr_ >> 27) & 1u;                                                                   \
  })

static void test_simd_ge(void) {
  unsigned bad = 0;
  for (unsigned i = 0; i < COUNT(kValues); ++i)
    for (unsigned j = 0; j < COUNT(kValues); ++j) {
      uint32_t a = OPAQUE(kValues[i]), b = OPAQUE(kValues[j]);
      struct Simd h, r;
#define CMP(hw, ref) (h = (hw), r = (ref), (h.value != r.value) + (h.ge != r.ge))
      bad += CMP(HW_GE("sadd16", a, b), ref16(kSadd16, a, b));
      bad += CMP(HW_GE("ssub16", a, b), ref16(kSsub16, a, b));
      bad += CMP(HW_GE("sasx", a, b), ref16(kSasx, a, b));
      bad += CMP(HW_GE("ssax", a, b), ref16(kSsax, a, b));
      bad += CMP(HW_GE("uadd16", a, b), ref16(kUadd16, a, b));
      bad += CMP(HW_GE("usub16", a, b), ref16(kUsub16, a, b));
      bad += CMP(HW_GE("uasx", a, b), ref16(kUasx, a, b));
      bad += CMP(HW_GE("usax", a, b), ref16(kUsax, a, b));
      bad += CMP(HW_GE("sadd8", a, b), ref8(kSadd8, a, b));
      bad += CMP(HW_GE("ssub8", a, b), ref8(kSsub8, a, b));
      bad += CMP(HW_GE("uadd8", a, b), ref8(kUadd8, a, b));
      bad += CMP(HW_GE("usub8", a, b), ref8(kUsub8, a, b));
      /* The intrinsics give the same values. */
      bad += (uint32_t)__sadd16((int16x2_t)a, (int16x2_t)b) != ref16(kSadd16, a, b).value;
      bad += (uint32_t)__usub16(a, b) != ref16(kUsub16, a, b).value;
      bad += (uint32_t)__ssax((int16x2_t)a, (int16x2_t)b) != ref16(kSsax, a, b).value;
      bad += (uint32_t)__uadd8(a, b) != ref8(kUadd8, a, b).value;
      bad += (uint32_t)__ssub8((int8x4_t)a, (int8x4_t)b) != ref8(kSsub8, a, b).value;
#undef CMP
    }
  CHECK_EQ(bad, 0);
}

static void test_saturating_simd(void) {
  unsigned bad = 0;
  for (unsigned i = 0; i < COUNT(kValues); ++i)
    for (unsigned j = 0; j < COUNT(kValues); ++j) {
      uint32_t a = OPAQUE(kValues[i]), b = OPAQUE(kValues[j]);
      int sat = 0;
      int64_t v[4], w[4];
      /* 16-bit lanes: signed and unsigned saturation, halving. */
      bad += (uint32_t)__qadd16((int16x2_t)a, (int16x2_t)b) !=
             pack16(sat_signed(s16(a, 0) + s16(b, 0), 16, &sat), sat_signed(s16(a, 1) + s16(b, 1), 16, &sat));
      bad += (uint32_t)__qsub16((int16x2_t)a, (int16x2_t)b) !=
             pack16(sat_signed(s16(a, 0) - s16(b, 0), 16, &sat), sat_signed(s16(a, 1) - s16(b, 1), 16, &sat));
      bad += (uint32_t)__qasx((int16x2_t)a, (int16x2_t)b) !=
             pack16(sat_signed(s16(a, 0) - s16(b, 1), 16, &sat), sat_signed(s16(a, 1) + s16(b, 0), 16, &sat));
      bad += (uint32_t)__uqadd16(a, b) !=
             pack16(sat_unsigned((int64_t)u16(a, 0) + u16(b, 0), 16, &sat), sat_unsigned((int64_t)u16(a, 1) + u16(b, 1), 16, &sat));
      bad += (uint32_t)__uqsub16(a, b) !=
             pack16(sat_unsigned((int64_t)u16(a, 0) - u16(b, 0), 16, &sat), sat_unsigned((int64_t)u16(a, 1) - u16(b, 1), 16, &sat));
      bad += (uint32_t)__shadd16((int16x2_t)a, (int16x2_t)b) !=
             pack16((s16(a, 0) + s16(b, 0)) >> 1, (s16(a, 1) + s16(b, 1)) >> 1);
      bad += (uint32_t)__shsub16((int16x2_t)a, (int16x2_t)b) !=
             pack16((s16(a, 0) - s16(b, 0)) >> 1, (s16(a, 1) - s16(b, 1)) >> 1);
      bad += (uint32_t)__uhadd16(a, b) != pack16((u16(a, 0) + u16(b, 0)) >> 1, (u16(a, 1) + u16(b, 1)) >> 1);
      bad += (uint32_t)__uhsub16(a, b) !=
             pack16(((int64_t)u16(a, 0) - u16(b, 0)) >> 1, ((int64_t)u16(a, 1) - u16(b, 1)) >> 1);
      /* 8-bit lanes. */
      for (int k = 0; k < 4; ++k) {
        v[k] = sat_signed(s8(a, k) + s8(b, k), 8, &sat);
        w[k] = sat_unsigned((int64_t)u8(a, k) - u8(b, k), 8, &sat);
      }
      bad += (uint32_t)__qadd8((int8x4_t)a, (int8x4_t)b) != pack8(v);
      bad += (uint32_t)__uqsub8(a, b) != pack8(w);
      for (int k = 0; k < 4; ++k) {
        v[k] = (s8(a, k) - s8(b, k)) >> 1;
        w[k] = (u8(a, k) + u8(b, k)) >> 1;
      }
      bad += (uint32_t)__shsub8((int8x4_t)a, (int8x4_t)b) != pack8(v);
      bad += (uint32_t)__uhadd8(a, b) != pack8(w);
      /* Sum of absolute differences. */
      uint32_t sad = 0;
      for (int k = 0; k < 4; ++k) sad += (uint32_t)(u8(a, k) > u8(b, k) ? u8(a, k) - u8(b, k) : u8(b, k) - u8(a, k));
      bad += __usad8(a, b) != sad;
      bad += __usada8(a, b, 1000u) != sad + 1000u;
    }
  CHECK_EQ(bad, 0);
}

static void test_saturate_and_q(void) {
  unsigned bad = 0, bad_q = 0;
  for (unsigned i = 0; i < COUNT(kValues); ++i)
    for (unsigned j = 0; j < COUNT(kValues); ++j) {
      int32_t a = (int32_t)OPAQUE(kValues[i]), b = (int32_t)OPAQUE(kValues[j]);
      int sat = 0;
      int32_t want = (int32_t)sat_signed((int64_t)a + b, 32, &sat);
      bad += __qadd(a, b) != want;
      int32_t got;
      bad_q += Q_AFTER("qadd %[r], %[a], %[b]", [r] "=&r"(got) : [a] "r"(a), [b] "r"(b), [zero] "r"(0u)) != (uint32_t)sat;
      sat = 0;
      want = (int32_t)sat_signed((int64_t)a - b, 32, &sat);
      bad += __qsub(a, b) != want;
      bad_q += Q_AFTER("qsub %[r], %[a], %[b]", [r] "=&r"(got) : [a] "r"(a), [b] "r"(b), [zero] "r"(0u)) != (uint32_t)sat;
      sat = 0;
      int32_t doubled = (int32_t)sat_signed(2 * (int64_t)b, 32, &sat);
      want = (int32_t)sat_signed((int64_t)a + doubled, 32, &sat);
      int32_t qdadd;
      __asm__("qdadd %0, %1, %2" : "=r"(qdadd) : "r"(a), "r"(b));
      bad += qdadd != want;
      /* Dual 16x16 multiply-accumulate; Q on signed overflow of the accumulation. */
      int64_t p0 = (int64_t)s16(a, 0) * s16(b, 0), p1 = (int64_t)s16(a, 1) * s16(b, 1);
      int64_t x0 = (int64_t)s16(a, 0) * s16(b, 1), x1 = (int64_t)s16(a, 1) * s16(b, 0);
      int32_t acc = 0x7FFF0000;
      bad += __smuad((int16x2_t)a, (int16x2_t)b) != (int32_t)(p0 + p1);
      bad += __smusd((int16x2_t)a, (int16x2_t)b) != (int32_t)(p0 - p1);
      bad += __smuadx((int16x2_t)a, (int16x2_t)b) != (int32_t)(x0 + x1);
      bad += __smusdx((int16x2_t)a, (int16x2_t)b) != (int32_t)(x0 - x1);
      bad += __smlad((int16x2_t)a, (int16x2_t)b, acc) != (int32_t)(uint32_t)(p0 + p1 + acc);
      bad += __smladx((int16x2_t)a, (int16x2_t)b, acc) != (int32_t)(uint32_t)(x0 + x1 + acc);
      bad += __smlsd((int16x2_t)a, (int16x2_t)b, acc) != (int32_t)(uint32_t)(p0 - p1 + acc);
      bad += __smlsdx((int16x2_t)a, (int16x2_t)b, acc) != (int32_t)(uint32_t)(x0 - x1 + acc);
      int64_t sum = p0 + p1 + acc;
      uint32_t q_want = sum != (int32_t)sum;
      bad_q += Q_AFTER("smlad %[r], %[a], %[b], %[c]", [r] "=&r"(got) : [a] "r"(a), [b] "r"(b), [c] "r"(acc), [zero] "r"(0u)) != q_want;
      int64_t acc64 = -0x123456789LL;
      bad += __smlald((int16x2_t)a, (int16x2_t)b, acc64) != acc64 + p0 + p1;
      bad += __smlaldx((int16x2_t)a, (int16x2_t)b, acc64) != acc64 + x0 + x1;
      bad += __smlsld((int16x2_t)a, (int16x2_t)b, acc64) != acc64 + p0 - p1;
      /* 16x16 and 32x16 multiply-accumulate. */
      bad += __smlabb(a, b, 5) != (int32_t)(uint32_t)(p0 + 5);
      bad += __smlatt(a, b, 5) != (int32_t)(uint32_t)(p1 + 5);
      bad += __smlabt(a, b, 5) != (int32_t)(uint32_t)((int64_t)s16(a, 0) * s16(b, 1) + 5);
      bad += __smlatb(a, b, 5) != (int32_t)(uint32_t)((int64_t)s16(a, 1) * s16(b, 0) + 5);
      bad += __smlawb(a, b, 7) != (int32_t)(uint32_t)((((int64_t)a * s16(b, 0)) >> 16) + 7);
      bad += __smlawt(a, b, 7) != (int32_t)(uint32_t)((((int64_t)a * s16(b, 1)) >> 16) + 7);
      int32_t smmla;
      __asm__("smmla %0, %1, %2, %3" : "=r"(smmla) : "r"(a), "r"(b), "r"(acc));
      bad += smmla != (int32_t)(uint32_t)((((int64_t)a * b) >> 32) + acc);
      __asm__("smmulr %0, %1, %2" : "=r"(smmla) : "r"(a), "r"(b));
      bad += smmla != (int32_t)(uint32_t)((((int64_t)a * b) + 0x80000000LL) >> 32);
      /* Pack and extend. */
      uint32_t pkh;
      __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(pkh) : "r"(a), "r"(b));
      bad += pkh != (((uint32_t)a & 0xFFFFu) | ((uint32_t)b << 16));
      __asm__("pkhtb %0, %1, %2, asr #16" : "=r"(pkh) : "r"(a), "r"(b));
      bad += pkh != (((uint32_t)a & 0xFFFF0000u) | (((uint32_t)(b >> 16)) & 0xFFFFu));
      bad += (uint32_t)__sxtb16((uint32_t)a) != pack16(s8((uint32_t)a, 0), s8((uint32_t)a, 2));
      bad += __uxtb16((uint32_t)a) != pack16(u8((uint32_t)a, 0), u8((uint32_t)a, 2));
      bad += (uint32_t)__sxtab16((int16x2_t)b, (uint32_t)a) !=
             pack16(s16((uint32_t)b, 0) + s8((uint32_t)a, 0), s16((uint32_t)b, 1) + s8((uint32_t)a, 2));
      bad += __uxtab16((uint32_t)b, (uint32_t)a) !=
             pack16(u16((uint32_t)b, 0) + u8((uint32_t)a, 0), u16((uint32_t)b, 1) + u8((uint32_t)a, 2));
    }
  CHECK_EQ(bad, 0);
  CHECK_EQ(bad_q, 0);

  /* SSAT/USAT (constant widths), SSAT16/USAT16, with Q. */
  bad = bad_q = 0;
  for (unsigned i = 0; i < COUNT(kValues); ++i) {
    int32_t x = (int32_t)OPAQUE(kValues[i]);
    int sat = 0;
    bad += __ssat(x, 8) != sat_signed(x, 8, &sat);
    bad += __ssat(x, 1) != sat_signed(x, 1, &sat);
    bad += __ssat(x, 16) != sat_signed(x, 16, &sat);
    bad += __ssat(x, 32) != x;
    bad += (int64_t)__usat(x, 8) != sat_unsigned(x, 8, &sat);
    bad += (int64_t)__usat(x, 0) != sat_unsigned(x, 0, &sat);
    bad += (int64_t)__usat(x, 31) != sat_unsigned(x, 31, &sat);
    bad += (uint32_t)__ssat16((int16x2_t)x, 9) !=
           pack16(sat_signed(s16(x, 0), 9, &sat), sat_signed(s16(x, 1), 9, &sat));
    bad += (uint32_t)__usat16((int16x2_t)x, 7) !=
           pack16(sat_unsigned(s16(x, 0), 7, &sat), sat_unsigned(s16(x, 1), 7, &sat));
    int32_t r;
    sat = 0;
    sat_signed((int64_t)x >> 3, 12, &sat); /* shifted operand form */
    bad_q += Q_AFTER("ssat %[r], #12, %[a], asr #3", [r] "=&r"(r) : [a] "r"(x), [zero] "r"(0u)) != (uint32_t)sat;
    bad += r != sat_signed((int64_t)x >> 3, 12, &sat);
    sat = 0;
    sat_unsigned((int64_t)(int32_t)((uint32_t)x << 4), 10, &sat);
    bad_q += Q_AFTER("usat %[r], #10, %[a], lsl #4", [r] "=&r"(r) : [a] "r"(x), [zero] "r"(0u)) != (uint32_t)sat;
    bad += r != sat_unsigned((int64_t)(int32_t)((uint32_t)x << 4), 10, &sat);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(bad_q, 0);
  /* Q is sticky: a later non-saturating QADD leaves it set. (In one asm block: GCC 12 may move the
   * ACLE __saturation_occurred() read above the QADDs at -O2 with MVE enabled.) */
  int32_t r;
  uint32_t q = Q_AFTER("qadd %[r], %[a], %[one]\n\tqadd %[r], %[r], %[m1]", [r] "=&r"(r)
                       : [a] "r"(OPAQUE(0x7FFFFFFFu)), [one] "r"(1), [m1] "r"(-1), [zero] "r"(0u));
  CHECK_EQ(q, 1);
  CHECK_EQ(r, 0x7FFFFFFEu);
}

/* ---- Bit manipulation ---- */
static uint32_t ref_rbit(uint32_t x) {
  uint32_t r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
static uint32_t ref_clz(uint32_t x) {
  uint32_t n = 0;
  for (int i = 31; i >= 0 && !((x >> i) & 1u); --i) ++n;
  return n;
}

static void test_bits(void) {
  unsigned bad = 0;
  for (unsigned i = 0; i < COUNT(kValues); ++i) {
    uint32_t x = OPAQUE(kValues[i]);
    uint32_t r;
    __asm__("clz %0, %1" : "=r"(r) : "r"(x));
    bad += r != ref_clz(x);
    bad += (x ? (uint32_t)__builtin_clz(x) : 32u) != ref_clz(x);
    __asm__("rbit %0, %1" : "=r"(r) : "r"(x));
    bad += r != ref_rbit(x);
    bad += __builtin_bswap32(x) != (u8(x, 0) << 24 | u8(x, 1) << 16 | u8(x, 2) << 8 | u8(x, 3));
    __asm__("rev16 %0, %1" : "=r"(r) : "r"(x));
    bad += r != (u8(x, 1) | u8(x, 0) << 8 | u8(x, 3) << 16 | u8(x, 2) << 24);
    __asm__("revsh %0, %1" : "=r"(r) : "r"(x));
    bad += r != (uint32_t)(int32_t)(int16_t)(u8(x, 1) | u8(x, 0) << 8);
    /* Bitfield extract/insert/clear. */
    __asm__("ubfx %0, %1, #5, #11" : "=r"(r) : "r"(x));
    bad += r != ((x >> 5) & 0x7FFu);
    __asm__("sbfx %0, %1, #9, #7" : "=r"(r) : "r"(x));
    bad += r != (uint32_t)((int32_t)(x << 16) >> 25);
    r = 0xFFFFFFFFu;
    __asm__("bfi %0, %1, #8, #12" : "+r"(r) : "r"(x));
    bad += r != ((0xFFFFFFFFu & ~(0xFFFu << 8)) | ((x & 0xFFFu) << 8));
    r = x;
    __asm__("bfc %0, #3, #20" : "+r"(r));
    bad += r != (x & ~(0xFFFFFu << 3));
    uint32_t ror;
    __asm__("ror %0, %1, %2" : "=r"(ror) : "r"(x), "r"(OPAQUE(13)));
    bad += ror != ((x >> 13) | (x << 19));
  }
  CHECK_EQ(bad, 0);

  /* Compiler-generated bitfield code (UBFX/SBFX/BFI/BFC at -O2). */
  struct Fields {
    unsigned a : 3;
    signed b : 7;
    unsigned c : 12;
    unsigned d : 10;
  } f = {0};
  volatile uint32_t seed = 0x2468ACE1u;
  f.a = seed;
  f.b = (int)(seed >> 3);
  f.c = seed >> 10;
  f.d = seed >> 22;
  CHECK_EQ(f.a, 1);
  CHECK_EQ((uint32_t)f.b, (uint32_t)((int32_t)((0x2468ACE1u >> 3) << 25) >> 25));
  CHECK_EQ(f.c, (0x2468ACE1u >> 10) & 0xFFF);
  CHECK_EQ(f.d, 0x2468ACE1u >> 22);
}

int main(void) {
  check_begin("dsp");
  test_simd_ge();
  test_saturating_simd();
  test_saturate_and_q();
  test_bits();
  printf("DSP and bit manipulation checks done\n");
  return check_done();
}
