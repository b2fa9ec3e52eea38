#include "npu/ops/op_context.h"

#include <algorithm>

#include <fmt/format.h>

namespace corsim::npu {

bool OpContext::read(uint8_t region, uint64_t offset, std::span<uint8_t> out) {
  const AxiPort port = port_of(region);
  if (!bus_.read(basep_[region & 7] + offset, out, port))
    return fail(Fault::kBus, fmt::format("read of {} bytes at region {} offset {:#x} is outside memory", out.size(),
                                         region, offset));
  traffic_.read[static_cast<size_t>(port)] += out.size();
  return true;
}

bool OpContext::write(uint8_t region, uint64_t offset, std::span<const uint8_t> in) {
  const AxiPort port = port_of(region);
  if (!bus_.write(basep_[region & 7] + offset, in, port))
    return fail(Fault::kBus, fmt::format("write of {} bytes at region {} offset {:#x} is outside memory", in.size(),
                                         region, offset));
  traffic_.write[static_cast<size_t>(port)] += in.size();
  return true;
}

namespace {

constexpr uint64_t kMaxSpan = uint64_t{1} << 28;  // a feature-map tile over 256 MiB is a bad stream

struct TileSpan {
  bool used = false;
  uint64_t begin = 0, end = 0;
  std::vector<uint8_t> bytes;
};

// The byte span of each tile that the elements of `fm` touch (§2.6 tile rule).
bool tile_spans(OpContext& ctx, const FeatureMap& fm, std::array<TileSpan, 4>& spans) {
  uint64_t chan_max = 0;
  for (uint32_t c = 0; c < fm.depth; ++c) {
    const uint64_t off = fm.layout == Layout::kNhcwb16 ? (c / 16) * fm.stride_c + (c % 16) * fm.elem_bytes()
                                                       : uint64_t{c} * fm.elem_bytes();
    chan_max = std::max(chan_max, off);
  }
  // Per tile: maximum local y and x.
  for (unsigned t = 0; t < 4; ++t) {
    const bool right = t & 1;
    const uint32_t x_lo = right ? fm.width0 : 0, x_hi = right ? fm.width : std::min(fm.width, fm.width0);
    const uint32_t hsplit = right ? fm.height1 : fm.height0;
    const uint32_t y_lo = (t >= 2) ? hsplit : 0, y_hi = (t >= 2) ? fm.height : std::min(fm.height, hsplit);
    if (x_lo >= x_hi || y_lo >= y_hi) continue;
    const uint64_t max_off = uint64_t{y_hi - 1 - y_lo} * fm.stride_y + uint64_t{x_hi - 1 - x_lo} * fm.stride_x + chan_max;
    if (max_off > kMaxSpan) return ctx.fail(Fault::kBus, "feature map tile spans more than 256 MiB");
    spans[t].used = true;
    spans[t].begin = fm.base[t];
    spans[t].end = fm.base[t] + max_off + fm.elem_bytes();
  }
  return true;
}

unsigned tile_of(const FeatureMap& fm, uint32_t& y, uint32_t& x) {
  if (x < fm.width0) {
    if (y >= fm.height0) { y -= fm.height0; return 2; }
    return 0;
  }
  x -= fm.width0;
  if (y < fm.height1) return 1;
  y -= fm.height1;
  return 3;
}

uint64_t local_offset(const FeatureMap& fm, uint32_t y, uint32_t x, uint32_t c) {
  uint64_t o = y * fm.stride_y + x * fm.stride_x;
  if (fm.layout == Layout::kNhcwb16) o += (c / 16) * fm.stride_c + (c % 16) * fm.elem_bytes();
  else o += uint64_t{c} * fm.elem_bytes();
  return o;
}

}  // namespace

bool load_feature_map(OpContext& ctx, const FeatureMap& fm, std::vector<int32_t>& out) {
  std::array<TileSpan, 4> spans;
  if (!tile_spans(ctx, fm, spans)) return false;
  for (auto& s : spans) {
    if (!s.used) continue;
    s.bytes.resize(s.end - s.begin);
    if (!ctx.read(fm.region, s.begin, s.bytes)) return false;
  }
  out.resize(fm.elements());
  const unsigned eb = fm.elem_bytes();
  size_t i = 0;
  for (uint32_t y = 0; y < fm.height; ++y) {
    for (uint32_t x = 0; x < fm.width; ++x) {
      uint32_t ly = y, lx = x;
      const unsigned t = tile_of(fm, ly, lx);
      const uint8_t* p = spans[t].bytes.data() + local_offset(fm, ly, lx, 0);
      if (eb == 1 && fm.layout == Layout::kNhwc) {
        if (fm.is_signed) for (uint32_t c = 0; c < fm.depth; ++c) out[i++] = static_cast<int8_t>(p[c]);
        else for (uint32_t c = 0; c < fm.depth; ++c) out[i++] = p[c];
        continue;
      }
      for (uint32_t c = 0; c < fm.depth; ++c) {
        const uint8_t* q = spans[t].bytes.data() + local_offset(fm, ly, lx, c);
        uint32_t raw = 0;
        for (unsigned b = 0; b < eb && b < 4; ++b) raw |= uint32_t{q[b]} << (8 * b);
        int32_t v;
        if (eb == 1) v = fm.is_signed ? static_cast<int8_t>(raw) : static_cast<int32_t>(raw);
        else if (eb == 2) v = fm.is_signed ? static_cast<int16_t>(raw) : static_cast<int32_t>(raw);
        else v = static_cast<int32_t>(raw);
        out[i++] = v;
      }
    }
  }
  return true;
}

bool store_feature_map(OpContext& ctx, const FeatureMap& fm, std::span<const int32_t> values) {
  std::array<TileSpan, 4> spans;
  if (!tile_spans(ctx, fm, spans)) return false;
  // Read-modify-write keeps the bytes between strided elements (concatenation by strides, §8.3).
  for (auto& s : spans) {
    if (!s.used) continue;
    s.bytes.resize(s.end - s.begin);
    if (!ctx.read(fm.region, s.begin, s.bytes)) return false;
  }
  // The read above is an artefact of the block interface, not NPU traffic: undo its count.
  for (auto& s : spans)
    if (s.used) ctx.traffic().read[static_cast<size_t>(ctx.port_of(fm.region))] -= s.bytes.size();
  const unsigned eb = fm.elem_bytes();
  size_t i = 0;
  for (uint32_t y = 0; y < fm.height; ++y) {
    for (uint32_t x = 0; x < fm.width; ++x) {
      uint32_t ly = y, lx = x;
      const unsigned t = tile_of(fm, ly, lx);
      for (uint32_t c = 0; c < fm.depth; ++c) {
        uint8_t* q = spans[t].bytes.data() + local_offset(fm, ly, lx, c);
        const uint32_t raw = static_cast<uint32_t>(values[i++]);
        for (unsigned b = 0; b < eb && b < 4; ++b) q[b] = static_cast<uint8_t>(raw >> (8 * b));
      }
    }
  }
  for (auto& s : spans) {
    if (!s.used) continue;
    if (!ctx.write(fm.region, s.begin, s.bytes)) return false;
  }
  // Count only the element bytes as OFM traffic, not the gaps between strided elements.
  uint64_t span_bytes = 0;
  for (auto& s : spans)
    if (s.used) span_bytes += s.bytes.size();
  auto& w = ctx.traffic().write[static_cast<size_t>(ctx.port_of(fm.region))];
  w = w - span_bytes + fm.elements() * eb;
  return true;
}

}  // namespace corsim::npu
