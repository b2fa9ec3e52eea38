#include "npu/weight_layout_u85.h"

#include <algorithm>

#include <fmt/format.h>

namespace corsim::npu {

namespace {

constexpr uint32_t kInterleaveDepth = 4;  // OFM channels per group (VELA InterleaveDepth)

uint32_t round_up(uint32_t v, uint32_t m) { return m == 0 ? v : (v + m - 1) / m * m; }

struct Derived {
  uint32_t sub_round, ifm_ublock, stride_x, stride_y, decomp_x, decomp_y, dw_padding;
};

Derived derive(const U85WeightParams& p) {
  Derived d{};
  const bool ifm16 = p.ifm_bits == 16;
  d.stride_x = p.stride_x;
  d.stride_y = p.stride_y;
  switch (p.traversal) {
    case U85Traversal::kPartKernel:
      d.sub_round = (ifm16 || p.sparse) ? 10 : 5;
      d.ifm_ublock = ifm16 && !p.sparse ? 8 : p.ifm_block_depth;
      break;
    case U85Traversal::kDepthFirst:
      // Depth-first treats the stride as 1 (U85 goldens).
      d.stride_x = d.stride_y = 1;
      d.sub_round = 1;
      d.ifm_ublock = p.ifm_block_depth;
      break;
    case U85Traversal::kDepthwise:
      d.sub_round = 10;
      d.ifm_ublock = 1;
      break;
  }
  d.decomp_x = 8 / std::max<uint32_t>(p.dilation_x, 1);
  d.decomp_y = 8 / std::max<uint32_t>(p.dilation_y, 1);
  d.dw_padding = (!ifm16 && p.macs <= 256) ? 0 : (p.macs <= 512) ? 2 : 6;
  return d;
}

// Walks the order of stream `stream` (0..streams-1), calling visit(position) per value (a
// template, so the visitor inlines: it runs once per weight); stops early (returning false) when
// visit returns false.
template <typename Visit>
bool walk_positions(const U85WeightParams& p, uint32_t stream, Visit&& visit) {
  const Derived d = derive(p);
  const bool dw = p.traversal == U85Traversal::kDepthwise;
  const uint32_t streams = std::max<uint32_t>(p.streams, 1);
  const uint32_t ifm_depth = dw ? 1 : p.ifm_depth;
  const uint32_t inner_step = dw ? 1 : (p.sparse ? 16 : 8);
  const uint64_t kw = p.kernel_width, kh = p.kernel_height;
  auto position = [&](uint32_t o, uint32_t ky, uint32_t kx, uint32_t i) -> WeightPosition {
    return static_cast<WeightPosition>(((uint64_t{o} * kh + ky) * kw + kx) * ifm_depth + i);
  };
  auto zeros = [&](uint64_t n) {
    for (uint64_t k = 0; k < n; ++k)
      if (!visit(-1)) return false;
    return true;
  };
  // IFM blocks are walked serpentine: the direction flips on every OFM block and the next OFM
  // block starts from the IFM block where the previous one ended (U85 goldens).
  int64_t ifm_inc = -static_cast<int64_t>(p.ifm_block_depth);
  int64_t ifm_start = 0;
  for (uint32_t ofm_block_z = 0; ofm_block_z < p.ofm_depth; ofm_block_z += p.ofm_block_depth) {
    ifm_inc = -ifm_inc;
    const uint32_t clipped_ofm = std::min(p.ofm_block_depth, p.ofm_depth - ofm_block_z);
    for (int64_t ifm_block_z = ifm_start; ifm_block_z < int64_t{ifm_depth} && ifm_block_z >= 0;
         ifm_block_z += ifm_inc) {
      ifm_start = ifm_block_z;
      const uint32_t clipped_ifm = std::min<uint32_t>(p.ifm_block_depth, ifm_depth - static_cast<uint32_t>(ifm_block_z));
      // Sub-kernels: X outer, Y inner (GetNext).
      for (uint32_t sub_kx = 0; sub_kx < p.kernel_width; sub_kx += d.decomp_x) {
        const uint32_t sub_w = std::min(p.kernel_width - sub_kx, d.decomp_x);
        for (uint32_t sub_ky = 0; sub_ky < p.kernel_height; sub_ky += d.decomp_y) {
          const uint32_t sub_h = std::min(p.kernel_height - sub_ky, d.decomp_y);
          const uint32_t outer_end = dw ? 1 : clipped_ifm;
          for (uint32_t ifm_outer = 0; ifm_outer < outer_end; ifm_outer += d.ifm_ublock) {
            for (uint32_t ofm_outer = 0; ofm_outer < clipped_ofm; ofm_outer += p.ofm_ublock_depth) {
              uint32_t remaining = round_up(sub_w * sub_h, d.sub_round);
              for (uint32_t sy = 0; sy < d.stride_y; ++sy) {
                const uint32_t skh = (sub_h + d.stride_y - 1 - sy) / d.stride_y;
                for (uint32_t sx = 0; sx < d.stride_x; ++sx) {
                  const uint32_t skw = (sub_w + d.stride_x - 1 - sx) / d.stride_x;
                  for (uint32_t ky = 0; ky < skh; ++ky) {
                    for (uint32_t kx0 = 0; kx0 < skw; ++kx0) {
                      // Odd kernel rows are walked right to left (U85 goldens).
                      const uint32_t x = ky % 2 == 0 ? kx0 : skw - 1 - kx0;
                      --remaining;
                      const uint32_t wx = sub_kx + sx + x * d.stride_x, wy = sub_ky + sy + ky * d.stride_y;
                      for (uint32_t ifm_inner = 0; ifm_inner < d.ifm_ublock; ifm_inner += inner_step) {
                        for (uint32_t ofm_z = stream * kInterleaveDepth; ofm_z < p.ofm_ublock_depth;
                             ofm_z += kInterleaveDepth * streams) {
                          for (uint32_t ofm_inner = 0; ofm_inner < kInterleaveDepth; ++ofm_inner) {
                            for (uint32_t ifm_z = 0; ifm_z < inner_step; ++ifm_z) {
                              const uint64_t i = uint64_t(ifm_block_z) + ifm_outer + ifm_inner + ifm_z;
                              const uint64_t o = uint64_t{ofm_block_z} + ofm_outer + ofm_inner + ofm_z;
                              const bool valid = i < ifm_depth && o < p.ofm_depth;
                              if (!visit(valid ? position(static_cast<uint32_t>(o), wy, wx, static_cast<uint32_t>(i)) : -1))
                                return false;
                            }
                          }
                        }
                      }
                      // Depthwise pads every element-round group (VELA _dwPaddingCount).
                      if (dw && remaining % d.sub_round == 0 &&
                          !zeros(uint64_t{d.dw_padding} * p.ofm_ublock_depth / streams))
                        return false;
                    }
                  }
                }
              }
              // Elements padded to the element round (U85 goldens).
              if (remaining > 0) {
                const uint64_t n = (uint64_t{remaining} + (dw ? d.dw_padding : 0)) * d.ifm_ublock * p.ofm_ublock_depth / streams;
                if (!zeros(n)) return false;
              }
            }
          }
        }
      }
    }
  }
  return true;
}

bool place(std::span<const int16_t> values, std::span<const WeightPosition> positions, DenseWeights& out,
           std::string& error) {
  for (size_t k = 0; k < values.size(); ++k) {
    const WeightPosition at = positions[k];
    if (at < 0) {
      if (values[k] != 0) {
        error = fmt::format("weight stream has the non-zero value {} in padding position {}", values[k], k);
        return false;
      }
      continue;
    }
    out.values[static_cast<size_t>(at)] = values[k];
  }
  return true;
}

void size_dense(const U85WeightParams& p, DenseWeights& out) {
  const bool dw = p.traversal == U85Traversal::kDepthwise;
  out.ofm_depth = p.ofm_depth;
  out.kernel_height = p.kernel_height;
  out.kernel_width = p.kernel_width;
  out.ifm_depth = dw ? 1 : p.ifm_depth;
  out.values.assign(size_t{out.ofm_depth} * out.kernel_height * out.kernel_width * out.ifm_depth, 0);
}

std::vector<WeightPosition> stream_positions(const U85WeightParams& p, uint32_t stream, uint64_t limit) {
  std::vector<WeightPosition> pos;
  walk_positions(p, stream, [&](WeightPosition w) {
    pos.push_back(w);
    return pos.size() <= limit;
  });
  return pos;
}

}  // namespace

bool unpack_u85_swd(std::span<const std::vector<int16_t>> per_stream, const U85WeightParams& p, DenseWeights& out,
                    std::string& error) {
  size_dense(p, out);
  for (uint32_t s = 0; s < per_stream.size(); ++s) {
    const auto& values = per_stream[s];
    const std::vector<WeightPosition> pos = stream_positions(p, s, values.size());
    if (pos.size() != values.size()) {
      error = pos.size() > values.size()
                  ? fmt::format("weight stream {} holds {} values, the operation needs more", s, values.size())
                  : fmt::format("weight stream {} holds {} values, the operation needs {}", s, values.size(), pos.size());
      return false;
    }
    if (!place(values, pos, out, error)) return false;
  }
  return true;
}

std::vector<WeightPosition> u85_fwd_positions(const U85WeightParams& p, uint64_t limit) {
  const uint32_t streams = std::max<uint32_t>(p.streams, 1);
  if (streams == 1) return stream_positions(p, 0, limit);
  // VELA EthosU85WeightOrderingFwd::Get: blocks of ofm_ublock x ifm_ublock x element-round /
  // streams values from each stream in turn.
  const Derived d = derive(p);
  const uint64_t block = std::max<uint64_t>(1, uint64_t{p.ofm_ublock_depth} * d.ifm_ublock * d.sub_round / streams);
  std::vector<std::vector<WeightPosition>> per(streams);
  for (uint32_t s = 0; s < streams; ++s) per[s] = stream_positions(p, s, limit);
  std::vector<WeightPosition> out;
  std::vector<size_t> at(streams, 0);
  bool any = true;
  while (any && out.size() <= limit) {
    any = false;
    for (uint32_t s = 0; s < streams; ++s) {
      const size_t n = static_cast<size_t>(std::min<uint64_t>(block, per[s].size() - at[s]));
      out.insert(out.end(), per[s].begin() + static_cast<long>(at[s]), per[s].begin() + static_cast<long>(at[s] + n));
      at[s] += n;
      any = any || n > 0;
    }
  }
  return out;
}

bool unpack_u85_positions(std::span<const int16_t> values, std::span<const WeightPosition> positions,
                          const U85WeightParams& p, DenseWeights& out, std::string& error) {
  size_dense(p, out);
  if (values.size() != positions.size()) {
    error = fmt::format("weight stream holds {} values, the operation needs {}", values.size(), positions.size());
    return false;
  }
  return place(values, positions, out, error);
}

}  // namespace corsim::npu
