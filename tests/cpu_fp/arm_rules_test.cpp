// Arm-specific behaviour with expected values computed by hand from the Arm ARM pseudocode
// (DDI 0553, "Floating-point pseudocode"): FZ/FZ16 flushing and IDC/UFC, DN, AHP, half-precision
// rounding, FPToFixed saturation, VRINTX inexact, VMAXNM/VMINNM with quiet NaNs, VCMP/VCMPE.
#include "cpu/fp/fp.h"

#include <gtest/gtest.h>

namespace corsim::cpu::fp {
namespace {

constexpr uint32_t kOne = 0x3F800000, kTwo = 0x40000000, kHalfS = 0x3F000000;
constexpr uint32_t kMinNormal = 0x00800000, kQNaN = 0x7FC00000;

FpEnv env_with(uint32_t fpscr) { return FpEnv::from_fpscr(fpscr); }
constexpr uint32_t rmode(Rounding r) { return uint32_t(r) << kRModeShift; }

TEST(FpEnvTest, FromFpscrAndStandard) {
  const FpEnv e = env_with(kAhp | kDn | kFz | rmode(Rounding::kNegInf) | kFz16 | 0x9F);
  EXPECT_EQ(e.rounding, Rounding::kNegInf);
  EXPECT_TRUE(e.fz && e.dn && e.ahp && e.fz16);
  EXPECT_EQ(e.flags, 0u);  // cumulative bits are not inputs
  // StandardFPSCRValue: FZ=1, DN=1, RN; AHP and FZ16 copied.
  const FpEnv s = FpEnv::standard(rmode(Rounding::kZero) | kAhp);
  EXPECT_EQ(s.rounding, Rounding::kTieEven);
  EXPECT_TRUE(s.fz && s.dn && s.ahp);
  EXPECT_FALSE(s.fz16);
}

TEST(FpFlushToZero, DenormalInputsSetIdc) {
  FpEnv e = env_with(kFz);
  EXPECT_EQ(add<uint32_t>(0x00000001, kOne, e), kOne);  // the denormal became +0
  EXPECT_EQ(e.flags, kIdc);
  e = env_with(kFz);
  EXPECT_EQ(add<uint32_t>(0x00400000, 0x00400000, e), 0u);
  EXPECT_EQ(e.flags, kIdc);
  e = env_with(kFz);
  EXPECT_EQ(div<uint64_t>(0x0000000000000001ull, 0x3FF0000000000000ull, e), 0u);
  EXPECT_EQ(e.flags, kIdc);
  e = env_with(kFz);
  EXPECT_EQ(fp::sqrt<uint32_t>(0x80000001, e), 0x80000000u);  // -denormal -> -0, not a NaN
  EXPECT_EQ(e.flags, kIdc);
  e = env_with(0);  // FZ=0: denormal arithmetic, exact, no flags
  EXPECT_EQ(add<uint32_t>(0x00400000, 0x00400000, e), kMinNormal);
  EXPECT_EQ(e.flags, 0u);
}

TEST(FpFlushToZero, TinyResultsFlushWithUfcOnly) {
  // 2^-126 * 0.5 = 2^-127: tiny -> +0 with UFC and no IXC.
  FpEnv e = env_with(kFz);
  EXPECT_EQ(mul<uint32_t>(kMinNormal, kHalfS, e), 0u);
  EXPECT_EQ(e.flags, kUfc);
  e = env_with(0);
  EXPECT_EQ(mul<uint32_t>(kMinNormal, kHalfS, e), 0x00400000u);
  EXPECT_EQ(e.flags, 0u);
  // (1 - 2^-24) * 2^-126 is below 2^-126 before rounding: flushed even though it would round up
  // to the smallest normal.
  e = env_with(kFz | rmode(Rounding::kPosInf));
  EXPECT_EQ(mul<uint32_t>(kMinNormal, 0x3F7FFFFF, e), 0u);
  EXPECT_EQ(e.flags, kUfc);
  // (1 + 2^-23)(1 - 2^-24) * 2^-126 = (1 + 2^-24 - 2^-47) * 2^-126 is not tiny: rounds to 2^-126.
  e = env_with(kFz);
  EXPECT_EQ(mul<uint32_t>(0x00800001, 0x3F7FFFFF, e), kMinNormal);
  EXPECT_EQ(e.flags, kIxc);
}

TEST(FpUnderflow, TininessIsDetectedBeforeRounding) {
  // FZ=0: (1 - 2^-24) * 2^-126 = 0x7FFFFF.8 * 2^-149 ties to even -> 0x800000 (the smallest
  // normal). biased_exp was 0 before rounding, so UFC is set along with IXC (x86 would not set UF).
  FpEnv e = env_with(0);
  EXPECT_EQ(mul<uint32_t>(kMinNormal, 0x3F7FFFFF, e), kMinNormal);
  EXPECT_EQ(e.flags, kUfc | kIxc);
  // Exact denormal result: no underflow.
  e = env_with(0);
  EXPECT_EQ(mul<uint32_t>(0x00000002, kHalfS, e), 0x00000001u);
  EXPECT_EQ(e.flags, 0u);
}

TEST(FpFlushToZero, HalfUsesFz16WithoutIdc) {
  FpEnv e = env_with(kFz16);
  EXPECT_EQ(add<uint16_t>(0x0001, 0x0001, e), 0u);  // flushed inputs, FPUnpack sets no IDC for half
  EXPECT_EQ(e.flags, 0u);
  e = env_with(kFz16);
  EXPECT_EQ(mul<uint16_t>(0x0400, 0x3800, e), 0u);  // 2^-14 * 0.5: tiny -> +0, UFC
  EXPECT_EQ(e.flags, kUfc);
  e = env_with(kFz);  // FZ does not apply to half precision
  EXPECT_EQ(add<uint16_t>(0x0001, 0x0001, e), 0x0002u);
  EXPECT_EQ(e.flags, 0u);
  // FixedToFP goes through FPRound, so FZ16 flushes 2^-16 in half precision.
  e = env_with(kFz16);
  EXPECT_EQ(from_fixed<uint16_t>(1, 32, 16, false, Rounding::kTieEven, e), 0u);
  EXPECT_EQ(e.flags, kUfc);
  e = env_with(0);
  EXPECT_EQ(from_fixed<uint16_t>(1, 32, 16, false, Rounding::kTieEven, e), 0x0100u);
  EXPECT_EQ(e.flags, 0u);
}

TEST(FpFlushToZero, Conversions) {
  // FPUnpackCV/FPRoundCV ignore FZ16: half denormals convert exactly both ways.
  FpEnv e = env_with(kFz16 | kFz);
  EXPECT_EQ((convert<uint32_t, uint16_t>(0x0001, e.rounding, e)), 0x33800000u);  // 2^-24
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x33800000, e.rounding, e)), 0x0001u);
  EXPECT_EQ(e.flags, 0u);
  // FZ applies to single/double operands of a conversion.
  e = env_with(kFz);
  EXPECT_EQ((convert<uint64_t, uint32_t>(0x80000001, e.rounding, e)), 0x8000000000000000ull);
  EXPECT_EQ(e.flags, kIdc);
  e = env_with(kFz);  // 2^-130 in double -> tiny single -> flushed
  EXPECT_EQ((convert<uint32_t, uint64_t>(0x37D0000000000000ull, e.rounding, e)), 0u);
  EXPECT_EQ(e.flags, kUfc);
}

TEST(FpNaN, PropagationQuietingAndDefaultNaN) {
  FpEnv e = env_with(0);
  EXPECT_EQ(add<uint32_t>(0x7F800001, kOne, e), 0x7FC00001u);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(kDn);
  EXPECT_EQ(add<uint32_t>(0x7F800001, kOne, e), kQNaN);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(0);  // a signalling NaN beats an earlier quiet one
  EXPECT_EQ(add<uint32_t>(0xFFC00123, 0x7F800005, e), 0x7FC00005u);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(0);  // FPSub propagates op2 unchanged (no negation of a NaN)
  EXPECT_EQ(sub<uint32_t>(kOne, 0xFFC00007, e), 0xFFC00007u);
  EXPECT_EQ(sub<uint32_t>(kOne, 0x7FC00007, e), 0x7FC00007u);
  EXPECT_EQ(e.flags, 0u);
  e = env_with(0);  // invalid operations give the positive default NaN in every format
  EXPECT_EQ(add<uint16_t>(0x7C00, 0xFC00, e), 0x7E00u);
  EXPECT_EQ(mul<uint64_t>(0x7FF0000000000000ull, 0, e), 0x7FF8000000000000ull);
  EXPECT_EQ(div<uint32_t>(0, 0x80000000, e), kQNaN);
  EXPECT_EQ(fp::sqrt<uint32_t>(0xBF800000, e), kQNaN);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(kDn);  // DN replaces a propagated quiet NaN too
  EXPECT_EQ(mul<uint64_t>(0xFFF0000000000123ull | (1ull << 51), 0, e), 0x7FF8000000000000ull);
  EXPECT_EQ(e.flags, 0u);
}

TEST(FpNaN, FusedMultiplyAddOrder) {
  FpEnv e = env_with(0);  // FPProcessNaNs3(addend, op1, op2): quiet addend first
  EXPECT_EQ(mul_add<uint32_t>(0x7FC00001, 0x7FC00002, kOne, e), 0x7FC00001u);
  EXPECT_EQ(e.flags, 0u);
  e = env_with(0);  // but a signalling operand beats a quiet addend
  EXPECT_EQ(mul_add<uint32_t>(0x7FC00001, 0x7F800002, kOne, e), 0x7FC00002u);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(0);
  EXPECT_EQ(mul_add<uint32_t>(kOne, kOne, 0x7F800003, e), 0x7FC00003u);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(0);  // quiet-NaN addend plus infinity * zero: default NaN and IOC, even with DN=0
  EXPECT_EQ(mul_add<uint32_t>(0x7FC00009, 0x7F800000, 0, e), kQNaN);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(0);  // +inf + (-inf): invalid
  EXPECT_EQ(mul_add<uint32_t>(0x7F800000, 0xFF800000, kOne, e), kQNaN);
  EXPECT_EQ(e.flags, kIoc);
}

TEST(FpSpecial, ZerosDivisionOverflow) {
  FpEnv e = env_with(rmode(Rounding::kNegInf));
  EXPECT_EQ(sub<uint32_t>(kOne, kOne, e), 0x80000000u);  // exact zero is -0 when rounding down
  EXPECT_EQ(add<uint32_t>(0, 0x80000000, e), 0x80000000u);
  EXPECT_EQ(mul_add<uint32_t>(0, kOne, 0x80000000, e), 0x80000000u);
  e = env_with(0);
  EXPECT_EQ(sub<uint32_t>(kOne, kOne, e), 0u);
  EXPECT_EQ(add<uint32_t>(0x80000000, 0x80000000, e), 0x80000000u);
  EXPECT_EQ(fp::sqrt<uint32_t>(0x80000000, e), 0x80000000u);
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(div<uint32_t>(kOne, 0x80000000, e), 0xFF800000u);
  EXPECT_EQ(e.flags, kDzc);
  e = env_with(0);
  EXPECT_EQ(div<uint32_t>(0x7F800000, 0, e), 0x7F800000u);  // infinity / 0: no DZC
  EXPECT_EQ(e.flags, 0u);
  const uint32_t max = 0x7F7FFFFF;
  const struct { Rounding r; uint32_t a; uint32_t want; } cases[] = {
      {Rounding::kTieEven, max, 0x7F800000}, {Rounding::kZero, max, max},
      {Rounding::kNegInf, max, max},         {Rounding::kPosInf, max, 0x7F800000},
      {Rounding::kNegInf, max | 0x80000000, 0xFF800000},
      {Rounding::kPosInf, max | 0x80000000, max | 0x80000000}};
  for (const auto& c : cases) {
    e = env_with(rmode(c.r));
    EXPECT_EQ(mul<uint32_t>(c.a, kTwo, e), c.want) << int(c.r);
    EXPECT_EQ(e.flags, kOfc | kIxc);
  }
}

TEST(FpAhp, ConversionsToAndFromAlternativeHalf) {
  FpEnv e = env_with(kAhp);  // 2^16 is a normal number in AHP (exponent 31)
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x47800000, Rounding::kTieEven, e)), 0x7C00u);
  EXPECT_EQ(e.flags, 0u);
  e = env_with(0);  // ... and an overflow to infinity in IEEE half
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x47800000, Rounding::kTieEven, e)), 0x7C00u);
  EXPECT_EQ(e.flags, kOfc | kIxc);
  e = env_with(kAhp);  // 2^17: beyond AHP -> saturate, IOC, no IXC
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x48000000, Rounding::kTieEven, e)), 0x7FFFu);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(kAhp);  // -infinity -> 0xFFFF with IOC
  EXPECT_EQ((convert<uint16_t, uint32_t>(0xFF800000, Rounding::kTieEven, e)), 0xFFFFu);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(kAhp);  // NaN -> signed zero with IOC (quiet NaNs too)
  EXPECT_EQ((convert<uint16_t, uint32_t>(0xFFC00000, Rounding::kTieEven, e)), 0x8000u);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(kAhp);  // AHP -> single: exponent 31 is a number
  EXPECT_EQ((convert<uint32_t, uint16_t>(0x7C00, Rounding::kTieEven, e)), 0x47800000u);
  EXPECT_EQ((convert<uint32_t, uint16_t>(0xFFFF, Rounding::kTieEven, e)), 0xC7FFE000u);
  EXPECT_EQ((convert<uint64_t, uint16_t>(0x7C01, Rounding::kTieEven, e)), 0x40F0040000000000ull);
  EXPECT_EQ(e.flags, 0u);
  e = env_with(kAhp);  // AHP does not change half-precision arithmetic
  EXPECT_EQ(add<uint16_t>(0x7C00, 0x3C00, e), 0x7C00u);
  EXPECT_EQ(e.flags, 0u);
}

TEST(FpHalf, RoundingOnConversion) {
  FpEnv e;
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x3F801000, Rounding::kTieEven, e)), 0x3C00u);  // 1+2^-11
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x3F801000, Rounding::kPosInf, e)), 0x3C01u);
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x3F803000, Rounding::kTieEven, e)), 0x3C02u);  // tie, odd
  EXPECT_EQ(e.flags, kIxc);
  e = FpEnv{};  // 65520 is halfway between 65504 and 2^16
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x477FF000, Rounding::kTieEven, e)), 0x7C00u);
  EXPECT_EQ(e.flags, kOfc | kIxc);
  e = FpEnv{};
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x477FF000, Rounding::kZero, e)), 0x7BFFu);
  EXPECT_EQ(e.flags, kIxc);  // no overflow: the rounded value fits
  e = FpEnv{};  // 2^-25: halfway between 0 and the smallest denormal
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x33000000, Rounding::kTieEven, e)), 0x0000u);
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x33000000, Rounding::kPosInf, e)), 0x0001u);
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x33400000, Rounding::kTieEven, e)), 0x0001u);  // 0.75
  EXPECT_EQ(e.flags, kUfc | kIxc);
  e = FpEnv{};  // NaN payload: top bits kept, quietened
  EXPECT_EQ((convert<uint16_t, uint32_t>(0x7F812345, Rounding::kTieEven, e)), 0x7E09u);  // frac<22:13>
  EXPECT_EQ((convert<uint32_t, uint16_t>(0xFD55, Rounding::kTieEven, e)), 0xFFEAA000u);
  EXPECT_EQ(e.flags, kIoc);
}

TEST(FpToFixed, SaturationAndFlags) {
  FpEnv e;
  EXPECT_EQ(to_fixed<uint32_t>(0x4F000000, 32, 0, false, Rounding::kZero, e), 0x7FFFFFFFu);  // 2^31
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint32_t>(0xCF000000, 32, 0, false, Rounding::kZero, e), 0x80000000u);  // -2^31
  EXPECT_EQ(e.flags, 0u);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint32_t>(0xBF800000, 32, 0, true, Rounding::kZero, e), 0u);  // -1 -> unsigned
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint32_t>(0xBF000000, 32, 0, true, Rounding::kZero, e), 0u);  // -0.5 -> 0
  EXPECT_EQ(e.flags, kIxc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint32_t>(0xBF000000, 32, 0, true, Rounding::kNegInf, e), 0u);  // -> -1
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint32_t>(kQNaN, 32, 0, false, Rounding::kZero, e), 0u);
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint64_t>(0xFFF0000000000000ull, 32, 0, false, Rounding::kZero, e),
            0x80000000u);
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};  // fixed point: 1.5 with 8 fraction bits in 16 bits; 200 does not fit
  EXPECT_EQ(to_fixed<uint32_t>(0x3FC00000, 16, 8, false, Rounding::kZero, e), 0x180u);
  EXPECT_EQ(to_fixed<uint32_t>(0x43480000, 16, 8, false, Rounding::kZero, e), 0x7FFFu);
  EXPECT_EQ(to_fixed<uint32_t>(0xC3480000, 16, 8, false, Rounding::kZero, e), 0x8000u);
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};  // VCVTA: ties away; VCVTN: ties to even
  EXPECT_EQ(to_fixed<uint32_t>(0xC0200000, 32, 0, false, Rounding::kTieAway, e), 0xFFFFFFFDu);
  EXPECT_EQ(to_fixed<uint32_t>(0xC0200000, 32, 0, false, Rounding::kTieEven, e), 0xFFFFFFFEu);
  EXPECT_EQ(e.flags, kIxc);
  e = env_with(kFz);  // flushed denormal: 0 with IDC only
  EXPECT_EQ(to_fixed<uint32_t>(0x00000001, 32, 0, false, Rounding::kPosInf, e), 0u);
  EXPECT_EQ(e.flags, kIdc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint32_t>(0x00000001, 32, 0, false, Rounding::kPosInf, e), 1u);
  EXPECT_EQ(e.flags, kIxc);
}

TEST(FpRoundInt, ExactnessAndSigns) {
  FpEnv e;
  EXPECT_EQ(round_int<uint32_t>(0x3FC00000, Rounding::kTieEven, false, e), kTwo);  // VRINTN 1.5
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(round_int<uint32_t>(0x40200000, Rounding::kTieEven, false, e), kTwo);  // 2.5 -> 2
  EXPECT_EQ(round_int<uint32_t>(0xBF000000, Rounding::kTieAway, false, e), 0xBF800000u);
  EXPECT_EQ(round_int<uint32_t>(0xBE800000, Rounding::kTieEven, false, e), 0x80000000u);  // -0
  EXPECT_EQ(round_int<uint32_t>(0xBF400000, Rounding::kPosInf, false, e), 0x80000000u);  // -0.75
  EXPECT_EQ(round_int<uint32_t>(0x3E800000, Rounding::kPosInf, false, e), kOne);
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(round_int<uint32_t>(0x3FC00000, Rounding::kTieEven, true, e), kTwo);  // VRINTX
  EXPECT_EQ(e.flags, kIxc);
  e = FpEnv{};
  EXPECT_EQ(round_int<uint32_t>(0x4B800001, Rounding::kTieEven, true, e), 0x4B800001u);  // integral
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(round_int<uint32_t>(0x7F800001, Rounding::kZero, false, e), 0x7FC00001u);
  EXPECT_EQ(e.flags, kIoc);
}

TEST(FpMaxMinNum, QuietNaNOperands) {
  FpEnv e;
  EXPECT_EQ(max_num<uint32_t>(kQNaN, kOne, e), kOne);
  EXPECT_EQ(max_num<uint32_t>(kOne, kQNaN, e), kOne);
  EXPECT_EQ(min_num<uint32_t>(0xFFC00000, 0xC0A00000, e), 0xC0A00000u);
  EXPECT_EQ(max_num<uint32_t>(kQNaN, 0xFF800000, e), 0xFF800000u);  // qNaN acts as -inf
  EXPECT_EQ(min_num<uint32_t>(kQNaN, 0x7F800000, e), 0x7F800000u);  // ... as +inf for min
  EXPECT_EQ(max_num<uint32_t>(0x7FC00001, 0x7FC00002, e), 0x7FC00001u);  // two qNaNs: op1
  EXPECT_EQ(max_num<uint16_t>(0x7E00, 0x3C00, e), 0x3C00u);
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(max_num<uint32_t>(0x7F800001, kOne, e), 0x7FC00001u);  // signalling NaN propagates
  EXPECT_EQ(max_num<uint32_t>(kQNaN, 0x7F800002, e), 0x7FC00002u);
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};  // FPMax/FPMin (MVE VMAX.F) propagate quiet NaNs
  EXPECT_EQ(max<uint32_t>(kOne, 0x7FC00003, e), 0x7FC00003u);
  EXPECT_EQ(max<uint32_t>(0, 0x80000000, e), 0u);
  EXPECT_EQ(max<uint32_t>(0x80000000, 0, e), 0u);
  EXPECT_EQ(min<uint32_t>(0, 0x80000000, e), 0x80000000u);
  EXPECT_EQ(min<uint32_t>(0x80000000, 0, e), 0x80000000u);
  EXPECT_EQ(max_num<uint32_t>(0x00000001, 0x80000000, e), 0x00000001u);
  EXPECT_EQ(e.flags, 0u);
  e = env_with(kFz);
  EXPECT_EQ(max_num<uint32_t>(0x00000001, 0x80000000, e), 0u);  // both zero: most positive zero
  EXPECT_EQ(e.flags, kIdc);
}

TEST(FpCompare, NzcvAndInvalid) {
  FpEnv e;
  EXPECT_EQ(compare<uint32_t>(kOne, kTwo, false, e), 0b1000u);
  EXPECT_EQ(compare<uint32_t>(kTwo, kOne, false, e), 0b0010u);
  EXPECT_EQ(compare<uint32_t>(kOne, kOne, false, e), 0b0110u);
  EXPECT_EQ(compare<uint32_t>(0, 0x80000000, false, e), 0b0110u);
  EXPECT_EQ(compare<uint32_t>(0xFF800000, 0xFF7FFFFF, false, e), 0b1000u);
  EXPECT_EQ(compare<uint64_t>(0x8000000000000001ull, 0x8000000000000002ull, false, e), 0b0010u);
  EXPECT_EQ(compare<uint16_t>(0x0001, 0x8001, false, e), 0b0010u);
  EXPECT_EQ(compare<uint32_t>(kQNaN, kOne, false, e), 0b0011u);  // VCMP: quiet NaN is silent
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(compare<uint32_t>(kQNaN, kOne, true, e), 0b0011u);  // VCMPE: any NaN signals
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};
  EXPECT_EQ(compare<uint32_t>(kOne, 0x7F800001, false, e), 0b0011u);
  EXPECT_EQ(e.flags, kIoc);
  e = env_with(kFz);
  EXPECT_EQ(compare<uint32_t>(0x00000001, 0x80000000, false, e), 0b0110u);
  EXPECT_EQ(e.flags, kIdc);
}

TEST(FpSign, AbsNegTouchOnlyTheSign) {
  EXPECT_EQ(abs<uint32_t>(0xFFC00001), 0x7FC00001u);
  EXPECT_EQ(neg<uint32_t>(0x7F800001), 0xFF800001u);  // a signalling NaN stays signalling
  EXPECT_EQ(neg<uint16_t>(0x0000), 0x8000u);
  EXPECT_EQ(abs<uint64_t>(0x8000000000000000ull), 0u);
  EXPECT_EQ(classify<uint32_t>(0x00000001, env_with(kFz)), FpType::kZero);
  EXPECT_EQ(classify<uint32_t>(0x00000001, env_with(0)), FpType::kDenormal);
  EXPECT_EQ(classify<uint16_t>(0x7C01, env_with(0)), FpType::kSNaN);
}

}  // namespace
}  // namespace corsim::cpu::fp

namespace corsim::cpu::fp {
namespace {

TEST(FpExpandImm, VmovImmediate) {
  // VFPExpandImm examples: abcdefgh = 0x70 is 1.0, 0x00 is 2.0, 0x80 is -2.0, 0x20 is 8.0,
  // 0x7F is 1.9375, 0x50 is 0.25.
  EXPECT_EQ(expand_imm<uint32_t>(0x70), 0x3F800000u);
  EXPECT_EQ(expand_imm<uint32_t>(0x00), 0x40000000u);
  EXPECT_EQ(expand_imm<uint32_t>(0x80), 0xC0000000u);
  EXPECT_EQ(expand_imm<uint32_t>(0x20), 0x41000000u);
  EXPECT_EQ(expand_imm<uint32_t>(0x7F), 0x3FF80000u);
  EXPECT_EQ(expand_imm<uint32_t>(0x50), 0x3E800000u);
  EXPECT_EQ(expand_imm<uint64_t>(0x70), 0x3FF0000000000000ull);
  EXPECT_EQ(expand_imm<uint64_t>(0x00), 0x4000000000000000ull);
  EXPECT_EQ(expand_imm<uint16_t>(0x70), 0x3C00u);
  EXPECT_EQ(expand_imm<uint16_t>(0x00), 0x4000u);
  EXPECT_EQ(expand_imm<uint16_t>(0xFF), 0xBFC0u);  // -1.9375
}

TEST(FpCompare, MveConditions) {
  const uint32_t one = 0x3F800000, two = 0x40000000, qnan = 0x7FC00000;
  struct Case { uint32_t a, b; CmpCond cond; bool want; };
  const Case ordered[] = {
      {one, two, CmpCond::kLt, true},  {one, two, CmpCond::kLe, true},
      {one, two, CmpCond::kGt, false}, {one, two, CmpCond::kGe, false},
      {one, one, CmpCond::kGe, true},  {one, one, CmpCond::kGt, false},
      {0, 0x80000000, CmpCond::kEq, true}, {two, one, CmpCond::kNe, true},
  };
  for (const Case& c : ordered) {
    FpEnv e;
    EXPECT_EQ(compare_cond<uint32_t>(c.a, c.b, c.cond, e), c.want) << int(c.cond);
    EXPECT_EQ(e.flags, 0u);
  }
  // Unordered: EQ, GE, GT false; NE, LT, LE true; IOC for quiet NaNs too.
  const std::pair<CmpCond, bool> unordered[] = {{CmpCond::kEq, false}, {CmpCond::kNe, true},
                                                {CmpCond::kGe, false}, {CmpCond::kLt, true},
                                                {CmpCond::kGt, false}, {CmpCond::kLe, true}};
  for (const auto& [cond, want] : unordered) {
    FpEnv e;
    EXPECT_EQ(compare_cond<uint16_t>(0x7E00, 0x3C00, cond, e), want) << int(cond);
    EXPECT_EQ(e.flags, kIoc);
    e = FpEnv{};
    EXPECT_EQ(compare_cond<uint32_t>(one, qnan, cond, e), want) << int(cond);
    EXPECT_EQ(e.flags, kIoc);
  }
}

}  // namespace
}  // namespace corsim::cpu::fp

namespace corsim::cpu::fp {
namespace {

TEST(FpToFixed, SixtyFourBitWidth) {
  FpEnv e;  // 2^63 does not fit a signed 64-bit integer but fits an unsigned one
  EXPECT_EQ(to_fixed<uint64_t>(0x43E0000000000000ull, 64, 0, false, Rounding::kZero, e),
            0x7FFFFFFFFFFFFFFFull);
  EXPECT_EQ(e.flags, kIoc);
  e = FpEnv{};
  EXPECT_EQ(to_fixed<uint64_t>(0x43E0000000000000ull, 64, 0, true, Rounding::kZero, e),
            0x8000000000000000ull);
  EXPECT_EQ(to_fixed<uint64_t>(0xC3E0000000000000ull, 64, 0, false, Rounding::kZero, e),
            0x8000000000000000ull);  // -2^63 fits
  EXPECT_EQ(e.flags, 0u);
  EXPECT_EQ(from_fixed<uint64_t>(0x8000000000000000ull, 64, 0, false, Rounding::kTieEven, e),
            0xC3E0000000000000ull);
  EXPECT_EQ(e.flags, 0u);
  // 2^64 - 1 needs 64 bits: rounds to 2^64 in single precision, inexact.
  EXPECT_EQ(from_fixed<uint32_t>(~0ull, 64, 0, true, Rounding::kTieEven, e), 0x5F800000u);
  EXPECT_EQ(from_fixed<uint32_t>(~0ull, 64, 0, true, Rounding::kZero, e), 0x5F7FFFFFu);
  EXPECT_EQ(e.flags, kIxc);
}

}  // namespace
}  // namespace corsim::cpu::fp
