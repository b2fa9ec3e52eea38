#pragma once
// The output stage of the common convolution case as one pass over the accumulators, in a scalar
// form (the definition) and a SIMD form chosen at run time (issue 17 item 3). The arithmetic is
// Rescaler's 64-bit path (rescale.h) followed by OutputStage::apply without a LUT:
//   x = acc + bias;  p = x * scale;  v = (p + round(sign p)) >> shift;  q = clamp(v + zp, lo, hi)
// valid when x lies in [x_lo, x_hi] of its channel: within int32 and where |p| plus the round term
// stays inside int64 (Rescaler::exact_in_64_bits). The kernels check every x against its bounds as
// they go and return false if one is outside (the caller then takes the general path, which
// rewrites every output).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "npu/ops/rescale.h"

namespace corsim::npu {

// The widest [x_lo, x_hi] within int32 where x * scale plus either round term stays inside int64;
// false when the Rescaler has no 64-bit path (shift >= 64).
bool exact_bounds(const Rescaler& r, int64_t& x_lo, int64_t& x_hi);

// The per-channel constants (index = OFM channel), one vector per term so that a vector kernel
// loads consecutive channels' values at once, and the per-operation clamp.
struct PlainRequantize {
  std::vector<int64_t> bias;
  std::vector<int64_t> scale;   // RescaleTerms::scale
  std::vector<uint64_t> shift;  // RescaleTerms::shift
  std::vector<int64_t> r_pos;   // RescaleTerms::r_pos, the round term for p >= 0
  std::vector<int64_t> r_step;  // r_neg - r_pos: added for p < 0 without a branch
  std::vector<int64_t> x_lo, x_hi;  // where the 64-bit arithmetic is exact (exact_bounds)
  int64_t zp = 0, lo = 0, hi = 0;  // lo, hi within int32
  size_t channels() const { return bias.size(); }
  // Room for n channels, so that add_channel does not reallocate (one ConvOutput per operation).
  void reserve(size_t n);
  // Appends the next channel: its bias, its Rescaler's terms and exact bounds. False, with nothing
  // appended, when the Rescaler has no 64-bit path.
  bool add_channel(int64_t channel_bias, const Rescaler& r);
};

// acc and out hold n values in [pixel][channel] order (n a multiple of channels()). False when an x
// is outside its channel's bounds (out then holds partial results). Each kernel takes 64-bit
// accumulators or 32-bit ones (U55/U65 convolutions with ACC_FORMAT I32, conv.cpp), which it
// sign-extends as it loads them: the arithmetic after the load is the same.
bool requantize_scalar(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out);
bool requantize_scalar(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out);
// The same with AVX2 (4 lanes); only defined where it can be compiled (x86-64, GCC or clang).
bool requantize_avx2_available();
bool requantize_avx2(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out);
bool requantize_avx2(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out);
// The same with AVX-512F (8 lanes, any channel count).
bool requantize_avx512_available();
bool requantize_avx512(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out);
bool requantize_avx512(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out);
// The fastest of the three the host CPU runs.
bool requantize(const PlainRequantize& q, const int64_t* acc, size_t n, int32_t* out);
bool requantize(const PlainRequantize& q, const int32_t* acc, size_t n, int32_t* out);

}  // namespace corsim::npu
