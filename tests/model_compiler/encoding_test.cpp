// The weight encoding our streams use decodes with the NPU model's mlw decoder (Vela
// mlw_codec/mlw_decode.c; KWS golden): random weight vectors of many lengths, including the
// 32768-weight slice boundary, come back unchanged. The COP1 CONFIG word follows regor's
// ArchEthosU55::ConfigRegister on the ethos_u55.cpp configurations.
#include <gtest/gtest.h>

#include <random>

#include "npu/mlw_decoder.h"
#include "tools/model_compiler/lowering.h"
#include "tools/model_compiler/mlw_encoder.h"
#include "tools/model_compiler/stream_encoder.h"

namespace corsim::model_compiler {
namespace {

TEST(MlwEncoding, RoundTripsThroughTheNpuDecoder) {
  std::mt19937 rng(3);
  for (size_t n : {size_t{1}, size_t{7}, size_t{16}, size_t{255}, size_t{1000}, size_t{32768}, size_t{32769}, size_t{70000}}) {
    std::vector<int32_t> w(n);
    for (auto& x : w) x = static_cast<int32_t>(rng() % 511) - 255;
    const auto stream = npu_encode::encode_mlw_uncompressed(w);
    EXPECT_EQ(stream.size() % 16, 0u);
    const npu::MlwResult r = npu::decode_mlw(stream);
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.weights.size(), n);
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(r.weights[i], w[i]) << "n " << n << " i " << i;
  }
}

// The Golomb-Rice encoder: every divisor choice, chunk boundary and slice boundary decodes back.
TEST(MlwEncoding, GolombRiceStreamsDecodeWithTheNpuDecoder) {
  std::mt19937 rng(5);
  for (int32_t range : {0, 1, 3, 10, 40, 127, 255})
    for (size_t n : {size_t{1}, size_t{11}, size_t{12}, size_t{13}, size_t{100}, size_t{4097}, size_t{32768}, size_t{40000}}) {
      std::vector<int32_t> w(n);
      for (auto& x : w) x = range == 0 ? 0 : static_cast<int32_t>(rng() % (2 * range + 1)) - range;
      const auto stream = encode_mlw(w);
      EXPECT_EQ(stream.size() % 16, 0u);
      const npu::MlwResult r = npu::decode_mlw(stream);
      ASSERT_TRUE(r.ok) << r.error << " range " << range << " n " << n;
      ASSERT_EQ(r.weights.size(), n) << "range " << range;
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(r.weights[i], w[i]) << "range " << range << " n " << n << " i " << i;
    }
}

// Small weights compress: 9 bits per weight uncompressed, about 4 with a Rice divisor of 2.
TEST(MlwEncoding, SmallWeightsCompress) {
  std::mt19937 rng(6);
  std::vector<int32_t> w(4096);
  for (auto& x : w) x = static_cast<int32_t>(rng() % 9) - 4;
  EXPECT_LT(encode_mlw(w).size(), npu_encode::encode_mlw_uncompressed(w).size() * 6 / 10);
}

TEST(Cop1, ConfigWordPerMacCount) {
  EXPECT_EQ(u55_config_word(32), 0x00001005u);
  EXPECT_EQ(u55_config_word(64), 0x00001006u);
  EXPECT_EQ(u55_config_word(128), 0x00001807u);
  EXPECT_EQ(u55_config_word(256), 0x00003008u);
}

}  // namespace
}  // namespace corsim::model_compiler
