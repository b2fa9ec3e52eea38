// Every NPU operation kind against the independent host references (tests/npu/reference/) on
// random shapes, layouts, strides, paddings and values. Streams are built with the test encoder
// (stream_builder.h); weights go through Vela's EthosUWeightOrdering and mlw_encode.c.
#include <gtest/gtest.h>

#include <random>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "reference/reference_ops.h"
#include "stream_builder.h"

namespace corsim::npu {
namespace {

using reference::ConvParams;
using reference::Tensor;
using test::FmSpec;
using test::StreamBuilder;
using test::TLayout;

struct Rig {
  explicit Rig(uint32_t macs = 128) : ex(NpuConfig{macs}) {
    bus.region(0).assign(1 << 20, 0);
    bus.region(1).assign(1 << 20, 0);
  }
  RunResult run(StreamBuilder& sb) {
    sb.stop();
    return ex.run(sb.words, bus, bus.basep(), kDriverRegionCfg);
  }
  RegionBus bus;
  Executor ex;
};

std::vector<int32_t> random_values(std::mt19937& rng, size_t n, int32_t lo, int32_t hi) {
  std::uniform_int_distribution<int32_t> d(lo, hi);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

uint32_t out_extent(uint32_t in, uint32_t pad_a, uint32_t pad_b, uint32_t keff, uint32_t stride) {
  return (in + pad_a + pad_b - keff) / stride + 1;
}
// The bottom/right padding the hardware needs so that the derived IFM extent equals `in`.
uint32_t used_pad(uint32_t in, uint32_t out, uint32_t pad_a, uint32_t keff, uint32_t stride) {
  const int64_t need = int64_t{out - 1} * stride + keff - pad_a - in;
  return need > 0 ? static_cast<uint32_t>(need) : 0;
}

TLayout random_layout(std::mt19937& rng) { return rng() & 1 ? TLayout::kNhcwb16 : TLayout::kNhwc; }

// The weights (Vela's order, uncompressed mlw) and the scale records in region 0, and the
// operation's WEIGHT and SCALE registers pointing at them.
void put_weights_and_scales(Rig& rig, StreamBuilder& sb, const std::vector<int32_t>& Wt, const test::OrderParams& op,
                            const std::vector<int64_t>& bias, const std::vector<uint32_t>& nscale,
                            const std::vector<uint32_t>& nshift) {
  const auto stream = test::encode_mlw_uncompressed(test::order_weights(Wt, op));
  const auto scales = test::scale_records(bias, nscale, nshift);
  const uint32_t scale_base = static_cast<uint32_t>((stream.size() + 15) / 16 * 16);
  ASSERT_LE(scale_base + scales.size(), rig.bus.region(0).size());
  std::copy(stream.begin(), stream.end(), rig.bus.region(0).begin());
  std::copy(scales.begin(), scales.end(), rig.bus.region(0).begin() + scale_base);
  sb.weights(0, 0, static_cast<uint32_t>(stream.size()));
  sb.scales(0, scale_base, static_cast<uint32_t>(scales.size()));
}

struct ConvCase {
  bool depthwise = false;
  uint32_t macs = 128;
  uint32_t min_hw = 1, max_hw = 10, max_c = 40;  // the random IFM extent
};

void run_conv_case(std::mt19937& rng, const ConvCase& cc, int iteration) {
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  const uint32_t H = pick(cc.min_hw, cc.max_hw), W = pick(cc.min_hw, cc.max_hw), C = pick(1, cc.max_c);
  const uint32_t O = cc.depthwise ? C : pick(1, cc.max_c);
  const uint32_t kh = pick(1, 4), kw = pick(1, 4), sy = pick(1, 3), sx = pick(1, 3);
  const uint32_t dy = (kh > 1 && pick(0, 3) == 0) ? 2 : 1, dx = (kw > 1 && pick(0, 3) == 0) ? 2 : 1;
  const uint32_t keh = (kh - 1) * dy + 1, kew = (kw - 1) * dx + 1;
  const uint32_t pt = pick(0, keh - 1), pl = pick(0, kew - 1);
  const uint32_t pb_max = pick(0, keh - 1), pr_max = pick(0, kew - 1);
  if (H + pt + pb_max < keh || W + pl + pr_max < kew) return;  // kernel does not fit
  const uint32_t oh = out_extent(H, pt, pb_max, keh, sy), ow = out_extent(W, pl, pr_max, kew, sx);
  const bool part_kernel = !cc.depthwise && (rng() & 1);
  const uint32_t blk_d = 8u << pick(0, 2);

  FmSpec ifm{H, W, C, 8, true, random_layout(rng), 1, 0, static_cast<int32_t>(pick(0, 40)) - 20};
  FmSpec ofm{oh, ow, O, 8, true, random_layout(rng), 1, 0, static_cast<int32_t>(pick(0, 40)) - 20};
  ofm.base = (ifm.bytes() + 63) / 64 * 64;
  Tensor in{H, W, C, random_values(rng, size_t{H} * W * C, -128, 127)};
  const size_t wcount = cc.depthwise ? size_t{C} * kh * kw : size_t{O} * kh * kw * C;
  std::vector<int32_t> Wt = random_values(rng, wcount, -255, 255);
  std::vector<int64_t> bias(O);
  std::vector<int32_t> mult(O);
  std::vector<int> tshift(O);
  std::vector<uint32_t> nscale(O), nshift(O);
  std::uniform_real_distribution<double> sd(0.00005, 0.02);
  for (uint32_t o = 0; o < O; ++o) {
    bias[o] = static_cast<int64_t>(pick(0, 1 << 20)) - (1 << 19);
    reference::quantize_multiplier(sd(rng), mult[o], tshift[o]);
    nscale[o] = static_cast<uint32_t>(mult[o]);
    nshift[o] = static_cast<uint32_t>(31 - tshift[o]);  // v = acc * m >> (31 - exponent)
  }
  ConvParams p;
  p.kh = kh; p.kw = kw; p.sy = sy; p.sx = sx; p.dy = dy; p.dx = dx; p.pad_top = pt; p.pad_left = pl;
  p.in_zp = ifm.zp; p.out_zp = ofm.zp;
  p.act_min = static_cast<int32_t>(pick(0, 20)) - 128;
  p.act_max = 127 - static_cast<int32_t>(pick(0, 20));
  const Tensor ref = cc.depthwise ? reference::depthwise_per_channel(in, Wt, bias, mult, tshift, oh, ow, p)
                                  : reference::conv2d_per_channel(in, Wt, bias, mult, tshift, oh, ow, O, p);

  Rig rig(cc.macs);
  test::put_fm(rig.bus.region(1), ifm, in.v);
  test::OrderParams op;
  op.depthwise = cc.depthwise; op.part_kernel = part_kernel; op.ofm_depth = O; op.ifm_depth = C;
  op.kw = kw; op.kh = kh; op.ofm_block_depth = blk_d; op.ofm_ublock = cc.macs == 32 ? 4 : 8;
  StreamBuilder sb;
  put_weights_and_scales(rig, sb, Wt, op, bias, nscale, nshift);
  sb.ifm(ifm);
  sb.ofm(ofm, 0, 0);
  sb.kernel(kw, kh, sx, sy, part_kernel, dx, dy);
  sb.padding(pt, pl, used_pad(H, oh, pt, keh, sy), used_pad(W, ow, pl, kew, sx));
  sb.block(std::min(ow, 8u), std::min(oh, 4u), blk_d);
  sb.activation(0, 0, p.act_min, p.act_max);
  sb.op(cc.depthwise ? 3 : 2);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(test::get_fm(rig.bus.region(1), ofm), ref.v)
      << "iteration " << iteration << (cc.depthwise ? " depthwise" : " conv") << " H" << H << " W" << W << " C" << C
      << " O" << O << " k" << kh << "x" << kw << " s" << sy << "," << sx << " d" << dy << "," << dx << " pad " << pt
      << "," << pl << " part_kernel " << part_kernel;
}

// docs/npu.md Q1 (regor Scale<T>): round mode DBL (0) with per-channel Q31 multipliers and shifts
// above 31 equals TFLite's MultiplyByQuantizedMultiplier. The reference is TFLite's ConvPerChannel.
TEST(OpsReference, ConvMatchesTflitePerChannelOnRandomShapes) {
  std::mt19937 rng(1234);
  for (int i = 0; i < 60; ++i) run_conv_case(rng, {false, 128}, i);
}

TEST(OpsReference, ConvOnEveryMacConfiguration) {
  std::mt19937 rng(77);
  for (uint32_t macs : {32u, 64u, 128u, 256u})
    for (int i = 0; i < 10; ++i) run_conv_case(rng, {false, macs}, i);
}

TEST(OpsReference, DepthwiseMatchesTflitePerChannelOnRandomShapes) {
  std::mt19937 rng(99);
  for (int i = 0; i < 60; ++i) run_conv_case(rng, {true, 128}, i);
}

// U55 convolutions with 8-bit IFMs run in bands of OFM rows (conv.cpp kBandElements, 16384
// elements): maps of 48-72 rows and columns with up to 32 channels span several bands, the last
// one partial, with padding and strides reaching across band edges.
TEST(OpsReference, ConvAndDepthwiseOverSeveralRowBandsMatchTflite) {
  std::mt19937 rng(2026);
  for (int i = 0; i < 6; ++i) {
    run_conv_case(rng, {false, 128, 48, 72, 32}, i);
    run_conv_case(rng, {true, 128, 48, 72, 32}, i);
  }
}

// The 32-bit accumulators of a U55 convolution with 8-bit IFM (conv.cpp) at their edge: one OFM
// pixel whose two channels' sums of products are exactly INT32_MAX and INT32_MIN (33028 taps of a
// 1x1 kernel over 33028 IFM channels, IFM zero point -128 so that x = ifm + 128 reaches 255,
// weights of 9 bits), with 40-bit biases of +-2^35 that take acc + bias far outside int32. The
// reference (TOSA CONV2D, int64 accumulators including the bias, then apply_scale_32 with double
// rounding, which round mode DBL is; chaining_reference_test.cpp) never narrows anything. The
// two channels' x lie outside the one-pass output stage's int32 bounds, so the general path runs.
TEST(OpsReference, ConvAtTheInt32AccumulatorEdgeWithA40BitBiasMatchesTheInt64Reference) {
  constexpr uint32_t kFull = 33025;  // 33025 x 255 x 255 = 2147450625
  constexpr uint32_t C = kFull + 3;
  std::vector<int32_t> x(C, 255), w0(C, 255), w1(C, -255);  // x = ifm - zp
  x[kFull] = 255, w0[kFull] = 129, w1[kFull] = -129;        // + 32895
  x[kFull + 1] = 127, w0[kFull + 1] = 1, w1[kFull + 1] = 0;  // + 127: channel 0 at 2^31 - 1
  x[kFull + 2] = 128, w0[kFull + 2] = 0, w1[kFull + 2] = -1; // - 128: channel 1 at -2^31
  int64_t sum0 = 0, sum1 = 0;
  for (uint32_t i = 0; i < C; ++i) sum0 += int64_t{x[i]} * w0[i], sum1 += int64_t{x[i]} * w1[i];
  ASSERT_EQ(sum0, INT32_MAX);
  ASSERT_EQ(sum1, INT32_MIN);

  const int32_t zp = -128;
  FmSpec ifm{1, 1, C, 8, true, TLayout::kNhwc, 1, 0, zp};
  FmSpec ofm{1, 1, 2, 8, true, TLayout::kNhwc, 1, 0, 3};
  ofm.base = (ifm.bytes() + 63) / 64 * 64;
  Tensor in{1, 1, C, std::vector<int32_t>(C)};
  for (uint32_t i = 0; i < C; ++i) in.v[i] = x[i] + zp;
  std::vector<int32_t> Wt(w0);
  Wt.insert(Wt.end(), w1.begin(), w1.end());  // [o][ky][kx][i]
  const std::vector<int64_t> bias = {int64_t{1} << 35, -(int64_t{1} << 35)};
  int32_t m = 0;
  int e = 0;
  reference::quantize_multiplier(2e-9, m, e);  // |x| ~ 3.65e10 -> about 73
  const std::vector<uint32_t> nscale = {static_cast<uint32_t>(m), static_cast<uint32_t>(m)};
  const std::vector<uint32_t> nshift(2, static_cast<uint32_t>(31 - e));
  ConvParams p;
  p.in_zp = zp;
  const auto acc = reference::tosa_conv2d_acc(in, Wt, bias, 1, 1, 2, p);
  ASSERT_EQ(acc[0], sum0 + bias[0]);
  std::vector<int32_t> ref;
  for (int64_t a : acc) ref.push_back(std::clamp<int32_t>(reference::tosa_apply_scale_32(a, m, 31 - e, true) + ofm.zp, -128, 127));
  EXPECT_GT(ref[0], 40);  // not clamped: the test sees the arithmetic
  EXPECT_LT(ref[1], -40);

  Rig rig;
  test::put_fm(rig.bus.region(1), ifm, in.v);
  test::OrderParams op;
  op.ofm_depth = 2; op.ifm_depth = C; op.kw = 1; op.kh = 1; op.ofm_block_depth = 8; op.ofm_ublock = 8;
  StreamBuilder sb;
  put_weights_and_scales(rig, sb, Wt, op, bias, nscale, nshift);
  sb.ifm(ifm);
  sb.ofm(ofm, 0, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.padding(0, 0, 0, 0);
  sb.block(1, 1, 8);
  sb.activation(0, 0, -128, 127);
  sb.op(2);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(test::get_fm(rig.bus.region(1), ofm), ref);
}

void run_pool_case(std::mt19937& rng, unsigned mode, bool padded, int iteration) {
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  const uint32_t H = pick(1, 9), W = pick(1, 9), C = pick(1, 35);
  const uint32_t kh = pick(1, 4), kw = pick(1, 4), sy = pick(1, 3), sx = pick(1, 3);
  const uint32_t pt = padded ? pick(0, kh - 1) : 0, pl = padded ? pick(0, kw - 1) : 0;
  const uint32_t pb = padded ? pick(0, kh - 1) : 0, pr = padded ? pick(0, kw - 1) : 0;
  if (H + pt + pb < kh || W + pl + pr < kw) return;
  const uint32_t oh = out_extent(H, pt, pb, kh, sy), ow = out_extent(W, pl, pr, kw, sx);
  const int32_t zp = static_cast<int32_t>(pick(0, 60)) - 30;
  FmSpec ifm{H, W, C, 8, true, random_layout(rng), 1, 0, zp};
  FmSpec ofm{oh, ow, C, 8, true, random_layout(rng), 1, 0, zp};
  ofm.base = (ifm.bytes() + 63) / 64 * 64;
  Tensor in{H, W, C, random_values(rng, size_t{H} * W * C, -128, 127)};
  ConvParams p;
  p.kh = kh; p.kw = kw; p.sy = sy; p.sx = sx; p.pad_top = pt; p.pad_left = pl; p.in_zp = zp; p.out_zp = zp;
  p.act_min = -128 + static_cast<int32_t>(pick(0, 10));
  p.act_max = 127 - static_cast<int32_t>(pick(0, 10));
  Tensor ref;
  Rig rig;
  test::put_fm(rig.bus.region(1), ifm, in.v);
  StreamBuilder sb;
  sb.ifm(ifm);
  unsigned scale_mode = 0;
  if (mode == 0) {
    ref = reference::max_pool(in, oh, ow, p);
  } else {
    ref = reference::tosa_avg_pool(in, oh, ow, p);
    if (!padded) {
      // Unpadded AVERAGE: scale_mode 1, OFM_SCALE = TOSA reciprocal_scale(k), NATURAL (U85).
      int32_t m = 0;
      int s = 0;
      reference::tosa_reciprocal_scale(kh * kw, m, s);
      sb.ofm_scale(static_cast<uint32_t>(m), static_cast<uint32_t>(s));
      scale_mode = 1;
    }
  }
  sb.ofm(ofm, scale_mode, 2);
  sb.kernel(kw, kh, sx, sy, false);
  sb.padding(pt, pl, used_pad(H, oh, pt, kh, sy), used_pad(W, ow, pl, kw, sx));
  sb.activation(0, 0, p.act_min, p.act_max);
  sb.op(5, mode);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(test::get_fm(rig.bus.region(1), ofm), ref.v)
      << "iteration " << iteration << " mode " << mode << " H" << H << " W" << W << " C" << C << " k" << kh << "x" << kw
      << " s" << sy << "," << sx << " pad " << pt << "," << pl << "," << pb << "," << pr;
}

TEST(OpsReference, MaxPoolMatchesTfliteOnRandomShapes) {
  std::mt19937 rng(5);
  for (int i = 0; i < 60; ++i) run_pool_case(rng, 0, true, i);
}

TEST(OpsReference, AveragePoolUnpaddedMatchesTosa) {
  std::mt19937 rng(6);
  for (int i = 0; i < 60; ++i) run_pool_case(rng, 1, false, i);
}

// Q3 (docs/npu.md, open on hardware): a padded AVERAGE pool with scale_mode 0 divides by the count
// of valid elements. Decision: TOSA AVG_POOL2D arithmetic (reciprocal_scale, natural rounding).
// This test pins the decision; no golden stream discriminates it.
TEST(OpsReference, AveragePoolPaddedUsesTosaValidCountDivision) {
  std::mt19937 rng(7);
  for (int i = 0; i < 60; ++i) run_pool_case(rng, 1, true, i);
}

struct EwCase {
  reference::EwOp op;
  unsigned mode;  // NPU_OP_ELEMENTWISE mode (elementwise_mode)
};

void run_ew_case(std::mt19937& rng, EwCase ec, int iteration) {
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  const uint32_t H = pick(1, 6), W = pick(1, 6), C = pick(1, 35);
  const bool bh = pick(0, 3) == 0, bw = pick(0, 3) == 0, bc = pick(0, 3) == 0;
  const bool scalar = pick(0, 5) == 0;
  const bool reversed = pick(0, 2) == 0;
  FmSpec a{H, W, C, 8, true, random_layout(rng), 1, 0, static_cast<int32_t>(pick(0, 40)) - 20};
  FmSpec b{bh ? 1 : H, bw ? 1 : W, bc ? 1 : C, 8, true, random_layout(rng), 1, 0, static_cast<int32_t>(pick(0, 40)) - 20};
  FmSpec o{H, W, C, 8, true, random_layout(rng), 1, 0, static_cast<int32_t>(pick(0, 40)) - 20};
  b.base = (a.bytes() + 63) / 64 * 64;
  o.base = b.base + (b.bytes() + 63) / 64 * 64;
  const auto av = random_values(rng, size_t{H} * W * C, -128, 127);
  const auto bv = random_values(rng, size_t{b.h} * b.w * b.c, -128, 127);
  const int32_t scalar_value = static_cast<int32_t>(pick(0, 255)) - 128;
  int32_t m = 0;
  int s = 0;
  const bool minmax = ec.op == reference::EwOp::kMin || ec.op == reference::EwOp::kMax;
  if (minmax) {
    m = 1 << 30;  // unit scale: Vela uses MIN/MAX only with equal quantisation
    s = 30;
    o.zp = a.zp;
    b.zp = a.zp;
  } else {
    int tfl_shift = 0;
    reference::quantize_multiplier(ec.op == reference::EwOp::kMul ? std::uniform_real_distribution<double>(0.001, 0.02)(rng)
                                                                  : std::uniform_real_distribution<double>(0.2, 0.9)(rng),
                                   m, tfl_shift);
    s = 31 - tfl_shift;
  }
  const int32_t lo = -128 + static_cast<int32_t>(pick(0, 10)), hi = 127 - static_cast<int32_t>(pick(0, 10));
  std::vector<int32_t> ref(av.size());
  size_t i = 0;
  for (uint32_t y = 0; y < H; ++y)
    for (uint32_t x = 0; x < W; ++x)
      for (uint32_t c = 0; c < C; ++c, ++i) {
        const int32_t bval = scalar ? scalar_value : bv[(size_t{bh ? 0 : y} * b.w + (bw ? 0 : x)) * b.c + (bc ? 0 : c)];
        ref[i] = reversed ? reference::tosa_binary(ec.op, bval, av[i], b.zp, a.zp, m, s, o.zp, lo, hi)
                          : reference::tosa_binary(ec.op, av[i], bval, a.zp, b.zp, m, s, o.zp, lo, hi);
      }
  Rig rig;
  test::put_fm(rig.bus.region(1), a, av);
  test::put_fm(rig.bus.region(1), b, bv);
  StreamBuilder sb;
  sb.ifm(a);
  sb.ifm2(b);
  sb.ofm(o, 1, 0);
  sb.ofm_scale(static_cast<uint32_t>(m), static_cast<uint32_t>(s));
  sb.cmd1(37, 1);  // OPA_SCALE = 1 (OPA_OPB_16, as in KWS)
  sb.cmd1(38, 1);  // OPB_SCALE = 1
  // IFM2_BROADCAST: H [16], W [17], C [18], operand order [22], scalar [23] (ethosu55_interface.h).
  sb.cmd0(0x180, (bh ? 1u : 0u) | (bw ? 2u : 0u) | (bc ? 4u : 0u) | (reversed ? 1u << 6 : 0u) | (scalar ? 1u << 7 : 0u));
  sb.cmd0(0x181, static_cast<uint32_t>(scalar_value));
  sb.activation(0, 0, lo, hi);
  sb.op(6, ec.mode);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(test::get_fm(rig.bus.region(1), o), ref)
      << "iteration " << iteration << " mode " << ec.mode << " " << H << "x" << W << "x" << C << " bcast " << bh << bw << bc
      << " scalar " << scalar << " reversed " << reversed;
}

TEST(OpsReference, ElementwiseAddSubMulMinMaxMatchTosaWithBroadcastAndScalar) {
  std::mt19937 rng(11);
  const EwCase cases[] = {{reference::EwOp::kAdd, 1}, {reference::EwOp::kSub, 2}, {reference::EwOp::kMul, 0},
                          {reference::EwOp::kMin, 3}, {reference::EwOp::kMax, 4}};
  for (const EwCase& ec : cases)
    for (int i = 0; i < 25; ++i) run_ew_case(rng, ec, i);
}

}  // namespace
}  // namespace corsim::npu
