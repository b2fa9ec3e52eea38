// MVE floating-point rules executed on the Cpu, each expectation hand-computed from the Arm ARM
// (DDI 0553) and noted in the test: byte-wise merging and flag suppression under predication, VPT
// blocks opened by float compares, tail predication, the F16 scalar operand, StandardFPSCRValue()
// (flush to zero and default NaN whatever FPSCR says), UNDEFINED encodings and NOCP.
#include <gtest/gtest.h>

#include <limits>

#include "tests/cpu_mve_fp/fp_exec_harness.h"

namespace corsim::cpu::test {
namespace {

TEST(MveFpExec, PredicatedBytesMergeAndPredicatedLanesRaiseNoFlags) {
  // P0 = 0x0F3C inside a VPT block (MASK01 = MASK23 = 1000): lane 0 bytes 2-3 active (computed,
  // merged, flags dropped because byte 0 is off), lane 1 bytes 0-3 active except... P0 bytes:
  // 0x3C = bytes 2,3,4,5; 0x0F00 = bytes 8-11. Lane 0: bytes 2,3; lane 1: bytes 4,5 (byte 4 = its
  // lowest: flags count); lane 2: all; lane 3: none (not computed).
  MveFp t("vadd.f32 q0, q1, q2\n");
  ASSERT_TRUE(t.ok());
  const uint32_t snan = 0x7F800001u;
  ASSERT_TRUE(t.run([&](ArchState& s) {
    s.vpr = 0x0F3Cu | (8u << 16) | (8u << 20);
    for (int i = 0; i < 4; ++i) s.ext[i] = 0x11111111u * (i + 1);
    s.ext[4] = snan;          // lane 0: IOC would be raised, but byte 0 is predicated
    s.ext[5] = bits(1.0f);    // lane 1: 1 + 2 = 3 = 0x40400000
    s.ext[6] = bits(-1.0f);   // lane 2: -1 + 2 = 1
    s.ext[7] = snan;          // lane 3: not computed
    for (int i = 0; i < 4; ++i) s.ext[8 + i] = bits(2.0f);
  }));
  EXPECT_EQ(t.q(0, 0), (kDefaultNaN & 0xFFFF0000u) | 0x1111u);
  EXPECT_EQ(t.q(0, 1), (0x40400000u & 0x0000FFFFu) | 0x22220000u);
  EXPECT_EQ(t.q(0, 2), bits(1.0f));
  EXPECT_EQ(t.q(0, 3), 0x44444444u);
  EXPECT_EQ(t.s().fpscr & 0x9Fu, 0u) << "no flag from the predicated lanes";
  EXPECT_EQ(t.s().vpr, 0x0F3Cu) << "the block ends: masks shift out";
  // The same with byte 0 of lane 0 active: IOC.
  ASSERT_TRUE(t.run([&](ArchState& s) {
    s.vpr = 0x000Fu | (8u << 16) | (8u << 20);
    s.ext[4] = snan;
  }));
  EXPECT_EQ(t.s().fpscr & kIoc, kIoc);
}

TEST(MveFpExec, VptThenElseBlockPredicatesByTheFloatCompare) {
  // vpte.f32 gt: lanes where q1 > q2 take the then-instruction, the others the else-instruction.
  MveFp t("vpte.f32 gt, q1, q2\nvaddt.f32 q0, q1, q2\nvsube.f32 q0, q1, q2\n");
  ASSERT_TRUE(t.ok());
  const float n[4] = {5, 1, std::numeric_limits<float>::quiet_NaN(), -2}, m[4] = {1, 5, 0, -3};
  ASSERT_TRUE(t.run([&](ArchState& s) {
    for (int i = 0; i < 4; ++i) s.ext[4 + i] = bits(n[i]), s.ext[8 + i] = bits(m[i]);
  }));
  EXPECT_EQ(t.q(0, 0), bits(6.0f));
  EXPECT_EQ(t.q(0, 1), bits(-4.0f));
  EXPECT_EQ(t.q(0, 2), kDefaultNaN);  // unordered: gt false, the else (vsub) lane: NaN - 0
  EXPECT_EQ(t.q(0, 3), bits(-5.0f));
  EXPECT_EQ(t.s().vpr >> 16, 0u) << "block finished";
}

TEST(MveFpExec, TailPredicationMasksTheLastIteration) {
  // FPSCR.LTPSIZE = 2 (32-bit elements) and LR = 3 elements left: lane 3 is not written.
  MveFp t("vmul.f32 q0, q1, q2\n");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.run([&](ArchState& s) {
    s.fpscr = 2u << 16;
    s.r[14] = 3;
    for (int i = 0; i < 4; ++i) s.ext[i] = 0xDEADBEEFu, s.ext[4 + i] = bits(3.0f), s.ext[8 + i] = bits(-2.0f);
  }));
  EXPECT_EQ(t.q(0, 0), bits(-6.0f));
  EXPECT_EQ(t.q(0, 2), bits(-6.0f));
  EXPECT_EQ(t.q(0, 3), 0xDEADBEEFu);
}

TEST(MveFpExec, HalfPrecisionScalarUsesTheLowHalfOfRm) {
  // vadd.f16 q0, q1, r0 with r0 = 0x12343c00: the scalar is 0x3c00 = 1.0.
  MveFp t("vadd.f16 q0, q1, r0\n.inst.w 0xfe3f4e01\n");  // vcvtb.f32.f16 q2, q0 (GNU as mis-encodes it)
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.run([](ArchState& s) {
    s.r[0] = 0x12343C00u;
    for (int i = 0; i < 4; ++i) s.ext[4 + i] = 0x40003C00u;  // halves 1.0 and 2.0
  }));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(t.q(0, i), 0x42004000u);  // 2.0, 3.0
  for (int i = 0; i < 4; ++i) EXPECT_EQ(t.q(2, i), bits(2.0f));   // bottom halves widened
}

TEST(MveFpExec, FlushToZeroAndDefaultNaNRegardlessOfFpscr) {
  // FPSCR FZ = DN = 0: MVE still flushes (denormal input -> IDC) and returns the default NaN.
  MveFp t("vadd.f32 q0, q1, q2\n");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.run([](ArchState& s) {
    s.ext[4] = 0x00000001u;  // smallest denormal: flushed, so + 0 gives +0 (IDC)
    s.ext[8] = 0u;
    s.ext[5] = 0x7FC12345u;  // quiet NaN with payload -> default NaN
    s.ext[9] = bits(1.0f);
    s.ext[6] = 0x00800001u;  // (2^-126 + 2^-149) - 2^-126 = 2^-149: tiny, flushed to +0 (UFC)
    s.ext[10] = 0x80800000u;
    s.ext[7] = bits(1.0f);
    s.ext[11] = 0x33800000u;  // 1 + 2^-24: a tie, rounds to even (1.0), inexact
  }));
  EXPECT_EQ(t.q(0, 0), 0u);
  EXPECT_EQ(t.q(0, 1), kDefaultNaN);
  EXPECT_EQ(t.q(0, 2), 0u);
  EXPECT_EQ(t.q(0, 3), bits(1.0f));
  EXPECT_EQ(t.s().fpscr & (kIdc | kUfc | kIxc), kIdc | kUfc | kIxc);
}

TEST(MveFpExec, UndefinedEncodingAndNocp) {
  {  // vadd.f32 with D = 1 (Q8): UNDEFINSTR
    MveFp t(".inst.w 0xef420d44\nhandler: b handler\n");
    ASSERT_TRUE(t.ok());
    EXPECT_FALSE(t.run([](ArchState&) {}));
    EXPECT_NE(t.h().cpu().exceptions().regs().cfsr & (1u << 16), 0u) << "CFSR.UNDEFINSTR";
  }
  {  // CPACR.CP10 off: NOCP, Q0 untouched
    MveFp t("vadd.f32 q0, q1, q2\nhandler: b handler\n");
    ASSERT_TRUE(t.ok());
    t.h().cpu().reset();
    t.s().ext[0] = 0x5A5A5A5Au;
    t.h().run(20);
    EXPECT_NE(t.h().cpu().exceptions().regs().cfsr & (1u << 19), 0u) << "CFSR.NOCP";
    EXPECT_EQ(t.s().ext[0], 0x5A5A5A5Au);
  }
}

}  // namespace
}  // namespace corsim::cpu::test