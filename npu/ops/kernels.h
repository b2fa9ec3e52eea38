#pragma once
// Bit-exact kernels, one per operation kind. Each reads its operands through the OpContext,
// writes the OFM, and returns false after recording a fault in the context.
#include <cstdint>
#include <vector>

#include "npu/ops/op_context.h"
#include "npu/weight_layout.h"

namespace corsim::npu {

struct ChannelScale {
  int64_t bias = 0;  // 40-bit on U55, 32 or 48-bit on U85 (EncodeBias)
  uint32_t scale = 1;
  uint32_t shift = 0;
};

// Reads `count` 10-byte records from the scale stream (Vela EncodeBias; op.scale_record's layout).
bool load_scales(OpContext& ctx, uint32_t count, std::vector<ChannelScale>& out);
// The dense weights of the stream(s) at WEIGHT_BASE/LENGTH (mlw_decode.c, GetNext), decoded
// or taken from the context's weight cache; valid until the next load_weights. nullptr after
// recording a fault in the context. Not const: the kernels keep their re-laid forms in it
// (DenseWeights::pairs, taps_first), with the cached entry.
DenseWeights* load_weights(OpContext& ctx);

bool run_conv(OpContext& ctx);        // CONV and DEPTHWISE
bool run_pool(OpContext& ctx);
bool run_elementwise(OpContext& ctx);
bool run_dma(OpContext& ctx);
bool run_resize(OpContext& ctx);      // U85

// MACs the operation performs (for reports and timing): kernel taps x IFM depth x OFM elements.
uint64_t operation_macs(const OperationConfig& op);

}  // namespace corsim::npu
