#include "tools/model_compiler/shram_layout.h"

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

namespace corsim::model_compiler::shram {
namespace {

constexpr uint32_t kBankBytes = 1024;
constexpr uint32_t kOutputBanks = 2;
constexpr uint32_t kLutBanks = 2;
constexpr uint32_t kSplitDepth = 16;  // OFM depth step of the block search
constexpr uint32_t kSubKernel = 8;    // max sub-kernel width/height
constexpr Shape kBlockMax{32, 64, 128};
constexpr uint32_t kIfmUblockDepth = 8;  // IFM micro-block depth of every U55 configuration

// Per-configuration constants (Vela ethos_u55.cpp).
struct Arch {
  uint32_t banks;
  uint32_t ublock_w, ublock_h, ublock_d;  // OFM micro-block
  uint32_t ifm8, ifm16, ifm8_ew, ifm16_ew, ifm32;
  uint32_t acc32, acc40;
};

Arch arch_of(uint32_t macs) {
  switch (macs) {
    case 32: return {16, 1, 1, 4, 2, 2, 2, 2, 4, 4, 4};
    case 64: return {16, 1, 1, 8, 2, 2, 2, 2, 4, 4, 8};
    case 128: return {24, 2, 1, 8, 4, 4, 4, 4, 8, 8, 12};
    default: return {48, 2, 2, 8, 8, 8, 8, 8, 16, 16, 20};
  }
}

uint32_t round_up(uint32_t v, uint32_t m) { return (v + m - 1) / m * m; }
uint32_t div_up(uint32_t v, uint32_t m) { return (v + m - 1) / m; }

bool equal_depth(const OpShape& op) { return op.kind != OpKind::kConv; }

// IFM rows/columns one OFM block reads: (block - 1) * stride + min(kernel, sub-kernel).
uint32_t ifm_extent(uint32_t ofm, uint32_t stride, uint32_t kernel) {
  return (ofm - 1) * stride + std::min(kernel, kSubKernel);
}

uint32_t ifm_block_depth(const OpShape& op, uint32_t ofm_block_d) {
  if (equal_depth(op)) return ofm_block_d;
  if (op.ifm_bits == 16) return round_up(std::min(op.ifm.c, 16u), 4);
  return round_up(std::min(op.ifm.c, op.part_kernel ? 16u : 32u), kIfmUblockDepth);
}

}  // namespace

namespace {

// The layout for an IFM block (ih x iw x id) feeding an OFM block (bw x bh x bd).
std::optional<Layout> layout_from(uint32_t macs, const OpShape& op, uint32_t ih, uint32_t iw, uint32_t id,
                                  uint32_t bw, uint32_t bh, uint32_t bd) {
  const Arch a = arch_of(macs);
  const bool ew = op.kind == OpKind::kElementwise;
  const bool acc40 = op.ifm_bits == 16 && op.kind != OpKind::kPool;
  uint32_t granule = 0;
  switch (op.ifm_bits) {
    case 8: granule = ew ? a.ifm8_ew : a.ifm8; break;
    case 16: granule = ew ? a.ifm16_ew : a.ifm16; break;
    default: granule = a.ifm32; break;
  }
  const uint32_t ifm_bytes = ih * iw * round_up(id * op.ifm_bits / 8, 8);
  const uint32_t ifm_banks = round_up(div_up(ifm_bytes, kBankBytes) * 2, granule);  // double-buffered

  Layout l;
  l.acc_format = acc40 ? 1 : 0;
  const uint32_t lut_banks = (op.uses_lut || a.banks > 16) ? kLutBanks : 0;
  l.lut_start = a.banks - lut_banks;
  l.ib_end = kOutputBanks + ifm_banks;
  l.ib_start2 = l.ib_end;
  l.ab_start = l.lut_start;
  if (!ew) {
    const uint32_t acc_bits = acc40 ? 40 : 32;
    const uint32_t acc_bytes = bw * bh * round_up(bd, 8) * acc_bits / 8;
    const uint32_t acc_banks = round_up(div_up(acc_bytes, kBankBytes) * 2, acc40 ? a.acc40 : a.acc32);
    if (acc_banks > l.ab_start) return std::nullopt;
    l.ab_start -= acc_banks;
  } else {
    // Elementwise: no accumulators; the IFM area runs up to the LUT, IFM2 after the first IFM.
    const uint32_t ifm2_banks = op.scalar_ifm2 ? 0 : ifm_banks;
    if (l.ib_start2 + ifm2_banks > l.ab_start) return std::nullopt;
    l.ib_end = l.ab_start;
  }
  if (l.ib_end > l.ab_start) return std::nullopt;
  return l;
}

struct IfmBlock {
  uint32_t h, w, d;
};

// The IFM block that feeds an OFM block, rounded to the OFM micro-block.
IfmBlock ifm_block_for(const Arch& a, const OpShape& op, uint32_t bw, uint32_t bh, uint32_t bd) {
  return {round_up(ifm_extent(bh, op.stride_y, op.kernel_h), a.ublock_h),
          round_up(ifm_extent(bw, op.stride_x, op.kernel_w), a.ublock_w), ifm_block_depth(op, bd)};
}

}  // namespace

std::optional<Layout> layout_for(uint32_t macs, const OpShape& op, uint32_t bw, uint32_t bh, uint32_t bd) {
  const IfmBlock ib = ifm_block_for(arch_of(macs), op, bw, bh, bd);
  return layout_from(macs, op, ib.h, ib.w, ib.d, bw, bh, bd);
}

bool prefers_part_kernel(uint32_t ifm_depth, uint32_t ifm_bits, uint32_t kernel_elements) {
  if (ifm_depth <= 8) return true;
  const float depth_use = float(ifm_depth) / float(round_up(ifm_depth, ifm_bits == 8 ? 32 : 16));
  const float part_use = float(ifm_depth) * float(kernel_elements) /
                         (float(round_up(ifm_depth, 8)) * float(round_up(kernel_elements, ifm_bits == 8 ? 4 : 2)));
  return part_use > depth_use;
}

std::optional<Block> choose_block(uint32_t macs, const OpShape& op) {
  const Arch a = arch_of(macs);
  const Shape space{round_up(std::min(op.ofm.h, kBlockMax.h), a.ublock_h),
                    round_up(std::min(op.ofm.w, kBlockMax.w), a.ublock_w),
                    round_up(std::min(op.ofm.c, kBlockMax.c), a.ublock_d)};
  const bool conv = op.kind == OpKind::kConv || op.kind == OpKind::kDepthwise;
  const bool ew = op.kind == OpKind::kElementwise;
  const uint32_t repeats = div_up(op.kernel_w, kSubKernel) * div_up(op.kernel_h, kSubKernel);
  const uint32_t weight_wh = conv ? op.kernel_w * op.kernel_h : 0;
  const float ofm_elements = float(op.ofm.h * op.ofm.w * op.ofm.c);
  const uint32_t ifm_elements = op.ifm.h * op.ifm.w * op.ifm.c;

  // Costs are single-precision like the compiler's, so that ties break the same way.
  std::optional<Block> best;
  float best_cost = std::numeric_limits<float>::infinity();
  float best_coverage = std::numeric_limits<float>::infinity();
  std::set<std::pair<uint32_t, uint32_t>> wont_fit;  // (h, w): no deeper block of this area fits
  uint32_t depth = std::max(a.ublock_d, std::min(space.c, kSplitDepth));
  if (depth < op.ofm.c) depth = round_up(depth, kSplitDepth);
  while (depth <= space.c) {
    for (uint32_t h = a.ublock_h; h <= space.h; h += a.ublock_h) {
      for (uint32_t w = a.ublock_w; w <= space.w; w += a.ublock_w) {
        if (wont_fit.count({h, w})) continue;
        const IfmBlock ib = ifm_block_for(a, op, w, h, depth);
        // A 1-high OFM with a 1-high kernel on a 2-high micro-block uses a 1-high block.
        const uint32_t fit_h = (op.ofm.h == 1 && op.kernel_h == 1 && a.ublock_h == 2) ? std::min(h, op.ofm.h) : h;
        const std::optional<Layout> layout = layout_from(macs, op, ib.h, ib.w, ib.d, w, fit_h, depth);
        if (!layout) {
          wont_fit.insert({h, w});
          continue;
        }
        // Refetch cost per OFM element: IFM re-reads (halo, sub-kernel repeats, depth splits)
        // plus weight re-reads per OFM block position; elementwise: the number of blocks.
        const float full_wh = float(div_up(op.ofm.h, fit_h) * div_up(op.ofm.w, w));
        const float blocks_h = float(op.ofm.h) / float(fit_h), blocks_w = float(op.ofm.w) / float(w);
        const float blocks_d = float(op.ofm.c) / float(depth);
        float weight_fetch = float(weight_wh * op.ifm.c) * full_wh;
        if (op.kind != OpKind::kDepthwise) weight_fetch *= blocks_d * float(depth);
        float ifm_fetch = float(ib.h * ib.w * op.ifm.c * repeats) * blocks_w * blocks_h;
        if (!equal_depth(op)) ifm_fetch *= float(div_up(op.ofm.c, depth));
        float cost = ew ? ofm_elements / float(h * w * depth) : (ifm_fetch + weight_fetch) / ofm_elements;
        if (ifm_elements < ib.h * ib.w * ib.d * 2) cost /= 2.0f;  // the whole IFM fits in both buffers
        if (cost > best_cost) continue;
        bool take = true;
        if (cost == best_cost) {
          const float coverage = float(op.ifm.h * op.ifm.w) /
                                 float(std::max(1u, std::min(op.ifm.h, ib.h) * std::min(op.ifm.w, ib.w)));
          take = coverage <= best_coverage && h <= 4 && w <= 4;
          if (take) best_coverage = coverage;
        } else {
          best_coverage = std::numeric_limits<float>::infinity();
        }
        if (take) {
          best_cost = cost;
          best = Block{w, h, depth, ib.d, *layout};
        }
      }
    }
    depth += a.ublock_d;
    if (depth < op.ofm.c) depth = round_up(depth, kSplitDepth);
  }
  return best;
}

}  // namespace corsim::model_compiler::shram
