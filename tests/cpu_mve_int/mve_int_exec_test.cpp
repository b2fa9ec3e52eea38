// MVE integer element-wise instructions executed on the Cpu (programs assembled with
// arm-none-eabi-as at run time). Expected values are worked by hand from the Arm ARM (DDI 0553)
// pseudocode, noted per test; the bulk of the semantics is checked against QEMU by qemu/.
#include <gtest/gtest.h>

#include <array>
#include <cstring>

#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kCpacrFull = 0xFu << 20;
constexpr uint32_t kQc = 1u << 27;
using Q = std::array<uint32_t, 4>;

// A harness with CP10/CP11 enabled, `src` loaded and Q registers preset (the first FP instruction
// starts a new FP context: FPSCR from FPDSCR, VPR = 0; the S/D/Q registers keep their values).
struct MveRun {
  CpuHarness h;
  bool load(const std::string& src, std::initializer_list<std::pair<unsigned, Q>> qs = {}) {
    if (!h.load(".fpu fpv5-d16\n" + src)) return false;
    h.cpu().exceptions().regs().cpacr = kCpacrFull;
    for (const auto& [q, v] : qs)
      for (unsigned i = 0; i < 4; ++i) h.s().ext[4 * q + i] = v[i];
    return true;
  }
  Q q(unsigned n) { return {h.s().ext[4 * n], h.s().ext[4 * n + 1], h.s().ext[4 * n + 2], h.s().ext[4 * n + 3]}; }
  template <class T>
  T lane(unsigned qn, unsigned i) {
    T v;
    std::memcpy(&v, reinterpret_cast<const uint8_t*>(&h.s().ext[4 * qn]) + i * sizeof(T), sizeof(T));
    return v;
  }
  bool undefined() { return (h.cpu().exceptions().regs().cfsr & (1u << 16)) != 0; }
};

TEST(MveIntExec, AddWrapsAndSaturatingAddSetsQc) {
  // VADD.I8: 0x7F + 0x01 = 0x80 (modulo). VQADD.S8: 0x7F + 1 saturates to 0x7F, QC = 1.
  // VQADD.U16: 0xFFFF + 2 saturates to 0xFFFF.
  MveRun r;
  ASSERT_TRUE(r.load("vadd.i8 q0, q1, q2\nvqadd.s8 q3, q1, q2\nvqadd.u16 q4, q5, q6\nvmrs r0, fpscr\n",
                     {{1, {0x0000007F, 0, 0, 0x80808080}}, {2, {0x00000001, 0, 0, 0xFFFFFFFF}},
                      {5, {0xFFFF0001, 0, 0, 0}}, {6, {0x00020001, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0), (Q{0x00000080, 0, 0, 0x7F7F7F7F}));
  EXPECT_EQ(r.q(3), (Q{0x0000007F, 0, 0, 0x80808080}));  // -128 + -1 saturates to -128
  EXPECT_EQ(r.q(4), (Q{0xFFFF0002, 0, 0, 0}));
  EXPECT_NE(r.h.s().r[0] & kQc, 0u);
}

TEST(MveIntExec, PredicatedLanesKeepTheirBytesAndDoNotSetQc) {
  // VPST with P0 = 0x00F0: only bytes 4-7 (word 1) are written. The saturating lane is word 0
  // (predicated off), so QC stays 0; word 1 (1 + 2) is written.
  MveRun r;
  ASSERT_TRUE(r.load("mov r1, #0xF0\nvmsr p0, r1\nvpst\nvqaddt.s32 q0, q1, q2\nvmrs r0, fpscr\nvmrs r2, vpr\n",
                     {{0, {0xAAAAAAAA, 0xBBBBBBBB, 0xCCCCCCCC, 0xDDDDDDDD}},
                      {1, {0x7FFFFFFF, 1, 5, 6}}, {2, {1, 2, 7, 8}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0), (Q{0xAAAAAAAA, 3, 0xCCCCCCCC, 0xDDDDDDDD}));
  EXPECT_EQ(r.h.s().r[0] & kQc, 0u);
  EXPECT_EQ(r.h.s().r[2], 0xF0u);  // the block ended: MASK fields back to 0
}

TEST(MveIntExec, DoublingMultiplyHighRoundsAndSaturates) {
  // VQDMULH.S32: n = 2^30, m = 3: 2*n*m = 3*2^31, >> 32 = 1; VQRDMULH adds 2^31 first: 2.
  // VQDMULH.S16: (-32768)^2 * 2 = 2^31 >> 16 = 32768 saturates to 0x7FFF with QC.
  MveRun r;
  ASSERT_TRUE(r.load("vqdmulh.s32 q0, q1, q2\nvqrdmulh.s32 q3, q1, q2\nvqdmulh.s16 q4, q5, q5\nvmrs r0, fpscr\n",
                     {{1, {0x40000000, 0, 0, 0}}, {2, {3, 0, 0, 0}}, {5, {0x00018000, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.lane<int32_t>(0, 0), 1);
  EXPECT_EQ(r.lane<int32_t>(3, 0), 2);
  EXPECT_EQ(r.lane<uint16_t>(4, 0), 0x7FFFu);
  EXPECT_EQ(r.lane<uint16_t>(4, 1), 0u);  // 2*1*1 >> 16 = 0
  EXPECT_NE(r.h.s().r[0] & kQc, 0u);
}

TEST(MveIntExec, LongMultipliesBottomTopAndPolynomial) {
  // Halfword lanes n = [-2, 3, ...], m = [5, 7, ...]: VMULLB.S16 lane 0 = -10, VMULLT.S16 = 21.
  // VMULLB.P8: 0x03 x 0x03 carry-less = 0x05; VMULLT.U8 lane 0: bytes 1: 0xFF * 0x02 = 0x1FE.
  MveRun r;
  ASSERT_TRUE(r.load("vmullb.s16 q0, q1, q2\nvmullt.s16 q3, q1, q2\nvmullb.p8 q4, q5, q5\nvmullt.u8 q6, q7, q5\n",
                     {{1, {0x0003FFFE, 0, 0, 0}}, {2, {0x00070005, 0, 0, 0}}, {5, {0x00000203, 0, 0, 0}},
                      {7, {0x0000FF00, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.lane<int32_t>(0, 0), -10);
  EXPECT_EQ(r.lane<int32_t>(3, 0), 21);
  EXPECT_EQ(r.lane<uint16_t>(4, 0), 0x0005u);
  EXPECT_EQ(r.lane<uint16_t>(6, 0), 0x01FEu);
}

TEST(MveIntExec, MultiplyHighIsSignedOrUnsigned) {
  // VMULH.S16: 0x7FFF * 0x8001 (-32767) = -1073676289, >> 16 = -16384 (0xC000); 0x8001 * 0x40 =
  // -2097088 >> 16 = -32 (0xFFE0). VMULH.U16: 32767 * 32769 >> 16 = 0x3FFF; 32769 * 64 >> 16 = 32.
  MveRun r;
  ASSERT_TRUE(r.load("vmulh.s16 q0, q1, q2\nvmulh.u16 q3, q1, q2\n",
                     {{1, {0x80017FFF, 0, 0, 0}}, {2, {0x00408001, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0)[0], 0xFFE0C000u);
  EXPECT_EQ(r.q(3)[0], 0x00203FFFu);
}

TEST(MveIntExec, RegisterShiftsUseTheSignedBottomByte) {
  // VSHL.S8 by -1: -3 >> 1 = -2; VRSHL.S8 by -1: (-3 + 1) >> 1 = -1; VQSHL.U8 0x80 << 1
  // saturates to 0xFF; a count of 0x0101 in a 16-bit lane reads as +1 (bottom byte).
  MveRun r;
  ASSERT_TRUE(r.load("vshl.s8 q0, q1, q2\nvrshl.s8 q3, q1, q2\nvqshl.u8 q4, q5, q6\nvshl.u16 q7, q7, q6\n"
                     "vmrs r0, fpscr\n",
                     {{1, {0x000000FD, 0, 0, 0}}, {2, {0x000000FF, 0, 0, 0}}, {5, {0x00000080, 0, 0, 0}},
                      {6, {0x00000101, 0, 0, 0}}, {7, {0x00000003, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.lane<int8_t>(0, 0), -2);
  EXPECT_EQ(r.lane<int8_t>(3, 0), -1);
  EXPECT_EQ(r.lane<uint8_t>(4, 0), 0xFFu);
  EXPECT_EQ(r.lane<uint8_t>(4, 1), 0x00u);  // 0 << 1
  EXPECT_EQ(r.lane<uint16_t>(7, 0), 6u);
  EXPECT_NE(r.h.s().r[0] & kQc, 0u);
}

TEST(MveIntExec, ImmediateShiftsByTheElementSize) {
  // VSHR.S32 #32 of a negative value: all sign bits; VSHR.U32 #32: 0; VRSHR.U32 #32 of 2^31:
  // (2^31 + 2^31) >> 32 = 1. VSRI.8 #8 leaves Qd; VSLI.16 #4: (0x1234 << 4) | (0xABCD & 0xF).
  MveRun r;
  ASSERT_TRUE(r.load("vshr.s32 q0, q1, #32\nvshr.u32 q2, q1, #32\nvrshr.u32 q3, q1, #32\nvsri.8 q4, q1, #8\n"
                     "vsli.16 q5, q6, #4\n",
                     {{1, {0x80000000, 0x7FFFFFFF, 0, 0}}, {4, {0x11223344, 0, 0, 0}},
                      {5, {0x0000ABCD, 0, 0, 0}}, {6, {0x00001234, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0), (Q{0xFFFFFFFF, 0, 0, 0}));
  EXPECT_EQ(r.q(2), (Q{0, 0, 0, 0}));
  EXPECT_EQ(r.q(3), (Q{1, 0, 0, 0}));  // 0x7FFFFFFF + 2^31 < 2^32: 0
  EXPECT_EQ(r.q(4), (Q{0x11223344, 0, 0, 0}));
  EXPECT_EQ(r.lane<uint16_t>(5, 0), 0x234Du);
}

TEST(MveIntExec, NarrowingWritesOneHalfAndSaturates) {
  // VQSHRNB.S16 #8 (hand-encoded: GNU as 2.40 emits VQRSHRNB): 0x7FFF >> 8 = 0x7F; 0x8000 >> 8 =
  // -128; odd bytes of Qd keep their value. VMOVNT.I32 writes the odd halfwords. VQMOVUNB.S16 of
  // -5 gives 0 with QC.
  MveRun r;
  ASSERT_TRUE(r.load(".inst.w 0xee880f42\nvmovnt.i32 q3, q1\nvqmovunb.s16 q4, q5\nvmrs r0, fpscr\n",
                     {{0, {0xAAAAAAAA, 0xAAAAAAAA, 0, 0}}, {1, {0x80007FFF, 0x00001234, 0, 0}},
                      {3, {0x11112222, 0x33334444, 0, 0}}, {5, {0x0100FFFB, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0)[0], 0xAA80AA7Fu);
  EXPECT_EQ(r.q(0)[1], 0xAA00AA12u);
  EXPECT_EQ(r.q(3)[0], 0x7FFF2222u);
  EXPECT_EQ(r.q(3)[1], 0x12344444u);
  EXPECT_EQ(r.lane<uint8_t>(4, 0), 0u);
  EXPECT_EQ(r.lane<uint8_t>(4, 2), 0xFFu);  // 0x0100 saturates to 255
  EXPECT_NE(r.h.s().r[0] & kQc, 0u);
}

TEST(MveIntExec, ImmediateForms) {
  // AdvSIMDExpandImm: VMOV.I64 per-bit bytes, VMVN.I32 #0xFF = 0xFFFFFF00, VORR.I16 #0x1200,
  // VBIC.I32 #0xFF000000, VMOV.F32 #1.5 = 0x3FC00000, VMOV.I32 #0x12FF (cmode 1100).
  MveRun r;
  ASSERT_TRUE(r.load("vmov.i64 q0, #0xff00ff0000ff00ff\nvmvn.i32 q1, #0xff\nvorr.i16 q2, #0x1200\n"
                     "vbic.i32 q3, #0xff000000\nvmov.f32 q4, #1.5\nvmov.i32 q5, #0x12ff\n",
                     {{2, {0x00010002, 0, 0, 0}}, {3, {0x12345678, 0xFFFFFFFF, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0), (Q{0x00FF00FF, 0xFF00FF00, 0x00FF00FF, 0xFF00FF00}));
  EXPECT_EQ(r.q(1), (Q{0xFFFFFF00, 0xFFFFFF00, 0xFFFFFF00, 0xFFFFFF00}));
  EXPECT_EQ(r.q(2), (Q{0x12011202, 0x12001200, 0x12001200, 0x12001200}));
  EXPECT_EQ(r.q(3), (Q{0x00345678, 0x00FFFFFF, 0, 0}));
  EXPECT_EQ(r.q(4), (Q{0x3FC00000, 0x3FC00000, 0x3FC00000, 0x3FC00000}));
  EXPECT_EQ(r.q(5), (Q{0x000012FF, 0x000012FF, 0x000012FF, 0x000012FF}));
}

TEST(MveIntExec, ShiftLeftWithCarryThroughACoreRegister) {
  // VSHLC q0, r1, #8: element e = (e << 8) | carry[7:0]; carry = e >> 24.
  MveRun r;
  ASSERT_TRUE(r.load("ldr r1, =0xAABBCCDD\nvshlc q0, r1, #8\n", {{0, {0x11223344, 0x55667788, 0x99AABBCC, 0xDDEEFF00}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0), (Q{0x223344DD, 0x66778811, 0xAABBCC55, 0xEEFF0099}));
  EXPECT_EQ(r.h.s().r[1], 0xDDu);
}

TEST(MveIntExec, DualMultiplyHighWritesEvenOrOddElements) {
  // VQDMLADH.S16: element 0 = sat((2 * (n0*m0 + n1*m1)) >> 16) with n = [0x4000, 0x4000],
  // m = [0x4000, 0x4000]: 2 * 2^29 = 2^30 >> 16 = 0x4000; element 1 keeps 0xBBBB.
  // VQDMLSDHX.S16: element 1 = (2 * (n1*m0 - n0*m1)) >> 16 = 0.
  MveRun r;
  ASSERT_TRUE(r.load("vqdmladh.s16 q0, q1, q1\nvqdmlsdhx.s16 q2, q1, q1\n",
                     {{0, {0xBBBBAAAA, 0, 0, 0}}, {1, {0x40004000, 0, 0, 0}}, {2, {0xCCCCDDDD, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0)[0], 0xBBBB4000u);
  EXPECT_EQ(r.q(2)[0], 0x0000DDDDu);
}

TEST(MveIntExec, OneSourceOperations) {
  // VCLS.S8: 0x00 -> 7, 0xFF -> 7, 0x01 -> 6, 0x40 -> 0. VCLZ.I16: 1 -> 15, 0 -> 16.
  // VMAXA.S8: max(unsigned 0x10, |-128| = 0x80) = 0x80. VQABS.S8 -128 -> 127. VREV64.16 swaps
  // halfword order within each doubleword.
  MveRun r;
  ASSERT_TRUE(r.load("vcls.s8 q0, q1\nvclz.i16 q2, q3\nvmaxa.s8 q4, q5\nvqabs.s8 q6, q5\nvrev64.16 q7, q3\n",
                     {{1, {0x4001FF00, 0, 0, 0}}, {3, {0x00000001, 0x00020003, 0, 0}}, {4, {0x00000010, 0, 0, 0}},
                      {5, {0x00000080, 0, 0, 0}}}));
  r.h.run();
  ASSERT_TRUE(r.h.reached_end());
  EXPECT_EQ(r.q(0)[0], 0x00060707u);
  EXPECT_EQ(r.q(2)[0], 0x0010000Fu);
  EXPECT_EQ(r.q(4)[0], 0x00000080u);
  EXPECT_EQ(r.q(6)[0], 0x0000007Fu);
  EXPECT_EQ(r.q(7)[0], 0x00030002u);
  EXPECT_EQ(r.q(7)[1], 0x00010000u);
}

TEST(MveIntExec, UndefinedEncodingsRaiseUndefinstr) {
  // VADD.I8 with the D bit set names Q8; VQDMULLB.S32 with Qd = Qn (UNDEFINED, as QEMU).
  for (const char* insn : {".inst.w 0xef420844", ".inst.w 0xfe322f05", ".inst.w 0xef870f78"}) {
    MveRun r;
    ASSERT_TRUE(r.load(std::string(insn) + "\nhandler: b handler\n"));
    r.h.run(50);
    EXPECT_FALSE(r.h.reached_end()) << insn;
    EXPECT_TRUE(r.undefined()) << insn;
  }
}

}  // namespace
}  // namespace corsim::cpu::test
