#pragma once
// The Ethos-U85 weight order (U85 goldens; VELA
// ethos_u85_weight_encoder.cpp EthosU85WeightOrdering::GetNext and EthosU85WeightOrderingFwd::Get)
// and its inversion: decoded SWD/FWD values of one operation -> dense W[o][ky][kx][i].
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "npu/weight_layout.h"

namespace corsim::npu {

enum class U85Traversal : uint8_t { kDepthFirst, kPartKernel, kDepthwise };

struct U85WeightParams {
  U85Traversal traversal = U85Traversal::kDepthFirst;
  bool sparse = false;  // 2:4 (WEIGHT_FORMAT[20])
  uint32_t ofm_depth = 1, ifm_depth = 1;
  uint32_t kernel_width = 1, kernel_height = 1;  // undilated
  uint32_t stride_x = 1, stride_y = 1;
  uint32_t dilation_x = 1, dilation_y = 1;
  uint32_t ofm_block_depth = 16;  // OFM_BLK_DEPTH
  uint32_t ifm_block_depth = 64;  // derived (op_config_u85.cpp)
  uint32_t ifm_bits = 8;
  uint32_t ofm_ublock_depth = 16;  // from ACC_FORMAT.microblock
  uint32_t macs = 256;
  uint32_t streams = 1;  // weight decoders sharing the order (Vela's cores)
};

// SWD: one decoded mlw sequence per stream. False (with `error`) if a sequence does not hold
// exactly the expected count or a padding position is non-zero.
bool unpack_u85_swd(std::span<const std::vector<int16_t>> per_stream, const U85WeightParams& p, DenseWeights& out,
                    std::string& error);

// FWD: the number of values the one stream holds for every weight decoder's order, counted up to
// just past `limit` (the count stops there: it is only compared with what a stream can hold).
uint64_t u85_fwd_count(const U85WeightParams& p, uint64_t limit);

// FWD: one sequence of exactly u85_fwd_count values in which, with several streams, blocks of
// ofm_ublock x ifm_ublock x element-round / streams values from each stream alternate. False
// (with `error`) on a wrong count or a non-zero padding position.
bool unpack_u85_fwd(std::span<const int16_t> values, const U85WeightParams& p, DenseWeights& out, std::string& error);

}  // namespace corsim::npu
