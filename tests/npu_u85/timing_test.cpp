// The U85 cost model (npu/timing/u85_timing.h), checked formula by formula against hand
// computations from Vela's ethos_u85.cpp and ethos_u85_performance.cpp. The totals against
// the FPGA's counts are asserted by CTest npu.calibration (tools/npu_calibration).
#include <gtest/gtest.h>

#include "npu/timing/timing_model.h"
#include "npu/timing/u85_timing.h"

namespace corsim::npu {
namespace {

OperationConfig conv_op(uint32_t ub_h, uint32_t ub_w, uint32_t ub_d, uint32_t ifm_depth, uint32_t ifm_block) {
  OperationConfig op;
  op.isa = Isa::kU85;
  op.kind = OpKind::kConv;
  op.ofm_ublock_height = ub_h;
  op.ofm_ublock_width = ub_w;
  op.ofm_ublock_depth = ub_d;
  op.ifm.depth = ifm_depth;
  op.ifm_block_depth = ifm_block;
  return op;
}

// The OFM shape and the OFM block shape the stream's registers would give.
void set_ofm(OperationConfig& op, uint32_t h, uint32_t w, uint32_t d, uint32_t bh, uint32_t bw, uint32_t bd) {
  op.ofm.height = h;
  op.ofm.width = w;
  op.ofm.depth = d;
  op.ofm_blk_height = bh;
  op.ofm_blk_width = bw;
  op.ofm_blk_depth = bd;
}

// A part-kernel-first 3x3 convolution on U85-256 as ResNet-8's: micro-block 1x4x8, IFM block 16.
OperationConfig part_kernel_3x3(uint32_t ifm_depth) {
  OperationConfig op = conv_op(1, 4, 8, ifm_depth, 16);
  op.kernel.part_kernel_first = true;
  op.kernel.width = op.kernel.height = 3;
  return op;
}

TEST(U85Timing, DepthFirstConvMacCyclesPerBlock) {
  // U85-256, 1x1 kernel, 8-bit IFM depth 64, micro-block 1x2x16, IFM block 32, OFM block 1x4x16:
  // ublocks h 1, w 2, c 1 (hw 2); cycles_wb = 32·16/8 = 64; per step max(64, 32/8·2 = 8)·1·1·8/8
  // = 64; no delay (hw > 1); x ceil(64/32) = 2 IFM blocks -> 128.
  const NpuConfig u85{256, Product::kU85};
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(1, 2, 16, 64, 32), u85, 1, 4, 16), 128u);
  // That block is weight-buffer bound: the MACs compute max(0, 8)·1·1 = 8 per IFM block, 16 in all
  // (the MAC_ACTIVE cycles); the other 112 they wait for weights.
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(1, 2, 16, 64, 32), u85, 1, 4, 16, false), 16u);
  // IFM depth 3 (IFM block 3): Vela's 3/8 truncates to 0, so cycles_wb = 64 decides; the MACs still
  // make one pass over one 8-deep IFM micro-block per step: max(0, 1·2) = 2.
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(1, 2, 16, 3, 3), u85, 1, 4, 16), 64u);
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(1, 2, 16, 3, 3), u85, 1, 4, 16, false), 2u);
  // Same on a 3x3 kernel: 9 steps -> 9·64·2 = 1152.
  OperationConfig k3 = conv_op(1, 2, 16, 64, 32);
  k3.kernel.width = k3.kernel.height = 3;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(k3, u85, 1, 4, 16), 1152u);
  // U85-2048 (4 decoders), micro-block 2x2x64, IFM 256 deep, IFM block 64, block 2x2x64:
  // cycles_wb = 32·64/(8·4) = 64; max(64, 64/8·1 = 8)·1 step·1·1 = 64; hw = 1 and nc = 1: delay
  // 2·1 = 2 -> 66; x 4 IFM blocks -> 264.
  const NpuConfig big{2048, Product::kU85};
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(2, 2, 64, 256, 64), big, 2, 2, 64), 264u);
}

TEST(U85Timing, DepthwiseAndPoolMacCyclesPerBlock) {
  // U85-128 depthwise 3x3, micro-block 1x2x8, block 1x2x8: hw 1, c 1; one kernel element per
  // cycle (the U85 depthwise weight order has no groups of 4, only padding to 10, which is not
  // computed); the weight-buffer limit cycles_wb = 32·8/8 = 32 per 4 elements is 8 per element:
  // max(8, 1·8/8)·9·1 = 72; delay 2·9 = 18 -> 90. (Vela: max(32, 4)·ceil(9/4)·1 + 2·3 = 102.)
  const NpuConfig u85{128, Product::kU85};
  OperationConfig dw = conv_op(1, 2, 8, 8, 0);
  dw.kind = OpKind::kDepthwise;
  dw.kernel.width = dw.kernel.height = 3;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(dw, u85, 1, 2, 8), 90u);
  // The MACs compute 1·9·1 = 9 of them (no weight-buffer wait), delay 18 -> 27.
  EXPECT_EQ(timing::u85_mac_cycles_for_block(dw, u85, 1, 2, 8, false), 27u);
  // 2x2 MAX pool, block 1x4x8: ublocks 1·2·1 = 2; max(4, 4)·2·(8/8) = 8 (the U55's bit scaling;
  // Vela's U85 form, ·8/2, would give 32); no delay (hw 2).
  OperationConfig pool = conv_op(1, 2, 8, 8, 0);
  pool.kind = OpKind::kPool;
  pool.pool_mode = PoolMode::kMax;
  pool.kernel.width = pool.kernel.height = 2;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(pool, u85, 1, 4, 8), 8u);
  // 16-bit data takes two passes: 16.
  pool.ifm.elem_bits = 16;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(pool, u85, 1, 4, 8), 16u);
}

// ResNet-8's convolutions on U85-256 (resnet_v1_8_32 block 8x16x16, micro-block 1x4x8, part-kernel
// first, IFM block 16): hw = 8·(16/4) = 32, c = 16/8 = 2. One kernel element per 8-channel IFM step
// per cycle: max(32/4, 32)·9 elements·2 IFM steps·2 = 1152 cycles for 8·16·16·9·16 = 294,912
// MACs, i.e. the full 256 MACs per cycle. Vela's estimator prices 4-element groups: max(32,
// 4·32)·ceil(9/4)·2·2 = 1536 (75 %).
TEST(U85Timing, PartKernelConvCountsRealKernelElementsAndIfmSteps) {
  const NpuConfig u256{256, Product::kU85};
  OperationConfig pk = part_kernel_3x3(16);
  EXPECT_EQ(timing::u85_mac_cycles_for_block(pk, u256, 8, 16, 16), 1152u);
  // IFM depth 3 (the first convolution): one IFM step per element, the weight order's second,
  // empty 8-channel step is not computed: 32·9·1·2 = 576.
  pk.ifm.depth = 3;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(pk, u256, 8, 16, 16), 576u);
  // A 1x1 kernel (the weight order pads it to 5 elements) on 16 channels: 32·1·2·2 = 128.
  pk.ifm.depth = 16;
  pk.kernel.width = pk.kernel.height = 1;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(pk, u256, 8, 16, 16), 128u);
  // IFM depth 32: two IFM blocks of 16, 1152·2 = 2304 on the 3x3 kernel.
  pk.kernel.width = pk.kernel.height = 3;
  pk.ifm.depth = 32;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(pk, u256, 8, 16, 16), 2304u);
}

// A whole ResNet-8 convolution (32x32x16 -> 32x32x16, 3x3, part-kernel, OFM blocks 8x16x16 as
// its stream sets them): 4·2·1 = 8 blocks of 1152 cycles = 9216, which is its 32·32·16·9·16 =
// 2,359,296 MACs at exactly 256 per cycle; the weight buffer (8 per element step) never binds, so
// all of it is MAC_ACTIVE. (Vela's 4-element groups: 12,288.)
TEST(U85Timing, AResNetConvolutionRunsAtTheFullMacRate) {
  OperationConfig op = part_kernel_3x3(16);
  op.ifm.height = op.ifm.width = 32;
  set_ofm(op, 32, 32, 16, 8, 16, 16);
  const timing::TimingModel tm(NpuConfig{256, Product::kU85}, *timing::system_preset("Ambiq_U85_FPGA"));
  const timing::OpTiming t = tm.estimate(op, Traffic{});
  EXPECT_EQ(t.mac, 2359296u / 256);
  EXPECT_EQ(t.mac_active, 2359296u / 256);
}

// 2:4 sparse weights are stored in IFM steps of 16 positions holding at most 8 non-zero weights
// (EthosU85WeightOrdering): one step per kernel element per cycle. On 32 channels that is half the
// 8-channel steps (Vela's halving); on the first convolution of AD medium and KWS MicroNet-M (IFM
// depth 1) it is still one step per element, not half of one. U85-256, micro-block 1x4x8, block
// 8x16x16 (hw 32, c 2), part-kernel 3x3:
TEST(U85Timing, SparseWeightsTakeOneSixteenPositionStepPerCycle) {
  const NpuConfig u256{256, Product::kU85};
  OperationConfig sp = part_kernel_3x3(1);
  sp.sparse_2_4 = true;
  // IFM depth 1: ceil(1/16) = 1 step: 32·9·1·2 = 576 (Vela: max(32, 128)·3·2·1 / 2 = 384).
  EXPECT_EQ(timing::u85_mac_cycles_for_block(sp, u256, 8, 16, 16), 576u);
  // IFM depth 16: still 1 step of 16 (dense: 2 steps of 8, 1152): 576.
  sp.ifm.depth = 16;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(sp, u256, 8, 16, 16), 576u);
  sp.sparse_2_4 = false;
  EXPECT_EQ(timing::u85_mac_cycles_for_block(sp, u256, 8, 16, 16), 1152u);
}

// A depth-first 1x1 convolution on AD medium's 276-channel IFM (U85-256, micro-block 1x4x8, IFM
// block 64, OFM block 4x16x32: hw 16, c 4, cycles_wb 32): four full IFM blocks of 8 steps,
// max(32, 8·16)·1·4 = 512 each, and a last block clipped to the 20 channels left, ceil(20/8) = 3
// steps: max(32, 3·16)·4 = 192. Total 2240 for 4·16·32·276 = 565,248 MACs (252 per cycle); Vela
// prices five whole blocks, 2560.
TEST(U85Timing, DepthFirstConvClipsTheLastIfmBlock) {
  const NpuConfig u256{256, Product::kU85};
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(1, 4, 8, 276, 64), u256, 4, 16, 32), 2240u);
  // An exact multiple of the block: 5·512 = 2560 for 320 channels.
  EXPECT_EQ(timing::u85_mac_cycles_for_block(conv_op(1, 4, 8, 320, 64), u256, 4, 16, 32), 2560u);
}

TEST(U85Timing, OutputStageCyclesPerElement) {
  const NpuConfig u256{256, Product::kU85}, u2048{2048, Product::kU85};
  OperationConfig op;
  op.isa = Isa::kU85;
  op.kind = OpKind::kConv;
  EXPECT_DOUBLE_EQ(timing::u85_output_cycles_per_element(op, u256), 0.25);  // 8-bit OFM
  op.ofm.elem_bits = 32;
  op.ifm.elem_bits = 32;
  op.kind = OpKind::kElementwise;
  op.ew_mode = ElementwiseMode::kAdd;
  EXPECT_DOUBLE_EQ(timing::u85_output_cycles_per_element(op, u256), 0.5);  // binary 32 -> 32
  op.ew_mode = ElementwiseMode::kDiv;
  EXPECT_DOUBLE_EQ(timing::u85_output_cycles_per_element(op, u256), 33.0);
  OperationConfig tr;
  tr.isa = Isa::kU85;
  tr.kind = OpKind::kPool;
  tr.ofm.transpose = Transpose::kWhc;  // H<->W: activation index 1
  EXPECT_DOUBLE_EQ(timing::u85_output_cycles_per_element(tr, u2048), 0.0625);
}

TEST(U85Timing, WeightDecodeRates) {
  const NpuConfig u256{256, Product::kU85}, u2048{2048, Product::kU85};
  Traffic t;
  t.weights_decoded = 1000;
  t.weights_zero = 500;  // 50 % zeros: 8 weights/cycle/decoder
  EXPECT_EQ(timing::u85_weight_decode_cycles(t, u256), 125u);
  EXPECT_EQ(timing::u85_weight_decode_cycles(t, u2048), 31u);  // 4 decoders: 1000 / 32
  t.weights_zero = 950;  // clamped to 90 %: 32 weights/cycle
  EXPECT_EQ(timing::u85_weight_decode_cycles(t, u256), 31u);
  t.fast_weights = true;
  EXPECT_EQ(timing::u85_weight_decode_cycles(t, u256), 31u);  // FWD raw: 32/cycle
  t.fast_weights_lut = true;
  EXPECT_EQ(timing::u85_weight_decode_cycles(t, u256), 15u);  // FWD LUT: 64/cycle
}

TEST(U85Timing, TotalIsOverheadPlusTheLongestPart) {
  auto sys = timing::system_preset("AmbiqLP_SRAM");
  ASSERT_TRUE(sys);
  sys->op_overhead_cycles = 7;
  const timing::TimingModel tm(NpuConfig{256, Product::kU85}, *sys);
  OperationConfig op;
  op.isa = Isa::kU85;
  op.kind = OpKind::kElementwise;
  op.ew_mode = ElementwiseMode::kAdd;
  op.ofm.height = op.ofm.width = 1;
  op.ofm.depth = 16;
  Traffic t;
  t.read[0] = 32;
  t.write[0] = 16;
  // AO: ceil(0.25·16) = 4. SRAM port: ceil(48 / 80) = 1 + read latency 5 + write latency 5 = 11.
  const timing::OpTiming r = tm.estimate(op, t);
  EXPECT_EQ(r.output, 4u);
  EXPECT_EQ(r.axi0, 11u);
  EXPECT_EQ(r.total, 18u);
  EXPECT_STREQ(r.bound, "axi0");
}

// The measured FPGA (system Ambiq_U85_FPGA, docs/npu.md "Calibration"): its EXT port delivers
// 3.65 B per NPU cycle, where AmbiqLP_SRAM's Vela section says 80. A weight DMA of KWS MicroNet-M
// (29,120 B from region 0 on EXT into the fast scratch on SRAM) by hand: EXT read
// ceil(29120 / 3.65) = 7979 + read latency 5 = 7984; SRAM write ceil(29120 / 80) = 364 + write
// latency 5 = 369; total = the longer port = 7984, bound "axi1" (EXT). Under AmbiqLP_SRAM both
// ports take 369.
TEST(U85Timing, TheFpgasExtPortPricesAWeightDmaAtItsMeasuredBandwidth) {
  OperationConfig dma;
  dma.isa = Isa::kU85;
  dma.kind = OpKind::kDma;
  Traffic t;
  t.read[1] = 29120;
  t.write[0] = 29120;
  const NpuConfig u85{256, Product::kU85};
  const timing::OpTiming fpga = timing::TimingModel(u85, *timing::system_preset("Ambiq_U85_FPGA")).estimate(dma, t);
  EXPECT_EQ(fpga.axi1, 7984u);
  EXPECT_EQ(fpga.axi0, 369u);
  EXPECT_EQ(fpga.total, 7984u);
  EXPECT_STREQ(fpga.bound, "axi1");
  const timing::OpTiming vela = timing::TimingModel(u85, *timing::system_preset("AmbiqLP_SRAM")).estimate(dma, t);
  EXPECT_EQ(vela.axi1, 369u);
  EXPECT_EQ(vela.total, 369u);
}

// ACC_FORMAT acc_output disabled keeps the accumulators for the next operation: no output stage and
// no OFM. A 1x1 convolution on U85-256 (micro-block 1x2x16, IFM depth 64, IFM block 32), OFM 1x4x16
// in one block, 8-bit: MAC 128 (as DepthFirstConvMacCyclesPerBlock); with the output, AO is
// ceil(0.25 · 64 elements) = 16 and compute = max(128, 16) + min(128, 16) = 144; with acc_output
// disabled AO = 0 and compute = 128 + 0 = 128.
TEST(U85Timing, KeptAccumulatorsCostNoOutputStage) {
  OperationConfig op = conv_op(1, 2, 16, 64, 32);
  set_ofm(op, 1, 4, 16, 1, 4, 16);
  const timing::TimingModel tm(NpuConfig{256, Product::kU85}, *timing::system_preset("AmbiqLP_SRAM"));
  const timing::OpTiming written = tm.estimate(op, Traffic{});
  EXPECT_EQ(written.mac, 128u);
  EXPECT_EQ(written.output, 16u);
  EXPECT_EQ(written.compute, 144u);
  op.acc_output = false;
  const timing::OpTiming kept = tm.estimate(op, Traffic{});
  EXPECT_EQ(kept.mac, 128u);
  EXPECT_EQ(kept.output, 0u);
  EXPECT_EQ(kept.compute, 128u);
}

}  // namespace
}  // namespace corsim::npu
