#pragma once
// The operation view of the register file: what one NPU_OP_* command means, with every field of
// spec/ethos-u.md §2.3-§2.7 named. Built once per operation from RegisterState, then handed to the
// kernels (npu/ops/) and the timing model (npu/timing/).
#include <array>
#include <cstdint>
#include <string>

#include "npu/registers.h"

namespace corsim::npu {

enum class OpKind : uint8_t { kConv, kDepthwise, kPool, kElementwise, kDma, kOther };
enum class PoolMode : uint8_t { kMax = 0, kAverage = 1, kReduceSum = 2 };
enum class ElementwiseMode : uint8_t {
  kMul = 0, kAdd = 1, kSub = 2, kMin = 3, kMax = 4, kLrelu = 5, kAbs = 6, kClz = 7, kShr = 8, kShl = 9
};
enum class Layout : uint8_t { kNhwc = 0, kNhcwb16 = 1 };
// OFM round mode, OFM_PRECISION[31:30]; IFM round mode, IFM_PRECISION[31:30] (§2.3, §3.1).
enum class RoundMode : uint8_t { kDbl = 0, kTruncate = 1, kNatural = 2 };
// ACTIVATION[20:16] (§2.3): 0 none, 3 TANH, 4 SIGMOID, 16+n TABLE_n.
enum class ActivationFunction : uint8_t { kNone = 0, kTanh = 3, kSigmoid = 4, kTable = 16 };

struct FeatureMap {
  uint32_t height = 1, width = 1, depth = 1;  // extent the operation touches
  uint32_t height0 = 1, height1 = 1, width0 = 1;  // tile sizes (§2.6)
  std::array<uint64_t, 4> base{};  // region offsets of the 4 tiles
  uint64_t stride_x = 0, stride_y = 0, stride_c = 0;
  uint8_t region = 0;
  uint8_t elem_bits = 8;
  bool is_signed = true;
  Layout layout = Layout::kNhwc;
  int32_t zero_point = 0;

  uint32_t elem_bytes() const { return elem_bits / 8; }
  uint64_t elements() const { return uint64_t{height} * width * depth; }
  // Byte offset (relative to the region) of element (y, x, c), or the tile index via `tile`.
  uint64_t offset_of(uint32_t y, uint32_t x, uint32_t c) const {
    unsigned tile = 0;
    if (x < width0) {
      if (y >= height0) { tile = 2; y -= height0; }
    } else {
      x -= width0;
      if (y < height1) tile = 1; else { tile = 3; y -= height1; }
    }
    uint64_t o = base[tile] + y * stride_y + x * stride_x;
    if (layout == Layout::kNhcwb16) o += (c / 16) * stride_c + (c % 16) * elem_bytes();
    else o += uint64_t{c} * elem_bytes();
    return o;
  }
};

struct Kernel {
  uint32_t width = 1, height = 1;  // undilated
  uint32_t stride_x = 1, stride_y = 1;
  uint32_t dilation_x = 1, dilation_y = 1;
  bool part_kernel_first = false;  // KERNEL_STRIDE[18] weight_order
  uint32_t dilated_width() const { return (width - 1) * dilation_x + 1; }
  uint32_t dilated_height() const { return (height - 1) * dilation_y + 1; }
};

struct Scale {
  uint32_t scale = 1;
  uint32_t shift = 0;
};

struct OperationConfig {
  OpKind kind = OpKind::kOther;
  uint16_t opcode = 0;
  uint16_t param = 0;
  PoolMode pool_mode = PoolMode::kMax;
  ElementwiseMode ew_mode = ElementwiseMode::kAdd;

  FeatureMap ifm, ifm2, ofm;
  Kernel kernel;
  uint32_t pad_top = 0, pad_left = 0, pad_bottom = 0, pad_right = 0;
  uint32_t upscale = 0;  // 0 none, 1 nearest x2, 2 zero insertion x2
  uint32_t ofm_blk_width = 1, ofm_blk_height = 1, ofm_blk_depth = 1;
  uint32_t acc_format = 0;  // 0 I32, 1 I40, 2 F16

  // Output stage.
  bool ofm_scale_global = false;  // OFM_PRECISION[24]
  RoundMode ofm_round = RoundMode::kDbl;
  Scale ofm_scale;
  ActivationFunction activation = ActivationFunction::kNone;
  uint32_t table_index = 0;  // TABLE_n
  uint32_t clip_range = 0;   // ACTIVATION[30:28]
  int32_t activation_min = 0, activation_max = 0;

  // Elementwise operand scaling (§3.4).
  uint32_t ifm_scale_mode = 0;  // 0 OPA_OPB_16, 1 OPA_32, 2 OPB_32
  RoundMode ifm_round = RoundMode::kDbl;
  Scale opa_scale, opb_scale;
  bool ifm2_broadcast_h = false, ifm2_broadcast_w = false, ifm2_broadcast_c = false;
  bool operands_reversed = false;
  bool ifm2_scalar = false;
  int32_t ifm2_scalar_value = 0;

  // Weights and scales (§2.7).
  uint8_t weight_region = 0, scale_region = 0;
  uint64_t weight_base = 0, weight_length = 0, scale_base = 0, scale_length = 0;

  // DMA (§2.8).
  uint8_t dma_src_region = 0, dma_dst_region = 0;
  bool dma_src_internal = false, dma_dst_internal = false;
  uint64_t dma_src = 0, dma_dst = 0, dma_length = 0;

  bool has_ifm2() const { return kind == OpKind::kElementwise && !is_unary(); }
  bool is_unary() const {
    return ew_mode == ElementwiseMode::kAbs || ew_mode == ElementwiseMode::kClz || ew_mode == ElementwiseMode::kLrelu;
  }
};

// Builds the operation view of `regs` for the operation command (opcode, param).
OperationConfig decode_operation(const RegisterState& regs, uint16_t opcode, uint16_t param, Isa isa);

std::string_view op_kind_name(const OperationConfig& op);

}  // namespace corsim::npu
