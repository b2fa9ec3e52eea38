/* Bare-metal Cortex-M55 program run on both QEMU (mps3-an547) and corsim: every entry of
 * mve_core_ops.h (MVE predication, loads/stores, long shifts, lane moves, tail-predicated loops)
 * executes CASES_PER_OP times on pseudo-random state, and one line per execution is printed over
 * semihosting: <op> <case> | inputs | q0-q7 fpscr vpr apsr r0-r5 r6-offset lr buffer[0..63] |
 * guard words. The buffer sits between two guard bands (see MEM_WORDS) that hold a known pattern
 * before every case; each guard word a case changed is printed as @<index>=<value> (index into the
 * whole extent, 3 hex digits), so every byte a case can write is compared.
 * The shared runtime (tests/qemu_baremetal) starts it, prints "done" after it and exits;
 * tests/qemu_baremetal/run_qemu_test.sh compares the two outputs line by line. No libc. */
#include <stdint.h>

#include "baremetal.h"
#include "mve_core_ops.h"

/* Mostly random, with boundary values and small numbers of both signs. */
static uint32_t gen_int(void) {
  const uint64_t r = rnd();
  static const uint32_t kEdges[] = {0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x7FFFFFFF, 0x80000000,
                                    0xFFFFFFFF, 0x00800080, 0x7F7F7F7F, 0x80008000};
  switch (r % 5) {
    case 0: return kEdges[(r >> 8) % (sizeof kEdges / sizeof kEdges[0])];
    case 1: return (uint32_t)((int32_t)((r >> 16) % 512) - 256);
    case 2: return (uint32_t)((int32_t)(r >> 32) >> ((r >> 8) % 32));
    default: return (uint32_t)(r >> 32);
  }
}

/* State words: q0-q7, FPSCR, VPR, APSR, r0-r5, r6, LR; the buffer lives apart. */
enum { ST_Q = 0, ST_FPSCR = 32, ST_VPR, ST_APSR, ST_R0, ST_R6 = ST_R0 + 6, ST_LR, ST_WORDS };
/* The memory the cases address: a 64-word random buffer (r6 = &buf[24], 96 bytes in) between two
 * 192-word guard bands. The farthest a case reaches is scatter_d_os / gather_d_os: offsets below 100
 * scaled by 8 from r6, so bytes 96..895 of the buffer; the upper band covers buffer bytes 256..1023
 * and the lower band the 768 bytes below the buffer (a store with its offset's sign wrong). */
enum { BUF_WORDS = 64, BUF_BASE = 24, GUARD_WORDS = 192 };
enum { MEM_WORDS = GUARD_WORDS + BUF_WORDS + GUARD_WORDS };
static uint32_t mem[MEM_WORDS];
static uint32_t* const buf = &mem[GUARD_WORDS];
_Static_assert(BUF_BASE * 4 + 99 * 8 + 8 <= (BUF_WORDS + GUARD_WORDS) * 4, "the upper guard band must cover scatter_d_os");

/* What a guard word holds before every case: a marker and its own index, so a word moved from one
 * place to another also shows. */
static uint32_t guard_pattern(int i) { return 0xA5A50000u | (uint32_t)i; }
static int is_guard(int i) { return i < GUARD_WORDS || i >= GUARD_WORDS + BUF_WORDS; }

typedef void (*RunFn)(uint32_t* st);
/* Runner: the state pointer is in r7 (the sequences do not touch it). VPR is loaded by VMSR:
 * the setup instructions are not MVE instructions, so a VPT block in VPR starts at the sequence. */
#define MVE_DIFF_FN(name, kind, insn)                                                           \
  __attribute__((noinline)) static void run_##name(uint32_t* st) {                              \
    register uint32_t* p __asm__("r7") = st;                                                    \
    __asm__ volatile(                                                                           \
        ".arch_extension mve\n\tvldm r7, {s0-s31}\n\t"                                          \
        "ldr r3, [r7, #128]\n\tvmsr fpscr, r3\n\t"                                              \
        "ldr r3, [r7, #136]\n\tmsr APSR_nzcvq, r3\n\t"                                          \
        "ldr r3, [r7, #132]\n\tvmsr vpr, r3\n\t"                                              \
        "ldr r0, [r7, #140]\n\tldr r1, [r7, #144]\n\tldr r2, [r7, #148]\n\t"                    \
        "ldr r3, [r7, #152]\n\tldr r4, [r7, #156]\n\tldr r5, [r7, #160]\n\t"                    \
        "ldr r6, [r7, #164]\n\tldr lr, [r7, #168]\n\t"                                          \
        insn "\n\t"                                                                             \
        "str r0, [r7, #140]\n\tstr r1, [r7, #144]\n\tstr r2, [r7, #148]\n\t"                    \
        "str r3, [r7, #152]\n\tstr r4, [r7, #156]\n\tstr r5, [r7, #160]\n\t"                    \
        "str r6, [r7, #164]\n\tstr lr, [r7, #168]\n\t"                                          \
        "vstm r7, {s0-s31}\n\t"                                                                 \
        "vmrs r3, fpscr\n\tstr r3, [r7, #128]\n\t"                                              \
        "vmrs r3, vpr\n\tstr r3, [r7, #132]\n\t"                                                \
        "mrs r3, APSR\n\tstr r3, [r7, #136]"                                                    \
        :                                                                                       \
        : "r"(p)                                                                                \
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "lr", "s0", "s1", "s2", "s3", "s4", "s5",  \
          "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13", "s14", "s15", "s16", "s17",      \
          "s18", "s19", "s20", "s21", "s22", "s23", "s24", "s25", "s26", "s27", "s28", "s29",  \
          "s30", "s31", "memory", "cc");                                                        \
  }
CORSIM_MVE_CORE_OPS(MVE_DIFF_FN)

struct Op {
  RunFn fn;
  int kind;
};
static const struct Op kOps[] = {
#define MVE_DIFF_ROW(name, kind, insn) {run_##name, kind},
    CORSIM_MVE_CORE_OPS(MVE_DIFF_ROW)
#undef MVE_DIFF_ROW
};

static uint32_t gen_fpscr(void) {
  const uint64_t r = rnd();
  uint32_t f = 4u << 16; /* LTPSIZE = 4 (no tail predication outside the loop sequences) */
  f |= (uint32_t)(r & 3) << 22;
  f |= (uint32_t)(r >> 32) & 0xF800009Fu; /* NZCV, QC, cumulative flags */
  return f;
}

/* VPR: random P0; half of the time a VPT block is in progress (random MASK01/MASK23). */
static uint32_t gen_vpr(void) {
  const uint64_t r = rnd();
  uint32_t v = (uint32_t)r & 0xFFFFu;
  if ((r >> 16) & 1) v |= (uint32_t)((r >> 20) & 0xFF) << 16;
  return v;
}

/* Element e of q1 (n bytes) gets a small in-buffer offset; for 64-bit elements the low word. */
static void small_offsets(uint32_t* st, unsigned bytes) {
  uint8_t* q1 = (uint8_t*)&st[ST_Q + 4];
  for (unsigned e = 0; e < 16 / bytes; ++e) {
    const uint32_t off = (uint32_t)(rnd() % 100);
    for (unsigned b = 0; b < bytes; ++b) q1[e * bytes + b] = b < 4 ? (uint8_t)(off >> (8 * b)) : 0;
  }
}

void qemu_test_main(void) {
  static uint32_t st[ST_WORDS];
  for (unsigned op = 0; op < sizeof kOps / sizeof kOps[0]; ++op) {
    for (int k = 0; k < CASES_PER_OP; ++k) {
      for (int i = 0; i < 32; ++i) st[ST_Q + i] = gen_int();
      if (k % 4 == 1) { /* equal lanes for the compares */
        for (int i = 0; i < 4; ++i) st[ST_Q + 4 + i] = st[ST_Q + i];
        st[ST_R0] = st[ST_Q + 8];
      }
      st[ST_FPSCR] = gen_fpscr();
      st[ST_VPR] = gen_vpr();
      st[ST_APSR] = (uint32_t)rnd() & 0xF8000000u;
      for (int i = 0; i < 6; ++i) st[ST_R0 + i] = gen_int();
      st[ST_R6] = (uint32_t)(uintptr_t)&buf[BUF_BASE];
      st[ST_LR] = 0;
      for (int i = 0; i < MEM_WORDS; ++i) mem[i] = is_guard(i) ? guard_pattern(i) : gen_int();
      const int kind = kOps[op].kind;
      if (kind == K_SHIFT) {
        const uint64_t r = rnd();
        static const int kEdges[] = {0, 1, -1, 31, 32, 33, -31, -32, -33, 47, 48, 49, -48, -49, 63, 64, 65, -64, -65, 127, -128};
        const int sh = (r & 1) ? kEdges[(r >> 8) % (sizeof kEdges / sizeof kEdges[0])] : (int)((r >> 16) % 141) - 70;
        st[ST_R0 + 2] = ((uint32_t)rnd() & 0xFFFFFF00u) | ((uint32_t)sh & 0xFFu);
        if ((r >> 40) % 3 == 0) st[ST_R0 + 1] = (uint32_t)((int32_t)st[ST_R0 + 1] >> 20); /* small high word */
      }
      if (kind == K_OFF8) small_offsets(st, 1);
      if (kind == K_OFF16) small_offsets(st, 2);
      if (kind == K_OFF32) small_offsets(st, 4);
      if (kind == K_OFF64) small_offsets(st, 8);
      if (kind == K_BASE32 || kind == K_BASE64) {
        small_offsets(st, kind == K_BASE32 ? 4 : 8);
        for (int i = 0; i < 4; i += kind == K_BASE32 ? 1 : 2) st[ST_Q + 4 + i] += (uint32_t)(uintptr_t)&buf[BUF_BASE - 16];
      }
      if (kind == K_LOOP) st[ST_R0 + 3] = (uint32_t)(rnd() % 17);
      put_word(op);
      put_word((uint32_t)k);
      put_str("| ");
      for (int i = 0; i < ST_R6; ++i) put_word(st[i]);
      put_str("| ");
      kOps[op].fn(st);
      st[ST_R6] -= (uint32_t)(uintptr_t)&buf[BUF_BASE];
      st[ST_APSR] &= 0xF80F0000u; /* NZCVQ, GE */
      for (int i = 0; i < ST_WORDS; ++i) put_word(st[i]);
      for (int i = 0; i < BUF_WORDS; ++i) put_word(buf[i]);
      put_str("| ");
      for (int i = 0; i < MEM_WORDS; ++i) {
        if (!is_guard(i) || mem[i] == guard_pattern(i)) continue;
        put_char('@');
        put_hex((uint32_t)i, 3);
        put_char('=');
        put_word(mem[i]);
      }
      put_char('\n');
    }
  }
}
