#include "tools/model_compiler/reference_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace corsim::model_compiler::reference {

void quantize_multiplier(double real, int32_t& multiplier, int& shift) {
  if (real == 0.0) {
    multiplier = 0;
    shift = 0;
    return;
  }
  const double q = std::frexp(real, &shift);
  int64_t q_fixed = static_cast<int64_t>(std::round(q * (1LL << 31)));
  if (q_fixed == (1LL << 31)) {
    q_fixed /= 2;
    ++shift;
  }
  multiplier = static_cast<int32_t>(q_fixed);
}

int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b) {
  const bool overflow = a == b && a == std::numeric_limits<int32_t>::min();
  const int64_t ab = int64_t{a} * int64_t{b};
  const int32_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
  const int32_t high = static_cast<int32_t>((ab + nudge) / (1LL << 31));
  return overflow ? std::numeric_limits<int32_t>::max() : high;
}

int32_t rounding_divide_by_pot(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((1LL << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + ((x < 0) ? 1 : 0);
  return (x >> exponent) + ((remainder > threshold) ? 1 : 0);
}

int32_t multiply_by_quantized_multiplier(int64_t x, int32_t multiplier, int shift) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  const int32_t xx = static_cast<int32_t>(x * (int64_t{1} << left));
  return rounding_divide_by_pot(saturating_rounding_doubling_high_mul(xx, multiplier), right);
}

int32_t tosa_apply_scale_32(int64_t value, int32_t multiplier, int shift, bool double_round) {
  int64_t round = int64_t{1} << (shift - 1);
  if (double_round && shift > 31) round += value >= 0 ? (int64_t{1} << 30) : -(int64_t{1} << 30);
  // TOSA computes in 64 bits; for the operand ranges used here the product stays inside int64,
  // and the spec uses an arithmetic (flooring) shift.
  const __int128 r = static_cast<__int128>(value) * multiplier + round;
  const __int128 result = r >> shift;
  return static_cast<int32_t>(std::clamp<__int128>(result, std::numeric_limits<int32_t>::min(),
                                                   std::numeric_limits<int32_t>::max()));
}

void tosa_reciprocal_scale(uint32_t value, int32_t& multiplier, int& shift) {
  // k such that (1 << k) / 2 < value <= (1 << k).
  int k = 0;
  while ((uint64_t{1} << k) < value) ++k;
  const int64_t numerator = ((int64_t{1} << 30) + 1) << k;
  multiplier = static_cast<int32_t>(numerator / value);
  shift = 30 + k;
}

namespace {
int32_t clamp(int64_t v, int32_t lo, int32_t hi) { return static_cast<int32_t>(std::clamp<int64_t>(v, lo, hi)); }
}  // namespace

Tensor conv2d_per_channel(const Tensor& in, const std::vector<int32_t>& W, const std::vector<int64_t>& bias,
                          const std::vector<int32_t>& mult, const std::vector<int>& shift, uint32_t out_h,
                          uint32_t out_w, uint32_t out_c, const ConvParams& p) {
  Tensor out{out_h, out_w, out_c, std::vector<int32_t>(size_t{out_h} * out_w * out_c)};
  for (uint32_t oy = 0; oy < out_h; ++oy)
    for (uint32_t ox = 0; ox < out_w; ++ox)
      for (uint32_t o = 0; o < out_c; ++o) {
        int64_t acc = 0;
        for (uint32_t ky = 0; ky < p.kh; ++ky)
          for (uint32_t kx = 0; kx < p.kw; ++kx) {
            const int64_t iy = int64_t{oy} * p.sy + int64_t{ky} * p.dy - p.pad_top;
            const int64_t ix = int64_t{ox} * p.sx + int64_t{kx} * p.dx - p.pad_left;
            if (iy < 0 || ix < 0 || iy >= in.h || ix >= in.w) continue;
            for (uint32_t i = 0; i < in.c; ++i)
              acc += int64_t{in.at(uint32_t(iy), uint32_t(ix), i) - p.in_zp} *
                     W[((size_t{o} * p.kh + ky) * p.kw + kx) * in.c + i];
          }
        acc += bias[o];
        const int64_t r = int64_t{multiply_by_quantized_multiplier(acc, mult[o], shift[o])} + p.out_zp;
        out.v[(size_t{oy} * out_w + ox) * out_c + o] = clamp(r, p.act_min, p.act_max);
      }
  return out;
}

Tensor depthwise_per_channel(const Tensor& in, const std::vector<int32_t>& W, const std::vector<int64_t>& bias,
                             const std::vector<int32_t>& mult, const std::vector<int>& shift, uint32_t out_h,
                             uint32_t out_w, const ConvParams& p) {
  Tensor out{out_h, out_w, in.c, std::vector<int32_t>(size_t{out_h} * out_w * in.c)};
  for (uint32_t oy = 0; oy < out_h; ++oy)
    for (uint32_t ox = 0; ox < out_w; ++ox)
      for (uint32_t c = 0; c < in.c; ++c) {
        int64_t acc = 0;
        for (uint32_t ky = 0; ky < p.kh; ++ky)
          for (uint32_t kx = 0; kx < p.kw; ++kx) {
            const int64_t iy = int64_t{oy} * p.sy + int64_t{ky} * p.dy - p.pad_top;
            const int64_t ix = int64_t{ox} * p.sx + int64_t{kx} * p.dx - p.pad_left;
            if (iy < 0 || ix < 0 || iy >= in.h || ix >= in.w) continue;
            acc += int64_t{in.at(uint32_t(iy), uint32_t(ix), c) - p.in_zp} * W[(size_t{c} * p.kh + ky) * p.kw + kx];
          }
        acc += bias[c];
        const int64_t r = int64_t{multiply_by_quantized_multiplier(acc, mult[c], shift[c])} + p.out_zp;
        out.v[(size_t{oy} * out_w + ox) * in.c + c] = clamp(r, p.act_min, p.act_max);
      }
  return out;
}

Tensor max_pool(const Tensor& in, uint32_t out_h, uint32_t out_w, const ConvParams& p) {
  Tensor out{out_h, out_w, in.c, std::vector<int32_t>(size_t{out_h} * out_w * in.c)};
  for (uint32_t oy = 0; oy < out_h; ++oy)
    for (uint32_t ox = 0; ox < out_w; ++ox)
      for (uint32_t c = 0; c < in.c; ++c) {
        int32_t m = std::numeric_limits<int32_t>::min();
        for (uint32_t ky = 0; ky < p.kh; ++ky)
          for (uint32_t kx = 0; kx < p.kw; ++kx) {
            const int64_t iy = int64_t{oy} * p.sy + ky - p.pad_top, ix = int64_t{ox} * p.sx + kx - p.pad_left;
            if (iy < 0 || ix < 0 || iy >= in.h || ix >= in.w) continue;
            m = std::max(m, in.at(uint32_t(iy), uint32_t(ix), c));
          }
        out.v[(size_t{oy} * out_w + ox) * in.c + c] = clamp(m, p.act_min, p.act_max);
      }
  return out;
}

Tensor tosa_avg_pool(const Tensor& in, uint32_t out_h, uint32_t out_w, const ConvParams& p) {
  Tensor out{out_h, out_w, in.c, std::vector<int32_t>(size_t{out_h} * out_w * in.c)};
  for (uint32_t oy = 0; oy < out_h; ++oy)
    for (uint32_t ox = 0; ox < out_w; ++ox)
      for (uint32_t c = 0; c < in.c; ++c) {
        int64_t acc = 0;
        uint32_t count = 0;
        for (uint32_t ky = 0; ky < p.kh; ++ky)
          for (uint32_t kx = 0; kx < p.kw; ++kx) {
            const int64_t iy = int64_t{oy} * p.sy + ky - p.pad_top, ix = int64_t{ox} * p.sx + kx - p.pad_left;
            if (iy < 0 || ix < 0 || iy >= in.h || ix >= in.w) continue;
            acc += in.at(uint32_t(iy), uint32_t(ix), c) - p.in_zp;
            ++count;
          }
        int32_t m = 0;
        int s = 0;
        tosa_reciprocal_scale(count, m, s);
        const int64_t r = int64_t{tosa_apply_scale_32(acc, m, s, false)} + p.out_zp;
        out.v[(size_t{oy} * out_w + ox) * in.c + c] = clamp(r, p.act_min, p.act_max);
      }
  return out;
}

TfliteAddScales tflite_add_scales(double in1_scale, double in2_scale, double out_scale) {
  TfliteAddScales p;
  const double twice_max = 2.0 * std::max(in1_scale, in2_scale);
  quantize_multiplier(in1_scale / twice_max, p.m1, p.s1);
  quantize_multiplier(in2_scale / twice_max, p.m2, p.s2);
  quantize_multiplier(twice_max / (double(int64_t{1} << p.left_shift) * out_scale), p.mo, p.so);
  return p;
}

int32_t tflite_add(const TfliteAddScales& p, int32_t a, int32_t b, int32_t zp_a, int32_t zp_b, int32_t zp_out, int32_t lo,
                   int32_t hi) {
  const int64_t shifted_a = (int64_t{a} - zp_a) * (int64_t{1} << p.left_shift);
  const int64_t shifted_b = (int64_t{b} - zp_b) * (int64_t{1} << p.left_shift);
  const int32_t scaled_a = multiply_by_quantized_multiplier(shifted_a, p.m1, p.s1);
  const int32_t scaled_b = multiply_by_quantized_multiplier(shifted_b, p.m2, p.s2);
  const int32_t raw = multiply_by_quantized_multiplier(int64_t{scaled_a} + scaled_b, p.mo, p.so);
  return clamp(int64_t{raw} + zp_out, lo, hi);
}

int32_t tosa_binary(EwOp op, int32_t a, int32_t b, int32_t zp_a, int32_t zp_b, int32_t multiplier, int shift,
                    int32_t zp_out, int32_t lo, int32_t hi) {
  const int64_t x = int64_t{a} - zp_a, y = int64_t{b} - zp_b;
  int64_t r = 0;
  switch (op) {
    case EwOp::kAdd: r = x + y; break;
    case EwOp::kSub: r = x - y; break;
    case EwOp::kMul: r = x * y; break;
    case EwOp::kMin: r = std::min(x, y); break;
    case EwOp::kMax: r = std::max(x, y); break;
  }
  return clamp(int64_t{tosa_apply_scale_32(r, multiplier, shift, true)} + zp_out, lo, hi);
}

int32_t tosa_int32(IntOp op, int32_t a, int32_t b) {
  const auto ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
  switch (op) {
    case IntOp::kDiv:
      if (b == 0) return 0;
      if (a == std::numeric_limits<int32_t>::min() && b == -1) return std::numeric_limits<int32_t>::max();
      return a / b;  // C++ division truncates toward zero, as TOSA INTDIV
    case IntOp::kLsr: return static_cast<int32_t>(b < 0 || b > 31 ? 0u : ua >> b);
    case IntOp::kAsr: return b < 0 || b > 31 ? (a < 0 ? -1 : 0) : a >> b;
    case IntOp::kAsrRound: {
      // ARITHMETIC_RIGHT_SHIFT with round = true: add 1 if the last bit shifted out was set.
      if (b <= 0 || b > 31) return b <= 0 ? a : (a < 0 ? -1 : 0);
      const int32_t r = a >> b;
      return r + ((a >> (b - 1)) & 1);
    }
    case IntOp::kShl: return static_cast<int32_t>(b < 0 || b > 31 ? 0u : ua << b);
    case IntOp::kAnd: return static_cast<int32_t>(ua & ub);
    case IntOp::kOr: return static_cast<int32_t>(ua | ub);
    case IntOp::kXor: return static_cast<int32_t>(ua ^ ub);
    case IntOp::kNot: return static_cast<int32_t>(~ua);
    case IntOp::kAndNot: return static_cast<int32_t>(ua & ~ub);
    case IntOp::kClz: {
      int n = 0;
      for (int i = 31; i >= 0 && !((ua >> i) & 1); --i) ++n;
      return n;
    }
    case IntOp::kEq: return a == b;
    case IntOp::kNe: return a != b;
    case IntOp::kGe: return a >= b;
    case IntOp::kGt: return a > b;
    case IntOp::kMin: return std::min(a, b);
    case IntOp::kMax: return std::max(a, b);
    case IntOp::kAbs: return a == std::numeric_limits<int32_t>::min() ? a : std::abs(a);
  }
  return 0;
}

std::vector<int64_t> tosa_matmul(const std::vector<int32_t>& A, const std::vector<int32_t>& B, uint32_t M, uint32_t K,
                                 uint32_t N, int32_t za, int32_t zb) {
  std::vector<int64_t> out(size_t{M} * N, 0);
  for (uint32_t m = 0; m < M; ++m)
    for (uint32_t n = 0; n < N; ++n) {
      int64_t acc = 0;
      for (uint32_t k = 0; k < K; ++k) acc += int64_t{A[size_t{m} * K + k] - za} * (B[size_t{k} * N + n] - zb);
      out[size_t{m} * N + n] = acc;
    }
  return out;
}

Tensor tosa_transpose(const Tensor& in, const uint32_t perm[3]) {
  const uint32_t dims[3] = {in.h, in.w, in.c};
  Tensor out;
  out.h = dims[perm[0]];
  out.w = dims[perm[1]];
  out.c = dims[perm[2]];
  out.v.resize(in.v.size());
  for (uint32_t y = 0; y < out.h; ++y)
    for (uint32_t x = 0; x < out.w; ++x)
      for (uint32_t c = 0; c < out.c; ++c) {
        uint32_t idx[3] = {0, 0, 0};
        idx[perm[0]] = y;
        idx[perm[1]] = x;
        idx[perm[2]] = c;
        out.v[(size_t{y} * out.w + x) * out.c + c] = in.at(idx[0], idx[1], idx[2]);
      }
  return out;
}

Tensor tosa_resize_nearest(const Tensor& in, uint32_t out_h, uint32_t out_w, int32_t scale_y_n, int32_t scale_y_d,
                           int32_t offset_y, int32_t scale_x_n, int32_t scale_x_d, int32_t offset_x) {
  auto index = [](int64_t o, int64_t n, int64_t d, int64_t off, int64_t extent) {
    const int64_t y = o * d + off;
    int64_t iy = y >= 0 ? y / n : -((-y + n - 1) / n);
    const int64_t dy = y - iy * n;
    const int64_t iy0 = std::max<int64_t>(iy, 0), iy1 = std::min<int64_t>(iy + 1, extent - 1);
    return std::min<int64_t>(dy >= n / 2 ? iy1 : iy0, extent - 1);
  };
  Tensor out;
  out.h = out_h;
  out.w = out_w;
  out.c = in.c;
  out.v.resize(size_t{out_h} * out_w * in.c);
  for (uint32_t y = 0; y < out_h; ++y) {
    const auto iy = static_cast<uint32_t>(index(y, scale_y_n, scale_y_d, offset_y, in.h));
    for (uint32_t x = 0; x < out_w; ++x) {
      const auto ix = static_cast<uint32_t>(index(x, scale_x_n, scale_x_d, offset_x, in.w));
      for (uint32_t c = 0; c < in.c; ++c) out.v[(size_t{y} * out_w + x) * in.c + c] = in.at(iy, ix, c);
    }
  }
  return out;
}

std::vector<int64_t> tosa_resize_bilinear(const Tensor& in, uint32_t out_h, uint32_t out_w, int32_t scale_y_n,
                                          int32_t scale_y_d, int32_t offset_y, int32_t scale_x_n, int32_t scale_x_d,
                                          int32_t offset_x) {
  struct Axis { int64_t i0, i1, d; };
  auto axis = [](int64_t o, int64_t n, int64_t d, int64_t off, int64_t extent) {
    const int64_t y = o * d + off;
    const int64_t iy = y >= 0 ? y / n : -((-y + n - 1) / n);
    return Axis{std::max<int64_t>(iy, 0), std::min<int64_t>(iy + 1, extent - 1), y - iy * n};
  };
  std::vector<int64_t> out(size_t{out_h} * out_w * in.c);
  size_t i = 0;
  for (uint32_t y = 0; y < out_h; ++y) {
    const Axis ay = axis(y, scale_y_n, scale_y_d, offset_y, in.h);
    for (uint32_t x = 0; x < out_w; ++x) {
      const Axis ax = axis(x, scale_x_n, scale_x_d, offset_x, in.w);
      for (uint32_t c = 0; c < in.c; ++c, ++i) {
        const int64_t v00 = in.at(uint32_t(ay.i0), uint32_t(ax.i0), c), v01 = in.at(uint32_t(ay.i0), uint32_t(ax.i1), c);
        const int64_t v10 = in.at(uint32_t(ay.i1), uint32_t(ax.i0), c), v11 = in.at(uint32_t(ay.i1), uint32_t(ax.i1), c);
        out[i] = v00 * (scale_y_n - ay.d) * (scale_x_n - ax.d) + v01 * (scale_y_n - ay.d) * ax.d +
                 v10 * ay.d * (scale_x_n - ax.d) + v11 * ay.d * ax.d;
      }
    }
  }
  return out;
}

Tensor tosa_argmax(const Tensor& in, unsigned axis) {
  Tensor out;
  out.h = axis == 0 ? 1 : in.h;
  out.w = axis == 1 ? 1 : in.w;
  out.c = in.c;
  out.v.resize(size_t{out.h} * out.w * out.c);
  const uint32_t n = axis == 0 ? in.h : in.w;
  for (uint32_t y = 0; y < out.h; ++y)
    for (uint32_t x = 0; x < out.w; ++x)
      for (uint32_t c = 0; c < in.c; ++c) {
        int32_t best = 0;
        for (uint32_t k = 1; k < n; ++k) {
          const int32_t v = axis == 0 ? in.at(k, x, c) : in.at(y, k, c);
          const int32_t b = axis == 0 ? in.at(uint32_t(best), x, c) : in.at(y, uint32_t(best), c);
          if (v > b) best = int32_t(k);
        }
        out.v[(size_t{y} * out.w + x) * out.c + c] = best;
      }
  return out;
}

std::vector<int32_t> tosa_gather(const std::vector<int32_t>& values, const std::vector<int32_t>& indices, uint32_t N,
                                 uint32_t K, uint32_t W, uint32_t C) {
  std::vector<int32_t> out(size_t{N} * W * C);
  for (uint32_t n = 0; n < N; ++n)
    for (uint32_t w = 0; w < W; ++w) {
      const auto k = static_cast<uint32_t>(indices[size_t{n} * W + w]);
      for (uint32_t c = 0; c < C; ++c) out[(size_t{n} * W + w) * C + c] = values[(size_t{n} * K + k) * C + c];
    }
  return out;
}

std::vector<int32_t> tosa_scatter(const std::vector<int32_t>& values_in, const std::vector<int32_t>& indices,
                                  const std::vector<int32_t>& input, uint32_t N, uint32_t K, uint32_t W, uint32_t C) {
  std::vector<int32_t> out = values_in;
  for (uint32_t n = 0; n < N; ++n)
    for (uint32_t w = 0; w < W; ++w) {
      const auto k = static_cast<uint32_t>(indices[size_t{n} * W + w]);
      for (uint32_t c = 0; c < C; ++c) out[(size_t{n} * K + k) * C + c] = input[(size_t{n} * W + w) * C + c];
    }
  return out;
}

std::vector<int64_t> tosa_conv2d_acc(const Tensor& in, const std::vector<int32_t>& W, const std::vector<int64_t>& bias,
                                     uint32_t out_h, uint32_t out_w, uint32_t out_c, const ConvParams& p) {
  std::vector<int64_t> out(size_t{out_h} * out_w * out_c);
  for (uint32_t oy = 0; oy < out_h; ++oy)
    for (uint32_t ox = 0; ox < out_w; ++ox)
      for (uint32_t o = 0; o < out_c; ++o) {
        int64_t acc = bias[o];
        for (uint32_t ky = 0; ky < p.kh; ++ky)
          for (uint32_t kx = 0; kx < p.kw; ++kx) {
            const int64_t iy = int64_t{oy} * p.sy + int64_t{ky} * p.dy - p.pad_top;
            const int64_t ix = int64_t{ox} * p.sx + int64_t{kx} * p.dx - p.pad_left;
            if (iy < 0 || ix < 0 || iy >= in.h || ix >= in.w) continue;
            for (uint32_t i = 0; i < in.c; ++i)
              acc += int64_t{in.at(uint32_t(iy), uint32_t(ix), i) - p.in_zp} *
                     W[((size_t{o} * p.kh + ky) * p.kw + kx) * in.c + i];
          }
        out[(size_t{oy} * out_w + ox) * out_c + o] = acc;
      }
  return out;
}

int32_t tosa_apply_scale_16(int64_t value, int32_t multiplier, int shift) {
  const __int128 r = (static_cast<__int128>(value) * multiplier + (__int128{1} << (shift - 1))) >> shift;
  return static_cast<int32_t>(std::clamp<__int128>(r, std::numeric_limits<int32_t>::min(),
                                                   std::numeric_limits<int32_t>::max()));
}

int32_t tosa_table8(const std::vector<int32_t>& table, int32_t in) { return table[static_cast<size_t>(in + 128)]; }

}  // namespace corsim::model_compiler::reference
