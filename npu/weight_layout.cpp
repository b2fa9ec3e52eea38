#include "npu/weight_layout.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace corsim::npu {

namespace {

constexpr uint32_t kIfmUblockDepth = 8;

uint32_t round_up(uint32_t v, uint32_t m) { return (v + m - 1) / m * m; }

// Walks the GetNext nesting; calls visit(o, ky, kx, i, valid, count) for each run of `count`
// emitted values (the 8 IFM channels of a ublock, or one depthwise value) whose first `valid` are
// the weights of o, ky, kx and IFM channels i, i + 1, ... (contiguous in the dense order) and the
// rest padding carrying 0 (o = UINT32_MAX when none is valid). Stops early when visit returns false.
template <typename Visit>
bool walk(const WeightLayoutParams& p, Visit&& visit) {
  const bool ifm16 = p.ifm_bits == 16;
  const uint32_t ifm_block_depth = (p.part_kernel_first || ifm16) ? 16 : 32;
  const uint32_t decomp_x = 8 / p.dilation_x, decomp_y = 8 / p.dilation_y;
  const uint32_t elem_round = p.depthwise ? 4 : (p.part_kernel_first ? (ifm16 ? 2 : 4) : 1);
  const uint32_t ofm_ublock = p.ofm_ublock_depth;
  const uint32_t ifm_depth_loop = p.depthwise ? 1 : p.ifm_depth;
  for (uint32_t ofm_block_z = 0; ofm_block_z < p.ofm_depth; ofm_block_z += p.ofm_block_depth) {
    const uint32_t clipped_ofm_block = std::min(p.ofm_block_depth, p.ofm_depth - ofm_block_z);
    for (uint32_t ifm_block_z = 0; ifm_block_z < ifm_depth_loop; ifm_block_z += ifm_block_depth) {
      // KWS conv 1: part-kernel-first clips the IFM ublock loop to the remaining depth (rounded to
      // 8); depth-first does not.
      const uint32_t pk_depth = round_up(std::min(ifm_block_depth, p.ifm_depth - ifm_block_z), kIfmUblockDepth);
      for (uint32_t sub_ky = 0; sub_ky < p.kernel_height; sub_ky += decomp_y) {
        for (uint32_t sub_kx = 0; sub_kx < p.kernel_width; sub_kx += decomp_x) {
          const uint32_t sub_h = std::min(decomp_y, p.kernel_height - sub_ky);
          const uint32_t sub_w = std::min(decomp_x, p.kernel_width - sub_kx);
          const uint32_t elements = round_up(sub_w * sub_h, elem_round);
          const uint32_t outer_end = p.part_kernel_first && !p.depthwise ? pk_depth : 1;
          const uint32_t outer_step = p.part_kernel_first && !p.depthwise ? kIfmUblockDepth : 1;
          for (uint32_t outer = 0; outer < outer_end; outer += outer_step) {
            for (uint32_t ofm_ub = 0; ofm_ub < clipped_ofm_block; ofm_ub += ofm_ublock) {
              for (uint32_t e = 0; e < elements; ++e) {
                const uint32_t kx = e % sub_w, ky = e / sub_w;
                const bool pad_elem = e >= sub_w * sub_h;
                const uint32_t inner_end = (!p.part_kernel_first && !p.depthwise) ? ifm_block_depth : 1;
                const uint32_t inner_step = (!p.part_kernel_first && !p.depthwise) ? kIfmUblockDepth : 1;
                for (uint32_t inner = 0; inner < inner_end; inner += inner_step) {
                  for (uint32_t oz = 0; oz < ofm_ublock; ++oz) {
                    const uint32_t o = ofm_block_z + ofm_ub + oz;
                    const uint32_t count = p.depthwise ? 1 : kIfmUblockDepth;
                    const uint32_t i = p.depthwise ? o : ifm_block_z + outer + inner;
                    const bool o_valid = !pad_elem && ofm_ub + oz < clipped_ofm_block && o < p.ofm_depth;
                    const uint32_t valid =
                        !o_valid ? 0 : p.depthwise ? 1 : i >= p.ifm_depth ? 0 : std::min(count, p.ifm_depth - i);
                    if (!visit(valid ? o : UINT32_MAX, sub_ky + ky, sub_kx + kx, i, valid, count)) return false;
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return true;
}

}  // namespace

uint64_t weight_stream_count(const WeightLayoutParams& p) {
  uint64_t n = 0;
  walk(p, [&](uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t count) {
    n += count;
    return true;
  });
  return n;
}

bool unpack_weights(std::span<const int16_t> decoded, const WeightLayoutParams& p, DenseWeights& out,
                    std::string& error) {
  out.ofm_depth = p.ofm_depth;
  out.kernel_height = p.kernel_height;
  out.kernel_width = p.kernel_width;
  out.ifm_depth = p.depthwise ? 1 : p.ifm_depth;
  out.values.assign(size_t{out.ofm_depth} * out.kernel_height * out.kernel_width * out.ifm_depth, 0);
  size_t pos = 0;
  // Every KWS stream decodes to exactly the count the order implies; the walk stops as soon
  // as the stream runs short, so a hostile register file cannot make it loop for long.
  const bool complete = walk(p, [&](uint32_t o, uint32_t ky, uint32_t kx, uint32_t i, uint32_t valid, uint32_t count) {
    if (pos + count > decoded.size()) return false;
    if (valid > 0) {
      const uint32_t ii = p.depthwise ? 0 : i;
      int16_t* dst = &out.values[((size_t{o} * out.kernel_height + ky) * out.kernel_width + kx) * out.ifm_depth + ii];
      // A run of 8 (the usual) as one fixed-size copy: copy_n of a few values was a memmove call.
      if (valid == 8) std::memcpy(dst, &decoded[pos], 8 * sizeof(int16_t));
      else std::copy_n(&decoded[pos], valid, dst);
    }
    pos += count;
    return true;
  });
  if (!complete || pos != decoded.size()) {
    error = fmt::format("weight stream holds {} values, the operation needs {}{}", decoded.size(),
                        complete ? pos : decoded.size() + 1, complete ? "" : " or more");
    return false;
  }
  return true;
}

}  // namespace corsim::npu
