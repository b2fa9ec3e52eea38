#pragma once
// The Ethos-U55/U65 "mlw" compressed weight stream (Vela ethosu/mlw_codec/mlw_decode.c,
// KWS golden): slices of Golomb-Rice coded weight indices and zero runs, LSB-first.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace corsim::npu {

struct MlwResult {
  std::vector<int16_t> weights;  // decoded 9-bit signed values, in stream order
  bool ok = true;
  std::string error;
};

MlwResult decode_mlw(std::span<const uint8_t> stream);

}  // namespace corsim::npu
