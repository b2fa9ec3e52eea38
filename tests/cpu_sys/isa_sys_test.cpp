// DSP and system instructions executed on the Cpu (encodings from arm-none-eabi-as, through the
// decoder tables, with the real exception unit). Expected values are the hand-computed ones of
// dsp_ops_test.cpp and the Arm ARM's special-register rules.
#include <gtest/gtest.h>

#include <string>

#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::systest {
namespace {

using test::CpuHarness;

struct DspCase {
  const char* insn;
  uint32_t a, b, c, d;  // r0, r1, r2 (= r4), r3 (= r5) before the instruction
  uint32_t r4;          // expected result register
  int ge = -1;          // expected APSR.GE, -1: not checked
  bool q = false;       // expected APSR.Q
  int64_t r5 = -1;      // expected r5 (RdHi of the long forms), -1: not checked
};

class DspInstructions : public ::testing::TestWithParam<DspCase> {};

TEST_P(DspInstructions, ComputeAsThePseudocode) {
  const DspCase& t = GetParam();
  CpuHarness h;
  const std::string src = "ldr r0, =" + test::hex(t.a) + "\nldr r1, =" + test::hex(t.b) + "\nldr r2, =" +
                          test::hex(t.c) + "\nldr r3, =" + test::hex(t.d) + "\nmov r4, r2\nmov r5, r3\n" +
                          t.insn + "\nmrs r12, apsr\nb corsim_end\n";
  ASSERT_TRUE(h.load(src));
  h.run();
  ASSERT_TRUE(h.reached_end()) << t.insn;
  EXPECT_EQ(h.s().r[4], t.r4) << t.insn;
  if (t.r5 >= 0) {
    EXPECT_EQ(h.s().r[5], static_cast<uint32_t>(t.r5)) << t.insn;
  }
  if (t.ge >= 0) {
    EXPECT_EQ((h.s().r[12] >> 16) & 0xF, static_cast<uint32_t>(t.ge)) << t.insn;
  }
  EXPECT_EQ((h.s().r[12] >> 27) & 1u, t.q ? 1u : 0u) << t.insn;
}

INSTANTIATE_TEST_SUITE_P(
    Dsp, DspInstructions,
    ::testing::Values(
        DspCase{"sadd16 r4, r0, r1", 0x7FFF0001, 0x00010002, 0, 0, 0x80000003, 0xF},
        DspCase{"uqsub16 r4, r0, r1", 0x00010005, 0x00020003, 0, 0, 0x00000002},
        DspCase{"uhsub16 r4, r0, r1", 0x00010005, 0x00020003, 0, 0, 0xFFFF0001},
        DspCase{"sasx r4, r0, r1", 0x00050003, 0x00040002, 0, 0, 0x0007FFFF, 0xC},
        DspCase{"ssax r4, r0, r1", 0x00050003, 0x00040002, 0, 0, 0x00030007, 0xF},
        DspCase{"uadd8 r4, r0, r1", 0x7F80FF01, 0x01FF0101, 0, 0, 0x807F0002, 0x6},
        DspCase{"usub8 r4, r0, r1", 0x10200304, 0x20100403, 0, 0, 0xF010FF01, 0x5},
        DspCase{"qsub8 r4, r0, r1", 0x00000080, 0x00000001, 0, 0, 0x00000080},
        DspCase{"shsub8 r4, r0, r1", 0x00000080, 0x00000001, 0, 0, 0x000000BF},
        DspCase{"qadd r4, r0, r1", 0x7FFFFFFF, 1, 0, 0, 0x7FFFFFFF, -1, true},
        DspCase{"qadd r4, r0, r1", 1, 2, 0, 0, 3, -1, false},
        DspCase{"qdsub r4, r0, r1", 0, 0xC0000000, 0, 0, 0x7FFFFFFF, -1, true},
        DspCase{"qdadd r4, r0, r1", 1, 2, 0, 0, 5},
        DspCase{"ssat r4, #8, r0", 0x100, 0, 0, 0, 0x7F, -1, true},
        DspCase{"ssat r4, #8, r0, asr #4", 0x1000, 0, 0, 0, 0x7F, -1, true},
        DspCase{"ssat r4, #16, r0, lsl #2", 0xFFFFFFF0, 0, 0, 0, 0xFFFFFFC0},
        DspCase{"usat r4, #8, r0, lsl #1", 200, 0, 0, 0, 255, -1, true},
        DspCase{"usat r4, #8, r0", 0xFFFFFFFF, 0, 0, 0, 0, -1, true},
        DspCase{"ssat16 r4, #8, r0", 0x7FFF8000, 0, 0, 0, 0x007FFF80, -1, true},
        DspCase{"usat16 r4, #8, r0", 0xFFFF0100, 0, 0, 0, 0x000000FF, -1, true},
        DspCase{"smlad r4, r0, r1, r2", 0x00030002, 0x00050004, 10, 0, 33},
        DspCase{"smladx r4, r0, r1, r2", 0x00030002, 0x00050004, 10, 0, 32},
        DspCase{"smlsd r4, r0, r1, r2", 0x00030002, 0x00050004, 10, 0, 3},
        DspCase{"smuad r4, r0, r1", 0x80008000, 0x80008000, 0, 0, 0x80000000, -1, true},
        DspCase{"smusdx r4, r0, r1", 0x00030002, 0x00050004, 0, 0, 0xFFFFFFFE},
        DspCase{"smlald r4, r5, r0, r1", 0x00030002, 0x00050004, 0xFFFFFFFF, 1, 0x16, -1, false, 2},
        DspCase{"smlsldx r4, r5, r0, r1", 0x00030002, 0x00050004, 0, 0, 0xFFFFFFFE, -1, false, 0xFFFFFFFF},
        DspCase{"smlatb r4, r0, r1, r2", 0x0002FFFF, 0x00030004, 100, 0, 108},
        DspCase{"smulbt r4, r0, r1", 0x0002FFFF, 0x00030004, 0, 0, 0xFFFFFFFD},
        DspCase{"smlabb r4, r0, r1, r2", 0x8000, 0x8000, 0x40000000, 0, 0x80000000, -1, true},
        DspCase{"smlawt r4, r0, r1, r2", 0x80000000, 0x80000000, 0x40000000, 0, 0x80000000, -1, true},
        DspCase{"smulwb r4, r0, r1", 0xFFFFFFFF, 1, 0, 0, 0xFFFFFFFF},
        DspCase{"smlaltt r4, r5, r0, r1", 0x00020000, 0x00030000, 5, 0, 11, -1, false, 0},
        DspCase{"smmulr r4, r0, r1", 0x40000000, 2, 0, 0, 1},
        DspCase{"smmul r4, r0, r1", 0x40000000, 2, 0, 0, 0},
        DspCase{"smmla r4, r0, r1, r2", 0x40000000, 4, 2, 0, 3},
        DspCase{"smmls r4, r0, r1, r2", 0x40000000, 4, 2, 0, 1},
        DspCase{"umaal r4, r5, r0, r1", 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, -1, false, 0xFFFFFFFF},
        DspCase{"usada8 r4, r0, r1, r2", 0x01FF0010, 0x02000020, 8, 0, 280},
        DspCase{"usad8 r4, r0, r1", 0x01FF0010, 0x02000020, 0, 0, 272},
        DspCase{"msr APSR_g, r2\nsel r4, r0, r1", 0x11223344, 0xAABBCCDD, 0x00050000, 0, 0xAA22CC44, 0x5},
        DspCase{"pkhtb r4, r0, r1, asr #16", 0xAAAA1111, 0xBBBB0000, 0, 0, 0xAAAABBBB},
        DspCase{"pkhbt r4, r0, r1, lsl #16", 0x1111AAAA, 0x0000BBBB, 0, 0, 0xBBBBAAAA},
        DspCase{"sxtab r4, r0, r1, ror #8", 100, 0x0000FF80, 0, 0, 99},
        DspCase{"uxtah r4, r0, r1, ror #16", 1, 0x80000000, 0, 0, 0x8001},
        DspCase{"sxtab16 r4, r0, r1", 0x00010001, 0x00800080, 0, 0, 0xFF81FF81},
        DspCase{"uxtab16 r4, r0, r1", 0x00010001, 0x00800080, 0, 0, 0x00810081},
        DspCase{"sxtb16 r4, r1, ror #8", 0, 0x80FF7F01, 0, 0, 0xFF80007F},
        DspCase{"uxtb16 r4, r1, ror #8", 0, 0x80FF7F01, 0, 0, 0x0080007F}),
    // Stable test names: index and the instruction's mnemonic ("12_qdsub").
    [](const ::testing::TestParamInfo<DspCase>& info) {
      std::string text = info.param.insn;
      if (text.rfind("msr", 0) == 0) text = text.substr(text.find('\n') + 1);
      std::string name = std::to_string(info.index) + "_";
      for (char c : text) {
        if (c == ' ') break;
        name += c;
      }
      return name;
    });

// ---- System instructions ----

TEST(SystemInstructions, MasksThroughMsrMrs) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    movs r0, #1
    msr primask, r0
    mrs r1, primask
    movs r0, #0xFF
    msr basepri, r0
    mrs r2, basepri        @ 3 priority bits: 0xE0
    movs r0, #0x40
    msr basepri_max, r0    @ raises the masking: 0x40 < 0xE0
    mrs r3, basepri
    movs r0, #0x80
    msr basepri_max, r0    @ would lower it: ignored
    mrs r4, basepri
    movs r0, #1
    msr faultmask, r0
    mrs r5, faultmask
    cpsie i
    cpsie f
    mrs r6, primask
    mrs r7, faultmask
    cpsid i
    mrs r8, primask
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 1u);
  EXPECT_EQ(h.s().r[2], 0xE0u);
  EXPECT_EQ(h.s().r[3], 0x40u);
  EXPECT_EQ(h.s().r[4], 0x40u);
  EXPECT_EQ(h.s().r[5], 1u);
  EXPECT_EQ(h.s().r[6], 0u);
  EXPECT_EQ(h.s().r[7], 0u);
  EXPECT_EQ(h.s().r[8], 1u);
}

TEST(SystemInstructions, ControlSpselSwitchesStacks) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    ldr r0, =0x20008000
    msr psp, r0
    mrs r1, psp
    movs r0, #2
    msr control, r0        @ Thread mode on PSP
    isb
    mov r2, sp
    mrs r3, msp
    mrs r4, control
    movs r0, #0
    msr control, r0
    isb
    mov r5, sp
    ldr r0, =0x20000100
    msr msplim, r0
    mrs r6, msplim
    b corsim_end
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0x20008000u);
  EXPECT_EQ(h.s().r[2], 0x20008000u);  // SP is now PSP
  EXPECT_EQ(h.s().r[3], test::kStackTop);
  EXPECT_EQ(h.s().r[4], 2u);
  EXPECT_EQ(h.s().r[5], test::kStackTop);  // back on MSP
  EXPECT_EQ(h.s().r[6], 0x20000100u);
}

TEST(SystemInstructions, ApsrWritesAndIpsrReadsInThreadMode) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    ldr r0, =0xF80F0000
    msr APSR_nzcvq, r0
    mrs r1, apsr           @ GE untouched (0), NZCVQ set
    msr APSR_g, r0
    mrs r2, apsr
    mrs r3, ipsr
    mrs r4, xpsr           @ EPSR (T bit) reads as zero
    b corsim_end
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0xF8000000u);
  EXPECT_EQ(h.s().r[2], 0xF80F0000u);
  EXPECT_EQ(h.s().r[3], 0u);
  EXPECT_EQ(h.s().r[4], 0xF80F0000u);
}

TEST(SystemInstructions, UnprivilegedMsrIsIgnored) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    movs r0, #1
    msr control, r0        @ nPRIV: Thread mode unprivileged
    isb
    msr primask, r0        @ ignored
    mrs r1, primask
    mrs r2, control
    mrs r3, msp            @ reads as zero unprivileged
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0u);
  EXPECT_EQ(h.s().r[2], 1u);
  EXPECT_EQ(h.s().r[3], 0u);
}

TEST(SystemInstructions, SvcEntersHandlerAndReturns) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    movs r0, #5
    svc #3
    adds r0, r0, #1        @ runs after the handler: 5 * 2 + 1
    b corsim_end
  svc_handler:
    mrs r4, ipsr           @ r4, r5: not in the frame, so they survive the return
    ldr r5, [sp, #24]      @ stacked return address
    lsls r0, r0, #1
    str r0, [sp]           @ stacked r0 is what Thread mode sees again
    bx lr
  )"));
  h.set_word(11 * 4, h.symbol("svc_handler") | 1u);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 11u);
  EXPECT_EQ(h.s().r[4], 11u);  // IPSR = SVCall
  EXPECT_EQ(h.s().r[5], h.symbol("_start") + 4);  // after movs (2) + svc (2)
  EXPECT_EQ(h.s().ipsr, 0u);
  EXPECT_EQ(h.s().r[13], test::kStackTop);
}

TEST(SystemInstructions, UdfTakesHardFaultWithUndefinstr) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    udf #7
  hardfault:
    ldr r0, =0xE000ED28
    b corsim_end
  )"));
  h.set_word(3 * 4, h.symbol("hardfault") | 1u);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().ipsr, 3u);
  EXPECT_EQ(h.cpu().exceptions().regs().cfsr, 1u << 16);  // UNDEFINSTR
  EXPECT_EQ(h.cpu().exceptions().regs().hfsr, 1u << 30);  // FORCED
}

TEST(SystemInstructions, BkptWithoutDebuggerIsHardFault) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    bkpt #1
  hardfault:
    b corsim_end
  )"));
  h.set_word(3 * 4, h.symbol("hardfault") | 1u);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().ipsr, 3u);
  EXPECT_EQ(h.cpu().exceptions().regs().hfsr, 1u << 31);  // DEBUGEVT
}

struct RecordingSemihosting : SemihostingHandler {
  int calls = 0;
  void semihosting_call(ArchState& s, memory::Interconnect&) override {
    ++calls;
    s.r[0] = 0x1234;  // the call's result
  }
};

TEST(SystemInstructions, BkptAbCallsSemihosting) {
  CpuHarness h;
  RecordingSemihosting semi;
  ASSERT_TRUE(h.load("movs r0, #4\nbkpt #0xab\n"));
  h.cpu().set_semihosting(&semi);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(semi.calls, 1);
  EXPECT_EQ(h.s().r[0], 0x1234u);
}

TEST(SystemInstructions, HintsBarriersClrexClrmTt) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    sev
    wfe                    @ consumes the event: does not sleep
    yield
    nop
    dmb ish
    dsb sy
    isb sy
    ldr r0, =0x20000000
    ldrex r1, [r0]
    clrex
    strex r2, r1, [r0]     @ fails (1): the monitor was cleared
    movs r3, #3
    movs r4, #4
    movs r5, #5
    clrm {r3, r5, APSR}
    tt r6, r0
    b corsim_end
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[2], 1u);
  EXPECT_EQ(h.s().r[3], 0u);
  EXPECT_EQ(h.s().r[4], 4u);
  EXPECT_EQ(h.s().r[5], 0u);
  EXPECT_FALSE(h.s().n || h.s().z || h.s().c || h.s().v);
  // No SCS attached: MPU off, Secure: R, RW and S.
  EXPECT_EQ(h.s().r[6], (1u << 18) | (1u << 19) | (1u << 22));
}

TEST(SystemInstructions, WfiSleepsUntilAnInterruptIsPending) {
  CpuHarness h;
  ASSERT_TRUE(h.load("cpsid i\nwfi\nmovs r0, #1\n"));
  StopReason why = StopReason::CycleLimit;
  for (int i = 0; i < 10 && why == StopReason::CycleLimit; ++i) why = h.cpu().run(1);
  EXPECT_EQ(why, StopReason::Sleeping);
  // A pending, enabled interrupt wakes WFI even with PRIMASK set (it is not taken).
  h.cpu().exceptions().set_irq_enabled(0, true);
  h.cpu().exceptions().irq_sink().set_irq_level(0, true);
  h.run();
  EXPECT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 1u);
}

TEST(SystemInstructions, MsrNsRegistersFromSecureState) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    ldr r0, =0x20004000
    msr msp_ns, r0
    mrs r1, msp_ns
    movs r0, #1
    msr primask_ns, r0
    mrs r2, primask_ns
    mrs r3, primask
    b corsim_end
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0x20004000u);
  EXPECT_EQ(h.s().r[2], 1u);
  EXPECT_EQ(h.s().r[3], 0u);  // the Secure PRIMASK is separate
  EXPECT_EQ(h.s().msp[0], 0x20004000u);
}

}  // namespace
}  // namespace corsim::cpu::systest
