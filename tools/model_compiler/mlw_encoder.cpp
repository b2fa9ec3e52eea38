#include "tools/model_compiler/mlw_encoder.h"

#include <algorithm>
#include <cstddef>

namespace corsim::model_compiler {

namespace {

// LSB-first bit writer (mlw_decode.c bit order).
class Bits {
 public:
  void put(uint32_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i, ++pos_) {
      if ((pos_ >> 3) >= bytes.size()) bytes.push_back(0);
      if ((v >> i) & 1) bytes[pos_ >> 3] |= static_cast<uint8_t>(1u << (pos_ & 7));
    }
  }
  size_t pos() const { return pos_; }
  std::vector<uint8_t> bytes;

 private:
  size_t pos_ = 0;
};

// Sign-magnitude with the sign in the LSB: the index the decoder maps back with DIROFS 0 and no
// palette (index = v).
uint32_t symbol_of(int32_t w) { return w < 0 ? (static_cast<uint32_t>(-w) << 1) | 1u : static_cast<uint32_t>(w) << 1; }

void header(Bits& b, size_t n, unsigned wdiv) {
  b.put(6, 3);                               // ZDIV: zero runs disabled
  b.put(static_cast<uint32_t>(n - 1), 15);   // SLICELEN
  b.put(wdiv, 3);                            // WDIV
  b.put(0, 1);                               // WTRUNC off
  b.put(1, 1);                               // NEWPAL (every slice: keeps slices independent)
  b.put(0, 5);                               // DIROFS 0
  b.put(0, 5);                               // PALSIZE 0: no palette
  b.put(7, 3);                               // PALBITS 9 (uncompressed index width)
}

void slice_uncompressed(Bits& b, const std::vector<uint32_t>& sym) {
  header(b, sym.size(), 7);
  // Uncompressed: no WUNARY0; chunks of 8 symbols (max_symbols 8 for 9-bit indices, KWS), each
  // chunk's "quotients" are 0 and the 9-bit remainders lag one chunk. The remainders therefore
  // come out in symbol order: the stream is simply the indices.
  for (uint32_t s : sym) b.put(s, 9);
}

// Golomb-Rice with divisor k (mlw_decode.c): quotient q = v >> k written as floor(q/2) codes "2"
// and a final code q & 1, one code per unary position; 12 positions per chunk (WUNARY0 = code != 0,
// WUNARY1 = code - 1 for the non-zero codes); the k-bit remainders of the symbols that ended in a
// chunk follow the next chunk's unary words (after the last chunk, on their own).
void slice_grc(Bits& b, const std::vector<uint32_t>& sym, unsigned k) {
  header(b, sym.size(), k);
  std::vector<uint8_t> codes;
  std::vector<size_t> end_pos;  // position of each symbol's final code
  for (uint32_t s : sym) {
    const uint32_t q = s >> k;
    for (uint32_t i = 0; i < q / 2; ++i) codes.push_back(2);
    codes.push_back(static_cast<uint8_t>(q & 1));
    end_pos.push_back(codes.size() - 1);
  }
  const size_t chunks = (codes.size() + 11) / 12;
  size_t next_sym = 0, prev_first = 0, prev_end = 0;  // symbols [prev_first, prev_end) ended last chunk
  for (size_t c = 0; c <= chunks; ++c) {
    if (c < chunks) {
      uint32_t unary0 = 0, unary1 = 0;
      unsigned n1 = 0;
      for (unsigned i = 0; i < 12; ++i) {
        const size_t p = c * 12 + i;
        const uint8_t code = p < codes.size() ? codes[p] : 0;  // padding positions end dummy symbols
        if (code != 0) {
          unary0 |= 1u << i;
          unary1 |= uint32_t{code - 1u} << n1++;
        }
      }
      b.put(unary0, 12);
      b.put(unary1, n1);
    }
    for (size_t i = prev_first; i < prev_end; ++i) b.put(sym[i] & ((1u << k) - 1), k);
    prev_first = next_sym;
    while (next_sym < sym.size() && end_pos[next_sym] < (c + 1) * 12) ++next_sym;
    prev_end = next_sym;
  }
}

}  // namespace

std::vector<uint8_t> encode_mlw(const std::vector<int32_t>& weights) {
  Bits out;
  for (size_t start = 0; start < weights.size(); start += 32768) {
    const size_t n = std::min<size_t>(32768, weights.size() - start);
    std::vector<uint32_t> sym(n);
    for (size_t i = 0; i < n; ++i) sym[i] = symbol_of(weights[start + i]);
    Bits best;
    slice_uncompressed(best, sym);
    for (unsigned k = 0; k <= 5; ++k) {
      Bits trial;
      slice_grc(trial, sym, k);
      if (trial.pos() < best.pos()) best = std::move(trial);
    }
    // Append the slice's bits.
    for (size_t i = 0; i < best.pos(); ++i) out.put((best.bytes[i >> 3] >> (i & 7)) & 1u, 1);
  }
  out.put(7, 3);  // ZDIV 7: end of stream
  while (out.pos() % 8) out.put(1, 1);
  std::vector<uint8_t> bytes = out.bytes;
  while (bytes.size() % 16) bytes.push_back(0xFF);
  return bytes;
}

}  // namespace corsim::model_compiler
