// The byte and int16 forms of the feature-map moves (npu/ops/op_context.h) against the int32 forms
// they stand for: store_feature_map_bytes stores what store_feature_map stores from the same
// values, and load_feature_map_minus_zero_point loads what load_feature_map loads minus the zero
// point, on random 8-bit maps (signed and unsigned, NHWC and NHCWB16, packed or with gaps between
// pixels, rows and bricks, split into up to four tiles), with the same traffic counted.
#include <gtest/gtest.h>

#include <random>

#include "npu/ops/op_context.h"
#include "npu/region_bus.h"

namespace corsim::npu {
namespace {

constexpr uint64_t kTileSpacing = 8192;  // tiles far apart: no element of one lies in another

// An OpContext over a RegionBus whose region 1 holds `bytes`.
struct Harness {
  explicit Harness(const std::vector<uint8_t>& bytes) : shram(1024) {
    bus.region(1) = bytes;
    basep = bus.basep();
  }
  OpContext context() {
    return OpContext(op, cfg, bus, basep, kDriverRegionCfgForTest, shram, chain, kept, weights, scratch);
  }
  static constexpr uint32_t kDriverRegionCfgForTest = 0;  // every region on AXI0
  OperationConfig op;
  NpuConfig cfg{128};
  RegionBus bus;
  std::array<uint64_t, 8> basep{};
  std::vector<uint8_t> shram;
  ChainBuffers chain;
  Accumulators kept;
  WeightCache weights;
  OpScratch scratch;
};

FeatureMap random_map(std::mt19937& rng) {
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  FeatureMap fm;
  fm.height = pick(1, 9);
  fm.width = pick(1, 9);
  fm.depth = pick(1, 40);
  fm.region = 1;
  fm.elem_bits = 8;
  fm.is_signed = rng() % 2;
  fm.layout = rng() % 2 ? Layout::kNhcwb16 : Layout::kNhwc;
  const uint64_t gap = rng() % 3 ? 0 : pick(1, 5);
  if (fm.layout == Layout::kNhwc) {
    fm.stride_x = fm.depth + gap;
    fm.stride_y = fm.stride_x * fm.width + (rng() % 2 ? 0 : pick(1, 7));
  } else {
    const uint64_t bricks = (fm.depth + 15) / 16;
    fm.stride_x = 16;
    fm.stride_c = 16 * fm.width + 16 * gap;
    fm.stride_y = fm.stride_c * bricks + gap;
  }
  fm.width0 = pick(1, fm.width);
  fm.height0 = pick(1, fm.height);
  fm.height1 = pick(1, fm.height);
  for (unsigned t = 0; t < 4; ++t) fm.base[t] = t * kTileSpacing + pick(0, 15);
  return fm;
}

std::vector<uint8_t> random_bytes(std::mt19937& rng) {
  std::vector<uint8_t> b(4 * kTileSpacing);
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

TEST(FeatureMapIo, StoreFromBytesEqualsStoreFromInt32Values) {
  std::mt19937 rng(909);
  for (int t = 0; t < 300; ++t) {
    const FeatureMap fm = random_map(rng);
    const std::vector<uint8_t> before = random_bytes(rng);
    std::vector<int32_t> values(fm.elements());
    for (auto& v : values) v = fm.is_signed ? static_cast<int8_t>(rng()) : static_cast<uint8_t>(rng());
    std::vector<uint8_t> low(values.size());
    for (size_t i = 0; i < values.size(); ++i) low[i] = static_cast<uint8_t>(values[i]);

    Harness a(before), b(before);
    OpContext ca = a.context(), cb = b.context();
    ASSERT_TRUE(store_feature_map(ca, fm, values));
    ASSERT_TRUE(store_feature_map_bytes(cb, fm, low));
    ASSERT_EQ(a.bus.region(1), b.bus.region(1)) << "case " << t;
    EXPECT_NE(a.bus.region(1), before) << "case " << t;  // the store wrote something
    EXPECT_EQ(ca.traffic().read, cb.traffic().read) << "case " << t;
    EXPECT_EQ(ca.traffic().write, cb.traffic().write) << "case " << t;
    EXPECT_EQ(cb.traffic().write[0], fm.elements()) << "case " << t;
  }
}

TEST(FeatureMapIo, LoadMinusZeroPointEqualsLoadThenSubtract) {
  std::mt19937 rng(910);
  for (int t = 0; t < 300; ++t) {
    FeatureMap fm = random_map(rng);
    fm.zero_point = t % 3 == 0 ? static_cast<int32_t>(rng() % 65281) - 32640 : static_cast<int32_t>(rng() % 256) - 128;
    ASSERT_TRUE(fits_int16_minus_zero_point(fm)) << fm.zero_point;
    Harness h(random_bytes(rng));
    OpContext ctx = h.context();
    FeatureMapValues wide;
    ScratchVector<int16_t> narrow;
    ASSERT_TRUE(load_feature_map(ctx, fm, wide));
    const auto read_once = ctx.traffic().read;
    ASSERT_TRUE(load_feature_map_minus_zero_point(ctx, fm, narrow));
    ASSERT_EQ(narrow.size(), wide.size());
    for (size_t i = 0; i < wide.size(); ++i)
      ASSERT_EQ(narrow[i], wide[i] - fm.zero_point) << "case " << t << " element " << i;
    EXPECT_EQ(ctx.traffic().read[0], 2 * read_once[0]) << "case " << t;  // the same bytes read again
  }
}

// Signed 8-bit values are -128..127, so value - zp fits int16 for zp in [-32640, 32640]; unsigned
// ones are 0..255: zp in [-32512, 32768]. Only 8-bit maps in memory qualify.
TEST(FeatureMapIo, Int16FormNeedsAZeroPointWithinTheValuesReach) {
  FeatureMap fm;
  fm.elem_bits = 8;
  fm.is_signed = true;
  for (const auto& [zp, fits] : {std::pair{32640, true}, {32641, false}, {-32640, true}, {-32641, false}}) {
    fm.zero_point = zp;
    EXPECT_EQ(fits_int16_minus_zero_point(fm), fits) << "signed, zp " << zp;
  }
  fm.is_signed = false;
  for (const auto& [zp, fits] : {std::pair{32768, true}, {32769, false}, {-32512, true}, {-32513, false}}) {
    fm.zero_point = zp;
    EXPECT_EQ(fits_int16_minus_zero_point(fm), fits) << "unsigned, zp " << zp;
  }
  fm.zero_point = 0;
  fm.elem_bits = 16;
  EXPECT_FALSE(fits_int16_minus_zero_point(fm));
  fm.elem_bits = 8;
  fm.storage = Storage::kChained;
  EXPECT_FALSE(fits_int16_minus_zero_point(fm));
}

}  // namespace
}  // namespace corsim::npu
