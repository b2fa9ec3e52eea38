#pragma once
// Inverts the U55/U65 weight order (Vela EthosUWeightOrdering::GetNext; KWS golden):
// turns the decoded mlw value sequence of one WEIGHT_BASE stream into a dense W[o][ky][kx][i].
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace corsim::npu {

struct WeightLayoutParams {
  bool depthwise = false;
  bool part_kernel_first = false;
  uint32_t ofm_depth = 1, ifm_depth = 1;
  uint32_t kernel_width = 1, kernel_height = 1;  // undilated
  uint32_t dilation_x = 1, dilation_y = 1;
  uint32_t ofm_block_depth = 8;   // OFM_BLK_DEPTH
  uint32_t ifm_bits = 8;
  uint32_t ofm_ublock_depth = 8;  // 4 on U55-32, else 8 (ethos_u55.cpp)
};

struct DenseWeights {
  // conv: [o][ky][kx][i] (i < ifm_depth); depthwise: [o][ky][kx].
  std::vector<int16_t> values;
  uint32_t ofm_depth = 0, kernel_height = 0, kernel_width = 0, ifm_depth = 0;
  // The same values re-laid for a kernel (npu/ops/conv.cpp), made on first use and kept with the
  // weight cache's entry, so that a stream which runs again is not re-laid again either: CONV's
  // pairs kernel layout (pair_weights), DEPTHWISE's [ky][kx][o]. Empty until asked for.
  std::vector<int16_t> pairs, taps_first;
};

// Number of values the GetNext order emits for these parameters.
uint64_t weight_stream_count(const WeightLayoutParams& p);

// Fills `out`; false (with `error`) if `decoded` does not hold exactly the expected count.
bool unpack_weights(std::span<const int16_t> decoded, const WeightLayoutParams& p, DenseWeights& out,
                    std::string& error);

}  // namespace corsim::npu
