/* A mixed integer workload written for corsim's speed benchmark: linked lists, matrix multiply, a
 * state machine and CRC32. Portable C: the same files build for the host (to validate the
 * checksums independently of any Arm model) and for the Corstone-300 firmware. */
#ifndef CORSIM_BENCH_KERNELS_H
#define CORSIM_BENCH_KERNELS_H

#include <stdint.h>

uint32_t kernel_crc32(unsigned rounds);
uint32_t kernel_list(unsigned rounds);
uint32_t kernel_matmul(unsigned rounds);
uint32_t kernel_state_machine(unsigned rounds);

#endif
