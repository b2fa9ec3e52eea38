/* The program `scripts/run_fvp.sh` runs with no arguments: greets, computes something small that
 * is easy to check by hand, and exits 0 through semihosting. */
#include <stdint.h>
#include <stdio.h>

#include "platform.h"

static uint32_t fibonacci(unsigned n) {
  uint32_t a = 0, b = 1;
  for (unsigned i = 0; i < n; ++i) {
    uint32_t next = a + b;
    a = b;
    b = next;
  }
  return a;
}

static unsigned primes_below(unsigned limit) {
  unsigned count = 0;
  for (unsigned n = 2; n < limit; ++n) {
    unsigned d = 2;
    while (d * d <= n && n % d != 0) ++d;
    if (d * d > n) ++count;
  }
  return count;
}

int main(void) {
  /* CPUID.PARTNO 0xD22 is Cortex-M55 (Cortex-M55 TRM, CPUID register). The revision differs
   * between models, so it is not printed: the output is compared between QEMU and corsim. */
  uint32_t part = (SCB_CPUID >> 4) & 0xFFFu;
  printf("Hello from corsim demo on Corstone-300\n");
  printf("core: %s\n", part == 0xD22u ? "Cortex-M55" : part == 0xD23u ? "Cortex-M85" : "unknown");
  printf("fibonacci(40) = %lu\n", (unsigned long)fibonacci(40));
  printf("primes below 10000 = %u\n", primes_below(10000));
  printf("Demo complete, exiting.\n");
  return 0;
}
