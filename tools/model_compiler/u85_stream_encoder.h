#pragma once
// Ethos-U85 (ISA arch 2.0) command-word and weight encoding for tests and, later, the model
// compiler's ethos-u85 target. Written from the driver's ethosu85_interface.h, Vela's
// ethos_u85_weight_encoder.cpp (scale records, weight order) and mlw_encode_fwd.cpp (FWD format).
// It shares no code with npu/ (the decoder it tests); the mlw (SWD) bitstream comes from
// stream_encoder.h / mlw_encoder.h, which is the U55 syntax the U85 SWD reuses.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "tools/model_compiler/stream_encoder.h"

namespace corsim::model_compiler::u85_encode {

using npu_encode::FmSpec;
using npu_encode::TLayout;
using npu_encode::get_fm;
using npu_encode::put_fm;
using npu_encode::CommandWords;

// activation_storage (ethosu85_interface.h): 0 tile 2x2 (memory), 2 chained, 3 none (scalar).
enum class Storage : unsigned { kMemory = 0, kChained = 2, kScalar = 3 };

struct U85Fm {
  FmSpec fm;
  Storage storage = Storage::kMemory;
  unsigned chain = 0;      // chaining-buffer number (in the region field) when chained
  unsigned broadcast = 0;  // IFM/IFM2_BROADCAST mask: 1 H, 2 W, 4 C, 8 scalar
};

class U85StreamBuilder : public CommandWords {
 public:

  // IFM/IFM2_PRECISION: [16] type, [19:18] precision, [23:22] format, [31:30] storage.
  static uint32_t precision_in(const U85Fm& f) {
    return (f.fm.is_signed ? 1u : 0u) | prec(f.fm.bits) << 2 | (f.fm.layout == TLayout::kNhcwb16 ? 1u : 0u) << 6 |
           static_cast<uint32_t>(f.storage) << 14;
  }
  void ifm(const U85Fm& f) {
    cmd0(0x105, precision_in(f));
    cmd0(0x108, f.broadcast);
    cmd0(0x109, static_cast<uint32_t>(f.fm.zp));
    cmd0(0x104, f.fm.c - 1);
    fm_common(0x10A, 0x10F, 0, 4, f);
  }
  void ifm2(const U85Fm& f) {
    cmd0(0x185, precision_in(f));
    cmd0(0x180, f.broadcast);
    cmd0(0x189, static_cast<uint32_t>(f.fm.zp));
    fm_common(0x18A, 0x18F, 128, 132, f);
  }
  // OFM_PRECISION: [16] type, [18:17] precision, [23:22] format, [24] scale_mode, [26:25] reverse,
  // [29:27] transpose, [31:30] storage. The OFM sizes are the logical (untransposed) shape; `dest`
  // (if given) is the transposed destination whose strides and tiles the registers carry.
  void ofm(const U85Fm& f, unsigned scale_mode, unsigned transpose = 0, unsigned reverse = 0, const FmSpec* dest = nullptr) {
    cmd0(0x114, (f.fm.is_signed ? 1u : 0u) | prec(f.fm.bits) << 1 | (f.fm.layout == TLayout::kNhcwb16 ? 1u : 0u) << 6 |
                    scale_mode << 8 | reverse << 9 | transpose << 11 | static_cast<uint32_t>(f.storage) << 14);
    cmd0(0x118, static_cast<uint32_t>(f.fm.zp));
    cmd0(0x111, f.fm.w - 1);
    cmd0(0x112, f.fm.h - 1);
    cmd0(0x113, f.fm.c - 1);
    U85Fm d = f;
    if (dest) d.fm = *dest;
    fm_common(0x11A, 0x11F, 16, 20, d);
  }
  // ACC_FORMAT: [17:16] 0 I32 / 1 I48, [26:24] microblock (0 1x1, 1 1x2, 2 1x4, 3 2x2, 4 2x4, 5 4x4).
  // ACC_FORMAT: [17:16] I32/I48, [21:20] acc_input (0 reset, 1 keep, 2 IFM2), [22] acc_output
  // disable, [26:24] microblock.
  void acc_format(unsigned acc48, unsigned microblock, unsigned acc_input = 0, bool output_disabled = false) {
    cmd0(0x124, acc48 | (acc_input & 3) << 4 | (output_disabled ? 1u : 0u) << 6 | microblock << 8);
  }
  // ACTIVATION: [20:16] function (0 none, 1 U8->U8, 4 S8->S8, 5 S8->S16, 7 S8->S32), [23:21]
  // table, [28] clip (1 = ACTIVATION_MIN/MAX off).
  void activation(unsigned fn, unsigned table, bool clip_off, int32_t lo, int32_t hi) {
    cmd0(0x125, fn | table << 5 | (clip_off ? 1u : 0u) << 12);
    cmd0(0x126, static_cast<uint32_t>(lo));
    cmd0(0x127, static_cast<uint32_t>(hi));
  }
  // OFM_SCALE word0: [21:16] shift, [26:22] dbl, [31:29] round; IFM/IFM2_SCALE round at [29].
  void ofm_scale(uint32_t scale, uint32_t shift, unsigned round, unsigned dbl = 0) {
    cmd1(36, scale, (shift & 0x3F) | (dbl & 0x1F) << 6 | (round & 7) << 13);
  }
  void ifm_scale(uint32_t scale, uint32_t shift, unsigned round, unsigned dbl = 0) {
    cmd1(37, scale, (shift & 0x3F) | (dbl & 0x1F) << 6 | (round & 1) << 13);
  }
  void ifm2_scale(uint32_t scale, uint32_t shift, unsigned round, unsigned dbl = 0) {
    cmd1(38, scale, (shift & 0x3F) | (dbl & 0x1F) << 6 | (round & 1) << 13);
  }
  void op_scalar(int32_t v) { cmd1(39, static_cast<uint32_t>(v)); }
  // WEIGHT_FORMAT: [16] FWD, [20] 2:4 sparse.
  void weight_format(bool fwd, bool sparse) { cmd0(0x12E, (fwd ? 1u : 0u) | (sparse ? 1u : 0u) << 4); }
  // WEIGHT_BASE/LENGTH (stream 0) and WEIGHT1..3 (cmd1 144..149).
  void weights(unsigned region, unsigned stream, uint32_t base, uint32_t length) {
    cmd0(0x128, region);
    const uint16_t b = stream == 0 ? 32 : static_cast<uint16_t>(144 + 2 * (stream - 1));
    cmd1(b, base);
    cmd1(stream == 0 ? 33 : static_cast<uint16_t>(b + 1), length);
  }
  void scales(unsigned region, uint32_t base, uint32_t length) {
    cmd0(0x129, region);
    cmd1(34, base);
    cmd1(35, length);
  }
  void resize(uint32_t nx, uint32_t dx, int32_t offx, uint32_t ny, uint32_t dy, int32_t offy, uint32_t in_w, uint32_t in_h) {
    cmd0(0x12A, nx - 1);
    cmd0(0x12B, ny - 1);
    cmd0(0x12C, static_cast<uint32_t>(offx) & 0xFFF);
    cmd0(0x12D, static_cast<uint32_t>(offy) & 0xFFF);
    cmd1(150, dx % nx, dx / nx);
    cmd1(151, dy % ny, dy / ny);
    cmd0(0x120, in_w - 1);
    cmd0(0x121, in_h - 1);
  }
  void dma(unsigned src_region, uint32_t src, unsigned dst_region_param, uint32_t dst, uint32_t len) {
    cmd0(0x130, src_region);
    cmd1(48, src);
    cmd0(0x131, dst_region_param);
    cmd1(49, dst);
    cmd1(50, len);
    cmd0(0x010, 0);
  }
  void branch(bool conditional, uint32_t target) { cmd1(0x100, target, conditional ? 1u : 0u); }

 private:
  static uint32_t prec(unsigned bits) { return bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3; }
  void fm_common(uint16_t width0, uint16_t region, uint16_t base0, uint16_t stride_x, const U85Fm& f) {
    cmd0(width0, f.fm.w0() - 1);
    cmd0(width0 + 1, f.fm.h0() - 1);
    cmd0(width0 + 2, f.fm.h1() - 1);
    cmd0(region, f.storage == Storage::kChained ? f.chain : f.fm.region);
    cmd1(base0, static_cast<uint32_t>(f.fm.base));
    if (f.fm.tiled()) {
      cmd1(base0 + 1, static_cast<uint32_t>(f.fm.base1));
      cmd1(base0 + 2, static_cast<uint32_t>(f.fm.base2));
      cmd1(base0 + 3, static_cast<uint32_t>(f.fm.base3));
    }
    cmd1(stride_x, static_cast<uint32_t>(f.fm.stride_x()));
    cmd1(stride_x + 1, static_cast<uint32_t>(f.fm.stride_y()));
    cmd1(stride_x + 2, static_cast<uint32_t>(f.fm.stride_c()));
  }
};

// U85 scale records (ethos_u85_weight_encoder.cpp), 10 B per channel, zero records up to 16n
// channels (U85 goldens). Acc32: int32 bias, 31-bit scale, shift byte 8. Acc48: 48-bit bias, 15-bit scale.
inline std::vector<uint8_t> scale_records(const std::vector<int64_t>& bias, const std::vector<uint32_t>& scale,
                                          const std::vector<uint32_t>& shift, bool acc48 = false) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i < bias.size(); ++i) {
    const uint64_t b = static_cast<uint64_t>(bias[i]);
    if (acc48) {
      for (int k = 0; k < 6; ++k) out.push_back(static_cast<uint8_t>(b >> (8 * k)));
      out.push_back(static_cast<uint8_t>(scale[i]));
      out.push_back(static_cast<uint8_t>((scale[i] >> 8) & 0x7F));
    } else {
      for (int k = 0; k < 4; ++k) out.push_back(static_cast<uint8_t>(b >> (8 * k)));
      for (int k = 0; k < 4; ++k) out.push_back(static_cast<uint8_t>((scale[i] & 0x7FFFFFFF) >> (8 * k)));
    }
    out.push_back(static_cast<uint8_t>(shift[i] & 0x3F));
    out.push_back(0);
  }
  while ((out.size() / 10) % 16) out.insert(out.end(), 10, 0);
  return out;
}

// The U85 weight order (EthosU85WeightOrdering::GetNext; loops numbered outer to inner), for stream
// `stream` of `streams` weight decoders (OFM groups of 4 interleaved every 4·streams channels).
struct U85OrderParams {
  enum Traversal { kDepthFirst, kPartKernel, kDepthwise } traversal = kDepthFirst;
  bool sparse = false;
  uint32_t ofm_depth = 1, ifm_depth = 1, kw = 1, kh = 1, sx = 1, sy = 1;
  uint32_t ofm_block_depth = 16, ifm_block_depth = 64, ifm_bits = 8, ofm_ublock = 16, macs = 256, streams = 1;
};

inline std::vector<int32_t> order_u85(const std::vector<int32_t>& W, const U85OrderParams& p, uint32_t stream) {
  std::vector<int32_t> out;
  const bool dw = p.traversal == U85OrderParams::kDepthwise, pk = p.traversal == U85OrderParams::kPartKernel;
  const bool i16 = p.ifm_bits == 16;
  // Element round (U85 goldens): 5 part-kernel 8 bit, 10 sparse / 16 bit / depthwise.
  const uint32_t round = pk ? ((i16 || p.sparse) ? 10 : 5) : dw ? 10 : 1;
  const uint32_t ifm_ub = pk ? (i16 && !p.sparse ? 8 : p.ifm_block_depth) : dw ? 1 : p.ifm_block_depth;
  const uint32_t sx = p.traversal == U85OrderParams::kDepthFirst ? 1 : p.sx;  // step 6: depth-first: stride 1
  const uint32_t sy = p.traversal == U85OrderParams::kDepthFirst ? 1 : p.sy;
  const uint32_t step = dw ? 1 : (p.sparse ? 16 : 8);  // step 8
  const uint32_t dw_pad = (!i16 && p.macs <= 256) ? 0 : (p.macs <= 512 ? 2 : 6);
  const uint32_t wi = dw ? 1 : p.ifm_depth;
  const uint32_t idepth = dw ? 1 : p.ifm_depth;
  auto at = [&](uint32_t o, uint32_t ky, uint32_t kx, uint32_t i) -> int32_t {
    if (o >= p.ofm_depth || i >= idepth) return 0;
    return W[((size_t{o} * p.kh + ky) * p.kw + kx) * wi + i];
  };
  int64_t dir = -int64_t(p.ifm_block_depth), ib = 0;
  for (uint32_t ob = 0; ob < p.ofm_depth; ob += p.ofm_block_depth) {  // 1
    dir = -dir;
    const uint32_t cob = std::min(p.ofm_block_depth, p.ofm_depth - ob);
    for (; ib >= 0 && ib < int64_t(idepth); ib += dir) {  // 2: serpentine
      const uint32_t cib = std::min<uint32_t>(p.ifm_block_depth, idepth - uint32_t(ib));
      for (uint32_t skx = 0; skx < p.kw; skx += 8)  // 3: X outer
        for (uint32_t sky = 0; sky < p.kh; sky += 8) {
          const uint32_t sw = std::min(8u, p.kw - skx), sh = std::min(8u, p.kh - sky);
          for (uint32_t iu = 0; iu < (dw ? 1 : cib); iu += ifm_ub)  // 4
            for (uint32_t ou = 0; ou < cob; ou += p.ofm_ublock) {  // 5
              uint32_t left = (sw * sh + round - 1) / round * round;
              for (uint32_t py = 0; py < sy; ++py)  // 6: stride phases
                for (uint32_t px = 0; px < sx; ++px) {
                  const uint32_t rows = (sh + sy - 1 - py) / sy, cols = (sw + sx - 1 - px) / sx;
                  for (uint32_t r = 0; r < rows; ++r)  // 7: serpentine rows
                    for (uint32_t c0 = 0; c0 < cols; ++c0) {
                      const uint32_t c = r % 2 ? cols - 1 - c0 : c0;
                      --left;
                      const uint32_t ky = sky + py + r * sy, kx = skx + px + c * sx;
                      for (uint32_t ii = 0; ii < ifm_ub; ii += step)  // 8
                        for (uint32_t oz = stream * 4; oz < p.ofm_ublock; oz += 4 * p.streams)  // 9
                          for (uint32_t o4 = 0; o4 < 4; ++o4)
                            for (uint32_t iz = 0; iz < step; ++iz)
                              out.push_back(at(ob + ou + oz + o4, ky, kx, uint32_t(ib) + iu + ii + iz));
                      if (dw && left % round == 0) out.insert(out.end(), dw_pad * p.ofm_ublock / p.streams, 0);
                    }
                }
              if (left > 0) out.insert(out.end(), size_t{left + (dw ? dw_pad : 0)} * ifm_ub * p.ofm_ublock / p.streams, 0);
            }
        }
    }
    ib -= dir;  // the next OFM block starts at the IFM block this one ended on
  }
  return out;
}

// FWD (mlw_encode_fwd.cpp): a 256-bit header ([0] raw, [1] small LUT, [111:104] zero_adjust, 16 x 9-bit
// folded LUT entries from bit 112), then raw bytes, 2-bit or 4-bit indices, padded to 256 bits.
// mode: 0 = choose (LUT2 if <= 4 distinct values, LUT4 if <= 16, else raw), 1 = force raw.
// Returns an empty vector if raw mode is needed and the values span more than 256.
inline std::vector<uint8_t> encode_fwd(const std::vector<int32_t>& w, int mode = 0) {
  std::vector<int32_t> lut;
  bool use_lut = mode == 0;
  for (int32_t v : w) {
    if (!use_lut) break;
    if (std::find(lut.begin(), lut.end(), v) == lut.end()) {
      if (lut.size() == 16) use_lut = false;
      else lut.push_back(v);
    }
  }
  const bool raw = !use_lut, small = use_lut && lut.size() <= 4;
  int32_t lo = 0, hi = 0;
  for (int32_t v : w) { lo = std::min(lo, v); hi = std::max(hi, v); }
  if (raw && hi - lo > 255) return {};  // not encodable (VELA fwd_analyse): the caller's error
  int32_t zero_adjust = 0;
  if (raw && lo < -128) zero_adjust = -128 - lo;
  else if (raw && hi > 127) zero_adjust = 127 - hi;
  npu_encode::BitWriter bw;
  bw.put(raw ? 1 : 0, 1);
  bw.put(small ? 1 : 0, 1);
  for (int k = 0; k < 102; ++k) bw.put(0, 1);
  bw.put(static_cast<uint32_t>(zero_adjust) & 0xFF, 8);
  for (size_t k = 0; k < 16; ++k) {
    const int32_t v = k < lut.size() ? lut[k] : 0;
    bw.put(static_cast<uint32_t>(std::abs(v)) << 1 | (v < 0 ? 1u : 0u), 9);
  }
  for (int32_t v : w) {
    if (raw) bw.put(static_cast<uint32_t>(v + zero_adjust) & 0xFF, 8);
    else {
      const auto idx = static_cast<uint32_t>(std::find(lut.begin(), lut.end(), v) - lut.begin());
      bw.put(idx, small ? 2 : 4);
    }
  }
  std::vector<uint8_t> out = bw.bytes;
  while (out.size() % 32) out.push_back(0);
  return out;
}

// Values per interleave block of FWD with several decoders: ofm_ublock x ifm_ublock x element
// round / streams (VELA EthosU85WeightOrderingFwd).
inline size_t fwd_block_size(const U85OrderParams& p) {
  const bool pk = p.traversal == U85OrderParams::kPartKernel, i16 = p.ifm_bits == 16;
  const uint32_t round = pk ? ((i16 || p.sparse) ? 10 : 5) : 1;
  const uint32_t ifm_ub = pk && i16 && !p.sparse ? 8 : p.ifm_block_depth;
  return size_t{p.ofm_ublock} * ifm_ub * round / p.streams;
}

// FWD with several weight decoders interleaves blocks of ofm_ublock x ifm_ublock x round /
// streams values of each stream (mlw_encode_fwd.cpp).
inline std::vector<int32_t> interleave_fwd(const std::vector<std::vector<int32_t>>& per_stream, size_t block) {
  std::vector<int32_t> out;
  std::vector<size_t> at(per_stream.size(), 0);
  for (bool any = true; any;) {
    any = false;
    for (size_t s = 0; s < per_stream.size(); ++s) {
      const size_t n = std::min(block, per_stream[s].size() - at[s]);
      out.insert(out.end(), per_stream[s].begin() + long(at[s]), per_stream[s].begin() + long(at[s] + n));
      at[s] += n;
      any = any || n > 0;
    }
  }
  return out;
}

}  // namespace corsim::model_compiler::u85_encode
