// The Executor's weight cache (npu/ops/weight_cache.h): weights decoded once are reused on the next
// inference with the same result and the same decoder counts, and a rewritten weight stream is
// decoded afresh (never a stale entry): the same Executor then gives what a new Executor gives.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <random>

#include "npu/driver_payload.h"
#include "npu/executor.h"
#include "npu/region_bus.h"
#include "stream_builder.h"

namespace corsim::npu {
namespace {

std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

struct OpCounts {
  uint64_t weight_bytes, weights_decoded, weights_zero;
  bool operator==(const OpCounts&) const = default;
};

TEST(WeightCache, KwsGoldenStaysExactOverThreeInferencesOnOneExecutor) {
  const std::string dir = std::string(CORSIM_MODELS_DIR) + "/vela/kws_cnn_small_u55-128/";
  const auto cmd = slurp(dir + "cmd_stream.bin");
  const auto input = slurp(dir + "input.bin");
  const auto expected = slurp(dir + "expected_output.bin");
  ASSERT_FALSE(cmd.empty() || input.empty() || expected.empty()) << "missing files in " << dir;
  std::string err;
  auto payload = parse_driver_payload(cmd, err);
  ASSERT_TRUE(payload) << err;
  RegionBus bus;
  bus.region(0) = slurp(dir + "flash.bin");
  Executor ex(*npu_config_from_word(payload->config));
  std::vector<std::vector<OpCounts>> runs;
  for (int inference = 0; inference < 3; ++inference) {
    bus.region(1).assign(48848, 0);
    std::copy(input.begin(), input.end(), bus.region(1).begin());
    std::vector<OpCounts> counts;
    const RunResult r = ex.run(payload->commands, bus, bus.basep(), kDriverRegionCfg, [&](const OpRecord& rec) {
      counts.push_back({rec.traffic.weight_bytes, rec.traffic.weights_decoded, rec.traffic.weights_zero});
    });
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), bus.region(1).begin())) << "inference " << inference;
    runs.push_back(counts);
  }
  EXPECT_EQ(runs[0], runs[1]);  // the cached decode replays the decoder's counts (timing input)
  EXPECT_EQ(runs[0], runs[2]);
  uint64_t decoded = 0;
  for (const OpCounts& c : runs[0]) decoded += c.weights_decoded;
  EXPECT_GT(decoded, 0u);
}

// A CONV with uncompressed mlw weights at region 0 offset 0 (make_conv).
struct ConvCase {
  std::vector<uint32_t> words;
  RegionBus bus;
  size_t weight_bytes = 0;
};

// 3x3 weights for `depth` -> `depth` channels, uncompressed mlw (9 bits per weight).
std::vector<uint8_t> encode(const std::vector<int32_t>& w, uint32_t depth = 16) {
  test::OrderParams op;
  op.ofm_depth = depth;
  op.ifm_depth = depth;
  op.kw = 3;
  op.kh = 3;
  op.ofm_block_depth = 16;
  return test::encode_mlw_uncompressed(test::order_weights(w, op));
}

// One 3x3 CONV 8x8x`depth` -> 8x8x`depth`: the IFM at region 1 offset 0, the OFM right after it.
ConvCase make_conv(const std::vector<int32_t>& w, uint32_t depth = 16) {
  ConvCase k;
  test::FmSpec a{8, 8, depth, 8, true, test::TLayout::kNhwc, 1, 0, 3};
  test::FmSpec b = a;
  b.base = a.bytes();
  std::mt19937 rng(5);
  k.bus.region(1).assign(2 * a.bytes(), 0);
  for (size_t i = 0; i < a.bytes(); ++i) k.bus.region(1)[i] = static_cast<uint8_t>(rng());
  const auto stream = encode(w, depth);
  k.weight_bytes = stream.size();
  const auto scales = test::scale_records(std::vector<int64_t>(depth, 100), std::vector<uint32_t>(depth, 1518500250),
                                          std::vector<uint32_t>(depth, 40));
  k.bus.region(0) = stream;
  k.bus.region(0).insert(k.bus.region(0).end(), scales.begin(), scales.end());
  test::StreamBuilder sb;
  sb.ifm(a);
  sb.ofm(b, 0, 0);
  sb.kernel(3, 3, 1, 1, false);
  sb.padding(1, 1, 1, 1);
  sb.block(8, 8, 16);
  sb.weights(0, 0, static_cast<uint32_t>(stream.size()));
  sb.scales(0, static_cast<uint32_t>(stream.size()), static_cast<uint32_t>(scales.size()));
  sb.activation(0, 0, -128, 127);
  sb.op(2);
  sb.stop();
  k.words = sb.words;
  return k;
}

TEST(WeightCache, RewrittenWeightsAreDecodedAfresh) {
  std::mt19937 rng(9);
  std::vector<int32_t> w(16 * 3 * 3 * 16);
  for (auto& x : w) x = static_cast<int32_t>(rng() % 255) - 127;
  std::vector<int32_t> negated(w.size());
  for (size_t i = 0; i < w.size(); ++i) negated[i] = -w[i];
  ASSERT_EQ(encode(w).size(), encode(negated).size());  // same stream length, other bytes

  ConvCase k = make_conv(w);
  Executor reused(NpuConfig{128});
  ASSERT_EQ(reused.run(k.words, k.bus, k.bus.basep(), kDriverRegionCfg).reason, StopReason::kStop);
  const std::vector<uint8_t> first(k.bus.region(1).begin() + 1024, k.bus.region(1).end());

  // The CPU rewrites the weights in place (same address, same length) and runs again.
  const auto stream = encode(negated);
  std::copy(stream.begin(), stream.end(), k.bus.region(0).begin());
  ASSERT_EQ(reused.run(k.words, k.bus, k.bus.basep(), kDriverRegionCfg).reason, StopReason::kStop);
  const std::vector<uint8_t> second(k.bus.region(1).begin() + 1024, k.bus.region(1).end());

  Executor fresh(NpuConfig{128});
  ASSERT_EQ(fresh.run(k.words, k.bus, k.bus.basep(), kDriverRegionCfg).reason, StopReason::kStop);
  const std::vector<uint8_t> expected(k.bus.region(1).begin() + 1024, k.bus.region(1).end());
  EXPECT_EQ(second, expected);  // what a cold decode of the new weights gives
  EXPECT_NE(second, first);     // and not the old weights' result
}

// The cache's key hashes a sample of a long stream's words (weights.cpp content_hash); streams that
// differ in one weight, wherever it is, must still each give their own result on one Executor.
TEST(WeightCache, StreamsThatDifferInOneWeightAreNeverConfused) {
  constexpr uint32_t kDepth = 48;  // 20736 weights, about 23 KB of stream: a sampled hash
  std::mt19937 rng(21);
  std::vector<int32_t> w(size_t{kDepth} * 3 * 3 * kDepth);
  for (auto& x : w) x = static_cast<int32_t>(rng() % 255) - 127;
  ConvCase k = make_conv(w, kDepth);
  const size_t ofm_at = k.bus.region(1).size() / 2;
  auto run = [&](Executor& ex) {
    EXPECT_EQ(ex.run(k.words, k.bus, k.bus.basep(), kDriverRegionCfg).reason, StopReason::kStop);
    return std::vector<uint8_t>(k.bus.region(1).begin() + static_cast<long>(ofm_at), k.bus.region(1).end());
  };
  Executor reused(NpuConfig{128});
  const std::vector<uint8_t> original = run(reused);
  for (size_t at : {size_t{0}, size_t{1}, size_t{700}, size_t{5001}, size_t{12345}, w.size() - 1}) {
    std::vector<int32_t> changed = w;
    changed[at] = w[at] == 100 ? 101 : 100;
    const std::vector<uint8_t> stream = encode(changed, kDepth);
    ASSERT_EQ(stream.size(), k.weight_bytes);  // same length: only the key's hash can tell them apart
    std::copy(stream.begin(), stream.end(), k.bus.region(0).begin());
    const std::vector<uint8_t> got = run(reused);
    Executor fresh(NpuConfig{128});
    EXPECT_EQ(got, run(fresh)) << "weight " << at << " changed";
    EXPECT_NE(got, original) << "weight " << at << " changed";
    const std::vector<uint8_t> back = encode(w, kDepth);
    std::copy(back.begin(), back.end(), k.bus.region(0).begin());
    EXPECT_EQ(run(reused), original) << "weight " << at << " restored";
  }
}

}  // namespace
}  // namespace corsim::npu
