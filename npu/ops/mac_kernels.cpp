#include "npu/ops/mac_kernels.h"

#include <algorithm>
#include <cstring>

#include "npu/ops/simd.h"

namespace corsim::npu {

// Compiled twice, for AVX2 and for the baseline x86-64 (npu/ops/simd.h).
CORSIM_NPU_MULTIVERSION
void dot_all_channels_i16(const int16_t* __restrict patch, const int16_t* __restrict w, size_t taps, uint32_t od,
                          int32_t* __restrict out) {
  // Four channels at a time so that each patch element loaded feeds four multiply-adds
  // (vectorised as pmaddwd / vpmaddwd).
  uint32_t o = 0;
  for (; o + 4 <= od; o += 4) {
    const int16_t* w0 = w + size_t{o} * taps;
    const int16_t* w1 = w0 + taps;
    const int16_t* w2 = w1 + taps;
    const int16_t* w3 = w2 + taps;
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (size_t i = 0; i < taps; ++i) {
      const int32_t x = patch[i];
      s0 += x * w0[i];
      s1 += x * w1[i];
      s2 += x * w2[i];
      s3 += x * w3[i];
    }
    out[o] = s0;
    out[o + 1] = s1;
    out[o + 2] = s2;
    out[o + 3] = s3;
  }
  for (; o < od; ++o) {
    const int16_t* wo = w + size_t{o} * taps;
    int32_t s = 0;
    for (size_t i = 0; i < taps; ++i) s += int32_t{patch[i]} * wo[i];
    out[o] = s;
  }
}

namespace {
constexpr uint32_t kLanes = 8;  // int32 lanes of an AVX2 register
uint32_t padded_channels(uint32_t od) { return (od + kLanes - 1) / kLanes * kLanes; }
}  // namespace

void pair_weights(const int16_t* w, size_t taps, uint32_t od, std::vector<int16_t>& pairs) {
  const size_t n_pairs = (taps + 1) / 2, odp = padded_channels(od);
  pairs.assign(n_pairs * odp * 2, 0);
  for (uint32_t o = 0; o < od; ++o) {
    const int16_t* src = w + size_t{o} * taps;
    int16_t* dst = &pairs[size_t{o} * 2];
    // Tap pair k of channel o at [k][o][2]: one 4-byte copy per pair, the odd last tap alone.
    for (size_t k = 0; k < taps / 2; ++k, src += 2, dst += odp * 2) std::memcpy(dst, src, 2 * sizeof(int16_t));
    if (taps & 1) dst[0] = src[0];
  }
}

#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL

bool pairs_kernel_available() { return host_has_avx2(); }

namespace {

// Channels o0 .. o0 + 8 * kRegs of one patch, their sums held in kRegs registers. A product pair
// summed by vpmaddwd can reach 2^31 and wrap; the sums are modulo 2^32 whatever the order, as
// dot_all_channels_i16's.
// The sums go to out[o0 ...] directly when all 8 * kRegs channels exist (n == 8 * kRegs), else
// through `sums` for the caller to copy the first n.
template <unsigned kRegs>
CORSIM_NPU_TARGET_AVX2 void pairs_block(const int16_t* patch, const int16_t* pairs, size_t taps,
                                                 size_t odp, uint32_t o0, uint32_t n, int32_t* sums, int32_t* out) {
  __m256i acc[kRegs];
  for (unsigned r = 0; r < kRegs; ++r) acc[r] = _mm256_setzero_si256();
  const size_t full = taps / 2;
  const int16_t* wp = pairs + size_t{o0} * 2;
  for (size_t t = 0; t < full; ++t, wp += odp * 2) {
    int32_t two;
    std::memcpy(&two, patch + 2 * t, sizeof two);  // patch[2t] low, patch[2t + 1] high
    const __m256i x = _mm256_set1_epi32(two);
    for (unsigned r = 0; r < kRegs; ++r)
      acc[r] = _mm256_add_epi32(
          acc[r], _mm256_madd_epi16(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wp + 16 * r))));
  }
  if (taps & 1) {  // the last tap alone: its pair's second weight is 0
    const __m256i x = _mm256_set1_epi32(static_cast<uint16_t>(patch[taps - 1]));
    for (unsigned r = 0; r < kRegs; ++r)
      acc[r] = _mm256_add_epi32(
          acc[r], _mm256_madd_epi16(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wp + 16 * r))));
  }
  if (n == kLanes * kRegs) {
    for (unsigned r = 0; r < kRegs; ++r) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + o0 + kLanes * r), acc[r]);
    return;
  }
  for (unsigned r = 0; r < kRegs; ++r) _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + kLanes * r), acc[r]);
  for (uint32_t k = 0; k < n; ++k) out[o0 + k] = sums[k];
}

}  // namespace

void dot_all_channels_pairs(const int16_t* patch, const int16_t* pairs, size_t taps, uint32_t od, int32_t* out) {
  const size_t odp = padded_channels(od);
  constexpr unsigned kMaxRegs = 8;  // 64 channels per pass: 8 of AVX2's 16 registers hold sums
  alignas(32) int32_t sums[kLanes * kMaxRegs];
  for (uint32_t o0 = 0; o0 < od; o0 += kLanes * kMaxRegs) {
    const unsigned regs = static_cast<unsigned>(std::min<size_t>(kMaxRegs, (odp - o0) / kLanes));
    const uint32_t n = std::min<uint32_t>(od - o0, kLanes * regs);
    switch (regs) {
      case 1: pairs_block<1>(patch, pairs, taps, odp, o0, n, sums, out); break;
      case 2: pairs_block<2>(patch, pairs, taps, odp, o0, n, sums, out); break;
      case 3: pairs_block<3>(patch, pairs, taps, odp, o0, n, sums, out); break;
      case 4: pairs_block<4>(patch, pairs, taps, odp, o0, n, sums, out); break;
      case 5: pairs_block<5>(patch, pairs, taps, odp, o0, n, sums, out); break;
      case 6: pairs_block<6>(patch, pairs, taps, odp, o0, n, sums, out); break;
      case 7: pairs_block<7>(patch, pairs, taps, odp, o0, n, sums, out); break;
      default: pairs_block<8>(patch, pairs, taps, odp, o0, n, sums, out); break;
    }
  }
}

#else

bool pairs_kernel_available() { return false; }
void dot_all_channels_pairs(const int16_t* patch, const int16_t* pairs, size_t taps, uint32_t od, int32_t* out) {
  const size_t odp = padded_channels(od);
  for (uint32_t o = 0; o < od; ++o) {
    int32_t s = 0;
    for (size_t i = 0; i < taps; ++i) s += int32_t{patch[i]} * pairs[((i / 2) * odp + o) * 2 + (i & 1)];
    out[o] = s;
  }
}

#endif

}  // namespace corsim::npu
