#pragma once
// Element arithmetic of the MVE integer element-wise instructions (Arm DDI 0553, "VADD", "VQDMULH",
// "VQRSHL", ...): one small struct per operation, `apply<T>(d, n, m, sat)` on one element of type T
// (int8_t ... uint32_t; signedness is the instruction's .S/.U). d is the old destination element
// (accumulating and inserting forms), n the first source, m the second source, the scalar Rm or
// the immediate; `sat` is set when the result saturated (FPSCR.QC). Arithmetic is exact (64/128-bit
// intermediates), as the pseudocode's unbounded integers. The handlers are in int_exec.h.
#include <cstdint>
#include <limits>
#include <type_traits>

namespace corsim::cpu::mve::ops {

using Wide = __int128;

template <class T> inline constexpr unsigned kBits = sizeof(T) * 8;

// SignedSatQ / UnsignedSatQ into T.
template <class T>
inline T sat(Wide v, bool& s) {
  constexpr Wide lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  if (v > hi) { s = true; return static_cast<T>(hi); }
  if (v < lo) { s = true; return static_cast<T>(lo); }
  return static_cast<T>(v);
}
template <class T>
inline T trunc(Wide v) { return static_cast<T>(static_cast<uint64_t>(v)); }

// Shift by a signed count (register shifts: SInt of the count's bottom byte; immediate shifts pass
// +imm / -imm): left for count >= 0, right otherwise. `round` adds 1 << (count - 1) before a right
// shift; `saturate` saturates left shifts into T (right shifts cannot overflow).
template <class T>
inline T shift(T n, int count, bool round, bool saturate, bool& s) {
  if (count >= 0) {
    if (n == 0) return 0;
    if (count >= static_cast<int>(kBits<T>)) {
      if (!saturate) return 0;
      s = true;
      return n < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
    }
    const Wide v = static_cast<Wide>(n) * (Wide{1} << count);
    return saturate ? sat<T>(v, s) : trunc<T>(v);
  }
  const int k = -count;
  if (k > 64) return round ? T{0} : (n < 0 ? T(-1) : T{0});
  Wide v = n;
  if (round) v += Wide{1} << (k - 1);
  return trunc<T>(v >> k);
}
template <class T> inline int count_of(T m) { return static_cast<int8_t>(static_cast<uint8_t>(m)); }

// ---- two operands ----
struct Add { template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>(Wide(n) + m); } };
struct Sub { template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>(Wide(n) - m); } };
struct Mul { template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>(Wide(n) * m); } };
// VMULH / VRMULH compute in the smallest exact type, not Wide: GCC 12 vectorises the 128-bit
// form of the 16-bit signed high multiply into the unsigned pmulhuw (wrong results, found by the
// QEMU differential test).
template <class T>
using ProdT = std::conditional_t<std::is_signed_v<T>, std::conditional_t<sizeof(T) == 4, int64_t, int32_t>,
                                 std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>>;
struct MulH {
  template <class T> static T apply(T, T n, T m, bool&) {
    return static_cast<T>((ProdT<T>(n) * ProdT<T>(m)) >> kBits<T>);
  }
};
struct RMulH {
  template <class T> static T apply(T, T n, T m, bool&) {
    return static_cast<T>((ProdT<T>(n) * ProdT<T>(m) + (ProdT<T>(1) << (kBits<T> - 1))) >> kBits<T>);
  }
};
struct QAdd { template <class T> static T apply(T, T n, T m, bool& s) { return sat<T>(Wide(n) + m, s); } };
struct QSub { template <class T> static T apply(T, T n, T m, bool& s) { return sat<T>(Wide(n) - m, s); } };
struct HAdd { template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>((Wide(n) + m) >> 1); } };
struct HSub { template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>((Wide(n) - m) >> 1); } };
struct RHAdd { template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>((Wide(n) + m + 1) >> 1); } };
struct Abd {
  template <class T> static T apply(T, T n, T m, bool&) { return trunc<T>(n >= m ? Wide(n) - m : Wide(m) - n); }
};
struct Max { template <class T> static T apply(T, T n, T m, bool&) { return n >= m ? n : m; } };
struct Min { template <class T> static T apply(T, T n, T m, bool&) { return n >= m ? m : n; } };
// VQDMULH / VQRDMULH: SignedSatQ((2 * n * m [+ 1 << (esize - 1)]) >> esize).
template <bool kRound>
struct QDMulH {
  template <class T> static T apply(T, T n, T m, bool& s) {
    const Wide r = kRound ? Wide{1} << (kBits<T> - 1) : 0;
    return sat<T>((2 * Wide(n) * m + r) >> kBits<T>, s);
  }
};
// Logic (any element size: no saturation, the byte mask does the predication).
struct And { template <class T> static T apply(T, T n, T m, bool&) { return n & m; } };
struct Bic { template <class T> static T apply(T, T n, T m, bool&) { return n & ~m; } };
struct Orr { template <class T> static T apply(T, T n, T m, bool&) { return n | m; } };
struct Orn { template <class T> static T apply(T, T n, T m, bool&) { return n | ~m; } };
struct Eor { template <class T> static T apply(T, T n, T m, bool&) { return n ^ m; } };
// Shifts: n shifted by SInt(m<7:0>) (vector and Rm forms; immediate forms pass the signed count).
template <bool kRound, bool kSat>
struct Shl {
  template <class T> static T apply(T, T n, T m, bool& s) { return shift<T>(n, count_of(m), kRound, kSat, s); }
};
// VSHR / VRSHR (immediate): m is the right shift amount (1 .. esize); the Arm ARM's pseudocode
// shifts right by it, which is the register shift above by the negated amount.
template <bool kRound>
struct Shr {
  template <class T> static T apply(T, T n, T m, bool& s) { return shift<T>(n, -count_of(m), kRound, false, s); }
};
// VQSHLU: signed n, unsigned saturated result (T is the unsigned type of the same size).
struct QShlU {
  template <class T> static T apply(T, T n, T m, bool& s) {
    using S = std::make_signed_t<T>;
    const S v = static_cast<S>(n);
    if (v < 0) { s = true; return 0; }
    return shift<T>(static_cast<T>(v), count_of(m), false, true, s);
  }
};
// VSRI / VSLI: m is the shift amount (1..esize right, 0..esize-1 left), d keeps the other bits.
struct Sri {
  template <class T> static T apply(T d, T n, T m, bool&) {
    using U = std::make_unsigned_t<T>;
    const unsigned k = static_cast<U>(m);
    if (k >= kBits<T>) return d;
    const U mask = static_cast<U>(static_cast<U>(~U{0}) >> k);
    return static_cast<T>((static_cast<U>(d) & ~mask) | ((static_cast<U>(n) >> k) & mask));
  }
};
struct Sli {
  template <class T> static T apply(T d, T n, T m, bool&) {
    using U = std::make_unsigned_t<T>;
    const unsigned k = static_cast<U>(m);
    const U mask = static_cast<U>(static_cast<U>(~U{0}) << k);
    return static_cast<T>((static_cast<U>(d) & ~mask) | (static_cast<U>(static_cast<U>(n) << k) & mask));
  }
};
// Accumulating scalar forms: VMLA d + n*m, VMLAS d*n + m; VQ(R)DMLAH 2*n*m + (d << esize),
// VQ(R)DMLASH 2*n*d + (m << esize), then [+ rounding] >> esize, saturated.
struct Mla { template <class T> static T apply(T d, T n, T m, bool&) { return trunc<T>(Wide(n) * m + d); } };
struct Mlas { template <class T> static T apply(T d, T n, T m, bool&) { return trunc<T>(Wide(n) * d + m); } };
template <bool kRound, bool kS>
struct QDMlah {
  template <class T> static T apply(T d, T n, T m, bool& s) {
    const Wide mul = kS ? Wide(n) * d : Wide(n) * m;
    const Wide add = kS ? Wide(m) : Wide(d);
    const Wide r = kRound ? Wide{1} << (kBits<T> - 1) : 0;
    return sat<T>((2 * mul + add * (Wide{1} << kBits<T>) + r) >> kBits<T>, s);
  }
};

// ---- one operand (n is the source) ----
struct Mvn { template <class T> static T apply(T, T n, T, bool&) { return static_cast<T>(~n); } };
struct Abs { template <class T> static T apply(T, T n, T, bool&) { return trunc<T>(n < 0 ? -Wide(n) : Wide(n)); } };
struct Neg { template <class T> static T apply(T, T n, T, bool&) { return trunc<T>(-Wide(n)); } };
struct QAbs { template <class T> static T apply(T, T n, T, bool& s) { return sat<T>(n < 0 ? -Wide(n) : Wide(n), s); } };
struct QNeg { template <class T> static T apply(T, T n, T, bool& s) { return sat<T>(-Wide(n), s); } };
struct Clz {
  template <class T> static T apply(T, T n, T, bool&) {
    using U = std::make_unsigned_t<T>;
    unsigned c = 0;
    for (U v = static_cast<U>(n), top = U(U{1} << (kBits<T> - 1)); c < kBits<T> && !(v & top); v = U(v << 1)) ++c;
    return static_cast<T>(c);
  }
};
// CLS: leading bits equal to the sign bit, not counting the sign bit itself.
struct Cls {
  template <class T> static T apply(T, T n, T, bool& s) {
    using U = std::make_unsigned_t<T>;
    const U v = static_cast<U>(n);
    const U x = static_cast<U>(v ^ static_cast<U>(v << 1));  // bit i+1 differs from bit i
    const T c = Clz::apply<T>(0, static_cast<T>(x), 0, s);
    return static_cast<T>(c == static_cast<T>(kBits<T>) ? kBits<T> - 1 : c);
  }
};
// VMAXA / VMINA: d is unsigned, |n| (n signed) compared as unsigned. T is the signed type.
template <bool kMax>
struct MaxMinA {
  template <class T> static T apply(T d, T n, T, bool&) {
    using U = std::make_unsigned_t<T>;
    const U a = static_cast<U>(n < 0 ? static_cast<U>(0u - static_cast<U>(n)) : static_cast<U>(n));
    const U od = static_cast<U>(d);
    return static_cast<T>(kMax ? (od >= a ? od : a) : (od >= a ? a : od));
  }
};

// ---- widening (L is the double-width type) ----
struct MulL { template <class L> static L apply(L, L n, L m, bool&) { return trunc<L>(Wide(n) * m); } };
// VQDMULL: SignedSatQ(2 * n * m) at double width.
struct QDMulL { template <class L> static L apply(L, L n, L m, bool& s) { return sat<L>(2 * Wide(n) * m, s); } };
// VMULL.P8 / .P16: carry-less product of the low half-width bits.
struct PMulL {
  template <class L> static L apply(L, L n, L m, bool&) {
    using U = std::make_unsigned_t<L>;
    U r = 0;
    for (unsigned i = 0; i < kBits<L> / 2; ++i)
      if ((static_cast<U>(m) >> i) & 1u) r ^= static_cast<U>(static_cast<U>(n) << i);
    return static_cast<L>(r);
  }
};
struct ShlL { template <class L> static L apply(L, L n, L m, bool&) { return trunc<L>(Wide(n) << unsigned(m)); } };

// ---- narrowing (T is the half-width result type, n the double-width source as T's wide type) ----
// The shift amount m is 1..esize(T); the source keeps its signedness (Wide(n)).
template <bool kRound, bool kSat>
struct ShrN {
  template <class T> static T apply(Wide n, unsigned k, bool& s) {
    if (kRound) n += Wide{1} << (k - 1);
    n >>= k;
    return kSat ? sat<T>(n, s) : trunc<T>(n);
  }
};

}  // namespace corsim::cpu::mve::ops
