#pragma once
// MVE predication (Arm DDI 0553, B5 "Vector predication"; C2 VPT, VPST, VCMP, VPSEL, VPNOT, VCTP):
// integer compares into VPR.P0, VPT blocks, VPSEL, VPNOT and VCTP. Handlers in pred_ops.cpp, rows
// in cpu/decoder/mve_ldst.inc, docs/mve.md "Predication".
//
// Operands (mve_common.h convention): rn = Qn, rm = Qm (vector form) or core Rm (scalar form, 15 =
// zero), shift_n = size, shift_t = MveType of the compare, cond = Arm condition (eq ne cs hi ge lt
// gt le), imm = VPT mask (0 for VCMP); VPSEL rd/rn/rm = Qd/Qn/Qm; VCTP rn = Rn, shift_n = size.
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu {

class Cpu;

void exec_MVE_VCMP(Cpu& cpu, const Operands& o);         // VCMP and VPT, vector and scalar (kAlt = scalar)
void exec_MVE_VPST(Cpu& cpu, const Operands& o);
void exec_MVE_VPNOT(Cpu& cpu, const Operands& o);
void exec_MVE_VPSEL(Cpu& cpu, const Operands& o);
void exec_MVE_VCTP(Cpu& cpu, const Operands& o);

namespace decoder {

// The condition of an integer VCMP/VPT from its fc bits (bit 12, bit 7, bit 0 or 5):
// 000 eq, 010 ne, 001 cs, 011 hi, 100 ge, 110 lt, 101 gt, 111 le.
inline uint8_t mve_cmp_cond(uint32_t fc) {
  constexpr uint8_t kCond[8] = {0x0, 0x2, 0x1, 0x8, 0xA, 0xC, 0xB, 0xD};
  return kCond[fc & 7];
}
inline uint8_t mve_cmp_type(uint8_t cond) {
  if (cond <= 1) return mve::kMveI;
  return (cond == 0x2 || cond == 0x8) ? mve::kMveU : mve::kMveS;
}

// VCMP/VPT integer: kVpt selects mask != 0 (VPT) or mask == 0 (VCMP); kScalar the Rm form.
// size = 11 is the floating-point/VPSEL/VPST space; a Qm above 7 is UNDEFINED; Rm = SP UNDEFINED.
template <bool kVpt, bool kScalar>
inline std::optional<Operands> mve_vcmp(const Fields& f) {
  const uint32_t size = f('z');
  if (size == 3) return std::nullopt;
  const uint32_t mask = f('k');
  if ((mask != 0) != kVpt) return std::nullopt;
  Operands o;
  o.rn = static_cast<uint8_t>(f('n'));
  if constexpr (kScalar) {
    o.rm = static_cast<uint8_t>(f('r'));
    if (o.rm == 13) return std::nullopt;
    o.flags = kAlt;
  } else {
    if (f('M')) return std::nullopt;
    o.rm = static_cast<uint8_t>(f('m'));
  }
  o.cond = mve_cmp_cond(f('c'));
  o.shift_n = static_cast<uint8_t>(size);
  o.shift_t = mve_cmp_type(o.cond);
  o.imm = mask;
  return o;
}
inline std::optional<Operands> mve_vpst(const Fields& f) {
  Operands o;
  o.imm = f('k');
  if (o.imm == 0) return std::nullopt;  // VPNOT
  return o;
}
inline std::optional<Operands> mve_none(const Fields&) { return Operands{}; }
inline std::optional<Operands> mve_vpsel(const Fields& f) {
  if (f('D') | f('N') | f('M')) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('d'));
  o.rn = static_cast<uint8_t>(f('n'));
  o.rm = static_cast<uint8_t>(f('m'));
  return o;
}
inline std::optional<Operands> mve_vctp(const Fields& f) {
  Operands o;
  o.rn = static_cast<uint8_t>(f('n'));
  if (o.rn == 13 || o.rn == 15) return std::nullopt;  // CONSTRAINED UNPREDICTABLE: UNDEFINED (QEMU)
  o.shift_n = static_cast<uint8_t>(f('z'));
  o.shift_t = mve::kMveUntyped;
  return o;
}

}  // namespace decoder
}  // namespace corsim::cpu
