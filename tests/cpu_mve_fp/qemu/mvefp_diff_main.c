/* Bare-metal Cortex-M55 program run on both QEMU (mps3-an547) and corsim: every entry of
 * mvefp_diff_ops.h executes CASES_PER_OP times on pseudo-random q0-q7, FPSCR, VPR, LR (tail
 * predication) and r0-r1 state, and one line per execution is printed over semihosting:
 *   <op> <case> | s0..s31 fpscr vpr lr r0 r1 | s0..s31 fpscr vpr lr r0 r1
 * Predication comes in four mixes: none; an open VPT block (VPR.MASK01/MASK23 != 0, random P0,
 * byte-granular so that partly predicated elements occur); tail predication (FPSCR.LTPSIZE < 4 and
 * a small LR, the state of the last iteration of a DLSTP/LETP loop); both.
 * The shared runtime (tests/qemu_baremetal) starts it, prints "done" after it and exits;
 * tests/qemu_baremetal/run_qemu_test.sh compares the two outputs line by line. No libc. */
#include <stdint.h>

#include "baremetal.h"
#include "mvefp_diff_ops.h"

/* A value of the format (f fraction bits, e exponent bits): zeros, denormals, infinities, NaNs
 * (quiet and signalling), values near the normal range ends, halves and integers, and ordinary
 * numbers. */
static uint32_t gen_float(int f, int e) {
  const uint64_t r = rnd(), sign = (r & 1) << (f + e), frac_mask = (1ull << f) - 1;
  const uint64_t exp_max = (1ull << e) - 1, bias = exp_max >> 1, frac = rnd() & frac_mask;
  uint64_t exp;
  switch ((r >> 1) % 12) {
    case 0: return (uint32_t)(rnd() & ((sign << 1) - 1));
    case 1: return (uint32_t)sign;
    case 2: return (uint32_t)(sign | (exp_max << f) | ((r >> 8) % 3 == 0 ? 0 : frac));
    case 3: return (uint32_t)(sign | (frac >> ((r >> 8) % (unsigned)f)));
    case 4: exp = 1 + (r >> 8) % 2; break;
    case 5: exp = exp_max - 1 - (r >> 8) % 2; break;
    case 6: /* x.5 and small integers: ties of the rounding modes */
      exp = bias + (r >> 8) % 8;
      return (uint32_t)(sign | (exp << f) | (frac & ~(frac_mask >> (1 + (r >> 12) % 6))));
    default:
      exp = bias - 2 + (r >> 8) % (unsigned)(f + 6);
      if (exp >= exp_max) exp = exp_max - 1;
      return (uint32_t)(sign | (exp << f) | (((r >> 20) & 1) ? frac : frac & ~((1ull << (f / 2)) - 1)));
  }
  return (uint32_t)(sign | (exp << f) | frac);
}
static uint32_t gen_int(void) {
  const uint64_t r = rnd();
  switch (r % 5) {
    case 0: return (uint32_t)(r >> 32);
    case 1: return (uint32_t)((int32_t)(r >> 32) >> ((r >> 8) % 32));
    case 2: return (uint32_t)((int32_t)((r >> 16) % 2000) - 1000);
    case 3: return (uint32_t)(((r >> 16) & 0xFFFF) * 0x10001u); /* 16-bit lanes */
    default: return gen_float(23, 8);
  }
}
static uint32_t gen_word(int kind) {
  switch (kind) {
    case K_H: return gen_float(10, 5) | gen_float(10, 5) << 16;
    case K_S: return gen_float(23, 8);
    default: return gen_int();
  }
}
static uint32_t gen_scalar(int kind) {
  if (kind == K_H) return gen_float(10, 5) | ((uint32_t)rnd() & 0xFFFF0000u);
  return gen_word(kind);
}

enum { ST_S = 0, ST_FPSCR = 32, ST_VPR, ST_LR, ST_R0, ST_R1, ST_WORDS };

typedef void (*RunFn)(uint32_t* st);
/* s0-s31, FPSCR, VPR, LR, r0, r1 from st; the instruction(s); everything back; then FPSCR.LTPSIZE
 * = 4 again (a later LE with another LTPSIZE would fault) and VPR = 0. */
#define MVEFP_DIFF_FN(name, kind, insn)                                                          \
  static void run_##name(uint32_t* st) {                                                         \
    __asm__ volatile(                                                                            \
        ".arch_extension mve.fp\n\tvldm %[p], {s0-s31}\n\t"                                      \
        "ldr r3, [%[p], #128]\n\tvmsr fpscr, r3\n\t"                                             \
        "ldr r3, [%[p], #132]\n\tvmsr vpr, r3\n\t"                                               \
        "ldr lr, [%[p], #136]\n\tldr r0, [%[p], #140]\n\tldr r1, [%[p], #144]\n\t"               \
        insn "\n\t"                                                                              \
        "vstm %[p], {s0-s31}\n\t"                                                                \
        "vmrs r3, fpscr\n\tstr r3, [%[p], #128]\n\t"                                             \
        "vmrs r3, vpr\n\tstr r3, [%[p], #132]\n\t"                                               \
        "str lr, [%[p], #136]\n\tstr r0, [%[p], #140]\n\tstr r1, [%[p], #144]\n\t"               \
        "vmrs r3, fpscr\n\tbic r3, r3, #0x70000\n\torr r3, r3, #0x40000\n\tvmsr fpscr, r3\n\t"   \
        "movs r3, #0\n\tvmsr vpr, r3"                                                            \
        :                                                                                        \
        : [p] "r"(st)                                                                            \
        : "r0", "r1", "r3", "lr", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",   \
          "s10", "s11", "s12", "s13", "s14", "s15", "s16", "s17", "s18", "s19", "s20", "s21",    \
          "s22", "s23", "s24", "s25", "s26", "s27", "s28", "s29", "s30", "s31", "memory", "cc"); \
  }
CORSIM_MVEFP_DIFF_OPS(MVEFP_DIFF_FN)

struct Op {
  RunFn fn;
  int kind;
};
static const struct Op kOps[] = {
#define MVEFP_DIFF_ROW(name, kind, insn) {run_##name, kind},
    CORSIM_MVEFP_DIFF_OPS(MVEFP_DIFF_ROW)
#undef MVEFP_DIFF_ROW
};

/* FPSCR: random RMode (MVE ignores it), FZ, DN, AHP, FZ16, some cumulative flags already set,
 * NZCV and QC; LTPSIZE = 4 (no tail predication) unless the caller changes it. */
static uint32_t gen_fpscr(void) {
  const uint64_t r = rnd();
  uint32_t f = 4u << 16;
  f |= (uint32_t)(r & 3) << 22;
  if ((r >> 2) % 3 == 0) f |= 1u << 24;
  if ((r >> 4) % 3 == 0) f |= 1u << 25;
  if ((r >> 6) % 3 == 0) f |= 1u << 26;
  if ((r >> 8) % 3 == 0) f |= 1u << 19;
  if ((r >> 10) % 4 == 0) f |= (uint32_t)(r >> 12) & 0x9Fu;
  f |= (uint32_t)(r >> 32) & 0xF8000000u;
  return f;
}

/* P0: byte-granular (partly predicated elements) or element-granular for 16/32-bit lanes. */
static uint32_t gen_p0(void) {
  const uint64_t r = rnd();
  switch (r % 3) {
    case 0: return (uint32_t)(r >> 16) & 0xFFFFu;
    case 1: {
      uint32_t p = 0;
      for (int i = 0; i < 8; ++i) if ((r >> (20 + i)) & 1) p |= 3u << (2 * i);
      return p;
    }
    default: {
      uint32_t p = 0;
      for (int i = 0; i < 4; ++i) if ((r >> (20 + i)) & 1) p |= 0xFu << (4 * i);
      return p;
    }
  }
}

static void gen_predication(uint32_t* st) {
  const uint64_t r = rnd();
  const unsigned mix = r % 20;
  st[ST_VPR] = (uint32_t)(r >> 8) & 0xFFFFu; /* P0 alone predicates nothing */
  st[ST_LR] = (uint32_t)(r >> 32);
  if (mix >= 10 && mix != 14 && mix != 15 && mix != 16) { /* open VPT block */
    const uint32_t m01 = 1 + (uint32_t)(r >> 24) % 15;
    const uint32_t m23 = (r >> 28) % 4 == 0 ? 1 + (uint32_t)(r >> 40) % 15 : m01;
    st[ST_VPR] = gen_p0() | m01 << 16 | m23 << 20;
  }
  if (mix >= 14) { /* tail predication: the last iteration of a loop */
    const uint32_t ltpsize = (uint32_t)(r >> 44) % 4;
    st[ST_FPSCR] = (st[ST_FPSCR] & ~0x70000u) | ltpsize << 16;
    st[ST_LR] = (uint32_t)(r >> 48) % ((16u >> ltpsize) + 2u);
  }
}

void qemu_test_main(void) {
  static uint32_t st[ST_WORDS];
  for (unsigned op = 0; op < sizeof kOps / sizeof kOps[0]; ++op) {
    const int kind = kOps[op].kind;
    for (int k = 0; k < CASES_PER_OP; ++k) {
      for (int i = 0; i < 32; ++i) st[i] = gen_word(kind);
      if (k % 4 == 1) { /* equal operands now and then: compares, cancellation */
        for (int i = 0; i < 4; ++i) if ((rnd() & 3) != 0) st[8 + i] = st[4 + i];
      }
      st[ST_FPSCR] = gen_fpscr();
      st[ST_R0] = gen_scalar(kind);
      st[ST_R1] = gen_scalar(kind);
      if (k % 5 == 2) st[ST_R0] = (kind == K_H ? (st[4] & 0xFFFFu) | ((uint32_t)rnd() & 0xFFFF0000u) : st[5]);
      gen_predication(st);
      put_word(op);
      put_word((uint32_t)k);
      put_str("| ");
      for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
      put_str("| ");
      kOps[op].fn(st);
      for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
      put_char('\n');
    }
  }
}
