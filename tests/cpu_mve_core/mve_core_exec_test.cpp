// MVE foundation instructions executed on the Cpu (programs assembled with arm-none-eabi-as at run
// time). Expected values are worked out by hand from the Arm ARM (DDI 0553) descriptions, noted per
// test; the bulk of the semantics is checked against QEMU by tests/cpu_mve_core/qemu.
#include <gtest/gtest.h>

#include "cpu/exceptions/exception_unit.h"
#include "cpu/isa/mve/mve_common.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kCpacrFull = 0xFu << 20;
constexpr uint32_t kUndefinstr = 1u << 16, kInvstate = 1u << 17;

bool load_mve(CpuHarness& h, const std::string& src) {
  if (!h.load(".arch_extension mve\n" + src)) return false;
  h.cpu().exceptions().regs().cpacr = kCpacrFull;
  return true;
}
uint32_t lane32(CpuHarness& h, unsigned q, unsigned i) { return mve::lane<uint32_t>(h.s(), q, i); }
uint16_t lane16(CpuHarness& h, unsigned q, unsigned i) { return mve::lane<uint16_t>(h.s(), q, i); }
uint8_t lane8(CpuHarness& h, unsigned q, unsigned i) { return mve::lane<uint8_t>(h.s(), q, i); }
void set_q32(CpuHarness& h, unsigned q, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  const uint32_t v[4] = {a, b, c, d};
  for (unsigned i = 0; i < 4; ++i) mve::set_lane<uint32_t>(h.s(), q, i, v[i], 0xFFFF);
}
uint32_t cfsr(CpuHarness& h) { return h.cpu().exceptions().regs().cfsr; }

// VCMP.S32 GT: lanes 1 > 1 no, 5 > 4 yes, -3 > 2 no, 7 > 7 no: P0 = bytes 4-7 = 0x00F0. VPSEL
// then takes Qn where P0 is set: {1, 5, 2, 7}. VPNOT inverts P0 (no VPT block: all lanes).
TEST(MveCorePredication, CompareSelectAndNot) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vcmp.s32 gt, q0, q1\nvmrs r0, p0\nvpsel q2, q0, q1\nvpnot\nvmrs r1, p0\n"));
  set_q32(h, 0, 1, 5, static_cast<uint32_t>(-3), 7);
  set_q32(h, 1, 1, 4, 2, 7);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0x00F0u);
  EXPECT_EQ(lane32(h, 2, 0), 1u);
  EXPECT_EQ(lane32(h, 2, 1), 5u);
  EXPECT_EQ(lane32(h, 2, 2), 2u);
  EXPECT_EQ(lane32(h, 2, 3), 7u);
  EXPECT_EQ(h.s().r[1], 0xFF0Fu);
}

// Unsigned and scalar compares: VCMP.U16 HI q0, r2 with r2 = 0x8000: lanes 0xFFFF and 0x8001 are
// higher, 0x8000 and 1 are not. Scalar zero (Rm = 1111, "zr"): VCMP.I32 NE q1, zr.
TEST(MveCorePredication, UnsignedScalarAndZeroCompares) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vcmp.u16 hi, q0, r2\nvmrs r0, p0\n.inst.w 0xfe230fcf\nvmrs r1, p0\n"));
  const uint16_t v[8] = {0xFFFF, 0x8000, 1, 0x8001, 0, 0, 0, 0xFFFF};
  for (unsigned i = 0; i < 8; ++i) mve::set_lane<uint16_t>(h.s(), 0, i, v[i], 0xFFFF);
  set_q32(h, 1, 0, 3, 0, 0x80000000u);
  h.s().r[2] = 0x12348000;  // truncated to the element: 0x8000
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0xC0C3u);  // lanes 0, 3, 7: bytes 0-1, 6-7, 14-15
  EXPECT_EQ(h.s().r[1], 0xF0F0u);  // lanes 1 and 3 are non-zero: bytes 4-7, 12-15
}

// VPTET.I32 EQ q0, q1 with lanes 0 and 3 equal: slot 1 (T) writes lanes 0 and 3, slot 2 (E) the
// others, slot 3 (T) lanes 0 and 3 again. Predicated-off lanes keep their old value. After the
// block the VPR masks are 0.
TEST(MveCorePredication, VptThenElseBlock) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "vptet.i32 eq, q0, q1\nvdupt.32 q2, r1\nvdupe.32 q3, r1\nvdupt.32 q4, r1\nvmrs r0, vpr\n"));
  set_q32(h, 0, 1, 2, 3, 4);
  set_q32(h, 1, 1, 0, 0, 4);
  h.s().r[1] = 0xAAAAAAAA;
  h.run();
  ASSERT_TRUE(h.reached_end());
  const uint32_t a = 0xAAAAAAAA;
  EXPECT_EQ(lane32(h, 2, 0), a); EXPECT_EQ(lane32(h, 2, 1), 0u); EXPECT_EQ(lane32(h, 2, 2), 0u); EXPECT_EQ(lane32(h, 2, 3), a);
  EXPECT_EQ(lane32(h, 3, 0), 0u); EXPECT_EQ(lane32(h, 3, 1), a); EXPECT_EQ(lane32(h, 3, 2), a); EXPECT_EQ(lane32(h, 3, 3), 0u);
  EXPECT_EQ(lane32(h, 4, 0), a); EXPECT_EQ(lane32(h, 4, 1), 0u); EXPECT_EQ(lane32(h, 4, 2), 0u); EXPECT_EQ(lane32(h, 4, 3), a);
  EXPECT_EQ(h.s().r[0] >> 16, 0u);
}

// VCTP.n Rn: the first Rn elements active (all of them when Rn >= the element count).
TEST(MveCorePredication, Vctp) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "movs r0, #3\nvctp.16 r0\nvmrs r1, p0\nmovs r0, #100\nvctp.32 r0\nvmrs r2, p0\n"
                          "movs r0, #1\nvctp.64 r0\nvmrs r3, p0\nmovs r0, #0\nvctp.8 r0\nvmrs r4, p0\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0x003Fu);
  EXPECT_EQ(h.s().r[2], 0xFFFFu);
  EXPECT_EQ(h.s().r[3], 0x00FFu);
  EXPECT_EQ(h.s().r[4], 0u);
}

// Widening loads sign/zero-extend; a predicated-off element of a load is zeroed; pre-indexed
// writeback adds the offset; a narrowing store writes the low half of each element.
TEST(MveCoreLoadStore, WideningPredicatedAndNarrowing) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "ldr r1, =0x20000000\nmov r2, r1\nvldrb.s16 q0, [r1]\nvldrb.u32 q1, [r1]\n"
                          "movs r0, #2\nvctp.32 r0\nvpst\nvldrwt.u32 q2, [r2, #16]!\n"
                          "ldr r3, =0x20000100\nvstrh.32 q1, [r3], #8\n"));
  h.set_word(0x20000000, 0x01FF7F80);
  h.set_word(0x20000004, 0x00000002);
  for (unsigned i = 0; i < 4; ++i) h.set_word(0x20000010 + 4 * i, 0x11111111u * (i + 1));
  set_q32(h, 2, 0xDEAD, 0xDEAD, 0xDEAD, 0xDEAD);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(lane16(h, 0, 0), 0xFF80u);
  EXPECT_EQ(lane16(h, 0, 1), 0x007Fu);
  EXPECT_EQ(lane16(h, 0, 2), 0xFFFFu);
  EXPECT_EQ(lane16(h, 0, 3), 0x0001u);
  EXPECT_EQ(lane16(h, 0, 4), 0x0002u);
  EXPECT_EQ(lane32(h, 1, 0), 0x80u);
  EXPECT_EQ(lane32(h, 1, 2), 0xFFu);
  EXPECT_EQ(lane32(h, 2, 0), 0x11111111u);
  EXPECT_EQ(lane32(h, 2, 1), 0x22222222u);
  EXPECT_EQ(lane32(h, 2, 2), 0u);  // predicated off: zeroed
  EXPECT_EQ(lane32(h, 2, 3), 0u);
  EXPECT_EQ(h.s().r[2], 0x20000010u);
  EXPECT_EQ(h.word(0x20000100), 0x007F0080u);
  EXPECT_EQ(h.word(0x20000104), 0x000100FFu);
  EXPECT_EQ(h.s().r[3], 0x20000108u);
}

// A store with every element predicated off does not access memory (no fault at an unmapped
// address); with one element active it faults and the base register is not written back.
TEST(MveCoreLoadStore, PredicatedOffStoreDoesNotFault) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "ldr r1, =0x60000000\nmovs r0, #0\nvctp.32 r0\nvpst\nvstrwt.32 q0, [r1], #16\n"
                          "movs r0, #1\nvctp.32 r0\nvpst\nvstrwt.32 q0, [r1], #16\nmovs r5, #1\n"
                          "handler: b handler\n"));
  h.run(200);
  EXPECT_FALSE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0x60000010u);  // the first (all-off) store wrote back, the second faulted
  EXPECT_NE(h.s().r[5], 1u);
}

// Gathers: offsets {0, 8, 4, 12} bytes; scaled halfword offsets {1, 0, 3, 2} << 1; vector bases
// with writeback: Qm = Qm + 16 after the load.
TEST(MveCoreLoadStore, GatherScatterAndVectorBase) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "ldr r1, =0x20000000\nvldrw.u32 q0, [r1, q1]\nvldrh.u32 q2, [r1, q3, uxtw #1]\n"
                          "vldrw.u32 q4, [q5, #16]!\nldr r2, =0x20000100\nvstrb.32 q1, [r2, q1]\n"));
  for (unsigned i = 0; i < 8; ++i) h.set_word(0x20000000 + 4 * i, 0x01010101u * i);
  set_q32(h, 1, 0, 8, 4, 12);
  set_q32(h, 3, 1, 0, 3, 2);
  set_q32(h, 5, 0x20000000, 0x20000004, 0x20000008, 0x2000000C);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(lane32(h, 0, 0), 0x00000000u);
  EXPECT_EQ(lane32(h, 0, 1), 0x02020202u);
  EXPECT_EQ(lane32(h, 0, 2), 0x01010101u);
  EXPECT_EQ(lane32(h, 0, 3), 0x03030303u);
  EXPECT_EQ(lane32(h, 2, 0), 0x0000u);    // halfword 1 of word 0
  EXPECT_EQ(lane32(h, 2, 2), 0x0101u);    // halfword 3: high half of word 1
  EXPECT_EQ(lane32(h, 4, 0), 0x04040404u);
  EXPECT_EQ(lane32(h, 4, 3), 0x07070707u);
  EXPECT_EQ(lane32(h, 5, 0), 0x20000010u);
  EXPECT_EQ(lane32(h, 5, 3), 0x2000001Cu);
  EXPECT_EQ(h.word(0x20000100), 0x00000000u);  // byte 0 = 0
  EXPECT_EQ(h.word(0x20000104), 0x00000004u);  // offset 4 -> 4
  EXPECT_EQ(h.word(0x20000108), 0x00000008u);
}

// VLD20 + VLD21 de-interleave 32 bytes: q0 = even bytes, q1 = odd bytes; VLD40-43 .32 give
// q_k = words k, k+4, k+8, k+12; VST4x stores them back interleaved.
TEST(MveCoreLoadStore, InterleavingLoadsAndStores) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "ldr r1, =0x20000000\nmov r3, r1\nvld20.8 {q0, q1}, [r1]\nvld21.8 {q0, q1}, [r1]!\n"
                          "vld40.32 {q2, q3, q4, q5}, [r3]\nvld41.32 {q2, q3, q4, q5}, [r3]\n"
                          "vld42.32 {q2, q3, q4, q5}, [r3]\nvld43.32 {q2, q3, q4, q5}, [r3]!\n"
                          "ldr r2, =0x20000200\nvst40.32 {q2, q3, q4, q5}, [r2]\nvst41.32 {q2, q3, q4, q5}, [r2]\n"
                          "vst42.32 {q2, q3, q4, q5}, [r2]\nvst43.32 {q2, q3, q4, q5}, [r2]\n"));
  for (unsigned i = 0; i < 16; ++i) h.set_word(0x20000000 + 4 * i, (4 * i) | (4 * i + 1) << 8 | (4 * i + 2) << 16 | (4 * i + 3) << 24);
  h.run();
  ASSERT_TRUE(h.reached_end());
  for (unsigned i = 0; i < 16; ++i) {
    EXPECT_EQ(lane8(h, 0, i), 2 * i) << i;
    EXPECT_EQ(lane8(h, 1, i), 2 * i + 1) << i;
  }
  for (unsigned k = 0; k < 4; ++k)
    for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(lane32(h, 2 + k, i), h.word(0x20000000 + 4 * (k + 4 * i))) << k << i;
  EXPECT_EQ(h.s().r[1], 0x20000020u);
  EXPECT_EQ(h.s().r[3], 0x20000040u);
  for (unsigned i = 0; i < 16; ++i) EXPECT_EQ(h.word(0x20000200 + 4 * i), h.word(0x20000000 + 4 * i)) << i;
}

// Long shifts, worked by hand: 0xF_F0000000 << 4 = 0xFF_00000000; ASRL #32 of 0x80000000_12345678
// = 0xFFFFFFFF_80000000; SQSHLL of 2^60 by 4 saturates to INT64_MAX (Q); UQSHL of 2^31 by 1
// saturates to 0xFFFFFFFF; SRSHR #1 of 3 and -3 rounds 1.5 -> 2 and -1.5 -> -1; URSHR #32 of 2^31
// = 1; SQRSHRL #48 of 2^47 by 0 saturates to 2^47 - 1; ASRL by -4 (Rm = 0xFC) shifts left by 4.
TEST(MveCoreLongShift, HandComputedResults) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h,
                       "ldr r0, =0xF0000000\nmovs r1, #0xF\nlsll r0, r1, #4\n"
                       "ldr r2, =0x12345678\nmov r3, #0x80000000\nasrl r2, r3, #32\n"
                       "movs r4, #0\nmov r5, #0x10000000\nsqshll r4, r5, #4\n"
                       "mov r6, #0x80000000\nuqshl r6, #1\n"
                       "movs r7, #3\nsrshr r7, #1\nmvn r8, #2\nsrshr r8, #1\n"
                       "mov r9, #0x80000000\nurshr r9, #32\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0u);
  EXPECT_EQ(h.s().r[1], 0xFFu);
  EXPECT_EQ(h.s().r[2], 0x80000000u);
  EXPECT_EQ(h.s().r[3], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[4], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[5], 0x7FFFFFFFu);
  EXPECT_EQ(h.s().r[6], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[7], 2u);
  EXPECT_EQ(h.s().r[8], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[9], 1u);
  EXPECT_TRUE(h.s().q);
}

TEST(MveCoreLongShift, RegisterForms) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h,
                       "movs r0, #0\nmov r1, #0x8000\nmovs r2, #0\nsqrshrl r0, r1, #48, r2\n"
                       "movs r4, #1\nmovs r5, #0\nmvn r6, #3\nasrl r4, r5, r6\n"
                       "movs r7, #5\nmovs r8, #1\nsqrshr r7, r8\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0xFFFFFFFFu);
  EXPECT_EQ(h.s().r[1], 0x7FFFu);
  EXPECT_EQ(h.s().r[4], 16u);
  EXPECT_EQ(h.s().r[5], 0u);
  EXPECT_EQ(h.s().r[7], 3u);  // 5 / 2 = 2.5 rounds to 3
  EXPECT_TRUE(h.s().q);
}

// Lane moves: VMOV.8 writes one byte; VMOV.S8/U16 read with sign/zero extension; VDUP.16
// replicates the low halfword.
TEST(MveCoreTransfer, LaneMovesAndVdup) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "movs r0, #0x9C\nvmov.8 q0[9], r0\nvmov.s8 r1, q0[9]\nvmov.u16 r2, q0[4]\n"
                          "ldr r3, =0x12345678\nvdup.16 q1, r3\n"));
  set_q32(h, 0, 0x03020100, 0x07060504, 0x0B0A0908, 0x0F0E0D0C);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(lane32(h, 0, 2), 0x0B0A9C08u);
  EXPECT_EQ(h.s().r[1], 0xFFFFFF9Cu);
  EXPECT_EQ(h.s().r[2], 0x9C08u);
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(lane32(h, 1, i), 0x56785678u);
}

// A DLSTP.32/LETP copy of 6 words: two iterations of 4 and 2 elements; the last iteration's
// inactive lanes are not stored; LR ends at 2 (last iteration), LTPSIZE back to 4.
TEST(MveCoreLoops, TailPredicatedCopy) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "ldr r1, =0x20000000\nldr r2, =0x20000100\nmovs r0, #6\ndlstp.32 lr, r0\n"
                          "1:\nvldrw.u32 q0, [r1], #16\nvstrw.32 q0, [r2], #16\nletp lr, 1b\nvmrs r3, fpscr\n"));
  for (unsigned i = 0; i < 8; ++i) {
    h.set_word(0x20000000 + 4 * i, 100 + i);
    h.set_word(0x20000100 + 4 * i, 0xEEEEEEEE);
  }
  h.run();
  ASSERT_TRUE(h.reached_end());
  for (unsigned i = 0; i < 6; ++i) EXPECT_EQ(h.word(0x20000100 + 4 * i), 100 + i) << i;
  EXPECT_EQ(h.word(0x20000118), 0xEEEEEEEEu);
  EXPECT_EQ(h.word(0x2000011C), 0xEEEEEEEEu);
  EXPECT_EQ(h.s().r[14], 2u);
  EXPECT_EQ((h.s().r[3] >> 16) & 7u, 4u);
  EXPECT_EQ(h.s().r[2], 0x20000120u);
}

// WLSTP with a zero count skips the loop; LE (not LETP) in a tail-predicated loop is INVSTATE.
TEST(MveCoreLoops, WlstpZeroAndLeInvstate) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "movs r0, #0\nmovs r4, #0\nwlstp.8 lr, r0, 2f\n1:\nadds r4, #1\nletp lr, 1b\n2:\n"
                          "movs r0, #5\ndlstp.16 lr, r0\n3:\nadds r4, #1\nle lr, 3b\nmovs r5, #1\n"
                          "handler: b handler\n"));
  h.run(200);
  EXPECT_EQ(h.s().r[4], 1u);  // the WLSTP body never ran; the DLSTP body once, then LE faulted
  EXPECT_NE(h.s().r[5], 1u);
  EXPECT_NE(cfsr(h) & kInvstate, 0u);
}

// VSTR VPR stores VPR (24 bits); VLDR P0 with post-index replaces P0 only; VLDR FPSCR_nzcvqc
// pre-indexed replaces the flags only; an unaligned address is a UsageFault UNALIGNED.
TEST(MveCoreTransfer, SystemRegisterLoadStore) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, "ldr r0, =0x20000000\nldr r1, =0x00A51234\nvmsr vpr, r1\n"
                          ".inst.w 0xedc08f81\n"  // vstr VPR, [r0, #4]
                          ".inst.w 0xecf0af82\n"  // vldr P0, [r0], #8
                          "vmrs r2, vpr\n"
                          ".inst.w 0xedb04f81\n"  // vldr FPSCR_nzcvqc, [r0, #4]!
                          "vmrs r3, fpscr\nadds r0, #1\n"
                          ".inst.w 0xedc08f81\nmovs r5, #1\nhandler: b handler\n"));
  h.set_word(0x20000000, 0xFFFF5678);
  h.set_word(0x2000000C, 0xA0000000);
  h.run(200);
  EXPECT_EQ(h.word(0x20000004), 0x00A51234u);
  EXPECT_EQ(h.s().r[2], 0x00A55678u);
  EXPECT_EQ(h.s().r[3] & 0xF8000000u, 0xA0000000u);
  EXPECT_EQ(h.s().r[0], 0x2000000Du);  // 0x20000000 + 8 + 4, then + 1
  EXPECT_NE(h.s().r[5], 1u);
  EXPECT_NE(cfsr(h) & (1u << 24), 0u) << "CFSR.UNALIGNED";
}

TEST(MveCoreUndefined, GatherWithQdEqualQmAndNoMve) {
  CpuHarness h;
  ASSERT_TRUE(load_mve(h, ".inst.w 0xfc962e93\nmovs r5, #1\nhandler: b handler\n"));
  h.run(50);
  EXPECT_NE(cfsr(h) & kUndefinstr, 0u);
  EXPECT_NE(h.s().r[5], 1u);
}

}  // namespace
}  // namespace corsim::cpu::test
