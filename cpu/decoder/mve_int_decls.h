#pragma once
// Declarations for cpu/decoder/mve_int.inc: the MVE integer element-wise rows (docs/mve.md
// "Integer element-wise"). Handlers: cpu/isa/mve/int_exec.h (templates) and int_misc.cpp; the
// decode functions below. Operands conventions are at the top of int_exec.h.
//
// Pattern letters of these rows: D d (Qd = D:ddd), N n (first source as printed), M m (second
// source), r (core register Rm / Rdm), s (shift immediate; its width gives the element size:
// 3 bits .8, 4 bits .16, 5 bits .32), i (VMOV immediate i:imm3:imm4). A set D/N/M bit names
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

// Registers only. kDa: the one Q field is both destination and source (VSHL Qda, Rm).
template <bool kDa = false>
inline std::optional<Operands> regs(const Fields& f) {
  Operands o;
  if (!q_field(f, 'D', 'd', o.rd) || !q_field(f, 'N', 'n', o.rn) || !q_field(f, 'M', 'm', o.rm)) return std::nullopt;
  if (kDa) o.rn = o.rd;
  if (f.size('r')) {
    o.ra = static_cast<uint8_t>(f('r'));
    if (o.ra == 13 || o.ra == 15) return std::nullopt;
  }
  return o;
}

// VQDMULL with 32-bit elements and Qd equal to a source is UNPREDICTABLE; we choose UNDEFINED (as
// QEMU).
inline std::optional<Operands> regs_qdmull32(const Fields& f) {
  auto o = regs(f);
  if (!o) return o;
  if (o->rd == o->rn || (!f.size('r') && o->rd == o->rm)) return std::nullopt;
  return o;
}

// Shift immediates. kKind: 0 left (imm = shift), 1 right as a negative count for the element
// shift operations, 2 right as a positive amount (VSRI, narrowing). The esize of the field is
// 1 << width; right shifts are encoded as esize - shift. shift_n is the amount as printed.
// kNonZero: a zero left shift belongs to another row (VSHLL #0 is VMOVL).
template <int kKind, bool kNonZero = false>
inline std::optional<Operands> shift_imm(const Fields& f) {
  auto o = regs(f);
  if (!o) return o;
  const unsigned raw = f('s'), esize = 1u << f.size('s');
  if (kNonZero && raw == 0) return std::nullopt;
  const unsigned amount = kKind == 0 ? raw : esize - raw;
  o->shift_n = static_cast<uint8_t>(amount);
  o->imm = kKind == 1 ? static_cast<uint32_t>(-static_cast<int32_t>(amount)) : amount;
  return o;
}

// Rows whose shift is fixed by the encoding (VMOVL = shift 0, VSHLL T2 = shift esize, VMOVN).
template <unsigned kShift>
inline std::optional<Operands> fixed_shift(const Fields& f) {
  auto o = regs(f);
  if (!o) return o;
  o->imm = kShift;
  o->shift_n = static_cast<uint8_t>(kShift);
  return o;
}

// VSHLC Qda, Rdm, #imm: imm 0 encodes 32; Rdm = SP/PC UNDEFINED (CONSTRAINED UNPREDICTABLE, as
// QEMU).
inline std::optional<Operands> vshlc(const Fields& f) {
  auto o = regs(f);
  if (!o) return o;
  const unsigned raw = f('s');
  o->imm = raw == 0 ? 32 : raw;
  o->shift_n = static_cast<uint8_t>(o->imm);
  return o;
}

// VMOV/VMVN/VORR/VBIC (immediate): imm8 = i:imm3:imm4 (i = bit 28 = kHi, fixed per row), cmode =
// bits 11:8, op = bit 5 (kAlt). The rows split the cmode/op space between the instructions;
// cmode 1111 with op = 1 has no row (UNDEFINED).
template <unsigned kHi>
inline std::optional<Operands> simd_imm(const Fields& f) {
  auto o = regs(f);
  if (!o) return o;
  o->imm = (kHi << 7) | f('i');
  o->shift_t = static_cast<uint8_t>((f.raw() >> 8) & 0xFu);
  if ((f.raw() >> 5) & 1u) o->flags |= kAlt;
  return o;
}

// Vector Qd, Qn, Qm (VCADD, VHCADD, VADC/VSBC); VBRSR with Rm in kkkk.
template <unsigned Size, mve::MveType Type>
std::optional<Operands> vec3(const Fields& f) {
  Operands o;
  o.shift_n = static_cast<uint8_t>(Size);
  o.shift_t = Type;
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
  o.shift_n = static_cast<uint8_t>(Size);
  o.shift_t = mve::kMveU;
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
