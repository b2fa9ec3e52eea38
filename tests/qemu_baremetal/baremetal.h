/* The shared bare-metal runtime of the QEMU differential test programs (docs/cpu-diff.md, "Bare-metal
 * QEMU differential programs"). A test program (one C file with its case table) is linked with
 * baremetal.c and baremetal.ld by corsim_add_qemu_test (qemu_test.cmake) and runs unchanged on
 * QEMU's Cortex-M55 (mps3-an547) and on corsim.
 *
 * The runtime owns the vector table, the reset handler (CP10/CP11 enabled, so the FPU and MVE are
 * usable; .bss cleared; rnd() seeded with QEMU_TEST_SEED), the fault handler (prints "fault" and
 * exits with failure), buffered output over semihosting and the exit. The program supplies
 * qemu_test_main(), which prints one line per execution; after it returns the runtime prints
 * "done" and exits with success. The run script (run_qemu_test.sh) requires that last line. */
#ifndef CORSIM_TESTS_QEMU_BAREMETAL_BAREMETAL_H
#define CORSIM_TESTS_QEMU_BAREMETAL_BAREMETAL_H

#include <stdint.h>

#ifndef CASES_PER_OP
#error "CASES_PER_OP is set by corsim_add_qemu_test (tests/qemu_baremetal/qemu_test.cmake)"
#endif

/* The program's body: generates the cases, runs them and prints the results. */
void qemu_test_main(void);

/* Output, buffered and written with SYS_WRITE0. */
void put_char(char c);
void put_str(const char* s);
void put_hex(uint64_t value, int digits); /* the low `digits` hex digits, no separator */
void put_word(uint32_t value);            /* eight hex digits and a space */
void flush_output(void);

/* xorshift64*: the same sequence on QEMU and corsim, from QEMU_TEST_SEED at every reset. */
uint64_t rnd(void);

#endif
