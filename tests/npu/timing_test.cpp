// The timing model (npu/timing/) against an independent re-implementation of Vela's U55
// per-operation estimator (Vela ethos_u55_performance.cpp, 5.x form: fractional OFM block count) as
// a sanity band: within 25% on a sweep of conv, depthwise, pool and elementwise shapes for each MAC
// configuration. The model itself follows the hardware's block iteration (clipped edge blocks,
// MAC/AO overlap per block, docs/npu.md), so exact agreement is not expected.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "npu/timing/timing_model.h"

namespace corsim::npu {
namespace {

// ---- Vela's estimator, from ethos_u55.cpp / ethos_u55_performance.cpp only -------------------

struct VShape {
  double h, w, c;
};

struct VelaArch {
  uint32_t macs;
  VShape ublock;
  double out_cycles[8];
  double act_cycles[3];
};

VelaArch vela_arch(uint32_t macs) {
  switch (macs) {
    case 32: return {32, {1, 1, 4}, {2, 3, 3, 3, 4, 6, 1, 2}, {1, 1, 0}};
    case 64: return {64, {1, 1, 8}, {1, 1.5, 1.5, 1.5, 2, 3, 0.5, 1}, {1, 1, 0}};
    case 128: return {128, {1, 2, 8}, {0.75, 1.25, 0.75, 0.75, 1, 1.5, 0.25, 0.5}, {1, 0.5, 0}};
    default: return {256, {2, 2, 8}, {0.625, 1.125, 0.5, 0.375, 0.5, 0.75, 0.125, 0.25}, {1, 0.25, 0}};
  }
}

enum class VKind { kConvDepthFirst, kConvPartKernel, kDepthwise, kMaxPool, kAddSub };

struct VOp {
  VKind kind;
  VShape ofm, block;
  double ifm_c, kh, kw;
};

double vela_mac_cycles_per_block(const VelaArch& a, const VOp& op, VShape ofm_block, double ifm_block_c) {
  VShape u = a.ublock;
  const bool conv = op.kind == VKind::kConvDepthFirst || op.kind == VKind::kConvPartKernel;
  if (u.h == 2 && conv && op.ofm.h == 1 && std::fmod(op.ofm.w, 2) == 0 && op.kh == 1) u = {1, 4, u.c};
  const double nh = std::ceil(ofm_block.h / u.h), nw = std::ceil(ofm_block.w / u.w), nc = std::ceil(ofm_block.c / u.c);
  const double hw = nh * nw;
  const double wb = 32 * u.c / 8;
  const double d = a.macs == 32 ? 3 : 2;  // 8-bit: 32-bit accumulator
  double cycles = 0;
  for (double sy = 0; sy < op.kh; sy += 8)
    for (double sx = 0; sx < op.kw; sx += 8) {
      const double e = std::min(8.0, op.kh - sy) * std::min(8.0, op.kw - sx);
      double steps = 0, c = 0;
      switch (op.kind) {
        case VKind::kMaxPool:
          steps = 1;
          c = std::max(4.0, e) * hw * nc * (a.macs == 32 ? 1 : 8.0 / 8);
          break;
        case VKind::kDepthwise:
          steps = std::ceil(e / 4);
          c = std::max(wb, 4 * hw * 8 / 8) * steps * nc;
          break;
        case VKind::kConvPartKernel:
          steps = std::ceil(e / 4);
          c = std::max(wb, 4 * hw) * steps * nc * std::ceil(ifm_block_c / 8);
          break;
        default:
          steps = e;
          c = std::max(wb, 4 * hw) * steps * nc;
          break;
      }
      double delay = 0;
      if (hw == 1) delay = nc == 1 ? d * steps : d * (steps - 1) * nc;
      if (op.kind == VKind::kConvPartKernel) delay *= std::ceil(ifm_block_c / 8);
      cycles += c + delay;
    }
  if (conv) cycles *= std::ceil(op.ifm_c / ifm_block_c);
  return cycles;
}

double vela_op_cycles(const VelaArch& a, const VOp& op) {
  const double ao_elem = op.kind == VKind::kMaxPool ? std::max(a.out_cycles[6], a.act_cycles[2])
                         : op.kind == VKind::kAddSub ? std::max(a.out_cycles[4], a.act_cycles[2])
                                                     : std::max(a.out_cycles[7], a.act_cycles[2]);
  if (op.kind == VKind::kAddSub) return std::ceil(ao_elem * op.ofm.h * op.ofm.w * op.ofm.c);
  const VShape blk{std::min(op.block.h, op.ofm.h), std::min(op.block.w, op.ofm.w), std::min(op.block.c, op.ofm.c)};
  const double ifm_block_c = std::min(op.kind == VKind::kConvPartKernel ? 16.0 : 32.0, op.ifm_c);
  const double mac = vela_mac_cycles_per_block(a, op, blk, ifm_block_c);
  const double ao = std::ceil(ao_elem * blk.h * blk.w * blk.c);
  const VShape u = a.ublock;
  const double total_ub = std::ceil(op.ofm.h / u.h) * std::ceil(op.ofm.w / u.w) * std::ceil(op.ofm.c / u.c);
  const double blk_ub = std::ceil(blk.h / u.h) * std::ceil(blk.w / u.w) * std::ceil(blk.c / u.c);
  const double nb = total_ub / blk_ub;
  const double cmd = (mac + ao) / 4;
  const double m = std::max(mac, cmd), o = std::max(ao, cmd);
  return m > o ? m * nb + o : o * nb + m;
}

// ---- the sweep --------------------------------------------------------------------------------

OperationConfig to_config(const VOp& v) {
  OperationConfig op;
  op.ofm.height = static_cast<uint32_t>(v.ofm.h);
  op.ofm.width = static_cast<uint32_t>(v.ofm.w);
  op.ofm.depth = static_cast<uint32_t>(v.ofm.c);
  op.ofm_blk_height = static_cast<uint32_t>(v.block.h);
  op.ofm_blk_width = static_cast<uint32_t>(v.block.w);
  op.ofm_blk_depth = static_cast<uint32_t>(v.block.c);
  op.ifm.depth = static_cast<uint32_t>(v.ifm_c);
  op.kernel.height = static_cast<uint32_t>(v.kh);
  op.kernel.width = static_cast<uint32_t>(v.kw);
  op.activation_min = -128;
  op.activation_max = 127;
  switch (v.kind) {
    case VKind::kConvDepthFirst: op.kind = OpKind::kConv; break;
    case VKind::kConvPartKernel: op.kind = OpKind::kConv; op.kernel.part_kernel_first = true; break;
    case VKind::kDepthwise: op.kind = OpKind::kDepthwise; op.ifm.depth = op.ofm.depth; break;
    case VKind::kMaxPool: op.kind = OpKind::kPool; op.pool_mode = PoolMode::kMax; op.ifm.depth = op.ofm.depth; break;
    case VKind::kAddSub: op.kind = OpKind::kElementwise; op.ew_mode = ElementwiseMode::kAdd; break;
  }
  return op;
}

// Vela picks OFM blocks that tile the OFM well; the sweep does the same by taking block sizes that
// are micro-block multiples dividing the OFM extent, as a compiler would.
double pick_block(double extent, double ublock, double max_block, std::mt19937& rng) {
  std::vector<double> options;
  for (double b = ublock; b <= std::min(extent, max_block); b += ublock)
    if (std::fmod(extent, b) == 0 || b >= extent) options.push_back(b);
  if (options.empty()) return std::min(extent, ublock);
  return options[rng() % options.size()];
}

TEST(TimingModel, WithinVelaSanityBandForEveryMacConfiguration) {
  for (uint32_t macs : {32u, 64u, 128u, 256u}) {
    const VelaArch a = vela_arch(macs);
    timing::SystemConfig sys = *timing::system_preset("Ethos_U55_High_End_Embedded");
    const timing::TimingModel tm(NpuConfig{macs}, sys);
    std::mt19937 rng(macs);
    int checked = 0;
    double worst = 0;
    for (int i = 0; i < 400; ++i) {
      VOp v;
      v.kind = static_cast<VKind>(rng() % 5);
      const double u_h = a.ublock.h, u_w = a.ublock.w;
      v.ofm = {u_h * (1 + rng() % 16), u_w * (1 + rng() % 16), 8.0 * (1 + rng() % 8)};
      v.block = {pick_block(v.ofm.h, u_h, 32, rng), pick_block(v.ofm.w, u_w, 64, rng), pick_block(v.ofm.c, 8, 128, rng)};
      v.ifm_c = v.kind == VKind::kDepthwise || v.kind == VKind::kMaxPool ? v.ofm.c : 8.0 * (1 + rng() % 16);
      v.kh = 1 + rng() % 5;
      v.kw = 1 + rng() % 5;
      if (v.kind == VKind::kAddSub) v.kh = v.kw = 1;
      const double vela = vela_op_cycles(a, v);
      const timing::OpTiming t = tm.estimate(to_config(v), Traffic{});
      const double ours = static_cast<double>(t.compute);
      const double rel = std::abs(ours - vela) / vela;
      worst = std::max(worst, rel);
      EXPECT_LE(rel, 0.25) << "macs " << macs << " kind " << static_cast<int>(v.kind) << " ofm " << v.ofm.h << "x"
                           << v.ofm.w << "x" << v.ofm.c << " block " << v.block.h << "x" << v.block.w << "x"
                           << v.block.c << " ifm_c " << v.ifm_c << " k " << v.kh << "x" << v.kw << ": vela " << vela
                           << " ours " << ours;
      ++checked;
    }
    EXPECT_EQ(checked, 400);
    RecordProperty("worst_rel_macs_" + std::to_string(macs), std::to_string(worst));
  }
}

// The parts stay separate: a weight-heavy FC is bound by the weight stream, a big conv by MACs,
// a flash-resident copy by AXI1.
TEST(TimingModel, KeepsCostPartsSeparate) {
  const timing::TimingModel tm(NpuConfig{128}, *timing::system_preset("Ethos_U55_High_End_Embedded"));
  OperationConfig conv = to_config({VKind::kConvDepthFirst, {16, 16, 64}, {16, 16, 64}, 64, 3, 3});
  Traffic tr;
  tr.read[0] = 16 * 16 * 64;
  tr.write[0] = 16 * 16 * 64;
  const auto t = tm.estimate(conv, tr);
  EXPECT_GT(t.mac, 0u);
  EXPECT_GT(t.output, 0u);
  EXPECT_STREQ(t.bound, "compute");
  EXPECT_EQ(t.total, t.compute);
  Traffic flash;
  flash.read[1] = 100000;  // AXI1 at 1 B/cycle (High_End flash, vela.ini)
  OperationConfig dma;
  dma.kind = OpKind::kDma;
  const auto d = tm.estimate(dma, flash);
  EXPECT_EQ(d.axi1, 100000u + 64u);
  EXPECT_STREQ(d.bound, "axi1");
}

TEST(TimingModel, DeepEmbeddedFlashIsSlower) {
  const auto high = timing::system_preset("Ethos_U55_High_End_Embedded");
  const auto deep = timing::system_preset("Ethos_U55_Deep_Embedded");
  ASSERT_TRUE(high && deep);
  EXPECT_DOUBLE_EQ(high->axi1.bytes_per_cycle, 1.0);   // 0.125 x 8 B
  EXPECT_DOUBLE_EQ(deep->axi1.bytes_per_cycle, 0.5);   // 0.0625 x 8 B
  EXPECT_DOUBLE_EQ(high->axi0.bytes_per_cycle, 8.0);
  EXPECT_EQ(high->npu_clock_hz, 500e6);
  EXPECT_EQ(deep->npu_clock_hz, 200e6);
  EXPECT_FALSE(timing::system_preset("Nope"));
  // Memory modes: Shared_Sram puts region 0 on AXI1, Sram_Only on AXI0.
  EXPECT_EQ(timing::region_config_for(timing::MemoryMode::kSharedSram) & 3, 3u);
  EXPECT_EQ(timing::region_config_for(timing::MemoryMode::kSramOnly) & 3, 0u);
}

TEST(TimingModel, MoreMacsAreFasterOnBigConvolutions) {
  OperationConfig conv = to_config({VKind::kConvDepthFirst, {32, 32, 64}, {8, 16, 32}, 64, 3, 3});
  uint64_t prev = UINT64_MAX;
  for (uint32_t macs : {32u, 64u, 128u, 256u}) {
    const timing::TimingModel tm(NpuConfig{macs}, *timing::system_preset("Ethos_U55_High_End_Embedded"));
    const uint64_t c = tm.estimate(conv, Traffic{}).compute;
    EXPECT_LT(c, prev) << macs;
    prev = c;
  }
}

// num_macs moves a compute-bound block the documented way (Vela micro-blocks, AO tables). A
// 1x1 depth-first convolution block of 8x8x8 OFM elements, IFM depth 32 (one IFM block), 8-bit:
//   U55-128, micro-block 1x2x8: 8 x 4 x 1 micro-blocks, hw = 32; cycles_wb = 32·8/8 = 32;
//            max(32, 4·32 = 128) x 1 step x 1 = 128 MAC cycles; AO 0.5/element (outputCycles[7])
//            -> ceil(0.5 · 512) = 256.
//   U55-256, micro-block 2x2x8: 4 x 4 x 1, hw = 16: max(32, 64) = 64 MAC cycles; AO 0.25/element
//            -> 128. Twice the MACs, half the cycles of both parts.
//   U55-32,  micro-block 1x1x4: 8 x 8 x 2, hw = 64; cycles_wb = 32·4/8 = 16: max(16, 256) x 2 = 512;
//            AO 2/element -> 1024.
TEST(TimingModel, NumMacsScalesAComputeBoundBlockAsTheMicroBlocksSay) {
  OperationConfig conv = to_config({VKind::kConvDepthFirst, {8, 8, 8}, {8, 8, 8}, 32, 1, 1});
  struct Want { uint32_t macs; uint64_t mac; double ao_per_element; };
  for (const Want& w : {Want{128, 128, 0.5}, Want{256, 64, 0.25}, Want{32, 512, 2.0}}) {
    const timing::TimingModel tm(NpuConfig{w.macs}, *timing::system_preset("Ethos_U55_High_End_Embedded"));
    EXPECT_EQ(tm.mac_cycles_for_block(conv, 8, 8, 8), w.mac) << w.macs;
    EXPECT_DOUBLE_EQ(tm.output_cycles_per_element(conv), w.ao_per_element) << w.macs;
  }
  // A 1x2x8 block on U55-128 is one micro-block: weight-buffer bound, max(32, 4·1) = 32 plus the
  // accumulator delay 2·1 step = 34; of which the MACs compute max(0, 4) + 2 = 6 (MAC_ACTIVE).
  const timing::TimingModel u128(NpuConfig{128}, *timing::system_preset("Ethos_U55_High_End_Embedded"));
  EXPECT_EQ(u128.mac_cycles_for_block(conv, 1, 2, 8), 34u);
  EXPECT_EQ(u128.mac_cycles_for_block(conv, 1, 2, 8, /*weight_buffer_bound=*/false), 6u);
}

}  // namespace
}  // namespace corsim::npu
