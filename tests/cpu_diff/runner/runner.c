/* Bare-metal runner of the random differential CPU test (docs/cpu-diff.md), run unchanged on QEMU
 * (mps3-an547) and corsim. It reads the test image at DIFF_IMAGE_ADDR, and for each case makes the
 * initial state from the case's seed (diff_case.h, the same code the host uses), fills the sandbox,
 * runs the case's code slot (runner_asm.S) and writes either two hashes of the final state or, in
 * verbose mode, the initial and final states, to a file over semihosting. No libc. */
#include <stdint.h>

#include "../../qemu_baremetal/semihosting.h"
#include "../diff_case.h"

extern uint32_t __stack_top, __bss_start, __bss_end;
void reset_handler(void);
void diff_fault_handler(void);
void case_return(void);
void run_case(const DiffState* in, uint32_t slot, DiffState* out);

__attribute__((section(".vectors"), used)) void (*const vectors[16])(void) = {
    (void (*)(void))&__stack_top, reset_handler, diff_fault_handler, diff_fault_handler,
    diff_fault_handler, diff_fault_handler, diff_fault_handler, diff_fault_handler, 0, 0, 0,
    diff_fault_handler, diff_fault_handler, 0, diff_fault_handler, diff_fault_handler};

static int out_handle = -1;
static uint32_t out_buf[2048];
static unsigned out_words;
static void flush(void) {
  if (out_words == 0) return;
  uint32_t args[3] = {(uint32_t)out_handle, (uint32_t)(uintptr_t)out_buf, out_words * 4u};
  if (semihost(SEMIHOST_SYS_WRITE, args) != 0) {
    semihost_write0("cpu_diff runner: write failed\n");
    semihost_exit(0);
  }
  out_words = 0;
}
static void put(uint32_t w) {
  out_buf[out_words++] = w;
  if (out_words == sizeof out_buf / sizeof out_buf[0]) flush();
}
static unsigned str_len(const char* s) { unsigned n = 0; while (s[n]) ++n; return n; }

static volatile uint32_t current_case;
void diff_runner_fault(void) {
  static char msg[] = "cpu_diff runner: fault outside a test case, after case 0x00000000\n";
  for (int i = 0; i < 8; ++i) msg[sizeof msg - 3 - i] = "0123456789abcdef"[(current_case >> (4 * i)) & 0xF];
  semihost_write0(msg);
  semihost_exit(0);
}

static DiffState in_state, out_state;

void reset_handler(void) {
  for (uint32_t* p = &__bss_start; p < &__bss_end; ++p) *p = 0;
  *(volatile uint32_t*)0xE000ED88 |= 0xFu << 20;  /* CPACR: CP10/CP11 (FPU and MVE) full access */
  *(volatile uint32_t*)0xE000EF34 = 0;            /* FPCCR: no automatic FP state stacking */
  *(volatile uint32_t*)0xE000ED24 |= 0x7u << 16;  /* SHCSR: MemManage, BusFault, UsageFault enabled */
  __asm__ volatile("dsb\n\tisb" ::: "memory");

  DiffHeader* h = (DiffHeader*)DIFF_IMAGE_ADDR;
  if (h->magic != DIFF_IMAGE_MAGIC) { semihost_write0("cpu_diff runner: no test image\n"); semihost_exit(0); }
  h->return_addr = (uint32_t)(uintptr_t)&case_return | 1u;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  const uint32_t open_args[3] = {(uint32_t)(uintptr_t)h->out_name, 5u /* "wb" */, str_len(h->out_name)};
  out_handle = semihost(SEMIHOST_SYS_OPEN, open_args);
  if (out_handle < 0) { semihost_write0("cpu_diff runner: cannot open the output file\n"); semihost_exit(0); }

  const DiffCase* cases = (const DiffCase*)(DIFF_IMAGE_ADDR + h->cases_offset);
  const uint32_t slots = DIFF_IMAGE_ADDR + h->slots_offset;
  volatile uint32_t* sandbox = (volatile uint32_t*)DIFF_SANDBOX_ADDR;
  const int verbose = (h->flags & DIFF_FLAG_VERBOSE) != 0;
  for (uint32_t i = 0; i < h->n_cases; ++i) {
    current_case = i;
    diff_make_state(&cases[i], &in_state);
    for (unsigned k = 0; k < DIFF_SANDBOX_WORDS; ++k) sandbox[k] = in_state.w[DIFF_MEM + k];
    run_case(&in_state, (slots + i * DIFF_SLOT_SIZE) | 1u, &out_state);
    for (unsigned k = 0; k < DIFF_SANDBOX_WORDS; ++k) out_state.w[DIFF_MEM + k] = sandbox[k];
    if (verbose) {
      for (unsigned k = 0; k < DIFF_STATE_WORDS; ++k) put(in_state.w[k]);
      for (unsigned k = 0; k < DIFF_STATE_WORDS; ++k) put(out_state.w[k]);
    } else {
      uint32_t h1, h2;
      diff_hash(&out_state, &h1, &h2);
      put(h1);
      put(h2);
    }
  }
  flush();
  const uint32_t close_args[1] = {(uint32_t)out_handle};
  semihost(SEMIHOST_SYS_CLOSE, close_args);
  semihost_exit(1);
}
