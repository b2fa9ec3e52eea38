// MVE floating-point instructions executed on the Cpu (programs assembled by arm-none-eabi-as).
// Expected values come from the host's IEEE arithmetic (<cmath>, <cfenv>: float add/mul/fma,
// nearbyint under each rounding mode) with the Arm rules of StandardFPSCRValue() written out here:
// denormal inputs and tiny results are flushed to zero (FZ = 1), every NaN result is the default
// NaN (DN = 1), rounding is to nearest whatever FPSCR.RMode says. Hand-computed rules (predication,
// VPT, flags, encodings) are in fp_exec_rules_test.cpp; the bulk of the bit-level behaviour is
// checked against QEMU by tests/cpu_mve_fp/qemu.
#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "tests/cpu_mve_fp/fp_exec_harness.h"

namespace corsim::cpu::test {
namespace {

// The Arm result of a host-computed value under StandardFPSCRValue(): default NaN, tiny results
// flushed to a zero of their sign. `boundary` reports a result at the flush boundary, where the
// host's rounded value cannot tell whether the unrounded one was below the normal range.
uint32_t pack_standard(float r, bool& boundary) {
  if (std::isnan(r)) return kDefaultNaN;
  const float a = std::fabs(r);
  if (a == std::numeric_limits<float>::min()) boundary = true;
  if (a != 0 && a < std::numeric_limits<float>::min()) return bits(r) & 0x80000000u;
  return bits(r);
}

struct BinaryCase {
  const char* insn;
  float (*host)(float, float, float);  // (qn, qm, qd) -> result
};

TEST(MveFpExec, ElementwiseArithmeticMatchesHostIeeeWithStandardFpscr) {
  const BinaryCase cases[] = {
      {"vadd.f32 q0, q1, q2", [](float n, float m, float) { return n + m; }},
      {"vsub.f32 q0, q1, q2", [](float n, float m, float) { return n - m; }},
      {"vmul.f32 q0, q1, q2", [](float n, float m, float) { return n * m; }},
      {"vfma.f32 q0, q1, q2", [](float n, float m, float d) { return std::fma(n, m, d); }},
      {"vfms.f32 q0, q1, q2", [](float n, float m, float d) { return std::fma(-n, m, d); }},
      {"vabd.f32 q0, q1, q2", [](float n, float m, float) { return std::fabs(n - m); }},
  };
  std::mt19937 rng(7);
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  for (const BinaryCase& c : cases) {
    MveFp t(c.insn);
    ASSERT_TRUE(t.ok());
    for (int iter = 0; iter < 300; ++iter) {
      uint32_t n[4], m[4], d[4];
      for (int i = 0; i < 4; ++i) n[i] = random_single(rng), m[i] = random_single(rng), d[i] = random_single(rng);
      const uint32_t rmode = rng() % 4;  // ignored by MVE: StandardFPSCRValue() rounds to nearest
      ASSERT_TRUE(t.run([&](ArchState& s) {
        s.fpscr |= rmode << 22;
        for (int i = 0; i < 4; ++i) s.ext[i] = d[i], s.ext[4 + i] = n[i], s.ext[8 + i] = m[i];
      }));
      for (int i = 0; i < 4; ++i) {
        bool boundary = false;
        uint32_t expect;
        if (is_nan(n[i]) || is_nan(m[i]) || (std::string_view(c.insn).starts_with("vf") && is_nan(d[i])))
          expect = kDefaultNaN;
        else
          expect = pack_standard(c.host(unpack_fz(n[i]), unpack_fz(m[i]), unpack_fz(d[i])), boundary);
        if (boundary) continue;
        EXPECT_EQ(t.q(0, i), expect) << c.insn << std::hex << " n=" << n[i] << " m=" << m[i] << " d=" << d[i];
      }
    }
  }
}

// Half precision: the sum/difference/product of two halves is exact in a double, and one libgcc
// double -> _Float16 conversion rounds it to nearest, so the host value is the correctly rounded
// IEEE result (and the exact double tells whether the unrounded result was tiny). Arm rules on
// top: default NaN 0x7E00; FPSCR.FZ16 = 1 flushes denormal inputs and tiny results (before
// rounding) to zero, FZ16 = 0 keeps them (FZ applies to single only).
uint16_t half_bits(double x) {
  const _Float16 h = static_cast<_Float16>(x);
  return std::bit_cast<uint16_t>(h);
}
double half_value(uint16_t b, bool fz16) {
  if (fz16 && (b & 0x7C00u) == 0) b &= 0x8000u;
  return static_cast<double>(std::bit_cast<_Float16>(b));
}
uint16_t random_half(std::mt19937& rng) {
  const uint32_t r = rng();
  switch (r % 12) {
    case 0: return static_cast<uint16_t>(r & 0x8000u);
    case 1: return static_cast<uint16_t>((r & 0x8000u) | (rng() & 0x03FFu) | 1u);  // denormal
    case 2: return static_cast<uint16_t>((r & 0x8000u) | 0x7C00u);
    case 3: return static_cast<uint16_t>(0x7C00u | (rng() & 0x03FFu) | 1u);        // NaN
    default: return static_cast<uint16_t>((r & 0x8000u) | ((1u + rng() % 30u) << 10) | (rng() & 0x03FFu));
  }
}

TEST(MveFpExec, HalfPrecisionArithmeticMatchesHostWithFz16BothWays) {
  struct Case {
    const char* insn;
    double (*host)(double, double);
  };
  const Case cases[] = {
      {"vadd.f16 q0, q1, q2", [](double n, double m) { return n + m; }},
      {"vsub.f16 q0, q1, q2", [](double n, double m) { return n - m; }},
      {"vmul.f16 q0, q1, q2", [](double n, double m) { return n * m; }},
      {"vabd.f16 q0, q1, q2", [](double n, double m) { return std::fabs(n - m); }},
  };
  std::mt19937 rng(13);
  for (const Case& c : cases) {
    MveFp t(c.insn);
    ASSERT_TRUE(t.ok());
    for (int iter = 0; iter < 200; ++iter) {
      uint16_t n[8], m[8];
      for (int i = 0; i < 8; ++i) n[i] = random_half(rng), m[i] = random_half(rng);
      const bool fz16 = iter % 2 != 0;
      ASSERT_TRUE(t.run([&](ArchState& s) {
        if (fz16) s.fpscr |= 1u << 19;
        std::memcpy(&s.ext[4], n, sizeof n);
        std::memcpy(&s.ext[8], m, sizeof m);
      }));
      uint16_t out[8];
      std::memcpy(out, &t.s().ext[0], sizeof out);
      for (int i = 0; i < 8; ++i) {
        const bool nan_in = ((n[i] & 0x7C00u) == 0x7C00u && (n[i] & 0x3FFu) != 0) ||
                            ((m[i] & 0x7C00u) == 0x7C00u && (m[i] & 0x3FFu) != 0);
        const double r = c.host(half_value(n[i], fz16), half_value(m[i], fz16));  // exact
        uint16_t expect;
        if (nan_in || std::isnan(r)) expect = 0x7E00u;
        else if (fz16 && r != 0 && std::fabs(r) < 0x1p-14) expect = std::signbit(r) ? 0x8000u : 0u;
        else expect = half_bits(r);
        EXPECT_EQ(out[i], expect) << c.insn << std::hex << " n=" << n[i] << " m=" << m[i] << " fz16=" << fz16;
      }
    }
  }
}

TEST(MveFpExec, ConversionsAndRoundingMatchHost) {
  std::mt19937 rng(11);
  struct Case {
    const char* insn;
    uint32_t (*host)(float);
  };
  const Case cases[] = {
      {"vcvt.s32.f32 q0, q1", [](float x) -> uint32_t {
         if (std::isnan(x)) return 0;
         const double t = std::trunc(double(x));
         return t >= 2147483647.0 ? 0x7FFFFFFFu : t <= -2147483648.0 ? 0x80000000u : uint32_t(int32_t(t));
       }},
      {"vcvt.u32.f32 q0, q1", [](float x) -> uint32_t {
         if (std::isnan(x)) return 0;
         const double t = std::trunc(double(x));
         return t >= 4294967295.0 ? 0xFFFFFFFFu : t <= 0 ? 0u : uint32_t(t);
       }},
      {"vcvtm.s32.f32 q0, q1", [](float x) -> uint32_t {
         if (std::isnan(x)) return 0;
         const double t = std::floor(double(x));
         return t >= 2147483647.0 ? 0x7FFFFFFFu : t <= -2147483648.0 ? 0x80000000u : uint32_t(int32_t(t));
       }},
      {"vcvta.s32.f32 q0, q1", [](float x) -> uint32_t {
         if (std::isnan(x)) return 0;
         const double t = std::round(double(x));  // ties away from zero
         return t >= 2147483647.0 ? 0x7FFFFFFFu : t <= -2147483648.0 ? 0x80000000u : uint32_t(int32_t(t));
       }},
      {"vrintz.f32 q0, q1", [](float x) { return std::isnan(x) ? kDefaultNaN : bits(std::trunc(x)); }},
      {"vrintp.f32 q0, q1", [](float x) { return std::isnan(x) ? kDefaultNaN : bits(std::ceil(x)); }},
      {"vrinta.f32 q0, q1", [](float x) { return std::isnan(x) ? kDefaultNaN : bits(std::round(x)); }},
      {"vrintn.f32 q0, q1", [](float x) { return std::isnan(x) ? kDefaultNaN : bits(std::nearbyint(x)); }},
      {"vcvt.f32.s32 q0, q1", [](float x) { return bits(float(std::bit_cast<int32_t>(bits(x)))); }},
      {"vcvt.f32.u32 q0, q1, #8", [](float x) { return bits(float(double(bits(x)) / 256.0)); }},
  };
  for (const Case& c : cases) {
    MveFp t(c.insn);
    ASSERT_TRUE(t.ok());
    const bool from_int = std::string_view(c.insn).find(".f32.") != std::string_view::npos;
    for (int iter = 0; iter < 200; ++iter) {
      uint32_t m[4];
      for (uint32_t& v : m) {
        v = random_single(rng);
        if (iter % 3 == 0 && !from_int) v = bits(float(int(rng() % 41) - 20) * 0.5f);  // halves: ties
        if (from_int) v = rng() >> (rng() % 32);
      }
      ASSERT_TRUE(t.run([&](ArchState& s) { std::memcpy(&s.ext[4], m, sizeof m); }));
      for (int i = 0; i < 4; ++i) {
        // FZ = 1: a denormal input converts like a zero of its sign.
        const float x = from_int ? flt(m[i]) : unpack_fz(m[i]);
        EXPECT_EQ(t.q(0, i), c.host(x)) << c.insn << std::hex << " m=" << m[i];
      }
    }
  }
}

TEST(MveFpExec, ComparisonsWriteP0PerElementAndUnorderedFollowsTheArmRules) {
  // Conditions: eq ge gt false when unordered, ne lt le true (their inverses).
  struct Case {
    const char* cond;
    bool (*host)(float, float);
  };
  const Case cases[] = {
      {"eq", [](float a, float b) { return a == b; }},
      {"ne", [](float a, float b) { return !(a == b); }},
      {"ge", [](float a, float b) { return a >= b; }},
      {"lt", [](float a, float b) { return !(a >= b); }},
      {"gt", [](float a, float b) { return a > b; }},
      {"le", [](float a, float b) { return !(a > b); }},
  };
  std::mt19937 rng(5);
  for (const Case& c : cases) {
    MveFp t(std::string("vcmp.f32 ") + c.cond + ", q1, q2\nvcmp.f32 " + c.cond + ", q1, r0\nvmrs r1, p0\n");
    ASSERT_TRUE(t.ok());
    MveFp v(std::string("vcmp.f32 ") + c.cond + ", q1, q2\n");
    ASSERT_TRUE(v.ok());
    for (int iter = 0; iter < 100; ++iter) {
      uint32_t n[4], m[4];
      for (int i = 0; i < 4; ++i) {
        n[i] = random_single(rng);
        m[i] = iter % 2 ? n[i] : random_single(rng);
      }
      ASSERT_TRUE(v.run([&](ArchState& s) {
        std::memcpy(&s.ext[4], n, sizeof n);
        std::memcpy(&s.ext[8], m, sizeof m);
      }));
      uint32_t expect = 0;
      for (int i = 0; i < 4; ++i)
        if (c.host(unpack_fz(n[i]), unpack_fz(m[i]))) expect |= 0xFu << (4 * i);
      EXPECT_EQ(v.s().vpr, expect) << c.cond;
      const bool any_nan = is_nan(n[0]) || is_nan(n[1]) || is_nan(n[2]) || is_nan(n[3]) || is_nan(m[0]) ||
                           is_nan(m[1]) || is_nan(m[2]) || is_nan(m[3]);
      EXPECT_EQ((v.s().fpscr & kIoc) != 0, any_nan) << "every NaN signals, also a quiet one";
      // The scalar form against r0 = m[0] on every lane.
      ASSERT_TRUE(t.run([&](ArchState& s) {
        std::memcpy(&s.ext[4], n, sizeof n);
        s.r[0] = m[0];
      }));
      uint32_t expect_scalar = 0;
      for (int i = 0; i < 4; ++i)
        if (c.host(unpack_fz(n[i]), unpack_fz(m[0]))) expect_scalar |= 0xFu << (4 * i);
      EXPECT_EQ(t.s().r[1], expect_scalar) << c.cond;
    }
  }
}

TEST(MveFpExec, MaxNumAcrossVectorIgnoresQuietNaNsAndZeroExtendsHalfResults) {
  MveFp t("vmaxnmv.f32 r0, q1\nvminnmav.f32 r1, q1\nvmaxnmv.f16 r2, q1\n");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.run([](ArchState& s) {
    s.r[0] = bits(-7.0f);
    s.r[1] = bits(100.0f);
    s.r[2] = 0xABCD0000u | 0xC400u;  // f16 -4.0; the top half is ignored and cleared
    s.ext[4] = bits(-3.0f);
    s.ext[5] = kDefaultNaN;           // a quiet NaN loses to a number
    s.ext[6] = bits(-50.0f);
    s.ext[7] = bits(2.5f);
  }));
  EXPECT_EQ(t.s().r[0], bits(2.5f));
  EXPECT_EQ(t.s().r[1], bits(2.5f));  // min(|-3|, |-50|, |2.5|, 100) = 2.5
  // As halves, q1 holds 0x0000 0xc040 | 0x0000 0x7fc0 (a quiet NaN) | 0x0000 0xc248 | 0x0000 0x4020;
  // the largest, starting from -4.0, is 0x4020 (2.0625), written zero-extended.
  EXPECT_EQ(t.s().r[2], 0x4020u);
  EXPECT_EQ(t.s().fpscr & kIoc, 0u);
}

TEST(MveFpExec, ComplexMultiplyAccumulateIsAComplexProduct) {
  // VCMLA #0 then #90 accumulates Qn * Qm (complex, pairs re/im) into Qd: the host's
  // std::fma-based product with the same two roundings per part.
  MveFp t("vcmla.f32 q0, q1, q2, #0\nvcmla.f32 q0, q1, q2, #90\nvcmul.f32 q3, q1, q2, #270\n"
          "vcadd.f32 q4, q1, q2, #90\n");
  ASSERT_TRUE(t.ok());
  const float n[4] = {1.5f, -2.25f, 3.0f, 0.5f}, m[4] = {-0.75f, 4.0f, 2.0f, -1.0f}, d[4] = {10, 20, 30, 40};
  ASSERT_TRUE(t.run([&](ArchState& s) {
    for (int i = 0; i < 4; ++i) s.ext[i] = bits(d[i]), s.ext[4 + i] = bits(n[i]), s.ext[8 + i] = bits(m[i]);
  }));
  for (int p = 0; p < 2; ++p) {
    const float nr = n[2 * p], ni = n[2 * p + 1], mr = m[2 * p], mi = m[2 * p + 1];
    const float re = std::fma(-ni, mi, std::fma(nr, mr, d[2 * p]));
    const float im = std::fma(ni, mr, std::fma(nr, mi, d[2 * p + 1]));
    EXPECT_EQ(t.q(0, 2 * p), bits(re));
    EXPECT_EQ(t.q(0, 2 * p + 1), bits(im));
    // VCMUL #270: (ni*mi, -ni*mr); VCADD #90: (nr - mi, ni + mr).
    EXPECT_EQ(t.q(3, 2 * p), bits(ni * mi));
    EXPECT_EQ(t.q(3, 2 * p + 1), bits(-(ni * mr)));
    EXPECT_EQ(t.q(4, 2 * p), bits(nr - mi));
    EXPECT_EQ(t.q(4, 2 * p + 1), bits(ni + mr));
  }
}

}  // namespace
}  // namespace corsim::cpu::test
