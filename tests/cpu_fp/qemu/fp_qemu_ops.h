/* The instruction table shared by the bare-metal program (fp_qemu_main.c, which executes each entry
 * on QEMU's Cortex-M55) and the host checker (fp_qemu_check.cpp, which recomputes it with
 * corsim_cpu_fp). C and C++.
 *
 * X(name, layout, src, dst, out_bits, "instruction")
 *   layout L_S: s0 = a, s1 = b, s4 = c          (scalar half/single operands)
 *          L_D: d0 = a, d1 = b, d2 = c          (scalar double operands)
 *          L_Q: q0 lane 0 = a, q2 lane 0 = b, q1 lane 0 = c, every other lane 0 (MVE)
 *   src: how a and b are generated; dst: how c (the destination's old value) is generated.
 *   G_H: two half-precision values in one word (low = lane used by B forms, high = T forms),
 *   G_H0: one half in the low 16 bits, G_S: single, G_D: double, G_I: 32-bit integer.
 *   The result is d2 (s4 = low word); out_bits says how much of it is compared.
 * Fixed-point VCVTs convert in place, so their input is c. */
#ifndef CORSIM_TESTS_CPU_FP_QEMU_OPS_H
#define CORSIM_TESTS_CPU_FP_QEMU_OPS_H

enum { L_S, L_D, L_Q };
enum { G_H, G_H0, G_S, G_D, G_I };

/* An MVE floating-point compare into VPR.P0, made visible in q1: lanes where it holds become 0xFF. */
#define MVE_CMP32(cond) \
  "vcmp.f32 " cond ", q0, q2\n\tvmov.i32 q1, #0\n\tvpst\n\tvmovt.i32 q1, #255"
#define MVE_CMP16(cond) \
  "vcmp.f16 " cond ", q0, q2\n\tvmov.i16 q1, #0\n\tvpst\n\tvmovt.i16 q1, #255"

#define CORSIM_FP_QEMU_OPS(X)                                           \
  X(VADD_F32, L_S, G_S, G_S, 32, "vadd.f32 s4, s0, s1")                 \
  X(VSUB_F32, L_S, G_S, G_S, 32, "vsub.f32 s4, s0, s1")                 \
  X(VMUL_F32, L_S, G_S, G_S, 32, "vmul.f32 s4, s0, s1")                 \
  X(VDIV_F32, L_S, G_S, G_S, 32, "vdiv.f32 s4, s0, s1")                 \
  X(VSQRT_F32, L_S, G_S, G_S, 32, "vsqrt.f32 s4, s0")                   \
  X(VFMA_F32, L_S, G_S, G_S, 32, "vfma.f32 s4, s0, s1")                 \
  X(VFMS_F32, L_S, G_S, G_S, 32, "vfms.f32 s4, s0, s1")                 \
  X(VFNMA_F32, L_S, G_S, G_S, 32, "vfnma.f32 s4, s0, s1")               \
  X(VFNMS_F32, L_S, G_S, G_S, 32, "vfnms.f32 s4, s0, s1")               \
  X(VMLA_F32, L_S, G_S, G_S, 32, "vmla.f32 s4, s0, s1")                 \
  X(VMLS_F32, L_S, G_S, G_S, 32, "vmls.f32 s4, s0, s1")                 \
  X(VNMLA_F32, L_S, G_S, G_S, 32, "vnmla.f32 s4, s0, s1")               \
  X(VNMLS_F32, L_S, G_S, G_S, 32, "vnmls.f32 s4, s0, s1")               \
  X(VNMUL_F32, L_S, G_S, G_S, 32, "vnmul.f32 s4, s0, s1")               \
  X(VABS_F32, L_S, G_S, G_S, 32, "vabs.f32 s4, s0")                     \
  X(VNEG_F32, L_S, G_S, G_S, 32, "vneg.f32 s4, s0")                     \
  X(VCMP_F32, L_S, G_S, G_S, 32, "vcmp.f32 s0, s1")                     \
  X(VCMPE_F32, L_S, G_S, G_S, 32, "vcmpe.f32 s0, s1")                   \
  X(VCMPE0_F32, L_S, G_S, G_S, 32, "vcmpe.f32 s0, #0")                  \
  X(VMAXNM_F32, L_S, G_S, G_S, 32, "vmaxnm.f32 s4, s0, s1")             \
  X(VMINNM_F32, L_S, G_S, G_S, 32, "vminnm.f32 s4, s0, s1")             \
  X(VRINTR_F32, L_S, G_S, G_S, 32, "vrintr.f32 s4, s0")                 \
  X(VRINTX_F32, L_S, G_S, G_S, 32, "vrintx.f32 s4, s0")                 \
  X(VRINTZ_F32, L_S, G_S, G_S, 32, "vrintz.f32 s4, s0")                 \
  X(VRINTA_F32, L_S, G_S, G_S, 32, "vrinta.f32 s4, s0")                 \
  X(VRINTN_F32, L_S, G_S, G_S, 32, "vrintn.f32 s4, s0")                 \
  X(VRINTP_F32, L_S, G_S, G_S, 32, "vrintp.f32 s4, s0")                 \
  X(VRINTM_F32, L_S, G_S, G_S, 32, "vrintm.f32 s4, s0")                 \
  X(VCVT_S32_F32, L_S, G_S, G_S, 32, "vcvt.s32.f32 s4, s0")             \
  X(VCVT_U32_F32, L_S, G_S, G_S, 32, "vcvt.u32.f32 s4, s0")             \
  X(VCVTR_S32_F32, L_S, G_S, G_S, 32, "vcvtr.s32.f32 s4, s0")           \
  X(VCVTR_U32_F32, L_S, G_S, G_S, 32, "vcvtr.u32.f32 s4, s0")           \
  X(VCVTA_S32_F32, L_S, G_S, G_S, 32, "vcvta.s32.f32 s4, s0")           \
  X(VCVTN_S32_F32, L_S, G_S, G_S, 32, "vcvtn.s32.f32 s4, s0")           \
  X(VCVTP_U32_F32, L_S, G_S, G_S, 32, "vcvtp.u32.f32 s4, s0")           \
  X(VCVTM_S32_F32, L_S, G_S, G_S, 32, "vcvtm.s32.f32 s4, s0")           \
  X(VCVT_F32_S32, L_S, G_I, G_S, 32, "vcvt.f32.s32 s4, s0")             \
  X(VCVT_F32_U32, L_S, G_I, G_S, 32, "vcvt.f32.u32 s4, s0")             \
  X(VCVT_S32_F32_X16, L_S, G_S, G_S, 32, "vcvt.s32.f32 s4, s4, #16")    \
  X(VCVT_S32_F32_X32, L_S, G_S, G_S, 32, "vcvt.s32.f32 s4, s4, #32")    \
  X(VCVT_U16_F32_X8, L_S, G_S, G_S, 32, "vcvt.u16.f32 s4, s4, #8")      \
  X(VCVT_S16_F32_X3, L_S, G_S, G_S, 32, "vcvt.s16.f32 s4, s4, #3")      \
  X(VCVT_F32_S32_X16, L_S, G_S, G_I, 32, "vcvt.f32.s32 s4, s4, #16")    \
  X(VCVT_F32_U32_X1, L_S, G_S, G_I, 32, "vcvt.f32.u32 s4, s4, #1")      \
  X(VCVT_F32_S16_X4, L_S, G_S, G_I, 32, "vcvt.f32.s16 s4, s4, #4")      \
  X(VCVTB_F16_F32, L_S, G_S, G_H, 32, "vcvtb.f16.f32 s4, s0")           \
  X(VCVTT_F16_F32, L_S, G_S, G_H, 32, "vcvtt.f16.f32 s4, s0")           \
  X(VCVTB_F32_F16, L_S, G_H, G_S, 32, "vcvtb.f32.f16 s4, s0")           \
  X(VCVTT_F32_F16, L_S, G_H, G_S, 32, "vcvtt.f32.f16 s4, s0")           \
  X(VADD_F16, L_S, G_H, G_H, 32, "vadd.f16 s4, s0, s1")                 \
  X(VSUB_F16, L_S, G_H, G_H, 32, "vsub.f16 s4, s0, s1")                 \
  X(VMUL_F16, L_S, G_H, G_H, 32, "vmul.f16 s4, s0, s1")                 \
  X(VDIV_F16, L_S, G_H, G_H, 32, "vdiv.f16 s4, s0, s1")                 \
  X(VSQRT_F16, L_S, G_H, G_H, 32, "vsqrt.f16 s4, s0")                   \
  X(VFMA_F16, L_S, G_H, G_H, 32, "vfma.f16 s4, s0, s1")                 \
  X(VFNMS_F16, L_S, G_H, G_H, 32, "vfnms.f16 s4, s0, s1")               \
  X(VMLA_F16, L_S, G_H, G_H, 32, "vmla.f16 s4, s0, s1")                 \
  X(VNMUL_F16, L_S, G_H, G_H, 32, "vnmul.f16 s4, s0, s1")               \
  X(VABS_F16, L_S, G_H, G_H, 32, "vabs.f16 s4, s0")                     \
  X(VNEG_F16, L_S, G_H, G_H, 32, "vneg.f16 s4, s0")                     \
  X(VCMPE_F16, L_S, G_H, G_H, 32, "vcmpe.f16 s0, s1")                   \
  X(VCMP_F16, L_S, G_H, G_H, 32, "vcmp.f16 s0, s1")                     \
  X(VMAXNM_F16, L_S, G_H, G_H, 32, "vmaxnm.f16 s4, s0, s1")             \
  X(VMINNM_F16, L_S, G_H, G_H, 32, "vminnm.f16 s4, s0, s1")             \
  X(VRINTX_F16, L_S, G_H, G_H, 32, "vrintx.f16 s4, s0")                 \
  X(VRINTA_F16, L_S, G_H, G_H, 32, "vrinta.f16 s4, s0")                 \
  X(VCVT_S32_F16, L_S, G_H, G_H, 32, "vcvt.s32.f16 s4, s0")             \
  X(VCVTR_U32_F16, L_S, G_H, G_H, 32, "vcvtr.u32.f16 s4, s0")           \
  X(VCVT_F16_S32, L_S, G_I, G_H, 32, "vcvt.f16.s32 s4, s0")             \
  X(VCVT_F16_U32, L_S, G_I, G_H, 32, "vcvt.f16.u32 s4, s0")             \
  X(VCVT_S32_F16_X8, L_S, G_H, G_H, 32, "vcvt.s32.f16 s4, s4, #8")      \
  X(VCVT_F16_S32_X8, L_S, G_H, G_I, 32, "vcvt.f16.s32 s4, s4, #8")      \
  X(VCVT_F16_U32_X20, L_S, G_H, G_I, 32, "vcvt.f16.u32 s4, s4, #20")    \
  /* GNU as 2.40 rejects the 16-bit fixed-point size with F16: vcvt.s16.f16 / vcvt.f16.s16 s4, s4, #8 \
   * and vcvt.u16.f16 / vcvt.f16.u16 s4, s4, #12. */                                              \
  X(VCVT_S16_F16_X8, L_S, G_H, G_H, 32, ".inst.w 0xeebe2944")            \
  X(VCVT_F16_S16_X8, L_S, G_H, G_I, 32, ".inst.w 0xeeba2944")            \
  X(VCVT_U16_F16_X12, L_S, G_H, G_H, 32, ".inst.w 0xeebf2942")           \
  X(VCVT_F16_U16_X12, L_S, G_H, G_I, 32, ".inst.w 0xeebb2942")           \
  X(VADD_F64, L_D, G_D, G_D, 64, "vadd.f64 d2, d0, d1")                 \
  X(VSUB_F64, L_D, G_D, G_D, 64, "vsub.f64 d2, d0, d1")                 \
  X(VMUL_F64, L_D, G_D, G_D, 64, "vmul.f64 d2, d0, d1")                 \
  X(VDIV_F64, L_D, G_D, G_D, 64, "vdiv.f64 d2, d0, d1")                 \
  X(VSQRT_F64, L_D, G_D, G_D, 64, "vsqrt.f64 d2, d0")                   \
  X(VFMA_F64, L_D, G_D, G_D, 64, "vfma.f64 d2, d0, d1")                 \
  X(VFNMA_F64, L_D, G_D, G_D, 64, "vfnma.f64 d2, d0, d1")               \
  X(VCMP_F64, L_D, G_D, G_D, 64, "vcmp.f64 d0, d1")                     \
  X(VCMPE_F64, L_D, G_D, G_D, 64, "vcmpe.f64 d0, d1")                   \
  X(VMAXNM_F64, L_D, G_D, G_D, 64, "vmaxnm.f64 d2, d0, d1")             \
  X(VMINNM_F64, L_D, G_D, G_D, 64, "vminnm.f64 d2, d0, d1")             \
  X(VRINTX_F64, L_D, G_D, G_D, 64, "vrintx.f64 d2, d0")                 \
  X(VRINTZ_F64, L_D, G_D, G_D, 64, "vrintz.f64 d2, d0")                 \
  X(VRINTA_F64, L_D, G_D, G_D, 64, "vrinta.f64 d2, d0")                 \
  X(VCVT_S32_F64, L_D, G_D, G_D, 32, "vcvt.s32.f64 s4, d0")             \
  X(VCVTR_U32_F64, L_D, G_D, G_D, 32, "vcvtr.u32.f64 s4, d0")           \
  X(VCVTM_S32_F64, L_D, G_D, G_D, 32, "vcvtm.s32.f64 s4, d0")           \
  X(VCVT_F64_S32, L_S, G_I, G_S, 64, "vcvt.f64.s32 d2, s0")             \
  X(VCVT_F64_F32, L_S, G_S, G_S, 64, "vcvt.f64.f32 d2, s0")             \
  X(VCVT_F32_F64, L_D, G_D, G_D, 32, "vcvt.f32.f64 s4, d0")             \
  X(VCVTB_F16_F64, L_D, G_D, G_D, 32, "vcvtb.f16.f64 s4, d0")           \
  X(VCVTT_F16_F64, L_D, G_D, G_D, 32, "vcvtt.f16.f64 s4, d0")           \
  X(VCVTB_F64_F16, L_S, G_H, G_S, 64, "vcvtb.f64.f16 d2, s0")           \
  X(VCVTT_F64_F16, L_S, G_H, G_S, 64, "vcvtt.f64.f16 d2, s0")           \
  X(VCVT_S32_F64_X16, L_D, G_D, G_D, 64, "vcvt.s32.f64 d2, d2, #16")    \
  X(VCVT_F64_U32_X8, L_D, G_D, G_I, 64, "vcvt.f64.u32 d2, d2, #8")      \
  X(VFMS_F16, L_S, G_H, G_H, 32, "vfms.f16 s4, s0, s1")                  \
  X(VFNMA_F16, L_S, G_H, G_H, 32, "vfnma.f16 s4, s0, s1")                \
  X(VMLS_F16, L_S, G_H, G_H, 32, "vmls.f16 s4, s0, s1")                  \
  X(VNMLA_F16, L_S, G_H, G_H, 32, "vnmla.f16 s4, s0, s1")                \
  X(VNMLS_F16, L_S, G_H, G_H, 32, "vnmls.f16 s4, s0, s1")                \
  X(VCMP0_F16, L_S, G_H, G_H, 32, "vcmp.f16 s0, #0")                     \
  X(VRINTR_F16, L_S, G_H, G_H, 32, "vrintr.f16 s4, s0")                  \
  X(VRINTZ_F16, L_S, G_H, G_H, 32, "vrintz.f16 s4, s0")                  \
  X(VRINTN_F16, L_S, G_H, G_H, 32, "vrintn.f16 s4, s0")                  \
  X(VRINTP_F16, L_S, G_H, G_H, 32, "vrintp.f16 s4, s0")                  \
  X(VRINTM_F16, L_S, G_H, G_H, 32, "vrintm.f16 s4, s0")                  \
  X(VCVTA_S32_F16, L_S, G_H, G_H, 32, "vcvta.s32.f16 s4, s0")            \
  X(VCVTN_U32_F16, L_S, G_H, G_H, 32, "vcvtn.u32.f16 s4, s0")            \
  X(VCVTP_S32_F16, L_S, G_H, G_H, 32, "vcvtp.s32.f16 s4, s0")            \
  X(VCVTM_U32_F16, L_S, G_H, G_H, 32, "vcvtm.u32.f16 s4, s0")            \
  X(VFMS_F64, L_D, G_D, G_D, 64, "vfms.f64 d2, d0, d1")                  \
  X(VFNMS_F64, L_D, G_D, G_D, 64, "vfnms.f64 d2, d0, d1")                \
  X(VMLA_F64, L_D, G_D, G_D, 64, "vmla.f64 d2, d0, d1")                  \
  X(VMLS_F64, L_D, G_D, G_D, 64, "vmls.f64 d2, d0, d1")                  \
  X(VNMLA_F64, L_D, G_D, G_D, 64, "vnmla.f64 d2, d0, d1")                \
  X(VNMLS_F64, L_D, G_D, G_D, 64, "vnmls.f64 d2, d0, d1")                \
  X(VNMUL_F64, L_D, G_D, G_D, 64, "vnmul.f64 d2, d0, d1")                \
  X(VABS_F64, L_D, G_D, G_D, 64, "vabs.f64 d2, d0")                      \
  X(VNEG_F64, L_D, G_D, G_D, 64, "vneg.f64 d2, d0")                      \
  X(VCMPE0_F64, L_D, G_D, G_D, 64, "vcmpe.f64 d0, #0")                   \
  X(VRINTR_F64, L_D, G_D, G_D, 64, "vrintr.f64 d2, d0")                  \
  X(VRINTN_F64, L_D, G_D, G_D, 64, "vrintn.f64 d2, d0")                  \
  X(VRINTP_F64, L_D, G_D, G_D, 64, "vrintp.f64 d2, d0")                  \
  X(VRINTM_F64, L_D, G_D, G_D, 64, "vrintm.f64 d2, d0")                  \
  X(VCVT_U32_F64, L_D, G_D, G_D, 32, "vcvt.u32.f64 s4, d0")              \
  X(VCVTR_S32_F64, L_D, G_D, G_D, 32, "vcvtr.s32.f64 s4, d0")            \
  X(VCVTA_S32_F64, L_D, G_D, G_D, 32, "vcvta.s32.f64 s4, d0")            \
  X(VCVTN_S32_F64, L_D, G_D, G_D, 32, ".inst.w 0xfebd2bc0")              \
  X(VCVTP_U32_F64, L_D, G_D, G_D, 32, "vcvtp.u32.f64 s4, d0")            \
  X(VCVT_F64_U32, L_S, G_I, G_S, 64, "vcvt.f64.u32 d2, s0")              \
  X(VCVT_U16_F64_X8, L_D, G_D, G_D, 64, "vcvt.u16.f64 d2, d2, #8")       \
  X(VCVT_S16_F64_X2, L_D, G_D, G_D, 64, "vcvt.s16.f64 d2, d2, #2")       \
  X(VCVT_U32_F64_X32, L_D, G_D, G_D, 64, "vcvt.u32.f64 d2, d2, #32")     \
  X(VCVT_F64_S16_X4, L_D, G_D, G_I, 64, "vcvt.f64.s16 d2, d2, #4")       \
  X(MVE_VADD_F32, L_Q, G_S, G_S, 64, "vadd.f32 q1, q0, q2")             \
  X(MVE_VMUL_F32, L_Q, G_S, G_S, 64, "vmul.f32 q1, q0, q2")             \
  X(MVE_VFMA_F32, L_Q, G_S, G_S, 64, "vfma.f32 q1, q0, q2")             \
  X(MVE_VMAXNM_F32, L_Q, G_S, G_S, 64, "vmaxnm.f32 q1, q0, q2")         \
  X(MVE_VCVT_S32_F32, L_Q, G_S, G_S, 64, "vcvt.s32.f32 q1, q0")         \
  X(MVE_VADD_F16, L_Q, G_H0, G_H0, 64, "vadd.f16 q1, q0, q2")           \
  X(MVE_VFMA_F16, L_Q, G_H0, G_H0, 64, "vfma.f16 q1, q0, q2")          \
  X(MVE_VCMP_EQ_F32, L_Q, G_S, G_S, 64, MVE_CMP32("eq"))                \
  X(MVE_VCMP_NE_F32, L_Q, G_S, G_S, 64, MVE_CMP32("ne"))                \
  X(MVE_VCMP_GE_F32, L_Q, G_S, G_S, 64, MVE_CMP32("ge"))                \
  X(MVE_VCMP_LT_F32, L_Q, G_S, G_S, 64, MVE_CMP32("lt"))                \
  X(MVE_VCMP_GT_F32, L_Q, G_S, G_S, 64, MVE_CMP32("gt"))                \
  X(MVE_VCMP_LE_F32, L_Q, G_S, G_S, 64, MVE_CMP32("le"))                \
  X(MVE_VCMP_EQ_F16, L_Q, G_H0, G_H0, 64, MVE_CMP16("eq"))              \
  X(MVE_VCMP_GT_F16, L_Q, G_H0, G_H0, 64, MVE_CMP16("gt"))              \
  X(MVE_VSUB_F32, L_Q, G_S, G_S, 64, "vsub.f32 q1, q0, q2")              \
  X(MVE_VFMS_F32, L_Q, G_S, G_S, 64, "vfms.f32 q1, q0, q2")              \
  X(MVE_VMINNM_F32, L_Q, G_S, G_S, 64, "vminnm.f32 q1, q0, q2")          \
  X(MVE_VMAXNMA_F32, L_Q, G_S, G_S, 64, "vmaxnma.f32 q1, q0")            \
  X(MVE_VMINNMA_F32, L_Q, G_S, G_S, 64, "vminnma.f32 q1, q0")            \
  X(MVE_VABD_F32, L_Q, G_S, G_S, 64, "vabd.f32 q1, q0, q2")              \
  X(MVE_VRINTX_F32, L_Q, G_S, G_S, 64, "vrintx.f32 q1, q0")              \
  X(MVE_VRINTZ_F32, L_Q, G_S, G_S, 64, "vrintz.f32 q1, q0")              \
  X(MVE_VRINTA_F32, L_Q, G_S, G_S, 64, "vrinta.f32 q1, q0")              \
  X(MVE_VRINTM_F32, L_Q, G_S, G_S, 64, "vrintm.f32 q1, q0")              \
  X(MVE_VCVT_S32_F32_X16, L_Q, G_S, G_S, 64, "vcvt.s32.f32 q1, q0, #16") \
  X(MVE_VCVT_F32_S32_X8, L_Q, G_I, G_S, 64, "vcvt.f32.s32 q1, q0, #8")   \
  X(MVE_VCVT_F32_U32, L_Q, G_I, G_S, 64, "vcvt.f32.u32 q1, q0")          \
  X(MVE_VCVTA_S32_F32, L_Q, G_S, G_S, 64, "vcvta.s32.f32 q1, q0")        \
  X(MVE_VCVTM_U32_F32, L_Q, G_S, G_S, 64, "vcvtm.u32.f32 q1, q0")        \
  X(MVE_VMUL_F16, L_Q, G_H0, G_H0, 64, "vmul.f16 q1, q0, q2")            \
  X(MVE_VSUB_F16, L_Q, G_H0, G_H0, 64, "vsub.f16 q1, q0, q2")            \
  X(MVE_VMAXNM_F16, L_Q, G_H0, G_H0, 64, "vmaxnm.f16 q1, q0, q2")        \
  X(MVE_VMINNMA_F16, L_Q, G_H0, G_H0, 64, "vminnma.f16 q1, q0")          \
  X(MVE_VRINTN_F16, L_Q, G_H0, G_H0, 64, "vrintn.f16 q1, q0")            \
  X(MVE_VCVT_S16_F16, L_Q, G_H0, G_H0, 64, "vcvt.s16.f16 q1, q0")        \
  X(MVE_VCVT_F16_S16, L_Q, G_I, G_H0, 64, "vcvt.f16.s16 q1, q0")

enum {
#define CORSIM_FP_QEMU_ENUM(name, layout, src, dst, out, insn) OP_##name,
  CORSIM_FP_QEMU_OPS(CORSIM_FP_QEMU_ENUM)
#undef CORSIM_FP_QEMU_ENUM
  OP_COUNT
};

#endif
