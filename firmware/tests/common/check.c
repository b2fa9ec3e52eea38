#include "check.h"

#include <stdio.h>

static const char *g_name = "?";
static unsigned g_passed;
static unsigned g_failed;

void check_begin(const char *test_name) {
  g_name = test_name;
  printf("== %s\n", test_name);
}

void check_note_pass(void) { ++g_passed; }

static const char *base_name(const char *path) {
  const char *base = path;
  for (const char *p = path; *p; ++p)
    if (*p == '/') base = p + 1;
  return base;
}

void check_fail(const char *file, int line, const char *expr) {
  ++g_failed;
  printf("FAIL %s:%d: %s\n", base_name(file), line, expr);
}

void check_fail_u64(const char *file, int line, const char *expr, uint64_t got, uint64_t want) {
  ++g_failed;
  printf("FAIL %s:%d: %s: got 0x%llx, want 0x%llx\n", base_name(file), line, expr,
         (unsigned long long)got, (unsigned long long)want);
}

unsigned check_count(void) { return g_passed + g_failed; }

int check_done(void) {
  if (g_failed == 0) {
    printf("PASS %s (%u checks)\n", g_name, g_passed);
    return 0;
  }
  printf("FAIL %s (%u of %u checks failed)\n", g_name, g_failed, g_passed + g_failed);
  return 1;
}
