// The vectorised output stage (npu/ops/requantize.h) against its scalar form and against the
// 128-bit definition rescale() (rescale.h, regor Scale<T>) on random channels and accumulators,
// including the extremes: x = INT32_MIN and INT32_MAX (or a channel's narrower exact bounds),
// shift 0 and 63, multipliers 0, 1 and those that are negative as int32 (>= 2^31), every round mode;
// and RescaleTerms (rescale.h), from which the channels are built, against hand-worked values.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "npu/ops/requantize.h"
#include "npu/ops/rescale.h"

namespace corsim::npu {
namespace {

struct Case {
  PlainRequantize q;
  std::vector<RoundMode> modes;
  std::vector<uint32_t> dbls;
  std::vector<int64_t> acc;
};

// Channels whose every x in int32 rescales exactly in 64 bits, or with `narrow` channels whose exact
// range (exact_bounds) is narrower than int32 (large multipliers with large shifts: the round term
// pushes x * scale past int64), each x within its channel's range (the kernel's precondition).
Case random_case(std::mt19937_64& rng, size_t channels, size_t pixels, bool narrow = false) {
  const uint32_t scales[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x40000000u, 12345};
  const uint32_t shifts[] = {0, 1, 31, 32, 62, 63};
  const RoundMode modes[] = {RoundMode::kDbl, RoundMode::kTruncate, RoundMode::kNatural, RoundMode::kSymmetric,
                             RoundMode::kTruncateToLower, RoundMode::kDoubleAsymmetric};
  Case c;
  PlainRequantize& q = c.q;
  const int64_t ranges[][2] = {{-128, 127}, {0, 255}, {-32768, 32767}, {INT32_MIN, INT32_MAX}};
  const auto& range = ranges[rng() % 4];
  q.lo = range[0] + static_cast<int64_t>(rng() % 16);
  q.hi = range[1] - static_cast<int64_t>(rng() % 16);
  q.zp = static_cast<int64_t>(rng() % 512) - 256;
  while (q.channels() < channels) {
    const uint32_t scale = rng() % 3 ? scales[rng() % 7] : static_cast<uint32_t>(rng());
    const uint32_t shift = rng() % 2 ? shifts[rng() % 6] : static_cast<uint32_t>(rng() % 64);
    const RoundMode mode = modes[rng() % 6];
    const uint32_t dbl = rng() % 4 == 0 ? static_cast<uint32_t>(rng() % 31) : 0;
    const Rescaler r(scale, shift, mode, dbl);
    int64_t x_lo = 0, x_hi = 0;
    if (narrow) {
      if (!exact_bounds(r, x_lo, x_hi) || (x_lo == INT32_MIN && x_hi == INT32_MAX) || x_lo > x_hi) continue;
      EXPECT_TRUE(r.exact_in_64_bits(x_lo, x_hi));
    } else {
      if (!r.exact_in_64_bits(INT32_MIN, INT32_MAX)) continue;
      EXPECT_TRUE(exact_bounds(r, x_lo, x_hi));
      EXPECT_EQ(x_lo, INT32_MIN);
      EXPECT_EQ(x_hi, INT32_MAX);
    }
    c.modes.push_back(mode);
    c.dbls.push_back(dbl);
    EXPECT_TRUE(q.add_channel(static_cast<int64_t>(rng() % (1 << 21)) - (1 << 20), r));
    EXPECT_EQ(q.x_lo.back(), x_lo);
    EXPECT_EQ(q.x_hi.back(), x_hi);
  }
  for (size_t i = 0; i < pixels * channels; ++i) {
    const size_t o = i % channels;
    const int64_t x_lo = q.x_lo[o], x_hi = q.x_hi[o];
    int64_t x = x_lo + static_cast<int64_t>(rng() % static_cast<uint64_t>(x_hi - x_lo + 1));
    switch (rng() % 8) {
      case 0: x = x_lo; break;
      case 1: x = x_hi; break;
      case 2: x = std::clamp<int64_t>(static_cast<int64_t>(rng() % 2001) - 1000, x_lo, x_hi); break;
      default: break;
    }
    c.acc.push_back(x - q.bias[o]);  // acc + bias = x
  }
  return c;
}

// The definition: 128-bit rescale, then the zero point and the clamp.
int32_t reference(const Case& c, size_t i) {
  const size_t o = i % c.q.channels();
  const int64_t x = c.acc[i] + c.q.bias[o];
  const int64_t v = rescale(x, static_cast<uint32_t>(c.q.scale[o]), static_cast<uint32_t>(c.q.shift[o]), c.modes[o],
                            c.dbls[o]);
  return static_cast<int32_t>(std::clamp(v + c.q.zp, c.q.lo, c.q.hi));
}

TEST(Requantize, ScalarMatchesTheDefinition) {
  std::mt19937_64 rng(17);
  for (int t = 0; t < 400; ++t) {
    const Case c = random_case(rng, 1 + rng() % 40, 1 + rng() % 20, t % 2 == 1);
    std::vector<int32_t> out(c.acc.size());
    ASSERT_TRUE(requantize_scalar(c.q, c.acc.data(), c.acc.size(), out.data()));
    for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], reference(c, i)) << "case " << t << " element " << i;
  }
}

using Kernel = bool (*)(const PlainRequantize&, const int64_t*, size_t, int32_t*);

// A vector kernel against the scalar one on random cases, and refusing an accumulator just past
// its channel's bounds (int32's, or in every other case a narrower channel range's).
void check_against_scalar(Kernel kernel, uint64_t seed, size_t max_channels) {
  std::mt19937_64 rng(seed);
  for (int t = 0; t < 400; ++t) {
    const Case c = random_case(rng, 1 + rng() % max_channels, 1 + rng() % 20, t % 2 == 1);
    std::vector<int32_t> scalar(c.acc.size()), vec(c.acc.size(), 0x5A5A5A5A);
    ASSERT_TRUE(requantize_scalar(c.q, c.acc.data(), c.acc.size(), scalar.data()));
    ASSERT_TRUE(kernel(c.q, c.acc.data(), c.acc.size(), vec.data()));
    ASSERT_EQ(vec, scalar) << "case " << t << ", " << c.q.channels() << " channels";
    Case bad = c;
    const size_t i = rng() % bad.acc.size(), o = i % bad.q.channels();
    bad.acc[i] = (rng() % 2 ? bad.q.x_hi[o] + 1 : bad.q.x_lo[o] - 1) - bad.q.bias[o];
    EXPECT_FALSE(requantize_scalar(bad.q, bad.acc.data(), bad.acc.size(), scalar.data()));
    EXPECT_FALSE(kernel(bad.q, bad.acc.data(), bad.acc.size(), vec.data()));
  }
}

// Each vector kernel this host can run against the scalar one. Which ones exist is a property of
// the host's CPU at run time (the kernels are chosen by cpuid), so a host without AVX-512F tests
// the AVX2 kernel only; the development and CI host has both.
TEST(Requantize, EveryVectorKernelOfThisHostMatchesScalar) {
  if (requantize_avx2_available()) {
    SCOPED_TRACE("AVX2");
    check_against_scalar(requantize_avx2, 4242, 40);
  }
  if (requantize_avx512_available()) {
    SCOPED_TRACE("AVX-512F");
    check_against_scalar(requantize_avx512, 512, 70);
  }
}

// exact_bounds gives the widest int32 range where the 64-bit path is exact: inside it
// exact_in_64_bits holds, one past either end (within int32) it does not.
TEST(Requantize, ExactBoundsAreTheWidestExactRange) {
  std::mt19937_64 rng(8);
  for (int t = 0; t < 5000; ++t) {
    const uint32_t scale = rng() % 3 ? static_cast<uint32_t>(rng()) : 0xFFFFFFFFu;
    const uint32_t shift = rng() % 2 ? 63 - static_cast<uint32_t>(rng() % 4) : static_cast<uint32_t>(rng() % 64);
    const Rescaler r(scale, shift, rng() % 2 ? RoundMode::kDbl : RoundMode::kTruncate);
    int64_t lo = 0, hi = 0;
    if (!exact_bounds(r, lo, hi)) {
      EXPECT_FALSE(r.exact_in_64_bits(0, 0));
      continue;
    }
    EXPECT_TRUE(r.exact_in_64_bits(lo, hi)) << "t " << t;
    if (hi < INT32_MAX) {
      EXPECT_FALSE(r.exact_in_64_bits(hi + 1, hi + 1)) << "t " << t;
    }
    if (lo > INT32_MIN) {
      EXPECT_FALSE(r.exact_in_64_bits(lo - 1, lo - 1)) << "t " << t;
    }
  }
}

// Rescaler::wide (precomputed round terms) equals rescale() for any input, including 128-bit
// products and results that saturate to int64.
TEST(Requantize, RescalerWideEqualsRescale) {
  std::mt19937_64 rng(99);
  const RoundMode modes[] = {RoundMode::kDbl, RoundMode::kTruncate, RoundMode::kNatural, RoundMode::kSymmetric,
                             RoundMode::kTruncateToLower, RoundMode::kDoubleAsymmetric};
  const uint32_t scales[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu};
  for (int t = 0; t < 20000; ++t) {
    const uint32_t scale = rng() % 2 ? scales[rng() % 5] : static_cast<uint32_t>(rng());
    const uint32_t shift = rng() % 3 ? static_cast<uint32_t>(rng() % 64) : (rng() % 2 ? 0 : 63);
    const RoundMode mode = modes[rng() % 6];
    const uint32_t dbl = rng() % 4 == 0 ? static_cast<uint32_t>(rng() % 31) : 0;
    Int128 x = static_cast<int64_t>(rng()) >> (rng() % 64);
    if (rng() % 4 == 0) x *= static_cast<int64_t>(rng() >> 40);  // beyond int64
    if (rng() % 8 == 0) x = rng() % 2 ? Int128{INT64_MIN} : Int128{INT32_MIN};
    const Rescaler r(scale, shift, mode, dbl);
    ASSERT_EQ(r.wide(x), rescale(x, scale, shift, mode, dbl)) << "t " << t;
    if (x >= INT64_MIN && x <= INT64_MAX) {
      ASSERT_EQ(r(static_cast<int64_t>(x)), rescale(x, scale, shift, mode, dbl));
    }
  }
}

// RescaleTerms (rescale.h), the Rescaler's 64-bit path as plain numbers, against values worked by
// hand from regor Scale<T>'s rule v = (x * scale + round) >> shift (the round terms as rescale()
// spells them): ties in every round mode, negative values, shift 0 and shift 63.
TEST(RescaleTerms, MatchHandWorkedValues) {
  struct Worked {
    uint32_t scale, shift;
    RoundMode mode;
    int64_t x, v;
  };
  const int64_t two30 = int64_t{1} << 30;
  const Worked worked[] = {
      // 3 / 2 = 1.5 and -3 / 2 = -1.5: NATURAL rounds half up, SYMMETRIC half away from zero,
      // TRUNCATE toward zero, TRUNCATE_TO_LOWER down.
      {3, 1, RoundMode::kNatural, 1, 2},
      {3, 1, RoundMode::kNatural, -1, -1},
      {3, 1, RoundMode::kSymmetric, 1, 2},
      {3, 1, RoundMode::kSymmetric, -1, -2},
      {3, 1, RoundMode::kTruncate, 1, 1},
      {3, 1, RoundMode::kTruncate, -1, -1},
      {3, 1, RoundMode::kTruncateToLower, 1, 1},
      {3, 1, RoundMode::kTruncateToLower, -1, -2},
      // -5 * 7 / 4 = -8.75: -9 rounded, -8 toward zero.
      {7, 2, RoundMode::kNatural, -5, -9},
      {7, 2, RoundMode::kTruncate, -5, -8},
      // shift 32 > 31: DBL adds 2^30 with the product's sign to 2^31, DOUBLE_ASYMMETRIC adds
      // +2^30 always: x * 2^-32 crosses to 1 at x = 2^30 and to -1 below -2^30 (DBL) or
      // -3 * 2^30 (DOUBLE_ASYMMETRIC; scale 2 to reach it from int32).
      {1, 32, RoundMode::kDbl, two30, 1},
      {1, 32, RoundMode::kDbl, two30 - 1, 0},
      {1, 32, RoundMode::kDbl, -two30, 0},
      {1, 32, RoundMode::kDbl, -two30 - 1, -1},
      {1, 32, RoundMode::kDoubleAsymmetric, two30, 1},
      {1, 32, RoundMode::kDoubleAsymmetric, two30 - 1, 0},
      {2, 32, RoundMode::kDoubleAsymmetric, -3 * (two30 / 2), 0},
      {2, 32, RoundMode::kDoubleAsymmetric, -3 * (two30 / 2) - 1, -1},
      // shift 0: the product itself.
      {5, 0, RoundMode::kNatural, -7, -35},
      {0xFFFFFFFFu, 0, RoundMode::kDbl, INT32_MIN, -(int64_t{1} << 31) * 0xFFFFFFFFll},
      // shift 63, round 2^62: -2^62 / 2^63 = -0.5 is a tie (NATURAL: 0); one step further is -1.
      {0x80000000u, 63, RoundMode::kNatural, INT32_MIN, 0},
      {0x80000001u, 63, RoundMode::kNatural, INT32_MIN, -1},
      {0x80000000u, 63, RoundMode::kNatural, INT32_MAX, 0},
      {0x80000000u, 63, RoundMode::kTruncateToLower, -1, -1},
  };
  for (const Worked& w : worked) {
    const Rescaler r(w.scale, w.shift, w.mode);
    ASSERT_TRUE(r.exact_in_64_bits(w.x, w.x)) << w.scale << " " << w.shift << " " << w.x;
    EXPECT_EQ(RescaleTerms(r)(w.x), w.v) << "scale " << w.scale << " shift " << w.shift << " x " << w.x;
    EXPECT_EQ(r(w.x), w.v) << "scale " << w.scale << " shift " << w.shift << " x " << w.x;
  }
}

// On random Rescalers, wherever exact_bounds says the 64-bit path is exact (its ends included),
// the terms give the Rescaler's and the 128-bit rescale()'s value.
TEST(RescaleTerms, EqualTheRescalerWithinItsExactBounds) {
  std::mt19937_64 rng(5);
  const RoundMode modes[] = {RoundMode::kDbl, RoundMode::kTruncate, RoundMode::kNatural, RoundMode::kSymmetric,
                             RoundMode::kTruncateToLower, RoundMode::kDoubleAsymmetric};
  const uint32_t scales[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x40000000u};
  int checked = 0;
  for (int t = 0; t < 4000; ++t) {
    const uint32_t scale = rng() % 2 ? scales[rng() % 6] : static_cast<uint32_t>(rng());
    const uint32_t shift = rng() % 3 ? static_cast<uint32_t>(rng() % 64) : (rng() % 2 ? 0 : 63);
    const RoundMode mode = modes[rng() % 6];
    const uint32_t dbl = rng() % 4 == 0 ? static_cast<uint32_t>(rng() % 31) : 0;
    const Rescaler r(scale, shift, mode, dbl);
    int64_t x_lo = 0, x_hi = 0;
    if (!exact_bounds(r, x_lo, x_hi)) continue;
    const RescaleTerms terms(r);
    for (int i = 0; i < 50; ++i) {
      int64_t x = x_lo + static_cast<int64_t>(rng() % static_cast<uint64_t>(x_hi - x_lo + 1));
      if (i == 0) x = x_lo;
      if (i == 1) x = x_hi;
      if (i == 2) x = std::clamp<int64_t>(-1, x_lo, x_hi);
      // A tie: x * scale an odd multiple of 2^(shift - 1), where there is one in range.
      if (i == 3 && scale == 1 && shift > 0 && shift < 32) x = std::clamp<int64_t>(-(int64_t{3} << (shift - 1)), x_lo, x_hi);
      const int64_t expected = rescale(x, scale, shift, mode, dbl);
      ASSERT_EQ(r(x), expected) << "t " << t << " x " << x;
      ASSERT_EQ(terms(x), expected) << "t " << t << " scale " << scale << " shift " << shift << " x " << x;
      ++checked;
    }
  }
  EXPECT_GT(checked, 50000);
}

// The 32-bit accumulator forms (U55/U65 convolutions, conv.cpp) against the 64-bit ones on the same
// values, in every kernel this host runs: the same results, and the same refusal when an x leaves
// its bounds (acc + bias outside int32 there).
TEST(Requantize, Int32AccumulatorsGiveTheInt64Results) {
  std::mt19937_64 rng(32);
  int refused = 0;
  for (int t = 0; t < 300; ++t) {
    const Case c = random_case(rng, 1 + rng() % 40, 1 + rng() % 20, t % 2 == 1);
    std::vector<int32_t> acc32(c.acc.size());
    for (size_t i = 0; i < acc32.size(); ++i) acc32[i] = static_cast<int32_t>(std::clamp<int64_t>(c.acc[i], INT32_MIN, INT32_MAX));
    if (t % 4 == 1) {  // one x just past its channel's upper bound, where an int32 accumulator can say so
      const size_t i = rng() % acc32.size(), o = i % c.q.channels();
      const int64_t past = c.q.x_hi[o] + 1 - c.q.bias[o];
      if (past <= INT32_MAX) acc32[i] = static_cast<int32_t>(past);
    }
    const std::vector<int64_t> acc64(acc32.begin(), acc32.end());
    const size_t n = acc32.size();
    std::vector<int32_t> out32(n), out64(n);
    auto check = [&](const char* kernel, bool ok32, bool ok64) {
      ASSERT_EQ(ok32, ok64) << kernel << " case " << t;
      if (ok64) {
        ASSERT_EQ(out32, out64) << kernel << " case " << t;
      } else {
        ++refused;
      }
    };
    check("scalar", requantize_scalar(c.q, acc32.data(), n, out32.data()), requantize_scalar(c.q, acc64.data(), n, out64.data()));
    if (requantize_avx2_available())
      check("AVX2", requantize_avx2(c.q, acc32.data(), n, out32.data()), requantize_avx2(c.q, acc64.data(), n, out64.data()));
    if (requantize_avx512_available())
      check("AVX-512F", requantize_avx512(c.q, acc32.data(), n, out32.data()),
            requantize_avx512(c.q, acc64.data(), n, out64.data()));
  }
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace corsim::npu
