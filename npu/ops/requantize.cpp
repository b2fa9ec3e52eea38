#include "npu/ops/requantize.h"

#include <algorithm>

#include "npu/ops/simd.h"

namespace corsim::npu {

namespace {

inline int32_t requantize_one(const PlainRequantize& q, size_t o, int64_t a) {
  const int64_t p = (a + q.bias[o]) * q.scale[o];
  // The round term by the product's sign without a branch (the sign is data: a branch here is
  // mispredicted half the time).
  const int64_t v = (p + q.r_pos[o] + ((p >> 63) & q.r_step[o])) >> q.shift[o];
  return static_cast<int32_t>(std::clamp(v + q.zp, q.lo, q.hi));
}

bool in_bounds(const PlainRequantize& q, size_t o, int64_t a) {
  int64_t x;
  return !__builtin_add_overflow(a, q.bias[o], &x) && x >= q.x_lo[o] && x <= q.x_hi[o];
}

}  // namespace

bool exact_bounds(const Rescaler& r, int64_t& x_lo, int64_t& x_hi) {
  if (!r.exact_in_64_bits(0, 0)) return false;
  const RescaleTerms t(r);
  const int64_t r_max = std::max(t.r_pos, t.r_neg), r_min = std::min(t.r_pos, t.r_neg);
  x_lo = INT32_MIN;
  x_hi = INT32_MAX;
  if (t.scale > 0) {
    // x * scale + r_max <= INT64_MAX and x * scale + r_min >= INT64_MIN (rounding toward zero
    // keeps both inside).
    x_hi = std::min<int64_t>(x_hi, (INT64_MAX - std::max<int64_t>(r_max, 0)) / t.scale);
    x_lo = std::max<int64_t>(x_lo, (INT64_MIN - std::min<int64_t>(r_min, 0)) / t.scale);
  }
  return x_lo <= x_hi && r.exact_in_64_bits(x_lo, x_hi);
}

void PlainRequantize::reserve(size_t n) {
  for (auto* v : {&bias, &scale, &r_pos, &r_step, &x_lo, &x_hi}) v->reserve(n);
  shift.reserve(n);
}

bool PlainRequantize::add_channel(int64_t channel_bias, const Rescaler& r) {
  int64_t channel_lo = 0, channel_hi = 0;
  if (!exact_bounds(r, channel_lo, channel_hi)) return false;
  const RescaleTerms t(r);
  bias.push_back(channel_bias);
  scale.push_back(t.scale);
  shift.push_back(t.shift);
  r_pos.push_back(t.r_pos);
  r_step.push_back(t.r_neg - t.r_pos);  // |terms| < 2^63 / 2 on the 64-bit path: no overflow
  x_lo.push_back(channel_lo);
  x_hi.push_back(channel_hi);
  return true;
}

template <typename A>
bool requantize_scalar_of(const PlainRequantize& q, const A* acc, size_t n, int32_t* out) {
  const size_t od = q.channels();
  for (size_t i = 0; i < n; i += od)
    for (size_t o = 0; o < od; ++o) {
      if (!in_bounds(q, o, acc[i + o])) return false;
      out[i + o] = requantize_one(q, o, acc[i + o]);
    }
  return true;
}

bool requantize_scalar(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_scalar_of(q, acc, n, out);
}
bool requantize_scalar(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out) {
  return requantize_scalar_of(q, acc, n, out);
}

#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL

bool requantize_avx2_available() { return host_has_avx2(); }

CORSIM_NPU_TARGET_AVX2 inline __m256i load(const void* p) {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}
// Four accumulators as int64 lanes (32-bit ones sign-extended, vpmovsxdq).
CORSIM_NPU_TARGET_AVX2 inline __m256i load4(const int64_t* p) { return load(p); }
CORSIM_NPU_TARGET_AVX2 inline __m256i load4(const int32_t* p) {
  return _mm256_cvtepi32_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

// Four channels per step. AVX2 has no 64-bit multiply and no 64-bit arithmetic shift (Intel
// Intrinsics Guide: vpmuludq, vpsrlvq), so:
//  * x * scale: vpmuludq multiplies x's low 32 bits as unsigned, i.e. x + 2^32 when x < 0 (x is in
//    int32); subtracting scale * 2^32 for those lanes leaves the exact signed product;
//  * v >> s (arithmetic): with m = all ones when v < 0, ((v ^ m) >>> s) ^ m, since for negative v
//    ~v = -v - 1 >= 0 and floor(v / 2^s) = ~floor(~v / 2^s).
template <typename A>
CORSIM_NPU_TARGET_AVX2 bool requantize_avx2_of(const PlainRequantize& q, const A* acc, size_t n, int32_t* out) {
  const size_t od = q.channels();
  const size_t vec_end = od & ~size_t{3};
  std::vector<int64_t> scale_hi(od);  // scale * 2^32
  for (size_t o = 0; o < od; ++o) scale_hi[o] = static_cast<int64_t>(static_cast<uint64_t>(q.scale[o]) << 32);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i zp = _mm256_set1_epi64x(q.zp), lo = _mm256_set1_epi64x(q.lo), hi = _mm256_set1_epi64x(q.hi);
  const __m256i low_halves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  __m256i outside = _mm256_setzero_si256();  // lanes whose x left its bounds
  for (size_t i = 0; i < n; i += od) {
    const A* a = acc + i;
    int32_t* dst = out + i;
    size_t o = 0;
    for (; o < vec_end; o += 4) {
      // acc + bias cannot wrap: accumulators stay far below 2^62 (sums of 16 x 9-bit products,
      // with 48-bit biases at most).
      const __m256i x = _mm256_add_epi64(load4(a + o), load(&q.bias[o]));
      outside = _mm256_or_si256(outside, _mm256_or_si256(_mm256_cmpgt_epi64(load(&q.x_lo[o]), x),
                                                         _mm256_cmpgt_epi64(x, load(&q.x_hi[o]))));
      const __m256i x_neg = _mm256_cmpgt_epi64(zero, x);
      const __m256i p = _mm256_sub_epi64(_mm256_mul_epu32(x, load(&q.scale[o])), _mm256_and_si256(x_neg, load(&scale_hi[o])));
      const __m256i p_neg = _mm256_cmpgt_epi64(zero, p);
      const __m256i round = _mm256_add_epi64(load(&q.r_pos[o]), _mm256_and_si256(p_neg, load(&q.r_step[o])));
      const __m256i sum = _mm256_add_epi64(p, round);
      const __m256i s_neg = _mm256_cmpgt_epi64(zero, sum);
      __m256i v = _mm256_xor_si256(_mm256_srlv_epi64(_mm256_xor_si256(sum, s_neg), load(&q.shift[o])), s_neg);
      v = _mm256_add_epi64(v, zp);
      v = _mm256_blendv_epi8(v, lo, _mm256_cmpgt_epi64(lo, v));
      v = _mm256_blendv_epi8(v, hi, _mm256_cmpgt_epi64(v, hi));
      // The four results fit in int32 (lo, hi do): their low halves, in order.
      v = _mm256_permutevar8x32_epi32(v, low_halves);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + o), _mm256_castsi256_si128(v));
    }
    for (; o < od; ++o) {
      if (!in_bounds(q, o, a[o])) return false;
      dst[o] = requantize_one(q, o, a[o]);
    }
  }
  return _mm256_testz_si256(outside, outside);
}

bool requantize_avx2(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_avx2_of(q, acc, n, out);
}
bool requantize_avx2(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out) {
  return requantize_avx2_of(q, acc, n, out);
}

bool requantize_avx512_available() { return host_has_avx512f(); }

// GCC 12 warns inside its own AVX-512 intrinsic headers (the _mm512_undefined_* operands of the
// unmasked forms; GCC bug 105593), not about this code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// Eight lanes with AVX-512F, which has the 64-bit arithmetic shift (vpsravq) and 64-bit min/max
// that AVX2 lacks (Intel Intrinsics Guide). The channel constants are repeated to a period P that
// is a multiple of both the channel count and 8, so the accumulators are one flat run of 8-lane
// steps whatever the channel count (4-channel maps fill whole vectors too).
// Eight accumulators as int64 lanes (32-bit ones sign-extended, vpmovsxdq).
CORSIM_NPU_TARGET_AVX512F inline __m512i load8(const int64_t* p) { return _mm512_loadu_si512(p); }
CORSIM_NPU_TARGET_AVX512F inline __m512i load8(const int32_t* p) {
  return _mm512_cvtepi32_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}

template <typename A>
CORSIM_NPU_TARGET_AVX512F bool requantize_avx512_of(const PlainRequantize& q, const A* acc, size_t n, int32_t* out) {
  const size_t od = q.channels();
  size_t period = od;
  while (period % 8 != 0 || period < 64) period += od;
  std::vector<int64_t> bias(period), scale(period), scale_hi(period), r_pos(period), r_step(period), x_lo(period),
      x_span(period), shift(period);
  bool scales_below_2_31 = true;
  for (size_t j = 0; j < period; ++j) {
    const size_t o = j % od;
    bias[j] = q.bias[o];
    scale[j] = q.scale[o];
    scales_below_2_31 = scales_below_2_31 && q.scale[o] <= INT32_MAX;
    scale_hi[j] = static_cast<int64_t>(static_cast<uint64_t>(q.scale[o]) << 32);
    r_pos[j] = q.r_pos[o];
    r_step[j] = q.r_step[o];
    x_lo[j] = q.x_lo[o];
    x_span[j] = q.x_hi[o] - q.x_lo[o];  // both within int32: no overflow
    shift[j] = static_cast<int64_t>(q.shift[o]);
  }
  const __m512i zero = _mm512_setzero_si512();
  const __m512i zp = _mm512_set1_epi64(q.zp), lo = _mm512_set1_epi64(q.lo), hi = _mm512_set1_epi64(q.hi);
  __mmask8 outside = 0;
  for (size_t base = 0; base < n; base += period) {
    const size_t len = std::min(period, n - base);
    const A* a = acc + base;
    int32_t* dst = out + base;
    size_t j = 0;
    for (; j + 8 <= len; j += 8) {
      const __m512i x = _mm512_add_epi64(load8(a + j), _mm512_loadu_si512(&bias[j]));
      // x in [x_lo, x_hi] as one unsigned compare: x - x_lo (|x| < 2^62, so no wrap past 2^63)
      // is at most x_hi - x_lo.
      outside |= _mm512_cmpgt_epu64_mask(_mm512_sub_epi64(x, _mm512_loadu_si512(&x_lo[j])),
                                         _mm512_loadu_si512(&x_span[j]));
      // x * scale: with every scale below 2^31, vpmuldq's signed product of the low halves (x
      // is within int32 wherever the result is kept); else as in the AVX2 kernel, vpmuludq and
      // then scale * 2^32 off where x < 0.
      __m512i p;
      if (scales_below_2_31) {
        p = _mm512_mul_epi32(x, _mm512_loadu_si512(&scale[j]));
      } else {
        p = _mm512_mul_epu32(x, _mm512_loadu_si512(&scale[j]));
        p = _mm512_mask_sub_epi64(p, _mm512_cmpgt_epi64_mask(zero, x), p, _mm512_loadu_si512(&scale_hi[j]));
      }
      __m512i sum = _mm512_add_epi64(p, _mm512_loadu_si512(&r_pos[j]));
      sum = _mm512_mask_add_epi64(sum, _mm512_cmpgt_epi64_mask(zero, p), sum, _mm512_loadu_si512(&r_step[j]));
      __m512i v = _mm512_add_epi64(_mm512_srav_epi64(sum, _mm512_loadu_si512(&shift[j])), zp);
      v = _mm512_min_epi64(_mm512_max_epi64(v, lo), hi);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + j), _mm512_cvtepi64_epi32(v));
    }
    for (; j < len; ++j) {
      if (!in_bounds(q, j % od, a[j])) return false;
      dst[j] = requantize_one(q, j % od, a[j]);
    }
  }
  return outside == 0;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

bool requantize_avx512(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_avx512_of(q, acc, n, out);
}
bool requantize_avx512(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out) {
  return requantize_avx512_of(q, acc, n, out);
}

#else

bool requantize_avx512_available() { return false; }
bool requantize_avx512(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_scalar(q, acc, n, out);
}
bool requantize_avx512(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out) {
  return requantize_scalar(q, acc, n, out);
}
bool requantize_avx2_available() { return false; }
bool requantize_avx2(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_scalar(q, acc, n, out);
}
bool requantize_avx2(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out) {
  return requantize_scalar(q, acc, n, out);
}

#endif

namespace {
template <typename A>
bool requantize_fastest(const PlainRequantize& q, const A* acc, size_t n, int32_t* out) {
  if (requantize_avx512_available()) return requantize_avx512(q, acc, n, out);
  if (requantize_avx2_available()) return requantize_avx2(q, acc, n, out);
  return requantize_scalar(q, acc, n, out);
}
}  // namespace

bool requantize(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_fastest(q, acc, n, out);
}
bool requantize(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out) {
  return requantize_fastest(q, acc, n, out);
}

}  // namespace corsim::npu
