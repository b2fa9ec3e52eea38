/* MVE benchmark workload (issue 3 item 5): int8 fully-connected layers (dot products) and an int8
 * 3x3 convolution (HWC layout, 16 channels), written with arm_mve.h intrinsics in tail-predicated
 * loops (VCTP + predicated VLDRB + VMLADAVA) with requantisation (VQRDMULH, rounding shift,
 * saturating narrow) as CMSIS-NN does. Prints checksums; the output is identical on QEMU and corsim
 * (tests/firmware: firmware.mve_workload). Cross-built with -O3 for the MVE variant. */
#include <arm_mve.h>
#include <stdint.h>
#include <stdio.h>

#ifndef MVE_WORKLOAD_SCALE
#define MVE_WORKLOAD_SCALE 32 /* about 37 million instructions */
#endif

#define FC_IN 1024
#define FC_OUT 64
#define H 24
#define W 24
#define C 16
#define K 16

static int8_t fc_in[FC_IN], fc_w[FC_OUT][FC_IN], fc_out[FC_OUT];
static int8_t img[H][W][C], kern[K][3][3][C], conv_out[H - 2][W - 2][K];
static int32_t bias[K];

static uint32_t seed = 1;
static int8_t rnd8(void) {
  seed = seed * 1664525u + 1013904223u;
  return (int8_t)(seed >> 24);
}
static void fill(void) {
  for (int i = 0; i < FC_IN; ++i) fc_in[i] = rnd8();
  for (int o = 0; o < FC_OUT; ++o)
    for (int i = 0; i < FC_IN; ++i) fc_w[o][i] = rnd8();
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int c = 0; c < C; ++c) img[y][x][c] = rnd8();
  for (int k = 0; k < K; ++k) {
    bias[k] = (int32_t)rnd8() * 64;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        for (int c = 0; c < C; ++c) kern[k][i][j][c] = rnd8();
  }
}

/* Tail-predicated int8 dot product (CMSIS-NN arm_nn_vec_mat_mult style). */
static int32_t dot_s8(const int8_t *a, const int8_t *b, int n, int32_t acc) {
  while (n > 0) {
    const mve_pred16_t p = vctp8q((uint32_t)n);
    acc = vmladavaq_p_s8(acc, vldrbq_z_s8(a, p), vldrbq_z_s8(b, p), p);
    a += 16; b += 16; n -= 16;
  }
  return acc;
}

/* Requantise four accumulators to int8 (VQRDMULH + rounding shift + offset + saturate). */
static void requant4(const int32_t *acc, int8_t *out, int32_t mult, int shift, int32_t zp) {
  int32x4_t v = vqrdmulhq_n_s32(vldrwq_s32(acc), mult);
  v = vrshlq_n_s32(v, -shift);
  v = vaddq_n_s32(v, zp);
  v = vmaxq_s32(vminq_s32(v, vdupq_n_s32(127)), vdupq_n_s32(-128));
  vstrbq_s32(out, v);
}

static uint32_t fully_connected(void) {
  int32_t acc[FC_OUT];
  for (int o = 0; o < FC_OUT; ++o) acc[o] = dot_s8(fc_in, fc_w[o], FC_IN, 0);
  for (int o = 0; o < FC_OUT; o += 4) requant4(&acc[o], &fc_out[o], 1518500250, 9, -5);
  uint32_t h = 0;
  for (int o = 0; o < FC_OUT; ++o) h = h * 31u + (uint8_t)fc_out[o];
  return h;
}

static uint32_t convolution(void) {
  for (int y = 0; y < H - 2; ++y) {
    for (int x = 0; x < W - 2; ++x) {
      int32_t acc[K];
      for (int k = 0; k < K; ++k) {
        int32_t a = bias[k];
        for (int i = 0; i < 3; ++i) a = dot_s8(&img[y + i][x][0], &kern[k][i][0][0], 3 * C, a);
        acc[k] = a;
      }
      for (int k = 0; k < K; k += 4) requant4(&acc[k], &conv_out[y][x][k], 1300000000, 8, 3);
    }
  }
  uint32_t h = 0;
  const int8_t *p = &conv_out[0][0][0];
  for (unsigned i = 0; i < sizeof conv_out; ++i) h = h * 31u + (uint8_t)p[i];
  return h;
}

int main(void) {
  fill();
  uint32_t fc = 0, conv = 0;
  for (int r = 0; r < MVE_WORKLOAD_SCALE; ++r) {
    fc_in[r] ^= 0x55; /* each round sees different data */
    img[r % H][r % W][r % C] ^= 0x33;
    for (int i = 0; i < 4; ++i) {
      fc_w[i][r] ^= 0x0F;
      fc = fc * 31u + fully_connected();
    }
    conv = conv * 31u + convolution();
  }
  printf("mve workload scale %d\n", MVE_WORKLOAD_SCALE);
  printf("fc      %08lx\n", (unsigned long)fc);
  printf("conv    %08lx\n", (unsigned long)conv);
  printf("checksum %08lx\n", (unsigned long)(fc ^ (conv * 3u)));
  return 0;
}
