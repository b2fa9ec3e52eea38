#pragma once
// The operation view of the register file: what one NPU_OP_* command means, with every field of the
// driver's ethosu55/85_interface.h named. Built once per operation from RegisterState, then handed
// to the kernels (npu/ops/) and the timing model (npu/timing/).
#include <array>
#include <cstdint>
#include <string>

#include "npu/registers.h"

namespace corsim::npu {

enum class OpKind : uint8_t { kConv, kDepthwise, kPool, kElementwise, kDma, kResize, kOther };
// NPU_OP_POOL mode (*_interface.h pooling_mode): U55 0..2; U85 adds 3..7.
enum class PoolMode : uint8_t {
  kMax = 0, kAverage = 1, kReduceSum = 2, kSum = 3, kNone = 4, kMin = 5, kArgmaxX = 6, kArgmaxY = 7
};
// NPU_OP_ELEMENTWISE mode (elementwise_mode): U55 0..9; U85 adds LSR, DIV, compare, logic.
enum class ElementwiseMode : uint8_t {
  kMul = 0, kAdd = 1, kSub = 2, kMin = 3, kMax = 4, kLrelu = 5, kAbs = 6, kClz = 7, kShr = 8, kShl = 9,
  kLsr = 10, kDiv = 11, kCmpEq = 16, kCmpNe = 17, kCmpGe = 18, kCmpGt = 19,
  kAnd = 33, kOr = 34, kXor = 35, kNot = 36, kAndNot = 42
};
// NPU_OP_RESIZE mode (ethosu85_interface.h resize_mode).
enum class ResizeMode : uint8_t { kBilinear = 0, kReplicate = 1, kNearest = 2 };
enum class Layout : uint8_t { kNhwc = 0, kNhcwb16 = 1 };
// Rounding of a rescale (regor graphir_optimiser.cpp Scale<T>). The U55 OFM_PRECISION[31:30] /
// IFM_PRECISION[31:30] values are the first three; the U85 OFM_SCALE round_mode
// (ethosu85_interface.h round_mode_ofm) maps onto all six in op_config_u85.cpp.
enum class RoundMode : uint8_t {
  kDbl = 0, kTruncate = 1, kNatural = 2, kDoubleAsymmetric = 3, kSymmetric = 4, kTruncateToLower = 5
};
// Output activation function. U55 ACTIVATION[20:16]: 0 none, 3 TANH, 4 SIGMOID, 16+n TABLE_n
// (activation_function). U85 LUT_* functions (U85 goldens): kTable (+ LutSpec) or kTanh/kSigmoid.
enum class ActivationFunction : uint8_t { kNone = 0, kTanh = 3, kSigmoid = 4, kTable = 16 };
// *_PRECISION.activation_storage (U85, tests/npu_u85 goldens): how an IFM/IFM2/OFM is held.
// kChained: in chaining buffer `region`; kScalar (NONE): the operand is OP_SCALAR.
enum class Storage : uint8_t { kTile2x2 = 0, kTile3x1 = 1, kChained = 2, kScalar = 3 };
// Broadcast mask of IFM_BROADCAST / IFM2_BROADCAST (U85 goldens; U55 IFM2_BROADCAST bits 0..2).
namespace broadcast {
constexpr uint8_t kH = 1, kW = 2, kC = 4, kScalar = 8;
}
// OFM_PRECISION.activation_transpose (U85): the axis order the OFM is stored in.
enum class Transpose : uint8_t { kHwc = 0, kWhc = 1, kHcw = 2, kWch = 3, kChw = 6, kCwh = 7 };
// Per-channel scale-record layout (Vela *_weight_encoder.cpp): U55 40-bit bias; U85 by ACC_FORMAT.
enum class ScaleRecord : uint8_t { kU55, kU85Acc32, kU85Acc48 };

struct FeatureMap {
  uint32_t height = 1, width = 1, depth = 1;  // extent the operation touches
  uint32_t height0 = 1, height1 = 1, width0 = 1;  // tile sizes (Vela generate_tiles)
  std::array<uint64_t, 4> base{};  // region offsets of the 4 tiles
  uint64_t stride_x = 0, stride_y = 0, stride_c = 0;
  uint8_t region = 0;
  uint8_t elem_bits = 8;
  bool is_signed = true;
  Layout layout = Layout::kNhwc;
  int32_t zero_point = 0;
  Storage storage = Storage::kTile2x2;  // U85; U55 maps are always in memory
  uint8_t broadcast = 0;                // broadcast:: mask (IFM, IFM2)
  int32_t scalar = 0;                   // the operand value when storage == kScalar
  Transpose transpose = Transpose::kHwc;  // OFM (U85)
  uint8_t reverse = 0;                    // OFM (U85): 0 none, 1 H, 2 W, 3 C

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

// A U85 OFM stored transposed (OFM_PRECISION.activation_transpose, ethosu85_interface.h) lies in
// memory in another axis order: stored axis k is logical axis stored_axis_order(t)[k] (0 H, 1 W,
// 2 C). stored_feature_map: the same map with height, width and depth in stored order and the
// transpose cleared (its reverse kept); other maps unchanged.
std::array<uint8_t, 3> stored_axis_order(Transpose t);
FeatureMap stored_feature_map(const FeatureMap& f);

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
  uint32_t dbl = 0;  // U85 dbl_rnd: the double-rounding term is 2^(30 - dbl) (ethosu85_interface.h)
};

// Where the LUT an operation uses lives and how it is indexed (KWS and tests/npu_u85 goldens).
struct LutSpec {
  uint32_t offset = 0;      // byte offset of the table from NpuConfig::lut_base()
  uint8_t index_bits = 8;   // 8: 256 entries indexed by value + 128 (signed); 16: interpolated
  bool index_signed = true;
  uint8_t entry_bytes = 1;  // 8-bit index: 1, 2 or 4 bytes per entry
};

// The weight streams of one operation: U55 one; U85 SWD one per weight decoder (WEIGHT_BASE,
// WEIGHT1..3_BASE), FWD one (Vela ethos_u85_weight_encoder.cpp).
struct WeightStream {
  uint64_t base = 0, length = 0;
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
  uint32_t acc_format = 0;  // U55: 0 I32, 1 I40, 2 F16; U85: 0 I32, 1 I48
  Isa isa = Isa::kU55;

  // Output stage.
  bool ofm_scale_global = false;  // OFM_PRECISION[24]
  RoundMode ofm_round = RoundMode::kDbl;
  Scale ofm_scale;
  ActivationFunction activation = ActivationFunction::kNone;
  uint32_t table_index = 0;  // TABLE_n
  uint32_t clip_range = 0;   // U55 ACTIVATION[30:28]
  bool activation_clamp = true;  // U85 ACTIVATION.clip = 1 turns MIN/MAX off (U85 goldens)
  int32_t activation_min = 0, activation_max = 0;
  LutSpec lut;

  // Elementwise operand scaling (Vela GenerateScalingForElementwise).
  uint32_t ifm_scale_mode = 0;  // 0 OPA_OPB_16, 1 OPA_32, 2 OPB_32
  RoundMode ifm_round = RoundMode::kDbl;
  Scale opa_scale, opb_scale;
  bool operands_reversed = false;
  // U85 (ethos_u85_register_cs_generator.cpp): each operand has its own IFM_SCALE / IFM2_SCALE.
  bool per_operand_scaling = false;
  Scale ifm_scale, ifm2_scale;
  RoundMode ifm2_round = RoundMode::kDbl;

  // Weights and scales (WEIGHT_*, SCALE_* registers).
  uint8_t weight_region = 0, scale_region = 0;
  uint64_t weight_base = 0, weight_length = 0, scale_base = 0, scale_length = 0;
  ScaleRecord scale_record = ScaleRecord::kU55;
  // U85 (ethos_u85_weight_encoder.cpp): format, sparsity, one stream per decoder, micro-block and
  // the IFM block depth the weight order uses (derived: no register holds it).
  bool fast_weights = false, sparse_2_4 = false;
  std::array<WeightStream, 4> weight_streams{};
  uint32_t weight_stream_count = 1;
  uint32_t ofm_ublock_height = 1, ofm_ublock_width = 1, ofm_ublock_depth = 8;
  uint32_t ifm_block_depth = 0;
  bool weights_from_ifm2 = false;  // NPU_OP_CONV weights_ifm2: MatMul (IFM x IFM2)
  uint32_t acc_input = 0;          // U85 ACC_FORMAT: 0 reset, 1 keep, 2 from IFM2
  bool acc_output = true;          // U85 ACC_FORMAT.acc_output = 0

  // Resize (U85 RESIZE_* registers, ethosu85_interface.h).
  ResizeMode resize_mode = ResizeMode::kNearest;
  uint32_t resize_x_scale_n = 1, resize_y_scale_n = 1;
  int32_t resize_x_offset = 0, resize_y_offset = 0;
  uint32_t resize_x_one_step_int = 0, resize_x_one_step_mod = 0, resize_y_one_step_int = 0,
           resize_y_one_step_mod = 0;

  // DMA (Vela ethos_u55_register_cs_generator.cpp GenerateDMA).
  uint8_t dma_src_region = 0, dma_dst_region = 0;
  bool dma_src_internal = false, dma_dst_internal = false;
  uint64_t dma_src = 0, dma_dst = 0, dma_length = 0;
  // U85 2-D/3-D DMA (ethosu85_interface.h DMA0_SRC_REGION stride_mode, DMA0_SIZE*, *_STRIDE*).
  uint32_t dma_stride_mode = 0;  // 0 1-D, 1 2-D, 2 3-D
  // U85 DMA index mode (DMA0_SRC/DST_REGION.idx_mode): gather (source indexed) or scatter
  // (destination indexed) with int32 indices at DMA0_IDX in DMA0_IDX_REGION, each at most
  // DMA0_IDX_MAX, DMA0_IDX_SKIP1 bytes skipped in the index array after each 2-D transfer.
  bool dma_src_indexed = false, dma_dst_indexed = false;
  uint8_t dma_idx_region = 0;
  uint64_t dma_idx = 0, dma_idx_skip1 = 0;
  uint32_t dma_idx_max = 0;
  uint32_t dma_size0 = 0, dma_size1 = 0;
  uint64_t dma_src_stride0 = 0, dma_src_stride1 = 0, dma_dst_stride0 = 0, dma_dst_stride1 = 0;

  bool has_ifm2() const {
    return (kind == OpKind::kElementwise && !is_unary()) || (kind == OpKind::kConv && weights_from_ifm2) ||
           acc_input == 2;  // ACC_FORMAT acc_input IFM2: the accumulators start from IFM2
  }
  bool is_unary() const {
    return ew_mode == ElementwiseMode::kAbs || ew_mode == ElementwiseMode::kClz ||
           ew_mode == ElementwiseMode::kNot || ew_mode == ElementwiseMode::kLrelu;
  }
};

// Builds the operation view of `regs` for the operation command (opcode, param): the U55/U65
// register layout (op_config.cpp).
OperationConfig decode_operation(const RegisterState& regs, uint16_t opcode, uint16_t param, Isa isa);
// The same for ISA arch 2.0, the Ethos-U85 (op_config_u85.cpp). `macs` selects the micro-block
// sizes the weight order needs.
OperationConfig decode_operation_u85(const RegisterState& regs, uint16_t opcode, uint16_t param, uint32_t macs);

// Extent of an elementwise operand: the OFM's, 1 along broadcast axes, 1x1x1 for a scalar.
void set_broadcast_extent(FeatureMap& fm, const FeatureMap& ofm);

std::string_view op_kind_name(const OperationConfig& op);

}  // namespace corsim::npu
