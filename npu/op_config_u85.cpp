// ISA arch 2.0 (Ethos-U85) operation decoding: the U85 register layouts (field positions from the
// driver's ethosu85_interface.h and VELA ethos_u85_interface.hpp), with the semantics the real U85
// streams settle (tests/npu_u85/golden_test.cpp). Fills the same OperationConfig as the U55 decoder
// (op_config.cpp), so both NPUs share one kernel set (npu/ops/).
#include <algorithm>

#include "base/bits.h"
#include "npu/feature_map_registers.h"
#include "npu/op_config.h"

namespace corsim::npu {

namespace {

constexpr Isa kIsa = Isa::kU85;

// IFM/IFM2_PRECISION: [16] type, [19:18] precision, [23:22] format, [31:30] storage.
// OFM_PRECISION: [16] type, [18:17] precision, [23:22] format, [24] scale_mode, [26:25] reverse,
// [29:27] transpose, [31:30] storage.
void decode_precision(FeatureMap& fm, uint16_t p, bool ofm) {
  fm.is_signed = bit(p, 0);
  fm.elem_bits = static_cast<uint8_t>(8u << (ofm ? bits<2, 1>(p) : bits<3, 2>(p)));
  fm.layout = bits<7, 6>(p) == 1 ? Layout::kNhcwb16 : Layout::kNhwc;
  fm.storage = static_cast<Storage>(bits<15, 14>(p));
  if (ofm) {
    fm.reverse = static_cast<uint8_t>(bits<10, 9>(p));
    fm.transpose = static_cast<Transpose>(bits<13, 11>(p));
  }
}

FeatureMap feature_map(const RegisterState& r, const FeatureMapRegisters& k) {
  return read_feature_map(r, kIsa, k, decode_precision);
}

// OFM_SCALE / IFM_SCALE / IFM2_SCALE (ethosu85_interface.h): word0 [21:16] shift, [26:22] dbl_rnd,
// round mode ([31:29] for the OFM, [29] for the inputs); word1 the 31-bit scale.
Scale scale_register(const RegisterState& r, uint16_t opcode) {
  const uint16_t hi = r.get1_hi(opcode);
  return {r.get1(opcode) & 0x7FFFFFFFu, hi & 0x3Fu, bits<10, 6>(hi)};
}

// round_mode_ofm: 0 DOUBLE_SYMMETRIC, 1 NATURAL, 2 DOUBLE_ASYMMETRIC, 3 SYMMETRIC,
// 4 TRUNCATE_TO_ZERO, 5 TRUNCATE_TO_LOWER (ethosu85_interface.h). 6, 7 are reserved: natural.
RoundMode ofm_round_mode(uint32_t field) {
  switch (field) {
    case 0: return RoundMode::kDbl;
    case 2: return RoundMode::kDoubleAsymmetric;
    case 3: return RoundMode::kSymmetric;
    case 4: return RoundMode::kTruncate;
    case 5: return RoundMode::kTruncateToLower;
    default: return RoundMode::kNatural;
  }
}

// ACTIVATION.activation_function (ethosu85_interface.h; U85 goldens): LUT input/output types.
// Tables sit in the 2 KB LUT RAM at table number x table size (256 B for 8-bit -> 8-bit, 512 B
// S8->S16, 1 KB S8->S32, 2 KB for a 16-bit input).
void decode_activation(OperationConfig& op, uint16_t act) {
  const uint32_t fn = bits<4, 0>(act), table = bits<7, 5>(act);
  op.activation_clamp = bit(act, 12) == 0;
  op.table_index = table;
  auto lut = [&](uint8_t in_bits, bool in_signed, uint8_t entry_bytes, uint32_t table_bytes) {
    op.activation = ActivationFunction::kTable;
    op.lut = {table * table_bytes, in_bits, in_signed, entry_bytes};
  };
  switch (fn) {
    case 1: lut(8, false, 1, 256); break;   // U8 -> U8
    case 4: lut(8, true, 1, 256); break;    // S8 -> S8
    case 5: lut(8, true, 2, 512); break;    // S8 -> S16
    case 7: lut(8, true, 4, 1024); break;   // S8 -> S32
    case 8: lut(16, true, 4, 2048); break;  // S16 -> S16, 512 base/slope words (lut.py; unverified)
    case 9: lut(16, true, 4, 2048); break;  // S16 -> S32 (unverified)
    case 10: op.activation = ActivationFunction::kTanh; op.lut.index_bits = 16; break;
    case 11: op.activation = ActivationFunction::kSigmoid; op.lut.index_bits = 16; break;
    default: op.activation = ActivationFunction::kNone; break;
  }
}

// ACC_FORMAT.microblock (ethosu85_interface.h microblock): h x w of the OFM micro-block; its
// depth is MACs / 8 / (h x w) (tests/npu_u85 goldens' weight counts).
void decode_microblock(OperationConfig& op, uint32_t field, uint32_t macs) {
  static constexpr uint8_t kHw[6][2] = {{1, 1}, {1, 2}, {1, 4}, {2, 2}, {2, 4}, {4, 4}};
  const auto& hw = kHw[std::min<uint32_t>(field, 5)];
  op.ofm_ublock_height = hw[0];
  op.ofm_ublock_width = hw[1];
  op.ofm_ublock_depth = std::max<uint32_t>(1, macs / 8 / (hw[0] * hw[1]));
}

// The IFM block depth the U85 weight order walks (tests/npu_u85 goldens; VELA ethos_u85.cpp
// ArchEthosU85::GetOpConfig): 16 part-kernel; 32 for a 32-bit IFM or 128/256 MACs with a
// 16-deep micro-block (not sparse); 128 for 2:4-sparse 8-bit; else 64.
uint32_t weight_ifm_block_depth(const OperationConfig& op, uint32_t macs) {
  if (op.kernel.part_kernel_first) return 16;
  if (op.ifm.elem_bits == 32 || ((macs == 128 || macs == 256) && op.ofm_ublock_depth == 16 && !op.sparse_2_4))
    return 32;
  if (op.sparse_2_4 && op.ifm.elem_bits == 8) return 128;
  return 64;
}

// A storage-NONE operand is the 32-bit OP_SCALAR (tests/npu_u85 goldens).
void apply_scalar(FeatureMap& fm, const RegisterState& r) {
  if (fm.storage == Storage::kScalar || (fm.broadcast & broadcast::kScalar)) {
    fm.storage = Storage::kScalar;
    fm.broadcast = broadcast::kScalar;
    fm.scalar = static_cast<int32_t>(r.get1(u85::cmd1::kOpScalar));
  }
}

}  // namespace

OperationConfig decode_operation_u85(const RegisterState& r, uint16_t opcode, uint16_t param, uint32_t macs) {
  OperationConfig op;
  op.isa = kIsa;
  op.opcode = opcode;
  op.param = param;
  op.per_operand_scaling = true;
  switch (opcode) {
    case 0x002:
      op.kind = OpKind::kConv;
      op.weights_from_ifm2 = bit(param, 0);
      break;
    case 0x003: op.kind = OpKind::kDepthwise; break;
    case 0x005: op.kind = OpKind::kPool; op.pool_mode = static_cast<PoolMode>(param & 7); break;
    case 0x006: op.kind = OpKind::kElementwise; op.ew_mode = static_cast<ElementwiseMode>(param & 0x3F); break;
    case u85::kOpResize:
      op.kind = OpKind::kResize;
      op.resize_mode = static_cast<ResizeMode>(std::min<uint32_t>(param & 3, 2));
      break;
    case 0x010: op.kind = OpKind::kDma; break;
    default: op.kind = OpKind::kOther; break;
  }

  op.ifm = feature_map(r, {cmd0::kIfmPrecision, cmd0::kIfmZeroPoint, cmd0::kIfmWidth0M1, cmd0::kIfmHeight0M1,
                           cmd0::kIfmHeight1M1, cmd0::kIfmRegion, cmd1::kIfmBase0, cmd1::kIfmStrideX,
                           cmd1::kIfmStrideY, cmd1::kIfmStrideC, false});
  op.ifm.depth = r.get0(cmd0::kIfmDepthM1) + 1u;
  op.ifm.broadcast = static_cast<uint8_t>(r.get0(u85::cmd0::kIfmBroadcast) & 0xF);
  op.ifm2 = feature_map(r, {cmd0::kIfm2Precision, cmd0::kIfm2ZeroPoint, cmd0::kIfm2Width0M1, cmd0::kIfm2Height0M1,
                            cmd0::kIfm2Height1M1, cmd0::kIfm2Region, cmd1::kIfm2Base0, cmd1::kIfm2StrideX,
                            cmd1::kIfm2StrideY, cmd1::kIfm2StrideC, false});
  op.ifm2.broadcast = static_cast<uint8_t>(r.get0(cmd0::kIfm2Broadcast) & 0xF);
  op.ofm = feature_map(r, {cmd0::kOfmPrecision, cmd0::kOfmZeroPoint, cmd0::kOfmWidth0M1, cmd0::kOfmHeight0M1,
                           cmd0::kOfmHeight1M1, cmd0::kOfmRegion, cmd1::kOfmBase0, cmd1::kOfmStrideX,
                           cmd1::kOfmStrideY, cmd1::kOfmStrideC, true});
  op.ofm.width = r.get0(cmd0::kOfmWidthM1) + 1u;
  op.ofm.height = r.get0(cmd0::kOfmHeightM1) + 1u;
  op.ofm.depth = r.get0(cmd0::kOfmDepthM1) + 1u;

  read_kernel_registers(r, op);
  op.ofm_blk_width = (r.get0(cmd0::kOfmBlkWidthM1) & 0x7F) + 1u;
  op.ofm_blk_height = (r.get0(cmd0::kOfmBlkHeightM1) & 0x7F) + 1u;
  op.ofm_blk_depth = (r.get0(cmd0::kOfmBlkDepthM1) & 0x3FF) + 1u;

  // ACC_FORMAT: [17:16] I32/I48, [21:20] acc_input, [22] acc_output disable, [26:24] microblock.
  const uint16_t acc = r.get0(cmd0::kAccFormat);
  op.acc_format = bits<1, 0>(acc);
  op.acc_input = bits<5, 4>(acc);
  op.acc_output = bit(acc, 6) == 0;
  decode_microblock(op, bits<10, 8>(acc), macs);
  op.scale_record = op.acc_format == 1 ? ScaleRecord::kU85Acc48 : ScaleRecord::kU85Acc32;

  // Output stage: OFM_SCALE carries the round mode of every rescale of the operation, including
  // the per-channel one of convolutions (tests/npu_u85 goldens).
  op.ofm_scale_global = bit(r.get0(cmd0::kOfmPrecision), 8);
  op.ofm_scale = scale_register(r, cmd1::kOfmScale);
  op.ofm_round = ofm_round_mode(bits<15, 13>(r.get1_hi(cmd1::kOfmScale)));
  decode_activation(op, r.get0(cmd0::kActivation));
  op.activation_min = typed16(r.get0(cmd0::kActivationMin), op.ofm.is_signed);
  op.activation_max = typed16(r.get0(cmd0::kActivationMax), op.ofm.is_signed);

  op.ifm_scale = scale_register(r, u85::cmd1::kIfmScale);
  op.ifm_round = bit(r.get1_hi(u85::cmd1::kIfmScale), 13) ? RoundMode::kNatural : RoundMode::kDbl;
  op.ifm2_scale = scale_register(r, u85::cmd1::kIfm2Scale);
  op.ifm2_round = bit(r.get1_hi(u85::cmd1::kIfm2Scale), 13) ? RoundMode::kNatural : RoundMode::kDbl;

  // Weights and scales (WEIGHT*_BASE, SCALE_BASE).
  op.weight_region = r.get0(cmd0::kWeightRegion) & 7;
  op.scale_region = r.get0(cmd0::kScaleRegion) & 7;
  const uint16_t wf = r.get0(u85::cmd0::kWeightFormat);
  op.fast_weights = bit(wf, 0);
  op.sparse_2_4 = bit(wf, 4);
  static constexpr uint16_t kWeightRegs[4][2] = {{cmd1::kWeightBase, cmd1::kWeightLength},
                                                 {u85::cmd1::kWeight1Base, u85::cmd1::kWeight1Length},
                                                 {u85::cmd1::kWeight2Base, u85::cmd1::kWeight2Length},
                                                 {u85::cmd1::kWeight3Base, u85::cmd1::kWeight3Length}};
  for (unsigned s = 0; s < 4; ++s)
    op.weight_streams[s] = {r.address(kWeightRegs[s][0], kIsa), r.get1(kWeightRegs[s][1])};
  // SWD: one stream per weight decoder; FWD: one stream (VELA StreamsRequired).
  const uint32_t decoders = macs <= 256 ? 1 : macs == 512 ? 2 : 4;
  op.weight_stream_count = op.fast_weights ? 1 : decoders;
  op.weight_base = op.weight_streams[0].base;
  op.weight_length = op.weight_streams[0].length;
  op.scale_base = r.address(cmd1::kScaleBase, kIsa);
  op.scale_length = r.get1(cmd1::kScaleLength) & 0xFFFFF;

  // Resize (ethosu85_interface.h RESIZE_*).
  op.resize_x_scale_n = (r.get0(u85::cmd0::kResizeXScaleNM1) & 0x7FF) + 1u;
  op.resize_y_scale_n = (r.get0(u85::cmd0::kResizeYScaleNM1) & 0x7FF) + 1u;
  op.resize_x_offset = sign_extend(r.get0(u85::cmd0::kResizeXOffset), 12);
  op.resize_y_offset = sign_extend(r.get0(u85::cmd0::kResizeYOffset), 12);
  op.resize_x_one_step_int = r.get1_hi(u85::cmd1::kResizeX) & 0xF;
  op.resize_x_one_step_mod = r.get1(u85::cmd1::kResizeX) & 0x7FF;
  op.resize_y_one_step_int = r.get1_hi(u85::cmd1::kResizeY) & 0xF;
  op.resize_y_one_step_mod = r.get1(u85::cmd1::kResizeY) & 0x7FF;

  // DMA (ethosu85_interface.h): [18:16] region, [24] internal (LUT RAM), stride mode, index mode.
  const uint16_t src = r.get0(cmd0::kDma0SrcRegion), dst = r.get0(cmd0::kDma0DstRegion);
  op.dma_src_region = src & 7;
  op.dma_dst_region = dst & 7;
  op.dma_src_internal = bit(src, 8);
  op.dma_dst_internal = bit(dst, 8);
  op.dma_src = r.address(cmd1::kDma0Src, kIsa);
  op.dma_dst = r.address(cmd1::kDma0Dst, kIsa);
  op.dma_length = r.address(cmd1::kDma0Len, kIsa);
  op.dma_stride_mode = bits<10, 9>(src);
  op.dma_src_indexed = bit(src, 11);
  op.dma_dst_indexed = bit(dst, 11);
  op.dma_idx_region = static_cast<uint8_t>(r.get0(u85::cmd0::kDma0IdxRegion) & 7);
  op.dma_idx = r.address(u85::cmd1::kDma0Idx, kIsa);
  op.dma_idx_max = r.get1(u85::cmd1::kDma0IdxMax) & 0x7FFFFFFFu;  // [62:32] idx_max
  op.dma_idx_skip1 = r.address(u85::cmd1::kDma0IdxSkip1, kIsa);
  op.dma_size0 = r.get0(cmd0::kDma0Size0);
  op.dma_size1 = r.get0(cmd0::kDma0Size1);
  op.dma_src_stride0 = r.address(u85::cmd1::kDma0SrcStride0, kIsa);
  op.dma_src_stride1 = r.address(u85::cmd1::kDma0SrcStride1, kIsa);
  op.dma_dst_stride0 = r.address(u85::cmd1::kDma0DstStride0, kIsa);
  op.dma_dst_stride1 = r.address(u85::cmd1::kDma0DstStride1, kIsa);

  switch (op.kind) {
    case OpKind::kConv:
    case OpKind::kDepthwise:
    case OpKind::kPool:
      set_kernel_ifm_extent(op);
      if (op.weights_from_ifm2) {
        // MatMul (VELA GraphIrOptimiser::RewriteMatmul): IFM2 is H x N x K, N = OFM depth,
        // K = IFM depth, already transposed by Vela; OFM(h, w, n) = sum_k IFM(h, w, k) IFM2(h, n, k).
        op.ifm2.height = op.ofm.height;
        op.ifm2.width = op.ofm.depth;
        op.ifm2.depth = op.ifm.depth;
      }
      if (op.acc_input == 2 && !op.weights_from_ifm2) {
        // ACC_FORMAT acc_input IFM2 (accumulator restore): one IFM2 value per accumulator. IFM2
        // has no extent registers other than its tiles; its extent is the OFM's, as for an
        // unbroadcast elementwise IFM2 (decision).
        op.ifm2.height = op.ofm.height;
        op.ifm2.width = op.ofm.width;
        op.ifm2.depth = op.ofm.depth;
      }
      op.ifm_block_depth = weight_ifm_block_depth(op, macs);
      break;
    case OpKind::kElementwise:
      apply_scalar(op.ifm, r);
      apply_scalar(op.ifm2, r);
      set_broadcast_extent(op.ifm, op.ofm);
      set_broadcast_extent(op.ifm2, op.ofm);
      break;
    case OpKind::kResize:
      // The IFM extent of a resize: KERNEL_HEIGHT_M1 + 1 rows, KERNEL_WIDTH_M1 + 1 columns are
      // read (VELA EthosU85RCSGenerator::GenerateResizeOp).
      op.ifm.height = r.get0(cmd0::kKernelHeightM1) + 1u;
      op.ifm.width = r.get0(cmd0::kKernelWidthM1) + 1u;
      op.ifm.depth = op.ofm.depth;
      break;
    default: break;
  }
  return op;
}

}  // namespace corsim::npu
