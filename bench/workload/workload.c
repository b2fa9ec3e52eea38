/* Benchmark workload main: runs each kernel a fixed number of rounds and prints the checksums.
 * The output is identical on the host, QEMU and corsim (tests/firmware checks host == QEMU). */
#include <stdio.h>

#include "kernels.h"

#ifndef WORKLOAD_SCALE
#define WORKLOAD_SCALE 20 /* about 48 million instructions */
#endif

int main(void) {
  const unsigned scale = WORKLOAD_SCALE;
  unsigned long crc = kernel_crc32(40 * scale);
  unsigned long list = kernel_list(100 * scale);
  unsigned long matmul = kernel_matmul(20 * scale);
  unsigned long fsm = kernel_state_machine(100 * scale);
  printf("workload scale %u\n", scale);
  printf("crc32   %08lx\n", crc);
  printf("list    %08lx\n", list);
  printf("matmul  %08lx\n", matmul);
  printf("fsm     %08lx\n", fsm);
  printf("checksum %08lx\n", (crc ^ (list * 3u) ^ (matmul * 5u) ^ (fsm * 7u)) & 0xFFFFFFFFul);
  return 0;
}
