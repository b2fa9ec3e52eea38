#pragma once
// Shared helpers for the tests that use the host's IEEE 754 hardware (x86 SSE, libgcc's _Float16
// conversions) as an independent reference. The host is used only where its semantics coincide
// with Arm's: NaN results, the underflow flag (Arm detects tininess before rounding, x86 after) and
// FZ/DN behaviour are derived from the Arm ARM rules in the tests themselves.
#include "cpu/fp/fp.h"

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>
#include <type_traits>

namespace corsim::cpu::fp::test {

template <class T> struct Fmt;
template <> struct Fmt<uint16_t> {
  static constexpr int kF = 10, kBias = 15, kExpMax = 31;
};
template <> struct Fmt<uint32_t> {
  static constexpr int kF = 23, kBias = 127, kExpMax = 255;
};
template <> struct Fmt<uint64_t> {
  static constexpr int kF = 52, kBias = 1023, kExpMax = 2047;
};
template <class T> constexpr int kBits = int(sizeof(T) * 8);
template <class T> constexpr T frac_mask() { return T((T(1) << Fmt<T>::kF) - 1); }
template <class T> constexpr T quiet_bit() { return T(T(1) << (Fmt<T>::kF - 1)); }
template <class T> constexpr T exp_mask() { return T(T(Fmt<T>::kExpMax) << Fmt<T>::kF); }
template <class T> bool is_nan(T v) { return (v & exp_mask<T>()) == exp_mask<T>() && (v & frac_mask<T>()); }
template <class T> bool is_snan(T v) { return is_nan(v) && !(v & quiet_bit<T>()); }
template <class T> bool is_inf(T v) { return (v & T(~(T(1) << (kBits<T> - 1)))) == exp_mask<T>(); }
template <class T> bool is_zero(T v) { return (v & T(~(T(1) << (kBits<T> - 1)))) == 0; }
template <class T> bool is_denormal(T v) { return (v & exp_mask<T>()) == 0 && (v & frac_mask<T>()); }
template <class T> T make(bool sign, uint32_t e, uint64_t frac) {
  return T((T(sign) << (kBits<T> - 1)) | (T(e) << Fmt<T>::kF) | (T(frac) & frac_mask<T>()));
}

inline int host_mode(Rounding r) {
  switch (r) {
    case Rounding::kTieEven: return FE_TONEAREST;
    case Rounding::kPosInf: return FE_UPWARD;
    case Rounding::kNegInf: return FE_DOWNWARD;
    default: return FE_TOWARDZERO;
  }
}
inline uint32_t arm_flags_from_host(int ex) {
  uint32_t f = 0;
  if (ex & FE_INVALID) f |= kIoc;
  if (ex & FE_DIVBYZERO) f |= kDzc;
  if (ex & FE_OVERFLOW) f |= kOfc;
  if (ex & FE_INEXACT) f |= kIxc;
  return f;  // FE_UNDERFLOW is recomputed with Arm's tininess rule by the caller
}

// Operand generator: a mixture that hits every rounding situation often.
template <class T> class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}
  uint64_t bits() { return rng_(); }
  T any() {
    switch (rng_() % 8) {
      case 0: case 1: return T(rng_());  // uniform bit pattern
      case 2: return edge();
      case 3: return T(edge() + T(rng_() % 5) - 2);  // an edge value +-2 ulps
      case 4: return make<T>(rng_() & 1, rng_() % 3, rng_());  // denormal or smallest normals
      default: return make<T>(rng_() & 1, uint32_t(Fmt<T>::kBias - 12 + rng_() % 25), rng_());
    }
  }
  // A second operand near the first (cancellation, ties, equal exponents).
  T near(T a) {
    switch (rng_() % 4) {
      case 0: return T(a + T(rng_() % 9) - 4);
      case 1: return T((a ^ (T(1) << (kBits<T> - 1))) + T(rng_() % 5) - 2);
      case 2: { const int shift = int(rng_() % (Fmt<T>::kF + 4));
                return T(a - (T(shift) << Fmt<T>::kF) + T(rng_() % 3)); }
      default: return any();
    }
  }
  T edge() {
    static constexpr int kCount = 14;
    const T s = T(T(rng_() & 1) << (kBits<T> - 1));
    switch (rng_() % kCount) {
      case 0: return s;                                        // zero
      case 1: return T(s | exp_mask<T>());                     // infinity
      case 2: return T(s | exp_mask<T>() | quiet_bit<T>() | (T(rng_()) & (quiet_bit<T>() - 1)));
      case 3: return T(s | exp_mask<T>() | (T(rng_() | 1) & (quiet_bit<T>() - 1)));  // sNaN
      case 4: return T(s | 1);                                 // smallest denormal
      case 5: return T(s | frac_mask<T>());                    // largest denormal
      case 6: return make<T>(s != 0, 1, 0);                    // smallest normal
      case 7: return make<T>(s != 0, Fmt<T>::kExpMax - 1, frac_mask<T>());  // max normal
      case 8: return make<T>(s != 0, Fmt<T>::kBias, 0);         // 1.0
      case 9: return make<T>(s != 0, Fmt<T>::kBias + Fmt<T>::kF, rng_());  // around 2^F
      case 10: return make<T>(s != 0, Fmt<T>::kExpMax - 1 - rng_() % 3, rng_());
      case 11: return make<T>(s != 0, uint32_t(rng_() % (Fmt<T>::kBias)), rng_());
      case 12: return make<T>(s != 0, Fmt<T>::kBias - 1, 0);   // 0.5
      default: return make<T>(s != 0, uint32_t(std::min<uint64_t>(Fmt<T>::kBias + rng_() % 40,
                                                                  Fmt<T>::kExpMax)), rng_());
    }
  }
  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

}  // namespace corsim::cpu::fp::test
