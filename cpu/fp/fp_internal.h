#pragma once
// Internal helpers shared by the fp_*.cpp files: format traits, FPUnpack, FPRound, NaN handling.
#include "cpu/fp/fp.h"

#include <bit>
#include <cstdint>

namespace corsim::cpu::fp::detail {

using u128 = unsigned __int128;

// Format parameters of the pseudocode (N, E, F, minimum_exp = 2 - 2^(E-1)).
template <class T> struct Traits;
template <> struct Traits<uint16_t> {
  static constexpr int kN = 16, kE = 5, kF = 10, kBias = 15;
};
template <> struct Traits<uint32_t> {
  static constexpr int kN = 32, kE = 8, kF = 23, kBias = 127;
};
template <> struct Traits<uint64_t> {
  static constexpr int kN = 64, kE = 11, kF = 52, kBias = 1023;
};
template <class T> inline constexpr int kMinExp = 1 - Traits<T>::kBias;  // unbiased exponent of 1.0 * 2^min
template <class T> inline constexpr T kSignBit = T(T(1) << (Traits<T>::kN - 1));
template <class T> inline constexpr T kFracMask = T((T(1) << Traits<T>::kF) - 1);
template <class T> inline constexpr T kQuietBit = T(T(1) << (Traits<T>::kF - 1));
template <class T> inline constexpr uint32_t kExpMax = (1u << Traits<T>::kE) - 1;

template <class T> constexpr bool sign_of(T v) { return (v >> (Traits<T>::kN - 1)) & 1; }
template <class T> constexpr uint32_t exp_field(T v) {
  return uint32_t(v >> Traits<T>::kF) & kExpMax<T>;
}
template <class T> constexpr T pack(bool sign, uint32_t biased_exp, uint64_t frac) {
  return T((T(sign) << (Traits<T>::kN - 1)) | (T(biased_exp) << Traits<T>::kF) |
           (T(frac) & kFracMask<T>));
}

// An unpacked operand: value = (sign ? -1 : 1) * mant * 2^exp for kDenormal/kNonzero. mant is 0
// for kZero and the NaNs; kInfinity has mant 0 as well (callers test the type first).
struct Unpacked {
  FpType type;
  bool sign;
  int exp;
  uint64_t mant;
  bool is_nan() const { return type == FpType::kQNaN || type == FpType::kSNaN; }
  bool is_inf() const { return type == FpType::kInfinity; }
  bool is_zero() const { return type == FpType::kZero; }
};

// Which variant of FPUnpack/FPRound: arithmetic (FPUnpack/FPRound: AHP treated as 0) or conversion
// (FPUnpackCV/FPRoundCV: FZ16 treated as 0, AHP honoured).
enum class Mode : uint8_t { kArith, kConvert };

inline void raise(FpEnv& env, uint32_t flag) { env.flags |= flag; }

// FPUnpackBase. Sets IDC when a single/double denormal is flushed (FZ=1). Inline: it is on every
// operation's hot path.
template <class T> inline Unpacked unpack(T op, FpEnv& env, Mode mode = Mode::kArith) {
  constexpr int kF = Traits<T>::kF;
  const bool sign = sign_of(op);
  const uint32_t e = exp_field(op);
  const uint64_t frac = uint64_t(op & kFracMask<T>);
  if (e == 0) {
    if (frac == 0) return {FpType::kZero, sign, 0, 0};
    if constexpr (Traits<T>::kN == 16) {
      // FZ16 flushes half-precision inputs of arithmetic without setting IDC; FPUnpackCV clears
      // FZ16 so conversions never flush a half input.
      if (env.fz16 && mode == Mode::kArith) return {FpType::kZero, sign, 0, 0};
    } else if (env.fz) {
      raise(env, kIdc);  // "Denormalized input flushed to zero"
      return {FpType::kZero, sign, 0, 0};
    }
    return {FpType::kDenormal, sign, kMinExp<T> - kF, frac};
  }
  const bool ahp = Traits<T>::kN == 16 && mode == Mode::kConvert && env.ahp;
  if (e == kExpMax<T> && !ahp) {
    if (frac == 0) return {FpType::kInfinity, sign, 0, 0};
    const bool quiet = (frac >> (kF - 1)) & 1;
    return {quiet ? FpType::kQNaN : FpType::kSNaN, sign, 0, 0};
  }
  return {FpType::kNonzero, sign, int(e) - Traits<T>::kBias - kF, frac | (uint64_t(1) << kF)};
}

// True when op is a normal number (neither zero, denormal, infinity nor NaN). For such operands
// FPUnpack cannot flush, signal or produce a special type, so the arithmetic can skip straight to
// the real-number step (a fast path that computes exactly what the general path does).
template <class T> inline bool is_normal(T op) { return exp_field(op) - 1u < kExpMax<T> - 1u; }
template <class T> inline Unpacked unpack_normal(T op) {
  constexpr int kF = Traits<T>::kF;
  return {FpType::kNonzero, sign_of(op), int(exp_field(op)) - Traits<T>::kBias - kF,
          uint64_t(op & kFracMask<T>) | (uint64_t(1) << kF)};
}

// FPRoundBase applied to the real value (sign ? -1 : 1) * mant * 2^exp, mant != 0. The value must be
// exact, or carry at least two bits below the rounding position with the lowest bit set as a
// sticky bit ("round to odd" accumulator): rounding and tininess are then decided exactly.
// M is uint64_t or u128 (a u128 that fits in 64 bits takes the 64-bit path).
template <class T, class M>
T round(bool sign, int exp, M mant, Rounding rounding, FpEnv& env, Mode mode = Mode::kArith);

// FPProcessNaN: quieten (IOC if signalling), or the default NaN when DN=1.
template <class T> T process_nan(const Unpacked& u, T op, FpEnv& env);
// FPProcessNaNs: true when a NaN was found; *result receives the propagated NaN.
template <class T>
bool process_nans(const Unpacked& u1, const Unpacked& u2, T op1, T op2, FpEnv& env, T* result);
// FPProcessNaNs3 (FPMulAdd): priority sNaN1, sNaN2, sNaN3, qNaN1, qNaN2, qNaN3.
template <class T>
bool process_nans3(const Unpacked& u1, const Unpacked& u2, const Unpacked& u3, T op1, T op2, T op3,
                   FpEnv& env, T* result);

template <class M> inline constexpr int kWidth = int(sizeof(M) * 8);

inline int msb_index(uint64_t v) { return 63 - std::countl_zero(v); }  // v != 0
inline int msb_index(u128 v) {  // v != 0
  const uint64_t hi = uint64_t(v >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(uint64_t(v));
}

// v >> n, OR-ing a 1 into bit 0 when any set bit is shifted out (sticky). Any n >= 0.
template <class M> inline M shift_right_sticky(M v, int n) {
  if (n <= 0) return v;
  if (n >= kWidth<M>) return v != 0 ? 1 : 0;
  const M lost = v & ((M(1) << n) - 1);
  return (v >> n) | M(lost != 0 ? 1 : 0);
}

}  // namespace corsim::cpu::fp::detail
