#pragma once
// The Ethos-U55/U65 "mlw" compressed weight stream (spec/ethos-u.md §4.1 with the §8.4
// max_symbols correction): slices of Golomb-Rice coded weight indices and zero runs, LSB-first.
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
