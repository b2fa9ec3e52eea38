#include "npu/ops/op_context.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "npu/ops/simd.h"

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

// One tile's bytes, moved in a single block transfer, in a scratch buffer of the context. Every
// byte is read from memory first (loads, and stores that keep the bytes between elements) or
// overwritten.
struct TileSpan {
  bool used = false;
  uint64_t begin = 0, end = 0;
  uint8_t* data = nullptr;
  std::span<uint8_t> bytes() { return {data, static_cast<size_t>(end - begin)}; }
  void allocate(ScratchVector<uint8_t>& buffer) {
    buffer.resize(end - begin);
    data = buffer.data();
  }
};

// The byte span of each tile that the elements of `fm` touch (Vela generate_tiles).
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

// A block of a feature map: `pixels` runs of `n` elements of type E, run p at bytes + p * stride
// (little-endian, as the host) and at values + p * value_stride in the dense map.
struct Block {
  uint32_t pixels, n;
  uint64_t stride;
  size_t value_stride;
};

// move(from, to, i) for element i of every run of the block, `from` and `to` advancing by their
// strides from run to run; N: the run length when known at compile time (a whole NHCWB16 brick,
// 16: no loop tail), else 0 and b.n. (The block's fields are read into locals: through the
// reference the compiler would reload them after every store and not vectorise.)
template <uint32_t N, typename From, typename To, typename Move>
inline void each_run(const From* __restrict from, uint64_t from_stride, To* __restrict to, uint64_t to_stride,
                     const Block& b, Move move) {
  const uint32_t pixels = b.pixels, n = N ? N : b.n;
  for (uint32_t p = 0; p < pixels; ++p, from += from_stride, to += to_stride)
    for (uint32_t i = 0; i < n; ++i) move(from, to, i);
}

// The block's elements -> int32, sign- or zero-extended.
template <typename E>
inline void widen(const uint8_t* bytes, const Block& b, int32_t* values) {
  const auto move = [](const uint8_t* from, int32_t* to, uint32_t i) {
    E v;
    std::memcpy(&v, from + size_t{i} * sizeof(E), sizeof(E));
    to[i] = v;
  };
  if (b.n == 16) each_run<16>(bytes, b.stride, values, b.value_stride, b, move);
  else each_run<0>(bytes, b.stride, values, b.value_stride, b, move);
}

// Values -> the block's elements (the value's low bytes, as the hardware stores them).
template <typename E>
inline void narrow(const int32_t* values, const Block& b, uint8_t* bytes) {
  const auto move = [](const int32_t* from, uint8_t* to, uint32_t i) {
    const E v = static_cast<E>(from[i]);
    std::memcpy(to + size_t{i} * sizeof(E), &v, sizeof(E));
  };
  if (b.n == 16) each_run<16>(values, b.value_stride, bytes, b.stride, b, move);
  else each_run<0>(values, b.value_stride, bytes, b.stride, b, move);
}

// An 8-bit block's elements minus the zero point, as int16 (the IFM as the MAC array sees it;
// the caller has checked that every value minus zp fits).
template <typename E>
inline void widen_minus_zero_point(const uint8_t* bytes, const Block& b, int16_t* values, int16_t zp) {
  const auto move = [zp](const uint8_t* from, int16_t* to, uint32_t i) {
    to[i] = static_cast<int16_t>(static_cast<E>(from[i]) - zp);
  };
  if (b.n == 16) each_run<16>(bytes, b.stride, values, b.value_stride, b, move);
  else each_run<0>(bytes, b.stride, values, b.value_stride, b, move);
}

// The 8- and 16-bit forms compiled for AVX2 and the baseline (npu/ops/simd.h).
CORSIM_NPU_MULTIVERSION void widen_u8_minus(const uint8_t* p, const Block& b, int16_t* v, int16_t zp) {
  widen_minus_zero_point<uint8_t>(p, b, v, zp);
}
CORSIM_NPU_MULTIVERSION void widen_i8_minus(const uint8_t* p, const Block& b, int16_t* v, int16_t zp) {
  widen_minus_zero_point<int8_t>(p, b, v, zp);
}
CORSIM_NPU_MULTIVERSION void widen_u8(const uint8_t* p, const Block& b, int32_t* v) { widen<uint8_t>(p, b, v); }
CORSIM_NPU_MULTIVERSION void widen_i8(const uint8_t* p, const Block& b, int32_t* v) { widen<int8_t>(p, b, v); }
CORSIM_NPU_MULTIVERSION void widen_u16(const uint8_t* p, const Block& b, int32_t* v) { widen<uint16_t>(p, b, v); }
CORSIM_NPU_MULTIVERSION void widen_i16(const uint8_t* p, const Block& b, int32_t* v) { widen<int16_t>(p, b, v); }
CORSIM_NPU_MULTIVERSION void narrow_8(const int32_t* v, const Block& b, uint8_t* p) { narrow<uint8_t>(v, b, p); }
// Bytes already narrowed -> the block's elements (8-bit maps).
// A run of 16 (an NHCWB16 brick) is one fixed-size copy, inlined (a byte loop became a memmove
// call per run).
void copy_8(const uint8_t* v, const Block& b, uint8_t* p) {
  const uint32_t pixels = b.pixels, n = b.n;
  if (n == 16) {
    for (uint32_t x = 0; x < pixels; ++x, v += b.value_stride, p += b.stride) std::memcpy(p, v, 16);
    return;
  }
  for (uint32_t x = 0; x < pixels; ++x, v += b.value_stride, p += b.stride) std::memcpy(p, v, n);
}
CORSIM_NPU_MULTIVERSION void narrow_16(const int32_t* v, const Block& b, uint8_t* p) { narrow<uint16_t>(v, b, p); }

// Calls block(bytes, Block, values) so that the blocks cover every element once, in dense [h][w][c]
// order of `values`: per row segment (the tile and row found once, tile_of, Vela generate_tiles),
// NHWC as one run when its pixels are contiguous (stride_x = depth x element size), else a run per
// pixel; NHCWB16 one block per 16-channel brick, a run of up to 16 per pixel.
template <typename Value, typename BlockFn>
void for_each_block(const FeatureMap& fm, std::array<TileSpan, 4>& spans, Value* values, BlockFn&& block) {
  const bool bricks = fm.layout == Layout::kNhcwb16;
  const uint64_t eb = fm.elem_bytes();
  const bool packed = !bricks && fm.stride_x == uint64_t{fm.depth} * eb;
  const uint32_t split = std::min(fm.width, fm.width0);
  for (uint32_t y = 0; y < fm.height; ++y) {
    // Two row segments: x below width0 (tiles 0, 2) and from width0 on (tiles 1, 3).
    for (const auto& [x0, x1] : {std::pair{0u, split}, std::pair{split, fm.width}}) {
      if (x0 >= x1) continue;
      uint32_t ly = y, lx = x0;
      const unsigned t = tile_of(fm, ly, lx);
      uint8_t* pixel = spans[t].data + local_offset(fm, ly, lx, 0);
      Value* dst = values + (size_t{y} * fm.width + x0) * fm.depth;
      const uint32_t pixels = x1 - x0;
      if (packed) {
        block(pixel, Block{1, pixels * fm.depth, 0, 0}, dst);
      } else if (!bricks) {
        block(pixel, Block{pixels, fm.depth, fm.stride_x, fm.depth}, dst);
      } else {
        for (uint32_t c0 = 0; c0 < fm.depth; c0 += 16, pixel += fm.stride_c)
          block(pixel, Block{pixels, std::min(16u, fm.depth - c0), fm.stride_x, fm.depth}, dst + c0);
      }
    }
  }
}

// Reads the bytes of every tile `fm` uses into the context's tile buffers.
bool read_tiles(OpContext& ctx, const FeatureMap& fm, std::array<TileSpan, 4>& spans) {
  if (!tile_spans(ctx, fm, spans)) return false;
  for (unsigned t = 0; t < 4; ++t) {
    if (!spans[t].used) continue;
    spans[t].allocate(ctx.scratch().tiles[t]);
    if (!ctx.read(fm.region, spans[t].begin, spans[t].bytes())) return false;
  }
  return true;
}

}  // namespace

bool fits_int16_minus_zero_point(const FeatureMap& fm) {
  if (fm.elem_bits != 8 || fm.storage == Storage::kScalar || fm.storage == Storage::kChained) return false;
  const int32_t lo = fm.is_signed ? INT8_MIN : 0, hi = fm.is_signed ? INT8_MAX : UINT8_MAX;
  return int64_t{lo} - fm.zero_point >= INT16_MIN && int64_t{hi} - fm.zero_point <= INT16_MAX;
}

bool load_feature_map_minus_zero_point(OpContext& ctx, const FeatureMap& fm, ScratchVector<int16_t>& out) {
  std::array<TileSpan, 4> spans;
  if (!read_tiles(ctx, fm, spans)) return false;
  out.resize(fm.elements());
  const auto zp = static_cast<int16_t>(fm.zero_point);  // within int16: fits_int16_minus_zero_point
  if (fm.is_signed)
    for_each_block(fm, spans, out.data(), [zp](const uint8_t* p, const Block& b, int16_t* v) { widen_i8_minus(p, b, v, zp); });
  else
    for_each_block(fm, spans, out.data(), [zp](const uint8_t* p, const Block& b, int16_t* v) { widen_u8_minus(p, b, v, zp); });
  return true;
}

bool load_feature_map(OpContext& ctx, const FeatureMap& fm, FeatureMapValues& out) {
  if (fm.storage == Storage::kScalar) {  // U85 storage NONE: the OP_SCALAR value (U85 goldens)
    out.assign(fm.elements(), fm.scalar);
    return true;
  }
  if (fm.storage == Storage::kChained) {  // U85 chaining buffer (U85 goldens)
    const ChainBuffer& b = ctx.chain_buffer(fm.region);
    if (b.values.size() != fm.elements())
      return ctx.fail(Fault::kCommand, fmt::format("chained input {}x{}x{} does not match chaining buffer {} ({} values)",
                                                   fm.height, fm.width, fm.depth, fm.region, b.values.size()));
    out.assign(b.values.begin(), b.values.end());
    return true;
  }
  std::array<TileSpan, 4> spans;
  if (!read_tiles(ctx, fm, spans)) return false;
  out.resize(fm.elements());
  switch (fm.elem_bytes() * 2 + (fm.is_signed ? 1 : 0)) {
    case 2: for_each_block(fm, spans, out.data(), widen_u8); break;
    case 3: for_each_block(fm, spans, out.data(), widen_i8); break;
    case 4: for_each_block(fm, spans, out.data(), widen_u16); break;
    case 5: for_each_block(fm, spans, out.data(), widen_i16); break;
    default: {  // 32 bits and wider: the low 4 bytes (IFM_PRECISION, ethosu55_interface.h)
      const unsigned eb = fm.elem_bytes();
      for_each_block(fm, spans, out.data(), [eb](const uint8_t* p, const Block& b, int32_t* dst) {
        for (uint32_t x = 0; x < b.pixels; ++x, p += b.stride, dst += b.value_stride)
          for (uint32_t c = 0; c < b.n; ++c) {
            uint32_t raw = 0;
            for (unsigned k = 0; k < eb && k < 4; ++k) raw |= uint32_t{p[size_t{c} * eb + k]} << (8 * k);
            dst[c] = static_cast<int32_t>(raw);
          }
      });
    }
  }
  return true;
}

namespace {

// U85 OFM transpose and reverse (ethosu85_interface.h OFM_PRECISION): the OFM registers hold the
// logical H x W x C shape; the destination is stored in the axis order the transpose names, with
// the reversed axis (a logical axis, before the transpose: unverified, no golden reverses) flipped.
// Returns the destination shape and fills `out` in its dense order.
FeatureMap permute_for_store(const FeatureMap& fm, std::span<const int32_t> values, std::vector<int32_t>& out) {
  const uint32_t h = fm.height, w = fm.width, d = fm.depth;
  const uint32_t dims[3] = {h, w, d};
  const std::array<uint8_t, 3> order = stored_axis_order(fm.transpose);
  FeatureMap phys = stored_feature_map(fm);
  out.resize(values.size());
  size_t i = 0;
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x)
      for (uint32_t c = 0; c < d; ++c, ++i) {
        uint32_t l[3] = {y, x, c};
        if (fm.reverse >= 1 && fm.reverse <= 3) l[fm.reverse - 1] = dims[fm.reverse - 1] - 1 - l[fm.reverse - 1];
        const uint32_t py = l[order[0]], px = l[order[1]], pc = l[order[2]];
        out[(size_t{py} * phys.width + px) * phys.depth + pc] = values[i];
      }
  phys.reverse = 0;
  return phys;
}

}  // namespace

namespace {

// A store of dense values `src` to a feature map in memory, block(bytes, Block, values) writing
// each block's elements (for_each_block).
template <typename Value, typename BlockFn>
bool store_in_memory(OpContext& ctx, const FeatureMap& fm, const Value* src, BlockFn&& block) {
  std::array<TileSpan, 4> spans;
  if (!tile_spans(ctx, fm, spans)) return false;
  // Read-modify-write keeps the bytes between strided elements (concatenation by strides, KWS).
  // Kept even when the elements cover the span: inside corsim the read is in the bus's transfer
  // log, which the memory timing prices (InterconnectBus::note), so skipping it would move cycles.
  for (unsigned t = 0; t < 4; ++t) {
    TileSpan& s = spans[t];
    if (!s.used) continue;
    s.allocate(ctx.scratch().tiles[t]);
    if (!ctx.read(fm.region, s.begin, s.bytes())) return false;
    // The read is an artefact of the block interface, not NPU traffic: undo its count.
    ctx.traffic().read[static_cast<size_t>(ctx.port_of(fm.region))] -= s.bytes().size();
  }
  for_each_block(fm, spans, src, block);
  for (auto& s : spans) {
    if (!s.used) continue;
    if (!ctx.write(fm.region, s.begin, s.bytes())) return false;
  }
  // Count only the element bytes as OFM traffic, not the gaps between strided elements.
  uint64_t span_bytes = 0;
  for (auto& s : spans)
    if (s.used) span_bytes += s.bytes().size();
  auto& w = ctx.traffic().write[static_cast<size_t>(ctx.port_of(fm.region))];
  w = w - span_bytes + fm.elements() * fm.elem_bytes();
  return true;
}

}  // namespace

bool store_feature_map(OpContext& ctx, const FeatureMap& fm_in, std::span<const int32_t> values_in) {
  if (values_in.size() == 1) ctx.set_result_flag(values_in[0]);
  if (fm_in.storage == Storage::kChained) {
    ChainBuffer& b = ctx.chain_buffer(fm_in.region);
    b.values.assign(values_in.begin(), values_in.end());
    b.height = fm_in.height;
    b.width = fm_in.width;
    b.depth = fm_in.depth;
    return true;
  }
  std::vector<int32_t> permuted;
  FeatureMap fm = fm_in;
  std::span<const int32_t> values = values_in;
  if (fm_in.transpose != Transpose::kHwc || fm_in.reverse != 0) {
    fm = permute_for_store(fm_in, values_in, permuted);
    values = permuted;
  }
  const unsigned eb = fm.elem_bytes();
  const int32_t* src = values.data();
  switch (eb) {
    case 1: return store_in_memory(ctx, fm, src, [](uint8_t* p, const Block& b, const int32_t* v) { narrow_8(v, b, p); });
    case 2: return store_in_memory(ctx, fm, src, [](uint8_t* p, const Block& b, const int32_t* v) { narrow_16(v, b, p); });
    default:  // 32 bits and wider: the low 4 bytes, as before
      return store_in_memory(ctx, fm, src, [eb](uint8_t* p, const Block& b, const int32_t* v) {
        for (uint32_t x = 0; x < b.pixels; ++x, p += b.stride, v += b.value_stride)
          for (uint32_t c = 0; c < b.n; ++c) {
            const uint32_t raw = static_cast<uint32_t>(v[c]);
            for (unsigned k = 0; k < eb && k < 4; ++k) p[size_t{c} * eb + k] = static_cast<uint8_t>(raw >> (8 * k));
          }
      });
  }
}

bool stores_bytes(const FeatureMap& fm) {
  return fm.elem_bits == 8 && fm.storage != Storage::kChained && fm.storage != Storage::kScalar &&
         fm.transpose == Transpose::kHwc && fm.reverse == 0;
}

bool store_feature_map_bytes(OpContext& ctx, const FeatureMap& fm, std::span<const uint8_t> bytes) {
  if (bytes.size() == 1) ctx.set_result_flag(static_cast<int8_t>(bytes[0]));  // bit 0 is what counts
  return store_in_memory(ctx, fm, bytes.data(), [](uint8_t* p, const Block& b, const uint8_t* v) { copy_8(v, b, p); });
}

bool add_starting_accumulators(OpContext& ctx, AccumulatorBuffer& acc) {
  const OperationConfig& op = ctx.op();
  const FeatureMap& ofm = op.ofm;
  if (op.acc_input == 1) {
    const Accumulators& kept = ctx.accumulators();
    if (kept.height != ofm.height || kept.width != ofm.width || kept.depth != ofm.depth)
      return ctx.fail(Fault::kCommand, fmt::format("acc_input KEEP: OFM {}x{}x{} does not match the kept accumulators {}x{}x{}",
                                                   ofm.height, ofm.width, ofm.depth, kept.height, kept.width, kept.depth));
    for (size_t i = 0; i < acc.size(); ++i) acc[i] += kept.values[i];
  } else if (op.acc_input == 2) {
    if (op.ifm2.height != ofm.height || op.ifm2.width != ofm.width || op.ifm2.depth != ofm.depth)
      return ctx.fail(Fault::kCommand, "acc_input IFM2: IFM2 shape must equal the OFM shape");
    FeatureMapValues& init = ctx.scratch().acc_start;
    if (!load_feature_map(ctx, op.ifm2, init)) return false;
    for (size_t i = 0; i < acc.size(); ++i) acc[i] += init[i];
  } else if (op.acc_input != 0) {
    return ctx.fail(Fault::kCommand, "ACC_FORMAT acc_input 3 is reserved");
  }
  return true;
}

void leave_accumulators(OpContext& ctx, AccumulatorBuffer& acc) {
  const FeatureMap& ofm = ctx.op().ofm;
  Accumulators& kept = ctx.accumulators();
  if (ctx.op().isa != Isa::kU85) {
    kept.forget();
    return;
  }
  std::swap(kept.values, acc);
  kept.height = ofm.height;
  kept.width = ofm.width;
  kept.depth = ofm.depth;
}

}  // namespace corsim::npu
