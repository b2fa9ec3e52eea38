#pragma once
// The convolution's inner product kernels (8-bit IFM, 32-bit accumulators, ACC_FORMAT I32): every
// OFM channel's dot product with one receptive-field patch. Sums are int32 and wrap (modulo 2^32,
// so every summation order gives the same bits). Compiled for the baseline x86-64 and, where it
// pays, for AVX2, chosen at run time (no -march=native).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace corsim::npu {

// out[o] = sum_i patch[i] * w[o * taps + i] for o < od (weights [o][tap]).
void dot_all_channels_i16(const int16_t* patch, const int16_t* w, size_t taps, uint32_t od, int32_t* out);

// The weights [o][tap] re-laid for dot_all_channels_pairs: [tap / 2][o (od rounded up to 8)][2],
// an odd last tap and the padding channels carrying 0.
void pair_weights(const int16_t* w, size_t taps, uint32_t od, std::vector<int16_t>& pairs);
// The same sums as dot_all_channels_i16 from pair_weights' layout: one AVX2 vpmaddwd multiplies a
// broadcast pair of patch values with a pair of taps of 8 channels, so short patches (1x1
// convolutions over few channels) keep the vector unit busy. Needs AVX2 (pairs_kernel_available).
bool pairs_kernel_available();
void dot_all_channels_pairs(const int16_t* patch, const int16_t* pairs, size_t taps, uint32_t od, int32_t* out);

}  // namespace corsim::npu
