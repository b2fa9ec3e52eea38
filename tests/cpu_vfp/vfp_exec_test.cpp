// VFP instructions executed on the Cpu (programs assembled with arm-none-eabi-as at run time).
// Expected values are computed by hand from the Arm ARM (DDI 0553) pseudocode, noted per test;
// the bulk of the semantics is checked against QEMU by tests/cpu_vfp/qemu.
#include <gtest/gtest.h>

#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kCpacrFull = 0xFu << 20;
constexpr std::string_view kFpu = ".fpu fpv5-d16\n";

// A harness with CP10/CP11 enabled (as a reset handler would) and `src` loaded.
bool load_fp(CpuHarness& h, const std::string& src, bool enable = true) {
  if (!h.load(std::string(kFpu) + src)) return false;
  if (enable) h.cpu().exceptions().regs().cpacr = kCpacrFull;
  return true;
}

TEST(VfpExec, NocpWhenCpacrLeavesCp10Off) {
  CpuHarness h;
  ASSERT_TRUE(load_fp(h, "vadd.f32 s0, s1, s2\nhandler: b handler\n", /*enable=*/false));
  h.run(20);
  EXPECT_FALSE(h.reached_end());
  EXPECT_NE(h.cpu().exceptions().regs().cfsr & (1u << 19), 0u) << "CFSR.NOCP";
  EXPECT_EQ(h.s().ext[0], 0u);
}

TEST(VfpExec, UndefinedForD16) {
  CpuHarness h;
  // VADD.F64 with the D bit set names D16, which the Armv8.1-M FPU does not have.
  ASSERT_TRUE(load_fp(h, ".inst.w 0xee700b01\nhandler: b handler\n"));
  h.run(20);
  EXPECT_NE(h.cpu().exceptions().regs().cfsr & (1u << 16), 0u) << "CFSR.UNDEFINSTR";
}

TEST(VfpExec, FirstFpInstructionCreatesContextFromFpdscr) {
  CpuHarness h;
  ASSERT_TRUE(load_fp(h, "vmov.f32 s0, #1.0\nvmrs r0, fpscr\nmrs r1, control\n"));
  h.cpu().exceptions().regs().fpdscr = 3u << 22;  // RMode = RZ
  h.s().fpscr = 0x9F;                             // stale flags: replaced by the new context
  h.s().vpr = 0x1234;                             // zeroed by the new context (MVE present)
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], (3u << 22) | (4u << 16));  // FPDSCR fields, LTPSIZE = 4
  EXPECT_EQ(h.s().r[1] & 0xCu, 0xCu);              // CONTROL.FPCA and SFPA (Secure)
  EXPECT_EQ(h.s().ext[0], 0x3F800000u);
  EXPECT_EQ(h.s().vpr, 0u);
}

TEST(VfpExec, ChainedAndFusedMultiplyAccumulateRoundDifferently) {
  // a = 1 + 2^-23, a*a = 1 + 2^-22 + 2^-46; d = -(1 + 2^-22). VFMA: d + a*a = 2^-46 exactly
  // (0x28800000). VMLA rounds a*a to 1 + 2^-22 first, so the sum is +0.
  CpuHarness h;
  ASSERT_TRUE(load_fp(h,
                      "ldr r0, =0x3f800001\nldr r1, =0xbf800002\nvmov s0, r0\nvmov s2, r1\nvmov s3, r1\n"
                      "vfma.f32 s2, s0, s0\nvmla.f32 s3, s0, s0\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().ext[2], 0x28800000u);
  EXPECT_EQ(h.s().ext[3], 0x00000000u);
  EXPECT_EQ(h.s().fpscr & 0x1Fu, 0x10u);  // IXC from the VMLA product
}

TEST(VfpExec, CompareThenVmrsApsrAndVsel) {
  // 1.0 < 2.0: FPSCR.NZCV = 1000 (FPCompare), copied to the APSR; VSELGE then picks Sm.
  CpuHarness h;
  ASSERT_TRUE(load_fp(h,
                      "vmov.f32 s0, #1.0\nvmov.f32 s1, #2.0\nvcmp.f32 s0, s1\nvmrs APSR_nzcv, fpscr\n"
                      "vselge.f32 s2, s0, s1\nvcmpe.f32 s1, #0\nvmrs r2, fpscr\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_TRUE(h.s().n);
  EXPECT_FALSE(h.s().z);
  EXPECT_FALSE(h.s().c);
  EXPECT_EQ(h.s().ext[2], 0x40000000u);
  EXPECT_EQ(h.s().r[2] >> 28, 0x2u);  // 2.0 > 0: 0010
}

TEST(VfpExec, FixedToFloatRoundsToNearestWhateverRMode) {
  // 0x02000003 / 2 = 16777217.5: nearest single is 16777218 (0x4B800001); RZ would give
  // 16777216. VCVT fixed -> float uses FPRounding_TIEEVEN (docs/fp.md, QEMU).
  CpuHarness h;
  ASSERT_TRUE(load_fp(h,
                      "ldr r0, =0x00c40000\nvmsr fpscr, r0\nldr r1, =0x02000003\nvmov s0, r1\n"
                      "vcvt.f32.s32 s0, s0, #1\nvmov s1, r1\nvcvt.f32.s32 s1, s1\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().ext[0], 0x4B800001u);
  EXPECT_EQ(h.s().ext[1], 0x4C000000u);  // 33554435 towards zero: 33554432
}

TEST(VfpExec, HalfPrecisionMovesAndConversions) {
  CpuHarness h;
  ASSERT_TRUE(load_fp(h,
                      "ldr r0, =0xabcd3c00\nvmov s0, r0\n"
                      "vmov.f16 r1, s0\n"          // 0x3c00 (low half, zero-extended)
                      "vmovx.f16 s1, s0\n"         // 0x0000abcd
                      "vmov.f32 s2, #-2.0\nvmov s3, r0\n"
                      "vcvtt.f16.f32 s3, s2\n"     // top half = 0xc000, bottom kept
                      "vadd.f16 s4, s0, s0\n"      // 1.0 + 1.0 = 2.0 (0x4000), top zeroed
                      "vins.f16 s4, s0\n"));       // top = 0x3c00
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0x3C00u);
  EXPECT_EQ(h.s().ext[1], 0x0000ABCDu);
  EXPECT_EQ(h.s().ext[3], 0xC0003C00u);
  EXPECT_EQ(h.s().ext[4], 0x3C004000u);
}

TEST(VfpExec, LoadStoreMultipleWithWritebackAndPushPop) {
  CpuHarness h;
  ASSERT_TRUE(load_fp(h,
                      "ldr r0, =0x20000100\nmov r1, #7\nvmov s4, r1\nmov r1, #8\nvmov s5, r1\n"
                      "vstmia r0!, {s4-s5}\n"      // [0x100] = 7, [0x104] = 8, r0 = 0x108
                      "vldmdb r0!, {d3}\n"         // d3 = s6:s7 = 7, 8; r0 = 0x100
                      "vpush {d3}\nvpop {s10-s11}\n"
                      "vldr.16 s12, [r0, #4]\n"    // 8
                      "vstr d3, [r0, #-8]\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[0], 0x20000100u);
  EXPECT_EQ(h.s().ext[6], 7u);
  EXPECT_EQ(h.s().ext[7], 8u);
  EXPECT_EQ(h.s().ext[10], 7u);
  EXPECT_EQ(h.s().ext[11], 8u);
  EXPECT_EQ(h.s().ext[12], 8u);
  EXPECT_EQ(h.word(0x200000F8), 7u);
  EXPECT_EQ(h.word(0x200000FC), 8u);
  EXPECT_EQ(h.s().r[13], kStackTop);
}

TEST(VfpExec, VscclrmClearsRegistersAndVpr) {
  CpuHarness h;
  ASSERT_TRUE(load_fp(h, "mov r0, #5\nvmov s1, r0\nvmov s2, r0\nvmov s4, r0\nvmsr p0, r0\nvscclrm {s1-s3, vpr}\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().ext[1], 0u);
  EXPECT_EQ(h.s().ext[2], 0u);
  EXPECT_EQ(h.s().ext[4], 5u);
  EXPECT_EQ(h.s().vpr, 0u);
}

TEST(VfpExec, FldmxTransfersImm8Over2RegistersAndSpansImm8Words) {
  // VLDMIA r0!, imm8 = 3 with D registers (FLDMIAX): loads d1 only, writes back r0 + 12.
  CpuHarness h;
  ASSERT_TRUE(load_fp(h, "ldr r0, =0x20000100\n.inst.w 0xecb01b03\n"));
  h.set_word(0x20000100, 0x11111111);
  h.set_word(0x20000104, 0x22222222);
  h.set_word(0x20000108, 0x33333333);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().ext[2], 0x11111111u);
  EXPECT_EQ(h.s().ext[3], 0x22222222u);
  EXPECT_EQ(h.s().ext[4], 0u);
  EXPECT_EQ(h.s().r[0], 0x2000010Cu);
}

TEST(VfpExec, VscclrmIsUndefinedInNonSecureState) {
  CpuHarness h;
  ASSERT_TRUE(load_fp(h, "vscclrm {s0, vpr}\nhandler: b handler\n"));
  h.s().secure = false;
  h.s().ext[0] = 7;
  h.run(20);
  EXPECT_FALSE(h.reached_end());
  EXPECT_NE(h.cpu().exceptions().regs().cfsr & (1u << 16), 0u) << "CFSR.UNDEFINSTR";
  EXPECT_EQ(h.s().ext[0], 7u);
}

}  // namespace
}  // namespace corsim::cpu::test
