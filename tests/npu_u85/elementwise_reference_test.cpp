// U85 ELEMENTWISE against TFLite/TOSA host references on random shapes at 128 and 2048 MACs:
// ADD/SUB with per-operand scales and dbl_rnd (8 and 16 bit), MUL, MIN/MAX, every int32 mode
// (shifts, DIV, compares, logical, CLZ, ABS, NOT), broadcast masks and scalar operands (storage
// NONE), the LUT RAM (S8->S8, S8->S32 tables loaded by DMA) and chaining.
#include <gtest/gtest.h>

#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

class U85Elementwise : public testing::TestWithParam<uint32_t> {};

uint32_t pick(std::mt19937& rng, uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); }
int32_t zp8(std::mt19937& rng) { return static_cast<int32_t>(pick(rng, 0, 40)) - 20; }

// The value of operand `v` (h x w x c, possibly broadcast) at (y, x, c) of the output.
int32_t bcast(const std::vector<int32_t>& v, uint32_t h, uint32_t w, uint32_t c, uint32_t y, uint32_t x, uint32_t ch) {
  return v[(size_t{std::min(y, h - 1)} * w + std::min(x, w - 1)) * c + std::min(ch, c - 1)];
}

// TFLite reference ADD/SUB (tensorflow/lite/kernels/internal/reference/add.h): operands offset,
// shifted left by `left` (20 for int8, 15 for int16), each scaled by
// MultiplyByQuantizedMultiplierSmallerThanOneExp, summed, scaled to the output, offset, clamped.
struct TfliteAddParams {
  int32_t m1, m2, mo;
  int s1, s2, so;
  int left;
};
TfliteAddParams tflite_add_params(std::mt19937& rng, int left) {
  std::uniform_real_distribution<double> sd(0.002, 0.2);
  const double in1 = sd(rng), in2 = sd(rng), out = sd(rng) * 2;
  const double mx = 2 * std::max(in1, in2);
  TfliteAddParams p{};
  p.left = left;
  reference::quantize_multiplier(in1 / mx, p.m1, p.s1);
  reference::quantize_multiplier(in2 / mx, p.m2, p.s2);
  reference::quantize_multiplier(mx / ((1 << left) * out), p.mo, p.so);
  return p;
}
int32_t tflite_add(const TfliteAddParams& p, int32_t a, int32_t b, bool sub, int32_t lo, int32_t hi, int32_t zo) {
  const int32_t sa = reference::multiply_by_quantized_multiplier(int64_t{a} * (1 << p.left), p.m1, p.s1);
  const int32_t sb = reference::multiply_by_quantized_multiplier(int64_t{b} * (1 << p.left), p.m2, p.s2);
  const int32_t raw = reference::multiply_by_quantized_multiplier(sub ? int64_t{sa} - sb : int64_t{sa} + sb, p.mo, p.so);
  return std::clamp(raw + zo, lo, hi);
}

// ADD/SUB: IFM_SCALE/IFM2_SCALE hold the TFLite operand multipliers with the left shift folded
// into the shift and dbl_rnd = left (VELA GenerateScalingForElementwise).
void run_add_case(std::mt19937& rng, uint32_t macs, unsigned bits, int it) {
  const uint32_t H = pick(rng, 1, 6), W = pick(rng, 1, 7), C = pick(rng, 1, 40);
  const bool sub = rng() & 1;
  const unsigned mask = pick(rng, 0, 7);  // IFM2 broadcast H/W/C
  const uint32_t h2 = mask & 1 ? 1 : H, w2 = mask & 2 ? 1 : W, c2 = mask & 4 ? 1 : C;
  const int left = bits == 8 ? 20 : 15;
  const int32_t lo = bits == 8 ? -128 : -32768, hi = -lo - 1;
  const int32_t za = bits == 8 ? zp8(rng) : 0, zb = bits == 8 ? zp8(rng) : 0, zo = bits == 8 ? zp8(rng) : 0;
  const TfliteAddParams tp = tflite_add_params(rng, left);
  const auto A = random_values(rng, size_t{H} * W * C, lo, hi), B = random_values(rng, size_t{h2} * w2 * c2, lo, hi);
  const int32_t amin = lo + static_cast<int32_t>(pick(rng, 0, 10)), amax = hi - static_cast<int32_t>(pick(rng, 0, 10));
  std::vector<int32_t> ref;
  for (uint32_t y = 0; y < H; ++y)
    for (uint32_t x = 0; x < W; ++x)
      for (uint32_t c = 0; c < C; ++c)
        ref.push_back(tflite_add(tp, A[(size_t{y} * W + x) * C + c] - za, bcast(B, h2, w2, c2, y, x, c) - zb, sub, amin, amax, zo));
  Rig rig(macs);
  U85Fm ifm = mem_fm(H, W, C, bits, random_layout(rng), 0, za);
  U85Fm ifm2 = mem_fm(h2, w2, c2, bits, TLayout::kNhwc, align64(ifm.fm.bytes()), zb);
  ifm2.broadcast = mask;
  U85Fm ofm = mem_fm(H, W, C, bits, random_layout(rng), align64(ifm2.fm.base + ifm2.fm.bytes()), zo);
  enc::put_fm(rig.bus.region(1), ifm.fm, A);
  enc::put_fm(rig.bus.region(1), ifm2.fm, B);
  U85StreamBuilder sb;
  sb.ifm(ifm);
  sb.ifm2(ifm2);
  sb.ofm(ofm, 1);
  sb.ifm_scale(static_cast<uint32_t>(tp.m1), static_cast<uint32_t>(31 - tp.s1 - left), 0, static_cast<unsigned>(left));
  sb.ifm2_scale(static_cast<uint32_t>(tp.m2), static_cast<uint32_t>(31 - tp.s2 - left), 0, static_cast<unsigned>(left));
  sb.ofm_scale(static_cast<uint32_t>(tp.mo), static_cast<uint32_t>(31 - tp.so), 0);
  sb.activation(0, 0, false, amin, amax);
  sb.op(6, sub ? 2 : 1);
  const RunResult r = rig.run(sb);
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it << " bits " << bits << " mask " << mask;
}

TEST_P(U85Elementwise, AddSubMatchTfliteWithBroadcastAt8And16Bit) {
  std::mt19937 rng(1000 + GetParam());
  for (int i = 0; i < 30; ++i) run_add_case(rng, GetParam(), 8, i);
  for (int i = 0; i < 15; ++i) run_add_case(rng, GetParam(), 16, i);
}

// MUL (int8): a·b then the full OFM_SCALE, as TOSA MUL + RESCALE with double rounding (rnnoise_INT8
// golden). MIN/MAX: the compare on (x - zp), then the OFM scale (unit here).
TEST_P(U85Elementwise, MulMinMaxMatchTosa) {
  std::mt19937 rng(1100 + GetParam());
  for (int it = 0; it < 30; ++it) {
    const uint32_t H = pick(rng, 1, 5), W = pick(rng, 1, 6), C = pick(rng, 1, 30);
    const unsigned mode = std::array<unsigned, 3>{0, 3, 4}[pick(rng, 0, 2)];
    const int32_t za = zp8(rng), zb = zp8(rng), zo = zp8(rng);
    int32_t m = 1 << 30;
    int sh = 1;  // unit: 2^30 >> 30
    if (mode == 0) reference::quantize_multiplier(std::uniform_real_distribution<double>(0.0005, 0.02)(rng), m, sh);
    const int shift = 31 - sh;
    const auto A = random_values(rng, size_t{H} * W * C, -128, 127), B = random_values(rng, A.size(), -128, 127);
    const auto op = mode == 0 ? reference::EwOp::kMul : mode == 3 ? reference::EwOp::kMin : reference::EwOp::kMax;
    std::vector<int32_t> ref;
    for (size_t i = 0; i < A.size(); ++i) ref.push_back(reference::tosa_binary(op, A[i], B[i], za, zb, m, shift, zo, -128, 127));
    Rig rig(GetParam());
    U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, za);
    U85Fm ifm2 = mem_fm(H, W, C, 8, random_layout(rng), align64(ifm.fm.bytes()), zb);
    U85Fm ofm = mem_fm(H, W, C, 8, random_layout(rng), align64(ifm2.fm.base + ifm2.fm.bytes()), zo);
    enc::put_fm(rig.bus.region(1), ifm.fm, A);
    enc::put_fm(rig.bus.region(1), ifm2.fm, B);
    U85StreamBuilder sb;
    sb.ifm(ifm);
    sb.ifm2(ifm2);
    sb.ofm(ofm, 1);
    sb.ifm_scale(1, 0, 0);
    sb.ifm2_scale(1, 0, 0);
    sb.ofm_scale(static_cast<uint32_t>(m), static_cast<uint32_t>(shift), 0);
    sb.activation(0, 0, false, -128, 127);
    sb.op(6, mode);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it << " mode " << mode;
  }
}

struct IntMode {
  unsigned npu;
  reference::IntOp ref;
  bool unary, boolean, shift;
};

// Every int32 mode on 32-bit maps (zero points 0, unit scales, ACTIVATION clip off) against the
// TOSA int32 operators. Compares produce Vela's internal boolean -1/0 (VELA
// GraphIrOptimiser::ConvertBool8Tensors) for TOSA's true/false.
TEST_P(U85Elementwise, Int32ModesMatchTosa) {
  using reference::IntOp;
  const IntMode modes[] = {
      {8, IntOp::kAsrRound, false, false, true}, {9, IntOp::kShl, false, false, true},
      {10, IntOp::kLsr, false, false, true},     {11, IntOp::kDiv, false, false, false},
      {16, IntOp::kEq, false, true, false},      {17, IntOp::kNe, false, true, false},
      {18, IntOp::kGe, false, true, false},      {19, IntOp::kGt, false, true, false},
      {33, IntOp::kAnd, false, false, false},    {34, IntOp::kOr, false, false, false},
      {35, IntOp::kXor, false, false, false},    {42, IntOp::kAndNot, false, false, false},
      {3, IntOp::kMin, false, false, false},     {4, IntOp::kMax, false, false, false},
      {36, IntOp::kNot, true, false, false},     {7, IntOp::kClz, true, false, false},
      {6, IntOp::kAbs, true, false, false},
  };
  std::mt19937 rng(1200 + GetParam());
  for (const IntMode& md : modes) {
    for (int it = 0; it < 4; ++it) {
      const uint32_t H = pick(rng, 1, 4), W = pick(rng, 1, 5), C = pick(rng, 1, 20);
      auto A = random_values(rng, size_t{H} * W * C, INT32_MIN + 1, INT32_MAX);
      auto B = md.shift ? random_values(rng, A.size(), 0, 31) : random_values(rng, A.size(), INT32_MIN + 1, INT32_MAX);
      if (md.npu == 11) for (auto& b : B) b = (b >> pick(rng, 0, 30)) | 1;  // varied magnitudes, non-zero
      if (md.npu >= 16 && md.npu <= 19) for (size_t i = 0; i < A.size(); i += 3) B[i] = A[i];  // some ties
      if (md.npu == 7) for (auto& a : A) a >>= pick(rng, 0, 31);  // varied leading zeros
      if (md.npu == 9) for (auto& a : A) a >>= 16;  // SHL results that stay in range
      std::vector<int32_t> ref;
      for (size_t i = 0; i < A.size(); ++i) {
        const int32_t v = reference::tosa_int32(md.ref, A[i], md.unary ? 0 : B[i]);
        ref.push_back(md.boolean ? (v ? -1 : 0) : v);
      }
      if (md.npu == 9)  // SHL saturates to int32 (KWS: plain left shift, OFM type clamp)
        for (size_t i = 0; i < A.size(); ++i)
          ref[i] = static_cast<int32_t>(std::clamp<int64_t>(int64_t{A[i]} * (int64_t{1} << B[i]), INT32_MIN, INT32_MAX));
      Rig rig(GetParam());
      U85Fm ifm = mem_fm(H, W, C, 32, random_layout(rng), 0, 0);
      U85Fm ifm2 = mem_fm(H, W, C, 32, TLayout::kNhwc, align64(ifm.fm.bytes()), 0);
      U85Fm ofm = mem_fm(H, W, C, 32, random_layout(rng), align64(ifm2.fm.base + ifm2.fm.bytes()), 0);
      enc::put_fm(rig.bus.region(1), ifm.fm, A);
      enc::put_fm(rig.bus.region(1), ifm2.fm, B);
      U85StreamBuilder sb;
      sb.ifm(ifm);
      if (!md.unary) sb.ifm2(ifm2);
      sb.ofm(ofm, 1);
      sb.ifm_scale(1, 0, 0);
      sb.ifm2_scale(1, 0, 0);
      sb.ofm_scale(1, 0, 1);  // NATURAL: the SHR rounding (U85 goldens)
      sb.activation(0, 0, true, -32768, -1);  // clip off, as Vela programs 32-bit SHR/SHL/CLZ
      sb.op(6, md.npu);
      const RunResult r = rig.run(sb);
      ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
      EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "mode " << md.npu << " iteration " << it;
    }
  }
}

// Storage NONE operands (U85 goldens): either operand may be the 32-bit OP_SCALAR (here 35 -
// CLZ-like SUB with the scalar as IFM, and ADD with the scalar as IFM2).
TEST_P(U85Elementwise, ScalarOperandsOnEitherSide) {
  std::mt19937 rng(1300 + GetParam());
  for (int it = 0; it < 10; ++it) {
    const uint32_t H = pick(rng, 1, 4), W = pick(rng, 1, 5), C = pick(rng, 1, 20);
    const bool scalar_first = rng() & 1;
    const int32_t s = static_cast<int32_t>(pick(rng, 0, 2000)) - 1000;
    const auto X = random_values(rng, size_t{H} * W * C, -100000, 100000);
    std::vector<int32_t> ref;
    for (int32_t x : X) ref.push_back(scalar_first ? s - x : x + s);
    Rig rig(GetParam());
    U85Fm mem = mem_fm(H, W, C, 32, random_layout(rng), 0, 0);
    U85Fm scalar = mem_fm(1, 1, 1, 32, TLayout::kNhwc, 0, 0);
    scalar.storage = enc::Storage::kScalar;
    scalar.broadcast = 8;
    U85Fm ofm = mem_fm(H, W, C, 32, TLayout::kNhwc, align64(mem.fm.bytes()), 0);
    enc::put_fm(rig.bus.region(1), mem.fm, X);
    U85StreamBuilder sb;
    sb.ifm(scalar_first ? scalar : mem);
    sb.ifm2(scalar_first ? mem : scalar);
    sb.op_scalar(s);
    sb.ofm(ofm, 1);
    sb.ifm_scale(1, 0, 0);
    sb.ifm2_scale(1, 0, 0);
    sb.ofm_scale(1, 0, 0);
    sb.activation(0, 0, true, 0, 0);
    sb.op(6, scalar_first ? 2 : 1);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it;
  }
}

// LUT RAM (Vela _lutRam; goldens): a table DMA'd to offset table x size; the index is the scaled
// value + OFM zero point, clamped (ACTIVATION_MIN/MAX when clip is on), + 128; S8->S8, S8->S32.
TEST_P(U85Elementwise, LutTablesMatchTosaTable) {
  std::mt19937 rng(1400 + GetParam());
  for (int it = 0; it < 12; ++it) {
    const bool wide = it % 2;  // S8->S32 : S8->S8
    const uint32_t slot = wide ? pick(rng, 0, 1) : pick(rng, 0, 7);
    const uint32_t H = pick(rng, 1, 4), W = pick(rng, 1, 5), C = pick(rng, 1, 20);
    const auto table = wide ? random_values(rng, 256, INT32_MIN, INT32_MAX) : random_values(rng, 256, -128, 127);
    const int32_t za = zp8(rng), zb = zp8(rng), zo = zp8(rng);
    const TfliteAddParams tp = tflite_add_params(rng, 20);
    const auto A = random_values(rng, size_t{H} * W * C, -128, 127), B = random_values(rng, A.size(), -128, 127);
    std::vector<int32_t> ref;
    for (size_t i = 0; i < A.size(); ++i)
      ref.push_back(reference::tosa_table8(table, tflite_add(tp, A[i] - za, B[i] - zb, false, -128, 127, zo)));
    Rig rig(GetParam());
    std::vector<uint8_t> bytes;
    for (int32_t t : table)
      for (int b = 0; b < (wide ? 4 : 1); ++b) bytes.push_back(static_cast<uint8_t>(static_cast<uint32_t>(t) >> (8 * b)));
    const uint32_t lut_at = 0x8000;
    std::copy(bytes.begin(), bytes.end(), rig.bus.region(0).begin() + lut_at);
    U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, za);
    U85Fm ifm2 = mem_fm(H, W, C, 8, TLayout::kNhwc, align64(ifm.fm.bytes()), zb);
    U85Fm ofm = mem_fm(H, W, C, wide ? 32 : 8, TLayout::kNhwc, align64(ifm2.fm.base + ifm2.fm.bytes()), zo);
    enc::put_fm(rig.bus.region(1), ifm.fm, A);
    enc::put_fm(rig.bus.region(1), ifm2.fm, B);
    U85StreamBuilder sb;
    // DMA0_DST_REGION 0x103 = region field 3 + internal bit (Vela); DST = byte offset in LUT RAM.
    sb.dma(0, lut_at, 0x103, slot * static_cast<uint32_t>(bytes.size()), static_cast<uint32_t>(bytes.size()));
    sb.ifm(ifm);
    sb.ifm2(ifm2);
    sb.ofm(ofm, 1);
    sb.ifm_scale(static_cast<uint32_t>(tp.m1), static_cast<uint32_t>(11 - tp.s1), 0, 20);
    sb.ifm2_scale(static_cast<uint32_t>(tp.m2), static_cast<uint32_t>(11 - tp.s2), 0, 20);
    sb.ofm_scale(static_cast<uint32_t>(tp.mo), static_cast<uint32_t>(31 - tp.so), 0);
    sb.activation(wide ? 7 : 4, slot, false, -128, 127);
    sb.op(6, 1);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it << " slot " << slot;
  }
}

// A table DMA'd to LUT RAM in 2-D or 3-D mode (DMA0_SIZE0/1, strides; region_mode internal):
// the 256 bytes come as 64-byte rows scattered in memory (source strides with gaps), placed in
// table order in the LUT RAM. Checked through the LUT as above, against TOSA TABLE.
TEST_P(U85Elementwise, LutTableByStridedDmaMatchesTosaTable) {
  std::mt19937 rng(1450 + GetParam());
  for (int it = 0; it < 8; ++it) {
    const bool three_d = it % 2;
    const uint32_t slot = pick(rng, 0, 7), H = pick(rng, 1, 4), W = pick(rng, 1, 5), C = pick(rng, 1, 20);
    const auto table = random_values(rng, 256, -128, 127);
    const int32_t za = zp8(rng), zb = zp8(rng), zo = zp8(rng);
    const TfliteAddParams tp = tflite_add_params(rng, 20);
    const auto A = random_values(rng, size_t{H} * W * C, -128, 127), B = random_values(rng, A.size(), -128, 127);
    std::vector<int32_t> ref;
    for (size_t i = 0; i < A.size(); ++i)
      ref.push_back(reference::tosa_table8(table, tflite_add(tp, A[i] - za, B[i] - zb, false, -128, 127, zo)));
    Rig rig(GetParam());
    // Row j (64 bytes) of the table at src + (j / 2)·stride1 + (j % 2)·stride0 (3-D) or
    // src + j·stride0 (2-D); the gaps hold garbage.
    const uint32_t src = 0x8000, stride0 = 64 + 4 * pick(rng, 0, 8), stride1 = 2 * stride0 + 4 * pick(rng, 1, 8);
    auto& mem = rig.bus.region(0);
    std::fill(mem.begin() + src, mem.begin() + src + 4096, 0xA5);
    for (uint32_t j = 0; j < 4; ++j) {
      const uint32_t at = three_d ? src + (j / 2) * stride1 + (j % 2) * stride0 : src + j * stride0;
      for (uint32_t b = 0; b < 64; ++b) mem[at + b] = static_cast<uint8_t>(table[j * 64 + b]);
    }
    U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, za);
    U85Fm ifm2 = mem_fm(H, W, C, 8, TLayout::kNhwc, align64(ifm.fm.bytes()), zb);
    U85Fm ofm = mem_fm(H, W, C, 8, TLayout::kNhwc, align64(ifm2.fm.base + ifm2.fm.bytes()), zo);
    enc::put_fm(rig.bus.region(1), ifm.fm, A);
    enc::put_fm(rig.bus.region(1), ifm2.fm, B);
    U85StreamBuilder sb;
    // DMA0_SRC_REGION [26:25] stride mode (1 2-D, 2 3-D); DMA0_DST_REGION 0x103 internal.
    sb.cmd0(0x132, three_d ? 2 : 4);  // SIZE0
    sb.cmd0(0x133, three_d ? 2 : 1);  // SIZE1
    sb.cmd1(51, stride0);
    sb.cmd1(52, three_d ? stride1 : 0);
    sb.cmd1(53, 64);
    sb.cmd1(54, three_d ? 128 : 0);
    sb.cmd0(0x130, (three_d ? 2u : 1u) << 9);
    sb.cmd1(48, src);
    sb.cmd0(0x131, 0x103);
    sb.cmd1(49, slot * 256);
    sb.cmd1(50, 64);
    sb.op(0x010);
    sb.ifm(ifm);
    sb.ifm2(ifm2);
    sb.ofm(ofm, 1);
    sb.ifm_scale(static_cast<uint32_t>(tp.m1), static_cast<uint32_t>(11 - tp.s1), 0, 20);
    sb.ifm2_scale(static_cast<uint32_t>(tp.m2), static_cast<uint32_t>(11 - tp.s2), 0, 20);
    sb.ofm_scale(static_cast<uint32_t>(tp.mo), static_cast<uint32_t>(31 - tp.so), 0);
    sb.activation(4, slot, false, -128, 127);
    sb.op(6, 1);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it << (three_d ? " 3-D" : " 2-D");
  }
}

// Chaining (U85 goldens): an ADD whose OFM is CHAINED into buffer k, consumed by a SUB whose IFM is
// CHAINED with the same number; the base/stride registers of the chained maps are stale garbage.
// Expected: the two TFLite steps through memory.
TEST_P(U85Elementwise, ChainedResultFeedsTheNextOperation) {
  std::mt19937 rng(1500 + GetParam());
  for (int it = 0; it < 10; ++it) {
    const uint32_t H = pick(rng, 1, 4), W = pick(rng, 1, 5), C = pick(rng, 1, 24);
    const unsigned k = pick(rng, 0, 2);
    const int32_t za = zp8(rng), zb = zp8(rng), zm = zp8(rng), zc = zp8(rng), zo = zp8(rng);
    const TfliteAddParams p1 = tflite_add_params(rng, 20), p2 = tflite_add_params(rng, 20);
    const auto A = random_values(rng, size_t{H} * W * C, -128, 127), B = random_values(rng, A.size(), -128, 127),
               D = random_values(rng, A.size(), -128, 127);
    std::vector<int32_t> ref;
    for (size_t i = 0; i < A.size(); ++i) {
      const int32_t mid = tflite_add(p1, A[i] - za, B[i] - zb, false, -128, 127, zm);
      ref.push_back(tflite_add(p2, mid - zm, D[i] - zc, true, -128, 127, zo));
    }
    Rig rig(GetParam());
    U85Fm a = mem_fm(H, W, C, 8, TLayout::kNhwc, 0, za);
    U85Fm b = mem_fm(H, W, C, 8, TLayout::kNhwc, align64(a.fm.bytes()), zb);
    U85Fm d = mem_fm(H, W, C, 8, TLayout::kNhwc, align64(b.fm.base + b.fm.bytes()), zc);
    U85Fm out = mem_fm(H, W, C, 8, TLayout::kNhwc, align64(d.fm.base + d.fm.bytes()), zo);
    U85Fm chained = mem_fm(H, W, C, 8, TLayout::kNhwc, 0x7FFF0, zm);  // stale base: not used
    chained.storage = enc::Storage::kChained;
    chained.chain = k;
    enc::put_fm(rig.bus.region(1), a.fm, A);
    enc::put_fm(rig.bus.region(1), b.fm, B);
    enc::put_fm(rig.bus.region(1), d.fm, D);
    U85StreamBuilder sb;
    auto scales = [&](const TfliteAddParams& p) {
      sb.ifm_scale(static_cast<uint32_t>(p.m1), static_cast<uint32_t>(11 - p.s1), 0, 20);
      sb.ifm2_scale(static_cast<uint32_t>(p.m2), static_cast<uint32_t>(11 - p.s2), 0, 20);
      sb.ofm_scale(static_cast<uint32_t>(p.mo), static_cast<uint32_t>(31 - p.so), 0);
    };
    sb.activation(0, 0, false, -128, 127);
    sb.ifm(a);
    sb.ifm2(b);
    sb.ofm(chained, 1);
    scales(p1);
    sb.op(6, 1);
    sb.ifm(chained);
    sb.ifm2(d);
    sb.ofm(out, 1);
    scales(p2);
    sb.op(6, 2);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), out.fm), ref) << "iteration " << it;
    // Nothing was written at the chained map's stale base.
    EXPECT_EQ(rig.bus.region(1)[0x7FFF0], 0);
  }
}

// LRELU (VELA ethos_u85 GenerateScalingForElementwise): IFM_SCALE = ifm/ofm for x >= 0,
// IFM2_SCALE = alpha·ifm/ofm for x < 0, unit OFM scale; against TFLite's reference LeakyRelu
// (tensorflow/lite/kernels/internal/reference/leaky_relu.h: MultiplyByQuantizedMultiplier with the
// identity or the alpha multiplier, then the output offset and the clamp).
TEST_P(U85Elementwise, LeakyReluMatchesTflite) {
  std::mt19937 rng(1600 + GetParam());
  for (int it = 0; it < 15; ++it) {
    const uint32_t H = pick(rng, 1, 5), W = pick(rng, 1, 6), C = pick(rng, 1, 30);
    const int32_t zi = zp8(rng), zo = zp8(rng);
    const double in_scale = std::uniform_real_distribution<double>(0.01, 0.2)(rng);
    const double out_scale = std::uniform_real_distribution<double>(0.01, 0.2)(rng);
    const double alpha = std::uniform_real_distribution<double>(0.01, 0.9)(rng);
    int32_t mi = 0, ma = 0;
    int si = 0, sa = 0;
    reference::quantize_multiplier(in_scale / out_scale, mi, si);
    reference::quantize_multiplier(alpha * in_scale / out_scale, ma, sa);
    const auto X = random_values(rng, size_t{H} * W * C, -128, 127);
    std::vector<int32_t> ref;
    for (int32_t x : X) {
      const int32_t v = x - zi;
      const int32_t r = v >= 0 ? reference::multiply_by_quantized_multiplier(v, mi, si)
                               : reference::multiply_by_quantized_multiplier(v, ma, sa);
      ref.push_back(std::clamp(r + zo, -128, 127));
    }
    Rig rig(GetParam());
    U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, zi);
    U85Fm ofm = mem_fm(H, W, C, 8, random_layout(rng), align64(ifm.fm.bytes()), zo);
    enc::put_fm(rig.bus.region(1), ifm.fm, X);
    U85StreamBuilder sb;
    sb.ifm(ifm);
    sb.ofm(ofm, 1);
    sb.ifm_scale(static_cast<uint32_t>(mi), static_cast<uint32_t>(31 - si), 0);
    sb.ifm2_scale(static_cast<uint32_t>(ma), static_cast<uint32_t>(31 - sa), 0);
    sb.ofm_scale(1, 0, 0);
    sb.activation(0, 0, false, -128, 127);
    sb.op(6, 5);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it;
  }
}

INSTANTIATE_TEST_SUITE_P(Macs, U85Elementwise, testing::Values(128u, 2048u));

}  // namespace
}  // namespace corsim::npu
