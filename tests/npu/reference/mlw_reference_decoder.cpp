// The mlw decoder as it was before the table-free rewrite of npu/mlw_decoder.cpp (session 8), kept
// as the reference the fast decoder is compared with on random, encoder-made and real streams
// (Vela ethosu/mlw_codec/mlw_decode.c; KWS golden). Not used by the simulator.
#include "reference/mlw_reference_decoder.h"

#include "base/bits.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <numeric>

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

// The low bits of `bits` placed, lowest first, at the set bits of `mask` (PDEP), bit by bit.
uint32_t deposit12(uint32_t bits, uint32_t mask) {
  uint32_t out = 0;
  for (unsigned i = 0, k = 0; i < 12; ++i)
    if ((mask >> i) & 1u) out |= ((bits >> k++) & 1u) << i;
  return out;
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
  const auto fail = [&res](const char* why) {
    res.ok = false;
    res.error = why;
    return res;
  };
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
    // The rest of the slice header as one LSB-first word: SLICELEN-1 (15 bits), WDIV (3), WTRUNC,
    // NEWPAL; with a new palette DIROFS (5), PALSIZE-1 (5, 0: none) and PALBITS-2 (3).
    const uint32_t header = bb.get(20);
    const unsigned nvalues = (header & 0x7FFF) + 1;
    const unsigned wdiv = (header >> 15) & 7;
    const bool wtrunc = (header >> 18) & 1;
    const bool newpal = (header >> 19) & 1;
    if (newpal) {
      const uint32_t pal = bb.get(13);
      dirofs = pal & 31;
      palsize = (pal >> 5) & 31 ? ((pal >> 5) & 31) + 1 : 0;
      palbits = ((pal >> 10) & 7) + 2;
      for (unsigned i = 0; i < palsize; ++i) palette[i] = static_cast<int32_t>(bb.get(palbits));
    } else if (first) {
      return fail("mlw: first slice has no palette (NEWPAL = 0)");
    }
    first = false;
    const bool zero_runs = zdiv != 6;
    if (!newpal && zero_runs != zero_runs_prev) {
      return fail("mlw: zero-run mode changed without a new palette");
    }
    zero_runs_prev = zero_runs;
    const bool uncompressed = wdiv == 7;
    const unsigned wdiv_bits = uncompressed ? (palsize ? ceil_log2(palsize) : palbits) : wdiv;
    if (!uncompressed && wdiv > 5) {
      return fail("mlw: reserved WDIV value");
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
      return fail("mlw: stream ends inside a slice");
    }

    // The slice's values appended one by one: [zeros] w0 zeros w1 zeros ... (a new palette
    // starts with a zero run), once the stream's count is known to stay within the limit.
    const uint64_t zeros = std::accumulate(zval.begin(), zval.end(), uint64_t{0});
    if (res.weights.size() + nvalues + zeros > kMaxWeights) {
      return fail("mlw: stream decodes to too many weights");
    }
    size_t run = 0;
    if (zero_runs && newpal) res.weights.insert(res.weights.end(), zval[run++], int16_t{0});
    for (unsigned i = 0; i < nvalues; ++i) {
      // A palette entry, or past the palette a direct value offset by DIROFS, then sign and
      // magnitude with bit 0 the sign (mlw_decode.c).
      const uint32_t index = wval[i];
      const uint32_t v = index < palsize ? static_cast<uint32_t>(palette[index]) : index - palsize + dirofs;
      res.weights.push_back(static_cast<int16_t>((v & 1) ? -static_cast<int32_t>(v >> 1) : static_cast<int32_t>(v >> 1)));
      if (zero_runs) res.weights.insert(res.weights.end(), zval[run++], int16_t{0});
    }
  }
  return res;
}

}  // namespace corsim::npu::reference
