#include "npu/fwd_decoder.h"

#include <fmt/format.h>

namespace corsim::npu {

namespace {

constexpr unsigned kHeaderBits = 256;

// LSB-first: bit i of the stream is bit (i & 7) of byte i >> 3 (VELA ml_bit_buffer.hpp put).
uint32_t get_bits(std::span<const uint8_t> s, uint64_t pos, unsigned n) {
  uint32_t v = 0;
  for (unsigned i = 0; i < n; ++i, ++pos) v |= uint32_t{(s[pos >> 3] >> (pos & 7)) & 1u} << i;
  return v;
}

int16_t unfold(uint32_t v) { return static_cast<int16_t>((v & 1) ? -static_cast<int32_t>(v >> 1) : static_cast<int32_t>(v >> 1)); }

}  // namespace

uint64_t fwd_stream_bytes(bool raw_mode, bool small_lut, uint64_t count) {
  const unsigned bits = raw_mode ? 8 : small_lut ? 2 : 4;
  const uint64_t payload = (count * bits + kHeaderBits - 1) / kHeaderBits * kHeaderBits;
  return (kHeaderBits + payload) / 8;
}

FwdResult decode_fwd(std::span<const uint8_t> stream, uint64_t count) {
  FwdResult r;
  if (stream.size() < kHeaderBits / 8) {
    r.ok = false;
    r.error = fmt::format("FWD stream of {} bytes is shorter than its 32-byte header", stream.size());
    return r;
  }
  const bool raw = get_bits(stream, 0, 1), small = get_bits(stream, 1, 1);
  const int32_t zero_adjust = static_cast<int8_t>(get_bits(stream, 104, 8));
  int16_t lut[16];
  for (unsigned i = 0; i < 16; ++i) lut[i] = unfold(get_bits(stream, 112 + 9 * i, 9));
  const uint64_t need = fwd_stream_bytes(raw, small, count);
  if (stream.size() != need) {
    r.ok = false;
    r.error = fmt::format("FWD stream is {} bytes; {} {} weights need {}", stream.size(), count,
                          raw ? "raw" : small ? "LUT2" : "LUT4", need);
    return r;
  }
  r.weights.resize(count);
  uint64_t pos = kHeaderBits;
  for (uint64_t k = 0; k < count; ++k) {
    if (raw) {
      r.weights[k] = static_cast<int16_t>(static_cast<int8_t>(get_bits(stream, pos, 8)) - zero_adjust);
      pos += 8;
    } else if (small) {
      r.weights[k] = lut[get_bits(stream, pos, 2)];
      pos += 2;
    } else {
      r.weights[k] = lut[get_bits(stream, pos, 4)];
      pos += 4;
    }
  }
  return r;
}

}  // namespace corsim::npu
