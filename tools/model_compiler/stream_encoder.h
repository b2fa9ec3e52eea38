#pragma once
// Ethos-U55 command-word and weight-stream encoding (the NPU tests use it through tests/npu/stream_builder.h), written from the driver's
// ethosu55_interface.h (word formats, field positions), Vela's get_strides/generate_tiles (layouts),
// EncodeBias (scale records), mlw_decode.c (mlw syntax, simplest uncompressed form) and GetNext (weight order). It shares no code with npu/.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace corsim::model_compiler::npu_encode {

enum class TLayout { kNhwc, kNhcwb16 };

struct FmSpec {
  uint32_t h = 1, w = 1, c = 1;
  unsigned bits = 8;
  bool is_signed = true;
  TLayout layout = TLayout::kNhwc;
  unsigned region = 1;
  uint64_t base = 0;
  int32_t zp = 0;
  // Tiles (generate_tiles): WIDTH0 (tiles 0 and 2), HEIGHT0 (tile 0), HEIGHT1 (tile 1); 0 = the whole map,
  // i.e. only tile 0. base is tile 0's; base1..3 those of tiles 1..3. The strides are shared.
  uint32_t width0 = 0, height0 = 0, height1 = 0;
  uint64_t base1 = 0, base2 = 0, base3 = 0;

  unsigned eb() const { return bits / 8; }
  uint32_t w0() const { return width0 ? width0 : w; }
  uint32_t h0() const { return height0 ? height0 : h; }
  uint32_t h1() const { return height1 ? height1 : h; }
  bool tiled() const { return w0() != w || h0() != h; }
  uint64_t stride_c() const { return layout == TLayout::kNhwc ? eb() : 16ull * eb() * w; }
  uint64_t stride_x() const { return layout == TLayout::kNhwc ? uint64_t{c} * eb() : 16ull * eb(); }
  uint64_t stride_y() const {
    return layout == TLayout::kNhwc ? uint64_t{w} * c * eb() : uint64_t{eb()} * w * ((c + 15) / 16 * 16);
  }
  uint64_t bytes() const { return stride_y() * h; }
  // Address (get_address) of (y, x, c) relative to the region: pick the tile, then offset inside it.
  uint64_t addr(uint32_t y, uint32_t x, uint32_t ch) const {
    uint64_t b = base;
    if (x >= w0()) {
      x -= w0();
      if (y < h1()) {
        b = base1;
      } else {
        y -= h1();
        b = base3;
      }
    } else if (y >= h0()) {
      y -= h0();
      b = base2;
    }
    if (layout == TLayout::kNhwc) return b + y * stride_y() + x * stride_x() + uint64_t{ch} * eb();
    return b + y * stride_y() + x * stride_x() + (ch / 16) * stride_c() + (ch % 16) * eb();
  }
};

// Writes/reads element values of a feature map in a byte buffer (little endian).
inline void put_fm(std::vector<uint8_t>& mem, const FmSpec& fm, const std::vector<int32_t>& hwc) {
  size_t i = 0;
  for (uint32_t y = 0; y < fm.h; ++y)
    for (uint32_t x = 0; x < fm.w; ++x)
      for (uint32_t c = 0; c < fm.c; ++c) {
        const uint64_t a = fm.addr(y, x, c);
        for (unsigned b = 0; b < fm.eb(); ++b) mem[a + b] = static_cast<uint8_t>(static_cast<uint32_t>(hwc[i]) >> (8 * b));
        ++i;
      }
}
inline std::vector<int32_t> get_fm(const std::vector<uint8_t>& mem, const FmSpec& fm) {
  std::vector<int32_t> out;
  for (uint32_t y = 0; y < fm.h; ++y)
    for (uint32_t x = 0; x < fm.w; ++x)
      for (uint32_t c = 0; c < fm.c; ++c) {
        const uint64_t a = fm.addr(y, x, c);
        uint32_t raw = 0;
        for (unsigned b = 0; b < fm.eb(); ++b) raw |= uint32_t{mem[a + b]} << (8 * b);
        int64_t v = raw;
        if (fm.is_signed && fm.bits < 32 && (raw >> (fm.bits - 1)) & 1) v -= int64_t{1} << fm.bits;
        if (fm.bits == 32) v = static_cast<int32_t>(raw);
        out.push_back(static_cast<int32_t>(v));
      }
  return out;
}

// The command words and the registers both command-stream ISAs encode alike (ethosu55_interface.h,
// ethosu85_interface.h): cmd0 (one word, 16-bit parameter) and cmd1 (a word and a 32-bit payload),
// the OFM block, the kernel, the padding, an operation and STOP.
class CommandWords {
 public:
  void cmd0(uint16_t op, uint32_t param) { words.push_back(uint32_t{op} | (param & 0xFFFFu) << 16); }
  void cmd1(uint16_t op, uint32_t payload, uint32_t hi = 0) {
    words.push_back(uint32_t{op} | 0x4000u | (hi & 0xFFFFu) << 16);
    words.push_back(payload);
  }
  void block(uint32_t bw, uint32_t bh, uint32_t bd) {
    cmd0(0x115, bw - 1);
    cmd0(0x116, bh - 1);
    cmd0(0x117, bd - 1);
  }
  // KERNEL_STRIDE: stride lsb [16]/[17], msb [22]/[25]; weight order [18]; dilation [19]/[20].
  void kernel(uint32_t kw, uint32_t kh, uint32_t sx, uint32_t sy, bool part_kernel, uint32_t dx = 1, uint32_t dy = 1) {
    cmd0(0x120, (kw - 1) * dx);
    cmd0(0x121, (kh - 1) * dy);
    const uint32_t sxm = sx - 1, sym = sy - 1;
    cmd0(0x122, (sxm & 1) | (sym & 1) << 1 | (part_kernel ? 1u : 0u) << 2 | (dx - 1) << 3 | (dy - 1) << 4 |
                    (sxm >> 1) << 6 | (sym >> 1) << 9);
  }
  void padding(uint32_t top, uint32_t left, uint32_t bottom, uint32_t right) {
    cmd0(0x100, top);
    cmd0(0x101, left);
    cmd0(0x103, bottom);
    cmd0(0x102, right);
  }
  void op(uint16_t opcode, uint32_t param = 0) { cmd0(opcode, param); }
  void stop() { cmd0(0, 0xFFFF); }

  std::vector<uint32_t> words;
};

class StreamBuilder : public CommandWords {
 public:

  void ifm(const FmSpec& f) {
    cmd0(0x105, precision_ifm(f));
    cmd0(0x109, static_cast<uint32_t>(f.zp));
    cmd0(0x10A, f.w0() - 1);
    cmd0(0x10B, f.h0() - 1);
    cmd0(0x10C, f.h1() - 1);
    cmd0(0x10F, f.region);
    cmd0(0x104, f.c - 1);
    tile_bases(0, f);
    cmd1(4, static_cast<uint32_t>(f.stride_x()));
    cmd1(5, static_cast<uint32_t>(f.stride_y()));
    cmd1(6, static_cast<uint32_t>(f.stride_c()));
  }
  void ifm2(const FmSpec& f) {
    cmd0(0x185, precision_ifm(f));
    cmd0(0x189, static_cast<uint32_t>(f.zp));
    cmd0(0x18A, f.w0() - 1);
    cmd0(0x18B, f.h0() - 1);
    cmd0(0x18C, f.h1() - 1);
    cmd0(0x18F, f.region);
    tile_bases(128, f);
    cmd1(132, static_cast<uint32_t>(f.stride_x()));
    cmd1(133, static_cast<uint32_t>(f.stride_y()));
    cmd1(134, static_cast<uint32_t>(f.stride_c()));
  }
  // scale_mode: 0 per-channel stream, 1 global OFM_SCALE. round: 0 DBL, 1 TRUNCATE, 2 NATURAL.
  void ofm(const FmSpec& f, unsigned scale_mode = 0, unsigned round = 0) {
    const unsigned prec = f.bits == 8 ? 0 : f.bits == 16 ? 1 : 2;
    cmd0(0x114, (f.is_signed ? 1u : 0u) | prec << 1 | (f.layout == TLayout::kNhcwb16 ? 1u : 0u) << 6 |
                    scale_mode << 8 | round << 14);
    cmd0(0x118, static_cast<uint32_t>(f.zp));
    cmd0(0x111, f.w - 1);
    cmd0(0x112, f.h - 1);
    cmd0(0x113, f.c - 1);
    cmd0(0x11A, f.w0() - 1);
    cmd0(0x11B, f.h0() - 1);
    cmd0(0x11C, f.h1() - 1);
    cmd0(0x11F, f.region);
    tile_bases(16, f);
    cmd1(20, static_cast<uint32_t>(f.stride_x()));
    cmd1(21, static_cast<uint32_t>(f.stride_y()));
    cmd1(22, static_cast<uint32_t>(f.stride_c()));
  }
  void weights(unsigned region, uint32_t base, uint32_t length) {
    cmd0(0x128, region);
    cmd1(32, base);
    cmd1(33, length);
  }
  void scales(unsigned region, uint32_t base, uint32_t length) {
    cmd0(0x129, region);
    cmd1(34, base);
    cmd1(35, length);
  }
  void ofm_scale(uint32_t scale, uint32_t shift) { cmd1(36, scale, shift & 0x3F); }
  // fn: 0 none, 16+n TABLE_n; clip: 0 OFM precision, 3 force int8 (ethosu55_interface.h).
  void activation(unsigned fn, unsigned clip, int32_t lo, int32_t hi) {
    cmd0(0x125, fn | clip << 12);
    cmd0(0x126, static_cast<uint32_t>(lo));
    cmd0(0x127, static_cast<uint32_t>(hi));
  }

 private:
  // BASE0..3 of IFM (cmd1 0-3), OFM (16-19) or IFM2 (128-131); tiles 1-3 only when used.
  void tile_bases(uint16_t first, const FmSpec& f) {
    cmd1(first, static_cast<uint32_t>(f.base));
    if (!f.tiled()) return;
    cmd1(first + 1, static_cast<uint32_t>(f.base1));
    cmd1(first + 2, static_cast<uint32_t>(f.base2));
    cmd1(first + 3, static_cast<uint32_t>(f.base3));
  }
  static uint32_t precision_ifm(const FmSpec& f) {
    const unsigned prec = f.bits == 8 ? 0 : f.bits == 16 ? 1 : 2;
    return (f.is_signed ? 1u : 0u) | prec << 2 | (f.layout == TLayout::kNhcwb16 ? 1u : 0u) << 6;
  }
};

// U55 scale record (Vela EncodeBias): 40-bit bias, 32-bit scale, 6-bit shift.
inline std::vector<uint8_t> scale_records(const std::vector<int64_t>& bias, const std::vector<uint32_t>& scale,
                                          const std::vector<uint32_t>& shift) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i < bias.size(); ++i) {
    for (int b = 0; b < 5; ++b) out.push_back(static_cast<uint8_t>(static_cast<uint64_t>(bias[i]) >> (8 * b)));
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<uint8_t>(scale[i] >> (8 * b)));
    out.push_back(static_cast<uint8_t>(shift[i] & 0x3F));
  }
  while (out.size() % 16) out.push_back(0);
  return out;
}

// LSB-first bit writer (mlw_decode.c).
class BitWriter {
 public:
  void put(uint32_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i, ++pos_) {
      if ((pos_ >> 3) >= bytes.size()) bytes.push_back(0);
      if ((v >> i) & 1) bytes[pos_ >> 3] |= static_cast<uint8_t>(1u << (pos_ & 7));
    }
  }
  std::vector<uint8_t> bytes;

 private:
  size_t pos_ = 0;
};

// The simplest legal mlw stream (mlw_decode.c): one slice per <= 32768 weights, zero runs disabled
// (ZDIV 6), uncompressed (WDIV 7), no palette, direct offset 0, 9-bit indices (PALBITS 7 + 2),
// each weight in sign-magnitude with the sign in the LSB; then ZDIV 7, 1-padding to a byte and
// 0xFF padding to 16 bytes.
inline std::vector<uint8_t> encode_mlw_uncompressed(const std::vector<int32_t>& weights) {
  BitWriter bw;
  for (size_t start = 0; start < weights.size(); start += 32768) {
    const size_t n = std::min<size_t>(32768, weights.size() - start);
    bw.put(6, 3);                         // ZDIV: zero runs disabled
    bw.put(static_cast<uint32_t>(n - 1), 15);  // SLICELEN
    bw.put(7, 3);                         // WDIV: uncompressed
    bw.put(0, 1);                         // WTRUNC
    bw.put(1, 1);                         // NEWPAL
    bw.put(0, 5);                         // DIROFS
    bw.put(0, 5);                         // PALSIZE: no palette
    bw.put(7, 3);                         // PALBITS - 2 = 7: 9-bit indices
    for (size_t i = 0; i < n; ++i) {
      const int32_t w = weights[start + i];
      const uint32_t v = w < 0 ? (static_cast<uint32_t>(-w) << 1) | 1u : static_cast<uint32_t>(w) << 1;
      bw.put(v, 9);
    }
  }
  bw.put(7, 3);  // end of stream
  std::vector<uint8_t> out = bw.bytes;
  while (out.size() % 16) out.push_back(0xFF);
  return out;
}

struct OrderParams {
  bool depthwise = false, part_kernel = false;
  uint32_t ofm_depth = 1, ifm_depth = 1, kw = 1, kh = 1, ofm_block_depth = 8, ifm_bits = 8, ofm_ublock = 8;
};

// GetNext weight order (with the part-kernel clip of KWS conv 1), as the encoder emits it. W is
// [o][ky][kx][i] (depthwise: [o][ky][kx]).
inline std::vector<int32_t> order_weights(const std::vector<int32_t>& W, const OrderParams& p) {
  std::vector<int32_t> out;
  const uint32_t ifm_block = (p.part_kernel || p.ifm_bits == 16) ? 16 : 32;
  const uint32_t round = p.depthwise ? 4 : (p.part_kernel ? (p.ifm_bits == 16 ? 2 : 4) : 1);
  const uint32_t wi = p.depthwise ? 1 : p.ifm_depth;
  auto at = [&](uint32_t o, uint32_t ky, uint32_t kx, uint32_t i) -> int32_t {
    if (o >= p.ofm_depth || (!p.depthwise && i >= p.ifm_depth)) return 0;
    return W[((size_t{o} * p.kh + ky) * p.kw + kx) * wi + (p.depthwise ? 0 : i)];
  };
  for (uint32_t obz = 0; obz < p.ofm_depth; obz += p.ofm_block_depth) {
    const uint32_t clipped = std::min(p.ofm_block_depth, p.ofm_depth - obz);
    for (uint32_t ibz = 0; ibz < (p.depthwise ? 1 : p.ifm_depth); ibz += ifm_block) {
      const uint32_t pk_depth = (std::min(ifm_block, p.ifm_depth - ibz) + 7) / 8 * 8;
      for (uint32_t sky = 0; sky < p.kh; sky += 8)
        for (uint32_t skx = 0; skx < p.kw; skx += 8) {
          const uint32_t sw = std::min(8u, p.kw - skx), sh = std::min(8u, p.kh - sky);
          const uint32_t elems = (sw * sh + round - 1) / round * round;
          const bool pk = p.part_kernel && !p.depthwise;
          for (uint32_t outer = 0; outer < (pk ? pk_depth : 1); outer += (pk ? 8 : 1))
            for (uint32_t oub = 0; oub < clipped; oub += p.ofm_ublock)
              for (uint32_t e = 0; e < elems; ++e) {
                const bool pad = e >= sw * sh;
                const uint32_t kx = e % sw, ky = e / sw;
                const bool df = !p.part_kernel && !p.depthwise;
                for (uint32_t inner = 0; inner < (df ? ifm_block : 1); inner += (df ? 8 : 1))
                  for (uint32_t oz = 0; oz < p.ofm_ublock; ++oz)
                    for (uint32_t iz = 0; iz < (p.depthwise ? 1u : 8u); ++iz) {
                      const uint32_t o = obz + oub + oz;
                      const uint32_t i = p.depthwise ? o : ibz + outer + inner + iz;
                      out.push_back(pad || oub + oz >= clipped ? 0 : at(o, sky + ky, skx + kx, i));
                    }
              }
        }
    }
  }
  return out;
}

}  // namespace corsim::model_compiler::npu_encode
