/* MVE compiled kernels, complex arithmetic (issue 3 item 4): FFT-style radix-2 butterflies on
 * interleaved (re, im) data with arm_mve.h intrinsics - Q15 with the halving complex add
 * (VHCADD #90/#270) and VHADD/VHSUB, Q31 with VCADD and VQDMULH twiddles, f32 with VCMUL/VCMLA
 * complex multiply and VCADD.F32 - plus an integer IDUP-indexed gather and the VADC carry chain
 * (128-bit additions). Checked against scalar references written from the Arm ARM pseudocode
 * (compiled without vectorisation) and printed, so QEMU and corsim must print the same text. */
#include <arm_mve.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define SCALAR __attribute__((noinline, optimize("no-tree-vectorize")))
#define KERNEL __attribute__((noinline))
#define NC 32 /* complex points */

static int16_t x16[2 * NC], y16[2 * NC], o16[2 * NC], r16[2 * NC];
static int32_t x32[2 * NC], y32[2 * NC], o32[2 * NC], r32[2 * NC];
static float xf[2 * NC], yf[2 * NC], of[2 * NC], rf[2 * NC];

static uint32_t seed = 777;
SCALAR static uint32_t next(void) {
  seed = seed * 1664525u + 1013904223u;
  return seed;
}
SCALAR static void fill(void) {
  for (int i = 0; i < 2 * NC; ++i) {
    x16[i] = (int16_t)next();
    y16[i] = (int16_t)(next() >> 3);
    x32[i] = (int32_t)next();
    y32[i] = (int32_t)next() >> 2;
    xf[i] = (float)((int32_t)(next() % 64) - 32) * 0.125f;
    yf[i] = (float)((int32_t)(next() % 32) - 16) * 0.25f;
  }
  x16[0] = INT16_MIN; y16[1] = INT16_MAX; x32[2] = INT32_MIN; y32[3] = INT32_MIN;
}
SCALAR static uint32_t hash(const void *p, unsigned bytes) {
  const uint8_t *b = p;
  uint32_t h = 2166136261u;
  for (unsigned i = 0; i < bytes; ++i) h = (h ^ b[i]) * 16777619u;
  return h;
}

/* Q15 radix-2 butterfly with twiddle -i: top = (x + y) / 2 (VHADD), bottom = (x - i*y) / 2 (VHCADD
 * #270: re = (x.re + y.im) / 2, im = (x.im - y.re) / 2, per the Arm ARM). */
SCALAR static void bfly16_ref(const int16_t *x, const int16_t *y, int16_t *top, int16_t *bot, int nc) {
  for (int k = 0; k < nc; ++k) {
    const int32_t xr = x[2 * k], xi = x[2 * k + 1], yr = y[2 * k], yi = y[2 * k + 1];
    top[2 * k] = (int16_t)((xr + yr) >> 1);
    top[2 * k + 1] = (int16_t)((xi + yi) >> 1);
    bot[2 * k] = (int16_t)((xr + yi) >> 1);
    bot[2 * k + 1] = (int16_t)((xi - yr) >> 1);
  }
}
KERNEL static void bfly16_mve(const int16_t *x, const int16_t *y, int16_t *top, int16_t *bot, int nc) {
  int n = 2 * nc;
  while (n > 0) {
    const mve_pred16_t p = vctp16q((uint32_t)n);
    const int16x8_t vx = vldrhq_z_s16(x, p), vy = vldrhq_z_s16(y, p);
    vstrhq_p_s16(top, vhaddq_s16(vx, vy), p);
    vstrhq_p_s16(bot, vhcaddq_rot270_s16(vx, vy), p);
    x += 8; y += 8; top += 8; bot += 8; n -= 8;
  }
}

/* Q31: x + i*y (VCADD #90, wrapping) and a twiddle multiply by a real Q31 constant (VQDMULH). */
SCALAR static int32_t qdmulh32(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  return (int32_t)(((int64_t)a * b * 2) >> 32);
}
SCALAR static void rot32_ref(const int32_t *x, const int32_t *y, int32_t *o, int nc, int32_t w) {
  for (int k = 0; k < nc; ++k) {
    o[2 * k] = qdmulh32((int32_t)((uint32_t)x[2 * k] - (uint32_t)y[2 * k + 1]), w);
    o[2 * k + 1] = qdmulh32((int32_t)((uint32_t)x[2 * k + 1] + (uint32_t)y[2 * k]), w);
  }
}
KERNEL static void rot32_mve(const int32_t *x, const int32_t *y, int32_t *o, int nc, int32_t w) {
  for (int k = 0; k < 2 * nc; k += 4)
    vstrwq_s32(o + k, vqdmulhq_n_s32(vcaddq_rot90_s32(vldrwq_s32(x + k), vldrwq_s32(y + k)), w));
}

/* f32 complex multiply x * y (VCMUL #0 gives the x.re terms, VCMLA #90 adds the x.im terms), then
 * + i * x with VCADD.F32 #90. Values are small dyadic numbers: every result is exact. */
SCALAR static void cmul_ref(const float *x, const float *y, float *o, int nc) {
  for (int k = 0; k < nc; ++k) {
    const float xr = x[2 * k], xi = x[2 * k + 1], yr = y[2 * k], yi = y[2 * k + 1];
    const float pr = xr * yr - xi * yi, pi = xr * yi + xi * yr;
    o[2 * k] = pr - xi;
    o[2 * k + 1] = pi + xr;
  }
}
KERNEL static void cmul_mve(const float *x, const float *y, float *o, int nc) {
  for (int k = 0; k < 2 * nc; k += 4) {
    const float32x4_t vx = vldrwq_f32(x + k), vy = vldrwq_f32(y + k);
    float32x4_t acc = vcmulq_f32(vx, vy);
    acc = vcmlaq_rot90_f32(acc, vx, vy);
    vstrwq_f32(o + k, vcaddq_rot90_f32(acc, vx));
  }
}

/* Bit-reversed / strided indexing with VIDUP + gather, and 128-bit adds with the VADC chain. */
KERNEL static void gather_mve(const int32_t *base, int32_t *o, uint32_t start) {
  uint32_t off = start;
  const uint32x4_t idx = vidupq_wb_u32(&off, 2);
  vstrwq_s32(o, vldrwq_gather_shifted_offset_s32(base, idx));
  const uint32x4_t widx = viwdupq_wb_u32(&off, 10, 4); /* wraps at 10 */
  vstrwq_s32(o + 4, vldrwq_gather_shifted_offset_s32(base, widx));
  o[8] = (int32_t)off;
}
KERNEL static void add128_mve(const uint32_t *a, const uint32_t *b, uint32_t *o, unsigned *carry) {
  vstrwq_u32(o, vadciq_u32(vldrwq_u32(a), vldrwq_u32(b), carry));
}

int main(void) {
  check_begin("mve_complex");
  fill();
  static int16_t bot16[2 * NC], rbot16[2 * NC];
  bfly16_ref(x16, y16, r16, rbot16, NC - 1);
  memset(o16, 0x5A, sizeof o16);
  memset(bot16, 0x5A, sizeof bot16);
  bfly16_mve(x16, y16, o16, bot16, NC - 1);
  for (int i = 0; i < 2 * (NC - 1); ++i) {
    CHECK_EQ(o16[i], r16[i]);
    CHECK_EQ(bot16[i], rbot16[i]);
  }
  CHECK_EQ((uint16_t)o16[2 * NC - 1], 0x5A5A);
  printf("q15 butterfly %08lx %08lx\n", (unsigned long)hash(o16, sizeof o16), (unsigned long)hash(bot16, sizeof bot16));

  const int32_t tw[3] = {0x5A82799A, INT32_MIN, -0x40000000};
  for (int t = 0; t < 3; ++t) {
    rot32_ref(x32, y32, r32, NC, tw[t]);
    rot32_mve(x32, y32, o32, NC, tw[t]);
    for (int i = 0; i < 2 * NC; ++i) CHECK_EQ(o32[i], r32[i]);
    printf("q31 rotate %d %08lx\n", t, (unsigned long)hash(o32, sizeof o32));
  }

  cmul_ref(xf, yf, rf, NC);
  cmul_mve(xf, yf, of, NC);
  for (int i = 0; i < 2 * NC; ++i) CHECK(memcmp(&of[i], &rf[i], 4) == 0);
  printf("f32 cmul %08lx\n", (unsigned long)hash(of, sizeof of));

  {
    int32_t g[9];
    gather_mve(x32, g, 3);
    for (int e = 0; e < 4; ++e) CHECK_EQ(g[e], x32[3 + 2 * e]);
    /* VIWDUP from offset 11 with limit 10 and step 4: 11 never equals 10 after a step of 4 from 11
     * (15, 19, ...), so the sequence runs 11, 15, 19, 23; offset ends at 27. */
    for (int e = 0; e < 4; ++e) CHECK_EQ(g[4 + e], x32[11 + 4 * e]);
    CHECK_EQ(g[8], 27);
    printf("gather %08lx\n", (unsigned long)hash(g, sizeof g));
  }
  {
    const uint32_t a[4] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0x12345678u, 0x80000000u};
    const uint32_t b[4] = {1, 0, 0xEDCBA987u, 0x80000000u};
    uint32_t o[4];
    unsigned carry = 7;
    add128_mve(a, b, o, &carry);
    CHECK_EQ(o[0], 0);
    CHECK_EQ(o[1], 0);
    CHECK_EQ(o[2], 0);
    CHECK_EQ(o[3], 1);
    CHECK_EQ(carry, 1);
    printf("add128 %08lx %08lx %08lx %08lx carry %u\n", (unsigned long)o[3], (unsigned long)o[2],
           (unsigned long)o[1], (unsigned long)o[0], carry);
  }
  return check_done();
}
