// U85 POOL (MAX, MIN, SUM, AVERAGE, REDUCE_SUM), OFM transposes and reverse, and RESIZE against
// host references on random shapes at 128 and 2048 MACs.
#include <gtest/gtest.h>

#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

class U85Pool : public testing::TestWithParam<uint32_t> {};

uint32_t pick(std::mt19937& rng, uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); }

struct Window {
  uint32_t H, W, C, kh, kw, sy, sx, pt, pl, pb, pr, oh, ow;
};
Window random_window(std::mt19937& rng, bool padded) {
  Window w{};
  w.H = pick(rng, 1, 9);
  w.W = pick(rng, 1, 9);
  w.C = pick(rng, 1, 40);
  w.kh = pick(rng, 1, std::min(w.H, 4u));
  w.kw = pick(rng, 1, std::min(w.W, 4u));
  w.sy = pick(rng, 1, 2);
  w.sx = pick(rng, 1, 2);
  w.pt = padded ? pick(rng, 0, w.kh - 1) : 0;
  w.pl = padded ? pick(rng, 0, w.kw - 1) : 0;
  w.oh = (w.H + w.pt - w.kh) / w.sy + 1;
  w.ow = (w.W + w.pl - w.kw) / w.sx + 1;
  const int64_t nb = int64_t{w.oh - 1} * w.sy + w.kh - w.pt - w.H, nr = int64_t{w.ow - 1} * w.sx + w.kw - w.pl - w.W;
  w.pb = nb > 0 ? uint32_t(nb) : 0;
  w.pr = nr > 0 ? uint32_t(nr) : 0;
  return w;
}

// Runs one POOL with global OFM_SCALE (scale, shift, round) and returns the OFM.
std::vector<int32_t> run_pool(uint32_t macs, std::mt19937& rng, const Window& w, unsigned mode, const U85Fm& ifm_in,
                              const std::vector<int32_t>& in, U85Fm ofm, uint32_t scale, uint32_t shift, unsigned round,
                              int32_t amin, int32_t amax) {
  Rig rig(macs);
  U85Fm ifm = ifm_in;
  ofm.fm.base = align64(ifm.fm.bytes());
  enc::put_fm(rig.bus.region(1), ifm.fm, in);
  U85StreamBuilder sb;
  sb.ifm(ifm);
  sb.ofm(ofm, 1);
  sb.kernel(w.kw, w.kh, w.sx, w.sy, false);
  sb.padding(w.pt, w.pl, w.pb, w.pr);
  sb.block(std::min(w.ow, 8u), std::min(w.oh, 4u), ublock_depth(macs));
  sb.acc_format(0, microblock_field(macs));
  sb.ofm_scale(scale, shift, round);
  sb.activation(0, 0, ofm.fm.bits == 32, amin, amax);
  sb.op(5, mode);
  (void)rng;
  const RunResult r = rig.run(sb);
  EXPECT_EQ(r.reason, StopReason::kStop) << r.error;
  return enc::get_fm(rig.bus.region(1), ofm.fm);
}

// MAX (mode 0, padding ignored) vs TFLite MaxPool; MIN (mode 5) as -MaxPool(-x). Equal IFM and
// OFM zero points, unit OFM_SCALE (1, 0), as Vela programs them (U85 goldens).
TEST_P(U85Pool, MaxAndMinMatchTfliteMaxPool) {
  std::mt19937 rng(2000 + GetParam());
  for (int it = 0; it < 30; ++it) {
    const Window w = random_window(rng, true);
    const bool min = it % 2;
    const int32_t z = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const auto X = random_values(rng, size_t{w.H} * w.W * w.C, -127, 127);
    reference::Tensor t{w.H, w.W, w.C, X};
    if (min) for (auto& v : t.v) v = -v;
    reference::ConvParams p;
    p.kh = w.kh; p.kw = w.kw; p.sy = w.sy; p.sx = w.sx; p.pad_top = w.pt; p.pad_left = w.pl;
    p.act_min = -1000; p.act_max = 1000;
    auto ref = reference::max_pool(t, w.oh, w.ow, p).v;
    if (min) for (auto& v : ref) v = -v;
    const U85Fm ifm = mem_fm(w.H, w.W, w.C, 8, random_layout(rng), 0, z);
    const U85Fm ofm = mem_fm(w.oh, w.ow, w.C, 8, random_layout(rng), 0, z);
    EXPECT_EQ(run_pool(GetParam(), rng, w, min ? 5 : 0, ifm, X, ofm, 1, 0, 1, -128, 127), ref) << "iteration " << it;
  }
}

// SUM (mode 3) and AVERAGE (mode 1, scale_mode 1): the window sum of (x - zp) (padding 0) times
// OFM_SCALE with NATURAL rounding (U85 goldens), i.e. TOSA apply_scale_32 without double rounding.
// Unpadded AVERAGE with OFM_SCALE = reciprocal_scale(k) is TOSA AVG_POOL2D.
TEST_P(U85Pool, SumAndAverageMatchTosa) {
  std::mt19937 rng(2100 + GetParam());
  for (int it = 0; it < 30; ++it) {
    const bool avg = it % 2;
    const Window w = random_window(rng, !avg);
    const int32_t zi = static_cast<int32_t>(pick(rng, 0, 20)) - 10, zo = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const auto X = random_values(rng, size_t{w.H} * w.W * w.C, -128, 127);
    int32_t m = 0;
    int s = 0;
    if (avg) reference::tosa_reciprocal_scale(w.kh * w.kw, m, s);
    else {
      reference::quantize_multiplier(std::uniform_real_distribution<double>(0.01, 0.5)(rng), m, s);
      s = 31 - s;
    }
    std::vector<int32_t> ref;
    if (avg) {
      reference::ConvParams p;
      p.kh = w.kh; p.kw = w.kw; p.sy = w.sy; p.sx = w.sx; p.in_zp = zi; p.out_zp = zo;
      ref = reference::tosa_avg_pool(reference::Tensor{w.H, w.W, w.C, X}, w.oh, w.ow, p).v;
    } else {
      for (uint32_t oy = 0; oy < w.oh; ++oy)
        for (uint32_t ox = 0; ox < w.ow; ++ox)
          for (uint32_t c = 0; c < w.C; ++c) {
            int64_t acc = 0;
            for (uint32_t ky = 0; ky < w.kh; ++ky)
              for (uint32_t kx = 0; kx < w.kw; ++kx) {
                const int64_t iy = int64_t{oy} * w.sy + ky - w.pt, ix = int64_t{ox} * w.sx + kx - w.pl;
                if (iy < 0 || ix < 0 || iy >= w.H || ix >= w.W) continue;
                acc += X[(size_t(iy) * w.W + size_t(ix)) * w.C + c] - zi;
              }
            ref.push_back(std::clamp(reference::tosa_apply_scale_32(acc, m, s, false) + zo, -128, 127));
          }
    }
    const U85Fm ifm = mem_fm(w.H, w.W, w.C, 8, random_layout(rng), 0, zi);
    const U85Fm ofm = mem_fm(w.oh, w.ow, w.C, 8, random_layout(rng), 0, zo);
    EXPECT_EQ(run_pool(GetParam(), rng, w, avg ? 1 : 3, ifm, X, ofm, static_cast<uint32_t>(m), static_cast<uint32_t>(s), 1,
                       -128, 127),
              ref)
        << "iteration " << it << (avg ? " average" : " sum");
  }
}

// REDUCE_SUM (mode 2) sums over the channels (KWS, U85 goldens) into a 32-bit OFM.
TEST_P(U85Pool, ReduceSumAddsTheChannels) {
  std::mt19937 rng(2200 + GetParam());
  for (int it = 0; it < 10; ++it) {
    Window w{};
    w.H = pick(rng, 1, 6); w.W = pick(rng, 1, 6); w.C = pick(rng, 1, 200);
    w.kh = w.kw = w.sy = w.sx = 1; w.oh = w.H; w.ow = w.W;
    const int32_t zi = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const auto X = random_values(rng, size_t{w.H} * w.W * w.C, -128, 127);
    std::vector<int32_t> ref;
    for (uint32_t i = 0; i < w.H * w.W; ++i) {
      int32_t s = 0;
      for (uint32_t c = 0; c < w.C; ++c) s += X[size_t{i} * w.C + c] - zi;
      ref.push_back(s);
    }
    const U85Fm ifm = mem_fm(w.H, w.W, w.C, 8, random_layout(rng), 0, zi);
    const U85Fm ofm = mem_fm(w.H, w.W, 1, 32, TLayout::kNhwc, 0, 0);
    EXPECT_EQ(run_pool(GetParam(), rng, w, 2, ifm, X, ofm, 1, 0, 1, 0, 0), ref) << "iteration " << it;
  }
}

// OFM transpose (U85 goldens: the OFM registers hold the logical shape, strides and tiles the
// transposed destination) and reverse (decision: a logical axis, before the transpose) on a 1x1 SUM
// copy, against TOSA REVERSE + TRANSPOSE.
TEST_P(U85Pool, TransposeAndReverseMatchTosa) {
  struct T { unsigned code; uint32_t perm[3]; };
  const T kT[] = {{0, {0, 1, 2}}, {1, {1, 0, 2}}, {2, {0, 2, 1}}, {3, {1, 2, 0}}, {6, {2, 0, 1}}, {7, {2, 1, 0}}};
  std::mt19937 rng(2300 + GetParam());
  for (int it = 0; it < 36; ++it) {
    const T& t = kT[it % 6];
    const unsigned rev = pick(rng, 0, 3);
    Window w{};
    w.H = pick(rng, 1, 6); w.W = pick(rng, 1, 7); w.C = pick(rng, 1, 20);
    w.kh = w.kw = w.sy = w.sx = 1; w.oh = w.H; w.ow = w.W;
    const auto X = random_values(rng, size_t{w.H} * w.W * w.C, -128, 127);
    reference::Tensor in{w.H, w.W, w.C, X}, r = in;
    for (uint32_t y = 0; y < w.H; ++y)
      for (uint32_t x = 0; x < w.W; ++x)
        for (uint32_t c = 0; c < w.C; ++c) {
          const uint32_t sy = rev == 1 ? w.H - 1 - y : y, sx = rev == 2 ? w.W - 1 - x : x, sc = rev == 3 ? w.C - 1 - c : c;
          r.v[(size_t{y} * w.W + x) * w.C + c] = in.at(sy, sx, sc);
        }
    const reference::Tensor ref = reference::tosa_transpose(r, t.perm);
    Rig rig(GetParam());
    const U85Fm ifm = mem_fm(w.H, w.W, w.C, 8, TLayout::kNhwc, 0, 0);
    const U85Fm ofm = mem_fm(w.H, w.W, w.C, 8, TLayout::kNhwc, 0, 0);
    FmSpec dest{ref.h, ref.w, ref.c, 8, true, TLayout::kNhwc, 1, align64(ifm.fm.bytes()), 0};
    enc::put_fm(rig.bus.region(1), ifm.fm, X);
    U85StreamBuilder sb;
    sb.ifm(ifm);
    sb.ofm(ofm, 1, t.code, rev, &dest);
    sb.kernel(1, 1, 1, 1, false);
    sb.padding(0, 0, 0, 0);
    sb.block(1, 1, ublock_depth(GetParam()));
    sb.acc_format(0, microblock_field(GetParam()));
    sb.ofm_scale(1, 0, 1);
    sb.activation(0, 0, false, -128, 127);
    sb.op(5, 3);
    const RunResult res = rig.run(sb);
    ASSERT_EQ(res.reason, StopReason::kStop) << res.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), dest), ref.v) << "transpose " << t.code << " reverse " << rev;
  }
}

// ARGMAX_X (mode 6) / ARGMAX_Y (mode 7) against TOSA ARGMAX, programmed as VELA does (regor
// GraphIrOptimiser::RewriteArgmax, EthosU85RCSGenerator::GenerateOFMScalingForPooling): the
// kernel spans the reduced axis (the other extent 1), an int32 OFM, OFM_SCALE (1, 16) with
// TRUNCATE_TO_LOWER (5). Values from a narrow range so that ties (first index wins) are common;
// 8- and 16-bit, signed and unsigned IFMs with a zero point.
TEST_P(U85Pool, ArgmaxMatchesTosa) {
  std::mt19937 rng(2500 + GetParam());
  for (int it = 0; it < 24; ++it) {
    const unsigned axis = it % 2;  // 0: H (ARGMAX_Y), 1: W (ARGMAX_X)
    const unsigned bits = (it / 2) % 2 ? 16 : 8;
    const bool is_signed = (it / 4) % 2 == 0 || bits == 16;
    Window w{};
    w.H = pick(rng, 1, 12); w.W = pick(rng, 1, 12); w.C = pick(rng, 1, 40);
    w.kh = axis == 0 ? w.H : 1; w.kw = axis == 1 ? w.W : 1; w.sy = w.sx = 1;
    w.oh = axis == 0 ? 1 : w.H; w.ow = axis == 1 ? 1 : w.W;
    const int32_t spread = it % 3 == 0 ? 2 : (bits == 16 ? 30000 : 100);
    const int32_t mid = is_signed ? 0 : 128;
    const auto X = random_values(rng, size_t{w.H} * w.W * w.C, mid - spread, mid + spread);
    const auto ref = reference::tosa_argmax(reference::Tensor{w.H, w.W, w.C, X}, axis).v;
    const int32_t zp = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const U85Fm ifm = mem_fm(w.H, w.W, w.C, bits, random_layout(rng), 0, zp, is_signed);
    const U85Fm ofm = mem_fm(w.oh, w.ow, w.C, 32, TLayout::kNhwc, 0, 0);
    EXPECT_EQ(run_pool(GetParam(), rng, w, axis == 0 ? 7 : 6, ifm, X, ofm, 1, 16, 5, 0, 0), ref)
        << "iteration " << it << " axis " << axis << " bits " << bits;
  }
}

// RESIZE NEAREST against TOSA RESIZE (scale n/d, offset; the value itself, OFM_SCALE (1, 16) as
// VELA GenerateResizeOp programs it for a unit rescale).
TEST_P(U85Pool, ResizeNearestMatchesTosa) {
  std::mt19937 rng(2400 + GetParam());
  for (int it = 0; it < 20; ++it) {
    const uint32_t H = pick(rng, 1, 6), W = pick(rng, 1, 6), C = pick(rng, 1, 16);
    const int32_t ny = static_cast<int32_t>(pick(rng, 1, 8)), nx = static_cast<int32_t>(pick(rng, 1, 8));
    const int32_t dy = static_cast<int32_t>(pick(rng, 1, 8)), dx = static_cast<int32_t>(pick(rng, 1, 8));
    const int32_t oy = static_cast<int32_t>(pick(rng, 0, uint32_t(2 * ny - 1))) - ny;
    const int32_t ox = static_cast<int32_t>(pick(rng, 0, uint32_t(2 * nx - 1))) - nx;
    const uint32_t OH = pick(rng, 1, 10), OW = pick(rng, 1, 10);
    const int32_t z = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const auto X = random_values(rng, size_t{H} * W * C, -128, 127);
    const auto ref = reference::tosa_resize_nearest(reference::Tensor{H, W, C, X}, OH, OW, ny, dy, oy, nx, dx, ox).v;
    Rig rig(GetParam());
    const U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, z);
    const U85Fm ofm = mem_fm(OH, OW, C, 8, random_layout(rng), align64(ifm.fm.bytes()), z);
    enc::put_fm(rig.bus.region(1), ifm.fm, X);
    U85StreamBuilder sb;
    sb.ifm(ifm);
    sb.ofm(ofm, 1);
    sb.resize(uint32_t(nx), uint32_t(dx), ox, uint32_t(ny), uint32_t(dy), oy, W, H);
    sb.ofm_scale(1, 16, 1);
    sb.activation(0, 0, false, -128, 127);
    sb.op(7, 2);  // NEAREST
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref) << "iteration " << it;
  }
}

// RESIZE BILINEAR (mode 0) against TOSA RESIZE BILINEAR followed by the power-of-two post-scale
// VELA programs for a TFLite RESIZE_BILINEAR (regor TFLiteGraphOptimiser::ConvertResize: scale
// (1, log2(n_x·n_y)), round SYMMETRIC; GenerateResizeOp: OFM_SCALE (1, 16 + shift)). The host
// division rounds as the mode says: SYMMETRIC half away from zero, NATURAL half up. Shapes keep
// TOSA's rule (OH - 1)·d + offset <= (IH - 1)·n with Vela's -n <= offset < n; downscales too.
TEST_P(U85Pool, ResizeBilinearMatchesTosa) {
  std::mt19937 rng(2600 + GetParam());
  const int32_t kPow2[] = {1, 2, 4, 8, 16};
  for (int it = 0; it < 30; ++it) {
    const uint32_t H = pick(rng, 1, 7), W = pick(rng, 1, 7), C = pick(rng, 1, 20);
    const bool pow2 = it % 3 != 0;
    auto scale_n = [&] { return pow2 ? kPow2[pick(rng, 0, 4)] : static_cast<int32_t>(pick(rng, 1, 11)); };
    const int32_t ny = scale_n(), nx = scale_n();
    const int32_t dy = static_cast<int32_t>(pick(rng, 1, 12)), dx = static_cast<int32_t>(pick(rng, 1, 12));
    auto offset = [&](int32_t n, uint32_t extent) {
      const int32_t o = static_cast<int32_t>(pick(rng, 0, uint32_t(2 * n - 1))) - n;
      return extent == 1 ? std::min(o, 0) : o;
    };
    const int32_t oy = offset(ny, H), ox = offset(nx, W);
    auto out_extent = [&](uint32_t in, int32_t n, int32_t d, int32_t off) {
      const uint32_t most = uint32_t((int32_t(in - 1) * n - off) / d) + 1;
      return pick(rng, 1, std::min(most, 10u));
    };
    const uint32_t OH = out_extent(H, ny, dy, oy), OW = out_extent(W, nx, dx, ox);
    int shift = 0;
    while ((1 << (shift + 1)) <= nx * ny) ++shift;  // log2(n_x·n_y), floored when not a power of two
    const bool symmetric = it % 2 == 0;
    const int32_t z = static_cast<int32_t>(pick(rng, 0, 20)) - 10;
    const auto X = random_values(rng, size_t{H} * W * C, -128, 127);
    std::vector<int32_t> centred(X);
    for (auto& v : centred) v -= z;
    const auto acc = reference::tosa_resize_bilinear(reference::Tensor{H, W, C, centred}, OH, OW, ny, dy, oy, nx, dx, ox);
    std::vector<int32_t> ref;
    for (int64_t a : acc) {
      const int64_t half = shift ? int64_t{1} << (shift - 1) : 0;
      int64_t q = 0;
      if (symmetric) q = a >= 0 ? (a + half) >> shift : -((-a + half) >> shift);
      else q = (a + half) >> shift;  // arithmetic shift: floor, so half up
      ref.push_back(static_cast<int32_t>(std::clamp<int64_t>(q + z, -128, 127)));
    }
    Rig rig(GetParam());
    const U85Fm ifm = mem_fm(H, W, C, 8, random_layout(rng), 0, z);
    const U85Fm ofm = mem_fm(OH, OW, C, 8, random_layout(rng), align64(ifm.fm.bytes()), z);
    enc::put_fm(rig.bus.region(1), ifm.fm, X);
    U85StreamBuilder sb;
    sb.ifm(ifm);
    sb.ofm(ofm, 1);
    sb.resize(uint32_t(nx), uint32_t(dx), ox, uint32_t(ny), uint32_t(dy), oy, W, H);
    sb.ofm_scale(1, 16 + uint32_t(shift), symmetric ? 3 : 1);
    sb.activation(0, 0, false, -128, 127);
    sb.op(7, 0);  // BILINEAR
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(enc::get_fm(rig.bus.region(1), ofm.fm), ref)
        << "iteration " << it << " n " << ny << "x" << nx << " d " << dy << "x" << dx << " offset " << oy << "," << ox;
  }
}

INSTANTIATE_TEST_SUITE_P(Macs, U85Pool, testing::Values(128u, 2048u));

}  // namespace
}  // namespace corsim::npu
