// MVE reductions, multiply-accumulate reductions, VCADD/VHCADD, VADC/VSBC, VBRSR and the VIDUP
// family executed on the Cpu (programs assembled with arm-none-eabi-as at run time). Expected
// values are worked out by hand from the Arm ARM (DDI 0553) pseudocode, noted per test; the bulk
// of the semantics is checked against QEMU by tests/cpu_mve_reduce/qemu.
#include <gtest/gtest.h>

#include <array>
#include <cstring>

#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kCpacrFull = 0xFu << 20;

// Loads `src` with CP10/CP11 enabled; Q registers are then set with set_q* before run().
bool load_mve(CpuHarness& h, const std::string& src) {
  if (!h.load(".arch_extension mve\n" + src)) return false;
  h.cpu().exceptions().regs().cpacr = kCpacrFull;
  return true;
}

template <class T, size_t N>
void set_q(CpuHarness& h, unsigned q, const std::array<T, N>& v) {
  static_assert(sizeof(T) * N == 16);
  std::memcpy(&h.s().ext[4 * q], v.data(), 16);
}
template <class T>
void fill_q(CpuHarness& h, unsigned q, T v) {
  std::array<T, 16 / sizeof(T)> a;
  a.fill(v);
  set_q(h, q, a);
}
template <class T>
T lane(CpuHarness& h, unsigned q, unsigned i) {
  T v;
  std::memcpy(&v, reinterpret_cast<const uint8_t*>(&h.s().ext[4 * q]) + i * sizeof(T), sizeof(T));
  return v;
}

TEST(MveReduceExec, AddAcrossVectorSignedUnsignedAccumulate) {
  // 16 bytes of 0x80: as s8 the sum is 16 * -128 = -2048; as u8 16 * 128 = 2048; VADDVA adds Rda.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vaddv.s8 r0, q1\nvaddv.u8 r2, q1\nvaddva.u8 r4, q1\n"));
  fill_q<uint8_t>(h, 1, 0x80);
  h.s().r[4] = 5;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0xFFFFF800u);
  EXPECT_EQ(h.s().r[2], 0x800u);
  EXPECT_EQ(h.s().r[4], 0x805u);
}

TEST(MveReduceExec, AddLongAcrossVector) {
  // Four times 0x80000000: s32 sum -2^33 = 0xFFFFFFFE_00000000, u32 sum 2^33 = 0x2_00000000;
  // VADDLVA adds RdaHi:RdaLo = 0x1_FFFFFFFF to the u32 sum: 0x3_FFFFFFFF.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vaddlv.s32 r0, r1, q2\nvaddlv.u32 r2, r3, q2\nvaddlva.u32 r4, r5, q2\n"));
  fill_q<uint32_t>(h, 2, 0x80000000u);
  h.s().r[4] = 0xFFFFFFFFu;
  h.s().r[5] = 1;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0u);
  EXPECT_EQ(h.s().r[1], 0xFFFFFFFEu);
  EXPECT_EQ(h.s().r[2], 0u);
  EXPECT_EQ(h.s().r[3], 2u);
  EXPECT_EQ(h.s().r[4], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[5], 3u);
}

TEST(MveReduceExec, DualMultiplyAccumulateForms) {
  // n = 1..8, m = 8..1 (s16). VMLADAV: 8+14+18+20+20+18+14+8 = 120. VMLADAVX pairs n[e^1] with
  // m[e]: 16+7+24+15+24+15+16+7 = 124. VMLSDAVX subtracts the odd products: 16-7+24-15+24-15+16-7
  // = 36. VMLADAVA adds Rda (1000).
  CpuHarness h;
  ASSERT_TRUE(load_mve(h,
                       "vmladav.s16 r0, q1, q2\nvmladavx.s16 r2, q1, q2\nvmlsdavx.s16 r4, q1, q2\n"
                       "vmladava.s16 r6, q1, q2\n"));
  set_q<int16_t, 8>(h, 1, {1, 2, 3, 4, 5, 6, 7, 8});
  set_q<int16_t, 8>(h, 2, {8, 7, 6, 5, 4, 3, 2, 1});
  h.s().r[6] = 1000;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 120u);
  EXPECT_EQ(h.s().r[2], 124u);
  EXPECT_EQ(h.s().r[4], 36u);
  EXPECT_EQ(h.s().r[6], 1120u);
}

TEST(MveReduceExec, PredicatedElementsDoNotCount) {
  // VPR.P0 = 0x00FF: only bytes 0-7 (elements 0-3 of .s16) are active: 8+14+18+20 = 60.
  // After the VPST block the next VMLADAV sees all elements again: 120.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "movs r3, #0xff\nvmsr p0, r3\nvpst\nvmladavt.s16 r0, q1, q2\nvmladav.s16 r2, q1, q2\n"));
  set_q<int16_t, 8>(h, 1, {1, 2, 3, 4, 5, 6, 7, 8});
  set_q<int16_t, 8>(h, 2, {8, 7, 6, 5, 4, 3, 2, 1});
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 60u);
  EXPECT_EQ(h.s().r[2], 120u);
}

TEST(MveReduceExec, LongMultiplyAccumulateWithUnsignedExtremes) {
  // u32 0xFFFFFFFF * 0xFFFFFFFF = 0xFFFFFFFE_00000001, four of them: 0xFFFFFFF8_00000004 mod 2^64.
  // VMLSLDAV.S32 with n = {-1, 2, 0, 0}, m = {3, 5, 0, 0}: -3 - 10 = -13.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vmlaldav.u32 r0, r1, q1, q1\nvmlsldav.s32 r2, r3, q2, q3\n"));
  fill_q<uint32_t>(h, 1, 0xFFFFFFFFu);
  set_q<int32_t, 4>(h, 2, {-1, 2, 0, 0});
  set_q<int32_t, 4>(h, 3, {3, 5, 0, 0});
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 4u);
  EXPECT_EQ(h.s().r[1], 0xFFFFFFF8u);
  EXPECT_EQ(h.s().r[2], static_cast<uint32_t>(-13));
  EXPECT_EQ(h.s().r[3], 0xFFFFFFFFu);
}

TEST(MveReduceExec, RoundingHighHalfRoundsTiesUp) {
  // VRMLALDAVH returns bits [71:8] of sum + 0x80. 2^30 * 2^8 = 2^38 -> 2^30. 128 -> 1 (tie up),
  // 127 -> 0, -129 -> -1 (all ones); VRMLALDAVHA with RdaHi:RdaLo = 1 (i.e. 256 in the 72-bit sum)
  // and a zero product stays 1. Two products of 128 give 2: QEMU 7.2 rounds after each element
  // (1, then (256 + 128 + 128) >> 8), where one final rounding would give 1.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h,
                       "vrmlaldavh.s32 r0, r1, q1, q2\nvrmlaldavh.s32 r2, r3, q3, q4\n"
                       "vrmlaldavh.s32 r4, r5, q5, q4\nvrmlaldavh.s32 r6, r7, q6, q4\n"
                       "vrmlaldavha.s32 r8, r9, q7, q7\nvrmlaldavh.s32 r10, r11, q0, q4\n"));
  set_q<int32_t, 4>(h, 0, {128, 128, 0, 0});
  set_q<int32_t, 4>(h, 1, {0x40000000, 0, 0, 0});
  set_q<int32_t, 4>(h, 2, {0x100, 0, 0, 0});
  set_q<int32_t, 4>(h, 3, {128, 0, 0, 0});
  set_q<int32_t, 4>(h, 4, {1, 1, 0, 0});
  set_q<int32_t, 4>(h, 5, {127, 0, 0, 0});
  set_q<int32_t, 4>(h, 6, {-129, 0, 0, 0});
  fill_q<uint32_t>(h, 7, 0);
  h.s().r[8] = 1;
  h.s().r[9] = 0;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0x40000000u);
  EXPECT_EQ(h.s().r[1], 0u);
  EXPECT_EQ(h.s().r[2], 1u);
  EXPECT_EQ(h.s().r[4], 0u);
  EXPECT_EQ(h.s().r[6], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[7], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[8], 1u);
  EXPECT_EQ(h.s().r[9], 0u);
  EXPECT_EQ(h.s().r[10], 2u);
  EXPECT_EQ(h.s().r[11], 0u);
}

TEST(MveReduceExec, MaxMinAcrossVectorReadRdaAsAnElement) {
  // VMAXV.S8 r0 = 5 over {-3, 100, ...}: 100. VMAXV.U8 with r1 = 0x1FF reads 0xFF: 0xFF.
  // VMINV.S16 r2 = 0 over {-5, ...}: -5 sign extended. VMAXAV.S8 over {-128, ...}: 128.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vmaxv.s8 r0, q1\nvmaxv.u8 r1, q1\nvminv.s16 r2, q2\nvmaxav.s8 r3, q3\n"));
  std::array<int8_t, 16> a{};
  a[0] = -3;
  a[7] = 100;
  set_q(h, 1, a);
  set_q<int16_t, 8>(h, 2, {1, -5, 7, 0, 0, 3, 2, 1});
  std::array<int8_t, 16> b{};
  b[9] = -128;
  b[3] = 127;
  set_q(h, 3, b);
  h.s().r[0] = 5;
  h.s().r[1] = 0x1FF;
  h.s().r[2] = 0;
  h.s().r[3] = 0;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 100u);
  EXPECT_EQ(h.s().r[1], 0xFFu);
  EXPECT_EQ(h.s().r[2], 0xFFFFFFFBu);
  EXPECT_EQ(h.s().r[3], 128u);
}

TEST(MveReduceExec, AbsoluteDifferenceAccumulate) {
  // VABAV.U8: |10 - 3| * 16 = 112, plus Rda = 1000: 1112. VABAV.S8 |(-128) - 127| = 255 each: 4080.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vabav.u8 r0, q1, q2\nvabav.s8 r1, q3, q4\n"));
  fill_q<uint8_t>(h, 1, 10);
  fill_q<uint8_t>(h, 2, 3);
  fill_q<int8_t>(h, 3, -128);
  fill_q<int8_t>(h, 4, 127);
  h.s().r[0] = 1000;
  h.s().r[1] = 0;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 1112u);
  EXPECT_EQ(h.s().r[1], 4080u);
}

TEST(MveReduceExec, ComplexAddRotations) {
  // n = {1, 2, 3, 4}, m = {10, 20, 30, 40} as (re, im) pairs.
  // #90:  re = n.re - m.im, im = n.im + m.re: {-19, 12, -37, 34}
  // #270: re = n.re + m.im, im = n.im - m.re: {21, -8, 43, -26}
  // VHCADD.S8 #90 with n = 127, m = -128: (127 + 128) >> 1 = 127 (computed without wrapping).
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vcadd.i32 q0, q1, q2, #90\nvcadd.i32 q3, q1, q2, #270\nvhcadd.s8 q4, q5, q6, #90\n"));
  set_q<int32_t, 4>(h, 1, {1, 2, 3, 4});
  set_q<int32_t, 4>(h, 2, {10, 20, 30, 40});
  fill_q<int8_t>(h, 5, 127);
  fill_q<int8_t>(h, 6, -128);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(lane<int32_t>(h, 0, 0), -19);
  EXPECT_EQ(lane<int32_t>(h, 0, 1), 12);
  EXPECT_EQ(lane<int32_t>(h, 0, 2), -37);
  EXPECT_EQ(lane<int32_t>(h, 0, 3), 34);
  EXPECT_EQ(lane<int32_t>(h, 3, 0), 21);
  EXPECT_EQ(lane<int32_t>(h, 3, 1), -8);
  EXPECT_EQ(lane<int32_t>(h, 3, 2), 43);
  EXPECT_EQ(lane<int32_t>(h, 3, 3), -26);
  EXPECT_EQ(lane<int8_t>(h, 4, 0), 127);   // (127 - (-128)) >> 1
  EXPECT_EQ(lane<int8_t>(h, 4, 1), -1);    // (127 + (-128)) >> 1 = -1 >> 1 = -1
}

TEST(MveReduceExec, AddWithCarryChainsThroughFpscrC) {
  // VADCI: {0xFFFFFFFF + 1 = 0 carry 1, 0 + 0 + 1 = 1, 5 + 6 = 11, 0 + 0xFFFFFFFF = 0xFFFFFFFF},
  // carry out 0: FPSCR.C = 0. VSBCI (n - m, carry in 1) on {5 - 6}: 0xFFFFFFFF with a borrow
  // (carry 0) that the next element takes: 7 - 1 - 1 = 5 ... final carry 1 (no borrow).
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vadci.i32 q0, q1, q2\nvmrs r0, fpscr\nvsbci.i32 q3, q4, q5\nvmrs r1, fpscr\n"));
  set_q<uint32_t, 4>(h, 1, {0xFFFFFFFFu, 0, 5, 0});
  set_q<uint32_t, 4>(h, 2, {1, 0, 6, 0xFFFFFFFFu});
  set_q<uint32_t, 4>(h, 4, {5, 7, 9, 3});
  set_q<uint32_t, 4>(h, 5, {6, 1, 2, 3});
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(lane<uint32_t>(h, 0, 0), 0u);
  EXPECT_EQ(lane<uint32_t>(h, 0, 1), 1u);
  EXPECT_EQ(lane<uint32_t>(h, 0, 2), 11u);
  EXPECT_EQ(lane<uint32_t>(h, 0, 3), 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[0] & 0xF0000000u, 0u);
  EXPECT_EQ(lane<uint32_t>(h, 3, 0), 0xFFFFFFFFu);  // 5 - 6, borrow
  EXPECT_EQ(lane<uint32_t>(h, 3, 1), 5u);           // 7 - 1 - borrow
  EXPECT_EQ(lane<uint32_t>(h, 3, 2), 7u);
  EXPECT_EQ(lane<uint32_t>(h, 3, 3), 0u);           // 3 - 3: no borrow, C = 1
  EXPECT_EQ(h.s().r[1] & 0xF0000000u, 0x20000000u);
}

TEST(MveReduceExec, BitReverseShiftRight) {
  // VBRSR.8 with Rm = 3: 0b00000110 keeps its low 3 bits 110 reversed: 011 = 3. Rm = 0: 0.
  // VBRSR.16 with Rm = 40 (>= 16): the whole element reversed, 0x0001 -> 0x8000.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "movs r2, #3\nvbrsr.8 q0, q1, r2\nmovs r2, #0\nvbrsr.8 q2, q1, r2\n"
                          "movs r2, #40\nvbrsr.16 q3, q4, r2\n"));
  fill_q<uint8_t>(h, 1, 6);
  fill_q<uint8_t>(h, 2, 0x55);
  fill_q<uint16_t>(h, 4, 1);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(lane<uint8_t>(h, 0, 5), 3u);
  EXPECT_EQ(lane<uint8_t>(h, 2, 5), 0u);
  EXPECT_EQ(lane<uint16_t>(h, 3, 7), 0x8000u);
}

TEST(MveReduceExec, IncrementingAndWrappingDuplicates) {
  // VIDUP.U16 from 10 step 4: 10, 14, ..., 38; Rn = 42.
  // VIWDUP.U8 from 6, limit 8, step 2: 6, 0, 2, 4, 6, 0, ...; Rn = 6 after 16 elements.
  // VDWDUP.U32 from 0, limit 12, step 4: 0, 8, 4, 0; Rn = 8.
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "movs r2, #10\nvidup.u16 q0, r2, #4\nmovs r4, #6\nmovs r5, #8\n"
                          "viwdup.u8 q1, r4, r5, #2\nmovs r6, #0\nmovs r7, #12\nvdwdup.u32 q2, r6, r7, #4\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  for (unsigned e = 0; e < 8; ++e) EXPECT_EQ(lane<uint16_t>(h, 0, e), 10 + 4 * e);
  EXPECT_EQ(h.s().r[2], 42u);
  const uint8_t wrap[4] = {6, 0, 2, 4};
  for (unsigned e = 0; e < 16; ++e) EXPECT_EQ(lane<uint8_t>(h, 1, e), wrap[e % 4]) << e;
  EXPECT_EQ(h.s().r[4], 6u);
  EXPECT_EQ(lane<uint32_t>(h, 2, 0), 0u);
  EXPECT_EQ(lane<uint32_t>(h, 2, 1), 8u);
  EXPECT_EQ(lane<uint32_t>(h, 2, 2), 4u);
  EXPECT_EQ(lane<uint32_t>(h, 2, 3), 0u);
  EXPECT_EQ(h.s().r[6], 8u);
}

// Encodings that are UNDEFINED (or CONSTRAINED UNPREDICTABLE, decoded as UNDEFINED) raise
// UsageFault UNDEFINSTR and leave the destination alone.
class MveReduceUndefined : public testing::TestWithParam<uint32_t> {};
TEST_P(MveReduceUndefined, RaisesUndefinstr) {
  CpuHarness h;
  char src[96];
  std::snprintf(src, sizeof src, "movs r0, #7\n.inst.w 0x%08x\nhandler: b handler\n", GetParam());
  ASSERT_TRUE(load_mve(h, src));
  h.run(20);
  EXPECT_NE(h.cpu().exceptions().regs().cfsr & (1u << 16), 0u) << "CFSR.UNDEFINSTR";
  EXPECT_EQ(h.s().r[0], 7u);
}
INSTANTIATE_TEST_SUITE_P(Encodings, MveReduceUndefined,
                         testing::Values(0xEEF20F84u,   // vmladav.s8 r0, q9, q2 (Qn > 7)
                                         0xEEE2DF02u,   // vmaxv.s8 sp, q1 (Rda = SP)
                                         0xFEF21F04u,   // vmladavx.u8 (no unsigned exchange)
                                         0xEEF20F05u,   // vmladav.s8 with bit 0 set
                                         0xEEE20E04u,   // vmlaldav.s16 with RdaHi = SP
                                         0xEEBC0F05u,   // vabav.s64 (size 11)
                                         0xFE031E6Du)); // vbrsr.8 q0, q1, sp

}  // namespace
}  // namespace corsim::cpu::test
