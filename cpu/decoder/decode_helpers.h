#pragma once
// Decode functions used by the core tables (t16.inc, t32_*.inc). Each mirrors the "decode" box of
// its Arm ARM encoding: field extraction, SEE-other-instruction carve-outs (nullopt) and UNDEFINED
// cases (nullopt). UNPREDICTABLE register choices are accepted and executed as written unless a
// comment says otherwise.
#include "base/bits.h"
#include "cpu/decoder/formats.h"

namespace corsim::cpu::decoder {

// ---- T16 ----
template <unsigned kType>
inline Opt t16_shift_imm(const Fields& f) {
  const uint32_t imm5 = f('i');
  if (kType == 0 && imm5 == 0) return std::nullopt;  // SEE MOV (register) T2
  Operands o;
  o.rd = u8(f('d'));
  o.rm = u8(f('m'));
  const ImmShift sh = DecodeImmShift(kType, imm5);
  o.shift_t = sh.type;
  o.shift_n = sh.amount;
  o.flags = kSetFlagsOutsideIt;
  return o;
}
inline Opt t16_rrr(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.rm = u8(f('m'));
  o.flags = kSetFlagsOutsideIt;
  return o;
}
inline Opt t16_rri(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.imm = f('i');
  o.flags = kSetFlagsOutsideIt;
  return o;
}
inline Opt t16_ri(const Fields& f) {  // Rdn, #imm8
  Operands o;
  o.rd = o.rn = u8(f('d')); o.imm = f('i');
  o.flags = kSetFlagsOutsideIt;
  return o;
}
inline Opt t16_dp(const Fields& f) {  // Rdn, Rm
  Operands o;
  o.rd = o.rn = u8(f('d')); o.rm = u8(f('m'));
  o.flags = kSetFlagsOutsideIt;
  return o;
}
template <uint8_t kType>
inline Opt t16_shift_reg(const Fields& f) {
  Operands o;
  o.rd = o.rn = u8(f('d')); o.rm = u8(f('m')); o.shift_t = kType;
  o.flags = kSetFlagsOutsideIt;
  return o;
}
inline Opt t16_test(const Fields& f) {
  Operands o;
  o.rn = u8(f('n')); o.rm = u8(f('m'));
  return o;
}
template <bool kNonZero>
inline Opt t16_cbz(const Fields& f) {
  Operands o;
  o.rn = u8(f('n'));
  o.imm = f('i') << 1;
  if (kNonZero) o.flags = kAlt;
  return o;
}
inline Opt t16_rm_rd(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rm = u8(f('m'));
  return o;
}
inline Opt t16_none(const Fields&) { return Operands{}; }

// ---- T32 data processing ----
inline Opt t32_csel(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.rm = u8(f('m')); o.cond = u8(f('c'));
  // Rd = SP/PC, Rn/Rm = SP or cond = 111x is CONSTRAINED UNPREDICTABLE: we choose UNDEFINED
  // (as QEMU does).
  if (o.rd == 13 || o.rd == 15 || o.rn == 13 || o.rm == 13 || o.cond >= 14) return std::nullopt;
  return o;
}
inline Opt t32_dp_reg(const Fields& f) { return dp_shifted(f, true, true); }
inline Opt t32_dp_reg_not_test(const Fields& f) {
  if (f('d') == 15 && f('S') == 1) return std::nullopt;  // SEE TST/TEQ/CMN/CMP
  return dp_shifted(f, true, true);
}
inline Opt t32_dp_reg_n(const Fields& f) {
  if (f('n') == 15) return std::nullopt;  // SEE MOV/MVN
  return dp_shifted(f, true, true);
}
inline Opt t32_orr_reg(const Fields& f) {
  if (f('n') == 15) return std::nullopt;  // SEE MOV (register)
  // Bit 15 set: CSEL family (Armv8.1-M). Rm = SP/PC: the MVE long shifts (ASRL, LSLL, ...; issue 3).
  if (f.raw() & 0x8000u) return std::nullopt;
  const uint32_t m = f('m');
  if (m == 13 || m == 15) return std::nullopt;
  return dp_shifted(f, true, true);
}
inline Opt t32_mov_reg(const Fields& f) {
  // Bit 15 is (0); set, this is the CSEL family with Rn = ZR (CSET, CSETM, ...).
  if (f.raw() & 0x8000u) return std::nullopt;
  // MOVS with Rm = SP/PC is UNPREDICTABLE: that space holds the MVE long shifts with RdaLo = LR.
  if (f('S') && (f('m') == 13 || f('m') == 15)) return std::nullopt;
  return dp_shifted(f, true, false);
}
inline Opt t32_test_reg(const Fields& f) { return dp_shifted(f, false, true); }
inline Opt t32_dp_imm(const Fields& f) { return dp_modified_imm(f, true, true); }
inline Opt t32_dp_imm_not_test(const Fields& f) {
  if (f('d') == 15 && f('S') == 1) return std::nullopt;
  return dp_modified_imm(f, true, true);
}
inline Opt t32_dp_imm_n(const Fields& f) {
  if (f('n') == 15) return std::nullopt;
  return dp_modified_imm(f, true, true);
}
inline Opt t32_mov_imm(const Fields& f) { return dp_modified_imm(f, true, false); }
inline Opt t32_test_imm(const Fields& f) { return dp_modified_imm(f, false, true); }
template <bool kAddOp>
inline Opt t32_adr(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = 15; o.imm = f('i');
  if (kAddOp) o.flags = kAdd;
  return o;
}
inline Opt t32_addw(const Fields& f) {
  if (f('n') == 15) return std::nullopt;  // SEE ADR
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.imm = f('i');
  return o;
}
inline Opt t32_imm16(const Fields& f) {  // imm16 = imm4:i:imm3:imm8
  Operands o;
  o.rd = u8(f('d'));
  o.imm = (f('w') << 12) | (f('i') << 11) | (f('l') << 8) | f('h');
  return o;
}
inline Opt t32_bfx(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n'));
  o.shift_n = u8(f('i'));
  o.imm = f('w') + 1;
  if (o.shift_n + o.imm > 32) return std::nullopt;  // lsb + width > 32: UNPREDICTABLE; we UNDEF
  return o;
}
inline Opt t32_bfi(const Fields& f) {
  Operands o;
  o.rd = u8(f('d'));
  o.rn = f.size('n') ? u8(f('n')) : 15;
  if (o.rn == 15 && f.size('n')) return std::nullopt;  // SEE BFC
  const uint32_t lsb = f('i'), msb = f('h');
  if (msb < lsb) return std::nullopt;  // UNPREDICTABLE; we UNDEF
  o.shift_n = u8(lsb);
  o.imm = msb - lsb + 1;
  return o;
}
template <uint8_t kType>
inline Opt t32_shift_reg(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.rm = u8(f('m')); o.shift_t = kType;
  if (f('S')) o.flags = kSetFlags;
  return o;
}
inline Opt t32_extend(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rm = u8(f('m')); o.shift_n = u8(f('o') * 8);
  return o;
}
inline Opt t32_rev(const Fields& f) {
  // Both Rm fields must agree (Consistent(Rm)); when they differ the encoding is CONSTRAINED
  // UNPREDICTABLE and we choose UNDEFINED (QEMU reads hw2's field, binutils hw1's).
  Operands o;
  o.rd = u8(f('d')); o.rm = u8(f('m'));
  if (f('M') != o.rm) return std::nullopt;
  return o;
}
inline Opt t32_mul(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.rm = u8(f('m'));
  return o;
}
inline Opt t32_mla(const Fields& f) {
  if (f('a') == 15) return std::nullopt;  // SEE MUL
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.rm = u8(f('m')); o.ra = u8(f('a'));
  return o;
}
inline Opt t32_long_mul(const Fields& f) {
  Operands o;
  o.rd = u8(f('l')); o.ra = u8(f('h')); o.rn = u8(f('n')); o.rm = u8(f('m'));
  return o;
}

// ---- T32 loads and stores ----
inline Opt t32_hint(const Fields& f) {
  if (f.size('n') && f('n') == 15) return std::nullopt;  // the literal form
  Operands o;
  o.rn = f.size('n') ? u8(f('n')) : 15;
  if (f.size('m')) {
    o.rm = u8(f('m'));
    o.shift_n = u8(f('i'));
  } else {
    o.imm = f('i');
    // imm12 forms add; imm8 forms (bits 11:8 = 1100) subtract; literal forms have U.
    o.flags = kIndex;
    if (f.size('U') ? f('U') != 0 : f.size('i') == 12) o.flags |= kAdd;
  }
  return o;
}
inline Opt t32_literal(const Fields& f) { return ldst_literal(f); }
inline Opt t32_literal_not_pc(const Fields& f) {
  if (f('t') == 15) return std::nullopt;  // SEE PLD/PLI/hints
  return ldst_literal(f);
}
inline Opt t32_imm12(const Fields& f) {
  if (f('n') == 15) return std::nullopt;  // literal (loads) / UNDEFINED (stores)
  return ldst_offset(f);
}
inline Opt t32_imm12_not_pc(const Fields& f) {
  if (f('t') == 15) return std::nullopt;
  return t32_imm12(f);
}
inline Opt t32_unpriv(const Fields& f) {
  if (f('n') == 15) return std::nullopt;
  if (f('t') == 15) return std::nullopt;  // UNPREDICTABLE (binutils reads some as PLD); we UNDEF
  return ldst_offset(f);
}
inline Opt t32_imm8(const Fields& f) {
  if (f('n') == 15) return std::nullopt;
  return ldst_imm8(f);
}
inline Opt t32_imm8_not_pc(const Fields& f) {
  if (f('t') == 15) return std::nullopt;
  return t32_imm8(f);
}
inline Opt t32_reg(const Fields& f) {
  if (f('n') == 15) return std::nullopt;
  return ldst_reg(f);
}
inline Opt t32_reg_not_pc(const Fields& f) {
  if (f('t') == 15) return std::nullopt;
  return t32_reg(f);
}
inline Opt t32_dual(const Fields& f) {
  const uint32_t p = f('P'), u = f('U'), w = f('W');
  if (p == 0 && w == 0) return std::nullopt;  // exclusives / table branch space
  Operands o;
  o.rd = u8(f('t')); o.ra = u8(f('u')); o.rn = u8(f('n'));
  o.imm = f('i') * 4;
  if (p) o.flags |= kIndex;
  if (u) o.flags |= kAdd;
  if (w) o.flags |= kWback;
  // LDRD (literal) with writeback, Rt == Rt2 and other register clashes are UNPREDICTABLE; we
  // execute them as written.
  return o;
}
inline Opt t32_ldrex(const Fields& f) {
  Operands o;
  o.rd = u8(f('t')); o.rn = u8(f('n')); o.imm = f('i') * 4;
  return o;
}
inline Opt t32_strex(const Fields& f) {
  Operands o;
  o.rd = u8(f('t')); o.rn = u8(f('n')); o.ra = u8(f('d')); o.imm = f('i') * 4;
  if (o.rd == 15) return std::nullopt;  // Rt = PC: TT/TTT/TTA/TTAT (Armv8-M, t32_system.inc)
  return o;
}
inline Opt t32_strex_bh(const Fields& f) {
  Operands o;
  o.rd = u8(f('t')); o.rn = u8(f('n')); o.ra = u8(f('d'));
  return o;
}
inline Opt t32_rt_rn(const Fields& f) {
  Operands o;
  o.rd = u8(f('t')); o.rn = u8(f('n'));
  return o;
}
inline Opt t32_tb(const Fields& f) {
  Operands o;
  o.rn = u8(f('n')); o.rm = u8(f('m'));
  return o;
}
inline Opt t32_ldm(const Fields& f) {
  Operands o;
  o.rn = f.size('n') ? u8(f('n')) : 13;
  o.imm = (f('p') << 15) | (f('l') << 14) | f('r');
  const bool wback = f.size('W') ? f('W') != 0 : true;
  if (wback) o.flags = kWback;
  if (f.size('n') && o.rn == 13 && wback && (f.raw() & (1u << 23))) return std::nullopt;  // SEE POP
  if (f.size('n') && o.rn == 15) return std::nullopt;  // LDM PC: CLRM (Armv8.1-M, t32_system.inc)
  // P and M both set, or fewer than two registers, is UNPREDICTABLE; we execute the list.
  if (o.imm == 0) return std::nullopt;
  return o;
}
inline Opt t32_stm(const Fields& f) {
  Operands o;
  o.rn = f.size('n') ? u8(f('n')) : 13;
  o.imm = (f('l') << 14) | f('r');
  const bool wback = f.size('W') ? f('W') != 0 : true;
  if (wback) o.flags = kWback;
  if (f.size('n') && o.rn == 13 && wback && !(f.raw() & (1u << 23))) return std::nullopt;  // SEE PUSH
  if (o.imm == 0) return std::nullopt;
  return o;
}

// ---- T32 branches and low-overhead loops ----
inline Opt t32_b_cond(const Fields& f) {
  Operands o;
  o.cond = u8(f('c'));
  if ((o.cond >> 1) == 7) return std::nullopt;  // cond 111x: miscellaneous control (system table)
  const uint32_t imm = (f('s') << 20) | (f('k') << 19) | (f('j') << 18) | (f('i') << 1);
  o.imm = static_cast<uint32_t>(sign_extend(imm, 21));
  return o;
}
inline Opt t32_b_imm24(const Fields& f) {
  Operands o;
  const uint32_t s = f('s');
  const uint32_t i1 = (~(f('j') ^ s)) & 1u, i2 = (~(f('k') ^ s)) & 1u;
  const uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | (f('i') << 1);
  o.imm = static_cast<uint32_t>(sign_extend(imm, 25));
  return o;
}
inline Opt t32_none(const Fields&) { return Operands{}; }
template <bool kNoLr>
inline Opt t32_lob_imm(const Fields& f) {
  Operands o;
  o.imm = (f('l') << 2) | (f('h') << 1);
  if (kNoLr) o.flags = kAlt;
  return o;
}
inline Opt t32_wls(const Fields& f) {
  Operands o;
  o.rn = u8(f('n'));
  if (o.rn == 15) return std::nullopt;  // LE / LETP
  o.imm = (f('l') << 2) | (f('h') << 1);
  if (f.size('z')) o.shift_n = u8(f('z'));  // element size 8 << z (WLSTP.64 included)
  return o;
}
inline Opt t32_dls(const Fields& f) {
  Operands o;
  o.rn = u8(f('n'));
  if (o.rn == 15) return std::nullopt;  // LCTP
  if (f.size('z')) o.shift_n = u8(f('z'));  // DLSTP.64 included
  return o;
}

}  // namespace corsim::cpu::decoder
