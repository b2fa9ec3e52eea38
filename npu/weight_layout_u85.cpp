#include "npu/weight_layout_u85.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>

#include <fmt/format.h>

namespace corsim::npu {

namespace {

constexpr uint32_t kInterleaveDepth = 4;  // OFM channels per group (VELA InterleaveDepth)

// Position of an emitted value: the dense index o*KH*KW*I + ky*KW*I + kx*I + i (depthwise: I = 1),
// or -1 for padding (which must decode to 0).
using WeightPosition = int64_t;

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

// Walks the order of stream `stream` (0..streams-1) a run at a time: visit(start, n) with the
// dense index of the first of n values whose dense indices follow one another, or start -1 for n
// padding values (which must decode to 0). The innermost loop of the order (the IFM step of 8 or
// 16 channels of one OFM channel and kernel element) is one such run, cut where the IFM depth
// ends, so the walk costs a step per 8 values rather than per value. A template, so the visitor
// inlines; stops early (returning false) when visit returns false.
template <typename Visit>
bool walk_runs(const U85WeightParams& p, uint32_t stream, Visit&& visit) {
  const Derived d = derive(p);
  const bool dw = p.traversal == U85Traversal::kDepthwise;
  const uint32_t streams = std::max<uint32_t>(p.streams, 1);
  const uint32_t ifm_depth = dw ? 1 : p.ifm_depth;
  const uint32_t inner_step = dw ? 1 : (p.sparse ? 16 : 8);
  const uint64_t kw = p.kernel_width, kh = p.kernel_height;
  auto position = [&](uint64_t o, uint32_t ky, uint32_t kx, uint64_t i) -> WeightPosition {
    return static_cast<WeightPosition>(((o * kh + ky) * kw + kx) * ifm_depth + i);
  };
  auto zeros = [&](uint64_t n) { return n == 0 || visit(WeightPosition{-1}, n); };
  // Values of one IFM step over this stream's OFM channels of a micro-block: its groups of 4
  // channels (ofm_z below) times 4 times the step.
  const uint32_t first_ofm_z = stream * kInterleaveDepth;
  const uint64_t ofm_groups = first_ofm_z < p.ofm_ublock_depth
                                  ? (p.ofm_ublock_depth - first_ofm_z + kInterleaveDepth * streams - 1) /
                                        (kInterleaveDepth * streams)
                                  : 0;
  const uint64_t step_values = ofm_groups * kInterleaveDepth * inner_step;
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
                        // The IFM step's channels i0 .. i0 + inner_step - 1: those below the IFM
                        // depth are values, the rest padding.
                        const uint64_t i0 = uint64_t(ifm_block_z) + ifm_outer + ifm_inner;
                        if (i0 >= ifm_depth) {  // all padding: one run
                          if (!zeros(step_values)) return false;
                          continue;
                        }
                        const uint32_t in_depth = static_cast<uint32_t>(std::min<uint64_t>(inner_step, ifm_depth - i0));
                        for (uint32_t ofm_z = first_ofm_z; ofm_z < p.ofm_ublock_depth;
                             ofm_z += kInterleaveDepth * streams) {
                          for (uint32_t ofm_inner = 0; ofm_inner < kInterleaveDepth; ++ofm_inner) {
                            const uint64_t o = uint64_t{ofm_block_z} + ofm_outer + ofm_inner + ofm_z;
                            const uint32_t n = o < p.ofm_depth ? in_depth : 0;
                            if (n > 0 && !visit(position(o, wy, wx, i0), uint64_t{n})) return false;
                            if (!zeros(inner_step - n)) return false;
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

// Values in the order of stream `stream`, counted up to just past `limit` (a larger count stops
// the walk: the caller only compares it with what a stream holds).
uint64_t stream_count(const U85WeightParams& p, uint32_t stream, uint64_t limit) {
  uint64_t count = 0;
  walk_runs(p, stream, [&](WeightPosition, uint64_t n) {
    count += n;
    return count <= limit;
  });
  return count;
}

// Where one stream's values lie in the decoded sequence: FWD with several weight decoders holds
// blocks of `block` values of each stream in turn (VELA EthosU85WeightOrderingFwd::Get), a stream
// whose values have run out no longer taking its turn; one stream (SWD, or a single decoder) lies
// as it is (block = its length).
struct StreamInSequence {
  std::span<const uint64_t> lengths;  // every stream's value count
  uint64_t block;
  uint32_t stream;

  // Sequence index of the stream's value j, and how many of its values lie together from there.
  std::pair<uint64_t, uint64_t> locate(uint64_t j) const {
    const uint64_t round = j / block, in_block = j % block;
    uint64_t index = in_block;
    for (uint32_t t = 0; t < lengths.size(); ++t)
      index += std::min(lengths[t], (t < stream ? round + 1 : round) * block);
    return {index, block - in_block};
  }
};

// Copies n values without a library call per run (most runs are one IFM step of 8 or 16).
void copy_values(const int16_t* from, uint64_t n, int16_t* to) {
  uint64_t k = 0;
  for (; k + 8 <= n; k += 8) std::memcpy(to + k, from + k, 8 * sizeof(int16_t));
  if (n & 4) {
    std::memcpy(to + k, from + k, 4 * sizeof(int16_t));
    k += 4;
  }
  if (n & 2) {
    std::memcpy(to + k, from + k, 2 * sizeof(int16_t));
    k += 2;
  }
  if (n & 1) to[k] = from[k];
}

// The visitor that puts one stream's values into the dense weights, run by run, checking that
// padding positions hold 0. `short_of_values` is set when the order needs more than `length`.
class Placer {
 public:
  Placer(std::span<const int16_t> sequence, StreamInSequence where, uint64_t length, int16_t* dense, std::string& error)
      : sequence_(sequence), where_(where), length_(length), dense_(dense), error_(error) {}

  bool operator()(WeightPosition start, uint64_t n) {
    if (n > length_ - placed_) {
      short_of_values_ = true;
      return false;
    }
    while (n > 0) {
      if (left_in_block_ == 0) std::tie(index_, left_in_block_) = where_.locate(placed_);
      const uint64_t run = std::min(n, left_in_block_);
      const int16_t* values = sequence_.data() + index_;
      if (start < 0) {
        // OR the run together (a loop without an early exit vectorises); find the culprit only
        // when there is one.
        int16_t any = 0;
        for (uint64_t k = 0; k < run; ++k) any = static_cast<int16_t>(any | values[k]);
        if (any != 0) {
          const uint64_t k = static_cast<uint64_t>(std::find_if(values, values + run, [](int16_t v) { return v != 0; }) - values);
          error_ = fmt::format("weight stream has the non-zero value {} in padding position {}", values[k], index_ + k);
          return false;
        }
      } else {
        copy_values(values, run, dense_ + start);
        start += static_cast<WeightPosition>(run);
      }
      index_ += run;
      left_in_block_ -= run;
      placed_ += run;
      n -= run;
    }
    return true;
  }

  uint64_t placed() const { return placed_; }
  bool short_of_values() const { return short_of_values_; }

 private:
  std::span<const int16_t> sequence_;
  StreamInSequence where_;
  uint64_t length_;
  int16_t* dense_;
  std::string& error_;
  uint64_t placed_ = 0;         // values of this stream placed so far
  uint64_t index_ = 0;          // sequence index of the next one
  uint64_t left_in_block_ = 0;  // values of this stream that follow it in the sequence
  bool short_of_values_ = false;
};

// Places one stream of `length` values (all of `sequence`'s, or its blocks in turn with others);
// false with `error` if the order needs more or fewer values or a padding value is non-zero.
bool place_stream(const U85WeightParams& p, uint32_t stream, std::span<const int16_t> sequence,
                  StreamInSequence where, uint64_t length, DenseWeights& out, std::string& error) {
  Placer place(sequence, where, length, out.values.data(), error);
  const bool walked = walk_runs(p, stream, place);
  if (place.short_of_values()) {
    error = fmt::format("weight stream {} holds {} values, the operation needs more", stream, length);
    return false;
  }
  if (!walked) return false;
  if (place.placed() != length) {
    error = fmt::format("weight stream {} holds {} values, the operation needs {}", stream, length, place.placed());
    return false;
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

}  // namespace

bool unpack_u85_swd(std::span<const std::vector<int16_t>> per_stream, const U85WeightParams& p, DenseWeights& out,
                    std::string& error) {
  size_dense(p, out);
  for (uint32_t s = 0; s < per_stream.size(); ++s) {
    const uint64_t length = per_stream[s].size();
    const StreamInSequence alone{{&length, 1}, std::max<uint64_t>(length, 1), 0};
    if (!place_stream(p, s, per_stream[s], alone, length, out, error)) return false;
  }
  return true;
}

uint64_t u85_fwd_count(const U85WeightParams& p, uint64_t limit) {
  uint64_t count = 0;
  for (uint32_t s = 0; s < std::max<uint32_t>(p.streams, 1) && count <= limit; ++s)
    count += stream_count(p, s, limit - count);
  return count;
}

bool unpack_u85_fwd(std::span<const int16_t> values, const U85WeightParams& p, DenseWeights& out, std::string& error) {
  size_dense(p, out);
  const uint32_t streams = std::max<uint32_t>(p.streams, 1);
  const uint64_t total = values.size();
  if (streams == 1) {
    const StreamInSequence alone{{&total, 1}, std::max<uint64_t>(total, 1), 0};
    return place_stream(p, 0, values, alone, total, out, error);
  }
  // VELA EthosU85WeightOrderingFwd::Get: blocks of ofm_ublock x ifm_ublock x element-round /
  // streams values from each stream in turn; where a stream's values lie depends on every
  // stream's count.
  std::vector<uint64_t> lengths(streams);
  uint64_t counted = 0;
  for (uint32_t s = 0; s < streams; ++s) counted += lengths[s] = stream_count(p, s, total);
  if (counted != total) {
    error = fmt::format("weight stream holds {} values, the operation needs {}", total, counted);
    return false;
  }
  const Derived d = derive(p);
  const uint64_t block = std::max<uint64_t>(1, uint64_t{p.ofm_ublock_depth} * d.ifm_ublock * d.sub_round / streams);
  for (uint32_t s = 0; s < streams; ++s)
    if (!place_stream(p, s, values, StreamInSequence{lengths, block, s}, lengths[s], out, error)) return false;
  return true;
}

}  // namespace corsim::npu
