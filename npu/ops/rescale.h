#pragma once
// Fixed-point rescale and the output stage (Vela regor Scale<T>; KWS golden).
#include <algorithm>
#include <cstdint>
#include <span>

#include "npu/op_config.h"

namespace corsim::npu {

using Int128 = __int128;

// v = (x * scale + round) >> shift, in 128-bit (x may be 40-bit, scale 32-bit).
// Round terms (regor Scale<T>, U55 modes): NATURAL 2^(shift-1) (half up); TRUNCATE toward zero;
// DBL ("TFL") 2^(shift-1) + (p >= 0 ? 2^30 : -2^30) when shift > 31 — this equals
// TFLite's SaturatingRoundingDoublingHighMul + RoundingDivideByPOT exactly (Q1).
// U85 modes and dbl_rnd (regor Scale<T>): SYMMETRIC R - (p < 0), TRUNCATE_TO_LOWER 0 (floor),
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

// rescale() for one fixed (scale, shift, mode, dbl), e.g. one OFM channel: the round term depends
// only on the product's sign, so both are computed once; an x within int32 (every 8-bit
// convolution's accumulator plus bias) is multiplied in 64 bits, where |x * scale| < 2^63 and the
// sum with the round term is checked for overflow, so the result equals rescale()'s 128-bit one.
// Anything else takes rescale() itself.
class Rescaler {
 public:
  Rescaler() = default;
  Rescaler(uint32_t scale, uint32_t shift, RoundMode mode, uint32_t dbl = 0)
      : scale_(scale), shift_(shift), mode_(mode), dbl_(dbl) {
    fast_ = shift < 64;
    if (!fast_ || shift == 0) return;  // shift 0: no round term (rescale() clamps p, which fits)
    const int64_t half = int64_t{1} << (shift - 1);
    const bool doubled = dbl <= 30 && shift + dbl > 31;
    const int64_t d = doubled ? int64_t{1} << (30 - dbl) : 0;
    switch (mode) {
      case RoundMode::kNatural: r_pos_ = r_neg_ = half; break;
      case RoundMode::kTruncate: r_pos_ = 0; r_neg_ = static_cast<int64_t>((uint64_t{1} << shift) - 1); break;
      case RoundMode::kTruncateToLower: r_pos_ = r_neg_ = 0; break;
      case RoundMode::kSymmetric: r_pos_ = half; r_neg_ = half - 1; break;
      case RoundMode::kDoubleAsymmetric: r_pos_ = r_neg_ = half + d; break;
      case RoundMode::kDbl:
      default: r_pos_ = half + d; r_neg_ = half - d; break;
    }
  }
  // True when every x in [x_min, x_max] takes the 64-bit path without an overflow check: then
  // round_term(p) and the shift below give operator()'s result.
  bool exact_in_64_bits(int64_t x_min, int64_t x_max) const {
    if (!fast_ || x_min < INT32_MIN || x_max > INT32_MAX) return false;
    const Int128 p_hi = Int128{std::max<int64_t>(x_max, 0)} * scale_, p_lo = Int128{std::min<int64_t>(x_min, 0)} * scale_;
    return p_hi + std::max(r_pos_, r_neg_) <= INT64_MAX && p_lo + std::min(r_pos_, r_neg_) >= INT64_MIN;
  }
  uint32_t scale() const { return scale_; }
  uint32_t shift() const { return shift_; }
  int64_t round_term(int64_t p) const { return p >= 0 ? r_pos_ : r_neg_; }
  int64_t operator()(int64_t x) const {
    if (fast_ && x >= INT32_MIN && x <= INT32_MAX) {
      const int64_t p = x * int64_t{scale_};
      int64_t sum;
      if (!__builtin_add_overflow(p, p >= 0 ? r_pos_ : r_neg_, &sum)) return sum >> shift_;
    }
    return wide(x);
  }
  // rescale() for any x (the elementwise operands and sums, wider than int32): the same 128-bit
  // product, with the round term taken from the two precomputed ones (each < 2^63 when shift < 64)
  // instead of the round-mode switch.
  int64_t wide(Int128 x) const {
    if (!fast_) return rescale(x, scale_, shift_, mode_, dbl_);
    const Int128 p = x * scale_;
    const Int128 v = (p + (p >= 0 ? r_pos_ : r_neg_)) >> shift_;
    const Int128 lim = INT64_MAX;
    return static_cast<int64_t>(v > lim ? lim : v < -lim - 1 ? -lim - 1 : v);
  }

 private:
  uint32_t scale_ = 1, shift_ = 0;
  RoundMode mode_ = RoundMode::kDbl;
  uint32_t dbl_ = 0;
  bool fast_ = false;
  int64_t r_pos_ = 0, r_neg_ = 0;
};

// A Rescaler's 64-bit path as plain numbers, for a loop that has shown once, before it runs, that
// every x it takes stays on that path (Rescaler::exact_in_64_bits, exact_bounds in requantize.h):
// v = (x * scale + round) >> shift, round = r_pos when x * scale >= 0, else r_neg. For such x it
// equals the Rescaler, and so rescale(); outside them (or with shift >= 64, where the Rescaler
// has no 64-bit path) the terms mean nothing.
struct RescaleTerms {
  int64_t scale = 1;  // 0 .. 2^32 - 1
  int64_t r_pos = 0, r_neg = 0;
  uint32_t shift = 0;  // 0 .. 63
  explicit RescaleTerms(const Rescaler& r)
      : scale(r.scale()), r_pos(r.round_term(0)), r_neg(r.round_term(-1)), shift(r.shift()) {}
  int64_t operator()(int64_t x) const {
    const int64_t p = x * scale;
    return (p + (p >= 0 ? r_pos : r_neg)) >> shift;
  }
};

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
  // lut_base + op.lut.offset (Vela ethos_u55_register_cs_generator.cpp).
  OutputStage(const OperationConfig& op, std::span<const uint8_t> lut_memory, uint32_t lut_base);
  // Without a LUT and below 32 bits the stage is v + zero point, clamped to [lo, hi]: a kernel can
  // then apply it in its own vectorisable loop (false otherwise).
  bool plain(int64_t& zp, int64_t& lo, int64_t& hi) const {
    zp = zp_;
    lo = lo_;
    hi = hi_;
    return !lut_ && !wide_;
  }
  int32_t apply(int64_t v) const {
    if (lut_) return lookup(add_zero_point(v, zp_));
    if (wide_) return static_cast<int32_t>(std::clamp(v, lo_, hi_));
    return static_cast<int32_t>(std::clamp(add_zero_point(v, zp_), lo_, hi_));
  }

 private:
  // v + zp saturated to 64 bits: v may already be a saturated 64-bit result (elementwise), and the
  // clamp or LUT index after it gives the same answer as the unbounded sum (found by fuzz/npu_stream,
  // fuzz/regressions/npu_stream/ofm_zero_point_overflow).
  static int64_t add_zero_point(int64_t v, int64_t zp) {
    int64_t sum;
    if (!__builtin_add_overflow(v, zp, &sum)) return sum;
    return zp > 0 ? INT64_MAX : INT64_MIN;
  }
  int32_t lookup(int64_t index_value) const;
  int64_t zp_ = 0;
  int64_t lo_ = 0, hi_ = 0;  // final clamp
  bool wide_ = false;        // 32-bit OFM: no zero point, no ACTIVATION_MIN/MAX (KWS golden)
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
