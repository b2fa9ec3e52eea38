// The convolution's inner product kernels (npu/ops/mac_kernels.h): the AVX2 pairs kernel against
// the baseline dot_all_channels_i16 and against sums written out here, on random patches and
// weights including the extremes (-32768 x -32768 pairs, whose vpmaddwd sum wraps), odd and even
// tap counts and channel counts that are not multiples of 8 or of 64.
#include <gtest/gtest.h>

#include <random>

#include "npu/ops/mac_kernels.h"

namespace corsim::npu {
namespace {

// The baseline always; the pairs kernel where the host's CPU has AVX2 (chosen by cpuid at run
// time, as conv.cpp chooses it).
TEST(MacKernels, PairsKernelMatchesTheBaselineDotProducts) {
  const bool pairs = pairs_kernel_available();
  std::mt19937 rng(5);
  for (int t = 0; t < 300; ++t) {
    const size_t taps = 1 + rng() % 300;
    const uint32_t od = 1 + rng() % 150;
    const int mode = t % 3;  // 0 random, 1 all extremes, 2 small values
    auto value = [&]() -> int16_t {
      if (mode == 1) return rng() % 2 ? int16_t{-32768} : int16_t{32767};
      if (mode == 2) return static_cast<int16_t>(static_cast<int>(rng() % 511) - 255);
      return static_cast<int16_t>(rng());
    };
    std::vector<int16_t> patch(taps), w(taps * od);
    for (auto& x : patch) x = value();
    for (auto& x : w) x = value();
    std::vector<int16_t> paired;
    pair_weights(w.data(), taps, od, paired);
    std::vector<int32_t> base(od, -1), vec(od, -2);
    dot_all_channels_i16(patch.data(), w.data(), taps, od, base.data());
    if (pairs) dot_all_channels_pairs(patch.data(), paired.data(), taps, od, vec.data());
    for (uint32_t o = 0; o < od; ++o) {
      uint32_t s = 0;  // the int32 sum modulo 2^32
      for (size_t i = 0; i < taps; ++i) s += static_cast<uint32_t>(int32_t{patch[i]} * w[o * taps + i]);
      ASSERT_EQ(base[o], static_cast<int32_t>(s)) << "case " << t << " channel " << o;
      if (pairs) {
        ASSERT_EQ(vec[o], base[o]) << "case " << t << " taps " << taps << " od " << od << " channel " << o;
      }
    }
  }
}

}  // namespace
}  // namespace corsim::npu
