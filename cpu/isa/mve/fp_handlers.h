#pragma once
// MVE floating-point instructions (Armv8.1-M MVE-F, .F16 and .F32): handler declarations for the
// rows of cpu/decoder/mve_fp.inc. T is the element type: uint16_t (half) or uint32_t (single).
// docs/mve.md ("Floating point") describes the whole; decode functions are in fp_decode.h.
//
// Operands (the MVE convention of mve_common.h): rd rn rm are Q numbers, except the scalar
// operand Rm of the "Qd, Qn, Rm" forms and Rda of VMAXNMV (rm / rd hold core register numbers);
// shift_n = log2 element bytes, shift_t = kMveF (VCVT float <-> integer/fixed: the integer type;
// the handlers do not read it, {dt} prints it: cpu/decoder/mve_fp_decls.h);
//   imm   VCMP/VPT: the VPT mask (0 = plain VCMP); VCVT fixed point: fbits; VCADD/VCMUL/VCMLA:
//         rotation in degrees; VRINT/VCVT with a directed rounding: the fp::Rounding value
//   cond  VCMP/VPT condition (Arm condition code: eq ne ge lt gt le)
//   kAlt  VRINTX (exact); unsigned integer/fixed of VCVT; VCVTT (top half)
#include <cstdint>

#include "cpu/decoder/operands.h"

namespace corsim::cpu {

class Cpu;

namespace mve {

// ---- element-wise arithmetic (fp_arith.cpp) ----
template <class T> void exec_VADD_fp(Cpu&, const Operands&);
template <class T> void exec_VSUB_fp(Cpu&, const Operands&);
template <class T> void exec_VMUL_fp(Cpu&, const Operands&);
template <class T> void exec_VABD_fp(Cpu&, const Operands&);
template <class T> void exec_VMAXNM_fp(Cpu&, const Operands&);
template <class T> void exec_VMINNM_fp(Cpu&, const Operands&);
template <class T> void exec_VMAXNMA_fp(Cpu&, const Operands&);
template <class T> void exec_VMINNMA_fp(Cpu&, const Operands&);
template <class T> void exec_VFMA_fp(Cpu&, const Operands&);
template <class T> void exec_VFMS_fp(Cpu&, const Operands&);
template <class T> void exec_VABS_fp(Cpu&, const Operands&);
template <class T> void exec_VNEG_fp(Cpu&, const Operands&);
// Qd, Qn, Rm forms
template <class T> void exec_VADD_fp_scalar(Cpu&, const Operands&);
template <class T> void exec_VSUB_fp_scalar(Cpu&, const Operands&);
template <class T> void exec_VMUL_fp_scalar(Cpu&, const Operands&);
template <class T> void exec_VFMA_fp_scalar(Cpu&, const Operands&);   // Qda = Qda + Qn * Rm
template <class T> void exec_VFMAS_fp_scalar(Cpu&, const Operands&);  // Qda = Qda * Qn + Rm

// ---- complex arithmetic (fp_complex.cpp) ----
template <class T> void exec_VCADD_fp(Cpu&, const Operands&);
template <class T> void exec_VCMUL_fp(Cpu&, const Operands&);
template <class T> void exec_VCMLA_fp(Cpu&, const Operands&);

// ---- across-vector max/min (fp_reduce.cpp) ----
template <class T, bool kMax, bool kAbs> void exec_VMAXMINNMV_fp(Cpu&, const Operands&);

// ---- comparisons into VPR.P0, VPT (fp_compare.cpp) ----
template <class T> void exec_VCMP_fp(Cpu&, const Operands&);
template <class T> void exec_VCMP_fp_scalar(Cpu&, const Operands&);

// ---- conversions and rounding (fp_convert.cpp) ----
template <class T> void exec_VRINT_fp(Cpu&, const Operands&);
template <class T> void exec_VCVT_fp_to_int(Cpu&, const Operands&);     // round to zero; imm = fbits
template <class T> void exec_VCVT_fp_to_int_rm(Cpu&, const Operands&);  // VCVT{A,N,P,M}; imm = rounding
template <class T> void exec_VCVT_fp_from_int(Cpu&, const Operands&);  // also fixed point (imm = fbits)
void exec_VCVT_fp_f16_f32(Cpu&, const Operands&);  // VCVTB/VCVTT.F16.F32
void exec_VCVT_fp_f32_f16(Cpu&, const Operands&);  // VCVTB/VCVTT.F32.F16

}  // namespace mve
}  // namespace corsim::cpu
