#pragma once
// Decode functions of the MVE floating-point rows (cpu/decoder/mve_fp.inc). Field letters:
//   D d  Qd = D:ddd     N n  Qn = N:nnn     M m  Qm = M:mmm   (a set D/N/M bit names Q8-Q15,
//        which Armv8.1-M does not have: UNDEFINED, as QEMU's mve_check_qreg_bank)
//   t    core register Rm of the scalar forms (SP or PC: UNPREDICTABLE, we choose UNDEFINED as QEMU)
//   a    core register Rda of VMAXNMV and friends (SP or PC: UNDEFINED, as QEMU)
//   k    VPT mask (bit 22 : bits 15:13); c f g  the comparison bits fc (bit 12, bit 7, bit 0 / bit 5)
//   i    fixed-point immediate (imm6 without its fixed leading ones)
// Every function fills shift_n (log2 element bytes) and shift_t = kMveF for the disassembly keys
// (the VCVT float <-> integer/fixed rows go through mvefp_cvt / mvefp_cvt_fixed of
// cpu/decoder/mve_fp_decls.h, which put the integer type there instead).
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::decoder {

namespace mvefp_detail {

inline bool qreg(const Fields& f, char hi, char lo, uint8_t& out) {
  if (f(hi) != 0) return false;
  out = static_cast<uint8_t>(f(lo));
  return true;
}

template <unsigned kLog2>
inline Operands typed(uint32_t imm, uint8_t flags) {
  Operands o;
  o.shift_n = kLog2;
  o.shift_t = mve::kMveF;
  o.imm = imm;
  o.flags = flags;
  return o;
}

// fc (bit 12, bit 7, bit 0 or bit 5) of a floating-point VCMP/VPT; CS and HI (fc = x01 with bit
// 12 clear) do not exist for floating point (they are VPSEL / integer compares): nullopt.
inline std::optional<uint8_t> fp_condition(const Fields& f) {
  switch (f('c') << 2 | f('f') << 1 | f('g')) {
    case 0b000: return uint8_t{0x0};  // eq
    case 0b010: return uint8_t{0x1};  // ne
    case 0b100: return uint8_t{0xA};  // ge
    case 0b110: return uint8_t{0xB};  // lt
    case 0b101: return uint8_t{0xC};  // gt
    case 0b111: return uint8_t{0xD};  // le
    default: return std::nullopt;
  }
}

}  // namespace mvefp_detail

// Qd, Qn, Qm (imm and flags are the row's constants).
template <unsigned kLog2, uint32_t kImm = 0, uint8_t kFlags = 0>
inline std::optional<Operands> mvefp_qqq(const Fields& f) {
  Operands o = mvefp_detail::typed<kLog2>(kImm, kFlags);
  if (!mvefp_detail::qreg(f, 'D', 'd', o.rd) || !mvefp_detail::qreg(f, 'N', 'n', o.rn) ||
      !mvefp_detail::qreg(f, 'M', 'm', o.rm))
    return std::nullopt;
  return o;
}

// Qd, Qm.
template <unsigned kLog2, uint32_t kImm = 0, uint8_t kFlags = 0>
inline std::optional<Operands> mvefp_qq(const Fields& f) {
  Operands o = mvefp_detail::typed<kLog2>(kImm, kFlags);
  if (!mvefp_detail::qreg(f, 'D', 'd', o.rd) || !mvefp_detail::qreg(f, 'M', 'm', o.rm)) return std::nullopt;
  o.rn = o.rd;  // VMAXNMA/VMINNMA: Qda is both source and destination
  return o;
}

// Qd, Qn, Rm.
template <unsigned kLog2>
inline std::optional<Operands> mvefp_qqr(const Fields& f) {
  Operands o = mvefp_detail::typed<kLog2>(0, 0);
  if (!mvefp_detail::qreg(f, 'D', 'd', o.rd) || !mvefp_detail::qreg(f, 'N', 'n', o.rn)) return std::nullopt;
  o.rm = static_cast<uint8_t>(f('t'));
  if (o.rm == 13 || o.rm == 15) return std::nullopt;
  return o;
}

// Rda, Qm (VMAXNMV family): rd = Rda.
template <unsigned kLog2>
inline std::optional<Operands> mvefp_rq(const Fields& f) {
  Operands o = mvefp_detail::typed<kLog2>(0, 0);
  if (!mvefp_detail::qreg(f, 'M', 'm', o.rm)) return std::nullopt;
  o.rd = static_cast<uint8_t>(f('a'));
  if (o.rd == 13 || o.rd == 15) return std::nullopt;
  return o;
}

// VCMP (kVpt = false: mask must be 0) / VPT (mask != 0), vector (Qm) or scalar (Rm, 15 = zr).
template <unsigned kLog2, bool kScalar, bool kVpt>
inline std::optional<Operands> mvefp_cmp(const Fields& f) {
  Operands o = mvefp_detail::typed<kLog2>(f('k'), 0);
  if ((o.imm != 0) != kVpt) return std::nullopt;
  const auto cond = mvefp_detail::fp_condition(f);
  if (!cond) return std::nullopt;
  o.cond = *cond;
  o.rn = static_cast<uint8_t>(f('n'));
  if constexpr (kScalar) {
    o.rm = static_cast<uint8_t>(f('t'));
    if (o.rm == 13) return std::nullopt;
  } else {
    if (!mvefp_detail::qreg(f, 'M', 'm', o.rm)) return std::nullopt;
  }
  return o;
}

// VCVT between floating point and fixed point: fbits = kBits - i (imm6 = 1:iiiii for .F32 with
// fbits 1-32, 11:iiii for .F16 with fbits 1-16; other imm6 values are other rows or UNDEFINED).
template <unsigned kLog2, unsigned kBits, uint8_t kFlags>
inline std::optional<Operands> mvefp_fixed(const Fields& f) {
  Operands o = mvefp_detail::typed<kLog2>(kBits - f('i'), kFlags);
  if (!mvefp_detail::qreg(f, 'D', 'd', o.rd) || !mvefp_detail::qreg(f, 'M', 'm', o.rm)) return std::nullopt;
  return o;
}

}  // namespace corsim::cpu::decoder
