// FPCompare (VCMP/VCMPE), FPMax, FPMin, FPMaxNum, FPMinNum (VMAXNM/VMINNM) from the Arm ARM
// "Floating-point pseudocode". VSEL needs no floating point: it selects bits on an APSR condition.
#include "cpu/fp/fp_internal.h"

namespace corsim::cpu::fp {

using namespace detail;

namespace {

// Orders the real values FPUnpack produced for two non-NaN operands: -1, 0 or +1.
// Infinities compare beyond every finite value; +0 equals -0.
int compare_values(const Unpacked& a, const Unpacked& b) {
  auto rank = [](const Unpacked& u) {  // -2 -inf, -1 negative, 0 zero, 1 positive, 2 +inf
    if (u.is_zero()) return 0;
    const int r = u.is_inf() ? 2 : 1;
    return u.sign ? -r : r;
  };
  const int ra = rank(a), rb = rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (ra == 0 || ra == 2 || ra == -2) return 0;
  // Same sign, both finite nonzero: compare magnitudes, normalised to bit 63.
  const int na = 63 - msb_index(a.mant), nb = 63 - msb_index(b.mant);
  const int ea = a.exp - na, eb = b.exp - nb;
  const uint64_t ma = a.mant << na, mb = b.mant << nb;
  int mag = ea != eb ? (ea < eb ? -1 : 1) : (ma == mb ? 0 : ma < mb ? -1 : 1);
  return a.sign ? -mag : mag;
}

template <class T> T max_or_min(T op1, T op2, bool is_max, FpEnv& env) {
  const Unpacked u1 = unpack(op1, env), u2 = unpack(op2, env);
  T result;
  if (process_nans(u1, u2, op1, op2, env, &result)) return result;
  const int c = compare_values(u1, u2);
  // FPMax takes op1 when value1 > value2, FPMin when value1 < value2, otherwise op2.
  const Unpacked& pick = (is_max ? c > 0 : c < 0) ? u1 : u2;
  if (pick.is_inf()) return infinity<T>(pick.sign);
  if (pick.is_zero()) {
    // Most positive (max) or most negative (min) zero sign.
    return zero<T>(is_max ? (u1.sign && u2.sign) : (u1.sign || u2.sign));
  }
  return round<T>(pick.sign, pick.exp, pick.mant, env.rounding, env);
}

template <class T> T max_or_min_num(T op1, T op2, bool is_max, FpEnv& env) {
  const FpType t1 = unpack(op1, env).type, t2 = unpack(op2, env).type;
  // "Treat a single quiet-NaN as -Infinity" (max) or "+Infinity" (min).
  if (t1 == FpType::kQNaN && t2 != FpType::kQNaN) {
    op1 = infinity<T>(is_max);
  } else if (t1 != FpType::kQNaN && t2 == FpType::kQNaN) {
    op2 = infinity<T>(is_max);
  }
  return max_or_min(op1, op2, is_max, env);
}

}  // namespace

template <class T> uint32_t compare(T op1, T op2, bool quiet_nan_exc, FpEnv& env) {
  const Unpacked u1 = unpack(op1, env), u2 = unpack(op2, env);
  if (u1.is_nan() || u2.is_nan()) {
    if (u1.type == FpType::kSNaN || u2.type == FpType::kSNaN || quiet_nan_exc) raise(env, kIoc);
    return 0b0011;
  }
  const int c = compare_values(u1, u2);
  return c == 0 ? 0b0110 : c < 0 ? 0b1000 : 0b0010;
}

template <class T> bool compare_cond(T op1, T op2, CmpCond cond, FpEnv& env) {
  const uint32_t nzcv = compare(op1, op2, true, env);
  const bool n = nzcv & 8, z = nzcv & 4, v = nzcv & 1;
  switch (cond) {
    case CmpCond::kEq: return z;
    case CmpCond::kNe: return !z;
    case CmpCond::kGe: return n == v;
    case CmpCond::kLt: return n != v;
    case CmpCond::kGt: return !z && n == v;
    case CmpCond::kLe: return z || n != v;
  }
  return false;
}

template <class T> T max(T op1, T op2, FpEnv& env) { return max_or_min(op1, op2, true, env); }
template <class T> T min(T op1, T op2, FpEnv& env) { return max_or_min(op1, op2, false, env); }
template <class T> T max_num(T op1, T op2, FpEnv& env) {
  return max_or_min_num(op1, op2, true, env);
}
template <class T> T min_num(T op1, T op2, FpEnv& env) {
  return max_or_min_num(op1, op2, false, env);
}

#define CORSIM_FP_INSTANTIATE(T)                              \
  template uint32_t compare<T>(T, T, bool, FpEnv&);           \
  template bool compare_cond<T>(T, T, CmpCond, FpEnv&);       \
  template T max<T>(T, T, FpEnv&);                            \
  template T min<T>(T, T, FpEnv&);                            \
  template T max_num<T>(T, T, FpEnv&);                        \
  template T min_num<T>(T, T, FpEnv&);
CORSIM_FP_INSTANTIATE(uint16_t)
CORSIM_FP_INSTANTIATE(uint32_t)
CORSIM_FP_INSTANTIATE(uint64_t)
#undef CORSIM_FP_INSTANTIATE

}  // namespace corsim::cpu::fp
