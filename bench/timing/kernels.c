/* The fixed kernel set of the CPU timing benchmark (issue 7 item 7): dot product, FIR, int8
 * convolution, memcpy, quicksort, and an MVE dot product, each timed by the guest with DWT CYCCNT.
 * Bare metal, no C library: the vector table and reset handler are here; results go to RESULTS
 * (cycles per kernel call, in the order of kKernelNames in bench/timing_bench.cpp), then the guest
 * exits through semihosting. Built twice (bench/CMakeLists.txt): KERNELS_REPEAT = 1 measures the
 * kernels; the MVE workload build repeats the vector kernels for the simulated-MIPS measurement. */
#include <stdint.h>
#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

#ifndef KERNELS_REPEAT
#define KERNELS_REPEAT 1
#endif

#define REG(a) (*(volatile uint32_t*)(a))
#define RESULTS ((volatile uint32_t*)0x30008000u)

static int16_t va[256], vb[256];
static int16_t fir_in[128 + 16], fir_coef[16];
static int32_t fir_out[128];
static int8_t conv_in[12 * 12 * 8], conv_w[8 * 3 * 3 * 8];
static int32_t conv_out[10 * 10 * 8];
static uint32_t copy_src[256], copy_dst[256];
static int32_t sort_data[256];
volatile int32_t sink;

static uint32_t cycles(void) { return REG(0xE0001004u); }

__attribute__((noinline)) static int32_t dot_q15(const int16_t* a, const int16_t* b, int n) {
  int32_t s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

__attribute__((noinline)) static void fir_q15(const int16_t* in, const int16_t* coef, int32_t* out, int n, int taps) {
  for (int i = 0; i < n; ++i) {
    int32_t acc = 0;
    for (int k = 0; k < taps; ++k) acc += in[i + k] * coef[k];
    out[i] = acc;
  }
}

/* 3x3 valid convolution, HWC int8, 8 input and 8 output channels, 12x12 -> 10x10. */
__attribute__((noinline)) static void conv_s8(const int8_t* in, const int8_t* w, int32_t* out) {
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 10; ++x)
      for (int oc = 0; oc < 8; ++oc) {
        int32_t acc = 0;
        for (int ky = 0; ky < 3; ++ky)
          for (int kx = 0; kx < 3; ++kx)
            for (int ic = 0; ic < 8; ++ic)
              acc += in[((y + ky) * 12 + (x + kx)) * 8 + ic] * w[((oc * 3 + ky) * 3 + kx) * 8 + ic];
        out[(y * 10 + x) * 8 + oc] = acc;
      }
}

__attribute__((noinline)) static void copy_words(uint32_t* dst, const uint32_t* src, int n) {
  for (int i = 0; i < n; ++i) dst[i] = src[i];
}

static void quicksort(int32_t* a, int lo, int hi) {
  while (lo < hi) {
    const int32_t pivot = a[(lo + hi) / 2];
    int i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot) ++i;
      while (a[j] > pivot) --j;
      if (i <= j) {
        const int32_t t = a[i];
        a[i] = a[j];
        a[j] = t;
        ++i;
        --j;
      }
    }
    if (j - lo < hi - i) {
      quicksort(a, lo, j);
      lo = i;
    } else {
      quicksort(a, i, hi);
      hi = j;
    }
  }
}

#if defined(__ARM_FEATURE_MVE)
__attribute__((noinline)) static int32_t dot_q15_mve(const int16_t* a, const int16_t* b, int n) {
  int32_t s = 0;
  for (int i = 0; i < n; i += 8) s = vmladavaq_s16(s, vldrhq_s16(a + i), vldrhq_s16(b + i));
  return s;
}
#endif

static uint32_t seed = 12345;
static uint32_t lcg(void) { return seed = seed * 1103515245u + 12345u; }

static void fill(void) {
  for (int i = 0; i < 256; ++i) { va[i] = (int16_t)lcg(); vb[i] = (int16_t)lcg(); copy_src[i] = lcg(); }
  for (int i = 0; i < 144; ++i) fir_in[i] = (int16_t)lcg();
  for (int i = 0; i < 16; ++i) fir_coef[i] = (int16_t)lcg();
  for (int i = 0; i < 12 * 12 * 8; ++i) conv_in[i] = (int8_t)lcg();
  for (int i = 0; i < 8 * 3 * 3 * 8; ++i) conv_w[i] = (int8_t)lcg();
}

/* The barriers keep the kernel between the two CYCCNT reads: inputs are reloaded after the first
 * (memory clobber) and the result is materialised before the second. */
#define TIME(slot, stmt)                       \
  do {                                         \
    const uint32_t t0 = cycles();              \
    __asm volatile("" ::: "memory");           \
    stmt;                                      \
    __asm volatile("" ::: "memory");           \
    RESULTS[slot] = cycles() - t0;             \
  } while (0)
#define TIME_VALUE(slot, expr)                 \
  do {                                         \
    const uint32_t t0 = cycles();              \
    __asm volatile("" ::: "memory");           \
    int32_t v_ = (expr);                       \
    __asm volatile("" : "+r"(v_) : : "memory"); \
    RESULTS[slot] = cycles() - t0;             \
    sink = v_;                                 \
  } while (0)

void reset(void) {
  REG(0xE000ED88u) |= 0xFu << 20;  /* CPACR: FP and MVE */
  REG(0xE000EDFCu) |= 1u << 24;    /* DEMCR.TRCENA */
  REG(0xE0001000u) |= 1u;          /* DWT_CYCCNT on */
  __asm volatile("dsb\n isb");
  fill();
  for (int rep = 0; rep < KERNELS_REPEAT; ++rep) {
    TIME_VALUE(0, dot_q15(va, vb, 256));
    TIME(1, fir_q15(fir_in, fir_coef, fir_out, 128, 16));
    TIME(2, conv_s8(conv_in, conv_w, conv_out));
    TIME(3, copy_words(copy_dst, copy_src, 256));
    for (int i = 0; i < 256; ++i) sort_data[i] = (int32_t)lcg();
    TIME(4, quicksort(sort_data, 0, 255));
#if defined(__ARM_FEATURE_MVE)
    TIME_VALUE(5, dot_q15_mve(va, vb, 256));
    /* The MVE workload build: mostly vector instructions. */
    for (int k = 1; k < KERNELS_REPEAT; ++k) sink = dot_q15_mve(va, vb, 256) + dot_q15_mve(vb, va, 256);
#endif
  }
  register uint32_t op __asm("r0") = 0x18;
  register uint32_t arg __asm("r1") = 0x20026;
  __asm volatile("bkpt 0xab" : : "r"(op), "r"(arg) : "memory");
  for (;;) {}
}

__attribute__((section(".vectors"), used)) const void* const vectors[2] = {(const void*)0x30010000u, (const void*)reset};
