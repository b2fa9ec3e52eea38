/* Self-checking firmware tests: each CHECK prints nothing on success and one line on failure;
 * check_done() prints the summary and gives main's return value (0 only when nothing failed).
 * Output must be deterministic (never cycle counts or addresses): it is compared byte for byte
 * between QEMU and corsim. */
#ifndef CORSIM_FIRMWARE_CHECK_H
#define CORSIM_FIRMWARE_CHECK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void check_begin(const char *test_name);
void check_fail(const char *file, int line, const char *expr);
void check_fail_u64(const char *file, int line, const char *expr, uint64_t got, uint64_t want);
int check_done(void);
unsigned check_count(void);
void check_note_pass(void);

#ifdef __cplusplus
}
#endif

#define CHECK(cond)                                                   \
  do {                                                                \
    if (cond) check_note_pass();                                      \
    else check_fail(__FILE__, __LINE__, #cond);                       \
  } while (0)

/* Compares as 64-bit unsigned values and prints both in hex on mismatch. */
#define CHECK_EQ(got, want)                                                      \
  do {                                                                           \
    uint64_t check_got_ = (uint64_t)(got), check_want_ = (uint64_t)(want);       \
    if (check_got_ == check_want_) check_note_pass();                            \
    else check_fail_u64(__FILE__, __LINE__, #got " == " #want, check_got_, check_want_); \
  } while (0)

/* Keeps the compiler from folding a value known at compile time. */
#define OPAQUE(x) opaque_u32(x)
static inline uint32_t opaque_u32(uint32_t x) {
  __asm__ volatile("" : "+r"(x));
  return x;
}
static inline uint64_t opaque_u64(uint64_t x) {
  __asm__ volatile("" : "+r"(x));
  return x;
}

#endif
