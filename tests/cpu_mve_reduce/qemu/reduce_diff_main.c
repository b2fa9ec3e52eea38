/* Bare-metal Cortex-M55 program run on both QEMU (mps3-an547) and corsim: every entry of
 * reduce_diff_ops.h (MVE reductions, multiply-accumulate reductions, VCADD/VHCADD, VADC/VSBC,
 * VBRSR, VIDUP family) executes CASES_PER_OP times on pseudo-random Q0-Q7, R0-R7, FPSCR, VPR.P0
 * and APSR, and one line per execution prints every output:
 *   <op> <case> | q0..q7 (32 words) fpscr vpr apsr r0..r7
 * The inputs come from the same generator on both sides, so they are not printed.
 * The shared runtime (tests/qemu_baremetal) starts it, prints "done" after it and exits;
 * tests/qemu_baremetal/run_qemu_test.sh compares the two outputs line by line. No libc. */
#include <stdint.h>

#include "baremetal.h"
#include "reduce_diff_ops.h"

/* A vector byte: mostly random, often an extreme of some element size. */
static uint32_t gen_byte(void) {
  const uint64_t r = rnd();
  switch (r % 8) {
    case 0: return 0x00;
    case 1: return 0xFF;
    case 2: return 0x80;
    case 3: return 0x7F;
    default: return (uint32_t)(r >> 24) & 0xFF;
  }
}
/* A core register: random, small (offsets and wrap limits of VIDUP-family), or an extreme. */
static uint32_t gen_core(void) {
  const uint64_t r = rnd();
  switch (r % 6) {
    case 0: return (uint32_t)(r >> 32) % 64;
    case 1: return ((uint32_t)(r >> 32) % 16) * 4;
    case 2: return 0x80000000u ^ (uint32_t)((r >> 40) & 1);
    default: return (uint32_t)(r >> 32);
  }
}

enum { ST_Q = 0, ST_FPSCR = 32, ST_VPR, ST_APSR, ST_R0, ST_WORDS = ST_R0 + 8 };

typedef void (*RunFn)(uint32_t* st);
/* q0-q7, FPSCR, VPR, APSR, r0-r7 from st (base in r12); the instruction; everything back. */
#define REDUCE_DIFF_FN(name, insn)                                                                \
  static void run_##name(uint32_t* st) {                                                          \
    __asm__ volatile(                                                                             \
        ".arch_extension mve\n\tmov r12, %[p]\n\tvldm r12, {d0-d15}\n\t"                          \
        "ldr r0, [r12, #128]\n\tvmsr fpscr, r0\n\t"                                               \
        "ldr r0, [r12, #132]\n\tvmsr vpr, r0\n\t"                                                 \
        "ldr r0, [r12, #136]\n\tmsr APSR_nzcvq, r0\n\t"                                           \
        "ldr r0, [r12, #140]\n\tldr r1, [r12, #144]\n\tldr r2, [r12, #148]\n\t"                   \
        "ldr r3, [r12, #152]\n\tldr r4, [r12, #156]\n\tldr r5, [r12, #160]\n\t"                   \
        "ldr r6, [r12, #164]\n\tldr r7, [r12, #168]\n\t" insn "\n\t"                              \
        "str r0, [r12, #140]\n\tstr r1, [r12, #144]\n\tstr r2, [r12, #148]\n\t"                   \
        "str r3, [r12, #152]\n\tstr r4, [r12, #156]\n\tstr r5, [r12, #160]\n\t"                   \
        "str r6, [r12, #164]\n\tstr r7, [r12, #168]\n\t"                                          \
        "vstm r12, {d0-d15}\n\t"                                                                  \
        "vmrs r0, fpscr\n\tstr r0, [r12, #128]\n\t"                                               \
        "vmrs r0, vpr\n\tstr r0, [r12, #132]\n\t"                                                 \
        "mrs r0, APSR\n\tstr r0, [r12, #136]"                                                     \
        :                                                                                         \
        : [p] "r"(st)                                                                             \
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r12", "d0", "d1", "d2", "d3", "d4",    \
          "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "memory", "cc"); \
  }
#ifdef REDUCE_DIFF_NO_VPST /* predicated forms left out (a build without VPST) */
#define REDUCE_DIFF_SKIP(name, insn)
#define REDUCE_DIFF_PRED_FN REDUCE_DIFF_SKIP
#else
#define REDUCE_DIFF_PRED_FN REDUCE_DIFF_FN
#endif
CORSIM_REDUCE_DIFF_OPS(REDUCE_DIFF_FN, REDUCE_DIFF_PRED_FN)

static const RunFn kOps[] = {
#define REDUCE_DIFF_ROW(name, insn) run_##name,
#ifdef REDUCE_DIFF_NO_VPST
    CORSIM_REDUCE_DIFF_OPS(REDUCE_DIFF_ROW, REDUCE_DIFF_SKIP)
#else
    CORSIM_REDUCE_DIFF_OPS(REDUCE_DIFF_ROW, REDUCE_DIFF_ROW)
#endif
#undef REDUCE_DIFF_ROW
};

void qemu_test_main(void) {
  static uint32_t st[ST_WORDS];
  for (unsigned op = 0; op < sizeof kOps / sizeof kOps[0]; ++op) {
    for (int k = 0; k < CASES_PER_OP; ++k) {
      for (int i = 0; i < 32; ++i)
        st[ST_Q + i] = gen_byte() | gen_byte() << 8 | gen_byte() << 16 | gen_byte() << 24;
      if (k % 4 == 1) { /* equal operands now and then (zero differences, equal maxima) */
        for (int i = 0; i < 4; ++i) st[8 + i] = st[4 + i];
      }
      const uint64_t r = rnd();
      st[ST_FPSCR] = (4u << 16) | ((uint32_t)r & 0xF8000000u); /* LTPSIZE = 4; NZCV, QC */
      st[ST_VPR] = (uint32_t)(r >> 32) & 0xFFFFu;                /* P0 only: no VPT block yet */
      st[ST_APSR] = (uint32_t)(r >> 16) & 0xF8000000u;
      for (int i = 0; i < 8; ++i) st[ST_R0 + i] = gen_core();
      put_word(op);
      put_word((uint32_t)k);
      put_str("| ");
#ifdef REDUCE_DIFF_PRINT_INPUTS /* for debugging a mismatch by hand */
      for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
      put_str("| ");
#endif
      kOps[op](st);
      st[ST_APSR] &= 0xF80F0000u; /* NZCVQ, GE */
      for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
      put_char('\n');
    }
  }
}
