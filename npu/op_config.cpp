#include "npu/op_config.h"

#include <algorithm>

#include "base/bits.h"
#include "npu/feature_map_registers.h"

namespace corsim::npu {

FeatureMap read_feature_map(const RegisterState& r, Isa isa, const FeatureMapRegisters& k, PrecisionDecoder decode) {
  FeatureMap fm;
  decode(fm, r.get0(k.precision), k.ofm);
  fm.zero_point = typed16(r.get0(k.zero_point), fm.is_signed);
  fm.width0 = r.get0(k.width0_m1) + 1u;
  fm.height0 = r.get0(k.height0_m1) + 1u;
  fm.height1 = r.get0(k.height1_m1) + 1u;
  fm.region = r.get0(k.region) & 7;
  for (unsigned t = 0; t < 4; ++t) fm.base[t] = r.address(k.base0 + t, isa);
  fm.stride_x = r.address(k.stride_x, isa);
  fm.stride_y = r.address(k.stride_y, isa);
  fm.stride_c = r.address(k.stride_c, isa);
  return fm;
}

std::array<uint8_t, 3> stored_axis_order(Transpose t) {
  switch (t) {
    case Transpose::kWhc: return {1, 0, 2};
    case Transpose::kHcw: return {0, 2, 1};
    case Transpose::kWch: return {1, 2, 0};
    case Transpose::kChw: return {2, 0, 1};
    case Transpose::kCwh: return {2, 1, 0};
    default: return {0, 1, 2};
  }
}

FeatureMap stored_feature_map(const FeatureMap& f) {
  const std::array<uint8_t, 3> order = stored_axis_order(f.transpose);
  const uint32_t logical[3] = {f.height, f.width, f.depth};
  FeatureMap s = f;
  s.height = logical[order[0]];
  s.width = logical[order[1]];
  s.depth = logical[order[2]];
  s.transpose = Transpose::kHwc;
  return s;
}

void read_kernel_registers(const RegisterState& r, OperationConfig& op) {
  const uint16_t ks = r.get0(cmd0::kKernelStride);
  op.kernel.stride_x = 1 + bit(ks, 0) + 2 * bit(ks, 6);  // lsb [16], msb [22] (docs/npu.md Q6)
  op.kernel.stride_y = 1 + bit(ks, 1) + 2 * bit(ks, 9);  // lsb [17], msb [25]
  op.kernel.part_kernel_first = bit(ks, 2);
  op.kernel.dilation_x = 1 + bit(ks, 3);
  op.kernel.dilation_y = 1 + bit(ks, 4);
  // KERNEL_WIDTH/HEIGHT_M1 hold the dilated extent - 1 (Vela generate_kernel).
  op.kernel.width = r.get0(cmd0::kKernelWidthM1) / op.kernel.dilation_x + 1u;
  op.kernel.height = r.get0(cmd0::kKernelHeightM1) / op.kernel.dilation_y + 1u;
  op.pad_top = r.get0(cmd0::kIfmPadTop) & 0x7F;
  op.pad_left = r.get0(cmd0::kIfmPadLeft) & 0x7F;
  op.pad_right = r.get0(cmd0::kIfmPadRight) & 0xFF;
  op.pad_bottom = r.get0(cmd0::kIfmPadBottom) & 0xFF;
  op.upscale = r.get0(cmd0::kIfmUpscale) & 3;
}

namespace {

uint32_t ifm_extent(uint32_t ofm, uint32_t stride, uint32_t dilated_kernel, uint32_t pad_a, uint32_t pad_b,
                    uint32_t upscale) {
  const int64_t v = int64_t{ofm - 1} * stride + dilated_kernel - pad_a - pad_b;
  int64_t e = std::max<int64_t>(v, 1);
  if (upscale != 0) e = (e + 1) / 2;
  return static_cast<uint32_t>(e);
}

}  // namespace

void set_kernel_ifm_extent(OperationConfig& op) {
  op.ifm.height =
      ifm_extent(op.ofm.height, op.kernel.stride_y, op.kernel.dilated_height(), op.pad_top, op.pad_bottom, op.upscale);
  op.ifm.width =
      ifm_extent(op.ofm.width, op.kernel.stride_x, op.kernel.dilated_width(), op.pad_left, op.pad_right, op.upscale);
  if (op.kind == OpKind::kDepthwise) op.ifm.depth = op.ofm.depth;
}

namespace {

uint32_t precision_bits(uint32_t field) { return 8u << field; }  // 0 8, 1 16, 2 32, 3 64

void decode_precision(FeatureMap& fm, uint16_t p, bool ofm) {
  fm.is_signed = bit(p, 0);
  // IFM: precision [19:18] -> param bits 3:2. OFM: [18:17] -> param bits 2:1 (*_interface.h).
  fm.elem_bits = static_cast<uint8_t>(precision_bits(ofm ? bits<2, 1>(p) : bits<3, 2>(p)));
  fm.layout = bits<7, 6>(p) == 1 ? Layout::kNhcwb16 : Layout::kNhwc;
}

FeatureMap feature_map(const RegisterState& r, Isa isa, const FeatureMapRegisters& k) {
  return read_feature_map(r, isa, k, decode_precision);
}

FeatureMap ifm_registers(const RegisterState& r, Isa isa) {
  FeatureMap fm = feature_map(r, isa, {cmd0::kIfmPrecision, cmd0::kIfmZeroPoint, cmd0::kIfmWidth0M1, cmd0::kIfmHeight0M1,
                                       cmd0::kIfmHeight1M1, cmd0::kIfmRegion, cmd1::kIfmBase0, cmd1::kIfmStrideX,
                                       cmd1::kIfmStrideY, cmd1::kIfmStrideC, false});
  fm.depth = r.get0(cmd0::kIfmDepthM1) + 1u;
  return fm;
}

FeatureMap ifm2_registers(const RegisterState& r, Isa isa) {
  return feature_map(r, isa, {cmd0::kIfm2Precision, cmd0::kIfm2ZeroPoint, cmd0::kIfm2Width0M1, cmd0::kIfm2Height0M1,
                              cmd0::kIfm2Height1M1, cmd0::kIfm2Region, cmd1::kIfm2Base0, cmd1::kIfm2StrideX,
                              cmd1::kIfm2StrideY, cmd1::kIfm2StrideC, false});
}

FeatureMap ofm_registers(const RegisterState& r, Isa isa) {
  FeatureMap fm = feature_map(r, isa, {cmd0::kOfmPrecision, cmd0::kOfmZeroPoint, cmd0::kOfmWidth0M1, cmd0::kOfmHeight0M1,
                                       cmd0::kOfmHeight1M1, cmd0::kOfmRegion, cmd1::kOfmBase0, cmd1::kOfmStrideX,
                                       cmd1::kOfmStrideY, cmd1::kOfmStrideC, true});
  fm.width = r.get0(cmd0::kOfmWidthM1) + 1u;
  fm.height = r.get0(cmd0::kOfmHeightM1) + 1u;
  fm.depth = r.get0(cmd0::kOfmDepthM1) + 1u;
  return fm;
}

// U55 LUT (Vela lutStart): TABLE_n at SHRAM lut_base + 256·n; the index width and signedness follow
// ACTIVATION.clip_range (0: the OFM precision, capped at 16 bit), entries are OFM-sized.
LutSpec u55_lut_spec(const OperationConfig& op) {
  LutSpec l;
  l.offset = 256 * op.table_index;
  l.index_bits = 8;
  l.index_signed = op.ofm.is_signed;
  switch (op.clip_range) {
    case 2: l.index_signed = false; break;
    case 3: l.index_signed = true; break;
    case 5: l.index_bits = 16; break;
    default: l.index_bits = op.ofm.elem_bits == 16 ? 16 : 8; break;
  }
  l.entry_bytes = static_cast<uint8_t>(std::min<unsigned>(op.ofm.elem_bits / 8, 4));
  return l;
}

}  // namespace

void set_broadcast_extent(FeatureMap& fm, const FeatureMap& ofm) {
  const bool scalar = fm.storage == Storage::kScalar || (fm.broadcast & broadcast::kScalar);
  fm.height = scalar || (fm.broadcast & broadcast::kH) ? 1 : ofm.height;
  fm.width = scalar || (fm.broadcast & broadcast::kW) ? 1 : ofm.width;
  fm.depth = scalar || (fm.broadcast & broadcast::kC) ? 1 : ofm.depth;
}

OperationConfig decode_operation(const RegisterState& r, uint16_t opcode, uint16_t param, Isa isa) {
  OperationConfig op;
  op.opcode = opcode;
  op.param = param;
  switch (static_cast<OpCode>(opcode)) {
    case OpCode::kConv: op.kind = OpKind::kConv; break;
    case OpCode::kDepthwise: op.kind = OpKind::kDepthwise; break;
    case OpCode::kPool: op.kind = OpKind::kPool; op.pool_mode = static_cast<PoolMode>(param & 7); break;
    case OpCode::kElementwise:
      op.kind = OpKind::kElementwise;
      op.ew_mode = static_cast<ElementwiseMode>(param & 0x3F);
      break;
    case OpCode::kDmaStart: op.kind = OpKind::kDma; break;
    default: op.kind = OpKind::kOther; break;
  }

  op.ifm = ifm_registers(r, isa);
  op.ifm2 = ifm2_registers(r, isa);
  op.ofm = ofm_registers(r, isa);

  read_kernel_registers(r, op);
  op.ofm_blk_width = (r.get0(cmd0::kOfmBlkWidthM1) & 0x3F) + 1u;
  op.ofm_blk_height = (r.get0(cmd0::kOfmBlkHeightM1) & 0x1F) + 1u;
  op.ofm_blk_depth = (r.get0(cmd0::kOfmBlkDepthM1) & 0x7F) + 1u;
  op.acc_format = r.get0(cmd0::kAccFormat) & 3;

  const uint16_t op_prec = r.get0(cmd0::kOfmPrecision);
  op.ofm_scale_global = bit(op_prec, 8);
  op.ofm_round = static_cast<RoundMode>(bits<15, 14>(op_prec));
  op.ofm_scale = {r.get1(cmd1::kOfmScale), r.get1_hi(cmd1::kOfmScale) & 0x3Fu};
  const uint16_t act = r.get0(cmd0::kActivation);
  const uint32_t fn = act & 0x1F;
  if (fn >= 16) {
    op.activation = ActivationFunction::kTable;
    op.table_index = fn - 16;
  } else {
    op.activation = static_cast<ActivationFunction>(fn);
  }
  op.clip_range = bits<14, 12>(act);
  op.activation_min = typed16(r.get0(cmd0::kActivationMin), op.ofm.is_signed);
  op.activation_max = typed16(r.get0(cmd0::kActivationMax), op.ofm.is_signed);

  const uint16_t if_prec = r.get0(cmd0::kIfmPrecision);
  op.ifm_scale_mode = bits<9, 8>(if_prec);
  op.ifm_round = static_cast<RoundMode>(bits<15, 14>(if_prec));
  op.opa_scale = {r.get1(cmd1::kOpaScale), r.get1_hi(cmd1::kOpaScale) & 0x3Fu};
  op.opb_scale = {r.get1(cmd1::kOpbScale) & 0xFFFFu, 0};

  // IFM2_BROADCAST (ethosu55_interface.h): [16] H, [17] W, [18] C, [22] operand order, [23] scalar.
  const uint16_t bc = r.get0(cmd0::kIfm2Broadcast);
  op.ifm2.broadcast = static_cast<uint8_t>(bc & 7);
  op.operands_reversed = bit(bc, 6);
  if (bit(bc, 7)) {
    op.ifm2.storage = Storage::kScalar;
    op.ifm2.broadcast |= broadcast::kScalar;
    op.ifm2.scalar = typed16(r.get0(cmd0::kIfm2Scalar), op.ifm2.is_signed);
  }
  op.lut = u55_lut_spec(op);

  op.weight_region = r.get0(cmd0::kWeightRegion) & 7;
  op.scale_region = r.get0(cmd0::kScaleRegion) & 7;
  op.weight_base = r.address(cmd1::kWeightBase, isa);
  op.weight_length = r.get1(cmd1::kWeightLength);
  op.scale_base = r.address(cmd1::kScaleBase, isa);
  op.scale_length = r.get1(cmd1::kScaleLength) & 0xFFFFF;

  const uint16_t src = r.get0(cmd0::kDma0SrcRegion), dst = r.get0(cmd0::kDma0DstRegion);
  op.dma_src_region = src & 7;
  op.dma_dst_region = dst & 7;
  op.dma_src_internal = bit(src, 8);
  op.dma_dst_internal = bit(dst, 8);
  op.dma_src = r.address(cmd1::kDma0Src, isa);
  op.dma_dst = r.address(cmd1::kDma0Dst, isa);
  op.dma_length = r.address(cmd1::kDma0Len, isa);

  // Extents the operation touches.
  switch (op.kind) {
    case OpKind::kConv:
    case OpKind::kDepthwise:
    case OpKind::kPool:
      set_kernel_ifm_extent(op);
      break;
    case OpKind::kElementwise:
      op.ifm.height = op.ofm.height;
      op.ifm.width = op.ofm.width;
      op.ifm.depth = op.ofm.depth;
      set_broadcast_extent(op.ifm2, op.ofm);
      break;
    default: break;
  }
  return op;
}

std::string_view op_kind_name(const OperationConfig& op) {
  switch (op.kind) {
    case OpKind::kConv: return op.weights_from_ifm2 ? "MATMUL" : "CONV";
    case OpKind::kDepthwise: return "DEPTHWISE";
    case OpKind::kPool:
      switch (op.pool_mode) {
        case PoolMode::kMax: return "POOL_MAX";
        case PoolMode::kAverage: return "POOL_AVG";
        case PoolMode::kReduceSum: return "POOL_REDUCE_SUM";
        case PoolMode::kSum: return "POOL_SUM";
        case PoolMode::kNone: return "POOL_NONE";
        case PoolMode::kMin: return "POOL_MIN";
        case PoolMode::kArgmaxX: return "POOL_ARGMAX_X";
        case PoolMode::kArgmaxY: return "POOL_ARGMAX_Y";
      }
      return "POOL";
    case OpKind::kElementwise:
      switch (op.ew_mode) {
        case ElementwiseMode::kMul: return "EW_MUL";
        case ElementwiseMode::kAdd: return "EW_ADD";
        case ElementwiseMode::kSub: return "EW_SUB";
        case ElementwiseMode::kMin: return "EW_MIN";
        case ElementwiseMode::kMax: return "EW_MAX";
        case ElementwiseMode::kLrelu: return "EW_LRELU";
        case ElementwiseMode::kAbs: return "EW_ABS";
        case ElementwiseMode::kClz: return "EW_CLZ";
        case ElementwiseMode::kShr: return "EW_SHR";
        case ElementwiseMode::kShl: return "EW_SHL";
        case ElementwiseMode::kLsr: return "EW_LSR";
        case ElementwiseMode::kDiv: return "EW_DIV";
        case ElementwiseMode::kCmpEq: return "EW_CMP_EQ";
        case ElementwiseMode::kCmpNe: return "EW_CMP_NE";
        case ElementwiseMode::kCmpGe: return "EW_CMP_GE";
        case ElementwiseMode::kCmpGt: return "EW_CMP_GT";
        case ElementwiseMode::kAnd: return "EW_AND";
        case ElementwiseMode::kOr: return "EW_OR";
        case ElementwiseMode::kXor: return "EW_XOR";
        case ElementwiseMode::kNot: return "EW_NOT";
        case ElementwiseMode::kAndNot: return "EW_AND_NOT";
      }
      return "EW_?";
    case OpKind::kDma: return "DMA";
    case OpKind::kResize: return "RESIZE";
    default: return "OTHER";
  }
}

}  // namespace corsim::npu
