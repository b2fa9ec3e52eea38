/* The program tests/gdb debugs with gdb-multiarch (docs/sim.md "GDB server"): a global written in
 * a loop (a watchpoint's target), a known vector loaded into q0 (an MVE register GDB must read),
 * and a distinctive exit status, 9 (GDB must report it). Built at -O0 with -g for the MVE variant;
 * it also runs as an ordinary firmware test on corsim and QEMU. The test's expected values are
 * the constants below, not anything corsim printed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

volatile int counter;
int total;
static const uint32_t pattern[4] = {0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u};

/* Called right after q0 was loaded: GDB breaks here and prints $q0. */
__attribute__((noinline)) void vector_loaded(void) { __asm volatile("" ::: "memory"); }

int main(void) {
  /* VLDRW.U32 Q0, [Rn]: the four words of `pattern` into q0 lanes 0-3. */
  __asm volatile("vldrw.u32 q0, [%0]" : : "r"(pattern) : "memory");
  vector_loaded();
  for (int i = 0; i < 5; ++i) {
    counter = counter + 1;
    total += i;
  }
  printf("counter=%d total=%d\n", counter, total);
  exit(9);
}
