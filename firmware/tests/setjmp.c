/* setjmp/longjmp: newlib's implementation saves r4-r11, sp and lr with STM/LDM-style sequences.
 * Covers the return value of longjmp (0 becomes 1), volatile locals, a jump out of deep recursion,
 * and nested buffers. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

static jmp_buf g_outer, g_inner;
static volatile int g_depth_reached;

static void recurse(int depth) {
  volatile char pad[24];
  pad[0] = (char)depth;
  if (depth > 1000) return; /* never: the jump happens at 50 */
  if (depth == 50) {
    g_depth_reached = depth + pad[0] - depth;
    longjmp(g_outer, depth);
  }
  recurse(depth + 1);
  pad[1] = 0; /* not reached */
}

static int g_calls;
static void jump_with_zero(void) {
  ++g_calls;
  longjmp(g_inner, 0);
}

int main(void) {
  check_begin("setjmp");

  volatile int counter = 0;
  int rc = setjmp(g_outer);
  counter++;
  if (rc == 0) {
    CHECK_EQ(counter, 1);
    recurse(0);
    CHECK(0); /* recurse never returns */
  }
  CHECK_EQ(rc, 50);
  CHECK_EQ(g_depth_reached, 50);
  CHECK_EQ(counter, 2);

  /* longjmp(env, 0) makes setjmp return 1 (C11 7.13.2.1). */
  rc = setjmp(g_inner);
  if (rc == 0) jump_with_zero();
  CHECK_EQ(rc, 1);
  CHECK_EQ(g_calls, 1);

  /* Callee-saved registers survive: values kept in locals across a longjmp from a callee. */
  volatile uint32_t a = 0x11111111u, b = 0x22222222u, c = 0x33333333u;
  uint64_t sum_before = (uint64_t)a + b + c;
  if (setjmp(g_outer) == 0) {
    a = 1;
    b = 2;
    c = 3;
    longjmp(g_outer, 7);
  }
  CHECK_EQ((uint64_t)a + b + c, 6);
  CHECK_EQ(sum_before, 0x66666666ull);

  /* A loop driven by longjmp. */
  volatile int iterations = 0;
  rc = setjmp(g_outer);
  if (iterations < 10) {
    ++iterations;
    longjmp(g_outer, iterations);
  }
  CHECK_EQ(rc, 10);
  printf("longjmp loop ran %d times\n", iterations);
  return check_done();
}
