// SHRAM layout and OFM block choice of an Ethos-U55 operation (Vela ethos_u55.cpp SHRAM
// granules; the ethosu55_interface.h registers IFM_IB_END, IFM2_IB_START, AB_START, ACC_FORMAT).
//
// The U55 shared buffer is split into 1 KB banks: 2 output banks at the bottom, then the IFM
// input buffer (double-buffered), the second IFM of an elementwise operation, the accumulators
// at the top below the LUT banks (2 banks when the configuration has more than 16, or when the
// operation uses a LUT). Every quantity is rounded to the configuration's bank granule. The OFM
// block search minimises the IFM and weight refetch per output element over the blocks that fit,
// the way Vela's block-config search does; tests/model_compiler checks both against the values
// in real Vela streams.
#pragma once

#include <cstdint>
#include <optional>

namespace corsim::model_compiler::shram {

enum class OpKind { kConv, kDepthwise, kPool, kElementwise };

struct Shape {
  uint32_t h = 1, w = 1, c = 1;
};

struct OpShape {
  OpKind kind = OpKind::kConv;
  Shape ifm, ofm;
  uint32_t kernel_w = 1, kernel_h = 1;  // dilated extent
  uint32_t stride_x = 1, stride_y = 1;
  uint32_t ifm_bits = 8;
  bool part_kernel = false;   // weight order of a convolution
  bool uses_lut = false;
  bool scalar_ifm2 = false;   // elementwise with a scalar second operand
};

struct Layout {
  uint32_t ib_end = 0;     // IFM_IB_END (banks)
  uint32_t ib_start2 = 0;  // IFM2_IB_START (banks)
  uint32_t ab_start = 0;   // AB_START (banks)
  uint32_t lut_start = 0;
  uint32_t acc_format = 0; // ACC_FORMAT: 0 I32, 1 I40
};

struct Block {
  uint32_t w = 0, h = 0, d = 0;  // OFM block
  uint32_t ifm_d = 0;            // IFM block depth
  Layout layout;
};

// The layout for a given OFM block, or nullopt when the IFM and accumulator buffers do not fit.
std::optional<Layout> layout_for(uint32_t macs, const OpShape& op, uint32_t block_w, uint32_t block_h,
                                 uint32_t block_d);

// Whether a convolution's weights go part-kernel-first (better MAC use for this IFM depth and
// kernel size) rather than depth-first.
bool prefers_part_kernel(uint32_t ifm_depth, uint32_t ifm_bits, uint32_t kernel_elements);

// The OFM block with the least refetch per output element that fits (nullopt: none fits).
std::optional<Block> choose_block(uint32_t macs, const OpShape& op);

}  // namespace corsim::model_compiler::shram
