// First end-to-end checks of the run loop: reset, fetch, predecode, a loop, memory, a call.
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

TEST(CpuSmoke, SumLoopAndCall) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    movs r0, #0
    movs r1, #10
1:  adds r0, r0, r1
    subs r1, #1
    bne 1b
    ldr r2, =0x20000010
    str r0, [r2]
    bl f
    b corsim_end
f:  ldr r3, [r2]
    add r3, r3, #100
    bx lr
  )"));
  EXPECT_EQ(h.run(), StopReason::CycleLimit);
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 55u);
  EXPECT_EQ(h.word(0x20000010), 55u);
  EXPECT_EQ(h.s().r[3], 155u);
  EXPECT_EQ(h.s().r[13], kStackTop);
}

}  // namespace
}  // namespace corsim::cpu::test
