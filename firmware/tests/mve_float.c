/* MVE compiled kernels, floating point (issue 3 item 4): f32 and f16 vector math as GCC 12
 * auto-vectorises it at -O3 for Cortex-M55 (VFMA, VMUL, VADD, VMAXNM on restrict arrays) and with
 * arm_mve.h intrinsics in tail-predicated loops: f32 axpy and dot, float <-> int and fixed-point
 * conversion with rounding, VRINT, VABS/VNEG, VMAXNMV. Inputs are small dyadic values so
 * every sum is exact and the scalar reference (the C standard's IEEE arithmetic, compiled without
 * vectorisation) gives the same bits whatever the summation order; every result is printed as its
 * bit pattern, so QEMU and corsim must print the same text. */
#include <arm_mve.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define SCALAR __attribute__((noinline, optimize("no-tree-vectorize")))
#define KERNEL __attribute__((noinline))
#define N 101

static float xa[N], xb[N], xc[N], out[N], ref[N];
static _Float16 ha[N], hb[N], hout[N], href[N];

SCALAR static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
SCALAR static uint32_t hash_f32(const float *p, int n) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < n; ++i) h = (h ^ bits(p[i])) * 16777619u;
  return h;
}
SCALAR static uint32_t hash_f16(const _Float16 *p, int n) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < n; ++i) {
    uint16_t u;
    memcpy(&u, &p[i], 2);
    h = (h ^ u) * 16777619u;
  }
  return h;
}
SCALAR static void fill(void) {
  for (int i = 0; i < N; ++i) {
    xa[i] = (float)((i * 37) % 29 - 14) * 0.25f;
    xb[i] = (float)((i * 11) % 17 - 8) * 0.5f;
    xc[i] = (float)(i % 7) - 3.0f;
    ha[i] = (_Float16)xa[i];
    hb[i] = (_Float16)xb[i];
  }
  xa[5] = -0.0f;
  xb[9] = 1e30f;
  xb[10] = -1e-40f; /* a denormal */
}

/* ---- auto-vectorised ---- */
SCALAR static void f32_ref(float *o, const float *a, const float *b, const float *c, int n) {
  for (int i = 0; i < n; ++i) o[i] = __builtin_fmaf(a[i], b[i], c[i]) + (a[i] > b[i] ? a[i] : b[i]) * 0.5f;
}
KERNEL static void f32_auto(float *restrict o, const float *restrict a, const float *restrict b,
                            const float *restrict c, int n) {
  for (int i = 0; i < n; ++i) o[i] = __builtin_fmaf(a[i], b[i], c[i]) + __builtin_fmaxf(a[i], b[i]) * 0.5f;
}
SCALAR static void f16_ref(_Float16 *o, const _Float16 *a, const _Float16 *b, int n) {
  for (int i = 0; i < n; ++i) o[i] = a[i] * b[i] + a[i];
}
KERNEL static void f16_auto(_Float16 *restrict o, const _Float16 *restrict a, const _Float16 *restrict b, int n) {
  for (int i = 0; i < n; ++i) o[i] = a[i] * b[i] + a[i];
}

/* ---- intrinsics, tail-predicated ---- */
KERNEL static void axpy_mve(float *y, const float *x, float alpha, int n) {
  while (n > 0) {
    const mve_pred16_t p = vctp32q((uint32_t)n);
    vstrwq_p_f32(y, vfmaq_n_f32(vldrwq_z_f32(y, p), vldrwq_z_f32(x, p), alpha), p);
    x += 4; y += 4; n -= 4;
  }
}
KERNEL static float dot_mve(const float *a, const float *b, int n) {
  float32x4_t acc = vdupq_n_f32(0.0f);
  while (n > 0) {
    const mve_pred16_t p = vctp32q((uint32_t)n);
    acc = vfmaq_m_f32(acc, vldrwq_z_f32(a, p), vldrwq_z_f32(b, p), p);
    a += 4; b += 4; n -= 4;
  }
  return vgetq_lane_f32(acc, 0) + vgetq_lane_f32(acc, 1) + vgetq_lane_f32(acc, 2) + vgetq_lane_f32(acc, 3);
}
KERNEL static void convert_mve(const float *a, int32_t *to_int, float *rounded, int n) {
  while (n > 0) {
    const mve_pred16_t p = vctp32q((uint32_t)n);
    const float32x4_t v = vmulq_n_f32(vldrwq_z_f32(a, p), 1.75f);
    vstrwq_p_s32(to_int, vcvtaq_s32_f32(v), p);
    vstrwq_p_f32(rounded, vrndnq_f32(vabsq_f32(v)), p);
    a += 4; to_int += 4; rounded += 4; n -= 4;
  }
}
KERNEL static void to_fixed_mve(const float *a, int32_t *q8, int n) {
  while (n > 0) {
    const mve_pred16_t p = vctp32q((uint32_t)n);
    vstrwq_p_s32(q8, vcvtq_n_s32_f32(vmulq_n_f32(vldrwq_z_f32(a, p), -1.75f), 8), p);
    a += 4; q8 += 4; n -= 4;
  }
}
KERNEL static float maxnmv_mve(const float *a, int n) {
  float m = -1e38f;
  for (int i = 0; i + 4 <= n; i += 4) m = vmaxnmvq_f32(m, vldrwq_f32(a + i));
  return m;
}

int main(void) {
  check_begin("mve_float");
  fill();
  f32_ref(ref, xa, xb, xc, N);
  f32_auto(out, xa, xb, xc, N);
  for (int i = 0; i < N; ++i) CHECK_EQ(bits(out[i]), bits(ref[i]));
  printf("f32 auto %08lx\n", (unsigned long)hash_f32(out, N));
  f16_ref(href, ha, hb, N);
  f16_auto(hout, ha, hb, N);
  for (int i = 0; i < N; ++i) CHECK(memcmp(&hout[i], &href[i], 2) == 0);
  printf("f16 auto %08lx\n", (unsigned long)hash_f16(hout, N));

  for (int i = 0; i < N; ++i) { out[i] = xc[i]; ref[i] = __builtin_fmaf(xa[i], -2.5f, xc[i]); }
  axpy_mve(out, xa, -2.5f, N - 2);
  for (int i = 0; i < N - 2; ++i) CHECK_EQ(bits(out[i]), bits(ref[i]));
  CHECK_EQ(bits(out[N - 1]), bits(xc[N - 1]));
  printf("axpy %08lx\n", (unsigned long)hash_f32(out, N));

  float want = 0.0f;
  for (int i = 0; i < N; ++i) if (i != 9 && i != 10) want += xa[i] * xc[i];
  const float got = dot_mve(xa, xc, N);
  CHECK_EQ(bits(got), bits(want));
  printf("dot %08lx\n", (unsigned long)bits(got));

  static int32_t ints[N];
  static int32_t q8[N];
  convert_mve(xa, ints, out, N);
  to_fixed_mve(xa, q8, N);
  for (int i = 0; i < N; ++i) {
    const float v = xa[i] * 1.75f;
    CHECK_EQ(ints[i], (int32_t)__builtin_roundf(v));          /* ties away from zero */
    CHECK_EQ(bits(out[i]), bits(__builtin_rintf(__builtin_fabsf(v))));
    CHECK_EQ(q8[i], (int32_t)(-v * 256.0f)); /* fixed point, rounding towards zero */
  }
  printf("convert %08lx %08lx %08lx\n", (unsigned long)hash_f32(out, N), (unsigned long)ints[7],
         (unsigned long)(uint32_t)q8[7]);
  const float m = maxnmv_mve(xb, N);
  CHECK_EQ(bits(m), bits(1e30f));
  printf("maxnmv %08lx\n", (unsigned long)bits(m));
  return check_done();
}
