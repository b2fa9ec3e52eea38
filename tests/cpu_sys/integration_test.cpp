// The Cpu, its ExceptionUnit and the PPB together: firmware-style programs (assembled with
// arm-none-eabi-as) program SysTick, the PMU, the ITM and the SAU through their registers.
#include <gtest/gtest.h>

#include <vector>

#include "cpu/scs/system_control_space.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::systest {
namespace {

struct Markers : scs::ItmSink {
  std::vector<uint32_t> values;
  void itm_write(unsigned port, uint32_t value, unsigned) override { values.push_back(port << 24 | value); }
};

struct Platform {
  test::CpuHarness h;
  Markers itm;
  scs::SystemControlSpace scs{h.cpu().exceptions(), h.cpu(), &itm};
  Platform() { h.bus().map(0xE000'0000u, 0x100000, scs, "PPB"); }
  // Runs instruction by instruction, updating SysTick as sim/ would at its deadlines.
  void run(uint64_t limit = 20000) {
    for (uint64_t i = 0; i < limit && !h.reached_end(); ++i) {
      if (h.cpu().run(1) != StopReason::CycleLimit) break;
      scs.systick().update(h.cpu().now());
    }
  }
};

TEST(Integration, SysTickInterruptsTheLoop) {
  Platform p;
  ASSERT_TRUE(p.h.load(R"(
    ldr r0, =0xE000E010
    movs r1, #99
    str r1, [r0, #4]       @ RVR = 99: a wrap every 100 cycles
    movs r1, #0
    str r1, [r0, #8]       @ CVR = 0
    movs r4, #0            @ tick count (the handler increments it)
    movs r1, #7
    str r1, [r0]           @ ENABLE | TICKINT | CLKSOURCE
  wait:
    cmp r4, #3
    blt wait
    movs r1, #0
    str r1, [r0]
    b corsim_end
  systick_handler:
    adds r4, r4, #1
    bx lr
  )"));
  p.h.set_word(15 * 4, p.h.symbol("systick_handler") | 1u);
  p.run();
  ASSERT_TRUE(p.h.reached_end());
  EXPECT_EQ(p.h.s().r[4], 3u);
  EXPECT_GE(p.h.cpu().now(), 300u);  // three periods of 100 cycles
}

TEST(Integration, PmuCycleCounterAndItmMarkers) {
  Platform p;
  ASSERT_TRUE(p.h.load(R"(
    ldr r0, =0xE0003000
    ldr r1, =0xE000EDFC
    ldr r2, =0x01000000
    str r2, [r1]           @ DEMCR.TRCENA
    movs r2, #5
    str r2, [r0, #0xE04]   @ PMU_CTRL: E | C
    ldr r2, =0x80000000
    str r2, [r0, #0xC00]   @ CNTENSET: cycle counter
    ldr r3, [r0, #0x7C]    @ CCNTR before
    nop
    nop
    nop
    ldr r5, [r0, #0x7C]    @ CCNTR after: 4 instructions later (3 NOPs + this load)
    subs r5, r5, r3
    ldr r0, =0xE0000000
    movs r1, #0x2A
    strb r1, [r0, #8]      @ ITM port 2, one byte
    b corsim_end
  )"));
  p.run();
  ASSERT_TRUE(p.h.reached_end());
  EXPECT_EQ(p.h.s().r[5], 4u);  // a cycle is an instruction without a timing model
  ASSERT_EQ(p.itm.values.size(), 1u);
  EXPECT_EQ(p.itm.values[0], (2u << 24) | 0x2A);
}

TEST(Integration, PendSvFromIcsrAndVtorRelocation) {
  Platform p;
  ASSERT_TRUE(p.h.load(R"(
    ldr r0, =0xE000ED08
    ldr r1, =0x20000000
    str r1, [r0]           @ VTOR = RAM table (filled by the test)
    ldr r0, =0xE000ED04
    ldr r1, =0x10000000
    str r1, [r0]           @ ICSR.PENDSVSET
    isb
    movs r6, #1            @ runs after the PendSV handler
    b corsim_end
  pendsv_handler:
    movs r7, #14
    mrs r8, ipsr
    bx lr
  )"));
  p.h.set_word(0x20000000u + 14 * 4, p.h.symbol("pendsv_handler") | 1u);
  p.run();
  ASSERT_TRUE(p.h.reached_end());
  EXPECT_EQ(p.h.s().r[7], 14u);
  EXPECT_EQ(p.h.s().r[8], 14u);
  EXPECT_EQ(p.h.s().r[6], 1u);
}

TEST(Integration, TtSeesTheSau) {
  Platform p;
  ASSERT_TRUE(p.h.load(R"(
    ldr r0, =0xE000EDD0
    movs r1, #0
    str r1, [r0, #8]       @ SAU_RNR = 0
    ldr r1, =0x20000000
    str r1, [r0, #12]      @ SAU_RBAR
    ldr r1, =0x2000FFE1
    str r1, [r0, #16]      @ SAU_RLAR: enabled, Non-secure
    movs r1, #1
    str r1, [r0]           @ SAU_CTRL.ENABLE
    ldr r2, =0x20000040
    tt r3, r2
    ldr r2, =0x10000000
    tt r4, r2
    b corsim_end
  )"));
  p.run();
  ASSERT_TRUE(p.h.reached_end());
  EXPECT_EQ(p.h.s().r[3] & (1u << 22), 0u);     // Non-secure
  EXPECT_EQ(p.h.s().r[3] & (1u << 17), 1u << 17);  // SRVALID, region 0
  EXPECT_EQ(p.h.s().r[4] & (1u << 22), 1u << 22);  // outside the region: Secure
}

TEST(Integration, DivideByZeroTrapsWithCcr) {
  Platform p;
  ASSERT_TRUE(p.h.load(R"(
    ldr r0, =0xE000ED14
    ldr r1, [r0]
    orr r1, r1, #0x10
    str r1, [r0]           @ CCR.DIV_0_TRP
    ldr r0, =0xE000ED24
    ldr r1, =0x00040000
    str r1, [r0]           @ SHCSR.USGFAULTENA
    movs r2, #0
    udiv r3, r1, r2
    b corsim_end
  usage_fault:
    ldr r0, =0xE000ED28
    ldr r5, [r0]           @ CFSR
    b corsim_end
  )"));
  p.h.set_word(6 * 4, p.h.symbol("usage_fault") | 1u);
  p.h.cpu().set_ccr_reader([&p] { return p.h.cpu().exceptions().regs().ccr_s(); });
  p.run();
  ASSERT_TRUE(p.h.reached_end());
  EXPECT_EQ(p.h.s().ipsr, 6u);
  EXPECT_EQ(p.h.s().r[5], 1u << 25);  // DIVBYZERO
}

}  // namespace
}  // namespace corsim::cpu::systest
