// The mlw weight decoder (Vela ethosu/mlw_codec/mlw_decode.c) on hand-built streams, and the
// decoded weight counts of every CONV/DEPTHWISE in the KWS golden stream (exact counts).
#include <gtest/gtest.h>

#include "npu/mlw_decoder.h"
#include "npu/weight_layout.h"
#include "stream_builder.h"

namespace corsim::npu {
namespace {

TEST(Mlw, UncompressedDirectWeightsRoundTrip) {
  std::vector<int32_t> w;
  for (int i = -255; i <= 255; i += 7) w.push_back(i);
  const auto stream = test::encode_mlw_uncompressed(w);
  EXPECT_EQ(stream.size() % 16, 0u);
  const MlwResult r = decode_mlw(stream);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.weights.size(), w.size());
  for (size_t i = 0; i < w.size(); ++i) EXPECT_EQ(r.weights[i], w[i]) << i;
}

TEST(Mlw, MultipleSlices) {
  std::vector<int32_t> w(40000);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<int32_t>(i % 511) - 255;
  const MlwResult r = decode_mlw(test::encode_mlw_uncompressed(w));
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.weights.size(), w.size());
  EXPECT_EQ(r.weights[32768], w[32768]);
  EXPECT_EQ(r.weights.back(), w.back());
}

// A palette slice, uncompressed 2-bit indices (palette of 4), with 12 symbols per chunk (real
// streams: width <= 5), then a direct index beyond the palette: index - palsize + DIROFS.
TEST(Mlw, PaletteAndDirectOffset) {
  test::BitWriter bw;
  bw.put(6, 3);   // no zero runs
  bw.put(4, 15);  // 5 weights
  bw.put(7, 3);   // uncompressed
  bw.put(0, 1);
  bw.put(1, 1);   // NEWPAL
  bw.put(3, 5);   // DIROFS 3
  bw.put(3, 5);   // PALSIZE field 3 -> 4 entries
  bw.put(2, 3);   // PALBITS 4
  for (uint32_t v : {0u, 2u, 3u, 9u}) bw.put(v, 4);  // palette: 0, +1, -1, -4 (sign in the LSB)
  for (uint32_t idx : {0u, 1u, 2u, 3u, 1u}) bw.put(idx, 2);
  bw.put(7, 3);
  auto bytes = bw.bytes;
  while (bytes.size() % 16) bytes.push_back(0xFF);
  const MlwResult r = decode_mlw(bytes);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.weights, (std::vector<int16_t>{0, 1, -1, -4, 1}));
}

// Golomb-Rice weights (WDIV 0: value = unary quotient) with zero runs (ZDIV 0), decoded through
// the chunk interleave of mlw_decode.c: a leading zero run, then weight, run, weight, run...
TEST(Mlw, GolombRiceWithZeroRuns) {
  // Two weights with indices 2 and 4 (direct, no palette: v = index; sign in the LSB -> +1, +2).
  // Zero runs z0 = 1, z1 = 0, z2 = 2 (3 runs for 2 weights with NEWPAL).
  test::BitWriter bw;
  bw.put(0, 3);   // ZDIV 0
  bw.put(1, 15);  // 2 weights
  bw.put(0, 3);   // WDIV 0
  bw.put(0, 1);   // WTRUNC 0
  bw.put(1, 1);   // NEWPAL
  bw.put(0, 5);   // DIROFS 0
  bw.put(0, 5);   // PALSIZE 0
  bw.put(7, 3);   // PALBITS 9
  // Chunk 1: balance 0 -> weights and zero runs enabled.
  // WUNARY0 (12 bits): symbol codes for weights v=2 (quotient 2: code 2 -> "1" then WUNARY1 bit 1)
  // and v=4 (quotient 4: codes 2,2,0). Per position: bit set -> code 1 + WUNARY1 bit.
  // v=2: codes [2, 0] -> positions 0 (set), 1 (clear). v=4: codes [2, 2, 0] -> 2 set, 3 set, 4 clear.
  // Remaining positions 5..11 are code 0 symbols beyond the 2 weights (ignored).
  const uint32_t wunary0 = 0b01101;  // positions 0, 2, 3
  bw.put(wunary0, 12);
  // ZUNARY (12 bits, ZDIV < 3): runs 1, 0, 2 with div 0 -> unary "10", "0", "110", rest zeros.
  bw.put(0b011001, 12);  // bits LSB first: 1,0 | 0 | 1,1,0 then zeros (extra symbols ignored)
  bw.put(0b111, 3);         // WUNARY1: one bit per set WUNARY0 position: all 1 -> code 2
  // Chunk 2: weights done (w_pos >= 2), zero runs done: remainders of chunk 1 (div 0 -> none).
  bw.put(7, 3);
  auto bytes = bw.bytes;
  while (bytes.size() % 16) bytes.push_back(0xFF);
  const MlwResult r = decode_mlw(bytes);
  ASSERT_TRUE(r.ok) << r.error;
  // v=2 -> +1, v=4 -> +2; output: z0 zeros, w0, z1 zeros, w1, z2 zeros.
  EXPECT_EQ(r.weights, (std::vector<int16_t>{0, 1, 2, 0, 0}));
}

TEST(Mlw, TruncatedStreamIsAnError) {
  std::vector<int32_t> w(100, 3);
  auto s = test::encode_mlw_uncompressed(w);
  s.resize(20);
  EXPECT_FALSE(decode_mlw(s).ok);
}

TEST(Mlw, FirstSliceWithoutPaletteIsAnError) {
  test::BitWriter bw;
  bw.put(6, 3);
  bw.put(0, 15);
  bw.put(7, 3);
  bw.put(0, 1);
  bw.put(0, 1);  // NEWPAL 0 on the first slice
  EXPECT_FALSE(decode_mlw(bw.bytes).ok);
}

TEST(WeightLayout, UnpackInvertsTheSpecOrder) {
  for (bool part_kernel : {false, true})
    for (bool depthwise : {false, true}) {
      if (part_kernel && depthwise) continue;
      test::OrderParams op;
      op.depthwise = depthwise;
      op.part_kernel = part_kernel;
      op.ofm_depth = 21;
      op.ifm_depth = depthwise ? 21 : 37;
      op.kw = 3;
      op.kh = 10;
      op.ofm_block_depth = 16;
      std::vector<int32_t> W(depthwise ? size_t{21} * 30 : size_t{21} * 30 * 37);
      for (size_t i = 0; i < W.size(); ++i) W[i] = static_cast<int32_t>((i * 7919) % 511) - 255;
      const auto ordered = test::order_weights(W, op);
      std::vector<int16_t> dec(ordered.begin(), ordered.end());
      WeightLayoutParams p;
      p.depthwise = depthwise;
      p.part_kernel_first = part_kernel;
      p.ofm_depth = 21;
      p.ifm_depth = op.ifm_depth;
      p.kernel_width = 3;
      p.kernel_height = 10;
      p.ofm_block_depth = 16;
      DenseWeights out;
      std::string err;
      ASSERT_TRUE(unpack_weights(dec, p, out, err)) << err;
      ASSERT_EQ(out.values.size(), W.size());
      for (size_t i = 0; i < W.size(); ++i) ASSERT_EQ(out.values[i], W[i]) << i;
      // One value too many or too few is a decoder fault (KWS: counts are exact).
      dec.push_back(0);
      EXPECT_FALSE(unpack_weights(dec, p, out, err));
      dec.resize(dec.size() - 2);
      EXPECT_FALSE(unpack_weights(dec, p, out, err));
    }
}

// KWS golden: FC2 has IFM depth 16 and holds 128 x 32 weights (depth-first is not clipped).
TEST(WeightLayout, DepthFirstIsPaddedToIfmBlockOf32) {
  WeightLayoutParams p;
  p.ofm_depth = 128;
  p.ifm_depth = 16;
  p.ofm_block_depth = 128;
  EXPECT_EQ(weight_stream_count(p), 128u * 32u);
}

}  // namespace
}  // namespace corsim::npu
