// The Ethos-U85 weight decoders on their own: the FWD decoder (npu/fwd_decoder.cpp) against a
// reference written here from the format (VELA mlw_codec mlw_encode_fwd.cpp ml_encode_fwd /
// fwd_emit_header, ml_bit_buffer.hpp), on random weight sets encoded by the model compiler's FWD
// encoder and on every FWD stream of the four real Vela programs; and the U85 weight order's inversion (npu/weight_layout_u85.cpp) against the model
// compiler's own order (tools/model_compiler/u85_stream_encoder.h order_u85, written apart from
// npu/), for SWD and FWD with 1, 2 and 4 weight decoders.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>

#include "npu/driver_payload.h"
#include "npu/executor.h"
#include "npu/fwd_decoder.h"
#include "npu/region_bus.h"
#include "npu/weight_layout_u85.h"
#include "tools/model_compiler/u85_stream_encoder.h"
#include "u85_program.h"

namespace corsim::npu {
namespace {

namespace enc = model_compiler::u85_encode;

// The reference: one bit at a time, as the format is written. Bit i of the stream is bit (i % 8)
// of byte i / 8 (LSB first). Header: bit 0 raw mode, bit 1 small LUT, bits 104..111 the signed
// zero_adjust, from bit 112 sixteen 9-bit LUT entries (|v| << 1 | sign). From bit 256 one field
// per weight: 8 bits (raw: the signed byte minus zero_adjust), else a 2-bit (small LUT) or 4-bit
// LUT index. Decodes every field the payload has room for.
struct ReferenceFwd {
  bool raw = false, small_lut = false;
  std::vector<int32_t> weights;
};

uint32_t field(const std::vector<uint8_t>& s, size_t first_bit, unsigned bits) {
  uint32_t v = 0;
  for (unsigned b = 0; b < bits; ++b) {
    const size_t at = first_bit + b;
    v |= static_cast<uint32_t>((s[at / 8] >> (at % 8)) & 1) << b;
  }
  return v;
}

ReferenceFwd reference_decode(const std::vector<uint8_t>& s) {
  ReferenceFwd r;
  r.raw = field(s, 0, 1) == 1;
  r.small_lut = field(s, 1, 1) == 1;
  int32_t zero_adjust = static_cast<int32_t>(field(s, 104, 8));
  if (zero_adjust >= 128) zero_adjust -= 256;
  int32_t lut[16];
  for (int i = 0; i < 16; ++i) {
    const uint32_t folded = field(s, 112 + 9 * i, 9);
    lut[i] = (folded & 1) ? -static_cast<int32_t>(folded >> 1) : static_cast<int32_t>(folded >> 1);
  }
  const unsigned bits = r.raw ? 8 : r.small_lut ? 2 : 4;
  for (size_t at = 256; at + bits <= s.size() * 8; at += bits) {
    const uint32_t f = field(s, at, bits);
    if (r.raw) {
      const int32_t byte = f >= 128 ? static_cast<int32_t>(f) - 256 : static_cast<int32_t>(f);
      r.weights.push_back(byte - zero_adjust);
    } else {
      r.weights.push_back(lut[f]);
    }
  }
  return r;
}

// Decodes every field of `stream` with the fast decoder and compares with the reference.
void expect_matches_reference(const std::vector<uint8_t>& stream, const std::string& what) {
  const ReferenceFwd ref = reference_decode(stream);
  std::vector<int16_t> fast;
  std::string error;
  ASSERT_TRUE(decode_fwd(stream, ref.weights.size(), fast, error)) << what << ": " << error;
  ASSERT_EQ(fast.size(), ref.weights.size()) << what;
  for (size_t k = 0; k < fast.size(); ++k) ASSERT_EQ(fast[k], ref.weights[k]) << what << " weight " << k;
}

enum class FwdMode { kLut2, kLut4, kRaw };

// Random weights that the FWD encoder puts in `mode`: <= 4 distinct values (LUT2), 5..16 (LUT4),
// or a 256-value window anywhere in the 9-bit range (raw, exercising zero_adjust both ways).
std::vector<int32_t> random_weights(std::mt19937& rng, FwdMode mode, size_t count) {
  auto pick = [&](int32_t lo, int32_t hi) { return std::uniform_int_distribution<int32_t>(lo, hi)(rng); };
  std::vector<int32_t> w(count);
  if (mode == FwdMode::kRaw) {
    const int32_t lo = pick(-256, 0);
    for (auto& v : w) v = pick(lo, lo + 255);
    return w;
  }
  const size_t distinct = mode == FwdMode::kLut2 ? static_cast<size_t>(pick(1, 4)) : static_cast<size_t>(pick(5, 16));
  std::vector<int32_t> palette;
  while (palette.size() < distinct) {
    const int32_t v = pick(-255, 255);
    if (std::find(palette.begin(), palette.end(), v) == palette.end()) palette.push_back(v);
  }
  for (auto& v : w) v = palette[static_cast<size_t>(pick(0, static_cast<int32_t>(distinct) - 1))];
  // Every palette value at least once, so the encoder's mode is the one asked for.
  for (size_t k = 0; k < distinct && k < count; ++k) w[k] = palette[k];
  return w;
}

TEST(FwdDecoder, MatchesTheReferenceOnRandomWeightsFromTheModelCompilersEncoder) {
  std::mt19937 rng(85);
  for (FwdMode mode : {FwdMode::kLut2, FwdMode::kLut4, FwdMode::kRaw}) {
    for (int i = 0; i < 60; ++i) {
      // Counts that end mid-byte and mid-256-bit section, and long ones.
      const size_t count = i < 8 ? static_cast<size_t>(i) : std::uniform_int_distribution<size_t>(1, 5000)(rng);
      const std::vector<int32_t> w = random_weights(rng, mode, count);
      const std::vector<uint8_t> stream = enc::encode_fwd(w, mode == FwdMode::kRaw ? 1 : 0);
      ASSERT_FALSE(stream.empty());
      const std::string what = "mode " + std::to_string(static_cast<int>(mode)) + " count " + std::to_string(count);
      const ReferenceFwd ref = reference_decode(stream);
      if (count > 4 || mode == FwdMode::kRaw) {
        EXPECT_EQ(ref.raw, mode == FwdMode::kRaw) << what;
        EXPECT_EQ(ref.small_lut, mode == FwdMode::kLut2) << what;
      }
      // The weights the encoder was given, and every field of the padded payload.
      std::vector<int16_t> fast;
      std::string error;
      ASSERT_TRUE(decode_fwd(stream, count, fast, error)) << what << ": " << error;
      ASSERT_EQ(fast.size(), count);
      for (size_t k = 0; k < count; ++k) {
        ASSERT_EQ(fast[k], w[k]) << what << " weight " << k;
        ASSERT_EQ(ref.weights[k], w[k]) << what << " weight " << k << " (reference)";
      }
      expect_matches_reference(stream, what);
    }
  }
}

TEST(FwdDecoder, MatchesTheReferenceOnEveryFwdStreamOfTheRealU85Programs) {
  size_t streams = 0, raw_streams = 0, lut_streams = 0;
  for (const u85test::Program& p : u85test::programs()) {
    const std::string dir = u85test::kU85Dir + p.name + "/";
    std::string error;
    const auto payload = parse_driver_payload(u85test::slurp(dir + "cmd_stream.bin"), error);
    ASSERT_TRUE(payload) << dir << "cmd_stream.bin: " << error;
    const auto cfg = npu_config_from_word(payload->config);
    ASSERT_TRUE(cfg);
    RegionBus bus;
    bus.region(0) = u85test::slurp(dir + "weights.bin");
    ASSERT_FALSE(bus.region(0).empty()) << "missing " << dir << "weights.bin";
    bus.region(1).assign(p.scratch, 0);
    bus.region(2).assign(p.fast_scratch, 0);
    // Each convolution's FWD stream as it read it (Vela may DMA it into SRAM first). Only CONV
    // reads FWD weights (Vela never emits them for DEPTHWISE, docs/npu.md "Weights"); the weight
    // registers of other operations are left over from the last one that set them.
    std::vector<std::vector<uint8_t>> fwd;
    Executor ex(*cfg);
    const RunResult r = ex.run(payload->commands, bus, bus.basep(), kDriverRegionCfg, [&](const OpRecord& rec) {
      const OperationConfig& op = rec.op;
      if (op.kind != OpKind::kConv || op.weights_from_ifm2 || !op.fast_weights) return;
      const auto& region = bus.region(op.weight_region);
      const WeightStream& ws = op.weight_streams[0];
      if (ws.base + ws.length > region.size()) {
        ADD_FAILURE() << p.name << ": FWD stream at " << ws.base << " past its region";
        return;
      }
      fwd.emplace_back(region.begin() + static_cast<long>(ws.base), region.begin() + static_cast<long>(ws.base + ws.length));
    });
    ASSERT_EQ(r.reason, StopReason::kStop) << p.name << ": " << r.error;
    for (size_t k = 0; k < fwd.size(); ++k) {
      expect_matches_reference(fwd[k], p.name + " FWD stream " + std::to_string(k));
      ++(reference_decode(fwd[k]).raw ? raw_streams : lut_streams);
    }
    // Every golden model's convolutions are FWD (docs/npu.md, "Ethos-U85" weights).
    EXPECT_GT(fwd.size(), 0u) << p.name;
    streams += fwd.size();
    std::cout << p.name << ": " << fwd.size() << " FWD streams\n";
  }
  RecordProperty("fwd_streams", static_cast<int>(streams));
  // The goldens' FWD payloads are raw or LUT4 (docs/npu.md, "Ethos-U85" weights); both kinds must
  // have been compared.
  EXPECT_GT(raw_streams, 0u);
  EXPECT_GT(lut_streams, 0u);
}

TEST(FwdDecoder, RejectsAStreamOfTheWrongLength) {
  std::vector<int16_t> out;
  std::string error;
  EXPECT_FALSE(decode_fwd(std::vector<uint8_t>(31, 0), 0, out, error));
  EXPECT_NE(error.find("shorter than its 32-byte header"), std::string::npos) << error;
  const std::vector<uint8_t> raw = enc::encode_fwd(std::vector<int32_t>(40, 3), 1);  // 32 + 64 bytes
  ASSERT_EQ(raw.size(), 96u);
  EXPECT_TRUE(decode_fwd(raw, 40, out, error));
  EXPECT_TRUE(decode_fwd(raw, 64, out, error));   // the padding holds room for 64
  EXPECT_FALSE(decode_fwd(raw, 65, out, error));  // 65 raw weights need 128 bytes
  EXPECT_NE(error.find("FWD stream is 96 bytes; 65 raw weights need 128"), std::string::npos) << error;
  EXPECT_FALSE(decode_fwd(raw, 32, out, error));  // 32 need only 64 bytes
}

// ---- The U85 weight order's inversion ----

struct OrderCase {
  enc::U85OrderParams order;
  U85WeightParams params;
};

OrderCase order_case(enc::U85OrderParams::Traversal t, uint32_t ofm, uint32_t ifm, uint32_t kw, uint32_t kh,
                     uint32_t stride, uint32_t streams, bool sparse = false, uint32_t ifm_bits = 8) {
  OrderCase c;
  enc::U85OrderParams& o = c.order;
  o.traversal = t;
  o.sparse = sparse;
  o.ofm_depth = ofm;
  o.ifm_depth = t == enc::U85OrderParams::kDepthwise ? ofm : ifm;
  o.kw = kw;
  o.kh = kh;
  o.sx = o.sy = stride;
  o.ofm_block_depth = 16 * streams;
  o.ifm_block_depth = t == enc::U85OrderParams::kPartKernel ? 16 : sparse ? 128 : 64;
  o.ifm_bits = ifm_bits;
  o.ofm_ublock = 16;
  o.macs = streams == 1 ? 256 : streams == 2 ? 512 : 2048;
  o.streams = streams;
  U85WeightParams& p = c.params;
  p.traversal = t == enc::U85OrderParams::kDepthwise  ? U85Traversal::kDepthwise
                : t == enc::U85OrderParams::kPartKernel ? U85Traversal::kPartKernel
                                                        : U85Traversal::kDepthFirst;
  p.sparse = sparse;
  p.ofm_depth = o.ofm_depth;
  p.ifm_depth = o.ifm_depth;
  p.kernel_width = kw;
  p.kernel_height = kh;
  p.stride_x = p.stride_y = stride;
  p.ofm_block_depth = o.ofm_block_depth;
  p.ifm_block_depth = o.ifm_block_depth;
  p.ifm_bits = ifm_bits;
  p.ofm_ublock_depth = o.ofm_ublock;
  p.macs = o.macs;
  p.streams = streams;
  return c;
}

std::vector<OrderCase> order_cases() {
  using T = enc::U85OrderParams;
  std::vector<OrderCase> cases;
  for (uint32_t streams : {1u, 2u, 4u}) {
    cases.push_back(order_case(T::kDepthFirst, 70, 150, 3, 3, 1, streams));
    cases.push_back(order_case(T::kDepthFirst, 5, 3, 1, 1, 1, streams));
    cases.push_back(order_case(T::kDepthFirst, 33, 20, 10, 2, 2, streams));  // wider than an 8-wide sub-kernel
    cases.push_back(order_case(T::kPartKernel, 40, 7, 3, 3, 2, streams));
    cases.push_back(order_case(T::kPartKernel, 17, 24, 5, 1, 1, streams, false, 16));
    cases.push_back(order_case(T::kDepthFirst, 24, 44, 3, 3, 1, streams, true));
    cases.push_back(order_case(T::kPartKernel, 20, 36, 3, 2, 1, streams, true));
  }
  return cases;
}

// Dense W[o][ky][kx][i] with no zero value, so that a zero in an encoded sequence is padding.
std::vector<int32_t> random_dense(std::mt19937& rng, const enc::U85OrderParams& o) {
  const size_t ifm = o.traversal == enc::U85OrderParams::kDepthwise ? 1 : o.ifm_depth;
  std::vector<int32_t> w(size_t{o.ofm_depth} * o.kh * o.kw * ifm);
  std::uniform_int_distribution<int32_t> d(1, 127);
  for (auto& v : w) v = (rng() & 1) ? d(rng) : -d(rng);
  return w;
}

// What the FWD decoder hands the order: every stream's order, interleaved in blocks.
std::vector<int16_t> fwd_sequence(const std::vector<int32_t>& w, const enc::U85OrderParams& o) {
  std::vector<std::vector<int32_t>> per(o.streams);
  for (uint32_t s = 0; s < o.streams; ++s) per[s] = enc::order_u85(w, o, s);
  const std::vector<int32_t> seq = o.streams == 1 ? per[0] : enc::interleave_fwd(per, enc::fwd_block_size(o));
  return {seq.begin(), seq.end()};
}

// What the SWD decoders hand the order: one sequence per stream.
std::vector<std::vector<int16_t>> swd_sequences(const std::vector<int32_t>& w, const enc::U85OrderParams& o) {
  std::vector<std::vector<int16_t>> per(o.streams);
  for (uint32_t s = 0; s < o.streams; ++s) {
    const std::vector<int32_t> order = enc::order_u85(w, o, s);
    per[s].assign(order.begin(), order.end());
  }
  return per;
}

void expect_dense(const DenseWeights& got, const std::vector<int32_t>& w, const std::string& what) {
  ASSERT_EQ(got.values.size(), w.size()) << what;
  for (size_t k = 0; k < w.size(); ++k) ASSERT_EQ(got.values[k], w[k]) << what << " dense index " << k;
}

TEST(U85WeightOrder, FwdUnpackInvertsTheModelCompilersOrder) {
  std::mt19937 rng(17);
  int n = 0;
  for (const OrderCase& c : order_cases()) {
    const std::string what = "case " + std::to_string(n++);
    const std::vector<int32_t> w = random_dense(rng, c.order);
    const std::vector<int16_t> seq = fwd_sequence(w, c.order);
    EXPECT_EQ(u85_fwd_count(c.params, seq.size() * 2), seq.size()) << what;
    DenseWeights dense;
    std::string error;
    ASSERT_TRUE(unpack_u85_fwd(seq, c.params, dense, error)) << what << ": " << error;
    expect_dense(dense, w, what);
  }
}

TEST(U85WeightOrder, SwdUnpackInvertsTheModelCompilersOrderIncludingDepthwise) {
  using T = enc::U85OrderParams;
  std::mt19937 rng(55);
  std::vector<OrderCase> cases = order_cases();
  for (uint32_t streams : {1u, 2u, 4u}) {
    cases.push_back(order_case(T::kDepthwise, 37, 37, 3, 3, 1, streams));
    cases.push_back(order_case(T::kDepthwise, 16, 16, 5, 5, 2, streams, false, 16));
  }
  int n = 0;
  for (const OrderCase& c : cases) {
    const std::vector<int32_t> w = random_dense(rng, c.order);
    DenseWeights dense;
    std::string error;
    ASSERT_TRUE(unpack_u85_swd(swd_sequences(w, c.order), c.params, dense, error)) << "case " << n << ": " << error;
    expect_dense(dense, w, "case " + std::to_string(n++));
  }
}

TEST(U85WeightOrder, NonZeroPaddingAndWrongCountsAreErrors) {
  using T = enc::U85OrderParams;
  std::mt19937 rng(9);
  for (uint32_t streams : {1u, 4u}) {
    // IFM depth 5: three padding values in every IFM step of 8.
    const OrderCase c = order_case(T::kDepthFirst, 20, 5, 3, 1, 1, streams);
    const std::vector<int32_t> w = random_dense(rng, c.order);
    const std::vector<int16_t> seq = fwd_sequence(w, c.order);
    DenseWeights dense;
    std::string error;
    for (size_t at : {size_t{0}, seq.size() / 2, seq.size() - 1}) {
      std::vector<int16_t> bad = seq;
      const auto zero = std::find(bad.begin() + static_cast<long>(at), bad.end(), 0);
      ASSERT_NE(zero, bad.end());
      *zero = 7;
      EXPECT_FALSE(unpack_u85_fwd(bad, c.params, dense, error));
      EXPECT_NE(error.find("non-zero value 7 in padding position " + std::to_string(zero - bad.begin())),
                std::string::npos)
          << error;
    }
    std::vector<int16_t> shorter(seq.begin(), seq.end() - 1), longer = seq;
    longer.push_back(0);
    EXPECT_FALSE(unpack_u85_fwd(shorter, c.params, dense, error));
    EXPECT_FALSE(unpack_u85_fwd(longer, c.params, dense, error));
    // SWD: one stream short, one stream long.
    std::vector<std::vector<int16_t>> per = swd_sequences(w, c.order);
    ASSERT_TRUE(unpack_u85_swd(per, c.params, dense, error)) << error;
    per[0].pop_back();
    EXPECT_FALSE(unpack_u85_swd(per, c.params, dense, error));
    EXPECT_NE(error.find("weight stream 0 holds " + std::to_string(per[0].size()) + " values, the operation needs more"),
              std::string::npos)
        << error;
    per[0].push_back(0);
    per[0].push_back(0);
    EXPECT_FALSE(unpack_u85_swd(per, c.params, dense, error));
    EXPECT_NE(error.find("the operation needs " + std::to_string(per[0].size() - 1)), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace corsim::npu
