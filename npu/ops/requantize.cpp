#include "npu/ops/requantize.h"

#include <algorithm>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CORSIM_NPU_HAVE_AVX2_KERNEL 1
#include <immintrin.h>
#endif

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
  const int64_t scale = r.scale(), r_max = std::max(r.round_term(0), r.round_term(-1));
  const int64_t r_min = std::min(r.round_term(0), r.round_term(-1));
  x_lo = INT32_MIN;
  x_hi = INT32_MAX;
  if (scale > 0) {
    // x * scale + r_max <= INT64_MAX and x * scale + r_min >= INT64_MIN (rounding toward zero
    // keeps both inside).
    x_hi = std::min<int64_t>(x_hi, (INT64_MAX - std::max<int64_t>(r_max, 0)) / scale);
    x_lo = std::max<int64_t>(x_lo, (INT64_MIN - std::min<int64_t>(r_min, 0)) / scale);
  }
  return x_lo <= x_hi && r.exact_in_64_bits(x_lo, x_hi);
}

bool requantize_scalar(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  const size_t od = q.channels();
  for (size_t i = 0; i < n; i += od)
    for (size_t o = 0; o < od; ++o) {
      if (!in_bounds(q, o, acc[i + o])) return false;
      out[i + o] = requantize_one(q, o, acc[i + o]);
    }
  return true;
}

#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL

bool requantize_avx2_available() { return __builtin_cpu_supports("avx2"); }

__attribute__((target("avx2"))) inline __m256i load(const void* p) {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}

// Four channels per step. AVX2 has no 64-bit multiply and no 64-bit arithmetic shift (Intel
// Intrinsics Guide: vpmuludq, vpsrlvq), so:
//  * x * scale: vpmuludq multiplies x's low 32 bits as unsigned, i.e. x + 2^32 when x < 0 (x is in
//    int32); subtracting scale * 2^32 for those lanes leaves the exact signed product;
//  * v >> s (arithmetic): with m = all ones when v < 0, ((v ^ m) >>> s) ^ m, since for negative v
//    ~v = -v - 1 >= 0 and floor(v / 2^s) = ~floor(~v / 2^s).
__attribute__((target("avx2"))) bool requantize_avx2(const PlainRequantize& q, const int64_t* acc, size_t n,
                                                      int32_t* out) {
  const size_t od = q.channels();
  const size_t vec_end = od & ~size_t{3};
  std::vector<int64_t> scale_hi(od);  // scale * 2^32
  for (size_t o = 0; o < od; ++o) scale_hi[o] = static_cast<int64_t>(static_cast<uint64_t>(q.scale[o]) << 32);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i zp = _mm256_set1_epi64x(q.zp), lo = _mm256_set1_epi64x(q.lo), hi = _mm256_set1_epi64x(q.hi);
  const __m256i low_halves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  __m256i outside = _mm256_setzero_si256();  // lanes whose x left its bounds
  for (size_t i = 0; i < n; i += od) {
    const int64_t* a = acc + i;
    int32_t* dst = out + i;
    size_t o = 0;
    for (; o < vec_end; o += 4) {
      // acc + bias cannot wrap: accumulators stay far below 2^62 (sums of 16 x 9-bit products,
      // with 48-bit biases at most).
      const __m256i x = _mm256_add_epi64(load(a + o), load(&q.bias[o]));
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

#else

bool requantize_avx2_available() { return false; }
bool requantize_avx2(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_scalar(q, acc, n, out);
}

#endif

bool requantize(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out) {
  return requantize_avx2_available() ? requantize_avx2(q, acc, n, out) : requantize_scalar(q, acc, n, out);
}

}  // namespace corsim::npu
