// Randomised checks of a few of the trickiest MVE integer instructions against the Arm ARM
// (DDI 0553) pseudocode re-expressed here with unbounded (128-bit) integers: shifts by a signed
// register count with rounding and saturation, the doubling multiply-accumulate with a scalar, the
// saturating rounding narrowing shift to unsigned, the saturating doubling long multiply, and the
// halving add; QC is checked per instruction. Independent of the handlers' own arithmetic.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <limits>
#include <random>

#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

using Int = __int128;
constexpr uint32_t kQc = 1u << 27;

// SignedSatQ / UnsignedSatQ (Arm ARM shared pseudocode).
Int sat(Int v, unsigned bits, bool is_unsigned, bool& q) {
  const Int hi = is_unsigned ? (Int{1} << bits) - 1 : (Int{1} << (bits - 1)) - 1;
  const Int lo = is_unsigned ? 0 : -(Int{1} << (bits - 1));
  if (v > hi) { q = true; return hi; }
  if (v < lo) { q = true; return lo; }
  return v;
}
// Floor division by 2^k of an unbounded integer (the pseudocode's >> on integers).
Int shr(Int v, unsigned k) { return v >> k; }

struct Vec {
  uint8_t b[16];
  template <class T> T get(unsigned i) const { T v; std::memcpy(&v, b + i * sizeof(T), sizeof(T)); return v; }
  template <class T> void set(unsigned i, T v) { std::memcpy(b + i * sizeof(T), &v, sizeof(T)); }
};

// Runs `insn` once per case on Q0 (destination/accumulator), Q1, Q2 and r0 and compares Q0 and QC
// with `ref(q0, q1, q2, r0, qc)`.
void check(const std::string& insn, const std::function<Vec(const Vec&, const Vec&, const Vec&, uint32_t, bool&)>& ref,
           bool small_counts = false) {
  CpuHarness h;
  ASSERT_TRUE(h.load(".fpu fpv5-d16\n" + insn + "\nvmrs r1, fpscr\n"));
  std::mt19937 rng(12345);
  const uint32_t specials[] = {0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x00008000, 0x7FFF8001, 0x80017FFF};
  auto word = [&] { return rng() % 4 == 0 ? specials[rng() % 8] : static_cast<uint32_t>(rng()); };
  for (int c = 0; c < 200; ++c) {
    Vec q[3];
    for (auto& v : q)
      for (unsigned w = 0; w < 4; ++w) v.set<uint32_t>(w, word());
    uint32_t r0 = word();
    if (small_counts) r0 = (r0 & ~0xFFu) | static_cast<uint8_t>(static_cast<int>(rng() % 81) - 40);
    ASSERT_TRUE(h.cpu().reset());
    h.cpu().exceptions().regs().cpacr = 0xFu << 20;
    for (unsigned i = 0; i < 3; ++i) std::memcpy(&h.s().ext[4 * i], q[i].b, 16);
    h.s().r[0] = r0;
    h.run();
    ASSERT_TRUE(h.reached_end()) << insn;
    bool qc = false;
    const Vec want = ref(q[0], q[1], q[2], r0, qc);
    EXPECT_EQ(std::memcmp(&h.s().ext[0], want.b, 16), 0) << insn << " case " << c;
    EXPECT_EQ((h.s().r[1] & kQc) != 0, qc) << insn << " case " << c;
  }
}

TEST(MveIntReference, VqrshlSignedByRegister) {
  // VQRSHL.S16 Qda, Rm: shift = SInt(Rm<7:0>); (element + (1 << (-shift-1) when shift < 0)) << shift,
  // SignedSatQ to 16 bits.
  check("vqrshl.s16 q0, r0", [](const Vec& d, const Vec&, const Vec&, uint32_t r0, bool& qc) {
    Vec r = d;
    const int shift = static_cast<int8_t>(r0 & 0xFF);
    for (unsigned e = 0; e < 8; ++e) {
      const Int op = d.get<int16_t>(e);
      const Int v = shift >= 0 ? op * (Int{1} << shift) : shr(op + (Int{1} << (-shift - 1)), -shift);
      r.set<int16_t>(e, static_cast<int16_t>(sat(v, 16, false, qc)));
    }
    return r;
  }, true);
}

TEST(MveIntReference, VqrdmlashWithScalar) {
  // VQRDMLASH.S32 Qda, Qn, Rm: SignedSatQ((2 * Qn[e] * Qda[e] + (Rm << 32) + (1 << 31)) >> 32, 32).
  check("vqrdmlash.s32 q0, q1, r0", [](const Vec& d, const Vec& n, const Vec&, uint32_t r0, bool& qc) {
    Vec r = d;
    for (unsigned e = 0; e < 4; ++e) {
      const Int v = 2 * Int(n.get<int32_t>(e)) * d.get<int32_t>(e) + Int(static_cast<int32_t>(r0)) * (Int{1} << 32) +
                    (Int{1} << 31);
      r.set<int32_t>(e, static_cast<int32_t>(sat(shr(v, 32), 32, false, qc)));
    }
    return r;
  });
}

TEST(MveIntReference, VqrshruntNarrowsToUnsigned) {
  // VQRSHRUNT.S32 Qd, Qm, #5 (written as a word: GNU as 2.40 misassembles the family): odd
  // halfword e of Qd = UnsignedSatQ((SInt(Qm[e]) + 16) >> 5, 16); even halfwords unchanged.
  const uint32_t word = (0b111u << 29) | (1u << 28) | (0b1110u << 24) | (1u << 23) | ((0b10000u | (16 - 5)) << 16) |
                        (0u << 13) | (1u << 12) | (0b1111u << 8) | (1u << 7) | (1u << 6) | (2u << 1);
  char buf[32];
  std::snprintf(buf, sizeof buf, ".inst.w 0x%08x", word);
  check(buf, [](const Vec& d, const Vec&, const Vec& m, uint32_t, bool& qc) {
    Vec r = d;
    for (unsigned e = 0; e < 4; ++e) {
      const Int v = shr(Int(m.get<int32_t>(e)) + 16, 5);
      r.set<uint16_t>(2 * e + 1, static_cast<uint16_t>(sat(v, 16, true, qc)));
    }
    return r;
  });
}

TEST(MveIntReference, VqdmulltScalar) {
  // VQDMULLT.S16 Qd, Qn, Rm: 32-bit element e = SignedSatQ(2 * SInt(Qn.H[2e+1]) * SInt(Rm<15:0>), 32).
  check("vqdmullt.s16 q0, q1, r0", [](const Vec&, const Vec& n, const Vec&, uint32_t r0, bool& qc) {
    Vec r{};
    for (unsigned e = 0; e < 4; ++e) {
      const Int v = 2 * Int(n.get<int16_t>(2 * e + 1)) * static_cast<int16_t>(r0 & 0xFFFF);
      r.set<int32_t>(e, static_cast<int32_t>(sat(v, 32, false, qc)));
    }
    return r;
  });
}

TEST(MveIntReference, VhaddUnsignedAndVrhaddSigned) {
  check("vhadd.u8 q0, q1, q2", [](const Vec&, const Vec& n, const Vec& m, uint32_t, bool&) {
    Vec r{};
    for (unsigned e = 0; e < 16; ++e) r.set<uint8_t>(e, static_cast<uint8_t>(shr(Int(n.get<uint8_t>(e)) + m.get<uint8_t>(e), 1)));
    return r;
  });
  check("vrhadd.s32 q0, q1, q2", [](const Vec&, const Vec& n, const Vec& m, uint32_t, bool&) {
    Vec r{};
    for (unsigned e = 0; e < 4; ++e)
      r.set<int32_t>(e, static_cast<int32_t>(shr(Int(n.get<int32_t>(e)) + m.get<int32_t>(e) + 1, 1)));
    return r;
  });
}

}  // namespace
}  // namespace corsim::cpu::test
