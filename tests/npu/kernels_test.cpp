// Kernel behaviours not covered by the random reference sweeps: 32-bit elementwise (KWS softmax),
// LUTs loaded by DMA into SHRAM (Vela lutStart), tiles (generate_tiles), 16-bit and unsigned maps,
// REDUCE_SUM, IFM upscale, DMA. Expected values are computed here from the cited definitions.
#include <gtest/gtest.h>

#include <bit>

#include "npu/executor.h"
#include "npu/ops/rescale.h"
#include "npu/region_bus.h"
#include "reference/reference_ops.h"
#include "stream_builder.h"

#include <random>

namespace corsim::npu {
namespace {

using test::FmSpec;
using test::StreamBuilder;
using test::TLayout;

struct Rig {
  explicit Rig(uint32_t macs = 128) : ex(NpuConfig{macs}) {
    bus.region(0).assign(1 << 16, 0);
    bus.region(1).assign(1 << 16, 0);
  }
  RunResult run(StreamBuilder& sb) {
    sb.stop();
    return ex.run(sb.words, bus, bus.basep(), kDriverRegionCfg);
  }
  RegionBus bus;
  Executor ex;
};

// One elementwise op on 1x1xN maps; returns the OFM values.
std::vector<int32_t> ew(unsigned mode, const FmSpec& a, const std::vector<int32_t>& av, const FmSpec& b,
                        const std::vector<int32_t>& bv, FmSpec o, uint32_t scale, uint32_t shift, unsigned round,
                        int32_t lo = -32768, int32_t hi = 32767, unsigned scale_mode = 1) {
  Rig rig;
  FmSpec bb = b, oo = o;
  bb.base = 256;
  oo.base = 512;
  test::put_fm(rig.bus.region(1), a, av);
  test::put_fm(rig.bus.region(1), bb, bv);
  StreamBuilder sb;
  sb.ifm(a);
  sb.ifm2(bb);
  sb.ofm(oo, scale_mode, round);
  sb.ofm_scale(scale, shift);
  sb.cmd1(37, 1);
  sb.cmd1(38, 1);
  sb.activation(0, 0, lo, hi);
  sb.op(6, mode);
  const RunResult r = rig.run(sb);
  EXPECT_EQ(r.reason, StopReason::kStop) << r.error;
  return test::get_fm(rig.bus.region(1), oo);
}

FmSpec i32(uint32_t c, int32_t zp = 0) { return FmSpec{1, 1, c, 32, true, TLayout::kNhwc, 1, 0, zp}; }

// KWS golden: a 32-bit OFM gets no zero point and no ACTIVATION_MIN/MAX, only int32 saturation.
TEST(Kernels, Int32OfmIgnoresZeroPointAndActivationRange) {
  FmSpec o = i32(3, 34);
  const auto out = ew(1, i32(3), {1000000, -5, 7}, i32(3), {2000000, 3, 0}, o, 1, 0, 0, -94, 161);
  EXPECT_EQ(out, (std::vector<int32_t>{3000000, -2, 7}));
}

// KWS golden: ADD/SUB form the sum wider than 32 bits before the OFM scale: 1218957312 + 2147483647
// with scale (1, 1) gives 1683220480.
TEST(Kernels, AddSumIsWiderThan32Bits) {
  const auto out = ew(1, i32(1), {1218957312}, i32(1), {2147483647}, i32(1), 1, 1, 0);
  EXPECT_EQ(out[0], 1683220480);
  // Without a shift the result saturates to int32.
  EXPECT_EQ(ew(1, i32(1), {2147483647}, i32(1), {10}, i32(1), 1, 0, 0)[0], 2147483647);
}

// KWS golden: 32-bit MUL applies the OFM_SCALE shift with its round mode, not the multiplier.
TEST(Kernels, Mul32BitIgnoresMultiplierAppliesShift) {
  // (0x40000000, 31) is SaturatingRoundingDoublingHighMul's encoding: a*b / 2^31 rounded (DBL).
  const int64_t a = 1518500250, b = 1073741824;
  const auto out = ew(0, i32(1), {static_cast<int32_t>(a)}, i32(1), {static_cast<int32_t>(b)}, i32(1), 0x40000000, 31, 0);
  const int64_t p = a * b;
  EXPECT_EQ(out[0], static_cast<int32_t>((p + (int64_t{1} << 30)) >> 31));
  // (1, 0): plain product.
  EXPECT_EQ(ew(0, i32(1), {12345}, i32(1), {-4}, i32(1), 1, 0, 0)[0], -49380);
}

// 8-bit MUL applies the full OFM scale (rnnoise_INT8 golden): round((a-za)(b-zb) * m / 2^s) + zo.
TEST(Kernels, Mul8BitAppliesFullScale) {
  FmSpec a{1, 1, 1, 8, true, TLayout::kNhwc, 1, 0, 3};
  FmSpec b{1, 1, 1, 8, true, TLayout::kNhwc, 1, 0, -2};
  FmSpec o{1, 1, 1, 8, true, TLayout::kNhwc, 1, 0, 5};
  // (50-3)*(40+2) = 1974; * 0.01 (m = 0x51EB851F, s = 37 -> 1374389535/2^37) = 19.74 -> 20, + 5.
  const auto out = ew(0, a, {50}, b, {40}, o, 1374389535, 37, 0, -128, 127);
  EXPECT_EQ(out[0], 25);
}

TEST(Kernels, ShiftsAndClzOn32Bit) {
  // SHR with NATURAL rounding: 69022 >> 12 = 16.85 -> 17 (KWS softmax).
  EXPECT_EQ(ew(8, i32(1), {69022}, i32(1), {12}, i32(1), 1, 0, 2, 0, 0, 0)[0], 17);
  // SHR with TRUNCATE rounds toward zero: -69022 >> 12 -> -16.
  EXPECT_EQ(ew(8, i32(1), {-69022}, i32(1), {12}, i32(1), 1, 0, 1, 0, 0, 0)[0], -16);
  EXPECT_EQ(ew(9, i32(1), {3}, i32(1), {20}, i32(1), 1, 0, 0, 0, 0, 0)[0], 3 << 20);
  // CLZ of 821885 is 12 (KWS softmax).
  EXPECT_EQ(ew(7, i32(2), {821885, -1}, i32(2), {0, 0}, i32(2), 1, 0, 0, 0, 0, 0), (std::vector<int32_t>{12, 0}));
}

TEST(Kernels, AbsAndLeakyRelu) {
  FmSpec a{1, 1, 4, 8, true, TLayout::kNhwc, 1, 0, 0};
  FmSpec o{1, 1, 4, 8, true, TLayout::kNhwc, 1, 0, 0};
  EXPECT_EQ(ew(6, a, {-5, 5, -128, 0}, a, {0, 0, 0, 0}, o, 1, 0, 2, -128, 127),
            (std::vector<int32_t>{5, 5, 127, 0}));
  // LRELU: alpha = 0.25 as OFM_SCALE (1, 2): negative inputs scaled (NATURAL: -1.5 -> -1, half
  // up), positive pass (Vela GenerateScalingForElementwise).
  EXPECT_EQ(ew(5, a, {-8, 8, -6, 100}, a, {0, 0, 0, 0}, o, 1, 2, 2, -128, 127),
            (std::vector<int32_t>{-2, 8, -1, 100}));
}

// KWS golden: a TABLE_n activation indexes the table with (scaled + OFM zp) clamped to int8, + 128;
// the table is DMA'd into SHRAM at (SHRAM_KB - 2) x 1024 + 256 n (DMA0_DST_REGION 0x103).
TEST(Kernels, Int8LutLoadedByDmaIntoShram) {
  Rig rig;
  std::vector<uint8_t> table(256);
  for (int i = 0; i < 256; ++i) table[i] = static_cast<uint8_t>(255 - i);  // value(index) = -1 - (index - 128)... as int8
  std::copy(table.begin(), table.end(), rig.bus.region(0).begin() + 0x100);
  FmSpec a{1, 1, 4, 8, true, TLayout::kNhwc, 1, 0, 0};
  FmSpec b = a;
  b.base = 64;
  FmSpec o = a;
  o.base = 128;
  o.zp = 10;
  test::put_fm(rig.bus.region(1), a, {-128, 0, 100, 127});
  test::put_fm(rig.bus.region(1), b, {0, 0, 0, 0});
  StreamBuilder sb;
  const uint32_t slot = 1;
  sb.cmd0(0x130, 0);      // DMA0_SRC_REGION: region 0, external
  sb.cmd0(0x131, 0x103);  // DMA0_DST_REGION: internal (SHRAM)
  sb.cmd1(48, 0x100);
  sb.cmd1(49, (24 - 2) * 1024 + 256 * slot);
  sb.cmd1(50, 256);
  sb.op(16);
  sb.op(17, 0);  // DMA_WAIT
  sb.ifm(a);
  sb.ifm2(b);
  sb.ofm(o, 1, 0);
  sb.ofm_scale(1, 0);
  sb.cmd1(37, 1);
  sb.cmd1(38, 1);
  sb.activation(16 + slot, 0, -128, 127);
  sb.op(6, 1);  // ADD
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  auto expect = [&](int32_t v) {
    const int32_t idx = std::clamp(v + 10, -128, 127) + 128;
    return static_cast<int32_t>(static_cast<int8_t>(table[idx]));
  };
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o), (std::vector<int32_t>{expect(-128), expect(0), expect(100), expect(127)}));
}

// Vela lut.py int16 LUT: 512 uint32 entries (base | slope << 16) indexed by (x + 32768) >> 7 with a
// 7-bit interpolation fraction. Rounding +64 before >> 7 is docs/npu.md's Q4 decision (TFLite's).
TEST(Kernels, Int16LutInterpolates) {
  Rig rig;
  std::vector<uint8_t> table(2048);
  auto base_of = [](int i) { return static_cast<int16_t>(i * 100 - 25600); };
  for (int i = 0; i < 512; ++i) {
    const int16_t base = base_of(i);
    const int16_t slope = static_cast<int16_t>(base_of(i + 1) - base);
    const uint32_t e = uint32_t{static_cast<uint16_t>(base)} | uint32_t{static_cast<uint16_t>(slope)} << 16;
    for (int b = 0; b < 4; ++b) table[4 * i + b] = static_cast<uint8_t>(e >> (8 * b));
  }
  std::copy(table.begin(), table.end(), rig.bus.region(0).begin());
  FmSpec a{1, 1, 5, 16, true, TLayout::kNhwc, 1, 0, 0};
  FmSpec b = a;
  b.base = 64;
  FmSpec o = a;
  o.base = 128;
  const std::vector<int32_t> xs = {-32768, -32705, 0, 63, 32767};
  test::put_fm(rig.bus.region(1), a, xs);
  test::put_fm(rig.bus.region(1), b, {0, 0, 0, 0, 0});
  // The 2 KB table goes where TABLE_0 reads it: lut_base = (24 - 2) KB on U55-128.
  StreamBuilder sb;
  sb.cmd0(0x130, 0);
  sb.cmd0(0x131, 0x103);
  sb.cmd1(48, 0);
  sb.cmd1(49, (24 - 2) * 1024);
  sb.cmd1(50, 2048);
  sb.op(16);
  sb.ifm(a);
  sb.ifm2(b);
  sb.ofm(o, 1, 0);
  sb.ofm_scale(1, 0);
  sb.cmd1(37, 1);
  sb.cmd1(38, 1);
  sb.activation(16, 5, -32768, 32767);
  sb.op(6, 1);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  std::vector<int32_t> expect;
  for (int32_t x : xs) {
    const uint32_t u = static_cast<uint32_t>(x + 32768);
    const int i = static_cast<int>(u >> 7), frac = static_cast<int>(u & 0x7F);
    const int32_t slope = base_of(i + 1) - base_of(i);
    expect.push_back(std::clamp(base_of(i) + ((slope * frac + 64) >> 7), -32768, 32767));
  }
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o), expect);
}

// Vela generate_tiles: a 4x6 map split at width0 = 2, height0 = 1, height1 = 3 across four bases.
TEST(Kernels, FourTileFeatureMapIsReadByTheTileRule) {
  Rig rig;
  const uint32_t H = 4, W = 6, C = 3;
  const uint64_t bases[4] = {0x000, 0x100, 0x200, 0x300};
  const uint32_t width0 = 2, height0 = 1, height1 = 3;
  const uint64_t sx = C, sy = 16;  // NHWC elements, row stride 16 per tile
  std::vector<int32_t> values(H * W * C);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<int32_t>(i % 200) - 100;
  // Place each element at the tile generate_tiles' rule gives.
  for (uint32_t y = 0; y < H; ++y)
    for (uint32_t x = 0; x < W; ++x)
      for (uint32_t c = 0; c < C; ++c) {
        unsigned t;
        uint32_t ly = y, lx = x;
        if (x < width0) {
          t = y < height0 ? 0 : 2;
          if (t == 2) ly -= height0;
        } else {
          lx -= width0;
          t = y < height1 ? 1 : 3;
          if (t == 3) ly -= height1;
        }
        rig.bus.region(1)[bases[t] + ly * sy + lx * sx + c] = static_cast<uint8_t>(values[(y * W + x) * C + c]);
      }
  StreamBuilder sb;
  FmSpec o{H, W, C, 8, true, TLayout::kNhwc, 1, 0x800, 0};
  sb.cmd0(0x105, 1);
  sb.cmd0(0x109, 0);
  sb.cmd0(0x10A, width0 - 1);
  sb.cmd0(0x10B, height0 - 1);
  sb.cmd0(0x10C, height1 - 1);
  sb.cmd0(0x10F, 1);
  sb.cmd0(0x104, C - 1);
  for (unsigned t = 0; t < 4; ++t) sb.cmd1(static_cast<uint16_t>(t), static_cast<uint32_t>(bases[t]));
  sb.cmd1(4, static_cast<uint32_t>(sx));
  sb.cmd1(5, static_cast<uint32_t>(sy));
  sb.cmd1(6, 1);
  sb.ofm(o, 1, 0);
  sb.ofm_scale(1, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.padding(0, 0, 0, 0);
  sb.activation(0, 0, -128, 127);
  sb.op(5, 0);  // 1x1 MAX pool: a copy
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o), values);
}

// 16-bit signed IFM/OFM and an unsigned 8-bit map, through a 1x1 AVERAGE pool with unit scale
// (a copy with zero points): out = in - zp_in + zp_out.
TEST(Kernels, SixteenBitAndUnsignedMapsCopyThroughPool) {
  for (const auto& [bits, is_signed, zin, zout] : {std::tuple{16u, true, 100, -300}, std::tuple{8u, false, 128, 0}}) {
    Rig rig;
    FmSpec a{2, 3, 17, bits, is_signed, TLayout::kNhcwb16, 1, 0, zin};
    FmSpec o{2, 3, 17, bits, is_signed, TLayout::kNhwc, 1, 4096, zout};
    std::vector<int32_t> v(a.h * a.w * a.c);
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = is_signed ? static_cast<int32_t>(i * 331 % 60000) - 30000 : static_cast<int32_t>(i * 37 % 256);
    test::put_fm(rig.bus.region(1), a, v);
    StreamBuilder sb;
    sb.ifm(a);
    sb.ofm(o, 1, 2);
    sb.ofm_scale(1, 0);
    sb.kernel(1, 1, 1, 1, false);
    sb.padding(0, 0, 0, 0);
    const int32_t lo = is_signed ? -32768 : 0, hi = is_signed ? 32767 : 255;
    sb.activation(0, 0, lo, hi);
    sb.op(5, 1);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    std::vector<int32_t> expect(v.size());
    for (size_t i = 0; i < v.size(); ++i) expect[i] = std::clamp(v[i] - zin + zout, lo, hi);
    EXPECT_EQ(test::get_fm(rig.bus.region(1), o), expect) << bits;
  }
}

// KWS golden: REDUCE_SUM sums the kernel window over all IFM channels into a 1-deep OFM.
TEST(Kernels, ReduceSumOverChannels) {
  Rig rig;
  FmSpec a{1, 1, 12, 8, true, TLayout::kNhwc, 1, 0, 34};
  FmSpec o{1, 1, 1, 32, true, TLayout::kNhwc, 1, 64, 0};
  std::vector<int32_t> v = {-128, -100, 0, 34, 127, 5, 6, 7, 8, 9, 10, 11};
  test::put_fm(rig.bus.region(1), a, v);
  StreamBuilder sb;
  sb.ifm(a);
  sb.ofm(o, 1, 0);
  sb.ofm_scale(1, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.padding(0, 0, 0, 0);
  sb.activation(0, 0, -32768, 32767);
  sb.op(5, 2);
  ASSERT_EQ(rig.run(sb).reason, StopReason::kStop);
  int32_t sum = 0;
  for (int32_t x : v) sum += x - 34;
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o)[0], sum);
}

// IFM_UPSCALE nearest (ifm_upscale_mode 1): each IFM pixel repeated 2x2, via a 1x1 MAX pool.
TEST(Kernels, NearestUpscaleRepeatsPixels) {
  Rig rig;
  FmSpec a{2, 2, 1, 8, true, TLayout::kNhwc, 1, 0, 0};
  FmSpec o{4, 4, 1, 8, true, TLayout::kNhwc, 1, 64, 0};
  test::put_fm(rig.bus.region(1), a, {1, 2, 3, 4});
  StreamBuilder sb;
  sb.ifm(a);
  sb.cmd0(0x107, 1);
  sb.ofm(o, 0, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.padding(0, 0, 0, 0);
  sb.activation(0, 0, -128, 127);
  sb.op(5, 0);
  ASSERT_EQ(rig.run(sb).reason, StopReason::kStop);
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o),
            (std::vector<int32_t>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
}

// NPU_OP_IRQ raises an IRQ without stopping; DMA_WAIT, KERNEL_WAIT and PMU_MASK are accepted
// (sequential model: nothing is outstanding); STOP carries its mask (NPU_OP_STOP).
TEST(Kernels, IrqWaitsAndPmuMaskDoNotStopTheStream) {
  Rig rig;
  StreamBuilder sb;
  sb.op(1, 0x0002);  // NPU_OP_IRQ
  sb.op(17, 0);      // DMA_WAIT
  sb.op(18, 1);      // KERNEL_WAIT
  sb.op(19, 1);      // PMU_MASK
  sb.cmd0(0, 0x00F0);
  const RunResult r = rig.ex.run(sb.words, rig.bus, rig.bus.basep(), kDriverRegionCfg);
  EXPECT_EQ(r.reason, StopReason::kStop);
  EXPECT_EQ(r.irq_ops, 1u);
  EXPECT_EQ(r.stop_mask, 0x00F0);
  EXPECT_EQ(r.qread, 16u);
}

// Unsigned 16-bit maps (IFM/OFM precision 1, type 0), with zero points.
TEST(Kernels, Unsigned16BitMapCopy) {
  Rig rig;
  FmSpec a{1, 2, 3, 16, false, TLayout::kNhwc, 1, 0, 1000};
  FmSpec o{1, 2, 3, 16, false, TLayout::kNhcwb16, 1, 256, 0};
  test::put_fm(rig.bus.region(1), a, {0, 999, 1000, 1001, 40000, 65535});
  StreamBuilder sb;
  sb.ifm(a);
  sb.ofm(o, 1, 2);
  sb.ofm_scale(1, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.padding(0, 0, 0, 0);
  sb.activation(0, 0, 0, 0xFFFF);
  sb.op(5, 1);
  ASSERT_EQ(rig.run(sb).reason, StopReason::kStop);
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o), (std::vector<int32_t>{0, 0, 0, 1, 39000, 64535}));
}

// External DMA (Vela GenerateDMA): a byte copy from region 0 to region 1.
TEST(Kernels, ExternalDmaCopiesBytes) {
  Rig rig;
  for (int i = 0; i < 100; ++i) rig.bus.region(0)[0x40 + i] = static_cast<uint8_t>(i * 3);
  StreamBuilder sb;
  sb.cmd0(0x130, 0);
  sb.cmd0(0x131, 1);
  sb.cmd1(48, 0x40);
  sb.cmd1(49, 0x1000);
  sb.cmd1(50, 100);
  sb.op(16);
  sb.op(17, 0);
  ASSERT_EQ(rig.run(sb).reason, StopReason::kStop);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rig.bus.region(1)[0x1000 + i], static_cast<uint8_t>(i * 3));
}

// Q2 (advanced ADD with different input scales, scale_mode OPA_32/OPB_32): programmed the way
// Vela's advanced scaling does (OPA_SCALE = min * 2^20 / (2 max), OPB_SCALE = 0, OFM_SCALE =
// 2 max / (out * 2^20)), the result must agree with TFLite's reference quantized ADD (both inputs
// left-shifted by 20 and rescaled, MultiplyByQuantizedMultiplierSmallerThanOneExp) to within one
// LSB: the two place one rounding differently, so exact equality is not implied.
TEST(Kernels, AdvancedAddAgreesWithTfliteWithinOneLsb) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> sd(0.01, 0.2);
  int exact = 0, total = 0;
  for (int iter = 0; iter < 40; ++iter) {
    const double s1 = sd(rng), s2 = sd(rng), so = sd(rng) * 2;
    const int32_t z1 = static_cast<int32_t>(rng() % 40) - 20, z2 = static_cast<int32_t>(rng() % 40) - 20,
                  zo = static_cast<int32_t>(rng() % 40) - 20;
    const bool a_smaller = s1 < s2;
    const double mn = std::min(s1, s2), mx = std::max(s1, s2);
    int32_t in_m = 0, out_m = 0;
    int in_e = 0, out_e = 0;
    reference::quantize_multiplier(mn * (1 << 20) / (2 * mx), in_m, in_e);
    reference::quantize_multiplier(2 * mx / ((1 << 20) * so), out_m, out_e);
    // TFLite parameters.
    int32_t m1 = 0, m2 = 0, mo = 0;
    int e1 = 0, e2 = 0, eo = 0;
    reference::quantize_multiplier(s1 / (2 * mx), m1, e1);
    reference::quantize_multiplier(s2 / (2 * mx), m2, e2);
    reference::quantize_multiplier(2 * mx / ((1 << 20) * so), mo, eo);
    FmSpec a{1, 1, 64, 8, true, TLayout::kNhwc, 1, 0, z1};
    FmSpec b{1, 1, 64, 8, true, TLayout::kNhwc, 1, 256, z2};
    FmSpec o{1, 1, 64, 8, true, TLayout::kNhwc, 1, 512, zo};
    std::vector<int32_t> av(64), bv(64);
    for (int i = 0; i < 64; ++i) {
      av[i] = static_cast<int32_t>(rng() % 256) - 128;
      bv[i] = static_cast<int32_t>(rng() % 256) - 128;
    }
    Rig rig;
    test::put_fm(rig.bus.region(1), a, av);
    test::put_fm(rig.bus.region(1), b, bv);
    StreamBuilder sb;
    sb.ifm(a);
    // IFM_PRECISION scale_mode [25:24]: 1 = OPA_32 (scale A = IFM), 2 = OPB_32; round DBL.
    sb.cmd0(0x105, 1u | (a_smaller ? 1u : 2u) << 8);
    sb.ifm2(b);
    sb.ofm(o, 1, 0);
    sb.ofm_scale(static_cast<uint32_t>(out_m), static_cast<uint32_t>(31 - out_e));
    sb.cmd1(37, static_cast<uint32_t>(in_m), static_cast<uint32_t>(31 - in_e));
    sb.cmd1(38, 0);
    sb.activation(0, 0, -128, 127);
    sb.op(6, 1);
    ASSERT_EQ(rig.run(sb).reason, StopReason::kStop);
    const auto got = test::get_fm(rig.bus.region(1), o);
    for (int i = 0; i < 64; ++i) {
      const int32_t x1 = reference::multiply_by_quantized_multiplier(int64_t{av[i] - z1} * (1 << 20), m1, e1);
      const int32_t x2 = reference::multiply_by_quantized_multiplier(int64_t{bv[i] - z2} * (1 << 20), m2, e2);
      const int32_t ref = std::clamp(reference::multiply_by_quantized_multiplier(int64_t{x1} + x2, mo, eo) + zo, -128, 127);
      EXPECT_LE(std::abs(got[i] - ref), 1) << "iter " << iter << " i " << i;
      exact += got[i] == ref;
      ++total;
    }
  }
  EXPECT_GT(exact, total * 9 / 10);
}

}  // namespace
}  // namespace corsim::npu

namespace corsim::npu {
namespace {

// U55 ADD/SUB of 8- and 16-bit operands (elementwise.cpp computes them in 64 bits) against the
// operand-scaling rule written out here with the 128-bit rescale() (docs/npu.md Q2, Vela
// advanced_elementwise_add_sub_scale): scale modes 0 (OPA_OPB_16), 1 (OPA_32), 2 (OPB_32), operand
// order reversed or not, every U55 round mode, extreme scales (0, 2^32 - 1) and shifts (0, 63),
// zero points at the 16-bit limits.
// `vela_like`: OPA and OFM scales as Vela's advanced scaling makes them (a Q31 multiplier of 2^29
// to 2^31 with a shift of 30 to 40 for the scaled operand, 2^29 to 2^31 with 30 to 45 for the OFM):
// then every step stays on the Rescalers' exact 64-bit paths and elementwise.cpp takes its
// branch-free loop (add_sub_plain) in scale modes 1 and 2; the other cases mostly take the general
// one.
void check_small_add_sub(uint32_t seed, bool vela_like) {
  std::mt19937 rng(seed);
  const uint32_t scales[] = {0, 1, 0x40000000u, 0x7FFFFFFFu, 0xFFFFFFFFu};
  const uint32_t shifts[] = {0, 1, 20, 31, 32, 63};
  for (int iter = 0; iter < 60; ++iter) {
    const unsigned bits = rng() % 2 ? 8 : 16;
    const int32_t vmin = bits == 8 ? -128 : -32768, vmax = bits == 8 ? 127 : 32767;
    auto value = [&] { return vmin + static_cast<int32_t>(rng() % static_cast<uint32_t>(vmax - vmin + 1)); };
    auto zero_point = [&] { return rng() % 4 == 0 ? (rng() % 2 ? vmin : vmax) : value(); };
    const unsigned mode = rng() % 3, ew = rng() % 2 ? 1 : 2;  // ADD 1, SUB 2
    const bool reversed = rng() % 2;
    const unsigned ifm_round = rng() % 3, ofm_round = rng() % 3;
    uint32_t opa = rng() % 2 ? scales[rng() % 5] : static_cast<uint32_t>(rng());
    uint32_t opa_shift = rng() % 2 ? shifts[rng() % 6] : rng() % 64;
    const uint32_t opb = rng() % 0x10000;
    uint32_t ofm_scale = rng() % 2 ? scales[rng() % 5] : static_cast<uint32_t>(rng());
    uint32_t ofm_shift = rng() % 2 ? shifts[rng() % 6] : rng() % 64;
    if (vela_like) {
      opa = (1u << 29) + static_cast<uint32_t>(rng() % (3u << 29));
      opa_shift = 30 + rng() % 11;
      ofm_scale = (1u << 29) + static_cast<uint32_t>(rng() % (3u << 29));
      ofm_shift = 30 + rng() % 16;
    }
    FmSpec a{1, 1, 40, bits, true, TLayout::kNhwc, 1, 0, zero_point()};
    FmSpec b{1, 1, 40, bits, true, TLayout::kNhwc, 1, 256, zero_point()};
    FmSpec o{1, 1, 40, 16, true, TLayout::kNhwc, 1, 512, static_cast<int32_t>(rng() % 200) - 100};
    std::vector<int32_t> av(40), bv(40);
    for (int i = 0; i < 40; ++i) {
      av[i] = i < 2 ? (i ? vmax : vmin) : value();
      bv[i] = i < 2 ? (i ? vmin : vmax) : value();
    }
    Rig rig;
    test::put_fm(rig.bus.region(1), a, av);
    test::put_fm(rig.bus.region(1), b, bv);
    StreamBuilder sb;
    sb.ifm(a);
    // IFM_PRECISION: signed [0], precision [3:2], scale_mode [9:8], round [15:14] (ethosu55_interface.h).
    sb.cmd0(0x105, 1u | (bits == 8 ? 0u : 1u) << 2 | mode << 8 | ifm_round << 14);  // signed, 8 or 16 bit
    sb.ifm2(b);
    sb.ofm(o, 1, ofm_round);
    sb.ofm_scale(ofm_scale, ofm_shift);
    sb.cmd1(37, opa, opa_shift);
    sb.cmd1(38, opb);
    sb.cmd0(0x180, reversed ? 1u << 6 : 0u);  // IFM2_BROADCAST operand order
    sb.activation(0, 0, -32768, 32767);
    sb.op(6, ew);
    ASSERT_EQ(rig.run(sb).reason, StopReason::kStop);
    const auto got = test::get_fm(rig.bus.region(1), o);
    const unsigned lshift = bits == 8 ? 20 : 15;
    for (int i = 0; i < 40; ++i) {
      Int128 x = av[i] - a.zp, y = bv[i] - b.zp;
      if (reversed) std::swap(x, y);
      if (mode == 0) {
        x *= opa & 0xFFFF;
        y *= opb;
      } else {
        Int128& scaled = mode == 1 ? x : y;
        Int128& plain = mode == 1 ? y : x;
        scaled = rescale(scaled, opa, opa_shift, static_cast<RoundMode>(ifm_round));
        plain *= Int128{1} << (lshift - 1);
      }
      const int64_t v = rescale(ew == 1 ? x + y : x - y, ofm_scale, ofm_shift, static_cast<RoundMode>(ofm_round));
      ASSERT_EQ(got[i], std::clamp<Int128>(Int128{v} + o.zp, -32768, 32767))
          << "iter " << iter << " i " << i << " mode " << mode << " reversed " << reversed;
    }
  }
}

TEST(Kernels, SmallAddSubEqualsThe128BitRule) { check_small_add_sub(77, false); }
TEST(Kernels, SmallAddSubWithVelaScalesEqualsThe128BitRule) { check_small_add_sub(78, true); }

}  // namespace
}  // namespace corsim::npu
