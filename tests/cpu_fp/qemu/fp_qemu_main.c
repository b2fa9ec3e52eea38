/* Bare-metal Cortex-M55 program for QEMU (mps3-an547): runs every instruction of fp_qemu_ops.h on
 * pseudo-random operands and FPSCR settings and prints one line per execution over semihosting:
 *   <op> <fpscr in> <a> <b> <c> <d2 after> <fpscr after>      (hex)
 * The host checker recomputes each line with corsim's floating-point library. The shared runtime
 * (tests/qemu_baremetal) starts it, prints "done" after it and exits. No libc. */
#include <stdint.h>

#include "baremetal.h"
#include "fp_qemu_ops.h"

/* A floating-point operand of the format (F fraction bits, bias, E exponent bits): mostly
 * interesting values (zeros, infinities, NaNs, denormals, extremes, near 1, near the integers). */
static uint64_t gen_float(int f, int bias, int e) {
  const uint64_t r = rnd(), sign = (r & 1) << (f + e), frac_mask = (1ull << f) - 1;
  const uint64_t exp_max = (1ull << e) - 1, frac = rnd() & frac_mask;
  uint64_t exp;
  switch ((r >> 1) % 12) {
    case 0: return rnd() & ((sign << 1) - 1);                          /* any pattern */
    case 1: return sign;                                               /* zero */
    case 2: return sign | (exp_max << f) | ((r >> 8) % 3 == 0 ? 0 : frac); /* inf / NaN */
    case 3: return sign | (frac >> ((r >> 8) % (unsigned)f));          /* denormal */
    case 4: exp = 1 + (r >> 8) % 2; break;                             /* smallest normals */
    case 5: exp = exp_max - 1 - (r >> 8) % 3; break;                   /* largest */
    case 6: return sign | ((uint64_t)bias << f) | (frac & ((r >> 8) % 2 ? 0 : 3)); /* ~1.0 */
    default: exp = (uint64_t)bias - 3 + (r >> 8) % (unsigned)(f + 8);  /* integers, fractions */
      if (exp >= exp_max) exp = exp_max - 1;
      break;
  }
  return sign | (exp << f) | (((r >> 20) & 1) ? frac : frac & ~((1ull << (f / 2)) - 1));
}
static uint64_t gen(int kind) {
  switch (kind) {
    case G_H: return gen_float(10, 15, 5) | (gen_float(10, 15, 5) << 16);
    case G_H0: return gen_float(10, 15, 5);
    case G_S: return gen_float(23, 127, 8);
    case G_D: return gen_float(52, 1023, 11);
    default: {
      const uint64_t r = rnd();
      switch (r % 5) {
        case 0: return (uint32_t)(r >> 32);
        case 1: return (uint32_t)((int32_t)(r >> 32) >> ((r >> 8) % 32));
        case 2: return (uint32_t)(r >> 32) >> ((r >> 8) % 32);
        case 3: return (uint32_t)((int32_t)((r >> 16) % 600) - 300);
        default: { static const uint32_t k[] = {0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 1, 0,
                                                0x00008000, 0x00007FFF, 0xFFFF8000, 0x01000001};
                   return k[(r >> 8) % 9]; }
      }
    }
  }
}
static uint32_t gen_fpscr(void) {
  const uint64_t r = rnd();
  /* LTPSIZE [18:16] = 4 (no tail predication): VMSR FPSCR writes it, and an LE (low-overhead loop
   * end, which GCC emits for C loops) with LTPSIZE != 4 raises INVSTATE on QEMU. */
  uint32_t f = 4u << 16;
  f |= (uint32_t)(r & 3) << 22;                         /* RMode */
  if ((r >> 2) % 4 == 0) f |= 1u << 24;                 /* FZ */
  if ((r >> 4) % 4 == 0) f |= 1u << 25;                 /* DN */
  if ((r >> 6) % 4 == 0) f |= 1u << 26;                 /* AHP */
  if ((r >> 8) % 4 == 0) f |= 1u << 19;                 /* FZ16 */
  return f;
}

typedef void (*RunFn)(const uint32_t* regs, uint32_t fpscr, uint32_t* out);
#define CORSIM_FP_QEMU_FN(name, layout, src, dst, out_bits, insn)                              \
  static void run_##name(const uint32_t* regs, uint32_t fpscr, uint32_t* out) {                \
    uint32_t fo;                                                                               \
    __asm__ volatile("vldm %[p], {s0-s11}\n\tvmsr fpscr, %[f]\n\t" insn                        \
                     "\n\tvmrs %[fo], fpscr\n\tvstr d2, [%[o]]"                                 \
                     : [fo] "=&r"(fo)                                                          \
                     : [p] "r"(regs), [f] "r"(fpscr), [o] "r"(out)                             \
                     : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10",     \
                       "s11", "memory");                                                       \
    out[2] = fo;                                                                               \
  }
CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_FN)

struct OpEntry {
  RunFn fn;
  uint8_t layout, src, dst;
};
static const struct OpEntry kOps[OP_COUNT] = {
#define CORSIM_FP_QEMU_ROW(name, layout, src, dst, out_bits, insn) {run_##name, layout, src, dst},
    CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_ROW)
#undef CORSIM_FP_QEMU_ROW
};

void qemu_test_main(void) {
  for (int op = 0; op < OP_COUNT; ++op) {
    const struct OpEntry* e = &kOps[op];
    for (int k = 0; k < CASES_PER_OP; ++k) {
      uint64_t a = gen(e->src), b = gen(e->src), c = gen(e->dst);
      if (k % 4 == 1) b = a + (rnd() % 5) - 2;              /* close operands: cancellation */
      if (k % 8 == 3) b = a ^ (e->src == G_D ? 1ull << 63 : e->src == G_S ? 1u << 31 : 0x80008000u);
      if (e->layout != L_D) { a &= 0xFFFFFFFF; b &= 0xFFFFFFFF; c &= 0xFFFFFFFF; }
      const uint32_t fpscr = gen_fpscr();
      uint32_t regs[12] = {0};
      if (e->layout == L_S) {
        regs[0] = (uint32_t)a; regs[1] = (uint32_t)b; regs[4] = (uint32_t)c;
      } else if (e->layout == L_D) {
        regs[0] = (uint32_t)a; regs[1] = (uint32_t)(a >> 32);
        regs[2] = (uint32_t)b; regs[3] = (uint32_t)(b >> 32);
        regs[4] = (uint32_t)c; regs[5] = (uint32_t)(c >> 32);
      } else {
        regs[0] = (uint32_t)a; regs[8] = (uint32_t)b; regs[4] = (uint32_t)c;
      }
      uint32_t out[3];
      e->fn(regs, fpscr, out);
      put_hex((uint64_t)op, 2); put_char(' ');
      put_hex(fpscr, 8); put_char(' ');
      put_hex(a, 16); put_char(' ');
      put_hex(b, 16); put_char(' ');
      put_hex(c, 16); put_char(' ');
      put_hex(((uint64_t)out[1] << 32) | out[0], 16); put_char(' ');
      put_hex(out[2], 8); put_char('\n');
    }
  }
}
