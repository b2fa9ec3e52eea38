/* The random differential CPU test (docs/cpu-diff.md): what the host generator and the bare-metal
 * runner share. Plain C so that arm-none-eabi-gcc (runner) and g++ (host) compile the same text:
 * the memory layout of a test image, the case record, and the deterministic generator of a case's
 * initial state from its seed. The host re-creates every initial state with these functions (to
 * screen the case on corsim before keeping it); the runner creates it on the target, so the image
 * carries 16 bytes per case instead of the whole state. */
#ifndef CORSIM_TESTS_CPU_DIFF_DIFF_CASE_H
#define CORSIM_TESTS_CPU_DIFF_DIFF_CASE_H

#include <stdint.h>

/* ---- layout ---------------------------------------------------------------------------------- */
/* The image (header, case records, code slots) is loaded at the DDR Secure alias. */
#define DIFF_IMAGE_ADDR 0x70000000u
#define DIFF_IMAGE_MAGIC 0x46444443u /* "CDDF" */
/* Each case executes in its own 32-byte code slot: [IT/VPST prefix] insn [4 x VORR after a VPT/VPST
 * under test, closing its block] B.W trampoline [NOP fill].
 * The trampoline (image + 0x10) is `ldr.w pc, [pc, #-8]`, loading the runner's return address
 * that the runner writes to image + 0x0C at start. B.W reaches +-16 MiB, which bounds an image. */
#define DIFF_TRAMPOLINE_OFFSET 0x10u
#define DIFF_SLOT_SIZE 32u
#define DIFF_MAX_CASES 300000u /* cases + slots stay within B.W reach of the trampoline */
/* Memory the instructions may touch: 256 bytes in the DTCM (Secure alias), filled per case. */
#define DIFF_SANDBOX_ADDR 0x30040000u
#define DIFF_SANDBOX_WORDS 64u
/* SP while a case runs (the runner switches to it), so SP-relative results are the same on both
 * simulators and known to the host screen. */
#define DIFF_CASE_SP 0x30030000u

/* Header flags */
#define DIFF_FLAG_VERBOSE 1u /* write the initial and final state of each case, not a hash */

typedef struct {
  uint32_t magic;
  uint32_t n_cases;
  uint32_t flags;
  uint32_t return_addr;      /* written by the runner: its return routine | 1 */
  uint32_t trampoline[2];    /* ldr.w pc, [pc, #-8]; nop; nop */
  uint32_t cases_offset;     /* from the image start: DiffCase[n_cases] */
  uint32_t slots_offset;     /* from the image start: n_cases slots of DIFF_SLOT_SIZE bytes */
  char out_name[32];         /* semihosting file the runner writes its results to */
} DiffHeader;

/* Mode bits of a case: how its initial state is drawn. */
#define DIFF_MODE_SMALL_Q 1u /* vector lanes hold small byte offsets (gathers/scatters) */

typedef struct {
  uint32_t seed;
  uint8_t mode;
  uint8_t n_over;           /* 0..2 core-register overrides, applied after the generator */
  uint8_t over_reg[2];      /* register numbers (0-12, 14) */
  uint32_t over_val[2];
} DiffCase;

/* The state a case starts from and ends with, in the order the runner loads and stores it. */
enum {
  DIFF_R0 = 0,           /* r0-r12 */
  DIFF_LR = 13,
  DIFF_APSR = 14,        /* NZCVQ, GE[19:16] */
  DIFF_FPSCR = 15,
  DIFF_VPR = 16,
  DIFF_FAULT = 17,       /* 0, or exception number << 24 | CFSR[23:0] (final state only) */
  DIFF_Q = 18,           /* Q0-Q7 = S0-S31 */
  DIFF_MEM = 50,         /* the sandbox */
  DIFF_STATE_WORDS = 114
};
typedef struct {
  uint32_t w[DIFF_STATE_WORDS];
} DiffState;

/* ---- deterministic generator ------------------------------------------------------------------- */
static inline uint32_t diff_next(uint32_t* s) { /* xorshift32 */
  uint32_t x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *s = x;
  return x;
}

/* A floating-point bit pattern with `f` fraction bits and `e` exponent bits (e + f < 32): zeros,
 * infinities, NaNs (quiet and signalling), denormals, extremes, values near 1 and plain randoms. */
static inline uint32_t diff_float_bits(uint32_t* s, unsigned f, unsigned e) {
  const uint32_t r = diff_next(s), frac = diff_next(s) & ((1u << f) - 1u);
  const uint32_t sign = (r & 1u) << (f + e), emax = (1u << e) - 1u, bias = emax >> 1;
  uint32_t exp;
  switch ((r >> 1) & 15u) {
    case 0: return sign;                                        /* +-0 */
    case 1: return sign | (emax << f);                          /* +-inf */
    case 2: return sign | (emax << f) | (frac | 1u);            /* NaN, either kind */
    case 3: return sign | (emax << f) | (1u << (f - 1)) | (frac >> 3); /* quiet NaN */
    case 4: return sign | (frac >> ((r >> 8) % f));              /* denormal */
    case 5: exp = 1u; break;                                    /* smallest normals */
    case 6: exp = emax - 1u; break;                             /* largest finite */
    case 7: return diff_next(s) & (f + e + 1u >= 32u ? 0xFFFFFFFFu : (1u << (f + e + 1u)) - 1u);
    default:                                                    /* near 1, short fractions too */
      exp = bias - 3u + (r >> 8) % (f < 12 ? 8u : 12u);
      return sign | (exp << f) | (((r >> 20) & 1u) ? frac : frac & ~((1u << (f / 2)) - 1u));
  }
  return sign | (exp << f) | frac;
}

/* A double's two words (low, high). */
static inline void diff_double_bits(uint32_t* s, uint32_t* lo, uint32_t* hi) {
  const uint32_t r = diff_next(s), sign = (r & 1u) << 31, flo = diff_next(s), fhi = diff_next(s) & 0xFFFFFu;
  uint32_t exp;
  switch ((r >> 1) & 15u) {
    case 0: *lo = 0; *hi = sign; return;
    case 1: *lo = 0; *hi = sign | 0x7FF00000u; return;
    case 2: *lo = flo | 1u; *hi = sign | 0x7FF00000u | fhi; return;
    case 3: *lo = flo; *hi = sign | 0x7FF80000u | fhi; return;
    case 4: *lo = flo; *hi = sign | (fhi >> ((r >> 8) % 20u)); return;
    case 5: exp = 1u; break;
    case 6: exp = 0x7FEu; break;
    case 7: *lo = flo; *hi = diff_next(s); return;
    default:
      exp = 1020u + (r >> 8) % 10u;
      *lo = ((r >> 20) & 1u) ? flo : 0u;
      *hi = sign | (exp << 20) | fhi;
      return;
  }
  *lo = flo;
  *hi = sign | (exp << 20) | fhi;
}

static inline uint32_t diff_special_int(uint32_t r) {
  static const uint32_t k[16] = {0u,          1u,          0xFFFFFFFFu, 0x80000000u,
                                 0x7FFFFFFFu, 0x7FFFu,     0x8000u,     0xFFFF8000u,
                                 0x80u,       0xFFu,       0x7Fu,       0xFFFF7FFFu,
                                 0x00010000u, 0xFFFFu,     0x80008000u, 0x7FFF7FFFu};
  return k[r & 15u];
}

static inline uint32_t diff_int(uint32_t* s) {
  const uint32_t r = diff_next(s);
  switch (r & 7u) {
    case 3: return diff_next(s) & 0xFFu;
    case 4: return DIFF_SANDBOX_ADDR + (diff_next(s) & 0xFFu);           /* a pointer into the sandbox */
    case 5: return diff_special_int(r >> 3);
    case 6: return diff_float_bits(s, 23, 8);
    case 7: return (uint32_t)((int32_t)diff_next(s) >> ((r >> 3) & 31u));
    default: return diff_next(s);
  }
}

static inline uint32_t diff_fpscr(uint32_t* s) {
  const uint32_t r = diff_next(s), r2 = diff_next(s);
  uint32_t f = 4u << 16;                         /* LTPSIZE = 4 (no tail predication) */
  f |= ((r >> 0) & 3u) << 22;                    /* RMode */
  if (((r >> 2) & 3u) == 0) f |= 1u << 24;       /* FZ */
  if (((r >> 4) & 3u) == 0) f |= 1u << 25;       /* DN */
  if (((r >> 6) & 3u) == 0) f |= 1u << 26;       /* AHP */
  if (((r >> 8) & 3u) == 0) f |= 1u << 19;       /* FZ16 */
  if (((r >> 10) & 3u) == 0) f |= r2 & 0x9Fu;    /* cumulative flags already set */
  f |= r2 & 0xF8000000u;                         /* NZCV, QC */
  return f;
}

static inline uint32_t diff_predicate(uint32_t* s) {
  const uint32_t r = diff_next(s);
  switch (r & 3u) {
    case 0: return 0xFFFFu;
    case 1: return (r >> 8) & 0xFFFFu;
    case 2: { /* whole lanes of 1, 2 or 4 bytes */
      const uint32_t bits = r >> 12, lane = 1u << ((r >> 2) % 3u);
      uint32_t p = 0;
      for (unsigned i = 0; i < 16; i += lane)
        if ((bits >> i) & 1u) p |= ((1u << lane) - 1u) << i;
      return p;
    }
    default: return 0u;
  }
}

/* Fills `st` (everything but DIFF_FAULT) from the case's seed, then applies the overrides. */
static inline void diff_make_state(const DiffCase* c, DiffState* st) {
  uint32_t s = c->seed * 2654435761u ^ 0x5bd1e995u, i;
  if (s == 0) s = 1;
  for (i = 0; i < 3; ++i) (void)diff_next(&s);
  for (i = 0; i <= DIFF_LR; ++i) st->w[i] = diff_int(&s);
  st->w[DIFF_APSR] = diff_next(&s) & 0xF80F0000u;
  st->w[DIFF_FPSCR] = diff_fpscr(&s);
  st->w[DIFF_VPR] = diff_predicate(&s);   /* MASK01/MASK23 = 0: no VPT block open */
  st->w[DIFF_FAULT] = 0;
  for (i = 0; i < 32; i += 2) {           /* one D register at a time */
    uint32_t* d = &st->w[DIFF_Q + i];
    const uint32_t r = diff_next(&s);
    if (c->mode & DIFF_MODE_SMALL_Q) {
      d[0] = diff_next(&s) & ((r & 1u) ? 0x3Cu : 0x7Fu);
      d[1] = (r & 2u) ? 0u : (diff_next(&s) & 0x3Cu);
      continue;
    }
    switch (r & 7u) {
      case 0: diff_double_bits(&s, &d[0], &d[1]); break;
      case 1: case 2: d[0] = diff_float_bits(&s, 23, 8); d[1] = diff_float_bits(&s, 23, 8); break;
      case 3:
        d[0] = diff_float_bits(&s, 10, 5) | diff_float_bits(&s, 10, 5) << 16;
        d[1] = diff_float_bits(&s, 10, 5) | diff_float_bits(&s, 10, 5) << 16;
        break;
      case 4: d[0] = diff_int(&s); d[1] = diff_int(&s); break;
      case 5: d[0] = diff_special_int(r >> 3) ; d[1] = diff_special_int(r >> 8); break;
      default: d[0] = diff_next(&s); d[1] = diff_next(&s); break;
    }
  }
  for (i = 0; i < DIFF_SANDBOX_WORDS; ++i) {
    const uint32_t r = diff_next(&s);
    st->w[DIFF_MEM + i] = (r & 3u) == 0 ? diff_float_bits(&s, 23, 8) : (r & 7u) == 1 ? (r >> 24) : diff_next(&s);
  }
  for (i = 0; i < c->n_over && i < 2; ++i) { /* register numbers: r0-r12 and r14 (LR) */
    if (c->over_reg[i] < 13) st->w[c->over_reg[i]] = c->over_val[i];
    else if (c->over_reg[i] == 14) st->w[DIFF_LR] = c->over_val[i];
  }
}

/* Two independent 32-bit hashes of a final state (the runner's compact output). */
static inline void diff_hash(const DiffState* st, uint32_t* h1, uint32_t* h2) {
  uint32_t a = 2166136261u, b = 0x9747b28cu, i;
  for (i = 0; i < DIFF_STATE_WORDS; ++i) {
    const uint32_t w = st->w[i];
    a = (a ^ w) * 16777619u;
    b += w * 0xcc9e2d51u;
    b = ((b << 13) | (b >> 19)) * 5u + 0xe6546b64u;
  }
  *h1 = a;
  *h2 = b;
}

#endif
