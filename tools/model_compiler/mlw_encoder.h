// mlw weight-stream encoder for Ethos-U55 (Vela mlw_codec/mlw_decode.c; KWS golden): per
// slice of up to 32768 weights, zero runs off, no palette, direct sign-magnitude indices coded
// Golomb-Rice with the divisor (WDIV 0..5) that gives the shortest slice, or uncompressed (WDIV 7)
// when that is shorter. Decodes with any mlw decoder (npu/mlw_decoder).
#pragma once

#include <cstdint>
#include <vector>

namespace corsim::model_compiler {

// `weights` in [-255, 255]. The result ends with ZDIV 7, 1-padding to a byte and 0xFF padding to
// 16 bytes.
std::vector<uint8_t> encode_mlw(const std::vector<int32_t>& weights);

}  // namespace corsim::model_compiler
