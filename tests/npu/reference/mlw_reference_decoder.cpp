// The mlw decoder as it was before the table-free rewrite of npu/mlw_decoder.cpp (session 8), kept
// as the reference the fast decoder is compared with on random, encoder-made and real streams
// (Vela ethosu/mlw_codec/mlw_decode.c; KWS golden). Not used by the simulator.
#include "reference/mlw_reference_decoder.h"

#include "base/bits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace corsim::npu::reference {

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
  // n fields of `width` bits each (width <= 32), passed in stream order to field(i, value). Away
  // from the end, each 8-byte load yields as many whole fields as its 57 usable bits hold.
  template <typename Field>
  void fields(unsigned n, unsigned width, Field&& field) {
    const unsigned per_load = width == 0 ? n : 57 / width;
    const uint64_t mask = (uint64_t{1} << width) - 1;
    unsigned i = 0;
    while (i < n) {
      const size_t byte = pos_ >> 3;
      if (std::endian::native != std::endian::little || byte + 8 > s_.size() || per_load == 0) break;
      uint64_t word;
      std::memcpy(&word, s_.data() + byte, sizeof word);
      word >>= pos_ & 7;
      const unsigned end = std::min(n, i + per_load);
      pos_ += size_t{end - i} * width;
      for (; i < end; ++i, word >>= width) field(i, static_cast<uint32_t>(word & mask));
    }
    for (; i < n; ++i) field(i, get(width));
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

// kDeposit6[m << 6 | b]: the low bits of b placed, lowest first, at the set bits of the 6-bit mask m
// (a software PDEP). Two lookups place a chunk's second unary bits at the 12 symbols that have one.
constexpr std::array<uint8_t, 4096> make_deposit6() {
  std::array<uint8_t, 4096> t{};
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned b = 0; b < 64; ++b) {
      unsigned out = 0, k = 0;
      for (unsigned i = 0; i < 6; ++i)
        if (m & (1u << i)) out |= ((b >> k++) & 1u) << i;
      t[m << 6 | b] = static_cast<uint8_t>(out);
    }
  return t;
}
constexpr std::array<uint8_t, 4096> kDeposit6 = make_deposit6();

// The bits of `bits` placed at the set bits of the 12-bit mask `mask`, lowest first.
uint32_t deposit12(uint32_t bits, uint32_t mask) {
  const uint32_t lo = mask & 63, hi = (mask >> 6) & 63;
  const uint32_t out_lo = kDeposit6[lo << 6 | (bits & 63)];
  const uint32_t out_hi = kDeposit6[hi << 6 | ((bits >> popcount32(lo)) & 63)];
  return out_lo | out_hi << 6;
}

// One chunk's quotients from its unary bits, without a branch per bit. A symbol ends at each set bit
// of `ends` (bits 0 .. len-1); the bits before it since the previous end each add `unit` (a weight
// code 2, a zero-run 1); the end itself adds extra(pos). `carry` is what the previous chunk left
// unfinished; returns the count of quotients written to q.
template <typename Extra>
unsigned split_unary(uint32_t ends, unsigned len, unsigned unit, unsigned& carry, std::array<unsigned, 12>& q,
                     Extra&& extra) {
  unsigned n = 0;
  int prev = -1;
  unsigned lead = carry;
  for (uint32_t e = ends; e != 0; e &= e - 1) {
    const int pos = std::countr_zero(e);
    q[n++] = lead + unit * static_cast<unsigned>(pos - prev - 1) + extra(static_cast<unsigned>(pos));
    lead = 0;
    prev = pos;
  }
  carry = lead + unit * static_cast<unsigned>(static_cast<int>(len) - 1 - prev);
  return n;
}

}  // namespace

MlwResult decode_mlw_reference(std::span<const uint8_t> stream) {
  MlwResult res;
  BitReader bb(stream);
  std::array<int32_t, kMaxPalette> palette{};
  unsigned palsize = 0, palbits = 0, dirofs = 0;
  bool first = true;
  bool zero_runs_prev = false;
  std::vector<uint32_t> wval, zval;

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

    wval.assign(nvalues, 0);
    zval.assign(zcount, 0);
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
        // A zero-run quotient is a run of 1 bits ended by a 0 (mlw_decode.c).
        const uint32_t z_unary = bb.get(z_unary_len);
        const uint32_t ends = ~z_unary & ((1u << z_unary_len) - 1);
        z_n = split_unary(ends, z_unary_len, 1, z_carry, z_q, [](unsigned) { return 0u; });
        z_pos += z_n;
      }
      w_n = 0;
      if (w_en) {
        // Each of the chunk's symbols has code 0 (bit clear in w_unary0) or, reading one more bit
        // from w_unary1, 1 or 2; a quotient is the sum of codes up to a code below 2 (every code
        // when WTRUNC) (mlw_decode.c).
        const uint32_t symbols = (1u << max_symbols) - 1;
        const uint32_t ones = w_unary0 & symbols;
        const uint32_t twos = deposit12(bb.get(popcount32(ones)), ones);
        if (wtrunc) {
          for (unsigned i = 0; i < max_symbols; ++i) w_q[i] = ((ones >> i) & 1) + ((twos >> i) & 1);
          w_q[0] += w_carry;
          w_carry = 0;
          w_n = max_symbols;
        } else {
          w_n = split_unary(symbols & ~twos, max_symbols, 2, w_carry, w_q,
                            [ones](unsigned pos) { return (ones >> pos) & 1u; });
        }
        w_pos += w_n;
      }
      // Remainders lag one chunk behind the unary parts (mlw_decode.c).
      if (w_prev_en) {
        const unsigned n = std::min(w_prev_n, nvalues - w_prev_pos);
        uint32_t* dst = &wval[w_prev_pos];
        bb.fields(n, wdiv_bits, [&](unsigned i, uint32_t r) { dst[i] = (w_prev_q[i] << wdiv_bits) + r; });
        w_prev_pos += n;
      }
      if (z_prev_en) {
        const unsigned n = std::min(z_prev_n, zcount - z_prev_pos);
        uint32_t* dst = &zval[z_prev_pos];
        bb.fields(n, zdiv, [&](unsigned i, uint32_t r) { dst[i] = (z_prev_q[i] << zdiv) + r; });
        z_prev_pos += n;
      }
      w_prev_en = w_en; w_prev_n = w_n; w_prev_q = w_q;
      z_prev_en = z_en; z_prev_n = z_n; z_prev_q = z_q;
      if (bb.overrun()) break;
    } while (w_prev_en || z_prev_en);
    if (bb.overrun()) {
      res.ok = false;
      res.error = "mlw: stream ends inside a slice";
      return res;
    }

    // The slice's values: [zeros] w0 zeros w1 zeros ... (a new palette starts with a zero run).
    uint64_t total = res.weights.size() + nvalues;
    for (uint32_t z : zval) total += z;
    if (total > kMaxWeights) {
      res.ok = false;
      res.error = "mlw: stream decodes to too many weights";
      return res;
    }
    const size_t start = res.weights.size();
    res.weights.resize(total);  // zero-filled: the zero runs need only be skipped
    int16_t* out = res.weights.data() + start;
    const uint32_t* z = zval.data();
    if (zero_runs && newpal) out += *z++;
    for (unsigned i = 0; i < nvalues; ++i) {
      // A palette entry, or past the palette a direct value offset by DIROFS, then sign and
      // magnitude with bit 0 the sign (mlw_decode.c). Both candidates are formed and one selected
      // without a branch: in Vela's streams either is common, and a branch here was mispredicted.
      const uint32_t index = wval[i];
      const uint32_t from_palette = static_cast<uint32_t>(palette[index & (kMaxPalette - 1)]);
      const uint32_t v = index < palsize ? from_palette : index - palsize + dirofs;
      const uint32_t negative = 0u - (v & 1);
      *out++ = static_cast<int16_t>(((v >> 1) ^ negative) - negative);
      if (zero_runs) out += *z++;
    }
  }
  return res;
}

}  // namespace corsim::npu::reference
