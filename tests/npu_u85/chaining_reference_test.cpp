// U85 accumulator chaining (ACC_FORMAT acc_input / acc_output) against TOSA CONV2D, programmed
// the way VELA decomposes a convolution into MatMul steps (regor scheduler_decompose.cpp, the
// dynamic-weights convolution): a NullPool (POOL NONE) loads the int32 bias into the accumulators
// from IFM2 (acc_input IFM2, regor EthosU85RCSGenerator::GenerateAccFormat) with the output
// disabled (OFM storage NONE, GenerateOFMPrecision); then one MatMul (CONV weights_ifm2) per
// kernel element keeps the accumulators (acc_input KEEP), the output enabled on the last only.
// Each step's IFM is the input window shifted by (ky, kx), laid out densely by the test.
#include <gtest/gtest.h>

#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

class U85Chaining : public testing::TestWithParam<uint32_t> {};

uint32_t pick(std::mt19937& rng, uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); }

TEST_P(U85Chaining, MatMulStepsKeepingAccumulatorsMatchTosaConv2d) {
  const uint32_t macs = GetParam();
  std::mt19937 rng(2700 + macs);
  for (int it = 0; it < 10; ++it) {
    const uint32_t kh = pick(rng, 1, 3), kw = pick(rng, 1, 3);
    const uint32_t H = kh + pick(rng, 0, 4), W = kw + pick(rng, 0, 6), Ci = pick(rng, 1, 24), Co = pick(rng, 1, 20);
    const uint32_t OH = H - kh + 1, OW = W - kw + 1;
    const int32_t zi = static_cast<int32_t>(pick(rng, 0, 20)) - 10, zo = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const auto X = random_values(rng, size_t{H} * W * Ci, -128, 127);
    const auto Wt = random_values(rng, size_t{Co} * kh * kw * Ci, -127, 127);  // [o][ky][kx][i]
    const auto B32 = random_values(rng, Co, -20000, 20000);
    std::vector<int64_t> bias(B32.begin(), B32.end());
    int32_t m = 0;
    int sh = 0;
    reference::quantize_multiplier(std::uniform_real_distribution<double>(0.0005, 0.01)(rng), m, sh);

    reference::ConvParams p;
    p.kh = kh; p.kw = kw; p.in_zp = zi;
    const auto acc = reference::tosa_conv2d_acc(reference::Tensor{H, W, Ci, X}, Wt, bias, OH, OW, Co, p);
    std::vector<int32_t> ref;
    for (int64_t a : acc) ref.push_back(std::clamp<int32_t>(reference::tosa_apply_scale_32(a, m, 31 - sh, true) + zo, -128, 127));

    Rig rig(macs);
    auto& mem = rig.bus.region(1);
    uint64_t next = 0;
    auto place = [&](uint32_t h, uint32_t w, uint32_t c, unsigned bits, int32_t zp, const std::vector<int32_t>& v) {
      U85Fm f = mem_fm(h, w, c, bits, TLayout::kNhwc, next, zp);
      enc::put_fm(mem, f.fm, v);
      next = align64(next + f.fm.bytes());
      return f;
    };
    // The bias broadcast to the OFM shape (int32), as regor's broadcastBiasOp prepares it.
    std::vector<int32_t> bias_map(size_t{OH} * OW * Co);
    for (size_t i = 0; i < bias_map.size(); ++i) bias_map[i] = B32[i % Co];
    const U85Fm bias_fm = place(OH, OW, Co, 32, 0, bias_map);
    const U85Fm unused_ifm = place(OH, OW, Co, 8, 0, std::vector<int32_t>(size_t{OH} * OW * Co, 0));
    U85Fm ofm = mem_fm(OH, OW, Co, 8, random_layout(rng), next, zo);
    next = align64(next + ofm.fm.bytes());

    U85StreamBuilder sb;
    // 1. NullPool: accumulators = bias (from IFM2), nothing written.
    U85Fm none = ofm;
    none.storage = enc::Storage::kScalar;
    sb.ifm(unused_ifm);
    sb.ifm2(bias_fm);
    sb.ofm(none, 1);
    sb.kernel(1, 1, 1, 1, false);
    sb.padding(0, 0, 0, 0);
    sb.block(std::min(OW, 8u), 1, ublock_depth(macs));
    sb.acc_format(0, microblock_field(macs), 2, true);
    sb.ofm_scale(1, 0, 1);
    sb.activation(0, 0, true, 0, 0);
    sb.op(5, 4);
    // 2. One MatMul per kernel element, keeping the accumulators.
    for (uint32_t ky = 0; ky < kh; ++ky)
      for (uint32_t kx = 0; kx < kw; ++kx) {
        std::vector<int32_t> window(size_t{OH} * OW * Ci), weights(size_t{OH} * Co * Ci);
        for (uint32_t y = 0; y < OH; ++y)
          for (uint32_t x = 0; x < OW; ++x)
            for (uint32_t i = 0; i < Ci; ++i)
              window[(size_t{y} * OW + x) * Ci + i] = X[(size_t{y + ky} * W + x + kx) * Ci + i];
        for (uint32_t y = 0; y < OH; ++y)
          for (uint32_t o = 0; o < Co; ++o)
            for (uint32_t i = 0; i < Ci; ++i)
              weights[(size_t{y} * Co + o) * Ci + i] = Wt[((size_t{o} * kh + ky) * kw + kx) * Ci + i];
        const U85Fm a = place(OH, OW, Ci, 8, zi, window);
        const U85Fm b = place(OH, Co, Ci, 8, 0, weights);
        const bool last = ky == kh - 1 && kx == kw - 1;
        sb.ifm(a);
        sb.ifm2(b);
        sb.ofm(last ? ofm : none, 1);
        sb.kernel(1, 1, 1, 1, false);
        sb.padding(0, 0, 0, 0);
        sb.block(std::min(OW, 8u), 1, ublock_depth(macs));
        sb.acc_format(0, microblock_field(macs), 1, !last);
        sb.ofm_scale(static_cast<uint32_t>(m), static_cast<uint32_t>(31 - sh), 0);
        sb.activation(0, 0, false, -128, 127);
        sb.op(2, 1);  // NPU_OP_CONV weights_ifm2
      }
    ASSERT_LE(next, mem.size()) << "test data does not fit region 1";
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(mem, ofm.fm), ref) << "iteration " << it << " kernel " << kh << "x" << kw;
  }
}

// KEEP after an operation of another shape has nothing to keep: one line, a command error.
TEST_P(U85Chaining, KeepWithAnotherShapeIsRefused) {
  Rig rig(GetParam());
  auto& mem = rig.bus.region(1);
  const U85Fm in = mem_fm(2, 3, 4, 8, TLayout::kNhwc, 0, 0);
  const U85Fm out = mem_fm(2, 3, 4, 8, TLayout::kNhwc, 256, 0);
  const U85Fm other = mem_fm(1, 3, 4, 8, TLayout::kNhwc, 512, 0);
  enc::put_fm(mem, in.fm, std::vector<int32_t>(24, 1));
  U85StreamBuilder sb;
  for (const U85Fm* o : {&out, &other}) {
    sb.ifm(o == &out ? in : mem_fm(1, 3, 4, 8, TLayout::kNhwc, 0, 0));
    sb.ofm(*o, 1);
    sb.kernel(1, 1, 1, 1, false);
    sb.padding(0, 0, 0, 0);
    sb.block(1, 1, ublock_depth(GetParam()));
    sb.acc_format(0, microblock_field(GetParam()), o == &out ? 0 : 1, false);
    sb.ofm_scale(1, 0, 1);
    sb.activation(0, 0, false, -128, 127);
    sb.op(5, 3);  // SUM
  }
  const RunResult r = rig.run(sb);
  EXPECT_EQ(r.reason, StopReason::kParseError);
  EXPECT_NE(r.error.find("KEEP"), std::string::npos) << r.error;
}

// Chaining on an operation whose accumulators are not modelled (elementwise ADD), and OFM
// storage NONE with the output enabled: one line each, a command error.
TEST_P(U85Chaining, UnmodelledChainingIsRefused) {
  for (int variant = 0; variant < 2; ++variant) {
    Rig rig(GetParam());
    U85Fm a = mem_fm(1, 2, 3, 8, TLayout::kNhwc, 0, 0), out = mem_fm(1, 2, 3, 8, TLayout::kNhwc, 256, 0);
    if (variant == 1) out.storage = enc::Storage::kScalar;
    U85StreamBuilder sb;
    sb.ifm(a);
    sb.ifm2(a);
    sb.ofm(out, 1);
    sb.acc_format(0, microblock_field(GetParam()), variant == 0 ? 1 : 0, false);
    sb.ifm_scale(1, 0, 0);
    sb.ifm2_scale(1, 0, 0);
    sb.ofm_scale(1, 0, 0);
    sb.activation(0, 0, false, -128, 127);
    sb.op(6, 1);  // ADD
    const RunResult r = rig.run(sb);
    EXPECT_EQ(r.reason, StopReason::kParseError) << "variant " << variant;
    EXPECT_FALSE(r.error.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Macs, U85Chaining, testing::Values(128u, 2048u));

}  // namespace
}  // namespace corsim::npu
