/* Bare-metal Cortex-M55 program run on both QEMU (mps3-an547) and corsim: every entry of
 * vfp_diff_ops.h executes CASES_PER_OP times on pseudo-random register, FPSCR, VPR, APSR and memory
 * state, and one line per execution is printed over semihosting (inputs, then every output):
 *   <op> <case> | s0..s15 fpscr vpr apsr r0 r1 | s0..s15 fpscr vpr apsr r0 r1 r2-offset buf0..7
 * The shared runtime (tests/qemu_baremetal) starts it, prints "done" after it and exits;
 * tests/qemu_baremetal/run_qemu_test.sh compares the two outputs line by line. No libc. */
#include <stdint.h>

#include "baremetal.h"
#include "vfp_diff_ops.h"

/* A value of the format (f fraction bits, e exponent bits): mostly special or boundary values. */
static uint64_t gen_float(int f, int e) {
  const uint64_t r = rnd(), sign = (r & 1) << (f + e), frac_mask = (1ull << f) - 1;
  const uint64_t exp_max = (1ull << e) - 1, bias = exp_max >> 1, frac = rnd() & frac_mask;
  uint64_t exp;
  switch ((r >> 1) % 10) {
    case 0: return rnd() & ((sign << 1) - 1);
    case 1: return sign;
    case 2: return sign | (exp_max << f) | ((r >> 8) % 3 == 0 ? 0 : frac);
    case 3: return sign | (frac >> ((r >> 8) % (unsigned)f));
    case 4: exp = 1 + (r >> 8) % 2; break;
    case 5: exp = exp_max - 1 - (r >> 8) % 2; break;
    default:
      exp = bias - 2 + (r >> 8) % (unsigned)(f + 6);
      if (exp >= exp_max) exp = exp_max - 1;
      return sign | (exp << f) | (((r >> 20) & 1) ? frac : frac & ~((1ull << (f / 2)) - 1));
  }
  return sign | (exp << f) | frac;
}
static uint32_t gen_int(void) {
  const uint64_t r = rnd();
  switch (r % 4) {
    case 0: return (uint32_t)(r >> 32);
    case 1: return (uint32_t)((int32_t)(r >> 32) >> ((r >> 8) % 32));
    case 2: return (uint32_t)((int32_t)((r >> 16) % 2000) - 1000);
    default: return (uint32_t)gen_float(23, 8);
  }
}

enum { ST_S = 0, ST_FPSCR = 16, ST_VPR, ST_APSR, ST_R0, ST_R1, ST_R2, ST_BUF = 32, ST_WORDS = 40 };

typedef void (*RunFn)(uint32_t* st);
/* s0-s15, FPSCR, VPR, APSR, r0, r1 from st; r2 = &st[ST_BUF]; the instruction; everything back. */
#define VFP_DIFF_FN(name, kind, insn)                                                           \
  static void run_##name(uint32_t* st) {                                                        \
    __asm__ volatile(                                                                           \
        ".arch_extension mve\n\tvldm %[p], {s0-s15}\n\t"                                        \
        "ldr r3, [%[p], #64]\n\tvmsr fpscr, r3\n\t"                                             \
        "ldr r3, [%[p], #68]\n\tvmsr vpr, r3\n\t"                                               \
        "ldr r3, [%[p], #72]\n\tmsr APSR_nzcvq, r3\n\t"                                         \
        "ldr r0, [%[p], #76]\n\tldr r1, [%[p], #80]\n\tadd r2, %[p], #128\n\t"                  \
        insn "\n\t"                                                                             \
        "vstm %[p], {s0-s15}\n\t"                                                               \
        "vmrs r3, fpscr\n\tstr r3, [%[p], #64]\n\t"                                             \
        "vmrs r3, vpr\n\tstr r3, [%[p], #68]\n\t"                                               \
        "mrs r3, APSR\n\tstr r3, [%[p], #72]\n\t"                                               \
        "str r0, [%[p], #76]\n\tstr r1, [%[p], #80]\n\tstr r2, [%[p], #84]"                     \
        :                                                                                       \
        : [p] "r"(st)                                                                           \
        : "r0", "r1", "r2", "r3", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",  \
          "s10", "s11", "s12", "s13", "s14", "s15", "memory", "cc");                            \
  }
CORSIM_VFP_DIFF_OPS(VFP_DIFF_FN)

struct Op {
  RunFn fn;
  int kind;
};
static const struct Op kOps[] = {
#define VFP_DIFF_ROW(name, kind, insn) {run_##name, kind},
    CORSIM_VFP_DIFF_OPS(VFP_DIFF_ROW)
#undef VFP_DIFF_ROW
};

static uint32_t gen_fpscr(void) {
  const uint64_t r = rnd();
  uint32_t f = 4u << 16;                     /* LTPSIZE = 4: an LE with another value faults */
  f |= (uint32_t)(r & 3) << 22;              /* RMode */
  if ((r >> 2) % 4 == 0) f |= 1u << 24;      /* FZ */
  if ((r >> 4) % 4 == 0) f |= 1u << 25;      /* DN */
  if ((r >> 6) % 4 == 0) f |= 1u << 26;      /* AHP */
  if ((r >> 8) % 4 == 0) f |= 1u << 19;      /* FZ16 */
  if ((r >> 10) % 4 == 0) f |= (uint32_t)(r >> 12) & 0x9Fu; /* some cumulative flags already set */
  f |= (uint32_t)(r >> 32) & 0xF8000000u;    /* NZCV, QC */
  return f;
}

void qemu_test_main(void) {
  static uint32_t st[ST_WORDS];
  for (unsigned op = 0; op < sizeof kOps / sizeof kOps[0]; ++op) {
    for (int k = 0; k < CASES_PER_OP; ++k) {
      for (int i = 0; i < 16; ++i) {
        switch (kOps[op].kind) {
          case K_H: st[i] = (uint32_t)gen_float(10, 5) | (uint32_t)gen_float(10, 5) << 16; break;
          case K_S: st[i] = (uint32_t)gen_float(23, 8); break;
          case K_D:
            if (i % 2 == 0) {
              const uint64_t d = gen_float(52, 11);
              st[i] = (uint32_t)d;
              st[i + 1] = (uint32_t)(d >> 32);
            }
            break;
          default: st[i] = gen_int(); break;
        }
      }
      /* Close operands now and then (cancellation, equal compares). */
      if (k % 4 == 1) { st[2] = st[1]; st[6] = st[2]; st[7] = st[3]; }
      st[ST_FPSCR] = gen_fpscr();
      st[ST_VPR] = (uint32_t)rnd() & 0xFFFFu; /* P0 only: MASK01/23 = 0 (no VPT block) */
      st[ST_APSR] = (uint32_t)rnd() & 0xF8000000u;
      st[ST_R0] = gen_int();
      st[ST_R1] = gen_int();
      for (int i = 0; i < 8; ++i) st[ST_BUF + i] = gen_int();
      put_word(op);
      put_word((uint32_t)k);
      put_str("| ");
      for (int i = 0; i <= ST_R1; ++i) put_word(st[i]);
      put_str("| ");
      kOps[op].fn(st);
      st[ST_R2] -= (uint32_t)(uintptr_t)&st[ST_BUF];
      st[ST_APSR] &= 0xF80F0000u; /* NZCVQ, GE */
      for (int i = 0; i <= ST_R2; ++i) put_word(st[i]);
      for (int i = 0; i < 8; ++i) put_word(st[ST_BUF + i]);
      put_char('\n');
    }
  }
}
