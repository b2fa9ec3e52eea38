#include <algorithm>

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
      case ScaleRecord::kU55:  // bias 40 bit, scale 32 bit, shift byte 9 (§3.2)
        out[c].bias = static_cast<int64_t>(le(r, 5) << 24) >> 24;
        out[c].scale = static_cast<uint32_t>(le(r + 5, 4));
        out[c].shift = r[9] & 0x3F;
        break;
      case ScaleRecord::kU85Acc32:  // bias int32, scale 31 bit, shift byte 8 (§3.2, §9.4)
        out[c].bias = static_cast<int32_t>(le(r, 4));
        out[c].scale = static_cast<uint32_t>(le(r + 4, 4)) & 0x7FFFFFFFu;
        out[c].shift = r[8] & 0x3F;
        break;
      case ScaleRecord::kU85Acc48:  // bias 48 bit, scale 15 bit, shift byte 8 (§3.2; unverified)
        out[c].bias = static_cast<int64_t>(le(r, 6) << 16) >> 16;
        out[c].scale = static_cast<uint32_t>(le(r + 6, 2)) & 0x7FFFu;
        out[c].shift = r[8] & 0x3F;
        break;
    }
  }
  return true;
}

namespace {

// U85 (§4.3, §9.6): SWD = one mlw stream per weight decoder, FWD = one stream; both then inverted
// through the U85 order (weight_layout_u85.cpp).
bool load_weights_u85(OpContext& ctx, DenseWeights& out) {
  const OperationConfig& op = ctx.op();
  U85WeightParams p;
  p.traversal = op.kind == OpKind::kDepthwise   ? U85Traversal::kDepthwise
                : op.kernel.part_kernel_first ? U85Traversal::kPartKernel
                                              : U85Traversal::kDepthFirst;
  p.sparse = op.sparse_2_4;
  p.ofm_depth = op.ofm.depth;
  p.ifm_depth = op.ifm.depth;
  p.kernel_width = op.kernel.width;
  p.kernel_height = op.kernel.height;
  p.stride_x = op.kernel.stride_x;
  p.stride_y = op.kernel.stride_y;
  p.dilation_x = op.kernel.dilation_x;
  p.dilation_y = op.kernel.dilation_y;
  p.ofm_block_depth = op.ofm_blk_depth;
  p.ifm_block_depth = op.ifm_block_depth;
  p.ifm_bits = op.ifm.elem_bits;
  p.ofm_ublock_depth = op.ofm_ublock_depth;
  p.macs = ctx.config().macs;
  p.streams = ctx.config().weight_decoders();
  if (op.fast_weights && op.kind == OpKind::kDepthwise)
    return ctx.fail(Fault::kCommand, "FWD weights on a DEPTHWISE operation (Vela never emits them)");
  std::vector<std::vector<uint8_t>> raw(op.weight_stream_count);
  for (uint32_t s = 0; s < op.weight_stream_count; ++s) {
    const WeightStream& ws = op.weight_streams[s];
    if (ws.length == 0 || ws.length > (uint64_t{1} << 26))
      return ctx.fail(Fault::kCommand, fmt::format("bad WEIGHT{}_LENGTH {}", s == 0 ? "" : std::to_string(s), ws.length));
    raw[s].resize(ws.length);
    if (!ctx.read(op.weight_region, ws.base, raw[s])) return false;
    ctx.traffic().weight_bytes += ws.length;
  }
  std::string err;
  if (op.fast_weights) {
    // At least 2 bits per weight: a stream of L bytes holds at most 4·L weights.
    const std::vector<WeightPosition> pos = u85_fwd_positions(p, raw[0].size() * 4);
    const FwdResult dec = decode_fwd(raw[0], pos.size());
    if (!dec.ok) return ctx.fail(Fault::kWeightDecode, dec.error);
    ctx.traffic().weights_decoded += dec.weights.size();
    ctx.traffic().weights_zero += static_cast<uint64_t>(std::count(dec.weights.begin(), dec.weights.end(), 0));
    ctx.traffic().fast_weights = true;
    ctx.traffic().fast_weights_lut = (raw[0][0] & 1) == 0;  // header bit 0: raw mode
    if (!unpack_u85_positions(dec.weights, pos, p, out, err)) return ctx.fail(Fault::kWeightDecode, err);
    return true;
  }
  std::vector<std::vector<int16_t>> decoded(op.weight_stream_count);
  for (uint32_t s = 0; s < op.weight_stream_count; ++s) {
    MlwResult dec = decode_mlw(raw[s]);
    if (!dec.ok) return ctx.fail(Fault::kWeightDecode, dec.error);
    ctx.traffic().weights_decoded += dec.weights.size();
    ctx.traffic().weights_zero += static_cast<uint64_t>(std::count(dec.weights.begin(), dec.weights.end(), 0));
    decoded[s] = std::move(dec.weights);
  }
  if (!unpack_u85_swd(decoded, p, out, err)) return ctx.fail(Fault::kWeightDecode, err);
  return true;
}

}  // namespace

bool load_weights(OpContext& ctx, DenseWeights& out) {
  const OperationConfig& op = ctx.op();
  if (op.isa == Isa::kU85) return load_weights_u85(ctx, out);
  if (op.weight_length == 0 || op.weight_length > (uint64_t{1} << 26))
    return ctx.fail(Fault::kCommand, fmt::format("bad WEIGHT_LENGTH {}", op.weight_length));
  std::vector<uint8_t> raw(op.weight_length);
  if (!ctx.read(op.weight_region, op.weight_base, raw)) return false;
  ctx.traffic().weight_bytes += raw.size();
  MlwResult dec = decode_mlw(raw);
  if (!dec.ok) return ctx.fail(Fault::kWeightDecode, dec.error);
  ctx.traffic().weights_decoded += dec.weights.size();
  WeightLayoutParams p;
  p.depthwise = op.kind == OpKind::kDepthwise;
  p.part_kernel_first = op.kernel.part_kernel_first;
  p.ofm_depth = op.ofm.depth;
  p.ifm_depth = op.ifm.depth;
  p.kernel_width = op.kernel.width;
  p.kernel_height = op.kernel.height;
  p.dilation_x = op.kernel.dilation_x;
  p.dilation_y = op.kernel.dilation_y;
  p.ofm_block_depth = op.ofm_blk_depth;
  p.ifm_bits = op.ifm.elem_bits;
  p.ofm_ublock_depth = ctx.config().ofm_ublock_depth();
  std::string err;
  if (!unpack_weights(dec.weights, p, out, err)) return ctx.fail(Fault::kWeightDecode, err);
  return true;
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
