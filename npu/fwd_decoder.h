#pragma once
// The Ethos-U85 fast weight decoder format, FWD (confirmed on the tests/npu_u85 goldens; VELA
// mlw_codec mlw_encode_fwd.cpp ml_encode_fwd / fwd_emit_header): one 256-bit header
//   [0] raw_mode, [1] small_lut, 102 zero bits, [111:104] signed zero_adjust,
//   16 x 9-bit LUT entries folded as (|v| << 1) | sign,
// then `count` values: 8-bit raw ((w + zero_adjust) & 0xFF), 2-bit LUT2 indices (small_lut) or
// 4-bit LUT4 indices, LSB-first, padded to a 256-bit boundary. The stream does not say how many
// weights it holds: the operation's weight order does.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace corsim::npu {

// Bytes an FWD stream of `count` weights occupies given its header's mode bits.
uint64_t fwd_stream_bytes(bool raw_mode, bool small_lut, uint64_t count);

// Decodes `count` weights into `out` (resized to `count`, so a buffer used again keeps its
// memory); the stream length must be exactly what the header's mode implies (U85 goldens:
// WEIGHT_LENGTH = 32 + payload rounded up to 32 bytes). False with `error` otherwise.
bool decode_fwd(std::span<const uint8_t> stream, uint64_t count, std::vector<int16_t>& out, std::string& error);

}  // namespace corsim::npu
