#pragma once
// Fixed-point rescale and the output stage (spec/ethos-u.md §3.1, §3.5, corrections §8.5/§8.6).
#include <algorithm>
#include <cstdint>
#include <span>

#include "npu/op_config.h"

namespace corsim::npu {

using Int128 = __int128;

// v = (x * scale + round) >> shift, in 128-bit (x may be 40-bit, scale 32-bit).
// Round terms (§3.1 table, U55 modes): NATURAL 2^(shift-1) (half up); TRUNCATE toward zero;
// DBL ("TFL") 2^(shift-1) + (p >= 0 ? 2^30 : -2^30) when shift > 31 — §8.5 shows this equals
// TFLite's SaturatingRoundingDoublingHighMul + RoundingDivideByPOT exactly (Q1).
// U85 modes and dbl_rnd (§3.1 table, §9.4): SYMMETRIC R - (p < 0), TRUNCATE_TO_LOWER 0 (floor),
// DOUBLE_ASYMMETRIC R + D, and D = 2^(30 - dbl) when shift > 31 - dbl (dbl = 0 on the U55).
inline int64_t rescale(Int128 x, uint32_t scale, uint32_t shift, RoundMode mode, uint32_t dbl = 0) {
  const Int128 p = x * scale;
  if (shift == 0) {
    const Int128 lim = INT64_MAX;
    return static_cast<int64_t>(std::clamp<Int128>(p, -lim - 1, lim));
  }
  Int128 r = 0;
  switch (mode) {
    case RoundMode::kNatural: r = Int128{1} << (shift - 1); break;
    case RoundMode::kTruncate: r = p >= 0 ? 0 : (Int128{1} << shift) - 1; break;
    case RoundMode::kTruncateToLower: r = 0; break;
    case RoundMode::kSymmetric: r = (Int128{1} << (shift - 1)) - (p < 0 ? 1 : 0); break;
    case RoundMode::kDoubleAsymmetric:
      r = Int128{1} << (shift - 1);
      if (dbl <= 30 && shift + dbl > 31) r += Int128{1} << (30 - dbl);
      break;
    case RoundMode::kDbl:
    default:
      r = Int128{1} << (shift - 1);
      if (dbl <= 30 && shift + dbl > 31) r += p >= 0 ? (Int128{1} << (30 - dbl)) : -(Int128{1} << (30 - dbl));
      break;
  }
  const Int128 v = (p + r) >> shift;
  const Int128 lim = INT64_MAX;
  return static_cast<int64_t>(std::clamp<Int128>(v, -lim - 1, lim));
}

inline int64_t type_min(unsigned bits, bool is_signed) {
  return is_signed ? -(int64_t{1} << (bits - 1)) : 0;
}
inline int64_t type_max(unsigned bits, bool is_signed) {
  return is_signed ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
}

// Precomputed output stage of one operation: scaled value -> stored OFM value.
class OutputStage {
 public:
  // `lut_memory` is the whole SHRAM (U55) or LUT RAM (U85); the table is read at
  // lut_base + op.lut.offset (§3.5, §8.6, §9.5).
  OutputStage(const OperationConfig& op, std::span<const uint8_t> lut_memory, uint32_t lut_base);
  int32_t apply(int64_t v) const;

 private:
  int32_t lookup(int64_t index_value) const;
  int64_t zp_ = 0;
  int64_t lo_ = 0, hi_ = 0;  // final clamp
  bool wide_ = false;        // 32-bit OFM: no zero point, no ACTIVATION_MIN/MAX (§8.5)
  bool lut_ = false;
  ActivationFunction fn_ = ActivationFunction::kNone;
  int64_t lut_lo_ = 0, lut_hi_ = 0;  // clip range for the index
  bool lut_signed_ = true;
  unsigned lut_bits_ = 8;  // index width: 8 (256 entries) or 16 (interpolated, 512 entries)
  unsigned entry_bytes_ = 1;
  unsigned ofm_bits_ = 8;
  bool ofm_signed_ = true;
  const uint8_t* table_ = nullptr;
  size_t table_bytes_ = 0;
};

}  // namespace corsim::npu
