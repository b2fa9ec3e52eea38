// FPRoundInt (VRINT*), FPToFixed / FixedToFP (VCVT float<->integer and float<->fixed) and
// FPConvert (VCVT/VCVTB/VCVTT between half, single and double) from the Arm ARM pseudocode.
#include "cpu/fp/fp_internal.h"

namespace corsim::cpu::fp {

using namespace detail;

namespace {

using i128 = __int128;

enum class Frac : uint8_t { kZero, kBelowHalf, kHalf, kAboveHalf };

// The pseudocode's "int_result = RoundDown(value); error = value - int_result" followed by the
// rounding-mode increment, for value = (-1)^sign * mant * 2^exp. `huge` means |value| >= 2^100,
// beyond every integer format (the caller saturates); int_result is then meaningless.
struct RoundedInt {
  i128 value;
  bool inexact;
  bool huge;
};

RoundedInt round_to_integer(bool sign, int exp, uint64_t mant, Rounding rounding) {
  u128 ip;
  Frac frac;
  if (exp >= 0) {
    if (msb_index(mant) + exp >= 100) return {0, false, true};
    ip = u128(mant) << exp;
    frac = Frac::kZero;
  } else {
    const int r = -exp;
    if (r > 64) {  // mant < 2^64 <= half
      ip = 0;
      frac = Frac::kBelowHalf;
    } else {
      const u128 m = mant;
      const u128 rem = m & ((u128(1) << r) - 1), half = u128(1) << (r - 1);
      ip = m >> r;
      frac = rem == 0 ? Frac::kZero : rem < half ? Frac::kBelowHalf
                                     : rem == half ? Frac::kHalf : Frac::kAboveHalf;
    }
  }
  // RoundDown of a negative value: -ip, or -ip-1 with the fraction mirrored.
  i128 int_result = i128(ip);
  Frac error = frac;
  if (sign) {
    int_result = -int_result;
    if (frac != Frac::kZero) {
      int_result -= 1;
      error = frac == Frac::kBelowHalf ? Frac::kAboveHalf
              : frac == Frac::kAboveHalf ? Frac::kBelowHalf : Frac::kHalf;
    }
  }
  bool round_up = false;
  switch (rounding) {
    case Rounding::kTieEven:
      round_up = error == Frac::kAboveHalf || (error == Frac::kHalf && (int_result & 1));
      break;
    case Rounding::kPosInf: round_up = error != Frac::kZero; break;
    case Rounding::kNegInf: round_up = false; break;
    case Rounding::kZero: round_up = error != Frac::kZero && int_result < 0; break;
    case Rounding::kTieAway:
      round_up = error == Frac::kAboveHalf || (error == Frac::kHalf && int_result >= 0);
      break;
  }
  if (round_up) ++int_result;
  return {int_result, error != Frac::kZero, false};
}

// FPConvertNaN: keep the sign and the most significant payload bits, force the quiet bit.
template <class To, class From> To convert_nan(From op) {
  uint64_t frac = uint64_t(op & kFracMask<From>);
  constexpr int kShift = Traits<To>::kF - Traits<From>::kF;
  if constexpr (kShift >= 0) {
    frac <<= kShift;
  } else {
    frac >>= -kShift;
  }
  return pack<To>(sign_of(op), kExpMax<To>, frac | kQuietBit<To>);
}

}  // namespace

template <class T> T round_int(T op, Rounding rounding, bool exact, FpEnv& env) {
  const Unpacked u = unpack(op, env);
  if (u.is_nan()) return process_nan(u, op, env);
  if (u.is_inf()) return infinity<T>(u.sign);
  if (u.is_zero()) return zero<T>(u.sign);
  if (u.exp >= 0) return round<T>(u.sign, u.exp, u.mant, Rounding::kZero, env);  // integral already
  const RoundedInt r = round_to_integer(u.sign, u.exp, u.mant, rounding);
  T result;
  if (r.value == 0) {
    result = zero<T>(u.sign);  // FPZero(sign): the sign of the operand survives (-0.3 -> -0)
  } else {
    const u128 mag = r.value < 0 ? u128(-r.value) : u128(r.value);
    // "result is exact so no rounding exceptions possible"
    result = round<T>(r.value < 0, 0, mag, Rounding::kZero, env);
  }
  if (r.inexact && exact) raise(env, kIxc);
  return result;
}

template <class T>
uint64_t to_fixed(T op, unsigned width, unsigned fbits, bool is_unsigned, Rounding rounding,
                  FpEnv& env) {
  const Unpacked u = unpack(op, env);
  const uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  const i128 max_value = is_unsigned ? (i128(1) << width) - 1 : (i128(1) << (width - 1)) - 1;
  const i128 min_value = is_unsigned ? 0 : -(i128(1) << (width - 1));
  if (u.is_nan()) {
    // The NaN's value is 0.0: converts to 0 with Invalid Operation and nothing else.
    raise(env, kIoc);
    return 0;
  }
  if (u.is_zero()) return 0;
  RoundedInt r;
  if (u.is_inf()) {
    r = {0, false, true};  // value 2^1000000: always saturates
  } else {
    r = round_to_integer(u.sign, u.exp + int(fbits), u.mant, rounding);
  }
  i128 v = r.value;
  bool overflow = false;
  if (r.huge) {
    v = u.sign ? min_value : max_value;
    overflow = true;
  } else if (v > max_value) {
    v = max_value;
    overflow = true;
  } else if (v < min_value) {
    v = min_value;
    overflow = true;
  }
  if (overflow) {
    raise(env, kIoc);
  } else if (r.inexact) {
    raise(env, kIxc);
  }
  return uint64_t(v) & mask;
}

template <class T>
T from_fixed(uint64_t op, unsigned width, unsigned fbits, bool is_unsigned, Rounding rounding,
             FpEnv& env) {
  const uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  uint64_t bits = op & mask;
  bool sign = false;
  if (!is_unsigned && width < 64 && (bits >> (width - 1)) & 1) bits |= ~mask;  // sign-extend
  if (!is_unsigned && (bits >> 63) & 1) {
    sign = true;
    bits = ~bits + 1;  // magnitude; 2^63 stays representable as uint64_t
  }
  if (bits == 0) return zero<T>(false);
  return round<T>(sign, -int(fbits), bits, rounding, env);
}

template <class To, class From> To convert(From op, Rounding rounding, FpEnv& env) {
  const Unpacked u = unpack(op, env, Mode::kConvert);
  const bool alt_hp = Traits<To>::kN == 16 && env.ahp;
  if (u.is_nan()) {
    To result;
    if (alt_hp) {
      result = zero<To>(u.sign);  // AHP has no NaN
    } else if (env.dn) {
      result = default_nan<To>();
    } else {
      result = convert_nan<To>(op);
    }
    if (u.type == FpType::kSNaN || alt_hp) raise(env, kIoc);
    return result;
  }
  if (u.is_inf()) {
    if (alt_hp) {
      raise(env, kIoc);
      return To(kSignBit<To> * u.sign | (kSignBit<To> - 1));  // AHP has no infinity: saturate
    }
    return infinity<To>(u.sign);
  }
  if (u.is_zero()) return zero<To>(u.sign);
  return round<To>(u.sign, u.exp, u.mant, rounding, env, Mode::kConvert);
}

#define CORSIM_FP_INSTANTIATE(T)                                                         \
  template T round_int<T>(T, Rounding, bool, FpEnv&);                                    \
  template uint64_t to_fixed<T>(T, unsigned, unsigned, bool, Rounding, FpEnv&);          \
  template T from_fixed<T>(uint64_t, unsigned, unsigned, bool, Rounding, FpEnv&);        \
  template T convert<T, uint16_t>(uint16_t, Rounding, FpEnv&);                           \
  template T convert<T, uint32_t>(uint32_t, Rounding, FpEnv&);                           \
  template T convert<T, uint64_t>(uint64_t, Rounding, FpEnv&);
CORSIM_FP_INSTANTIATE(uint16_t)
CORSIM_FP_INSTANTIATE(uint32_t)
CORSIM_FP_INSTANTIATE(uint64_t)
#undef CORSIM_FP_INSTANTIATE

}  // namespace corsim::cpu::fp
