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

// Which code decodes the chunks: the fastest the host runs (AVX2 where it has it), or the portable
// loop (tests compare the two).
enum class MlwKernel : uint8_t { kFastest, kPortable };

MlwResult decode_mlw(std::span<const uint8_t> stream, MlwKernel kernel = MlwKernel::kFastest);

}  // namespace corsim::npu
