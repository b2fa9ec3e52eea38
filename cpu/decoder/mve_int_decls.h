#pragma once
// Declarations for cpu/decoder/mve_int.inc: the MVE integer element-wise rows (docs/mve.md
// "Integer element-wise"). Handlers: cpu/isa/mve/int_exec.h (templates) and int_misc.cpp; the
// decode functions below, which fill Operands as every MVE group does (cpu/isa/mve/mve_common.h;
// the integer rows' use of each field is at the top of int_exec.h).
//
// Pattern letters of these rows: D d (Qd = D:ddd), N n (first source as printed), M m (second
// source), r (core register Rm / Rdm), s (shift immediate; its width is the shifted element's
// size: 3 bits 8, 4 bits 16, 5 bits 32), i (VMOV immediate i:imm3:imm4). A set D/N/M bit names
// Q8-Q15, which Armv8.1-M does not have: UNDEFINED (as QEMU). Rm = SP or PC is UNPREDICTABLE; we
// choose UNDEFINED (as QEMU).
#include <optional>

#include "cpu/decoder/pattern.h"
#include "cpu/isa/mve/int_exec.h"
#include "cpu/isa/mve/int_other.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::decoder {

namespace mvi {

inline bool q_field(const Fields& f, char hi, char lo, uint8_t& out) {
  if (!f.size(lo)) return true;
  if (f.size(hi) && f(hi)) return false;
  out = static_cast<uint8_t>(f(lo));
  return true;
}

// The common MVE operand convention (cpu/isa/mve/mve_common.h): element size (log2 of bytes) and
// MveType for the {dt} key. Narrowing and widening rows give the size and type they print.
template <unsigned Size, mve::MveType Type>
inline void set_type(Operands& o) {
  o.shift_n = static_cast<uint8_t>(Size);
  o.shift_t = Type;
}

// The Q registers (D:ddd, N:nnn, M:mmm) and the core register Rm (rrrr) of a row, with its element
// size and type; the element-wise decode functions below start here. kDa: the one Q field is both
// destination and source (VSHL Qda, Rm).
template <unsigned Size, mve::MveType Type, bool kDa = false>
inline std::optional<Operands> regs(const Fields& f) {
  Operands o;
  if (!q_field(f, 'D', 'd', o.rd) || !q_field(f, 'N', 'n', o.rn) || !q_field(f, 'M', 'm', o.rm)) return std::nullopt;
  if (f.size('r')) {
    o.ra = static_cast<uint8_t>(f('r'));
    if (o.ra == 13 || o.ra == 15) return std::nullopt;
  }
  set_type<Size, Type>(o);
  if (kDa) o.rn = o.rd;
  return o;
}

// The bitwise rows (VAND, VBIC, VORR, VORN, VEOR, VMVN register): no element size or type.
inline std::optional<Operands> bitwise(const Fields& f) { return regs<0, mve::kMveUntyped>(f); }

// VQDMULL with 32-bit elements (.S32) and Qd equal to a source is UNPREDICTABLE; we choose
// UNDEFINED (as QEMU).
inline std::optional<Operands> regs_qdmull32(const Fields& f) {
  auto o = regs<2, mve::kMveS>(f);
  if (!o) return o;
  if (o->rd == o->rn || (!f.size('r') && o->rd == o->rm)) return std::nullopt;
  return o;
}

// Shifts by immediate: imm = the shift amount as printed. The field s has the width of the
// shifted element: esize = 1 << width (8, 16 or 32; the narrowing rows' half-width element).
// Left shifts encode the amount (0 .. esize-1); kNonZero: a zero left shift belongs to another
// row (VSHLL #0 is VMOVL).
template <unsigned Size, mve::MveType Type, bool kNonZero = false>
inline std::optional<Operands> shift_left(const Fields& f) {
  auto o = regs<Size, Type>(f);
  if (!o) return o;
  if (kNonZero && f('s') == 0) return std::nullopt;
  o->imm = f('s');
  return o;
}

// Right shifts encode esize - amount (amount 1 .. esize).
template <unsigned Size, mve::MveType Type>
inline std::optional<Operands> shift_right(const Fields& f) {
  auto o = regs<Size, Type>(f);
  if (!o) return o;
  o->imm = (1u << f.size('s')) - f('s');
  return o;
}

// Rows whose shift is fixed by the encoding (VMOVL = shift 0, VSHLL T2 = shift esize, VMOVN).
template <unsigned Size, mve::MveType Type, unsigned kShift>
inline std::optional<Operands> fixed_shift(const Fields& f) {
  auto o = regs<Size, Type>(f);
  if (!o) return o;
  o->imm = kShift;
  return o;
}

// VSHLC Qda, Rdm, #imm: imm 0 encodes 32; Rdm = SP/PC UNDEFINED (CONSTRAINED UNPREDICTABLE, as
// QEMU). No element size (the shift is across the whole vector).
inline std::optional<Operands> vshlc(const Fields& f) {
  auto o = regs<2, mve::kMveUntyped>(f);
  if (!o) return o;
  const unsigned raw = f('s');
  o->imm = raw == 0 ? 32 : raw;
  return o;
}

// VMOV/VMVN/VORR/VBIC (immediate): imm8 = i:imm3:imm4 (i = bit 28 = kHi, fixed per row), cmode =
// bits 11:8, op = bit 5. The rows split the cmode/op space between the instructions (cmode 1111
// with op = 1 has no row: UNDEFINED) and give the printed size and type. AdvSIMDExpandImm (Arm ARM
// DDI 0553, "AdvSIMDExpandImm") runs here: imm = the 32-bit pattern the expanded constant repeats
// (before the VMVN/VBIC inversion, which is the handler's); .I64 (cmode 1110, op 1), whose
// constant is no repeated 32-bit pattern, keeps imm8 (exec_VMOV_imm64 expands it).
template <unsigned kHi, unsigned Size, mve::MveType Type>
inline std::optional<Operands> simd_imm(const Fields& f) {
  auto o = regs<Size, Type>(f);
  if (!o) return o;
  const unsigned imm8 = (kHi << 7) | f('i');
  if constexpr (Size == 3) {
    o->imm = imm8;
  } else {
    const unsigned cmode = (f.raw() >> 8) & 0xFu, op = (f.raw() >> 5) & 1u;
    o->imm = static_cast<uint32_t>(mve::expand_simd_imm(op, cmode, imm8));
  }
  return o;
}

// Vector Qd, Qn, Qm (VCADD, VHCADD, VADC/VSBC); VBRSR with Rm in kkkk.
template <unsigned Size, mve::MveType Type>
std::optional<Operands> vec3(const Fields& f) {
  Operands o;
  set_type<Size, Type>(o);
  o.rd = static_cast<uint8_t>(f('d'));
  o.rn = static_cast<uint8_t>(f('n'));
  if (f.size('k')) {
    o.rm = static_cast<uint8_t>(f('k'));
    if (o.rm == 13 || o.rm == 15) return std::nullopt;
  } else {
    o.rm = static_cast<uint8_t>(f('m'));
  }
  return o;
}

// VIDUP/VDDUP (no kkk field) and VIWDUP/VDWDUP: Qd, Rn = nnn:0, Rm = kkk:1, imm = 1 << i:j.
template <unsigned Size>
std::optional<Operands> vidup(const Fields& f) {
  Operands o;
  set_type<Size, mve::kMveU>(o);
  o.rd = static_cast<uint8_t>(f('d'));
  o.rn = static_cast<uint8_t>(f('n') * 2);
  o.imm = 1u << f('i');
  if (f.size('k')) {
    o.rm = static_cast<uint8_t>(f('k') * 2 + 1);
    if (o.rm == 15) return std::nullopt;  // VIDUP/VDDUP (an earlier row)
    if (o.rm == 13) return std::nullopt;  // SP: CONSTRAINED UNPREDICTABLE, UNDEFINED
  }
  return o;
}

}  // namespace mvi

// Operation aliases for the rows (macro arguments cannot hold template commas).
namespace mops {
using namespace mve::ops;
using VShl = Shl<false, false>;
using VRShl = Shl<true, false>;
using VQShl = Shl<false, true>;
using VQRShl = Shl<true, true>;
using VShr = Shr<false>;
using VRShr = Shr<true>;
using VQDMulH = QDMulH<false>;
using VQRDMulH = QDMulH<true>;
using VQDMlah = QDMlah<false, false>;
using VQRDMlah = QDMlah<true, false>;
using VQDMlash = QDMlah<false, true>;
using VQRDMlash = QDMlah<true, true>;
using VMaxA = MaxMinA<true>;
using VMinA = MaxMinA<false>;
using VShrN = ShrN<false, false>;
using VRShrN = ShrN<true, false>;
using VQShrN = ShrN<false, true>;
using VQRShrN = ShrN<true, true>;
}  // namespace mops

using mve::exec_elem;
using mve::exec_long;
using mve::exec_narrow;
using mve::exec_dual_high;
using mve::exec_rev;
using mve::Src;

}  // namespace corsim::cpu::decoder
