/* MVE compiled kernels, integer (issue 3 item 4): int8 dot products and a 1-D convolution as GCC 12
 * auto-vectorises them at -O3 for Cortex-M55, the same with arm_mve.h intrinsics in tail-predicated
 * loops (VCTP + predicated loads and VMLADAVA, and a DLSTP/LETP loop), saturating int8 arithmetic, requantisation
 * (VQRDMULH + rounding shift + narrowing), and the across-vector reductions. Every result is
 * checked against a scalar reference written from the C standard / Arm ARM pseudocode (compiled
 * without vectorisation) and printed, so QEMU and corsim must print the same text. */
#include <arm_mve.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

#define SCALAR __attribute__((noinline, optimize("no-tree-vectorize")))
#define KERNEL __attribute__((noinline))
#define N 203 /* not a multiple of 16: every loop has a tail */

static int8_t a8[N], b8[N], out8[N], ref8[N];
static int32_t acc32[N];

static uint32_t seed = 12345;
SCALAR static uint32_t next(void) {
  seed = seed * 1103515245u + 12345u;
  return seed >> 8;
}
SCALAR static void fill(void) {
  for (int i = 0; i < N; ++i) {
    a8[i] = (int8_t)next();
    b8[i] = (int8_t)next();
    acc32[i] = (int32_t)(next() << 8) >> 6;
  }
  a8[3] = -128; b8[3] = -128; a8[4] = 127; b8[4] = 127; a8[5] = -128; b8[5] = 127;
}
SCALAR static uint32_t hash8(const int8_t *p, int n) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < n; ++i) h = (h ^ (uint8_t)p[i]) * 16777619u;
  return h;
}

/* ---- dot products ---- */
SCALAR static int32_t dot_ref(const int8_t *a, const int8_t *b, int n) {
  int32_t s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
KERNEL static int32_t dot_auto(const int8_t *a, const int8_t *b, int n) {
  int32_t s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
KERNEL static int32_t dot_mve(const int8_t *a, const int8_t *b, int n) {
  int32_t acc = 0;
  while (n > 0) {
    const mve_pred16_t p = vctp8q((uint32_t)n);
    acc = vmladavaq_p_s8(acc, vldrbq_z_s8(a, p), vldrbq_z_s8(b, p), p);
    a += 16; b += 16; n -= 16;
  }
  return acc;
}
KERNEL static int64_t dot16_long_mve(const int16_t *a, const int16_t *b, int n) {
  int64_t acc = 0;
  while (n > 0) {
    const mve_pred16_t p = vctp16q((uint32_t)n);
    acc = vmlaldavaq_p_s16(acc, vldrhq_z_s16(a, p), vldrhq_z_s16(b, p), p);
    a += 8; b += 8; n -= 8;
  }
  return acc;
}

/* A hand-written tail-predicated loop (DLSTP.8 / LETP, as CMSIS-NN writes them): GCC 12 does not
 * emit DLSTP itself. The last iteration runs with LTPSIZE-predicated lanes. */
KERNEL static int32_t dot_dlstp(const int8_t *a, const int8_t *b, int n) {
  int32_t acc = 0;
  __asm__ volatile(
      "dlstp.8 lr, %[n]\n"
      "1:\n\t"
      "vldrb.8 q0, [%[a]], #16\n\t"
      "vldrb.8 q1, [%[b]], #16\n\t"
      "vmladava.s8 %[acc], q0, q1\n\t"
      "letp lr, 1b\n"
      : [acc] "+r"(acc), [a] "+r"(a), [b] "+r"(b)
      : [n] "r"(n)
      : "lr", "q0", "q1", "memory");
  return acc;
}

/* ---- element-wise loops GCC 12 vectorises (restrict, no widening): VADD.I8, VMUL.I32 + VADDV,
 * VMAX.S16, VSHR ---- */
SCALAR static void elementwise_ref(int8_t *o8, int16_t *o16, int32_t *o32, int32_t *dot, const int8_t *a,
                                   const int8_t *b, const int16_t *c, const int16_t *d, const int32_t *e, int n) {
  int32_t s = 0;
  for (int i = 0; i < n; ++i) {
    o8[i] = (int8_t)(a[i] + b[i]);
    o16[i] = c[i] > d[i] ? c[i] : d[i];
    o32[i] = (e[i] * 3) >> 2;
    s += e[i] * (int32_t)c[i];
  }
  *dot = s;
}
KERNEL static void add8_auto(int8_t *restrict o, const int8_t *restrict a, const int8_t *restrict b, int n) {
  for (int i = 0; i < n; ++i) o[i] = (int8_t)(a[i] + b[i]);
}
KERNEL static void max16_auto(int16_t *restrict o, const int16_t *restrict a, const int16_t *restrict b, int n) {
  for (int i = 0; i < n; ++i) o[i] = a[i] > b[i] ? a[i] : b[i];
}
KERNEL static void scale32_auto(int32_t *restrict o, const int32_t *restrict a, int n) {
  for (int i = 0; i < n; ++i) o[i] = (a[i] * 3) >> 2;
}
KERNEL static int32_t dot32_auto(const int32_t *restrict a, const int32_t *restrict b, int n) {
  int32_t s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

/* ---- 1-D convolution, 5 taps, int8 in, int32 out ---- */
SCALAR static void conv_ref(const int8_t *x, const int8_t *w, int32_t *y, int n) {
  for (int i = 0; i + 5 <= n; ++i) {
    int32_t s = 0;
    for (int k = 0; k < 5; ++k) s += x[i + k] * w[k];
    y[i] = s;
  }
}
KERNEL static void conv_auto(const int8_t *x, const int8_t *w, int32_t *y, int n) {
  for (int i = 0; i + 5 <= n; ++i) {
    int32_t s = 0;
    for (int k = 0; k < 5; ++k) s += x[i + k] * w[k];
    y[i] = s;
  }
}

/* ---- saturating int8 ---- */
SCALAR static int8_t sat8(int32_t v) { return (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v); }
SCALAR static void qadd_ref(const int8_t *a, const int8_t *b, int8_t *o, int n) {
  for (int i = 0; i < n; ++i) o[i] = sat8(sat8(a[i] + b[i]) - (a[i] >> 1));
}
KERNEL static void qadd_auto(const int8_t *a, const int8_t *b, int8_t *o, int n) {
  for (int i = 0; i < n; ++i) {
    int32_t s = a[i] + b[i];
    s = s > 127 ? 127 : s < -128 ? -128 : s;
    int32_t d = s - (a[i] >> 1);
    o[i] = (int8_t)(d > 127 ? 127 : d < -128 ? -128 : d);
  }
}
KERNEL static void qadd_mve(const int8_t *a, const int8_t *b, int8_t *o, int n) {
  while (n > 0) {
    const mve_pred16_t p = vctp8q((uint32_t)n);
    const int8x16_t va = vldrbq_z_s8(a, p), vb = vldrbq_z_s8(b, p);
    vstrbq_p_s8(o, vqsubq_s8(vqaddq_s8(va, vb), vshrq_n_s8(va, 1)), p);
    a += 16; b += 16; o += 16; n -= 16;
  }
}

/* ---- requantisation: int32 accumulator -> int8 (TFLite-style, as CMSIS-NN arm_nn_requantize) --- */
SCALAR static int32_t sqrdmulh_ref(int32_t a, int32_t b) { /* Arm ARM VQRDMULH, esize 32 */
  const int64_t p = 2 * (int64_t)a * b + ((int64_t)1 << 31);
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  return (int32_t)(p >> 32);
}
SCALAR static int32_t rshr_ref(int32_t v, int s) { /* rounding shift right (VRSHL by -s) */
  return (int32_t)(((int64_t)v + ((int64_t)1 << (s - 1))) >> s);
}
SCALAR static void requant_ref(const int32_t *acc, int8_t *o, int n, int32_t mult, int shift, int32_t zp) {
  for (int i = 0; i < n; ++i) {
    int32_t v = rshr_ref(sqrdmulh_ref(acc[i], mult), shift) + zp;
    o[i] = sat8(v);
  }
}
KERNEL static void requant_mve(const int32_t *acc, int8_t *o, int n, int32_t mult, int shift, int32_t zp) {
  while (n > 0) {
    const mve_pred16_t p = vctp32q((uint32_t)n);
    int32x4_t v = vqrdmulhq_n_s32(vldrwq_z_s32(acc, p), mult);
    v = vrshlq_n_s32(v, -shift);
    v = vaddq_n_s32(v, zp);
    v = vmaxq_s32(vminq_s32(v, vdupq_n_s32(127)), vdupq_n_s32(-128));
    vstrbq_p_s32(o, v, p);
    acc += 4; o += 4; n -= 4;
  }
}

/* ---- reductions ---- */
KERNEL static void reductions(const int8_t *a, const int8_t *b, int32_t *r) {
  const int8x16_t va = vldrbq_s8(a), vb = vldrbq_s8(b);
  const int32x4_t w = vldrwq_s32((const int32_t *)a);
  r[0] = vaddvq_s8(va);
  r[1] = vmaxvq_s8(INT8_MIN, va);
  r[2] = vminvq_s8(INT8_MAX, vb);
  r[3] = (int32_t)vmaxavq_s8(0, va);
  r[4] = (int32_t)vabavq_s8(7, va, vb);
  r[5] = vmladavxq_s8(va, vb);
  r[6] = vmlsdavq_s8(va, vb);
  const int64_t l = vaddlvq_s32(w);
  r[7] = (int32_t)l;
  r[8] = (int32_t)(l >> 32);
  const int64_t h = vrmlaldavhq_s32(w, w);
  r[9] = (int32_t)h;
  r[10] = (int32_t)(h >> 32);
}

int main(void) {
  check_begin("mve_int8");
  fill();
  for (int n = 0; n <= N; n += 29) {
    const int32_t want = dot_ref(a8, b8, n);
    CHECK_EQ(dot_auto(a8, b8, n), want);
    CHECK_EQ(dot_mve(a8, b8, n), want);
    if (n > 0) CHECK_EQ(dot_dlstp(a8, b8, n), want);
    printf("dot n=%d %ld\n", n, (long)want);
  }
  {
    static int16_t a16[N], b16[N];
    int64_t want = 0;
    for (int i = 0; i < N; ++i) { a16[i] = (int16_t)(a8[i] * 251); b16[i] = (int16_t)(b8[i] * 257); }
    for (int i = 0; i < N; ++i) want += (int64_t)a16[i] * b16[i];
    const int64_t got = dot16_long_mve(a16, b16, N);
    CHECK_EQ(got, want);
    printf("dot16 %08lx%08lx\n", (unsigned long)(uint32_t)(got >> 32), (unsigned long)(uint32_t)got);
  }
  {
    static int8_t o8[N], r8[N];
    static int16_t c16[N], d16[N], o16[N], r16[N];
    static int32_t c32[N], o32[N], r32[N];
    int32_t want;
    for (int i = 0; i < N; ++i) {
      c16[i] = (int16_t)(a8[i] * 200 + i);
      d16[i] = (int16_t)(b8[i] * 190 - i);
      c32[i] = c16[i];
    }
    elementwise_ref(r8, r16, r32, &want, a8, b8, c16, d16, acc32, N);
    add8_auto(o8, a8, b8, N);
    max16_auto(o16, c16, d16, N);
    scale32_auto(o32, acc32, N);
    const int32_t dot = dot32_auto(acc32, c32, N);
    uint32_t h = 0;
    for (int i = 0; i < N; ++i) {
      CHECK_EQ(o8[i], r8[i]);
      CHECK_EQ(o16[i], r16[i]);
      CHECK_EQ(o32[i], r32[i]);
      h = h * 31u + (uint32_t)o8[i] + (uint32_t)o16[i] * 7u + (uint32_t)o32[i];
    }
    CHECK_EQ(dot, want);
    printf("elementwise %08lx %08lx\n", (unsigned long)h, (unsigned long)(uint32_t)dot);
  }
  {
    static int32_t y[N], yr[N];
    const int8_t w[5] = {3, -7, 127, -128, 5};
    conv_ref(a8, w, yr, N);
    conv_auto(a8, w, y, N);
    uint32_t h = 0;
    for (int i = 0; i + 5 <= N; ++i) { CHECK_EQ(y[i], yr[i]); h = h * 31u + (uint32_t)y[i]; }
    printf("conv %08lx\n", (unsigned long)h);
  }
  qadd_ref(a8, b8, ref8, N);
  qadd_auto(a8, b8, out8, N);
  for (int i = 0; i < N; ++i) CHECK_EQ(out8[i], ref8[i]);
  printf("qadd auto %08lx\n", (unsigned long)hash8(out8, N));
  for (int i = 0; i < N; ++i) out8[i] = 0x55;
  qadd_mve(a8, b8, out8, N - 3);
  for (int i = 0; i < N - 3; ++i) CHECK_EQ(out8[i], ref8[i]);
  CHECK_EQ(out8[N - 1], 0x55); /* the predicated tail stored nothing past n */
  printf("qadd mve %08lx\n", (unsigned long)hash8(out8, N));
  const int32_t mults[3] = {1518500250, INT32_MIN, 1073741824};
  for (int m = 0; m < 3; ++m) {
    for (int shift = 1; shift <= 9; shift += 4) {
      acc32[7] = INT32_MIN;
      requant_ref(acc32, ref8, N, mults[m], shift, -3);
      for (int i = 0; i < N; ++i) out8[i] = 0x55;
      requant_mve(acc32, out8, N, mults[m], shift, -3);
      for (int i = 0; i < N; ++i) CHECK_EQ(out8[i], ref8[i]);
      printf("requant m=%d s=%d %08lx\n", m, shift, (unsigned long)hash8(out8, N));
    }
  }
  {
    int32_t r[11];
    reductions(a8, b8, r);
    int32_t sum = 0, mx = INT8_MIN, mn = INT8_MAX, amax = 0, abav = 7, x = 0, sd = 0;
    for (int i = 0; i < 16; ++i) {
      sum += a8[i];
      if (a8[i] > mx) mx = a8[i];
      if (b8[i] < mn) mn = b8[i];
      const int32_t ab = a8[i] < 0 ? -a8[i] : a8[i];
      if (ab > amax) amax = ab;
      abav += a8[i] > b8[i] ? a8[i] - b8[i] : b8[i] - a8[i];
      x += a8[i ^ 1] * b8[i];
      sd += (i & 1) ? -(a8[i] * b8[i]) : a8[i] * b8[i];
    }
    CHECK_EQ(r[0], sum);
    CHECK_EQ(r[1], mx);
    CHECK_EQ(r[2], mn);
    CHECK_EQ(r[3], amax);
    CHECK_EQ(r[4], abav);
    CHECK_EQ(r[5], x);
    CHECK_EQ(r[6], sd);
    for (int i = 0; i < 11; ++i) printf("red[%d] %08lx\n", i, (unsigned long)(uint32_t)r[i]);
  }
  return check_done();
}
