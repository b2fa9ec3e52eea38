// CONV and DEPTHWISE (TFLite ConvPerChannel; KWS golden): acc = bias + sum (ifm - zp) * w, rescale per channel,
// output stage. IFM positions outside the map (padding) contribute 0 (TFLite ConvPerChannel).
#include <algorithm>
#include <type_traits>

#include <fmt/format.h>

#include "npu/ops/kernels.h"
#include "npu/ops/mac_kernels.h"
#include "npu/ops/simd.h"
#include "npu/ops/requantize.h"
#include "npu/ops/rescale.h"

namespace corsim::npu {

namespace {

// raw - zp as int16 (the common case: 8-bit IFMs), compiled for AVX2 and the baseline.
CORSIM_NPU_MULTIVERSION
void subtract_zero_point(const int32_t* __restrict raw, size_t n, int32_t zp, int16_t* __restrict out) {
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<int16_t>(raw[i] - zp);
}

// The IFM as the MAC array sees it: zero point subtracted, IFM_UPSCALE applied
// (ethosu55_interface.h).
template <typename T>
void prepare_input(const OperationConfig& op, const FeatureMapValues& raw, uint32_t& uh, uint32_t& uw,
                   ScratchVector<T>& out) {
  const uint32_t ih = op.ifm.height, iw = op.ifm.width, c = op.ifm.depth;
  const int32_t zp = op.ifm.zero_point;
  if (op.upscale == 0) {
    uh = ih;
    uw = iw;
    out.resize(raw.size());
    if constexpr (std::is_same_v<T, int16_t>) subtract_zero_point(raw.data(), raw.size(), zp, out.data());
    else for (size_t i = 0; i < raw.size(); ++i) out[i] = static_cast<T>(raw[i] - zp);
    return;
  }
  uh = 2 * ih;
  uw = 2 * iw;
  out.assign(size_t{uh} * uw * c, 0);
  for (uint32_t y = 0; y < uh; ++y)
    for (uint32_t x = 0; x < uw; ++x) {
      // 1 = nearest (each pixel repeated 2x2); 2 = zero insertion (transpose convolution).
      if (op.upscale == 2 && ((y | x) & 1)) continue;
      const int32_t* src = &raw[(size_t{y / 2} * iw + x / 2) * c];
      T* dst = &out[(size_t{y} * uw + x) * c];
      for (uint32_t k = 0; k < c; ++k) dst[k] = static_cast<T>(src[k] - zp);
    }
}

template <typename Acc, typename T>
inline Acc dot(const T* __restrict a, const int16_t* __restrict b, uint32_t n) {
  Acc s = 0;
  for (uint32_t i = 0; i < n; ++i) s += static_cast<Acc>(a[i]) * static_cast<Acc>(b[i]);
  return s;
}

// The hot loops are compiled twice, for AVX2 and for the baseline x86-64 (CORSIM_NPU_MULTIVERSION,
// npu/ops/simd.h).

// Where the pairs kernel is used: patches shorter than this, or at least this many OFM channels.
constexpr size_t kPairsMaxTaps = 64;
constexpr uint32_t kPairsMinChannels = 16;

// CONV as one dot product per OFM element: the receptive field of an OFM position is gathered
// once into `patch` in the weights' [ky][kx][c] order (padding taps and upscale holes are 0, the
// zero point being already subtracted), then each OFM channel is one contiguous dot product of
// length kh*kw*c, which the compiler vectorises (pmaddwd for int16 x int16 -> int32). Same sums,
// same order of wrap-around as the tap-by-tap walk, so the result is bit-exact. The accumulators
// are stored as Acc (int32 sums wrap modulo 2^32 as they are formed), OFM rows [oy0, oy1) from
// acc_rows on.
template <typename T, typename Acc>
void conv_loop(const OperationConfig& op, const ScratchVector<T>& in, uint32_t uh, uint32_t uw, DenseWeights& w,
               Acc* acc_rows, uint32_t oy0, uint32_t oy1) {
  const uint32_t ow = op.ofm.width, od = op.ofm.depth, c = op.ifm.depth;
  const uint32_t kh = op.kernel.height, kw = op.kernel.width;
  const int sy = static_cast<int>(op.kernel.stride_y), sx = static_cast<int>(op.kernel.stride_x);
  const int dy = static_cast<int>(op.kernel.dilation_y), dx = static_cast<int>(op.kernel.dilation_x);
  const int pt = static_cast<int>(op.pad_top), pl = static_cast<int>(op.pad_left);
  const size_t taps = size_t{kh} * kw * c;  // weights [o][ky][kx][c]
  std::vector<T> patch(taps);
  // Short patches (1x1 convolutions over few channels) leave dot_all_channels_i16's per-channel
  // loops mostly overhead; the pairs kernel runs over the channels instead (mac_kernels.h). Its
  // layout is made once per decoded weight stream (kept with the weight cache's entry).
  const bool use_pairs = std::is_same_v<T, int16_t> && std::is_same_v<Acc, int32_t> && pairs_kernel_available() &&
                         (taps < kPairsMaxTaps || od >= kPairsMinChannels);
  if (use_pairs && w.pairs.empty()) pair_weights(w.values.data(), taps, od, w.pairs);
  const std::vector<int16_t>& pairs = w.pairs;
  for (uint32_t oy = oy0; oy < oy1; ++oy) {
    for (uint32_t ox = 0; ox < ow; ++ox) {
      const int x0 = static_cast<int>(ox) * sx - pl;
      const T* src = patch.data();
      const int iy0 = static_cast<int>(oy) * sy - pt;
      const bool one_row = kh == 1 && iy0 >= 0 && iy0 < static_cast<int>(uh) && dx == 1 && x0 >= 0 &&
                           x0 + static_cast<int>(kw) <= static_cast<int>(uw);
      if (one_row) src = &in[(size_t(iy0) * uw + size_t(x0)) * c];  // the taps are contiguous: no copy
      T* dst = one_row ? nullptr : patch.data();
      for (uint32_t ky = 0; ky < (one_row ? 0 : kh); ++ky) {
        const int iy = static_cast<int>(oy) * sy + static_cast<int>(ky) * dy - pt;
        if (iy < 0 || iy >= static_cast<int>(uh)) {
          std::fill(dst, dst + size_t{kw} * c, T{0});
          dst += size_t{kw} * c;
          continue;
        }
        const T* row = &in[size_t(iy) * uw * c];
        if (dx == 1 && x0 >= 0 && x0 + static_cast<int>(kw) <= static_cast<int>(uw)) {
          dst = std::copy_n(row + size_t(x0) * c, size_t{kw} * c, dst);  // the row's taps are contiguous
          continue;
        }
        for (uint32_t kx = 0; kx < kw; ++kx, dst += c) {
          const int ix = x0 + static_cast<int>(kx) * dx;
          if (ix < 0 || ix >= static_cast<int>(uw)) std::fill(dst, dst + c, T{0});
          else std::copy_n(row + size_t(ix) * c, c, dst);
        }
      }
      Acc* out = acc_rows + (size_t{oy - oy0} * ow + ox) * od;
      if constexpr (std::is_same_v<T, int16_t> && std::is_same_v<Acc, int32_t>) {
        if (use_pairs) dot_all_channels_pairs(src, pairs.data(), taps, od, out);
        else dot_all_channels_i16(src, w.values.data(), taps, od, out);
      } else {
        const int16_t* wp = w.values.data();
        for (uint32_t o = 0; o < od; ++o, wp += taps) out[o] = dot<Acc>(src, wp, taps);
      }
    }
  }
}

// DEPTHWISE, one OFM row at a time: for each kernel tap, every OFM position of the row whose input
// lies inside the (upscaled) IFM gets the tap's products added, the channel loop innermost and
// contiguous (weights wt as [ky][kx][c]); padding taps contribute 0 (TFLite). The positions a tap
// reaches are one range per row and tap, not a bounds test per position and tap; the sums are
// formed in the row's accumulators. Each accumulator gets the same products (Acc = int32 wraps
// modulo 2^32, so the order does not change the bits). OFM rows [oy0, oy1), from acc_rows on.
template <typename T, typename Acc>
__attribute__((always_inline)) inline void depthwise_rows(const OperationConfig& op, const ScratchVector<T>& in,
                                                          uint32_t uh, uint32_t uw, const int16_t* wt, Acc* acc_rows,
                                                          uint32_t oy0, uint32_t oy1) {
  const uint32_t ow = op.ofm.width, od = op.ofm.depth;
  const uint32_t kh = op.kernel.height, kw = op.kernel.width;
  const int sy = static_cast<int>(op.kernel.stride_y), sx = static_cast<int>(op.kernel.stride_x);
  const int dy = static_cast<int>(op.kernel.dilation_y), dx = static_cast<int>(op.kernel.dilation_x);
  const int pt = static_cast<int>(op.pad_top), pl = static_cast<int>(op.pad_left);
  for (uint32_t oy = oy0; oy < oy1; ++oy) {
    Acc* const row = acc_rows + size_t{oy - oy0} * ow * od;
    std::fill(row, row + size_t{ow} * od, Acc{0});
    for (uint32_t ky = 0; ky < kh; ++ky) {
      const int iy = static_cast<int>(oy) * sy + static_cast<int>(ky) * dy - pt;
      if (iy < 0 || iy >= static_cast<int>(uh)) continue;
      const T* in_row = &in[size_t(iy) * uw * od];
      // Input column ix = ox * sx + off(kx) lies in [0, uw) for ox in [lo(kx), hi(kx)).
      const auto off = [&](uint32_t kx) { return static_cast<int>(kx) * dx - pl; };
      const auto lo = [&](uint32_t kx) { return off(kx) >= 0 ? 0u : static_cast<uint32_t>((-off(kx) + sx - 1) / sx); };
      const auto hi = [&](uint32_t kx) {
        const int last = static_cast<int>(uw) - 1 - off(kx);
        return last < 0 ? 0u : std::min<uint32_t>(ow, static_cast<uint32_t>(last / sx) + 1);
      };
      // One tap over OFM positions [x0, x1).
      const auto one_tap = [&](uint32_t kx, uint32_t x0, uint32_t x1) {
        const int16_t* __restrict wp = &wt[(size_t{ky} * kw + kx) * od];
        for (uint32_t ox = x0; ox < x1; ++ox) {
          const T* __restrict src = in_row + size_t(static_cast<int>(ox) * sx + off(kx)) * od;
          Acc* __restrict a = &row[size_t{ox} * od];
          for (uint32_t o = 0; o < od; ++o) a[o] += static_cast<Acc>(src[o]) * static_cast<Acc>(wp[o]);
        }
      };
      if (kw != 3) {
        for (uint32_t kx = 0; kx < kw; ++kx) one_tap(kx, lo(kx), hi(kx));
        continue;
      }
      // 3 taps wide (most DEPTHWISE): where all three reach, their products are added in one pass
      // (the row's sums read and written once, not three times); the edges tap by tap.
      const uint32_t in_lo = std::max({lo(0), lo(1), lo(2)}), in_hi = std::min({hi(0), hi(1), hi(2)});
      if (in_lo >= in_hi) {
        for (uint32_t kx = 0; kx < 3; ++kx) one_tap(kx, lo(kx), hi(kx));
        continue;
      }
      for (uint32_t kx = 0; kx < 3; ++kx) {
        one_tap(kx, lo(kx), std::min(hi(kx), in_lo));
        one_tap(kx, std::max(lo(kx), in_hi), hi(kx));
      }
      const int16_t* __restrict w0 = &wt[size_t{ky} * 3 * od];
      const int16_t* __restrict w1 = w0 + od;
      const int16_t* __restrict w2 = w1 + od;
      for (uint32_t ox = in_lo; ox < in_hi; ++ox) {
        const T* __restrict s0 = in_row + size_t(static_cast<int>(ox) * sx + off(0)) * od;
        const T* __restrict s1 = s0 + size_t(dx) * od;
        const T* __restrict s2 = s1 + size_t(dx) * od;
        Acc* __restrict a = &row[size_t{ox} * od];
        // Each product fits Acc; their sum wraps as the accumulator does (unsigned arithmetic).
        using U = std::make_unsigned_t<Acc>;
        for (uint32_t o = 0; o < od; ++o)
          a[o] = static_cast<Acc>(static_cast<U>(a[o]) + static_cast<U>(static_cast<Acc>(s0[o]) * static_cast<Acc>(w0[o])) +
                                  static_cast<U>(static_cast<Acc>(s1[o]) * static_cast<Acc>(w1[o])) +
                                  static_cast<U>(static_cast<Acc>(s2[o]) * static_cast<Acc>(w2[o])));
      }
    }
  }
}

// The hot case (8-bit IFM, 32-bit accumulators) as one multiversioned function: the whole row walk
// is compiled for AVX2, the channel loop inlined and vectorised in it (a call per tap into a
// multiversioned loop cost more than the loop itself on maps of 8 to 32 channels).
CORSIM_NPU_MULTIVERSION
void depthwise_i16(const OperationConfig& op, const ScratchVector<int16_t>& in, uint32_t uh, uint32_t uw,
                   const int16_t* wt, int32_t* acc_rows, uint32_t oy0, uint32_t oy1) {
  depthwise_rows<int16_t, int32_t>(op, in, uh, uw, wt, acc_rows, oy0, oy1);
}

// The weights [o][ky][kx] as [ky][kx][o], made once per decoded weight stream (kept with the
// weight cache's entry).
template <typename T, typename Acc>
void depthwise_loop(const OperationConfig& op, const ScratchVector<T>& in, uint32_t uh, uint32_t uw, DenseWeights& w,
                    Acc* acc_rows, uint32_t oy0, uint32_t oy1) {
  const uint32_t od = op.ofm.depth, kh = op.kernel.height, kw = op.kernel.width;
  std::vector<int16_t>& wt = w.taps_first;
  if (wt.empty()) {
    wt.resize(size_t{kh} * kw * od);
    for (uint32_t o = 0; o < od; ++o)
      for (uint32_t k = 0; k < kh * kw; ++k) wt[size_t{k} * od + o] = w.values[size_t{o} * kh * kw + k];
  }
  if constexpr (std::is_same_v<T, int16_t> && std::is_same_v<Acc, int32_t>)
    depthwise_i16(op, in, uh, uw, wt.data(), acc_rows, oy0, oy1);
  else depthwise_rows<T, Acc>(op, in, uh, uw, wt.data(), acc_rows, oy0, oy1);
}

// The accumulators of OFM rows [oy0, oy1) of CONV or DEPTHWISE (Acc: int32 or int64, run_conv),
// every one written, from acc_rows on; `in` the (uh x uw) IFM as the MAC array sees it.
template <typename T, typename Acc>
void mac_loops(const OperationConfig& op, const ScratchVector<T>& in, uint32_t uh, uint32_t uw, DenseWeights& w,
               Acc* acc_rows, uint32_t oy0, uint32_t oy1) {
  if (op.kind == OpKind::kDepthwise) depthwise_loop<T, Acc>(op, in, uh, uw, w, acc_rows, oy0, oy1);
  else conv_loop<T, Acc>(op, in, uh, uw, w, acc_rows, oy0, oy1);
}

// U85 MatMul: NPU_OP_CONV with weights_ifm2 (ethosu85_interface.h). Vela
// (GraphIrOptimiser::RewriteMatmul) transposes the second matrix so that IFM2 is H x N x K;
// OFM(h, w, n) = sum_k (IFM(h, w, k) - zp) (IFM2(h, n, k) - zp2). Not covered by any golden:
// checked against the host reference only.
void matmul_loop(const OperationConfig& op, const FeatureMapValues& a, const FeatureMapValues& b,
                 AccumulatorBuffer& acc) {
  const uint32_t oh = op.ofm.height, ow = op.ofm.width, od = op.ofm.depth, k = op.ifm.depth;
  const int64_t za = op.ifm.zero_point, zb = op.ifm2.zero_point;
  for (uint32_t y = 0; y < oh; ++y)
    for (uint32_t x = 0; x < ow; ++x) {
      const int32_t* ar = &a[(size_t{y} * op.ifm.width + x) * k];
      for (uint32_t n = 0; n < od; ++n) {
        const int32_t* br = &b[(size_t{y} * op.ifm2.width + n) * k];
        int64_t s = 0;
        for (uint32_t i = 0; i < k; ++i) s += (ar[i] - za) * (br[i] - zb);
        acc[(size_t{y} * ow + x) * od + n] = s;
      }
    }
}

bool load_channel_scales(OpContext& ctx, std::vector<ChannelScale>& scales) {
  const OperationConfig& op = ctx.op();
  const uint32_t od = op.ofm.depth;
  if (!op.ofm_scale_global || op.scale_length >= uint64_t{od} * 10) {
    if (!load_scales(ctx, od, scales)) return false;
  } else {
    scales.assign(od, ChannelScale{});
  }
  if (op.ofm_scale_global)
    for (auto& s : scales) { s.scale = op.ofm_scale.scale; s.shift = op.ofm_scale.shift; }
  return true;
}

// The smallest and largest IFM value (INT32_MAX, INT32_MIN when n is 0), vectorised (pminsd /
// pmaxsd need SSE4.1, hence the AVX2 clone).
CORSIM_NPU_MULTIVERSION
void value_range(const int32_t* __restrict v, size_t n, int32_t& lo, int32_t& hi) {
  int32_t a = INT32_MAX, b = INT32_MIN;
  for (size_t i = 0; i < n; ++i) {
    a = v[i] < a ? v[i] : a;
    b = v[i] > b ? v[i] : b;
  }
  lo = a;
  hi = b;
}

// Where the IFM as the MAC array sees it is (uh x uw, after IFM_UPSCALE): the scratch's int16 map,
// or its int32 one when the values minus the zero point do not fit int16.
struct MacInput {
  bool wide = false;
  uint32_t uh = 0, uw = 0;
};

// `direct`: the scratch's int16 map is made (load_feature_map_minus_zero_point); else it is made
// from the int32 map when the values minus the zero point fit (value_range), else the int32 form
// (prepare_input, which also upscales).
MacInput prepare_mac_input(const OperationConfig& op, bool direct, OpScratch& scratch) {
  MacInput in;
  if (direct) {
    in.uh = op.ifm.height;
    in.uw = op.ifm.width;
    return in;
  }
  const FeatureMapValues& raw = scratch.ifm;
  int32_t lo = 0, hi = 0;
  value_range(raw.data(), raw.size(), lo, hi);
  const int64_t zp = op.ifm.zero_point;
  in.wide = !raw.empty() && (lo - zp < INT16_MIN || hi - zp > INT16_MAX);
  if (in.wide) prepare_input<int32_t>(op, raw, in.uh, in.uw, scratch.ifm32);
  else prepare_input<int16_t>(op, raw, in.uh, in.uw, scratch.ifm16);
  return in;
}

template <typename Acc>
void accumulate_rows(const OperationConfig& op, const MacInput& in, const OpScratch& scratch, DenseWeights& w,
                     Acc* acc_rows, uint32_t oy0, uint32_t oy1) {
  if (in.wide) mac_loops<int32_t, Acc>(op, scratch.ifm32, in.uh, in.uw, w, acc_rows, oy0, oy1);
  else mac_loops<int16_t, Acc>(op, scratch.ifm16, in.uh, in.uw, w, acc_rows, oy0, oy1);
}

// The output stage of CONV, DEPTHWISE and MatMul (bias, per-channel OFM_SCALE, zero point,
// activation, LUT), built once per operation and applied to OFM elements in [pixel][channel]
// order: a whole map, or a band of rows. The common case runs in one vectorised pass (requantize.h)
// when the stage is a zero point and a clamp and every channel's Rescaler has an exact 64-bit path:
// OFM = clamp((x * scale + round) >> shift + zp), x = acc + bias, the same arithmetic as Rescaler
// and OutputStage::apply. A range holding an x outside its channel's exact bounds is rewritten
// wholly by the general path (each element's value is the same either way).
class ConvOutput {
 public:
  ConvOutput(OpContext& ctx, const std::vector<ChannelScale>& scales)
      : scales_(scales), out_(ctx.op(), ctx.shram(), ctx.config().lut_base()) {
    const OperationConfig& op = ctx.op();
    const size_t od = scales.size();
    rescalers_.resize(od);
    for (size_t o = 0; o < od; ++o)
      rescalers_[o] = Rescaler(scales[o].scale, scales[o].shift, op.ofm_round, op.ofm_scale.dbl);
    plain_ = od > 0 && out_.plain(q_.zp, q_.lo, q_.hi);
    if (plain_) q_.reserve(od);
    for (size_t o = 0; plain_ && o < od; ++o) plain_ = q_.add_channel(scales[o].bias, rescalers_[o]);
  }

  // n accumulators (a multiple of the channel count, starting at channel 0) -> n OFM values.
  template <typename A>
  void apply(const A* acc, size_t n, int32_t* ofm) const {
    if (n == 0 || (plain_ && requantize(q_, acc, n, ofm))) return;
    const size_t od = scales_.size();
    for (size_t i = 0; i < n; i += od)
      for (size_t o = 0; o < od; ++o) ofm[i + o] = out_.apply(rescalers_[o](int64_t{acc[i + o]} + scales_[o].bias));
  }

 private:
  const std::vector<ChannelScale>& scales_;
  OutputStage out_;
  std::vector<Rescaler> rescalers_;
  PlainRequantize q_;
  bool plain_ = false;
};

// The accumulators start from ACC_FORMAT.acc_input and are left for a following KEEP; with
// acc_output disabled nothing is written. Decision (no source): the bias is not part of the
// accumulators, it is added with OFM_SCALE by the output stage (VELA chains only MatMul steps,
// whose bias is 0, after a NullPool bias preload).
bool finish(OpContext& ctx, AccumulatorBuffer& acc, const std::vector<ChannelScale>& scales) {
  const OperationConfig& op = ctx.op();
  if (!add_starting_accumulators(ctx, acc)) return false;
  if (!op.acc_output) {
    leave_accumulators(ctx, acc);
    return true;
  }
  FeatureMapValues& ofm = ctx.scratch().ofm;
  ofm.resize(acc.size());
  ConvOutput(ctx, scales).apply(acc.data(), acc.size(), ofm.data());
  leave_accumulators(ctx, acc);
  return store_feature_map(ctx, op.ofm, ofm);
}

// OFM elements per band of rows of a U55/U65 convolution with 32-bit accumulators: the band's
// accumulators (64 KiB) and, for an 8-bit OFM, its int32 OFM values stay in the host's L2 cache
// between the MAC loops, the output stage and the narrowing to bytes, and the buffers do not grow
// to the largest map's size (first touched in every new Executor).
constexpr size_t kBandElements = 16384;

// The values' low bytes (what an 8-bit OFM stores), compiled for AVX2 and the baseline.
CORSIM_NPU_MULTIVERSION
void low_bytes(const int32_t* __restrict values, size_t n, uint8_t* __restrict out) {
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(values[i]);
}

// Bands of OFM rows of a convolution with 32-bit sums: [oy0, oy1) and its first element.
struct Band {
  uint32_t oy0, oy1;
  size_t first, size;
};
// Rows per band: as many as kBandElements holds, at least one.
uint32_t band_rows(const OperationConfig& op) {
  const size_t row = size_t{op.ofm.width} * op.ofm.depth;
  return static_cast<uint32_t>(std::clamp<size_t>(kBandElements / std::max<size_t>(row, 1), 1, std::max(op.ofm.height, 1u)));
}
// The elements of the largest band (the first).
size_t band_elements(const OperationConfig& op) {
  return std::min(op.ofm.height, band_rows(op)) * size_t{op.ofm.width} * op.ofm.depth;
}
template <typename Fn>
void for_each_band(const OperationConfig& op, Accumulator32Buffer& band_acc, Fn&& fn) {
  const uint32_t oh = op.ofm.height, rows = band_rows(op);
  const size_t row = size_t{op.ofm.width} * op.ofm.depth;
  band_acc.resize(band_elements(op));  // each band's accumulators are written before they are read
  for (uint32_t oy0 = 0; oy0 < oh; oy0 += rows) {
    const uint32_t oy1 = std::min(oh, oy0 + rows);
    fn(Band{oy0, oy1, oy0 * row, (oy1 - oy0) * row});
  }
}

// U85: the whole map's 64-bit accumulators, the 32-bit sums widened band by band, then finish.
bool kept_accumulators_in_bands(OpContext& ctx, const MacInput& in, DenseWeights& w,
                                const std::vector<ChannelScale>& scales) {
  const OperationConfig& op = ctx.op();
  OpScratch& scratch = ctx.scratch();
  AccumulatorBuffer& acc = scratch.acc;
  acc.resize(op.ofm.elements());  // every accumulator is written below before it is read
  for_each_band(op, scratch.acc32, [&](const Band& b) {
    accumulate_rows<int32_t>(op, in, scratch, w, scratch.acc32.data(), b.oy0, b.oy1);
    std::copy_n(scratch.acc32.data(), b.size, acc.data() + b.first);
  });
  return finish(ctx, acc, scales);
}

// U55/U65: each band goes from the MAC loops to the output stage in 32 bits; an 8-bit OFM's values
// then to bytes, band by band, in a band-sized buffer.
bool output_in_bands(OpContext& ctx, const MacInput& in, DenseWeights& w, const std::vector<ChannelScale>& scales) {
  const OperationConfig& op = ctx.op();
  OpScratch& scratch = ctx.scratch();
  const bool bytes = stores_bytes(op.ofm);
  FeatureMapValues& ofm = scratch.ofm;
  if (bytes) scratch.ofm8.resize(op.ofm.elements());
  ofm.resize(bytes ? band_elements(op) : op.ofm.elements());  // one band's values, or the whole map's
  const ConvOutput output(ctx, scales);
  for_each_band(op, scratch.acc32, [&](const Band& b) {
    accumulate_rows<int32_t>(op, in, scratch, w, scratch.acc32.data(), b.oy0, b.oy1);
    output.apply(scratch.acc32.data(), b.size, bytes ? ofm.data() : ofm.data() + b.first);
    if (bytes) low_bytes(ofm.data(), b.size, scratch.ofm8.data() + b.first);
  });
  ctx.accumulators().forget();
  return bytes ? store_feature_map_bytes(ctx, op.ofm, scratch.ofm8) : store_feature_map(ctx, op.ofm, ofm);
}

// U85 MatMul (CONV with weights_ifm2; matmul_loop).
bool run_matmul(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  OpScratch& scratch = ctx.scratch();
  if (!load_feature_map(ctx, op.ifm, scratch.ifm)) return false;
  if (op.kernel.width != 1 || op.kernel.height != 1 || op.ifm.height != op.ofm.height || op.ifm.width != op.ofm.width)
    return ctx.fail(Fault::kCommand, "MatMul (CONV weights_ifm2) needs a 1x1 kernel and IFM H x W = OFM H x W");
  if (!load_feature_map(ctx, op.ifm2, scratch.ifm2)) return false;
  std::vector<ChannelScale> scales;
  if (!load_channel_scales(ctx, scales)) return false;
  AccumulatorBuffer& acc = scratch.acc;
  acc.resize(op.ofm.elements());  // every accumulator is written by matmul_loop
  matmul_loop(op, scratch.ifm, scratch.ifm2, acc);
  return finish(ctx, acc, scales);
}

}  // namespace

bool run_conv(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  if (op.kind == OpKind::kDepthwise && op.ifm.depth != op.ofm.depth)
    return ctx.fail(Fault::kCommand, "DEPTHWISE with IFM depth != OFM depth");
  if (op.weights_from_ifm2) return run_matmul(ctx);
  OpScratch& scratch = ctx.scratch();
  // 8-bit IFMs without upscale go straight to the int16 form the MAC loops read (one pass, no
  // int32 copy); the others through load_feature_map and prepare_input.
  const bool direct = op.upscale == 0 && fits_int16_minus_zero_point(op.ifm);
  if (direct ? !load_feature_map_minus_zero_point(ctx, op.ifm, scratch.ifm16) : !load_feature_map(ctx, op.ifm, scratch.ifm))
    return false;
  DenseWeights* weights = load_weights(ctx);
  if (!weights) return false;
  DenseWeights& w = *weights;
  std::vector<ChannelScale> scales;
  if (!load_channel_scales(ctx, scales)) return false;

  // 8-bit IFMs accumulate in 32 bit (ACC_FORMAT I32): the kernels form every sum in int32,
  // wrapping modulo 2^32 as it goes, so an int32 accumulator holds exactly what they compute (no
  // bound is needed; the bias, up to 40 bits on the U55 and 48 on the U85, is added to the
  // sign-extended accumulator in 64 bits by the output stage, requantize.h and Rescaler). Wider
  // IFMs accumulate in 64 bit (covers I40, ethosu55_interface.h acc_format).
  const bool acc32 = op.ifm.elem_bits == 8 && op.acc_format == 0;
  const MacInput in = prepare_mac_input(op, direct, scratch);
  if (!acc32) {
    AccumulatorBuffer& acc = scratch.acc;
    acc.resize(op.ofm.elements());  // every accumulator is written by the loops before it is read
    accumulate_rows<int64_t>(op, in, scratch, w, acc.data(), 0, op.ofm.height);
    return finish(ctx, acc, scales);
  }
  // The U85 keeps 64-bit accumulators for ACC_FORMAT acc_input (KEEP adds them to the next
  // operation's); the U55/U65 read none back (no ACC_FORMAT acc_input).
  return op.isa == Isa::kU85 ? kept_accumulators_in_bands(ctx, in, w, scales) : output_in_bands(ctx, in, w, scales);
}

}  // namespace corsim::npu
