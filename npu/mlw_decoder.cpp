#include "npu/mlw_decoder.h"

#include "base/bits.h"
#include "npu/ops/simd.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>

namespace corsim::npu {

namespace {

// Zero bytes after the stream's copy. Vela's reader (mlw_decode.c) and ours read zeros past the
// end; the overrun is checked once per slice header and once per chunk, so the padding covers the
// most a header (324 bits with a 32-entry palette of 9 bits) and a chunk (12 + 12 + 12 unary bits
// and 12 x 9 + 12 x 5 remainder bits, plus the 12-field reads of unused remainders) read past it,
// and an 8-byte load at the last bit.
constexpr size_t kPadBytes = 128;

// LSB-first: bit i of the stream is bit (i & 7) of byte i >> 3 (mlw_decode.c). Reads are one
// unaligned 8-byte load each, with no bounds check: the buffer is padded (kPadBytes).
class PaddedBits {
 public:
  PaddedBits(const uint8_t* data, size_t bytes) : p_(data), end_(bytes * 8) {}
  // n <= 32 bits at bit position `at`.
  uint32_t at(size_t at, unsigned n) const {
    uint64_t word;
    std::memcpy(&word, p_ + (at >> 3), sizeof word);
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
    return static_cast<uint32_t>((word >> (at & 7)) & ((uint64_t{1} << n) - 1));
  }
  uint32_t get(unsigned n) {
    const uint32_t v = at(pos_, n);
    pos_ += n;
    return v;
  }
  size_t pos() const { return pos_; }
  const uint8_t* data() const { return p_; }
  void skip(size_t n) { pos_ += n; }
  void align_byte() { pos_ = (pos_ + 7) & ~size_t{7}; }
  bool at_end() const { return pos_ >= end_; }
  // A bit past the stream was read (the reference reader's overrun: it returns zeros there too).
  bool overrun() const { return pos_ > end_; }

 private:
  const uint8_t* p_;
  size_t end_;
  size_t pos_ = 0;
};

constexpr unsigned kMaxPalette = 32;
constexpr unsigned kChunk = 12;  // symbols per chunk at most (mlw_decode.c)
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

// One chunk's quotients from its unary symbols (mlw_decode.c). Symbol i has code 0, 1 or 2 (bit i
// of `ones` plus bit i of `twos`); a quotient is the sum of the codes up to a symbol whose bit is set
// in `ends`, which closes it: a weight's when its code is below 2 (or every symbol when WTRUNC), a
// zero run's when its bit is 0 (its 1 bits count). Symbols past the chunk's length have no bits
// set. `carry` is the sum the previous chunk left open, and is left holding this chunk's. Both
// kernels write q[0..11] (entries past the returned count of closed quotients are scratch).
//
// The portable kernel walks the ends (a bit scan each); a symbol that does not end its quotient
// has code `unit` (2 for a weight, 1 for a zero run) and the chunk is `len` symbols long.
struct PortableChunks {
  static unsigned split(uint32_t ends, unsigned len, unsigned unit, uint32_t ones, uint32_t twos, unsigned& carry,
                        uint32_t* q) {
    unsigned n = 0;
    unsigned next = 0;  // the position after the previous end
    unsigned lead = carry;
    for (uint32_t e = ends; e != 0; e &= e - 1) {
      const unsigned pos = static_cast<unsigned>(std::countr_zero(e));
      q[n++] = lead + unit * (pos - next) + ((ones >> pos) & 1u) + ((twos >> pos) & 1u);
      lead = 0;
      next = pos + 1;
    }
    carry = lead + unit * (len - next);
    return n;
  }

  // A chunk's remainders (`width` bits each, stream order) added below its quotients: 12 values
  // written to dst (those past `n` are scratch that the next chunk overwrites or that lies past
  // the slice), n x width bits consumed.
  static void add_remainders(PaddedBits& bits, unsigned n, unsigned width, const uint32_t* q, uint32_t* dst) {
    if (width == 0) {
      std::memcpy(dst, q, kChunk * sizeof *dst);
      return;
    }
    const size_t pos = bits.pos();
    for (unsigned i = 0; i < kChunk; ++i) dst[i] = (q[i] << width) + bits.at(pos + size_t{i} * width, width);
    bits.skip(size_t{n} * width);
  }
};

#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL
// kCompress8[m]: the positions of m's set bits, lowest first, one per byte, the rest 0x80: a PSHUFB
// control that packs the bytes at those positions to the front and zeros the rest.
constexpr std::array<uint64_t, 256> make_compress8() {
  std::array<uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    unsigned k = 0;
    for (unsigned i = 0; i < 8; ++i)
      if (m & (1u << i)) t[m] |= uint64_t{i} << (8 * k++);
    for (; k < 8; ++k) t[m] |= uint64_t{0x80} << (8 * k);
  }
  return t;
}
constexpr std::array<uint64_t, 256> kCompress8 = make_compress8();

// 16 bytes from kSlide + 16 - k: a PSHUFB control that moves bytes k places up (zeros below).
alignas(32) constexpr uint8_t kSlide[32] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                                            0x80, 0x80, 0x80, 0x80, 0x80, 0,    1,    2,    3,    4,    5,
                                            6,    7,    8,    9,    10,   11,   12,   13,   14,   15};

// The same with SSE/AVX2 (Intel Intrinsics Guide), the chunk's 12 symbols in 16 byte lanes: the
// codes' running sums (four shift-and-add steps), the sums at the ends packed to the front
// (PSHUFB), and each quotient the difference of neighbours; the remainders gathered from one
// 16-byte load (PSHUFB two bytes per field, VPSRLVD by the field's bit offset).
struct Avx2Chunks {
  CORSIM_NPU_TARGET_AVX2 static __m128i bits_as_bytes(uint32_t m) {
    const __m128i spread =
        _mm_shuffle_epi8(_mm_cvtsi32_si128(static_cast<int>(m)), _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1));
    const __m128i bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    return _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(spread, bit), bit), _mm_set1_epi8(1));
  }

  CORSIM_NPU_TARGET_AVX2 static unsigned split(uint32_t ends, unsigned len, unsigned unit, uint32_t ones,
                                               uint32_t twos, unsigned& carry, uint32_t* q) {
    __m128i sums = _mm_add_epi8(bits_as_bytes(ones), bits_as_bytes(twos));  // codes <= 2, sums <= 24
    sums = _mm_add_epi8(sums, _mm_slli_si128(sums, 1));
    sums = _mm_add_epi8(sums, _mm_slli_si128(sums, 2));
    sums = _mm_add_epi8(sums, _mm_slli_si128(sums, 4));
    sums = _mm_add_epi8(sums, _mm_slli_si128(sums, 8));
    const unsigned n_lo = static_cast<unsigned>(__builtin_popcount(ends & 0xFFu));
    const unsigned n = n_lo + static_cast<unsigned>(__builtin_popcount(ends >> 8));
    // The ends among symbols 0-7 packed to the front, those among 8-11 packed after them.
    const __m128i lo = _mm_shuffle_epi8(
        sums, _mm_set_epi64x(static_cast<int64_t>(0x8080808080808080ull), static_cast<int64_t>(kCompress8[ends & 0xFFu])));
    const __m128i hi = _mm_shuffle_epi8(
        sums, _mm_cvtsi64_si128(static_cast<int64_t>(kCompress8[(ends >> 8) & 0xFFu] + 0x0808080808080808ull)));
    const __m128i at_ends = _mm_or_si128(
        lo, _mm_shuffle_epi8(hi, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kSlide + 16 - n_lo))));
    const __m128i quotients = _mm_sub_epi8(at_ends, _mm_slli_si128(at_ends, 1));
    const __m256i first = _mm256_zextsi128_si256(_mm_cvtsi32_si128(static_cast<int>(carry)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(q), _mm256_add_epi32(_mm256_cvtepu8_epi32(quotients), first));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(q + 8), _mm_cvtepu8_epi32(_mm_srli_si128(quotients, 8)));
    // What follows the last end: symbols of code `unit` up to the chunk's length.
    const unsigned next = n == 0 ? 0 : 32 - static_cast<unsigned>(__builtin_clz(ends));
    carry = (n == 0 ? carry : 0) + unit * (len - next);
    return n;
  }

  // Field i spans at most 2 bytes from byte offset / 8 (width <= 9, offset % 8 <= 7); the 16 bytes
  // of `stream` (in both halves) hold all 12 (bit 7 + 11 x 9 + 9 < 128).
  CORSIM_NPU_TARGET_AVX2 static __m256i fields(__m256i stream, __m256i offset, __m256i mask) {
    const __m256i byte = _mm256_srli_epi32(offset, 3);
    const __m256i control =
        _mm256_or_si256(_mm256_or_si256(byte, _mm256_slli_epi32(_mm256_add_epi32(byte, _mm256_set1_epi32(1)), 8)),
                        _mm256_set1_epi32(static_cast<int>(0x80800000u)));
    const __m256i two_bytes = _mm256_shuffle_epi8(stream, control);
    return _mm256_and_si256(_mm256_srlv_epi32(two_bytes, _mm256_and_si256(offset, _mm256_set1_epi32(7))), mask);
  }

  CORSIM_NPU_TARGET_AVX2 static void add_remainders(PaddedBits& bits, unsigned n, unsigned width, const uint32_t* q,
                                                    uint32_t* dst) {
    const size_t pos = bits.pos();
    const __m256i stream =
        _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bits.data() + (pos >> 3))));
    const __m256i w = _mm256_set1_epi32(static_cast<int>(width));
    const __m256i offsets = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(pos & 7)),
                                             _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), w));
    const __m256i mask = _mm256_set1_epi32(static_cast<int>((1u << width) - 1));
    const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(width));
    const __m256i lo = _mm256_add_epi32(_mm256_sll_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(q)), shift),
                                        fields(stream, offsets, mask));
    const __m256i hi = _mm256_add_epi32(
        _mm256_sll_epi32(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q + 8))), shift),
        fields(stream, _mm256_add_epi32(offsets, _mm256_slli_epi32(w, 3)), mask));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), lo);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 8), _mm256_castsi256_si128(hi));
    bits.skip(size_t{n} * width);
  }
};
#endif

struct Slice {
  unsigned nvalues = 0, zcount = 0;
  unsigned wdiv_bits = 0, zdiv = 0;
  unsigned max_symbols = 0, z_unary_len = 0;
  bool zero_runs = false, uncompressed = false, wtrunc = false;
};

// The chunk loop of one slice (mlw_decode.c): each chunk reads the weights' first unary bits, the
// zero runs' unary bits, the weights' second unary bits, then the remainders of the previous
// chunk's weights and zero runs (they lag one chunk behind). Weight indices go to wval[0..nvalues),
// zero runs to zval[0..zcount); both need kChunk entries of room past their count. Returns false
// when a bit past the stream was read.
template <typename Kernel>
inline bool decode_chunks(PaddedBits& bits, const Slice& s, uint32_t* wval, uint32_t* zval) {
  std::array<uint32_t, kChunk> wq[2] = {}, zq[2] = {};
  unsigned cur = 0;  // wq[cur], zq[cur]: this chunk's; [cur ^ 1]: the previous chunk's
  unsigned w_pos = 0, z_pos = 0, w_prev_pos = 0, z_prev_pos = 0;
  unsigned w_carry = 0, z_carry = 0;
  unsigned w_prev_n = 0, z_prev_n = 0;
  bool w_prev_en = false, z_prev_en = false;
  const uint32_t symbols = (1u << s.max_symbols) - 1;
  const uint32_t z_symbols = (1u << s.z_unary_len) - 1;
  do {
    const int balance = s.zero_runs ? static_cast<int>(w_pos) - static_cast<int>(z_pos) : 0;
    const bool w_en = (balance < 8 || !s.zero_runs) && w_pos < s.nvalues;
    const bool z_en = balance >= 0 && s.zero_runs && z_pos < s.zcount;
    uint32_t w_unary0 = 0;
    if (w_en && !s.uncompressed) w_unary0 = bits.get(12);
    unsigned z_n = 0;
    if (z_en) {
      const uint32_t z_unary = bits.get(s.z_unary_len) & z_symbols;
      z_n = Kernel::split(~z_unary & z_symbols, s.z_unary_len, 1, z_unary, 0, z_carry, zq[cur].data());
      z_pos += z_n;
    }
    unsigned w_n = 0;
    if (w_en) {
      // Each symbol has code 0 (bit clear in w_unary0) or, reading one more bit from w_unary1, 1 or
      // 2 (mlw_decode.c). Uncompressed: every symbol is code 0 and ends its quotient.
      const uint32_t ones = w_unary0 & symbols;
      const uint32_t twos = deposit12(bits.get(popcount32(ones)), ones);
      w_n = Kernel::split(s.wtrunc ? symbols : symbols & ~twos, s.max_symbols, 2, ones, twos, w_carry,
                          wq[cur].data());
      w_pos += w_n;
    }
    if (w_prev_en) {
      const unsigned n = std::min(w_prev_n, s.nvalues - w_prev_pos);
      Kernel::add_remainders(bits, n, s.wdiv_bits, wq[cur ^ 1].data(), wval + w_prev_pos);
      w_prev_pos += n;
    }
    if (z_prev_en) {
      const unsigned n = std::min(z_prev_n, s.zcount - z_prev_pos);
      Kernel::add_remainders(bits, n, s.zdiv, zq[cur ^ 1].data(), zval + z_prev_pos);
      z_prev_pos += n;
    }
    w_prev_en = w_en;
    w_prev_n = w_n;
    z_prev_en = z_en;
    z_prev_n = z_n;
    cur ^= 1;
    if (bits.overrun()) return false;
  } while (w_prev_en || z_prev_en);
  return true;
}

using ChunkDecoder = bool (*)(PaddedBits&, const Slice&, uint32_t*, uint32_t*);

// `flatten`: the kernel's functions inlined into the loop, each loop compiled for its kernel's
// instruction set.
__attribute__((flatten)) bool decode_chunks_portable(PaddedBits& bits, const Slice& s, uint32_t* wval,
                                                     uint32_t* zval) {
  return decode_chunks<PortableChunks>(bits, s, wval, zval);
}

#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL
CORSIM_NPU_TARGET_AVX2 __attribute__((flatten)) bool decode_chunks_avx2(PaddedBits& bits, const Slice& s,
                                                                         uint32_t* wval, uint32_t* zval) {
  return decode_chunks<Avx2Chunks>(bits, s, wval, zval);
}
#endif

ChunkDecoder chunk_decoder(MlwKernel kernel) {
#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL
  if (kernel == MlwKernel::kFastest && host_has_avx2()) return decode_chunks_avx2;
#endif
  (void)kernel;
  return decode_chunks_portable;
}

// A weight index as a value: a palette entry, or past the palette a direct value offset by DIROFS,
// then sign and magnitude with bit 0 the sign (mlw_decode.c).
int16_t signed_value(uint32_t v) {
  const uint32_t negative = 0u - (v & 1);
  return static_cast<int16_t>(((v >> 1) ^ negative) - negative);
}

// The values of a slice without a palette (Vela's usual): a loop the compiler vectorises, compiled
// for AVX2 and the baseline (npu/ops/simd.h).
CORSIM_NPU_MULTIVERSION void direct_values(const uint32_t* __restrict index, unsigned n, uint32_t dirofs,
                                           int16_t* __restrict out) {
  for (unsigned i = 0; i < n; ++i) out[i] = signed_value(index[i] + dirofs);
}

CORSIM_NPU_MULTIVERSION uint64_t sum_of(const uint32_t* v, unsigned n) {
  uint64_t sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += v[i];
  return sum;
}

}  // namespace

MlwResult decode_mlw(std::span<const uint8_t> stream, MlwKernel kernel) {
  const ChunkDecoder chunks = chunk_decoder(kernel);
  MlwResult res;
  const std::unique_ptr<uint8_t[]> padded(new uint8_t[stream.size() + kPadBytes]);
  if (!stream.empty()) std::memcpy(padded.get(), stream.data(), stream.size());
  std::memset(padded.get() + stream.size(), 0, kPadBytes);
  PaddedBits bb(padded.get(), stream.size());
  res.weights.reserve(std::min(stream.size() * 2, kMaxWeights));

  std::array<int32_t, kMaxPalette> palette{};
  unsigned palsize = 0, palbits = 0, dirofs = 0;
  bool first = true;
  bool zero_runs_prev = false;
  std::vector<uint32_t> wval, zval;
  std::vector<int16_t> values;

  while (!bb.at_end()) {
    Slice s;
    s.zdiv = bb.get(3);
    if (s.zdiv == 7) {  // end of stream marker: skip to the next byte; continue if bytes remain
      bb.align_byte();
      continue;
    }
    s.nvalues = bb.get(15) + 1;
    const unsigned wdiv = bb.get(3);
    s.wtrunc = bb.get(1);
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
    s.zero_runs = s.zdiv != 6;
    if (!newpal && s.zero_runs != zero_runs_prev) {
      res.ok = false;
      res.error = "mlw: zero-run mode changed without a new palette";
      return res;
    }
    zero_runs_prev = s.zero_runs;
    s.uncompressed = wdiv == 7;
    s.wdiv_bits = s.uncompressed ? (palsize ? ceil_log2(palsize) : palbits) : wdiv;
    if (!s.uncompressed && wdiv > 5) {
      res.ok = false;
      res.error = "mlw: reserved WDIV value";
      return res;
    }
    s.zcount = s.zero_runs ? (newpal ? s.nvalues + 1 : s.nvalues) : 0;
    // mlw_decode.c, KWS golden: a chunk holds 8 symbols in uncompressed mode when the index width
    // exceeds 5.
    s.max_symbols = (s.uncompressed && s.wdiv_bits > 5) ? 8 : kChunk;
    s.z_unary_len = s.zdiv < 3 ? 12 : 8;

    if (wval.size() < s.nvalues + kChunk) wval.resize(s.nvalues + kChunk);
    if (zval.size() < s.zcount + kChunk) zval.resize(s.zcount + kChunk);
    if (!chunks(bb, s, wval.data(), zval.data())) {
      res.ok = false;
      res.error = "mlw: stream ends inside a slice";
      return res;
    }

    // The slice's values: [zeros] w0 zeros w1 zeros ... (a new palette starts with a zero run).
    uint64_t total = res.weights.size() + s.nvalues;
    total += sum_of(zval.data(), s.zcount);
    if (total > kMaxWeights) {
      res.ok = false;
      res.error = "mlw: stream decodes to too many weights";
      return res;
    }
    const size_t start = res.weights.size();
    res.weights.resize(total);  // zero-filled: the zero runs need only be skipped
    int16_t* out = res.weights.data() + start;
    // Without a zero run the values land in place; with them they are formed first, then spread.
    if (s.zero_runs) values.resize(s.nvalues);
    int16_t* formed = s.zero_runs ? values.data() : out;
    if (palsize == 0) {
      direct_values(wval.data(), s.nvalues, dirofs, formed);
    } else {
      // Both candidates formed and one selected without a branch: in Vela's streams either is
      // common, and a branch here was mispredicted.
      for (unsigned i = 0; i < s.nvalues; ++i) {
        const uint32_t index = wval[i];
        const uint32_t from_palette = static_cast<uint32_t>(palette[index & (kMaxPalette - 1)]);
        formed[i] = signed_value(index < palsize ? from_palette : index - palsize + dirofs);
      }
    }
    if (s.zero_runs) {
      const uint32_t* z = zval.data();
      if (newpal) out += *z++;
      for (unsigned i = 0; i < s.nvalues; ++i) {
        *out++ = values[i];
        out += *z++;
      }
    }
  }
  return res;
}

}  // namespace corsim::npu
