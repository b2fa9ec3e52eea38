#pragma once
// Handler templates of the MVE integer element-wise instructions (docs/mve.md "Integer
// element-wise"): each reads its sources whole, computes every element with an int_ops.h
// operation, then writes Qd under the element mask (per byte, merging) and sets FPSCR.QC when an
// active element saturated. Rows in cpu/decoder/mve_int.inc name instantiations directly
// (exec_elem<ops::Add, uint8_t, Src::Vec>), so no instantiation lists are kept.
//
// Operands (filled by the decode functions of mve_int_decls.h; the MVE convention of
// mve_common.h):
//   rd  Qd;  rn  first source Q as printed (Qn, or Qm of one-source forms);  rm  second source Q
//   ra  core register Rm of the vector-by-scalar forms (Rdm of VSHLC)
//   imm the immediate as printed: shift amount (left or right, 1 .. esize for right shifts), or
//       the VMOV/VMVN/VORR/VBIC constant's 32-bit pattern (AdvSIMDExpandImm at decode; .I64: imm8)
//   shift_n / shift_t  element size (log2 of bytes) and MveType, for the {dt} key; handlers know
//       them as template arguments
#include <cstdint>
#include <cstring>

#include "cpu/cpu.h"
#include "cpu/decoder/operands.h"
#include "cpu/isa/mve/int_ops.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::mve {

// A Q register value as 16 bytes, read whole before any element is written.
struct QVec {
  alignas(8) uint8_t b[16];
  template <class T> T get(unsigned i) const {
    T v;
    std::memcpy(&v, b + i * sizeof(T), sizeof(T));
    return v;
  }
  template <class T> void set(unsigned i, T v) { std::memcpy(b + i * sizeof(T), &v, sizeof(T)); }
};
inline QVec read_q(const ArchState& s, unsigned q) {
  QVec v;
  std::memcpy(v.b, qbytes(s, q), 16);
  return v;
}
// Writes the bytes of `r` whose mask bit is set; QC when an element flagged in `sat` (bit = the
// byte whose predicate decides, normally the element's lowest byte) is active.
inline void write_q(ArchState& s, unsigned q, const QVec& r, uint16_t mask, uint16_t sat) {
  uint8_t* d = qbytes(s, q);
  if (mask == 0xFFFFu) {
    std::memcpy(d, r.b, 16);  // unpredicated: the common case
  } else {
    for (unsigned i = 0; i < 16; ++i)
      if ((mask >> i) & 1u) d[i] = r.b[i];
  }
  if (sat & mask) set_qc(s);
}

// Where the second operand comes from.
enum class Src : uint8_t { Vec, Scalar, Imm };

template <class T, Src S>
inline T second(const Cpu& cpu, const QVec& m, const Operands& o, unsigned i) {
  if constexpr (S == Src::Vec) return m.get<T>(i);
  else if constexpr (S == Src::Scalar) return static_cast<T>(cpu.reg(o.ra));
  else return static_cast<T>(o.imm);
}

// Qd[i] = Op(Qd[i], Qn[i], second) for every element.
template <class Op, class T, Src S>
void exec_elem(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const QVec d = read_q(s, o.rd), n = read_q(s, o.rn), m = read_q(s, o.rm);
  QVec r;
  uint16_t sat = 0;
  for (unsigned i = 0; i < 16 / sizeof(T); ++i) {
    bool st = false;
    r.set<T>(i, Op::template apply<T>(d.get<T>(i), n.get<T>(i), second<T, S>(cpu, m, o, i), st));
    if (st) sat |= uint16_t(1u << (i * sizeof(T)));
  }
  write_q(s, o.rd, r, mask, sat);
  advance_vpt(s);
}

template <class T> struct WideOf;
template <> struct WideOf<int8_t> { using type = int16_t; };
template <> struct WideOf<uint8_t> { using type = uint16_t; };
template <> struct WideOf<int16_t> { using type = int32_t; };
template <> struct WideOf<uint16_t> { using type = uint32_t; };
template <> struct WideOf<int32_t> { using type = int64_t; };
template <> struct WideOf<uint32_t> { using type = uint64_t; };

// Widening: Qd.L[i] = Op(L(Qn.T[2i + top]), L(second[2i + top])). QC as QEMU: a 16 -> 32 result
// counts when the predicate bit of its source half's first byte is set, 32 -> 64 when either half's.
template <class Op, class T, bool kTop, Src S>
void exec_long(Cpu& cpu, const Operands& o) {
  using L = typename WideOf<T>::type;
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const QVec d = read_q(s, o.rd), n = read_q(s, o.rn), m = read_q(s, o.rm);
  QVec r;
  uint16_t sat = 0;
  for (unsigned i = 0; i < 16 / sizeof(L); ++i) {
    const unsigned src = 2 * i + (kTop ? 1 : 0);
    bool st = false;
    r.set<L>(i, Op::template apply<L>(d.get<L>(i), L(n.get<T>(src)), L(second<T, S>(cpu, m, o, src)), st));
    if (st) {
      if constexpr (sizeof(T) == 4) sat |= uint16_t(0x11u << (i * 8));
      else sat |= uint16_t(1u << (src * sizeof(T)));
    }
  }
  write_q(s, o.rd, r, mask, sat);
  advance_vpt(s);
}

// Narrowing: Qd.T[2i + top] = Op(Qm.L[i], shift); the other half of each pair keeps its value.
// L is the source element type (signed for the VQ..UN forms, whose result T is unsigned).
template <class Op, class T, bool kTop, class L = typename WideOf<T>::type>
void exec_narrow(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const QVec src = read_q(s, o.rn);
  QVec r = read_q(s, o.rd);
  uint16_t sat = 0;
  for (unsigned i = 0; i < 16 / sizeof(L); ++i) {
    const unsigned dst = 2 * i + (kTop ? 1 : 0);
    bool st = false;
    r.set<T>(dst, Op::template apply<T>(ops::Wide(src.get<L>(i)), o.imm, st));
    if (st) sat |= uint16_t(1u << (dst * sizeof(T)));
  }
  write_q(s, o.rd, r, mask, sat);
  advance_vpt(s);
}

// VQ[R]DML{A,S}DH[X]: pairs (2k, 2k+1); the plain form writes element 2k with
// n[2k]*m[2k] +/- n[2k+1]*m[2k+1], the exchange form element 2k+1 with n[2k+1]*m[2k] +/- n[2k]*m[2k+1];
// result SignedSatQ((2 * sum [+ 1 << (esize - 1)]) >> esize). The other element keeps its value.
template <class T, bool kSub, bool kRound, bool kX>
void exec_dual_high(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const QVec n = read_q(s, o.rn), m = read_q(s, o.rm);
  QVec r = read_q(s, o.rd);
  uint16_t sat = 0;
  constexpr unsigned bits = ops::kBits<T>;
  for (unsigned k = 0; k < 16 / sizeof(T); k += 2) {
    const ops::Wide a = kX ? ops::Wide(n.get<T>(k + 1)) * m.get<T>(k) : ops::Wide(n.get<T>(k)) * m.get<T>(k);
    const ops::Wide b = kX ? ops::Wide(n.get<T>(k)) * m.get<T>(k + 1) : ops::Wide(n.get<T>(k + 1)) * m.get<T>(k + 1);
    const ops::Wide sum = kSub ? a - b : a + b;
    const ops::Wide rc = kRound ? ops::Wide{1} << (bits - 1) : 0;
    bool st = false;
    const unsigned dst = kX ? k + 1 : k;
    r.set<T>(dst, ops::sat<T>((2 * sum + rc) >> bits, st));
    if (st) sat |= uint16_t(1u << (dst * sizeof(T)));
  }
  write_q(s, o.rd, r, mask, sat);
  advance_vpt(s);
}

// VREV16/32/64: reverse the kElem-byte elements inside each kContainer-byte container.
template <unsigned kElem, unsigned kContainer>
void exec_rev(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const QVec src = read_q(s, o.rn);
  QVec r;
  constexpr unsigned per = kContainer / kElem;
  for (unsigned e = 0; e < 16 / kElem; ++e) {
    const unsigned base = (e / per) * per, to = base + (per - 1 - (e - base));
    std::memcpy(r.b + to * kElem, src.b + e * kElem, kElem);
  }
  write_q(s, o.rd, r, mask, 0);
  advance_vpt(s);
}

// VMOV/VMVN/VORR/VBIC (immediate) and VSHLC: int_misc.cpp.
void exec_VMOV_imm(Cpu& cpu, const Operands& o);
void exec_VMVN_imm(Cpu& cpu, const Operands& o);
void exec_VMOV_imm64(Cpu& cpu, const Operands& o);  // VMOV.I64
void exec_VORR_imm(Cpu& cpu, const Operands& o);
void exec_VBIC_imm(Cpu& cpu, const Operands& o);
void exec_VSHLC(Cpu& cpu, const Operands& o);
// AdvSIMDExpandImm(op, cmode, imm8) as a 64-bit pattern (the vector holds it twice).
uint64_t expand_simd_imm(unsigned op, unsigned cmode, unsigned imm8);

}  // namespace corsim::cpu::mve
