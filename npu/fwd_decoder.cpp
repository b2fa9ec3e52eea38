#include "npu/fwd_decoder.h"

#include <array>
#include <cstring>

#include <fmt/format.h>

namespace corsim::npu {

namespace {

constexpr unsigned kHeaderBits = 256;
constexpr size_t kHeaderBytes = kHeaderBits / 8;

// LSB-first: bit i of the stream is bit (i & 7) of byte i >> 3 (VELA ml_bit_buffer.hpp put). Only
// the header is read a field at a time; the payload is read a byte at a time below.
uint32_t get_bits(std::span<const uint8_t> s, uint64_t pos, unsigned n) {
  uint32_t v = 0;
  for (unsigned i = 0; i < n; ++i, ++pos) v |= uint32_t{(s[pos >> 3] >> (pos & 7)) & 1u} << i;
  return v;
}

int16_t unfold(uint32_t v) { return static_cast<int16_t>((v & 1) ? -static_cast<int32_t>(v >> 1) : static_cast<int32_t>(v >> 1)); }

// One payload byte holds 8 / bits LUT indices, the first in its low bits (LSB-first packing, VELA
// mlw_encode_fwd.cpp ml_encode_fwd); the table maps each byte value to the values of its indices,
// so the payload decodes a byte (2 or 4 weights) per lookup instead of a bit per step.
template <unsigned kBits>
struct ByteTable {
  static constexpr unsigned kPerByte = 8 / kBits;
  std::array<std::array<int16_t, kPerByte>, 256> values;

  explicit ByteTable(const int16_t (&lut)[16]) {
    constexpr unsigned kMask = (1u << kBits) - 1;
    for (unsigned b = 0; b < 256; ++b)
      for (unsigned k = 0; k < kPerByte; ++k) values[b][k] = lut[(b >> (kBits * k)) & kMask];
  }

  // Writes `count` weights from the payload bytes starting at `payload`.
  void decode(const uint8_t* payload, uint64_t count, int16_t* out) const {
    const uint64_t whole = count / kPerByte;
    for (uint64_t k = 0; k < whole; ++k) std::memcpy(out + k * kPerByte, values[payload[k]].data(), sizeof values[0]);
    const uint64_t tail = count % kPerByte;
    if (tail) std::memcpy(out + whole * kPerByte, values[payload[whole]].data(), tail * sizeof(int16_t));
  }
};

}  // namespace

uint64_t fwd_stream_bytes(bool raw_mode, bool small_lut, uint64_t count) {
  const unsigned bits = raw_mode ? 8 : small_lut ? 2 : 4;
  const uint64_t payload = (count * bits + kHeaderBits - 1) / kHeaderBits * kHeaderBits;
  return (kHeaderBits + payload) / 8;
}

bool decode_fwd(std::span<const uint8_t> stream, uint64_t count, std::vector<int16_t>& out, std::string& error) {
  if (stream.size() < kHeaderBytes) {
    error = fmt::format("FWD stream of {} bytes is shorter than its 32-byte header", stream.size());
    return false;
  }
  const bool raw = get_bits(stream, 0, 1), small = get_bits(stream, 1, 1);
  const int32_t zero_adjust = static_cast<int8_t>(get_bits(stream, 104, 8));
  int16_t lut[16];
  for (unsigned i = 0; i < 16; ++i) lut[i] = unfold(get_bits(stream, 112 + 9 * i, 9));
  const uint64_t need = fwd_stream_bytes(raw, small, count);
  if (stream.size() != need) {
    error = fmt::format("FWD stream is {} bytes; {} {} weights need {}", stream.size(), count,
                        raw ? "raw" : small ? "LUT2" : "LUT4", need);
    return false;
  }
  out.resize(count);
  const uint8_t* payload = stream.data() + kHeaderBytes;
  int16_t* to = out.data();
  if (raw) {
    // weight = signed byte - zero_adjust (mlw_encode_fwd.cpp writes (w + zero_adjust) & 0xFF).
    for (uint64_t k = 0; k < count; ++k) to[k] = static_cast<int16_t>(static_cast<int8_t>(payload[k]) - zero_adjust);
  } else if (small) {
    ByteTable<2>(lut).decode(payload, count, to);
  } else {
    ByteTable<4>(lut).decode(payload, count, to);
  }
  return true;
}

}  // namespace corsim::npu
