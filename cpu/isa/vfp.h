#pragma once
// Floating-point (FPv5 + half precision, Armv8.1-M) instruction handlers and their decode
// functions, used by cpu/decoder/vfp.inc. The arithmetic is corsim_cpu_fp (docs/fp.md);
// handlers move registers, call it and merge the flags into FPSCR. docs/vfp.md describes the whole.
//
// Operands conventions (beyond decoder/operands.h):
//   rd rn rm   floating-point register numbers: S index (0-31) for half/single, D index (0-15)
//              for double; rn is the base core register of loads/stores
//   ra         core register Rt (VMOV, VMRS, VMSR);  shift_n  Rt2 of the two-register VMOVs
//   imm        VMOV imm8; fixed-point fbits; load/store byte offset; register count of VLDM;
//              system register number of VMRS/VMSR; scalar index of VMOV.32 Dd[x]
//   shift_t    rounding of VRINT/VCVT: fp::Rounding value, or kRoundFpscr (FPSCR.RMode)
//   cond       VSEL condition
//   kAlt       VCMPE (vs VCMP); VRINTX exact; unsigned integer/fixed; VCVTT (top half)
//   kIndex     VCMP with #0; kAdd/kWback/kIndex  load/store addressing
#include <cstdint>
#include <optional>

#include "cpu/arch_state.h"
#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/isa/fp_check.h"

namespace corsim::cpu {

class Cpu;

namespace vfp {

inline constexpr uint8_t kRoundFpscr = 0xFF;

// vfp::check (ExecuteFPCheck) is in cpu/isa/fp_check.h, included below.
// The FPSCR of a new floating-point context: FPDSCR's AHP, DN, FZ, RMode, FZ16; LTPSIZE = 4.
uint32_t default_fpscr(Cpu& cpu);

// S/D register access: half and single use S<r> (a half value lives in the low 16 bits and a write
// clears the top 16 bits, as QEMU and the Arm ARM's S[] = Zeros(16):value do); double uses D<r>.
template <class T>
inline T get(const ArchState& s, unsigned r) {
  if constexpr (sizeof(T) == 8) return s.ext[2 * r] | (uint64_t{s.ext[2 * r + 1]} << 32);
  else return static_cast<T>(s.ext[r]);
}
template <class T>
inline void set(ArchState& s, unsigned r, T v) {
  if constexpr (sizeof(T) == 8) {
    s.ext[2 * r] = static_cast<uint32_t>(v);
    s.ext[2 * r + 1] = static_cast<uint32_t>(v >> 32);
  } else {
    s.ext[r] = v;
  }
}

}  // namespace vfp

// ---- data processing (T = uint16_t half, uint32_t single, uint64_t double) ----
template <class T> void exec_VADD(Cpu&, const Operands&);
template <class T> void exec_VSUB(Cpu&, const Operands&);
template <class T> void exec_VMUL(Cpu&, const Operands&);
template <class T> void exec_VNMUL(Cpu&, const Operands&);
template <class T> void exec_VDIV(Cpu&, const Operands&);
template <class T> void exec_VMLA(Cpu&, const Operands&);
template <class T> void exec_VMLS(Cpu&, const Operands&);
template <class T> void exec_VNMLA(Cpu&, const Operands&);
template <class T> void exec_VNMLS(Cpu&, const Operands&);
template <class T> void exec_VFMA(Cpu&, const Operands&);
template <class T> void exec_VFMS(Cpu&, const Operands&);
template <class T> void exec_VFNMA(Cpu&, const Operands&);
template <class T> void exec_VFNMS(Cpu&, const Operands&);
template <class T> void exec_VMAXNM(Cpu&, const Operands&);
template <class T> void exec_VMINNM(Cpu&, const Operands&);
template <class T> void exec_VSEL(Cpu&, const Operands&);
template <class T> void exec_VABS(Cpu&, const Operands&);
template <class T> void exec_VNEG(Cpu&, const Operands&);
template <class T> void exec_VSQRT(Cpu&, const Operands&);
template <class T> void exec_VMOV_reg(Cpu&, const Operands&);
template <class T> void exec_VMOV_imm(Cpu&, const Operands&);
template <class T> void exec_VCMP(Cpu&, const Operands&);
template <class T> void exec_VRINT(Cpu&, const Operands&);
template <class T> void exec_VCVT_to_int(Cpu&, const Operands&);    // Sd = int(Sm/Dm)
template <class T> void exec_VCVT_from_int(Cpu&, const Operands&);  // Sd/Dd = float(Sm)
template <class T> void exec_VCVT_to_fixed(Cpu&, const Operands&);
template <class T> void exec_VCVT_from_fixed(Cpu&, const Operands&);
void exec_VCVT_f64_f32(Cpu&, const Operands&);
void exec_VCVT_f32_f64(Cpu&, const Operands&);
template <class T> void exec_VCVT_to_half(Cpu&, const Operands&);    // VCVTB/VCVTT .F16.F32/F64
template <class T> void exec_VCVT_from_half(Cpu&, const Operands&);  // VCVTB/VCVTT .F32/F64.F16
void exec_VINS(Cpu&, const Operands&);
void exec_VMOVX(Cpu&, const Operands&);

// ---- register transfers, loads/stores, system registers (vfp_move.cpp) ----
void exec_VMOV_core_to_s(Cpu&, const Operands&);
void exec_VMOV_s_to_core(Cpu&, const Operands&);
void exec_VMOV_core_to_h(Cpu&, const Operands&);
void exec_VMOV_h_to_core(Cpu&, const Operands&);
void exec_VMOV_core2_to_s2(Cpu&, const Operands&);
void exec_VMOV_s2_to_core2(Cpu&, const Operands&);
void exec_VMOV_core2_to_d(Cpu&, const Operands&);
void exec_VMOV_d_to_core2(Cpu&, const Operands&);
void exec_VMOV_core_to_scalar(Cpu&, const Operands&);
void exec_VMOV_scalar_to_core(Cpu&, const Operands&);
template <class T> void exec_VLDR(Cpu&, const Operands&);
template <class T> void exec_VSTR(Cpu&, const Operands&);
template <bool kDouble> void exec_VLDM(Cpu&, const Operands&);
template <bool kDouble> void exec_VSTM(Cpu&, const Operands&);
template <bool kDouble> void exec_VSCCLRM(Cpu&, const Operands&);
void exec_VMRS(Cpu&, const Operands&);
void exec_VMSR(Cpu&, const Operands&);
namespace vfp {
// System registers of VMRS/VMSR (reg = 1 FPSCR, 2 FPSCR_nzcvqc, 12 VPR, 13 P0, 14/15 FPCXT_NS/S),
// shared with VLDR/VSTR (System Register) (cpu/isa/mve/transfer_sysreg.cpp). False: faulted.
bool read_sysreg(Cpu& c, unsigned reg, uint32_t& v);
bool check_sysreg_write(Cpu& c, unsigned reg);
void write_sysreg(Cpu& c, unsigned reg, uint32_t v);
}  // namespace vfp

namespace decoder {

// Register numbers (Arm ARM "VFP register numbering"): single/half Vx:X, double X:Vx. The
// Armv8.1-M FPU has D0-D15 only, so a set D/N/M bit in a double-precision field is UNDEFINED.
inline uint8_t vfp_s(const Fields& f, char v, char x) { return static_cast<uint8_t>(f(v) << 1 | f(x)); }
inline std::optional<uint8_t> vfp_d(const Fields& f, char v, char x) {
  if (f(x)) return std::nullopt;
  return static_cast<uint8_t>(f(v));
}

// Three-register data processing: kDouble selects D registers.
template <bool kDouble>
inline std::optional<Operands> vfp_ddd(const Fields& f) {
  Operands o;
  if constexpr (kDouble) {
    const auto d = vfp_d(f, 'd', 'D'), n = vfp_d(f, 'n', 'N'), m = vfp_d(f, 'm', 'M');
    if (!d || !n || !m) return std::nullopt;
    o.rd = *d; o.rn = *n; o.rm = *m;
  } else {
    o.rd = vfp_s(f, 'd', 'D'); o.rn = vfp_s(f, 'n', 'N'); o.rm = vfp_s(f, 'm', 'M');
  }
  return o;
}

// VSEL: condition from cc (00 EQ, 01 VS, 10 GE, 11 GT).
template <bool kDouble>
inline std::optional<Operands> vfp_sel(const Fields& f) {
  auto o = vfp_ddd<kDouble>(f);
  if (!o) return o;
  static constexpr uint8_t kCond[4] = {0x0, 0x6, 0xA, 0xC};
  o->cond = kCond[f('c')];
  return o;
}

// Two registers Rd, Rm of the given kinds (for conversions between precisions). Optional extras:
// shift_t rounding, flags.
template <bool kDoubleD, bool kDoubleM>
inline std::optional<Operands> vfp_dm(const Fields& f, uint8_t rounding = vfp::kRoundFpscr, uint8_t flags = 0) {
  Operands o;
  if constexpr (kDoubleD) {
    const auto d = vfp_d(f, 'd', 'D');
    if (!d) return std::nullopt;
    o.rd = *d;
  } else {
    o.rd = vfp_s(f, 'd', 'D');
  }
  if constexpr (kDoubleM) {
    const auto m = vfp_d(f, 'm', 'M');
    if (!m) return std::nullopt;
    o.rm = *m;
  } else {
    o.rm = vfp_s(f, 'm', 'M');
  }
  o.shift_t = rounding;
  o.flags = flags;
  return o;
}

template <bool kDoubleD, bool kDoubleM>
inline std::optional<Operands> vfp_dm_plain(const Fields& f) { return vfp_dm<kDoubleD, kDoubleM>(f); }

// VCVTB/VCVTT: 'T' selects the top half (kAlt).
template <bool kDoubleD, bool kDoubleM>
inline std::optional<Operands> vfp_dm_bt(const Fields& f) {
  return vfp_dm<kDoubleD, kDoubleM>(f, vfp::kRoundFpscr, f('T') ? uint8_t{kAlt} : uint8_t{0});
}

// Rows that pin their variant in the pattern: rounding / flag bits as template arguments.
template <bool kDoubleD, bool kDoubleM, uint8_t kRound, uint8_t kFlags>
inline std::optional<Operands> vfp_dm_fixed(const Fields& f) {
  return vfp_dm<kDoubleD, kDoubleM>(f, kRound, kFlags);
}

// VCVT{A,N,P,M} / VRINT{A,N,P,M}: rm field 00 A, 01 N, 10 P, 11 M; 'U' = op (1 signed) for VCVT.
template <bool kDoubleD, bool kDoubleM>
inline std::optional<Operands> vfp_directed(const Fields& f) {
  static constexpr uint8_t kRm[4] = {4 /*kTieAway*/, 0 /*kTieEven*/, 1 /*kPosInf*/, 2 /*kNegInf*/};
  uint8_t flags = 0;
  if (f.size('U') && !f('U')) flags |= kAlt;  // unsigned
  return vfp_dm<kDoubleD, kDoubleM>(f, kRm[f('r')], flags);
}

// VCMP / VCMPE (E = 'E'), with zero when kZero.
template <bool kDouble, bool kZero>
inline std::optional<Operands> vfp_cmp(const Fields& f) {
  std::optional<Operands> o;
  if constexpr (kZero) {
    o = Operands{};
    if constexpr (kDouble) {
      const auto d = vfp_d(f, 'd', 'D');
      if (!d) return std::nullopt;
      o->rd = *d;
    } else {
      o->rd = vfp_s(f, 'd', 'D');
    }
  } else {
    o = vfp_dm<kDouble, kDouble>(f);
  }
  if (!o) return o;
  if (f('E')) o->flags |= kAlt;
  if (kZero) o->flags |= kIndex;
  return o;
}

// VMOV (immediate): imm8 = imm4H:imm4L.
template <bool kDouble>
inline std::optional<Operands> vfp_d_only(const Fields& f) {
  Operands o;
  if constexpr (kDouble) {
    const auto d = vfp_d(f, 'd', 'D');
    if (!d) return std::nullopt;
    o.rd = *d;
  } else {
    o.rd = vfp_s(f, 'd', 'D');
  }
  return o;
}
template <bool kDouble>
inline std::optional<Operands> vfp_imm(const Fields& f) {
  auto o = vfp_d_only<kDouble>(f);
  if (o) o->imm = f('i');
  return o;
}

// VCVT (between floating-point and fixed-point): sx ('x') 0 = 16-bit, 1 = 32-bit; U unsigned;
// fbits = size - imm4:i. In place (Sd/Dd is also the operand).
template <bool kDouble>
inline std::optional<Operands> vfp_fixed(const Fields& f) {
  auto o = vfp_d_only<kDouble>(f);
  if (!o) return o;
  const unsigned size = f('x') ? 32 : 16;
  const unsigned imm = f('j') << 1 | f('i');  // imm4:i
  if (imm > size) return std::nullopt;  // fbits < 0 is UNPREDICTABLE: we UNDEF
  o->rm = o->rd;
  o->imm = size - imm;
  o->shift_n = static_cast<uint8_t>(size);
  if (f('U')) o->flags |= kAlt;
  return o;
}

// Core register <-> S (or half): Rt in ra, S register in rn.
inline std::optional<Operands> vfp_core_s(const Fields& f) {
  const unsigned t = f('t');
  if (t == 13 || t == 15) return std::nullopt;  // UNPREDICTABLE: we UNDEF
  Operands o;
  o.ra = static_cast<uint8_t>(t);
  o.rn = vfp_s(f, 'n', 'N');
  return o;
}

// Two core registers <-> two S (Sm, Sm+1) or one D: Rt = ra, Rt2 = shift_n.
template <bool kDouble, bool kToCore>
inline std::optional<Operands> vfp_core2(const Fields& f) {
  const unsigned t = f('t'), t2 = f('u');
  if (t == 13 || t == 15 || t2 == 13 || t2 == 15) return std::nullopt;
  if (kToCore && t == t2) return std::nullopt;
  Operands o;
  o.ra = static_cast<uint8_t>(t);
  o.shift_n = static_cast<uint8_t>(t2);
  if constexpr (kDouble) {
    const auto m = vfp_d(f, 'm', 'M');
    if (!m) return std::nullopt;
    o.rm = *m;
  } else {
    o.rm = vfp_s(f, 'm', 'M');
    if (o.rm == 31) return std::nullopt;
  }
  return o;
}

// VMOV.32 Dd[x], Rt / Rt, Dn[x]: index 'H'.
inline std::optional<Operands> vfp_scalar(const Fields& f) {
  const unsigned t = f('t');
  if (t == 13 || t == 15) return std::nullopt;
  const auto d = vfp_d(f, 'd', 'D');
  if (!d) return std::nullopt;
  Operands o;
  o.ra = static_cast<uint8_t>(t);
  o.rd = *d;
  o.imm = f('H');
  return o;
}

// VLDR/VSTR: [Rn, #+/-imm8*scale].
template <bool kDouble, unsigned kScale>
inline std::optional<Operands> vfp_ldst(const Fields& f) {
  Operands o;
  if constexpr (kDouble) {
    const auto d = vfp_d(f, 'd', 'D');
    if (!d) return std::nullopt;
    o.rd = *d;
  } else {
    o.rd = vfp_s(f, 'd', 'D');
  }
  o.rn = static_cast<uint8_t>(f('n'));
  o.imm = f('i') * kScale;
  o.flags = kIndex;
  if (f('U')) o.flags |= kAdd;
  return o;
}

// VLDM/VSTM: P U W; imm = register count. P=U, W=1 is UNDEFINED; P=1 W=0 is VLDR/VSTR (other row).
template <bool kDouble>
inline std::optional<Operands> vfp_ldm(const Fields& f) {
  const unsigned p = f('P'), u = f('U'), w = f('W'), n = f('n');
  if (p == u) return std::nullopt;
  if (p == 1 && w == 0) return std::nullopt;
  // Rn = PC is UNPREDICTABLE in T32: we UNDEF (and VSCCLRM owns the P=0 U=1 W=0 L=1 space).
  if (n == 15) return std::nullopt;
  Operands o;
  unsigned count = f('i');
  if (kDouble) {
    const auto d = vfp_d(f, 'd', 'D');
    if (!d) return std::nullopt;
    o.rd = *d;
    if (count & 1u) o.flags |= kAlt;  // an odd imm8 is FLDMX/FSTMX: transfers imm8/2 registers
    count /= 2;
    if (count == 0 || count > 16 || o.rd + count > 16) return std::nullopt;
  } else {
    o.rd = vfp_s(f, 'd', 'D');
    if (count == 0 || o.rd + count > 32) return std::nullopt;
  }
  o.rn = static_cast<uint8_t>(n);
  o.imm = count;
  if (u) o.flags |= kAdd;
  if (w) o.flags |= kWback;
  if (p) o.flags |= kIndex;
  return o;
}

// VSCCLRM {Sd/Dd list, VPR}: count registers from rd (a count of zero clears VPR only).
template <bool kDouble>
inline std::optional<Operands> vfp_scclrm(const Fields& f) {
  Operands o;
  unsigned count = f('i');
  if (kDouble) {
    o.rd = static_cast<uint8_t>(f('D') << 4 | f('d'));
    if (count & 1u) return std::nullopt;
    count /= 2;
    if (o.rd + count > 16) return std::nullopt;  // beyond D15: UNPREDICTABLE, we UNDEF
  } else {
    o.rd = vfp_s(f, 'd', 'D');
    if (o.rd + count > 32) return std::nullopt;
  }
  o.imm = count;
  return o;
}

// VMRS / VMSR: reg field in imm; Rt in ra. Only the registers the Cortex-M55 has.
template <bool kRead>
inline std::optional<Operands> vfp_sysreg(const Fields& f) {
  const unsigned reg = f('r'), t = f('t');
  switch (reg) {
    case 0x1: case 0x2: case 0xC: case 0xD: case 0xE: case 0xF: break;
    default: return std::nullopt;
  }
  if (t == 13) return std::nullopt;
  if (t == 15 && !(kRead && reg == 0x1)) return std::nullopt;  // only VMRS APSR_nzcv, FPSCR
  Operands o;
  o.ra = static_cast<uint8_t>(t);
  o.imm = reg;
  return o;
}

}  // namespace decoder

}  // namespace corsim::cpu
