// The mlw decoder (npu/mlw_decoder.cpp) against the decoder it replaced (reference/
// mlw_reference_decoder.cpp, checked by the KWS golden and Mlw.* before): the same weights, the
// same ok flag and the same error text on
//  - random streams: slice headers of every kind (zero runs or not, every ZDIV and WDIV, WTRUNC,
//    palettes of 1..32 entries of 2..9 bits, DIROFS) followed by random bits, then cut short,
//    bit-flipped or left as they are;
//  - the model compiler's Golomb-Rice and uncompressed streams (its encoder, mlw_encoder.cpp);
//  - real Vela streams: every 16-byte-aligned 4 KiB window of the weight/flash regions of the
//    three Vela models in the shared models folder (the streams start 16-byte aligned; the other
//    windows are real bytes that are not streams).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "npu/mlw_decoder.h"
#include "npu/runner/job.h"
#include "reference/mlw_reference_decoder.h"
#include "stream_builder.h"
#include "tools/model_compiler/mlw_encoder.h"

namespace corsim::npu {
namespace {

// Empty when the decoder with `kernel` agrees with the reference, else what differs.
std::string compare_kernel(std::span<const uint8_t> stream, MlwKernel kernel) {
  const MlwResult fast = decode_mlw(stream, kernel);
  const MlwResult ref = reference::decode_mlw_reference(stream);
  if (fast.ok != ref.ok) return "ok " + std::to_string(fast.ok) + " vs reference " + std::to_string(ref.ok);
  if (fast.error != ref.error) return "error '" + fast.error + "' vs reference '" + ref.error + "'";
  if (fast.weights.size() != ref.weights.size())
    return std::to_string(fast.weights.size()) + " weights vs reference " + std::to_string(ref.weights.size());
  for (size_t i = 0; i < ref.weights.size(); ++i)
    if (fast.weights[i] != ref.weights[i])
      return "weight " + std::to_string(i) + ": " + std::to_string(fast.weights[i]) + " vs reference " +
             std::to_string(ref.weights[i]);
  return "";
}

// Both kernels: the portable one and the fastest this host runs (AVX2 where it has it).
std::string compare(std::span<const uint8_t> stream) {
  const std::string portable = compare_kernel(stream, MlwKernel::kPortable);
  if (!portable.empty()) return "portable kernel: " + portable;
  const std::string fastest = compare_kernel(stream, MlwKernel::kFastest);
  return fastest.empty() ? "" : "fastest kernel: " + fastest;
}

// A slice header of a random kind (mlw_decode.c's fields), then `body_bits` random bits.
void random_slice(std::mt19937& rng, test::BitWriter& bw, bool first, bool& zero_runs) {
  const bool newpal = first || rng() % 3 == 0;
  if (newpal) zero_runs = rng() % 2;
  bw.put(zero_runs ? rng() % 6 : 6, 3);  // ZDIV 0..5, or 6: no zero runs
  const uint32_t nvalues = rng() % 8 == 0 ? rng() % 32768 : rng() % 300;
  bw.put(nvalues, 15);
  const uint32_t wdiv = rng() % 4 == 0 ? 7 : rng() % 6;
  bw.put(wdiv, 3);
  bw.put(rng() % 2, 1);  // WTRUNC
  bw.put(newpal, 1);
  if (newpal) {
    bw.put(rng() % 32, 5);  // DIROFS
    const uint32_t palsize = rng() % 3 == 0 ? 0 : rng() % 32;
    bw.put(palsize, 5);
    const uint32_t palbits = rng() % 8;
    bw.put(palbits, 3);
    for (uint32_t i = 0; i < (palsize ? palsize + 1 : 0); ++i) bw.put(rng(), palbits + 2);
  }
  // Random bits: about what a slice of this size takes (the decoder reads as many as it needs).
  const uint32_t body_bits = (nvalues + 1) * (3 + rng() % 12) + rng() % 64;
  for (uint32_t i = 0; i < body_bits; i += 32) bw.put(rng(), std::min(32u, body_bits - i));
}

TEST(MlwDifferential, RandomStreamsDecodeAsTheReferenceDoes) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 3000; ++trial) {
    test::BitWriter bw;
    bool zero_runs = false;
    const int slices = 1 + static_cast<int>(rng() % 4);
    for (int s = 0; s < slices; ++s) random_slice(rng, bw, s == 0, zero_runs);
    bw.put(7, 3);  // end of stream
    std::vector<uint8_t> bytes = bw.bytes;
    ASSERT_EQ(compare(bytes), "") << "trial " << trial;
    if (bytes.size() > 2) {
      std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(rng() % bytes.size()));
      ASSERT_EQ(compare(cut), "") << "trial " << trial << " cut to " << cut.size();
      for (int f = 0; f < 4; ++f) bytes[rng() % bytes.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
      ASSERT_EQ(compare(bytes), "") << "trial " << trial << " bit-flipped";
    }
  }
  // Wholly random bytes, mostly refused early, sometimes decoded.
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<uint8_t> bytes(rng() % 200);
    for (auto& b : bytes) b = static_cast<uint8_t>(rng());
    ASSERT_EQ(compare(bytes), "") << "random bytes " << trial;
  }
}

TEST(MlwDifferential, EncoderStreamsDecodeAsTheReferenceDoes) {
  std::mt19937 rng(29);
  for (int32_t range : {0, 1, 2, 5, 17, 60, 255})
    for (size_t n : {size_t{1}, size_t{12}, size_t{13}, size_t{97}, size_t{1000}, size_t{32768}, size_t{33000}}) {
      std::vector<int32_t> w(n);
      for (auto& x : w) x = range == 0 ? 0 : static_cast<int32_t>(rng() % (2 * range + 1)) - range;
      ASSERT_EQ(compare(model_compiler::encode_mlw(w)), "") << "range " << range << " n " << n;
      ASSERT_EQ(compare(test::encode_mlw_uncompressed(w)), "") << "uncompressed range " << range << " n " << n;
    }
}

TEST(MlwDifferential, RealVelaRegionsDecodeAsTheReferenceDoes) {
  for (const char* model : {"kws_cnn_small_u55-128", "kws_micronet_m_u55-128", "yolo_fastest_192_face_u55-128"}) {
    const std::string path = std::string(CORSIM_MODELS_DIR) + "/vela/" + model + "/model_vela.tflite";
    runner::Job job;
    std::string error;
    ASSERT_TRUE(runner::load_tflite(path, job, error)) << error;
    size_t windows = 0, decoded = 0;
    for (const auto& region : job.regions)
      for (size_t at = 0; at < region.size(); at += 16) {
        const size_t len = std::min<size_t>(4096, region.size() - at);
        const std::span<const uint8_t> window(region.data() + at, len);
        ASSERT_EQ(compare(window), "") << model << " offset " << at;
        ++windows;
        decoded += decode_mlw(window).ok;
      }
    EXPECT_GT(windows, 1000u) << model;
    EXPECT_GT(decoded, 0u) << model;  // some windows are whole streams
  }
}

}  // namespace
}  // namespace corsim::npu
