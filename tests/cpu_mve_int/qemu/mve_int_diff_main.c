/* Bare-metal Cortex-M55 program run on both QEMU (mps3-an547) and corsim: every form of
 * mve_int_diff_ops.h executes CASES_PER_OP times in each of four predication modes: plain; as the
 * single instruction of a VPST block (VPR.P0 random); under tail predication (FPSCR.LTPSIZE 0-3
 * and a small LR, as in the last iteration of a DLSTP loop); both. Inputs are pseudo-random Q0-Q7,
 * FPSCR (NZCV, QC), VPR, r0, r1 and LR. One line per execution is printed over semihosting:
 *   <form> <mode> <case> | q0..q7 fpscr vpr r0 r1 lr | q0..q7 fpscr vpr r0 r1 lr
 * The shared runtime (tests/qemu_baremetal) starts it, prints "done" after it and exits;
 * tests/qemu_baremetal/run_qemu_test.sh compares the two outputs line by line. No libc. */
#include <stdint.h>

#include "baremetal.h"
#include "mve_int_diff_ops.h"

/* A 32-bit lane group: random, boundary bytes/halfwords/words, small values, shifted randoms. */
static uint32_t gen_word(void) {
  static const uint8_t b8[] = {0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF, 0xFE, 0x40};
  static const uint16_t b16[] = {0x0000, 0x0001, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0x4000, 0xC000};
  static const uint32_t b32[] = {0, 1, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0x40000000, 0xC0000000};
  const uint64_t r = rnd();
  uint32_t v = 0;
  switch (r % 8) {
    case 0: case 7: return (uint32_t)(r >> 32);
    case 1:
      for (int i = 0; i < 4; ++i) v |= (uint32_t)b8[(r >> (8 + 3 * i)) & 7] << (8 * i);
      return v;
    case 2: return b16[(r >> 8) & 7] | (uint32_t)b16[(r >> 11) & 7] << 16;
    case 3: return b32[(r >> 8) & 7];
    case 4:
      for (int i = 0; i < 4; ++i) v |= (uint32_t)(uint8_t)((int)((r >> (8 + 6 * i)) % 61) - 30) << (8 * i);
      return v;
    case 5: return (uint32_t)(uint16_t)((int)((r >> 8) % 4001) - 2000) | (uint32_t)(uint16_t)((int)((r >> 24) % 4001) - 2000) << 16;
    default: return (uint32_t)((int32_t)(r >> 32) >> ((r >> 8) % 32));
  }
}
/* Shift counts: signed bytes mostly within +-40 (every lane size reads the count's bottom byte). */
static uint32_t gen_shift_word(void) {
  const uint64_t r = rnd();
  if (r % 8 == 0) return gen_word();
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= (uint32_t)(uint8_t)((int)((r >> (8 + 7 * i)) % 81) - 40) << (8 * i);
  return v;
}

enum { ST_Q = 0, ST_FPSCR = 32, ST_VPR, ST_R0, ST_R1, ST_LR, ST_WORDS };

typedef void (*RunFn)(uint32_t* st);
#define MVE_DIFF_BODY(pre, insn)                                                                \
  __asm__ volatile(                                                                             \
      ".arch_extension mve\n\tvldm %[p], {d0-d15}\n\t"                                          \
      "ldr r3, [%[p], #128]\n\tvmsr fpscr, r3\n\t"                                              \
      "ldr r3, [%[p], #132]\n\tvmsr vpr, r3\n\t"                                                \
      "ldr r0, [%[p], #136]\n\tldr r1, [%[p], #140]\n\tldr lr, [%[p], #144]\n\t" pre insn "\n\t"   \
      "vstm %[p], {d0-d15}\n\t"                                                                 \
      "vmrs r3, fpscr\n\tstr r3, [%[p], #128]\n\t"                                              \
      "vmrs r3, vpr\n\tstr r3, [%[p], #132]\n\t"                                                \
      "str r0, [%[p], #136]\n\tstr r1, [%[p], #140]\n\tstr lr, [%[p], #144]\n\t"              \
      /* LTPSIZE = 4 again: GCC's low-overhead loops (LE) fault under another LTPSIZE */         \
      "vmrs r3, fpscr\n\tbic r3, r3, #0x70000\n\torr r3, r3, #0x40000\n\tvmsr fpscr, r3"         \
      :                                                                                         \
      : [p] "r"(st)                                                                             \
      : "r0", "r1", "r3", "lr", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10",    \
        "d11", "d12", "d13", "d14", "d15", "memory", "cc")
#define MVE_DIFF_FN(name, kind, insn, insn_t)                                                   \
  static void run_##name(uint32_t* st) { MVE_DIFF_BODY("", insn); }                             \
  static void runp_##name(uint32_t* st) { MVE_DIFF_BODY("vpst\n\t", insn_t); }
CORSIM_MVE_INT_DIFF_OPS(MVE_DIFF_FN)

struct Op {
  RunFn plain, predicated;
  int kind;
};
static const struct Op kOps[] = {
#define MVE_DIFF_ROW(name, kind, insn, insn_t) {run_##name, runp_##name, kind},
    CORSIM_MVE_INT_DIFF_OPS(MVE_DIFF_ROW)
#undef MVE_DIFF_ROW
};

void qemu_test_main(void) {
  static uint32_t st[ST_WORDS];
  for (unsigned op = 0; op < sizeof kOps / sizeof kOps[0]; ++op) {
    for (int mode = 0; mode < 4; ++mode) {
      for (int k = 0; k < CASES_PER_OP; ++k) {
        for (int i = 0; i < 32; ++i) st[ST_Q + i] = gen_word();
        if (kOps[op].kind == K_SHIFT)
          for (int i = 8; i < 12; ++i) st[ST_Q + i] = gen_shift_word(); /* q2: counts */
        if (k % 4 == 1) for (int i = 0; i < 4; ++i) st[ST_Q + 8 + i] = st[ST_Q + 4 + i]; /* q2 = q1 */
        const uint64_t r = rnd();
        st[ST_FPSCR] = (4u << 16) | ((uint32_t)(r >> 32) & 0xF8000000u); /* LTPSIZE 4, NZCV, QC */
        st[ST_LR] = gen_word();
        if (mode & 2) { /* tail predication: LTPSIZE 0-3, LR elements left (0 .. 16 >> LTPSIZE) */
          const uint32_t ltp = (uint32_t)(r >> 24) & 3u;
          st[ST_FPSCR] = (st[ST_FPSCR] & ~(7u << 16)) | ltp << 16;
          st[ST_LR] = (uint32_t)(r >> 26) % ((16u >> ltp) + 1u);
        }
        st[ST_VPR] = (uint32_t)(r >> 8) & 0xFFFFu;                        /* P0; no VPT block */
        st[ST_R0] = kOps[op].kind == K_SHIFT ? gen_shift_word() : gen_word();
        st[ST_R1] = gen_word();
        put_word(op);
        put_word((uint32_t)mode);
        put_word((uint32_t)k);
        put_str("| ");
        for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
        put_str("| ");
        ((mode & 1) ? kOps[op].predicated : kOps[op].plain)(st);
        for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
        put_char('\n');
      }
    }
  }
}
