#include "npu/mlw_decoder.h"

#include "base/bits.h"

#include <array>
#include <bit>
#include <cstring>

namespace corsim::npu {

namespace {

class BitReader {
 public:
  explicit BitReader(std::span<const uint8_t> s) : s_(s) {}
  // LSB-first: bit i of the stream is bit (i & 7) of byte i >> 3 (mlw_decode.c). n <= 32. Away from
  // the end, one 8-byte load holds all n bits (n + 7 <= 39 < 64); the last bytes go bit by bit,
  // which also records an overrun.
  uint32_t get(unsigned n) {
    const size_t byte = pos_ >> 3;
    if (std::endian::native == std::endian::little && byte + 8 <= s_.size()) {
      uint64_t word;
      std::memcpy(&word, s_.data() + byte, sizeof word);
      const unsigned bit = pos_ & 7;
      pos_ += n;
      return static_cast<uint32_t>((word >> bit) & ((uint64_t{1} << n) - 1));
    }
    uint32_t v = 0;
    for (unsigned i = 0; i < n; ++i, ++pos_) {
      if ((pos_ >> 3) >= s_.size()) {
        overrun_ = true;
        continue;
      }
      v |= uint32_t{(s_[pos_ >> 3] >> (pos_ & 7)) & 1u} << i;
    }
    return v;
  }
  void align_byte() { pos_ = (pos_ + 7) & ~size_t{7}; }
  bool at_end() const { return (pos_ >> 3) >= s_.size(); }
  bool overrun() const { return overrun_; }

 private:
  std::span<const uint8_t> s_;
  size_t pos_ = 0;
  bool overrun_ = false;
};

constexpr unsigned kMaxPalette = 32;
constexpr size_t kMaxWeights = size_t{1} << 26;  // guard against hostile streams

unsigned ceil_log2(unsigned v) { return v <= 1 ? 0 : static_cast<unsigned>(std::bit_width(v - 1)); }


}  // namespace

MlwResult decode_mlw(std::span<const uint8_t> stream) {
  MlwResult res;
  BitReader bb(stream);
  std::array<int32_t, kMaxPalette> palette{};
  unsigned palsize = 0, palbits = 0, dirofs = 0;
  bool first = true;
  bool zero_runs_prev = false;

  while (!bb.at_end()) {
    const unsigned zdiv = bb.get(3);
    if (zdiv == 7) {  // end of stream marker: skip to the next byte; continue if bytes remain
      bb.align_byte();
      continue;
    }
    const unsigned nvalues = bb.get(15) + 1;
    const unsigned wdiv = bb.get(3);
    const bool wtrunc = bb.get(1);
    const bool newpal = bb.get(1);
    if (newpal) {
      dirofs = bb.get(5);
      palsize = bb.get(5);
      if (palsize) ++palsize;
      palbits = bb.get(3) + 2;
      for (unsigned i = 0; i < palsize; ++i) palette[i] = static_cast<int32_t>(bb.get(palbits));
    } else if (first) {
      res.ok = false;
      res.error = "mlw: first slice has no palette (NEWPAL = 0)";
      return res;
    }
    first = false;
    const bool zero_runs = zdiv != 6;
    if (!newpal && zero_runs != zero_runs_prev) {
      res.ok = false;
      res.error = "mlw: zero-run mode changed without a new palette";
      return res;
    }
    zero_runs_prev = zero_runs;
    const bool uncompressed = wdiv == 7;
    const unsigned wdiv_bits = uncompressed ? (palsize ? ceil_log2(palsize) : palbits) : wdiv;
    if (!uncompressed && wdiv > 5) {
      res.ok = false;
      res.error = "mlw: reserved WDIV value";
      return res;
    }
    const unsigned zcount = zero_runs ? (newpal ? nvalues + 1 : nvalues) : 0;
    // mlw_decode.c, KWS golden: a chunk holds 8 symbols in uncompressed mode when the index width
    // exceeds 5.
    const unsigned max_symbols = (uncompressed && wdiv_bits > 5) ? 8 : 12;
    const unsigned z_unary_len = zdiv < 3 ? 12 : 8;

    std::vector<uint32_t> wval(nvalues, 0), zval(zcount, 0);
    unsigned w_pos = 0, z_pos = 0, w_prev_pos = 0, z_prev_pos = 0;
    unsigned w_carry = 0, z_carry = 0;
    std::array<unsigned, 12> w_q{}, z_q{}, w_prev_q{}, z_prev_q{};
    unsigned w_n = 0, z_n = 0, w_prev_n = 0, z_prev_n = 0;
    bool w_prev_en = false, z_prev_en = false;
    do {
      const int balance = zero_runs ? static_cast<int>(w_pos) - static_cast<int>(z_pos) : 0;
      const bool w_en = (balance < 8 || !zero_runs) && w_pos < nvalues;
      const bool z_en = balance >= 0 && zero_runs && z_pos < zcount;
      uint32_t w_unary0 = 0;
      if (w_en && !uncompressed) w_unary0 = bb.get(12);
      z_n = 0;
      if (z_en) {
        const uint32_t z_unary = bb.get(z_unary_len);
        unsigned cnt = z_carry;
        for (unsigned i = 0; i < z_unary_len; ++i) {
          if (z_unary & (1u << i)) ++cnt;
          else { z_q[z_n++] = cnt; cnt = 0; }
        }
        z_carry = cnt;
        z_pos += z_n;
      }
      w_n = 0;
      if (w_en) {
        const unsigned w_unary1_len = popcount32(w_unary0 & ((1u << max_symbols) - 1));
        uint32_t w_unary1 = bb.get(w_unary1_len);
        unsigned cnt = w_carry;
        for (unsigned i = 0; i < max_symbols; ++i) {
          unsigned code = 0;
          if (w_unary0 & (1u << i)) {
            code = 1 + (w_unary1 & 1);
            w_unary1 >>= 1;
          }
          cnt += code;
          if (code < 2 || wtrunc) { w_q[w_n++] = cnt; cnt = 0; }
        }
        w_carry = cnt;
        w_pos += w_n;
      }
      // Remainders lag one chunk behind the unary parts (mlw_decode.c).
      if (w_prev_en)
        for (unsigned i = 0; i < w_prev_n && w_prev_pos < nvalues; ++i, ++w_prev_pos)
          wval[w_prev_pos] = (w_prev_q[i] << wdiv_bits) + bb.get(wdiv_bits);
      if (z_prev_en)
        for (unsigned i = 0; i < z_prev_n && z_prev_pos < zcount; ++i, ++z_prev_pos)
          zval[z_prev_pos] = (z_prev_q[i] << zdiv) + bb.get(zdiv);
      w_prev_en = w_en; w_prev_n = w_n; w_prev_q = w_q;
      z_prev_en = z_en; z_prev_n = z_n; z_prev_q = z_q;
      if (bb.overrun()) break;
    } while (w_prev_en || z_prev_en);
    if (bb.overrun()) {
      res.ok = false;
      res.error = "mlw: stream ends inside a slice";
      return res;
    }

    auto emit_zeros = [&](uint32_t n) {
      if (res.weights.size() + n > kMaxWeights) return false;
      res.weights.insert(res.weights.end(), n, 0);
      return true;
    };
    size_t zi = 0;
    if (zero_runs && newpal && !emit_zeros(zval[zi++])) break;
    for (unsigned i = 0; i < nvalues; ++i) {
      const uint32_t index = wval[i];
      const uint32_t v = index < palsize ? static_cast<uint32_t>(palette[index]) : index - palsize + dirofs;
      const int32_t w = (v & 1) ? -static_cast<int32_t>(v >> 1) : static_cast<int32_t>(v >> 1);
      res.weights.push_back(static_cast<int16_t>(w));
      if (zero_runs && zi < zcount && !emit_zeros(zval[zi++])) break;
    }
    if (res.weights.size() >= kMaxWeights) {
      res.ok = false;
      res.error = "mlw: stream decodes to too many weights";
      return res;
    }
  }
  return res;
}

}  // namespace corsim::npu
