// FPUnpack, FPRound, NaN processing and the simple constructors (Arm ARM DDI 0553, "Floating-point
// pseudocode": FPUnpackBase, FPRoundBase, FPProcessNaN(s)(3), FPDefaultNaN, FPZero, ...).
#include "cpu/fp/fp_internal.h"

#include <type_traits>

namespace corsim::cpu::fp {

using namespace detail;

FpEnv FpEnv::from_fpscr(uint32_t fpscr) {
  FpEnv env;
  env.rounding = static_cast<Rounding>((fpscr >> kRModeShift) & 3u);
  env.fz = (fpscr & kFz) != 0;
  env.fz16 = (fpscr & kFz16) != 0;
  env.dn = (fpscr & kDn) != 0;
  env.ahp = (fpscr & kAhp) != 0;
  return env;
}

FpEnv FpEnv::standard(uint32_t fpscr) {
  // StandardFPSCRValue() = '00000' : FPSCR.AHP : '110000' : FPSCR.FZ16 : Zeros(19).
  return from_fpscr((fpscr & (kAhp | kFz16)) | kDn | kFz);
}

template <class T> T default_nan() {
  // FPDefaultNaN: sign 0, exponent all ones, only the top fraction bit set.
  return pack<T>(false, kExpMax<T>, kQuietBit<T>);
}
template <class T> T zero(bool sign) { return pack<T>(sign, 0, 0); }
template <class T> T infinity(bool sign) { return pack<T>(sign, kExpMax<T>, 0); }
template <class T> T max_normal(bool sign) { return pack<T>(sign, kExpMax<T> - 1, kFracMask<T>); }
template <class T> T abs(T op) { return T(op & ~kSignBit<T>); }
template <class T> T neg(T op) { return T(op ^ kSignBit<T>); }

template <class T> T expand_imm(uint8_t imm8) {
  // VFPExpandImm: sign = imm8<7>; exp = NOT(imm8<6>) : Replicate(imm8<6>, E-3) : imm8<5:4>;
  // frac = imm8<3:0> : Zeros(F-4).
  constexpr int kE = Traits<T>::kE, kF = Traits<T>::kF;
  const uint32_t b6 = (imm8 >> 6) & 1;
  uint32_t exp = (b6 ^ 1) << (kE - 1);
  if (b6) exp |= ((1u << (kE - 3)) - 1) << 2;
  exp |= (imm8 >> 4) & 3;
  return pack<T>((imm8 >> 7) & 1, exp, uint64_t(imm8 & 0xF) << (kF - 4));
}

template <class T> FpType classify(T op, const FpEnv& env) {
  FpEnv scratch = env;  // unpack may set IDC; classification must not
  return unpack<T>(op, scratch).type;
}

namespace detail {

template <class T, class M>
T round(bool sign, int exp, M mant, Rounding rounding, FpEnv& env, Mode mode) {
  if constexpr (std::is_same_v<M, u128>) {
    if ((mant >> 64) == 0) return round<T, uint64_t>(sign, exp, uint64_t(mant), rounding, env, mode);
  }
  constexpr int kF = Traits<T>::kF;
  constexpr int kE = Traits<T>::kE;
  constexpr bool kHalf = Traits<T>::kN == 16;
  const bool ahp = kHalf && mode == Mode::kConvert && env.ahp;
  const bool flush = kHalf ? (env.fz16 && mode == Mode::kArith) : env.fz;

  // Normalise: value in [2^exponent, 2^(exponent+1)).
  const int exponent = exp + msb_index(mant);
  if (flush && exponent < kMinExp<T>) {
    // Flush-to-zero: UFC only, no IXC, whatever the rounding mode (tininess before rounding).
    raise(env, kUfc);
    return zero<T>(sign);
  }
  int biased_exp = exponent - kMinExp<T> + 1;
  if (biased_exp < 0) biased_exp = 0;
  // int_mant = RoundDown(value * 2^(F - e)) with e = exponent for normal results and minimum_exp
  // for denormal ones; `error` is classified against one half ulp.
  const int scale = (biased_exp > 0 ? exponent : kMinExp<T>) - kF;
  const int shift = exp - scale;
  constexpr int kW = kWidth<M>;
  uint64_t int_mant;  // < 2^(F+1) before rounding
  enum { kExact, kBelowHalf, kHalfWay, kAboveHalf } error;
  if (shift >= 0) {
    int_mant = uint64_t(mant) << shift;  // fits: < 2^(F+1)
    error = kExact;
  } else {
    const int r = -shift;
    if (r > kW) {
      int_mant = 0;
      error = kBelowHalf;  // mant < 2^W <= half an ulp
    } else {
      const M rem = r == kW ? mant : mant & ((M(1) << r) - 1);
      const M half = M(1) << (r - 1);
      int_mant = r == kW ? 0 : uint64_t(mant >> r);
      error = rem == 0 ? kExact : rem < half ? kBelowHalf : rem == half ? kHalfWay : kAboveHalf;
    }
  }
  // Arm detects tininess before rounding: biased_exp is that of the unrounded value.
  if (biased_exp == 0 && error != kExact) raise(env, kUfc);

  bool round_up = false, overflow_to_inf = false;
  switch (rounding) {
    case Rounding::kTieEven:
      round_up = error == kAboveHalf || (error == kHalfWay && (int_mant & 1));
      overflow_to_inf = true;
      break;
    case Rounding::kPosInf:
      round_up = error != kExact && !sign;
      overflow_to_inf = !sign;
      break;
    case Rounding::kNegInf:
      round_up = error != kExact && sign;
      overflow_to_inf = sign;
      break;
    case Rounding::kZero:
      break;
    case Rounding::kTieAway:  // not reached by the instructions FPRound serves; IEEE roundTiesToAway
      round_up = error == kAboveHalf || error == kHalfWay;
      overflow_to_inf = true;
      break;
  }
  if (round_up) {
    ++int_mant;
    if (int_mant == (uint64_t(1) << kF)) biased_exp = 1;  // denormal rounded up to the smallest normal
    if (int_mant == (uint64_t(1) << (kF + 1))) {          // carried into the next binade
      ++biased_exp;
      int_mant >>= 1;
    }
  }
  bool inexact = error != kExact;
  T result;
  if (!ahp) {
    if (biased_exp >= int(kExpMax<T>)) {
      result = overflow_to_inf ? infinity<T>(sign) : max_normal<T>(sign);
      raise(env, kOfc);
      inexact = true;
    } else {
      result = pack<T>(sign, uint32_t(biased_exp), uint64_t(int_mant));
    }
  } else {
    // Alternative half precision has no infinity: saturate and signal Invalid Operation.
    if (biased_exp >= (1 << kE)) {
      result = T((sign ? kSignBit<T> : T(0)) | (kSignBit<T> - 1));  // sign : Ones(N-1)
      raise(env, kIoc);
      inexact = false;
    } else {
      result = pack<T>(sign, uint32_t(biased_exp), uint64_t(int_mant));
    }
  }
  if (inexact) raise(env, kIxc);
  return result;
}

template <class T> T process_nan(const Unpacked& u, T op, FpEnv& env) {
  T result = op;
  if (u.type == FpType::kSNaN) {
    result = T(result | kQuietBit<T>);
    raise(env, kIoc);
  }
  if (env.dn) result = default_nan<T>();
  return result;
}

template <class T>
bool process_nans(const Unpacked& u1, const Unpacked& u2, T op1, T op2, FpEnv& env, T* result) {
  if (u1.type == FpType::kSNaN) {
    *result = process_nan(u1, op1, env);
  } else if (u2.type == FpType::kSNaN) {
    *result = process_nan(u2, op2, env);
  } else if (u1.type == FpType::kQNaN) {
    *result = process_nan(u1, op1, env);
  } else if (u2.type == FpType::kQNaN) {
    *result = process_nan(u2, op2, env);
  } else {
    return false;
  }
  return true;
}

template <class T>
bool process_nans3(const Unpacked& u1, const Unpacked& u2, const Unpacked& u3, T op1, T op2, T op3,
                   FpEnv& env, T* result) {
  if (u1.type == FpType::kSNaN) {
    *result = process_nan(u1, op1, env);
  } else if (u2.type == FpType::kSNaN) {
    *result = process_nan(u2, op2, env);
  } else if (u3.type == FpType::kSNaN) {
    *result = process_nan(u3, op3, env);
  } else if (u1.type == FpType::kQNaN) {
    *result = process_nan(u1, op1, env);
  } else if (u2.type == FpType::kQNaN) {
    *result = process_nan(u2, op2, env);
  } else if (u3.type == FpType::kQNaN) {
    *result = process_nan(u3, op3, env);
  } else {
    return false;
  }
  return true;
}

#define CORSIM_FP_INSTANTIATE(T)                                                                  \
  template T round<T, uint64_t>(bool, int, uint64_t, Rounding, FpEnv&, Mode);                    \
  template T round<T, u128>(bool, int, u128, Rounding, FpEnv&, Mode);                            \
  template T process_nan<T>(const Unpacked&, T, FpEnv&);                                          \
  template bool process_nans<T>(const Unpacked&, const Unpacked&, T, T, FpEnv&, T*);              \
  template bool process_nans3<T>(const Unpacked&, const Unpacked&, const Unpacked&, T, T, T,      \
                                 FpEnv&, T*);
CORSIM_FP_INSTANTIATE(uint16_t)
CORSIM_FP_INSTANTIATE(uint32_t)
CORSIM_FP_INSTANTIATE(uint64_t)
#undef CORSIM_FP_INSTANTIATE

}  // namespace detail

#define CORSIM_FP_INSTANTIATE(T)                  \
  template T default_nan<T>();                    \
  template T zero<T>(bool);                       \
  template T infinity<T>(bool);                   \
  template T max_normal<T>(bool);                 \
  template T abs<T>(T);                           \
  template T neg<T>(T);                           \
  template FpType classify<T>(T, const FpEnv&);   \
  template T expand_imm<T>(uint8_t);
CORSIM_FP_INSTANTIATE(uint16_t)
CORSIM_FP_INSTANTIATE(uint32_t)
CORSIM_FP_INSTANTIATE(uint64_t)
#undef CORSIM_FP_INSTANTIATE

}  // namespace corsim::cpu::fp
