#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "npu/fwd_decoder.h"
#include "npu/mlw_decoder.h"
#include "npu/ops/kernels.h"
#include "npu/weight_layout_u85.h"

namespace corsim::npu {

bool load_scales(OpContext& ctx, uint32_t count, std::vector<ChannelScale>& out) {
  const OperationConfig& op = ctx.op();
  const uint64_t need = uint64_t{count} * 10;
  if (op.scale_length < need)
    return ctx.fail(Fault::kCommand, fmt::format("SCALE_LENGTH {} is shorter than {} channels x 10 bytes",
                                                 op.scale_length, count));
  std::vector<uint8_t> raw(need);
  if (!ctx.read(op.scale_region, op.scale_base, raw)) return false;
  ctx.traffic().scale_bytes += need;
  out.resize(count);
  auto le = [](const uint8_t* p, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= uint64_t{p[i]} << (8 * i);
    return v;
  };
  for (uint32_t c = 0; c < count; ++c) {
    const uint8_t* r = raw.data() + 10 * c;
    switch (op.scale_record) {
      case ScaleRecord::kU55:  // bias 40 bit, scale 32 bit, shift byte 9 (EncodeBias)
        out[c].bias = static_cast<int64_t>(le(r, 5) << 24) >> 24;
        out[c].scale = static_cast<uint32_t>(le(r + 5, 4));
        out[c].shift = r[9] & 0x3F;
        break;
      case ScaleRecord::kU85Acc32:  // bias int32, scale 31 bit, shift byte 8 (U85 goldens)
        out[c].bias = static_cast<int32_t>(le(r, 4));
        out[c].scale = static_cast<uint32_t>(le(r + 4, 4)) & 0x7FFFFFFFu;
        out[c].shift = r[8] & 0x3F;
        break;
      case ScaleRecord::kU85Acc48:  // bias 48 bit, scale 15 bit, shift byte 8 (Vela U85 encoder; unverified)
        out[c].bias = static_cast<int64_t>(le(r, 6) << 16) >> 16;
        out[c].scale = static_cast<uint32_t>(le(r + 6, 2)) & 0x7FFFu;
        out[c].shift = r[8] & 0x3F;
        break;
    }
  }
  return true;
}

namespace {

// The fields both weight orders take from the operation's shapes and window.
template <typename Params>
void set_shape_fields(const OperationConfig& op, Params& p) {
  p.ofm_depth = op.ofm.depth;
  p.ifm_depth = op.ifm.depth;
  p.kernel_width = op.kernel.width;
  p.kernel_height = op.kernel.height;
  p.dilation_x = op.kernel.dilation_x;
  p.dilation_y = op.kernel.dilation_y;
  p.ofm_block_depth = op.ofm_blk_depth;
  p.ifm_bits = op.ifm.elem_bits;
}

// The U85 weight order's parameters (U85 goldens) for this operation.
U85WeightParams u85_params(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  U85WeightParams p;
  set_shape_fields(op, p);
  p.traversal = op.kind == OpKind::kDepthwise   ? U85Traversal::kDepthwise
                : op.kernel.part_kernel_first ? U85Traversal::kPartKernel
                                              : U85Traversal::kDepthFirst;
  p.sparse = op.sparse_2_4;
  p.stride_x = op.kernel.stride_x;
  p.stride_y = op.kernel.stride_y;
  p.ifm_block_depth = op.ifm_block_depth;
  p.ofm_ublock_depth = op.ofm_ublock_depth;
  p.macs = ctx.config().macs;
  p.streams = ctx.config().weight_decoders();
  return p;
}

// The U55/U65 weight order's parameters (Vela GetNext).
WeightLayoutParams u55_params(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  WeightLayoutParams p;
  set_shape_fields(op, p);
  p.depthwise = op.kind == OpKind::kDepthwise;
  p.part_kernel_first = op.kernel.part_kernel_first;
  p.ofm_ublock_depth = ctx.config().ofm_ublock_depth();
  return p;
}

// A hash of a stream's bytes: Vela DMAs each operation's weights into the same SRAM buffer, so the
// key names the content, not the address. The cache compares the bytes themselves before it uses
// an entry, so the hash need only tell apart the different streams one program runs with the same
// layout and length (real weights differ almost everywhere): FNV-1a's step over at most
// kHashedWords 8-byte words spread evenly over the stream, the last word included, then the tail
// bytes. Hashing every word was 3% of a warm U85 run and the same again cold, for a pass the byte
// compare makes anyway. Two streams the sample cannot tell apart only share a key: each use then
// decodes afresh and replaces the entry (never a stale result).
uint64_t content_hash(const std::vector<uint8_t>& bytes) {
  constexpr uint64_t kPrime = 0x100000001b3ull;
  constexpr size_t kHashedWords = 256;
  const size_t words = bytes.size() / 8;
  const size_t step = std::max<size_t>(1, words / kHashedWords);
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](size_t word_index) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + 8 * word_index, sizeof word);
    h = (h ^ word) * kPrime;
    h ^= h >> 29;
  };
  for (size_t w = 0; w < words; w += step) mix(w);
  if (words > 0 && (words - 1) % step != 0) mix(words - 1);
  for (size_t i = words * 8; i < bytes.size(); ++i) h = (h ^ bytes[i]) * kPrime;
  return h;
}

// Zero values among a decoder's output (Traffic::weights_zero), counted in 32-bit chunks so that
// the compare-and-add loop vectorises on narrow lanes (std::count's 64-bit count did not).
uint64_t count_zeros(std::span<const int16_t> values) {
  constexpr size_t kChunk = size_t{1} << 24;
  uint64_t zeros = 0;
  for (size_t at = 0; at < values.size(); at += kChunk) {
    uint32_t in_chunk = 0;
    for (const int16_t v : values.subspan(at, std::min(kChunk, values.size() - at))) in_chunk += v == 0 ? 1u : 0u;
    zeros += in_chunk;
  }
  return zeros;
}

// The weight cache's key: the layout parameters of the decode and each stream's length and hash.
std::vector<uint64_t> cache_key(OpContext& ctx, const U85WeightParams& u85, const WeightLayoutParams& u55,
                                const std::vector<std::vector<uint8_t>>& raw) {
  const OperationConfig& op = ctx.op();
  std::vector<uint64_t> k = {static_cast<uint64_t>(op.isa), op.fast_weights};
  if (op.isa == Isa::kU85) {
    k.insert(k.end(), {static_cast<uint64_t>(u85.traversal), u85.sparse, u85.ofm_depth, u85.ifm_depth,
                       u85.kernel_width, u85.kernel_height, u85.stride_x, u85.stride_y, u85.dilation_x,
                       u85.dilation_y, u85.ofm_block_depth, u85.ifm_block_depth, u85.ifm_bits,
                       u85.ofm_ublock_depth, u85.macs, u85.streams});
  } else {
    k.insert(k.end(), {u55.depthwise, u55.part_kernel_first, u55.ofm_depth, u55.ifm_depth, u55.kernel_width,
                       u55.kernel_height, u55.dilation_x, u55.dilation_y, u55.ofm_block_depth, u55.ifm_bits,
                       u55.ofm_ublock_depth});
  }
  for (const auto& stream : raw) k.insert(k.end(), {stream.size(), content_hash(stream)});
  return k;
}

// U85 (ethos_u85_weight_encoder.cpp): SWD = one mlw stream per weight decoder, FWD = one stream;
// both then inverted through the U85 order (weight_layout_u85.cpp).
bool decode_u85(OpContext& ctx, const U85WeightParams& p, const std::vector<std::vector<uint8_t>>& raw,
                WeightCache::Entry& e) {
  const OperationConfig& op = ctx.op();
  std::string err;
  if (op.fast_weights) {
    // At least 2 bits per weight: a stream of L bytes holds at most 4·L weights.
    std::vector<int16_t>& values = ctx.weight_cache().stream_order_buffer();
    if (!decode_fwd(raw[0], u85_fwd_count(p, raw[0].size() * 4), values, err)) return ctx.fail(Fault::kWeightDecode, err);
    e.decoded += values.size();
    e.zero += count_zeros(values);
    if (!unpack_u85_fwd(values, p, e.weights, err)) return ctx.fail(Fault::kWeightDecode, err);
    return true;
  }
  std::vector<std::vector<int16_t>> decoded(op.weight_stream_count);
  for (uint32_t s = 0; s < op.weight_stream_count; ++s) {
    MlwResult dec = decode_mlw(raw[s]);
    if (!dec.ok) return ctx.fail(Fault::kWeightDecode, dec.error);
    e.decoded += dec.weights.size();
    e.zero += count_zeros(dec.weights);
    decoded[s] = std::move(dec.weights);
  }
  if (!unpack_u85_swd(decoded, p, e.weights, err)) return ctx.fail(Fault::kWeightDecode, err);
  return true;
}

// U55/U65 (mlw_decode.c, GetNext): one mlw stream (the zero count is not used by the U55 timing).
bool decode_u55(OpContext& ctx, const WeightLayoutParams& p, const std::vector<uint8_t>& raw, WeightCache::Entry& e) {
  MlwResult dec = decode_mlw(raw);
  if (!dec.ok) return ctx.fail(Fault::kWeightDecode, dec.error);
  e.decoded += dec.weights.size();
  std::string err;
  if (!unpack_weights(dec.weights, p, e.weights, err)) return ctx.fail(Fault::kWeightDecode, err);
  return true;
}

}  // namespace

DenseWeights* load_weights(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  const bool u85 = op.isa == Isa::kU85;
  // The streams' bytes: read every time (the NPU reads them every time; traffic counted).
  std::vector<std::vector<uint8_t>> raw;
  if (u85) {
    if (op.fast_weights && op.kind == OpKind::kDepthwise) {
      ctx.fail(Fault::kCommand, "FWD weights on a DEPTHWISE operation (Vela never emits them)");
      return nullptr;
    }
    raw.resize(op.weight_stream_count);
    for (uint32_t s = 0; s < op.weight_stream_count; ++s) {
      const WeightStream& ws = op.weight_streams[s];
      if (ws.length == 0 || ws.length > (uint64_t{1} << 26)) {
        ctx.fail(Fault::kCommand, fmt::format("bad WEIGHT{}_LENGTH {}", s == 0 ? "" : std::to_string(s), ws.length));
        return nullptr;
      }
      raw[s].resize(ws.length);
      if (!ctx.read(op.weight_region, ws.base, raw[s])) return nullptr;
      ctx.traffic().weight_bytes += ws.length;
    }
  } else {
    if (op.weight_length == 0 || op.weight_length > (uint64_t{1} << 26)) {
      ctx.fail(Fault::kCommand, fmt::format("bad WEIGHT_LENGTH {}", op.weight_length));
      return nullptr;
    }
    raw.resize(1);
    raw[0].resize(op.weight_length);
    if (!ctx.read(op.weight_region, op.weight_base, raw[0])) return nullptr;
    ctx.traffic().weight_bytes += raw[0].size();
  }
  const U85WeightParams p85 = u85 ? u85_params(ctx) : U85WeightParams{};
  const WeightLayoutParams p55 = u85 ? WeightLayoutParams{} : u55_params(ctx);
  const std::vector<uint64_t> key = cache_key(ctx, p85, p55, raw);
  WeightCache& cache = ctx.weight_cache();
  WeightCache::Entry* entry = cache.find(key, raw);
  if (!entry) {
    WeightCache::Entry fresh;
    if (u85 ? !decode_u85(ctx, p85, raw, fresh) : !decode_u55(ctx, p55, raw[0], fresh)) return nullptr;
    fresh.streams = std::move(raw);
    entry = &cache.insert(key, std::move(fresh));
  }
  Traffic& t = ctx.traffic();
  t.weights_decoded += entry->decoded;
  t.weights_zero += entry->zero;
  if (u85 && op.fast_weights) {
    t.fast_weights = true;
    t.fast_weights_lut = (entry->streams[0][0] & 1) == 0;  // header bit 0: raw mode
  }
  return &entry->weights;
}

uint64_t operation_macs(const OperationConfig& op) {
  const uint64_t ofm = op.ofm.elements();
  const uint64_t taps = uint64_t{op.kernel.width} * op.kernel.height;
  switch (op.kind) {
    case OpKind::kConv: return op.weights_from_ifm2 ? ofm * op.ifm.depth : ofm * taps * op.ifm.depth;
    case OpKind::kDepthwise: return ofm * taps;
    case OpKind::kPool: return op.pool_mode == PoolMode::kReduceSum ? ofm * taps * op.ifm.depth : ofm * taps;
    case OpKind::kElementwise: return ofm;
    case OpKind::kResize: return ofm;
    default: return 0;
  }
}

}  // namespace corsim::npu
