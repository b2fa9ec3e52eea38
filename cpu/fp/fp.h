#pragma once
// Bit-exact Arm floating-point arithmetic (Armv8.1-M Arm ARM, DDI 0553, chapter "Floating-point
// pseudocode"). Every function works on raw IEEE bit patterns: uint16_t (half), uint32_t (single),
// uint64_t (double). The control bits and the cumulative exception flags travel in an FpEnv, so a
// VFP handler does
//
//     fp::FpEnv env = fp::FpEnv::from_fpscr(state.fpscr);
//     state.s(d) = fp::add<uint32_t>(state.s(n), state.s(m), env);
//     state.fpscr |= env.flags;
//
// and an MVE float handler uses fp::FpEnv::standard(state.fpscr) (StandardFPSCRValue()).
// No host floating point is used: results are computed with exact integer arithmetic, so they do
// not depend on the host FPU, its rounding mode or the compiler's flags.
#include <cstdint>

namespace corsim::cpu::fp {

// FPSCR layout (Armv8.1-M, D1.2 "FPSCR"). Cumulative exception bits and control bits.
inline constexpr uint32_t kIoc = 1u << 0;   // Invalid Operation
inline constexpr uint32_t kDzc = 1u << 1;   // Division by Zero
inline constexpr uint32_t kOfc = 1u << 2;   // Overflow
inline constexpr uint32_t kUfc = 1u << 3;   // Underflow
inline constexpr uint32_t kIxc = 1u << 4;   // Inexact
inline constexpr uint32_t kIdc = 1u << 7;   // Input Denormal
inline constexpr uint32_t kExceptionMask = kIoc | kDzc | kOfc | kUfc | kIxc | kIdc;
inline constexpr uint32_t kFz16 = 1u << 19;
inline constexpr unsigned kRModeShift = 22;  // RMode, bits [23:22]
inline constexpr uint32_t kFz = 1u << 24;
inline constexpr uint32_t kDn = 1u << 25;
inline constexpr uint32_t kAhp = 1u << 26;

// FPRounding. The first four values equal the FPSCR.RMode encoding; kTieAway is only reachable
// through the explicit-rounding instructions (VRINTA, VCVTA).
enum class Rounding : uint8_t { kTieEven = 0, kPosInf = 1, kNegInf = 2, kZero = 3, kTieAway = 4 };

// The FPSCR control fields the pseudocode reads, plus the cumulative flags it sets.
struct FpEnv {
  Rounding rounding = Rounding::kTieEven;
  bool fz = false;    // flush single/double denormals to zero (inputs and outputs)
  bool fz16 = false;  // flush half-precision denormals to zero (arithmetic only)
  bool dn = false;    // default NaN
  bool ahp = false;   // alternative half-precision format (conversions only)
  uint32_t flags = 0; // cumulative exception bits, FPSCR positions (kIoc..kIdc); only ever OR-ed

  static FpEnv from_fpscr(uint32_t fpscr);
  // StandardFPSCRValue(): what MVE floating-point instructions use. AHP and FZ16 come from FPSCR,
  // DN=1, FZ=1, round to nearest.
  static FpEnv standard(uint32_t fpscr);
};

// FPType as returned by FPUnpack.
enum class FpType : uint8_t { kZero, kDenormal, kNonzero, kInfinity, kQNaN, kSNaN };

// ---- constants and sign operations (FPAbs, FPNeg, FPZero, FPInfinity, FPDefaultNaN, ...) ----
// T is uint16_t, uint32_t or uint64_t throughout.
template <class T> T default_nan();                 // 0x7E00, 0x7FC00000, 0x7FF8000000000000
template <class T> T zero(bool sign);
template <class T> T infinity(bool sign);
template <class T> T max_normal(bool sign);
template <class T> T abs(T op);                     // FPAbs: clears the sign, NaNs included
template <class T> T neg(T op);                     // FPNeg: flips the sign, NaNs included
// Classification as FPUnpack sees it under env (FZ/FZ16 may turn a denormal into kZero). Does not
// touch env.flags.
template <class T> FpType classify(T op, const FpEnv& env);
// VFPExpandImm: the 8-bit immediate of VMOV (immediate) as a half/single/double constant.
template <class T> T expand_imm(uint8_t imm8);

// ---- arithmetic (FPAdd, FPSub, FPMul, FPMulAdd, FPDiv, FPSqrt) ----
template <class T> T add(T op1, T op2, FpEnv& env);
template <class T> T sub(T op1, T op2, FpEnv& env);
template <class T> T mul(T op1, T op2, FpEnv& env);
// FPMulAdd(addend, op1, op2): addend + op1*op2 with a single rounding. NaN priority is
// FPProcessNaNs3(addend, op1, op2). VFMS/VFNMA/VFNMS negate operands with neg() first.
template <class T> T mul_add(T addend, T op1, T op2, FpEnv& env);
template <class T> T div(T op1, T op2, FpEnv& env);
template <class T> T sqrt(T op, FpEnv& env);

// ---- comparison and selection (FPCompare, FPMax, FPMin, FPMaxNum, FPMinNum) ----
// FPCompare: returns NZCV in bits [3:0] (N=8, Z=4, C=2, V=1): equal 0110, less 1000, greater 0010,
// unordered 0011. quiet_nan_exc=true is VCMPE (IOC on any NaN); false is VCMP (IOC on sNaN only).
template <class T> uint32_t compare(T op1, T op2, bool quiet_nan_exc, FpEnv& env);
// MVE VCMP/VPT (floating point) condition on one lane: FPCompare with quiet_nan_exc=TRUE (every
// NaN signals IOC, also for EQ/NE), then the condition on NZCV: unordered makes EQ, GE, GT false and
// their inverses NE, LT, LE true.
enum class CmpCond : uint8_t { kEq, kNe, kGe, kLt, kGt, kLe };
template <class T> bool compare_cond(T op1, T op2, CmpCond cond, FpEnv& env);
template <class T> T max(T op1, T op2, FpEnv& env);
template <class T> T min(T op1, T op2, FpEnv& env);
template <class T> T max_num(T op1, T op2, FpEnv& env);  // VMAXNM: a single quiet NaN loses
template <class T> T min_num(T op1, T op2, FpEnv& env);  // VMINNM

// ---- rounding to integral and conversions ----
// FPRoundInt: VRINTR/VRINTZ/VRINTA/VRINTN/VRINTP/VRINTM use exact=false, VRINTX exact=true.
template <class T> T round_int(T op, Rounding rounding, bool exact, FpEnv& env);
// FPToFixed: float -> signed/unsigned integer of `width` bits (16, 32 or 64) with `fbits`
// fraction bits, saturating (IOC on saturation or NaN, IXC when inexact and not saturated).
// The result is zero-extended into the uint64_t (take the low `width` bits).
// VCVT to integer is fbits=0 with Rounding::kZero (or env.rounding for VCVTR, or VCVTA/N/P/M's).
template <class T> uint64_t to_fixed(T op, unsigned width, unsigned fbits, bool is_unsigned,
                                     Rounding rounding, FpEnv& env);
// FixedToFP: the low `width` bits of op, as signed or unsigned, divided by 2^fbits.
template <class T> T from_fixed(uint64_t op, unsigned width, unsigned fbits, bool is_unsigned,
                                Rounding rounding, FpEnv& env);
// FPConvert between any two of half/single/double (VCVT, VCVTB, VCVTT). Half-precision inputs and
// outputs use the AHP format when env.ahp; FZ16 is ignored, FZ applies to single/double.
template <class To, class From> To convert(From op, Rounding rounding, FpEnv& env);

}  // namespace corsim::cpu::fp
