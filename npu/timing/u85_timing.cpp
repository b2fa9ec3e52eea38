#include "npu/timing/u85_timing.h"

#include <algorithm>
#include <array>

namespace corsim::npu::timing {

namespace {

uint64_t ceil_div(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : 0; }

// Vela 5.x ethos_u85.cpp s_EthosU85Configs: outputCycles[6] indexed 0 8-bit
// OFM, 1 16-bit, 2 32-bit, 3 64-bit, 4 chained 32-bit / binary 32 -> non-32, 5 binary 32 -> 32;
// activationCycles[2]: 0 normal, 1 H<->W transpose or W reverse.
struct U85AoTable {
  std::array<double, 6> output;
  std::array<double, 2> activation;
};

U85AoTable ao_table(uint32_t macs) {
  switch (macs) {
    case 128: return {{0.5, 0.5, 0.5, 1, 1, 1}, {0.5, 1}};
    case 256: return {{0.25, 0.25, 0.25, 0.5, 0.5, 0.5}, {0.25, 0.5}};
    case 512: return {{0.125, 0.125, 0.25, 0.5, 0.25, 0.25}, {0.125, 0.25}};
    case 1024: return {{0.0625, 0.125, 0.25, 0.5, 0.125, 0.25}, {0.0625, 0.125}};
    default: return {{0.03125, 0.0625, 0.125, 0.25, 0.0625, 0.125}, {0.03125, 0.0625}};
  }
}

}  // namespace

// The MAC array's work, per OFM micro-block and cycle: one kernel element times one IFM step of the
// U85 weight order (IFM inner step; VELA ethos_u85_weight_encoder.cpp
// EthosU85WeightOrdering): 8 channels, 16 positions holding at most 8 non-zero weights for 2:4
// sparsity, 1 channel for depthwise. What the weight order only pads is not computed: the kernel
// elements added to round a sub-kernel up to 5 or 10 (the encoder's element padding) and the IFM
// positions beyond the IFM depth in the last IFM block. Vela's estimator instead prices kernel
// elements in groups of 4 (part-kernel, depthwise) and whole IFM blocks; measured on Ambiq's
// U85-256 FPGA that over-prices ResNet-8's part-kernel 3x3 convolutions by 1.3x (docs/npu.md
// "MAC cycles by layer type").
uint64_t u85_mac_cycles_for_block(const OperationConfig& op, const NpuConfig& npu, uint32_t bh, uint32_t bw, uint32_t bd,
                                  bool weight_buffer_bound) {
  if (op.kind != OpKind::kConv && op.kind != OpKind::kDepthwise && op.kind != OpKind::kPool) return 0;
  // The micro-block is the one ACC_FORMAT names (ethosu85_interface.h microblock).
  const uint64_t nh = ceil_div(bh, op.ofm_ublock_height), nw = ceil_div(bw, op.ofm_ublock_width);
  const uint64_t nc = ceil_div(bd, op.ofm_ublock_depth);
  const uint64_t hw = nh * nw;
  const uint64_t bits_factor = std::max<uint32_t>(op.ifm.elem_bits / 8, 1);  // 16-bit data takes two passes
  const uint64_t cores = npu.weight_decoders();
  // Vela's weight-buffer limit: cycles_wb per step of 4 kernel elements (part-kernel, depthwise) or
  // per kernel element (depth-first) (ethos_u85_performance.cpp EstimateMacCyclesPerBlock).
  const uint64_t cycles_wb = weight_buffer_bound ? 32ull * op.ofm_ublock_depth / (8 * cores) : 0;
  const bool reduce_sum = op.kind == OpKind::kPool && op.pool_mode == PoolMode::kReduceSum;
  const bool pool = op.kind == OpKind::kPool && !reduce_sum;
  const bool part_kernel = op.kind == OpKind::kConv && op.kernel.part_kernel_first && !op.weights_from_ifm2;
  const bool sparse = op.sparse_2_4 && op.kind == OpKind::kConv;
  const uint32_t ifm_step = sparse ? 16 : 8;
  const uint64_t d = (op.acc_format == 1 && npu.macs <= 128) ? 3 : 2;  // 48-bit accumulators on U85-128
  const uint32_t sub_w = 8 / op.kernel.dilation_x, sub_h = 8 / op.kernel.dilation_y;
  // The cycles of one IFM block of `ifm_c` channels over the whole kernel (8x8 sub-kernels, Vela).
  auto kernel_cycles = [&](uint32_t ifm_c) {
    const uint64_t ifm_steps = ceil_div(ifm_c, ifm_step);
    uint64_t cycles = 0;
    for (uint32_t x = 0; x < op.kernel.width; x += sub_w) {
      for (uint32_t y = 0; y < op.kernel.height; y += sub_h) {
        const uint64_t e = uint64_t{std::min(sub_h, op.kernel.height - y)} * std::min(sub_w, op.kernel.width - x);
        uint64_t steps = e, c = 0;
        if (pool) {
          // Vela's pool formula with the U55's bit scaling (VELA ethos_u55_performance.cpp
          // EstimateMacCyclesPerBlock: ifmBits / 8): at least 4 cycles per micro-block. Vela's U85
          // form scales by ifmBits / 2, 4x more for 8-bit data; ResNet-8's 32x32x3 pooling NOP alone
          // would then take 8,192 of the 54,925 MAC_ACTIVE cycles its hardware counts, leaving less
          // than its convolutions need at 256 MACs per cycle.
          steps = 1;
          c = std::max<uint64_t>(4, e) * hw * nc * bits_factor;
        } else if (op.kind == OpKind::kDepthwise) {
          c = std::max<uint64_t>(cycles_wb / 4, hw * bits_factor) * e * nc;
        } else if (part_kernel) {
          c = std::max<uint64_t>(cycles_wb / 4, hw) * e * ifm_steps * nc * bits_factor;
        } else {  // depth-first convolution, FC, MatMul, REDUCE_SUM
          c = std::max<uint64_t>(cycles_wb, ifm_steps * hw) * e * nc * bits_factor;
        }
        uint64_t delay = 0;  // accumulator delay when one micro-block holds the block (Vela)
        if (hw == 1) {
          if (nc == 1) delay = d * steps;
          else if (steps > 1) delay = d * (steps - 1) * nc;
        }
        if (part_kernel) delay *= ifm_steps;
        cycles += c + delay;
      }
    }
    return cycles;
  };
  if (op.kind != OpKind::kConv && !reduce_sum) return kernel_cycles(1);
  // Convolutions and REDUCE_SUM repeat for each IFM block; the last one is clipped to the IFM depth.
  const uint32_t depth = std::max<uint32_t>(op.ifm.depth, 1);
  const uint32_t block = std::min<uint32_t>(op.ifm_block_depth ? op.ifm_block_depth : 64, depth);
  const uint32_t full = depth / block, rest = depth % block;
  return full * kernel_cycles(block) + (rest ? kernel_cycles(rest) : 0);
}

double u85_output_cycles_per_element(const OperationConfig& op, const NpuConfig& npu) {
  const U85AoTable t = ao_table(npu.macs);
  if (op.kind == OpKind::kElementwise && op.ew_mode == ElementwiseMode::kDiv) return 33.0;  // Vela 5.x
  const unsigned ifm_bits = op.ifm.elem_bits, ofm_bits = op.ofm.elem_bits;
  const bool binary_ew = op.kind == OpKind::kElementwise && !op.is_unary();
  size_t oi = 0;
  if (op.ofm.storage == Storage::kChained && (ofm_bits == 32 || ifm_bits == 32)) oi = 4;
  else if (ofm_bits == 64) oi = 3;
  else if (binary_ew && ifm_bits == 32) oi = ofm_bits == 32 ? 5 : 4;
  else if (ofm_bits == 32) oi = 2;
  else if (ofm_bits == 16) oi = 1;
  // H<->W transposes (WHC, WCH, CWH) and a W reverse run at half throughput.
  const Transpose tr = op.ofm.transpose;
  const bool slow = tr == Transpose::kWhc || tr == Transpose::kWch || tr == Transpose::kCwh || op.ofm.reverse == 2;
  return std::max(t.output[oi], t.activation[slow ? 1 : 0]);
}

uint64_t u85_weight_decode_cycles(const Traffic& traffic, const NpuConfig& npu) {
  const uint64_t n = traffic.weights_decoded;
  if (n == 0) return 0;
  if (traffic.fast_weights) return n / (traffic.fast_weights_lut ? 64 : 32);
  double zero_rate = static_cast<double>(traffic.weights_zero) / static_cast<double>(n);
  zero_rate = std::clamp(zero_rate, 0.5, 0.9);
  const auto per_core = static_cast<uint64_t>(8 + (zero_rate - 0.5) * (32 - 8) / 0.4);
  return n / (per_core * npu.weight_decoders());
}

}  // namespace corsim::npu::timing
