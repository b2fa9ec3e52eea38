// U85 CONV, DEPTHWISE, FC and MatMul against the TFLite/TOSA host references on random shapes, at
// 128 and 2048 MACs (1 and 4 weight decoders), with SWD and FWD weights (raw, LUT4, LUT2, 2:4
// sparse). Streams from tools/model_compiler/u85_stream_encoder.h; weights in Vela's U85 order.
#include <gtest/gtest.h>

#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

uint32_t out_extent(uint32_t in, uint32_t pad_a, uint32_t pad_b, uint32_t keff, uint32_t stride) {
  return (in + pad_a + pad_b - keff) / stride + 1;
}
uint32_t used_pad(uint32_t in, uint32_t out, uint32_t pad_a, uint32_t keff, uint32_t stride) {
  const int64_t need = int64_t{out - 1} * stride + keff - pad_a - in;
  return need > 0 ? static_cast<uint32_t>(need) : 0;
}

enum class WeightKind { kSwd, kFwdRaw, kFwdLut, kFwdSparse };

struct ConvCase {
  bool depthwise = false;
  uint32_t macs = 128;
  WeightKind weights = WeightKind::kSwd;
  bool fc = false;
};

// Writes the weight streams for `W` and programs WEIGHT_FORMAT and WEIGHT*_BASE/LENGTH.
void put_weights(Rig& rig, U85StreamBuilder& sb, const std::vector<int32_t>& W, const enc::U85OrderParams& p,
                 WeightKind kind, uint32_t& at) {
  const bool fwd = kind != WeightKind::kSwd;
  sb.weight_format(fwd, kind == WeightKind::kFwdSparse);
  auto place = [&](const std::vector<uint8_t>& bytes, unsigned stream) {
    std::copy(bytes.begin(), bytes.end(), rig.bus.region(0).begin() + at);
    sb.weights(0, stream, at, static_cast<uint32_t>(bytes.size()));
    at += static_cast<uint32_t>((bytes.size() + 31) / 32 * 32);
  };
  if (!fwd) {
    for (uint32_t s = 0; s < p.streams; ++s) place(model_compiler::encode_mlw(enc::order_u85(W, p, s)), s);
    return;
  }
  std::vector<std::vector<int32_t>> per(p.streams);
  for (uint32_t s = 0; s < p.streams; ++s) per[s] = enc::order_u85(W, p, s);
  const auto seq = p.streams == 1 ? per[0] : enc::interleave_fwd(per, enc::fwd_block_size(p));
  place(enc::encode_fwd(seq, kind == WeightKind::kFwdLut ? 0 : 1), 0);
}

void run_conv_case(std::mt19937& rng, const ConvCase& cc, int iteration) {
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  const bool sparse = cc.weights == WeightKind::kFwdSparse;
  const uint32_t H = cc.fc ? 1 : pick(1, 9), W = cc.fc ? 1 : pick(1, 9);
  const uint32_t C = sparse ? 4 * pick(1, 40) : pick(1, 80);
  const uint32_t O = cc.depthwise ? C : pick(1, 70);
  // Kernels up to 10 wide/high cross the 8x8 sub-kernel split (EthosU85WeightOrdering).
  uint32_t kh = cc.fc ? 1 : pick(1, 3), kw = cc.fc ? 1 : pick(1, 3);
  if (!cc.fc && pick(0, 5) == 0) kw = pick(8, 10);
  const uint32_t sy = cc.fc ? 1 : pick(1, 2), sx = cc.fc ? 1 : pick(1, 2);
  const uint32_t pt = pick(0, kh - 1), pl = pick(0, kw - 1);
  const uint32_t pb_max = pick(0, kh - 1), pr_max = pick(0, kw - 1);
  if (H + pt + pb_max < kh || W + pl + pr_max < kw) return;
  const uint32_t oh = out_extent(H, pt, pb_max, kh, sy), ow = out_extent(W, pl, pr_max, kw, sx);
  const bool part_kernel = !cc.depthwise && !cc.fc && (rng() & 1);
  const uint32_t ub = ublock_depth(cc.macs);
  const uint32_t blk_d = ub << pick(0, 1);

  U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, static_cast<int32_t>(pick(0, 40)) - 20);
  U85Fm ofm = mem_fm(oh, ow, O, 8, random_layout(rng), align64(ifm.fm.bytes()), static_cast<int32_t>(pick(0, 40)) - 20);
  reference::Tensor in{H, W, C, random_values(rng, size_t{H} * W * C, -128, 127)};
  const size_t wcount = cc.depthwise ? size_t{C} * kh * kw : size_t{O} * kh * kw * C;
  std::vector<int32_t> Wt;
  switch (cc.weights) {
    case WeightKind::kFwdLut: {  // <= 16 distinct values (LUT4) or <= 4 (LUT2), padding zeros included
      const int n = pick(0, 1) ? 4 : 16;
      auto pal = random_values(rng, static_cast<size_t>(n), -255, 255);
      pal[0] = 0;
      Wt.resize(wcount);
      for (auto& w : Wt) w = pal[pick(0, static_cast<uint32_t>(n - 1))];
      break;
    }
    case WeightKind::kFwdRaw: {  // raw: any 256-value window, zero_adjust shifts it (FWD encoder)
      const int32_t lo = static_cast<int32_t>(pick(0, 255)) - 255;
      Wt = random_values(rng, wcount, lo, lo + 255);
      break;
    }
    case WeightKind::kFwdSparse: {  // 2:4: at least 2 zeros in every 4 IFM-consecutive weights
      Wt = random_values(rng, wcount, -127, 127);
      for (size_t g = 0; g + 3 < Wt.size(); g += 4) {
        const uint32_t z1 = pick(0, 3), z2 = (z1 + 1 + pick(0, 2)) % 4;
        Wt[g + z1] = 0;
        Wt[g + z2] = 0;
      }
      break;
    }
    default: Wt = random_values(rng, wcount, -255, 255); break;
  }
  std::vector<int64_t> bias(O);
  std::vector<int32_t> mult(O);
  std::vector<int> tshift(O);
  std::vector<uint32_t> nscale(O), nshift(O);
  std::uniform_real_distribution<double> sd(0.00005, 0.02);
  for (uint32_t o = 0; o < O; ++o) {
    bias[o] = static_cast<int64_t>(pick(0, 1 << 20)) - (1 << 19);
    reference::quantize_multiplier(sd(rng), mult[o], tshift[o]);
    nscale[o] = static_cast<uint32_t>(mult[o]);
    nshift[o] = static_cast<uint32_t>(31 - tshift[o]);
  }
  reference::ConvParams p;
  p.kh = kh; p.kw = kw; p.sy = sy; p.sx = sx; p.pad_top = pt; p.pad_left = pl;
  p.in_zp = ifm.fm.zp; p.out_zp = ofm.fm.zp;
  p.act_min = static_cast<int32_t>(pick(0, 20)) - 128;
  p.act_max = 127 - static_cast<int32_t>(pick(0, 20));
  const reference::Tensor ref = cc.depthwise ? reference::depthwise_per_channel(in, Wt, bias, mult, tshift, oh, ow, p)
                                             : reference::conv2d_per_channel(in, Wt, bias, mult, tshift, oh, ow, O, p);

  Rig rig(cc.macs);
  enc::put_fm(rig.bus.region(1), ifm.fm, in.v);
  enc::U85OrderParams op;
  op.traversal = cc.depthwise ? enc::U85OrderParams::kDepthwise
                 : part_kernel ? enc::U85OrderParams::kPartKernel
                               : enc::U85OrderParams::kDepthFirst;
  op.sparse = sparse;
  op.ofm_depth = O; op.ifm_depth = cc.depthwise ? 1 : C; op.kw = kw; op.kh = kh; op.sx = sx; op.sy = sy;
  op.ofm_block_depth = blk_d;
  op.ifm_block_depth = ifm_block_depth(part_kernel, 8, cc.macs, ub, sparse);
  op.ofm_ublock = ub; op.macs = cc.macs; op.streams = weight_decoders(cc.macs);
  U85StreamBuilder sb;
  uint32_t at = 0;
  put_weights(rig, sb, Wt, op, cc.weights, at);
  const auto scales = enc::scale_records(bias, nscale, nshift);
  std::copy(scales.begin(), scales.end(), rig.bus.region(0).begin() + at);
  sb.ifm(ifm);
  sb.ofm(ofm, 0);
  sb.kernel(kw, kh, sx, sy, part_kernel);
  sb.padding(pt, pl, used_pad(H, oh, pt, kh, sy), used_pad(W, ow, pl, kw, sx));
  sb.block(std::min(ow, 8u), std::min(oh, 4u), blk_d);
  sb.acc_format(0, microblock_field(cc.macs));
  sb.scales(0, at, static_cast<uint32_t>(scales.size()));
  sb.ofm_scale(1, 0, 0);  // round mode 0 (DOUBLE_SYMMETRIC) for the per-channel rescale (goldens)
  sb.activation(0, 0, false, p.act_min, p.act_max);
  sb.op(cc.depthwise ? 3 : 2);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error << " iteration " << iteration;
  EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref.v)
      << "iteration " << iteration << (cc.depthwise ? " depthwise" : " conv") << " macs " << cc.macs << " H" << H
      << " W" << W << " C" << C << " O" << O << " k" << kh << "x" << kw << " s" << sy << "," << sx << " pad " << pt
      << "," << pl << " part_kernel " << part_kernel << " weights " << static_cast<int>(cc.weights);
}

class U85Conv : public testing::TestWithParam<uint32_t> {};

// The DOUBLE_SYMMETRIC per-channel rescale equals TFLite ConvPerChannel (docs/npu.md Q1).
TEST_P(U85Conv, ConvWithSwdWeightsMatchesTflite) {
  std::mt19937 rng(100 + GetParam());
  for (int i = 0; i < 25; ++i) run_conv_case(rng, {false, GetParam(), WeightKind::kSwd}, i);
}
TEST_P(U85Conv, ConvWithFwdRawAndLutWeightsMatchesTflite) {
  std::mt19937 rng(200 + GetParam());
  for (int i = 0; i < 15; ++i) run_conv_case(rng, {false, GetParam(), WeightKind::kFwdRaw}, i);
  for (int i = 0; i < 15; ++i) run_conv_case(rng, {false, GetParam(), WeightKind::kFwdLut}, i);
}
TEST_P(U85Conv, ConvWithSparseFwdWeightsMatchesTflite) {
  std::mt19937 rng(300 + GetParam());
  for (int i = 0; i < 15; ++i) run_conv_case(rng, {false, GetParam(), WeightKind::kFwdSparse}, i);
}
TEST_P(U85Conv, DepthwiseMatchesTflite) {
  std::mt19937 rng(400 + GetParam());
  for (int i = 0; i < 25; ++i) run_conv_case(rng, {true, GetParam(), WeightKind::kSwd}, i);
}
TEST_P(U85Conv, FullyConnectedMatchesTflite) {
  std::mt19937 rng(500 + GetParam());
  for (int i = 0; i < 10; ++i) run_conv_case(rng, {false, GetParam(), WeightKind::kSwd, true}, i);
  for (int i = 0; i < 10; ++i) run_conv_case(rng, {false, GetParam(), WeightKind::kFwdRaw, true}, i);
}

// MatMul = CONV with weights_ifm2 (ethosu85_interface.h): IFM H x M x K, IFM2 the second matrix
// transposed by Vela to H x N x K (GraphIrOptimiser::RewriteMatmul), global OFM scale. Reference:
// TOSA MATMUL per H slice, then TOSA apply_scale_32 with double rounding.
TEST_P(U85Conv, MatMulMatchesTosa) {
  const uint32_t macs = GetParam();
  std::mt19937 rng(600 + macs);
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  for (int it = 0; it < 12; ++it) {
    const uint32_t Hb = pick(1, 3), M = pick(1, 9), K = pick(1, 40), N = pick(1, 30);
    const int32_t za = static_cast<int32_t>(pick(0, 20)) - 10, zb = static_cast<int32_t>(pick(0, 20)) - 10;
    const auto A = random_values(rng, size_t{Hb} * M * K, -128, 127);
    const auto B = random_values(rng, size_t{Hb} * K * N, -128, 127);  // per h: [K][N]
    std::vector<int32_t> Bt(B.size());  // IFM2: per h, [N][K]
    for (uint32_t h = 0; h < Hb; ++h)
      for (uint32_t k = 0; k < K; ++k)
        for (uint32_t n = 0; n < N; ++n) Bt[(size_t{h} * N + n) * K + k] = B[(size_t{h} * K + k) * N + n];
    int32_t m = 0;
    int sh = 0;
    reference::quantize_multiplier(std::uniform_real_distribution<double>(0.0001, 0.01)(rng), m, sh);
    const int32_t ozp = static_cast<int32_t>(pick(0, 20)) - 10;
    std::vector<int32_t> ref;
    for (uint32_t h = 0; h < Hb; ++h) {
      std::vector<int32_t> a(A.begin() + long(size_t{h} * M * K), A.begin() + long(size_t{h + 1} * M * K));
      std::vector<int32_t> b(B.begin() + long(size_t{h} * K * N), B.begin() + long(size_t{h + 1} * K * N));
      for (int64_t acc : reference::tosa_matmul(a, b, M, K, N, za, zb))
        ref.push_back(std::clamp<int32_t>(reference::tosa_apply_scale_32(acc, m, 31 - sh, true) + ozp, -128, 127));
    }
    Rig rig(macs);
    U85Fm ifm = mem_fm(Hb, M, K, 8, TLayout::kNhwc, 0, za);
    U85Fm ifm2 = mem_fm(Hb, N, K, 8, TLayout::kNhwc, align64(ifm.fm.bytes()), zb);
    U85Fm ofm = mem_fm(Hb, M, N, 8, random_layout(rng), align64(ifm2.fm.base + ifm2.fm.bytes()), ozp);
    enc::put_fm(rig.bus.region(1), ifm.fm, A);
    enc::put_fm(rig.bus.region(1), ifm2.fm, Bt);
    U85StreamBuilder sb;
    sb.ifm(ifm);
    sb.ifm2(ifm2);
    sb.ofm(ofm, 1);
    sb.kernel(1, 1, 1, 1, false);
    sb.padding(0, 0, 0, 0);
    sb.block(std::min(M, 8u), 1, ublock_depth(macs));
    sb.acc_format(0, microblock_field(macs));
    sb.ofm_scale(static_cast<uint32_t>(m), static_cast<uint32_t>(31 - sh), 0);
    sb.activation(0, 0, false, -128, 127);
    sb.op(2, 1);  // NPU_OP_CONV weights_ifm2
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it;
  }
}

// 128 and 2048 MACs (1 and 4 weight decoders), and 512 (2 decoders).
INSTANTIATE_TEST_SUITE_P(Macs, U85Conv, testing::Values(128u, 512u, 2048u));

}  // namespace
}  // namespace corsim::npu

namespace corsim::npu {
namespace {

using namespace u85test;

// ACC_FORMAT I48 with the Acc48 scale records (Vela U85 encoder: 48-bit bias, 15-bit scale, shift
// byte 8) on 8- and 16-bit IFMs with a 16-bit OFM, against TOSA CONV2D (int48 accumulators) +
// RESCALE with a 16-bit multiplier (apply_scale_16), i.e. OFM_SCALE round mode NATURAL.
class U85ConvI48 : public testing::TestWithParam<uint32_t> {};

TEST_P(U85ConvI48, Int48AccumulatorsAndAcc48RecordsMatchTosa) {
  const uint32_t macs = GetParam();
  std::mt19937 rng(700 + macs);
  auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
  for (int it = 0; it < 16; ++it) {
    const unsigned ibits = it % 2 ? 16 : 8;
    const uint32_t H = pick(1, 6), W = pick(1, 6), C = pick(1, 40), O = pick(1, 40);
    const uint32_t k = pick(1, 3);
    if (H < k || W < k) continue;
    const uint32_t oh = H - k + 1, ow = W - k + 1;
    const bool part_kernel = rng() & 1;
    const uint32_t ub = ublock_depth(macs);
    const int32_t lim = ibits == 8 ? 127 : 32767;
    U85Fm ifm = mem_fm(H, W, C, ibits, random_layout(rng), 0, ibits == 8 ? static_cast<int32_t>(pick(0, 20)) - 10 : 0);
    U85Fm ofm = mem_fm(oh, ow, O, 16, random_layout(rng), align64(ifm.fm.bytes()), 0);
    reference::Tensor in{H, W, C, random_values(rng, size_t{H} * W * C, -lim - 1, lim)};
    const auto Wt = random_values(rng, size_t{O} * k * k * C, -127, 127);
    std::vector<int64_t> bias(O);
    std::vector<uint32_t> scale(O), shift(O);
    for (uint32_t o = 0; o < O; ++o) {
      bias[o] = (static_cast<int64_t>(pick(0, 1 << 30)) - (1 << 29)) * (ibits == 16 ? 256 : 1);
      scale[o] = pick(1 << 13, (1 << 15) - 1);
      shift[o] = pick(ibits == 16 ? 30 : 22, ibits == 16 ? 40 : 30);
    }
    reference::ConvParams p;
    p.kh = p.kw = k;
    p.in_zp = ifm.fm.zp;
    const auto acc = reference::tosa_conv2d_acc(in, Wt, bias, oh, ow, O, p);
    std::vector<int32_t> ref(acc.size());
    for (size_t i = 0; i < acc.size(); ++i)
      ref[i] = std::clamp(reference::tosa_apply_scale_16(acc[i], static_cast<int32_t>(scale[i % O]),
                                                          static_cast<int>(shift[i % O])),
                          -32768, 32767);
    Rig rig(macs);
    enc::put_fm(rig.bus.region(1), ifm.fm, in.v);
    enc::U85OrderParams op;
    op.traversal = part_kernel ? enc::U85OrderParams::kPartKernel : enc::U85OrderParams::kDepthFirst;
    op.ofm_depth = O; op.ifm_depth = C; op.kw = k; op.kh = k;
    op.ofm_block_depth = ub;
    op.ifm_block_depth = ifm_block_depth(part_kernel, ibits, macs, ub, false);
    op.ifm_bits = ibits; op.ofm_ublock = ub; op.macs = macs; op.streams = weight_decoders(macs);
    U85StreamBuilder sb;
    sb.weight_format(false, false);
    uint32_t at = 0;
    for (uint32_t s = 0; s < op.streams; ++s) {
      const auto bytes = model_compiler::encode_mlw(enc::order_u85(Wt, op, s));
      std::copy(bytes.begin(), bytes.end(), rig.bus.region(0).begin() + at);
      sb.weights(0, s, at, static_cast<uint32_t>(bytes.size()));
      at += static_cast<uint32_t>((bytes.size() + 31) / 32 * 32);
    }
    const auto records = enc::scale_records(bias, scale, shift, true);
    std::copy(records.begin(), records.end(), rig.bus.region(0).begin() + at);
    sb.ifm(ifm);
    sb.ofm(ofm, 0);
    sb.kernel(k, k, 1, 1, part_kernel);
    sb.padding(0, 0, 0, 0);
    sb.block(std::min(ow, 8u), std::min(oh, 4u), ub);
    sb.acc_format(1, microblock_field(macs));  // I48
    sb.scales(0, at, static_cast<uint32_t>(records.size()));
    sb.ofm_scale(1, 0, 1);  // NATURAL
    sb.activation(0, 0, false, -32768, 32767);
    sb.op(2);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref)
        << "iteration " << it << " ifm bits " << ibits << " part_kernel " << part_kernel << " C" << C << " O" << O;
  }
}

INSTANTIATE_TEST_SUITE_P(Macs, U85ConvI48, testing::Values(128u, 2048u));

}  // namespace
}  // namespace corsim::npu
