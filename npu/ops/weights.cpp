#include <fmt/format.h>

#include "npu/mlw_decoder.h"
#include "npu/ops/kernels.h"

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
  for (uint32_t c = 0; c < count; ++c) {
    const uint8_t* r = raw.data() + 10 * c;
    uint64_t b = 0;
    for (int i = 0; i < 5; ++i) b |= uint64_t{r[i]} << (8 * i);
    out[c].bias = static_cast<int64_t>(b << 24) >> 24;  // signed 40 bit
    out[c].scale = uint32_t{r[5]} | uint32_t{r[6]} << 8 | uint32_t{r[7]} << 16 | uint32_t{r[8]} << 24;
    out[c].shift = r[9] & 0x3F;
  }
  return true;
}

bool load_weights(OpContext& ctx, DenseWeights& out) {
  const OperationConfig& op = ctx.op();
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
    case OpKind::kConv: return ofm * taps * op.ifm.depth;
    case OpKind::kDepthwise: return ofm * taps;
    case OpKind::kPool: return op.pool_mode == PoolMode::kReduceSum ? ofm * taps * op.ifm.depth : ofm * taps;
    case OpKind::kElementwise: return ofm;
    default: return 0;
  }
}

}  // namespace corsim::npu
