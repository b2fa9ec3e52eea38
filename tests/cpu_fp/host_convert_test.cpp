// FPConvert, FPToFixed, FixedToFP and FPRoundInt against host conversions (SSE cvt*, libgcc's
// _Float16 conversions, nearbyint/round) with FZ=0, DN=0, AHP=0. NaN results follow FPConvertNaN /
// FPProcessNaN (Arm ARM) and underflow uses Arm's before-rounding tininess, derived as in
// host_arith_test.cpp.
#include "tests/cpu_fp/host_reference.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace corsim::cpu::fp::test {
namespace {

template <class T> struct Host;
template <> struct Host<uint16_t> { using Type = _Float16; static constexpr double kMin = 0x1p-14; };
template <> struct Host<uint32_t> { using Type = float; static constexpr double kMin = 0x1p-126; };
template <> struct Host<uint64_t> { using Type = double; static constexpr double kMin = 0x1p-1022; };

template <class T> double to_double(T v) {
  return double(std::bit_cast<typename Host<T>::Type>(v));
}

constexpr Rounding kModes[] = {Rounding::kTieEven, Rounding::kPosInf, Rounding::kNegInf,
                               Rounding::kZero};

// Host narrowing/widening cast of a non-NaN value under `rounding`, with Arm's UFC rule.
template <class To, class From> std::pair<To, uint32_t> host_convert(From v, Rounding rounding) {
  using HF = typename Host<From>::Type;
  using HT = typename Host<To>::Type;
  volatile HF in = std::bit_cast<HF>(v);
  std::fesetround(FE_TOWARDZERO);
  volatile HT rz = static_cast<HT>(in);
  const bool tiny = std::fabs(double(rz)) < Host<To>::kMin;
  std::fesetround(host_mode(rounding));
  std::feclearexcept(FE_ALL_EXCEPT);
  volatile HT out = static_cast<HT>(in);
  const int ex = std::fetestexcept(FE_ALL_EXCEPT);
  std::fesetround(FE_TONEAREST);
  uint32_t flags = arm_flags_from_host(ex);
  if (tiny && (flags & kIxc)) flags |= kUfc;
  return {std::bit_cast<To>(HT(out)), flags};
}

// FPConvertNaN written from its definition: sign, all-ones exponent, quiet bit, then the top
// payload bits of the source.
template <class To, class From> To arm_convert_nan(From v) {
  const bool sign = v >> (kBits<From> - 1);
  uint64_t payload = uint64_t(v & (quiet_bit<From>() - 1));  // below the quiet bit
  const int shift = Fmt<To>::kF - Fmt<From>::kF;
  payload = shift >= 0 ? payload << shift : payload >> -shift;
  return make<To>(sign, Fmt<To>::kExpMax, uint64_t(quiet_bit<To>()) | payload);
}

template <class To, class From> void check_convert(int count, uint64_t seed) {
  Gen<From> gen(seed);
  int failures = 0;
  for (int i = 0; i < count && failures < 10; ++i) {
    const Rounding rounding = kModes[i & 3];
    From v = gen.any();
    // Values close to the destination's overflow and underflow thresholds.
    if (i % 4 == 1 && sizeof(To) < sizeof(From)) {
      const int e = (gen.rng()() & 1) ? Fmt<To>::kBias + int(gen.rng()() % 4) - 1
                                       : -Fmt<To>::kBias - Fmt<To>::kF + int(gen.rng()() % 14);
      v = make<From>(gen.rng()() & 1, uint32_t(Fmt<From>::kBias + e), gen.rng()());
    }
    To want;
    uint32_t want_flags;
    if (is_nan(v)) {
      want = arm_convert_nan<To>(v);
      want_flags = is_snan(v) ? kIoc : 0;
    } else {
      std::tie(want, want_flags) = host_convert<To>(v, rounding);
    }
    FpEnv env;
    const To got = convert<To, From>(v, rounding, env);
    if (got != want || env.flags != want_flags) {
      ++failures;
      ADD_FAILURE() << fmt::format("convert {}->{} rmode={} {:#x}: got {:#x}/{:#x} want {:#x}/{:#x}",
                                   kBits<From>, kBits<To>, int(rounding), v, got, env.flags, want,
                                   want_flags);
    }
  }
}

// Every half-precision value to single and double (exact), and every single whose low 13 bits are a
// few patterns (so every half rounding case, every exponent and both signs) to half.
TEST(FpHostConvert, HalfExhaustive) {
  int failures = 0;
  for (uint32_t v = 0; v < 0x10000 && failures < 10; ++v) {
    const uint16_t h = uint16_t(v);
    FpEnv env;
    const uint32_t s = convert<uint32_t, uint16_t>(h, Rounding::kTieEven, env);
    const uint64_t d = convert<uint64_t, uint16_t>(h, Rounding::kTieEven, env);
    uint32_t want_s;
    uint64_t want_d;
    uint32_t want_flags = 0;
    if (is_nan(h)) {
      want_s = arm_convert_nan<uint32_t>(h);
      want_d = arm_convert_nan<uint64_t>(h);
      want_flags = is_snan(h) ? kIoc : 0;
    } else {
      want_s = host_convert<uint32_t>(h, Rounding::kTieEven).first;
      want_d = host_convert<uint64_t>(h, Rounding::kTieEven).first;
    }
    if (s != want_s || d != want_d || env.flags != want_flags) {
      ++failures;
      ADD_FAILURE() << fmt::format("half {:#x}: got {:#x} {:#x}/{:#x} want {:#x} {:#x}/{:#x}", h, s, d,
                                   env.flags, want_s, want_d, want_flags);
    }
  }
  constexpr uint32_t kLow[] = {0, 1, 0xFFF, 0x1000, 0x1001, 0x1FFF, 0x0800, 0x17FF};
  for (uint32_t hi = 0; hi < 0x80000 && failures < 10; ++hi) {  // sign, exponent, top 10 bits
    for (uint32_t low : kLow) {
      const uint32_t s = (hi << 13) | low;
      const Rounding rounding = kModes[(hi + low) & 3];
      std::pair<uint16_t, uint32_t> want;
      if (is_nan(s)) {
        want = {arm_convert_nan<uint16_t>(s), is_snan(s) ? kIoc : 0u};
      } else {
        want = host_convert<uint16_t>(s, rounding);
      }
      FpEnv env;
      const uint16_t got = convert<uint16_t, uint32_t>(s, rounding, env);
      if (got != want.first || env.flags != want.second) {
        ++failures;
        ADD_FAILURE() << fmt::format("single {:#x} -> half rmode={}: got {:#x}/{:#x} want {:#x}/{:#x}",
                                     s, int(rounding), got, env.flags, want.first, want.second);
      }
    }
  }
}

TEST(FpHostConvert, SingleToDouble) { check_convert<uint64_t, uint32_t>(50000, 1); }
TEST(FpHostConvert, DoubleToSingle) { check_convert<uint32_t, uint64_t>(200000, 2); }
TEST(FpHostConvert, HalfToSingle) { check_convert<uint32_t, uint16_t>(50000, 3); }
TEST(FpHostConvert, HalfToDouble) { check_convert<uint64_t, uint16_t>(50000, 4); }
TEST(FpHostConvert, SingleToHalf) { check_convert<uint16_t, uint32_t>(200000, 5); }
TEST(FpHostConvert, DoubleToHalf) { check_convert<uint16_t, uint64_t>(200000, 6); }

// FPToFixed reference: scale in double (exact for half/single; for double exact or infinite),
// round with nearbyint/round, saturate.
template <class T> void check_to_fixed(int count, uint64_t seed) {
  Gen<T> gen(seed);
  int failures = 0;
  constexpr Rounding kAll[] = {Rounding::kTieEven, Rounding::kPosInf, Rounding::kNegInf,
                               Rounding::kZero, Rounding::kTieAway};
  for (int i = 0; i < count && failures < 10; ++i) {
    const Rounding rounding = kAll[i % 5];
    const unsigned width = (gen.rng()() & 1) ? 32 : 16;
    const bool is_unsigned = gen.rng()() & 1;
    const unsigned fbits = (i & 8) ? unsigned(gen.rng()() % (width + 1)) : 0;
    T v = gen.any();
    if (i % 3 == 0) {  // values around the integer range
      v = make<T>(gen.rng()() & 1, uint32_t(std::min<int>(Fmt<T>::kBias + int(gen.rng()() % (width + 2)) - int(fbits),
                                                Fmt<T>::kExpMax - 1)), gen.rng()());
    }
    uint64_t want = 0;
    uint32_t want_flags = 0;
    if (is_nan(v)) {
      want_flags = kIoc;
    } else {
      const double x = std::ldexp(to_double(v), int(fbits));
      double r;
      if (rounding == Rounding::kTieAway) {
        r = std::round(x);
      } else {
        std::fesetround(host_mode(rounding));
        r = std::nearbyint(x);
        std::fesetround(FE_TONEAREST);
      }
      const double hi = is_unsigned ? std::ldexp(1.0, int(width)) - 1 : std::ldexp(1.0, int(width) - 1) - 1;
      const double lo = is_unsigned ? 0.0 : -std::ldexp(1.0, int(width) - 1);
      if (r > hi || r < lo) {
        r = r > hi ? hi : lo;
        want_flags = kIoc;
      } else if (r != x) {
        want_flags = kIxc;
      }
      want = uint64_t(int64_t(r)) & ((uint64_t(1) << width) - 1);
    }
    FpEnv env;
    const uint64_t got = to_fixed<T>(v, width, fbits, is_unsigned, rounding, env);
    if (got != want || env.flags != want_flags) {
      ++failures;
      ADD_FAILURE() << fmt::format("to_fixed f{} {:#x} width={} fbits={} unsigned={} rmode={}: got "
                                   "{:#x}/{:#x} want {:#x}/{:#x}",
                                   kBits<T>, v, width, fbits, is_unsigned, int(rounding), got,
                                   env.flags, want, want_flags);
    }
  }
}

TEST(FpHostToFixed, Half) { check_to_fixed<uint16_t>(100000, 11); }
TEST(FpHostToFixed, Single) { check_to_fixed<uint32_t>(200000, 12); }
TEST(FpHostToFixed, Double) { check_to_fixed<uint64_t>(200000, 13); }

// FixedToFP reference: the integer is exact in double, the scaling by 2^-fbits too, then one host
// rounding to the destination.
template <class T> void check_from_fixed(int count, uint64_t seed) {
  Gen<T> gen(seed);
  int failures = 0;
  for (int i = 0; i < count && failures < 10; ++i) {
    const Rounding rounding = kModes[i & 3];
    const unsigned width = (gen.rng()() & 1) ? 32 : 16;
    const bool is_unsigned = gen.rng()() & 1;
    const unsigned fbits = (i & 4) ? unsigned(gen.rng()() % (width + 1)) : 0;
    uint64_t raw = gen.rng()();
    if (i % 3 == 0) raw >>= gen.rng()() % 64;  // small magnitudes too
    const uint64_t bits = raw & ((uint64_t(1) << width) - 1);
    const int64_t value = is_unsigned ? int64_t(bits)
                                      : int64_t(bits << (64 - width)) >> (64 - width);
    const double x = std::ldexp(double(value), -int(fbits));
    std::pair<T, uint32_t> want;
    if (value == 0) {
      want = {T(0), 0};
    } else {
      want = host_convert<T, uint64_t>(std::bit_cast<uint64_t>(x), rounding);
    }
    FpEnv env;
    const T got = from_fixed<T>(raw, width, fbits, is_unsigned, rounding, env);
    if (got != want.first || env.flags != want.second) {
      ++failures;
      ADD_FAILURE() << fmt::format("from_fixed f{} raw={:#x} width={} fbits={} unsigned={} rmode={}: "
                                   "got {:#x}/{:#x} want {:#x}/{:#x}",
                                   kBits<T>, raw, width, fbits, is_unsigned, int(rounding), got,
                                   env.flags, want.first, want.second);
    }
  }
}

TEST(FpHostFromFixed, Half) { check_from_fixed<uint16_t>(100000, 21); }
TEST(FpHostFromFixed, Single) { check_from_fixed<uint32_t>(100000, 22); }
TEST(FpHostFromFixed, Double) { check_from_fixed<uint64_t>(100000, 23); }

// FPRoundInt reference: nearbyint/round in double (exact for every integral result of these
// formats), IXC only for exact=true (VRINTX) when the value changed.
template <class T> void check_round_int(int count, uint64_t seed) {
  Gen<T> gen(seed);
  int failures = 0;
  constexpr Rounding kAll[] = {Rounding::kTieEven, Rounding::kPosInf, Rounding::kNegInf,
                               Rounding::kZero, Rounding::kTieAway};
  for (int i = 0; i < count && failures < 10; ++i) {
    const Rounding rounding = kAll[i % 5];
    const bool exact = (i / 5) & 1;
    T v = gen.any();
    if (i % 3 == 0) {  // around the integers: exponents 2^-2 .. 2^F+1
      v = make<T>(gen.rng()() & 1, uint32_t(Fmt<T>::kBias - 2 + gen.rng()() % (Fmt<T>::kF + 4)),
                  gen.rng()());
    }
    T want;
    uint32_t want_flags = 0;
    if (is_nan(v)) {
      want = T(v | quiet_bit<T>());
      want_flags = is_snan(v) ? kIoc : 0;
    } else {
      const double x = to_double(v);
      double r;
      if (rounding == Rounding::kTieAway) {
        r = std::round(x);
      } else {
        std::fesetround(host_mode(rounding));
        r = std::nearbyint(x);
        std::fesetround(FE_TONEAREST);
      }
      want = std::bit_cast<T>(static_cast<typename Host<T>::Type>(r));  // exact
      if (exact && r != x) want_flags = kIxc;
    }
    FpEnv env;
    const T got = round_int<T>(v, rounding, exact, env);
    if (got != want || env.flags != want_flags) {
      ++failures;
      ADD_FAILURE() << fmt::format("round_int f{} {:#x} rmode={} exact={}: got {:#x}/{:#x} want "
                                   "{:#x}/{:#x}",
                                   kBits<T>, v, int(rounding), exact, got, env.flags, want,
                                   want_flags);
    }
  }
}

TEST(FpHostRoundInt, Half) { check_round_int<uint16_t>(100000, 31); }
TEST(FpHostRoundInt, Single) { check_round_int<uint32_t>(200000, 32); }
TEST(FpHostRoundInt, Double) { check_round_int<uint64_t>(200000, 33); }

}  // namespace
}  // namespace corsim::cpu::fp::test
