/* The floating-point context across exceptions (Armv8-M ARM B3 "Floating-point lazy context
 * save", pseudocode PushStack/UpdateFPCCR/PreserveFPState/ExceptionReturn). Thread code with live
 * FP registers is interrupted by SVCall, PendSV (also nested inside SVCall) and SysTick; the
 * handlers use the FPU or not, with lazy stacking on (FPCCR.LSPEN) and off, with FPCCR.TS (S16-S31
 * in the frame) and FPCCR.CLRONRET. Every case prints EXC_RETURN, CONTROL, FPCCR, FPCAR (relative
 * to the frame), the frame's FP area before and after the handler's first FP instruction, and the
 * thread's registers after the return; the output must be identical on corsim and QEMU. The
 * CHECKs hold the values worked out from the pseudocode. Built hard-float (variant fp). */
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "platform.h"

#define FPCCR REG32(0xE000EF34u)
#define FPCAR REG32(0xE000EF38u)
#define FPCCR_LSPACT (1u << 0)
#define FPCCR_TS (1u << 26)
#define FPCCR_CLRONRET (1u << 28)
#define FPCCR_LSPEN (1u << 30)
#define FRAME_WORDS_MAX 42 /* 0xA8 bytes: basic + S0-S15, FPSCR, VPR + S16-S31 */

/* What a handler saw: written by the naked handlers below (offsets used from assembly). */
struct capture {
  uint32_t exc_return;                /* 0 */
  uint32_t control;                   /* 4 */
  uint32_t fpccr;                     /* 8 */
  uint32_t fpcar_offset;              /* 12: FPCAR - frame */
  uint32_t before[FRAME_WORDS_MAX];   /* 16: the frame before any FP instruction */
  uint32_t fpccr_after;               /* 184 */
  uint32_t after[FRAME_WORDS_MAX];    /* 188: the frame after the handler's FP work */
};
struct capture g_cap[2]; /* [0] outer handler, [1] nested PendSV */
volatile uint32_t g_handler_fp;    /* the SVC/PendSV handler uses the FPU */
volatile uint32_t g_nest_pendsv;   /* the SVC handler pends a higher-priority PendSV after its FP work */
volatile uint32_t g_systick_done;
volatile float g_accumulator = 1.5f;

/* Thread side. in: S0-S31, FPSCR; out: S0-S31, FPSCR, CONTROL after the exception returned.
 * how: 0 SVC, 1 PendSV through ICSR, 2 SVC with CONTROL.FPCA/SFPA cleared first (basic frame),
 * 3 start SysTick and wait for its handler (the interrupt can only hit the wait loop). Below SP, 0xB0 bytes are filled with 0xA5 so unwritten frame words show. */
__attribute__((naked, noinline)) void run_case(const uint32_t *in, uint32_t *out, uint32_t how) {
  __asm__ volatile(
      "push {r4-r8, lr}\n"
      "vpush {s16-s31}\n"
      "vldm r0!, {s0-s31}\n"
      "ldr r3, [r0]\n"
      "vmsr fpscr, r3\n"
      "mov r4, sp\n"
      "movs r5, #44\n"
      "ldr r6, =0xA5A5A5A5\n"
      "1: str r6, [r4, #-4]!\n"
      "subs r5, r5, #1\n"
      "bne 1b\n"
      "cmp r2, #1\n"
      "beq 2f\n"
      "cmp r2, #2\n"
      "beq 3f\n"
      "cmp r2, #3\n"
      "beq 4f\n"
      "svc #0\n"
      "b 9f\n"
      "2: ldr r3, =0xE000ED04\n" /* ICSR.PENDSVSET */
      "mov r4, #0x10000000\n"
      "str r4, [r3]\n"
      "dsb\n"
      "isb\n"
      "b 9f\n"
      "3: mrs r3, control\n"
      "bic r3, r3, #0xC\n" /* FPCA, SFPA */
      "msr control, r3\n"
      "isb\n"
      "svc #0\n"
      "b 9f\n"
      "4: ldr r3, =0xE000E010\n" /* SYST_CSR = ENABLE | TICKINT | CLKSOURCE: only now */
      "movs r4, #7\n"
      "str r4, [r3]\n"
      "ldr r3, =g_systick_done\n"
      "5: ldr r4, [r3]\n"
      "cmp r4, #0\n"
      "beq 5b\n"
      "9: vstm r1!, {s0-s31}\n"
      "vmrs r3, fpscr\n"
      "str r3, [r1], #4\n"
      "mrs r3, control\n"
      "str r3, [r1]\n"
      "vpop {s16-s31}\n"
      "pop {r4-r8, pc}\n"
      ".ltorg\n");
}

/* The handler's own FP work, in assembly so the registers it writes are known: S0 = 3.0,
 * S15 = -2.0, S1 = S0 + S15 = 1.0. Its first instruction triggers the lazy preservation. */
__attribute__((naked, noinline)) void fp_work(void) {
  __asm__ volatile(
      "vmov.f32 s0, #3.0\n"
      "vmov.f32 s15, #-2.0\n"
      "vadd.f32 s1, s0, s15\n"
      "bx lr\n");
}

/* volatile: the loop must stay integer loads and stores (no memcpy call, no FP registers). */
static void copy_words(volatile uint32_t *dst, const volatile uint32_t *src, unsigned n) {
  for (unsigned i = 0; i < n; ++i) dst[i] = src[i];
}

/* Integer-only C (no FP instruction may run before the first capture). */
__attribute__((noinline)) void capture_entry(struct capture *c, const uint32_t *frame, uint32_t exc_return,
                                             uint32_t control) {
  c->exc_return = exc_return;
  c->control = control;
  c->fpccr = FPCCR;
  c->fpcar_offset = FPCAR - (uint32_t)(uintptr_t)frame;
  copy_words(c->before, frame, FRAME_WORDS_MAX);
}

__attribute__((noinline)) void capture_exit(struct capture *c, const uint32_t *frame) {
  c->fpccr_after = FPCCR;
  copy_words(c->after, frame, FRAME_WORDS_MAX);
}

/* Outer handler body (SVC and PendSV from Thread mode). */
__attribute__((noinline)) void outer_body(const uint32_t *frame, uint32_t exc_return, uint32_t control) {
  capture_entry(&g_cap[0], frame, exc_return, control);
  if (g_handler_fp) fp_work();
  if (g_nest_pendsv) {
    SCB_ICSR = ICSR_PENDSVSET; /* PendSV (0x20) preempts SVCall (0x40): entered from Handler mode */
    __asm__ volatile("dsb\n\tisb" ::: "memory");
  }
  capture_exit(&g_cap[0], frame);
}

__attribute__((noinline)) void nested_body(const uint32_t *frame, uint32_t exc_return, uint32_t control) {
  capture_entry(&g_cap[1], frame, exc_return, control);
  fp_work();
  capture_exit(&g_cap[1], frame);
}

/* A real floating-point handler: compiled C. */
__attribute__((noinline)) void systick_body(const uint32_t *frame, uint32_t exc_return, uint32_t control) {
  /* Once only: a second wrap may already be pending when QEMU's host-timed SysTick is slow. */
  SYST_CSR = 0;
  SCB_ICSR = ICSR_PENDSTCLR;
  if (g_systick_done) return;
  capture_entry(&g_cap[0], frame, exc_return, control);
  g_accumulator = g_accumulator * 2.5f + 0.125f;
  g_systick_done = 1;
  capture_exit(&g_cap[0], frame);
}

/* Handler entry: r0 = frame (SP on entry, the Main stack), r1 = EXC_RETURN, r2 = CONTROL. */
#define HANDLER(name, body)                                    \
  __attribute__((naked)) void name(void) {                     \
    __asm__ volatile("mov r0, sp\n"                            \
                     "mov r1, lr\n"                            \
                     "mrs r2, control\n"                       \
                     "push {r4, lr}\n"                         \
                     "bl " #body "\n"                          \
                     "pop {r4, pc}\n");                        \
  }

HANDLER(SVC_Handler, outer_body)
HANDLER(SysTick_Handler, systick_body)

/* PendSV is either the outer handler (from Thread mode) or nested in SVCall. */
__attribute__((noinline)) void pendsv_body(const uint32_t *frame, uint32_t exc_return, uint32_t control) {
  if (exc_return & 8u) outer_body(frame, exc_return, control); /* Mode = Thread */
  else nested_body(frame, exc_return, control);
}
HANDLER(PendSV_Handler, pendsv_body)

/* NOCP: an FP instruction with CPACR.CP10/CP11 off is a UsageFault with CFSR.NOCP and the
 * instruction as return address. This handler (integer-only C) turns the FPU on and returns, so the
 * instruction runs again. */
volatile uint32_t g_nocp_cfsr, g_nocp_count;
void UsageFault_Handler(void) {
  SCB_CPACR |= 0xFu << 20;
  g_nocp_cfsr = SCB_CFSR;
  SCB_CFSR = g_nocp_cfsr; /* write-one-to-clear */
  g_nocp_count++;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
}

static uint32_t add_with_fpu_off(void) {
  uint32_t r;
  __asm__ volatile(
      "ldr r1, =0xE000ED88\n" /* CPACR: CP10, CP11 no access */
      "ldr r2, [r1]\n"
      "bic r2, r2, #0xF00000\n"
      "str r2, [r1]\n"
      "dsb\n"
      "isb\n"
      "vmov.f32 s0, #1.5\n" /* NOCP, then retried */
      "vmov.f32 s1, #0.5\n"
      "vadd.f32 s0, s0, s1\n"
      "vmov %0, s0\n"
      : "=r"(r)
      :
      : "r1", "r2", "s0", "s1", "memory");
  return r;
}

static uint32_t g_in[33], g_out[34];

static void set_inputs(uint32_t seed) {
  for (unsigned i = 0; i < 32; ++i) g_in[i] = 0x3F800000u + seed * 0x10000u + i * 0x100u; /* ~1.x floats */
  g_in[32] = 0x03C40000u | (seed & 0x1Fu); /* FPSCR: DN, FZ, RMode RZ, LTPSIZE 4, some flags */
}

static unsigned frame_words(uint32_t exc_return, uint32_t fpccr) {
  if (exc_return & 0x10u) return 8;             /* FType = 1: basic frame */
  return (fpccr & FPCCR_TS) ? 42 : 26;          /* extended, with S16-S31 when TS */
}

static void print_words(const char *what, const uint32_t *w, unsigned from, unsigned to) {
  printf("  %s", what);
  for (unsigned i = from; i < to; ++i) printf("%s%08lx", (i - from) % 8 == 0 && i != from ? "\n    " : " ", (unsigned long)w[i]);
  printf("\n");
}

static void print_capture(const char *who, const struct capture *c, unsigned words) {
  printf(" %s: EXC_RETURN=%08lx CONTROL=%lx FPCCR=%08lx FPCAR=frame+%lx FPCCR'=%08lx\n", who,
         (unsigned long)c->exc_return, (unsigned long)c->control, (unsigned long)c->fpccr,
         (unsigned long)c->fpcar_offset, (unsigned long)c->fpccr_after);
  /* The basic frame's R0-R3, R12, LR, PC differ by build only in addresses: print xPSR. */
  printf("  xPSR=%08lx\n", (unsigned long)c->before[7]);
  if (words > 8) {
    print_words("before:", c->before, 8, words);
    print_words("after: ", c->after, 8, words);
  }
}

static void print_thread(void) {
  print_words("thread S0-S31:", g_out, 0, 32);
  printf("  thread FPSCR=%08lx CONTROL=%lx\n", (unsigned long)g_out[32], (unsigned long)g_out[33]);
}

/* The thread's registers survived the exception (S0-S31 and FPSCR as set by run_case). */
static void check_thread_restored(void) {
  for (unsigned i = 0; i < 33; ++i) CHECK_EQ(g_out[i], g_in[i]);
  CHECK_EQ(g_out[33] & 0xCu, 0xCu); /* CONTROL.FPCA and SFPA back (FPCA = NOT FType; SFPA = xPSR[20]) */
}

static void run(const char *name, uint32_t how, uint32_t seed) {
  set_inputs(seed);
  for (unsigned i = 0; i < 2; ++i) g_cap[i] = (struct capture){0};
  run_case(g_in, g_out, how);
  printf("%s\n", name);
  print_capture("handler", &g_cap[0], frame_words(g_cap[0].exc_return, g_cap[0].fpccr));
  if (g_cap[1].exc_return) print_capture("nested", &g_cap[1], frame_words(g_cap[1].exc_return, g_cap[1].fpccr));
  print_thread();
}

int main(void) {
  check_begin("fp_context");
  /* Fault handlers enabled so the FPCCR.*RDY bits have something to say; SVCall 0x40, PendSV
   * 0x20 (only top 3 bits: QEMU implements 8 priority bits, Corstone-300 3). */
  SCB_SHCSR |= SHCSR_MEMFAULTENA | SHCSR_BUSFAULTENA | SHCSR_USGFAULTENA;
  SCB_SHPR2 = 0x40u << 24;
  SCB_SHPR3 = (SCB_SHPR3 & 0x0000FFFFu) | (0x20u << 16) | (0x60u << 24);
  const uint32_t fpccr_reset = FPCCR;
  printf("FPCCR at reset=%08lx\n", (unsigned long)fpccr_reset);
  CHECK_EQ(fpccr_reset, 0xC0000004u); /* ASPEN, LSPEN, S */

  /* 1. Lazy, the SVC handler uses the FPU: the frame's FP area is written by its first FP
   * instruction. UpdateFPCCR from privileged Thread mode: LSPACT, S, THREAD, HFRDY, MMRDY, BFRDY,
   * UFRDY (all three enabled at priority 0 < 256). */
  g_handler_fp = 1;
  run("lazy, handler uses FP", 0, 1);
  CHECK_EQ(g_cap[0].exc_return, 0xFFFFFFE9u);
  CHECK_EQ(g_cap[0].control & 0xCu, 0u);
  CHECK_EQ(g_cap[0].fpccr, 0xC000047Du);
  CHECK_EQ(g_cap[0].fpcar_offset, 0x20u);
  CHECK_EQ(g_cap[0].before[8], 0xA5A5A5A5u);      /* nothing stored at entry */
  CHECK_EQ(g_cap[0].after[8], g_in[0]);           /* S0 preserved by the first FP instruction */
  CHECK_EQ(g_cap[0].after[8 + 16], g_in[32]);     /* FPSCR */
  CHECK_EQ(g_cap[0].fpccr_after & FPCCR_LSPACT, 0u);
  CHECK_EQ(g_cap[0].before[7] & (1u << 20), 1u << 20); /* stacked xPSR.SFPA */
  check_thread_restored();

  /* 2. Lazy, no FP in the handler: nothing stored; LSPACT cleared by the return. */
  g_handler_fp = 0;
  run("lazy, handler without FP", 0, 2);
  CHECK_EQ(g_cap[0].after[8], 0xA5A5A5A5u);
  CHECK_EQ(g_cap[0].fpccr_after & FPCCR_LSPACT, FPCCR_LSPACT);
  CHECK_EQ(FPCCR & FPCCR_LSPACT, 0u);
  check_thread_restored();

  /* 3. Lazy stacking off: the registers are in the frame at entry. */
  FPCCR &= ~FPCCR_LSPEN;
  g_handler_fp = 1;
  run("immediate, handler uses FP", 0, 3);
  CHECK_EQ(g_cap[0].before[8], g_in[0]);
  CHECK_EQ(g_cap[0].before[8 + 15], g_in[15]);
  CHECK_EQ(g_cap[0].before[8 + 16], g_in[32]);
  CHECK_EQ(g_cap[0].fpccr & FPCCR_LSPACT, 0u);
  check_thread_restored();
  FPCCR |= FPCCR_LSPEN;

  /* 4. PendSV through ICSR, lazy. */
  run("pendsv, lazy", 1, 4);
  CHECK_EQ(g_cap[0].exc_return, 0xFFFFFFE9u);
  check_thread_restored();

  /* 5. Nested: SVC uses FP, then pends PendSV, which preempts from Handler mode with an FP
   * context: EXC_RETURN 0xFFFFFFE1, FPCCR without THREAD; PendSV's FP use preserves the SVC
   * handler's registers (S0 = 3.0, S1 = 1.0, S15 = -2.0) into the nested frame. */
  g_nest_pendsv = 1;
  run("nested pendsv in svc", 0, 5);
  g_nest_pendsv = 0;
  CHECK_EQ(g_cap[1].exc_return, 0xFFFFFFE1u);
  CHECK_EQ(g_cap[1].fpccr & 0x8u, 0u);
  CHECK_EQ(g_cap[1].after[8], 0x40400000u);  /* 3.0 */
  CHECK_EQ(g_cap[1].after[9], 0x3F800000u);  /* 1.0 */
  CHECK_EQ(g_cap[1].after[23], 0xC0000000u); /* -2.0 */
  check_thread_restored();

  /* 6. FPCCR.TS: S16-S31 in the frame too (0xA8 bytes), lazily; then immediately. */
  FPCCR |= FPCCR_TS;
  run("treat as secure, lazy", 0, 6);
  CHECK_EQ(g_cap[0].after[8 + 18], g_in[16]);
  CHECK_EQ(g_cap[0].after[8 + 18 + 15], g_in[31]);
  check_thread_restored();
  FPCCR &= ~FPCCR_LSPEN;
  run("treat as secure, immediate", 0, 7);
  CHECK_EQ(g_cap[0].before[8 + 18 + 15], g_in[31]);
  check_thread_restored();
  FPCCR = (FPCCR | FPCCR_LSPEN) & ~FPCCR_TS;

  /* 7. FPCCR.CLRONRET with a thread that has no FP context (basic frame, FType = 1): the
   * handler's S0-S15 and FPSCR are zeroed by the return instead of leaking. */
  FPCCR |= FPCCR_CLRONRET;
  run("clear on return", 2, 8);
  CHECK_EQ(g_cap[0].exc_return, 0xFFFFFFF9u);
  CHECK_EQ(g_out[0], 0u);
  CHECK_EQ(g_out[1], 0u);
  CHECK_EQ(g_out[15], 0u);
  CHECK_EQ(g_out[16], g_in[16]);
  FPCCR &= ~FPCCR_CLRONRET;

  /* 8. SysTick interrupts the thread waiting with live FP registers; the C handler computes with
   * floats (lazy preservation by compiled code). */
  g_systick_done = 0;
  SYST_RVR = 1000; /* run_case enables it */
  SYST_CVR = 0;
  run("systick, C handler with floats", 3, 9);
  CHECK_EQ(g_cap[0].exc_return, 0xFFFFFFE9u);
  CHECK_EQ(g_cap[0].after[8], g_in[0]);
  check_thread_restored();
  union { float f; uint32_t u; } acc = {g_accumulator};
  printf("accumulator=%08lx\n", (unsigned long)acc.u);
  CHECK_EQ(acc.u, 0x40780000u); /* 1.5 * 2.5 + 0.125 = 3.875 = 1.9375 * 2^1 */

  /* 9. NOCP UsageFault (SHCSR.USGFAULTENA set above): taken once, the retried code computes. */
  const uint32_t sum = add_with_fpu_off();
  printf("nocp: count=%lu CFSR=%08lx sum=%08lx CPACR=%08lx\n", (unsigned long)g_nocp_count,
         (unsigned long)g_nocp_cfsr, (unsigned long)sum, (unsigned long)SCB_CPACR);
  CHECK_EQ(g_nocp_count, 1u);
  CHECK_EQ(g_nocp_cfsr, 1u << 19); /* UFSR.NOCP only */
  CHECK_EQ(sum, 0x40000000u);      /* 1.5 + 0.5 = 2.0 */

  return check_done();
}
