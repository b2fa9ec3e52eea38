/* The instructions the VFP differential test runs (tests/cpu_vfp/qemu/vfp_diff_main.c), one entry
 * per instruction form: X(name, kind, "instruction(s)").
 *   kind: how s0-s15 are filled: K_H half values (two per word), K_S single, K_D double, K_I integers.
 * Before the instruction: s0-s15, FPSCR, VPR, APSR.NZCVQ, r0, r1 random; r2 points at an 8-word
 * random scratch buffer. After it, s0-s15, FPSCR, VPR, APSR, r0, r1, r2 (as an offset) and the
 * buffer are printed. VCVTN.S32.F64 is not listed: GNU as 2.40 assembles it as VCVT (docs/fp.md). */
#ifndef CORSIM_TESTS_CPU_VFP_DIFF_OPS_H
#define CORSIM_TESTS_CPU_VFP_DIFF_OPS_H

enum { K_H, K_S, K_D, K_I };

#define VFP_ARITH3(X, op)                                   \
  X(op##_F16, K_H, #op ".f16 s4, s1, s2")                   \
  X(op##_F32, K_S, #op ".f32 s4, s1, s2")                   \
  X(op##_F64, K_D, #op ".f64 d2, d0, d3")
#define VFP_ARITH2(X, op)                                   \
  X(op##_F16, K_H, #op ".f16 s4, s1")                       \
  X(op##_F32, K_S, #op ".f32 s4, s1")                       \
  X(op##_F64, K_D, #op ".f64 d2, d3")

#define CORSIM_VFP_DIFF_OPS(X)                                                      \
  VFP_ARITH3(X, vadd) VFP_ARITH3(X, vsub) VFP_ARITH3(X, vmul) VFP_ARITH3(X, vnmul)  \
  VFP_ARITH3(X, vdiv) VFP_ARITH3(X, vmla) VFP_ARITH3(X, vmls) VFP_ARITH3(X, vnmla)  \
  VFP_ARITH3(X, vnmls) VFP_ARITH3(X, vfma) VFP_ARITH3(X, vfms) VFP_ARITH3(X, vfnma) \
  VFP_ARITH3(X, vfnms) VFP_ARITH3(X, vmaxnm) VFP_ARITH3(X, vminnm)                  \
  VFP_ARITH2(X, vabs) VFP_ARITH2(X, vneg) VFP_ARITH2(X, vsqrt)                      \
  VFP_ARITH2(X, vrintr) VFP_ARITH2(X, vrintz) VFP_ARITH2(X, vrintx)                 \
  VFP_ARITH2(X, vrinta) VFP_ARITH2(X, vrintn) VFP_ARITH2(X, vrintp)                 \
  VFP_ARITH2(X, vrintm)                                                             \
  X(vseleq_F32, K_S, "vseleq.f32 s4, s1, s2")                                       \
  X(vselvs_F32, K_S, "vselvs.f32 s4, s1, s2")                                       \
  X(vselge_F16, K_H, "vselge.f16 s4, s1, s2")                                       \
  X(vselgt_F64, K_D, "vselgt.f64 d2, d0, d3")                                       \
  X(vmovimm_F16, K_H, "vmov.f16 s5, #-0.5")                                         \
  X(vmovimm_F32, K_S, "vmov.f32 s5, #31.0")                                         \
  X(vmovimm_F64, K_D, "vmov.f64 d5, #0.125")                                        \
  X(vmovreg_F32, K_S, "vmov.f32 s5, s9")                                            \
  X(vmovreg_F64, K_D, "vmov.f64 d5, d1")                                            \
  X(vcmp_F16, K_H, "vcmp.f16 s1, s2\n\tvmrs APSR_nzcv, fpscr")                      \
  X(vcmpe_F32, K_S, "vcmpe.f32 s1, s2\n\tvmrs APSR_nzcv, fpscr")                    \
  X(vcmp_F64, K_D, "vcmp.f64 d1, d2\n\tvmrs APSR_nzcv, fpscr")                      \
  X(vcmpe0_F16, K_H, "vcmpe.f16 s3, #0\n\tvmrs APSR_nzcv, fpscr")                   \
  X(vcmp0_F32, K_S, "vcmp.f32 s3, #0\n\tvmrs APSR_nzcv, fpscr")                     \
  X(vcmpe0_F64, K_D, "vcmpe.f64 d3, #0\n\tvmrs APSR_nzcv, fpscr")                   \
  X(vcvt_s32_F16, K_H, "vcvt.s32.f16 s4, s1")                                       \
  X(vcvtr_u32_F16, K_H, "vcvtr.u32.f16 s4, s1")                                     \
  X(vcvt_u32_F32, K_S, "vcvt.u32.f32 s4, s1")                                       \
  X(vcvtr_s32_F32, K_S, "vcvtr.s32.f32 s4, s1")                                     \
  X(vcvt_s32_F64, K_D, "vcvt.s32.f64 s4, d3")                                       \
  X(vcvtr_u32_F64, K_D, "vcvtr.u32.f64 s4, d3")                                     \
  X(vcvta_s32_F32, K_S, "vcvta.s32.f32 s4, s1")                                     \
  X(vcvtn_u32_F32, K_S, "vcvtn.u32.f32 s4, s1")                                     \
  X(vcvtp_s32_F16, K_H, "vcvtp.s32.f16 s4, s1")                                     \
  X(vcvtm_u32_F64, K_D, "vcvtm.u32.f64 s4, d3")                                     \
  X(vcvta_u32_F64, K_D, "vcvta.u32.f64 s4, d3")                                     \
  X(vcvt_F16_s32, K_I, "vcvt.f16.s32 s4, s1")                                       \
  X(vcvt_F32_u32, K_I, "vcvt.f32.u32 s4, s1")                                       \
  X(vcvt_F32_s32, K_I, "vcvt.f32.s32 s4, s1")                                       \
  X(vcvt_F64_u32, K_I, "vcvt.f64.u32 d2, s1")                                       \
  X(vcvt_F64_s32, K_I, "vcvt.f64.s32 d2, s1")                                       \
  X(vcvt_s16_F32_x3, K_S, "vcvt.s16.f32 s4, s4, #3")                                \
  X(vcvt_u32_F32_x20, K_S, "vcvt.u32.f32 s4, s4, #20")                              \
  X(vcvt_s32_F64_x31, K_D, "vcvt.s32.f64 d2, d2, #31")                              \
  X(vcvt_u16_F64_x1, K_D, "vcvt.u16.f64 d2, d2, #1")                                \
  X(vcvt_s32_F16_x8, K_H, "vcvt.s32.f16 s4, s4, #8")                                \
  X(vcvt_F32_s16_x4, K_I, "vcvt.f32.s16 s4, s4, #4")                                \
  X(vcvt_F32_u32_x32, K_I, "vcvt.f32.u32 s4, s4, #32")                              \
  X(vcvt_F64_u16_x16, K_I, "vcvt.f64.u16 d2, d2, #16")                              \
  X(vcvt_F64_s32_x7, K_I, "vcvt.f64.s32 d2, d2, #7")                                \
  X(vcvt_F16_u32_x9, K_I, "vcvt.f16.u32 s4, s4, #9")                                \
  X(vcvt_F64_F32, K_S, "vcvt.f64.f32 d2, s1")                                       \
  X(vcvt_F32_F64, K_D, "vcvt.f32.f64 s4, d3")                                       \
  X(vcvtb_F16_F32, K_S, "vcvtb.f16.f32 s4, s1")                                     \
  X(vcvtt_F16_F32, K_S, "vcvtt.f16.f32 s4, s1")                                     \
  X(vcvtb_F32_F16, K_H, "vcvtb.f32.f16 s4, s1")                                     \
  X(vcvtt_F32_F16, K_H, "vcvtt.f32.f16 s4, s1")                                     \
  X(vcvtb_F16_F64, K_D, "vcvtb.f16.f64 s4, d3")                                     \
  X(vcvtt_F16_F64, K_D, "vcvtt.f16.f64 s5, d3")                                     \
  X(vcvtb_F64_F16, K_H, "vcvtb.f64.f16 d2, s1")                                     \
  X(vcvtt_F64_F16, K_H, "vcvtt.f64.f16 d2, s1")                                     \
  X(vins, K_H, "vins.f16 s4, s1")                                                   \
  X(vmovx, K_H, "vmovx.f16 s4, s1")                                                 \
  X(vmov_r_s, K_I, "vmov r0, s7")                                                   \
  X(vmov_s_r, K_I, "vmov s7, r1")                                                   \
  X(vmov_h_r, K_I, "vmov.f16 s7, r1")                                               \
  X(vmov_r_h, K_I, "vmov.f16 r0, s7")                                               \
  X(vmov_rr_ss, K_I, "vmov r0, r1, s9, s10")                                        \
  X(vmov_ss_rr, K_I, "vmov s9, s10, r0, r1")                                        \
  X(vmov_rr_d, K_I, "vmov r1, r0, d6")                                              \
  X(vmov_d_rr, K_I, "vmov d6, r1, r0")                                              \
  X(vmov_scalar_w, K_I, "vmov.32 d3[1], r0")                                        \
  X(vmov_scalar_r, K_I, "vmov.32 r1, d5[0]")                                        \
  X(vldr_s, K_I, "vldr s3, [r2, #8]")                                               \
  X(vldr_d, K_I, "vldr d3, [r2, #16]")                                              \
  X(vldr_h, K_I, "vldr.16 s3, [r2, #6]")                                            \
  X(vstr_s, K_I, "vstr s3, [r2, #4]")                                               \
  X(vstr_d, K_I, "vstr d7, [r2, #24]")                                              \
  X(vstr_h, K_I, "vstr.16 s3, [r2, #10]")                                           \
  X(vldr_neg, K_I, "add r2, r2, #16\n\tvldr s3, [r2, #-12]")                        \
  X(vldmia_wb, K_I, "vldmia r2!, {s5-s9}")                                          \
  X(vldmia_d, K_I, "vldmia r2, {d4-d6}")                                            \
  X(vstmia_wb, K_I, "vstmia r2!, {d1-d2}")                                          \
  X(vstmdb_wb, K_I, "add r2, r2, #32\n\tvstmdb r2!, {s10-s15}")                     \
  X(vldmdb_wb, K_I, "add r2, r2, #32\n\tvldmdb r2!, {d0-d3}")                       \
  X(vpush_vpop, K_I, "vpush {s0-s3}\n\tvpop {s8-s11}")                              \
  X(vpush_vpop_d, K_I, "vpush {d0-d1}\n\tvpop {d6-d7}")                             \
  X(vmrs_fpscr, K_I, "vmrs r0, fpscr")                                              \
  X(vmsr_fpscr, K_I, "bic r1, r1, #0x70000\n\torr r1, r1, #0x40000\n\tvmsr fpscr, r1\n\tvmrs r0, fpscr")                            \
  X(vmrs_nzcvqc, K_I, "vmrs r0, fpscr_nzcvqc")                                      \
  X(vmsr_nzcvqc, K_I, "vmsr fpscr_nzcvqc, r1")                                      \
  X(vmrs_vpr, K_I, "vmrs r0, vpr")                                                  \
  X(vmsr_p0, K_I, "vmsr p0, r1")                                                    \
  X(vscclrm_s, K_I, "vscclrm {s3-s6, vpr}")                                         \
  X(vscclrm_d, K_I, "vscclrm {d5-d7, vpr}")                                         \
  X(vadd_vsub_it, K_S, "cmp r0, r1\n\tite lt\n\tvaddlt.f32 s4, s1, s2\n\tvsubge.f32 s5, s1, s2") \
  X(vldr_literal, K_I, "vldr s3, 1f\n\tvldr d5, 1f\n\tb 2f\n\t.align 3\n1: .word 0x3f800001, 0xc0000003\n2:") \
  X(vcvtn_s32_F64, K_D, ".inst.w 0xfebd2bc3") /* vcvtn.s32.f64 s4, d3 */           \
  X(vcvt_s16_F16_x8, K_H, ".inst.w 0xeebe2944") /* vcvt.s16.f16 s4, s4, #8 */       \
  X(vcvt_F16_u16_x3, K_I, ".inst.w 0xeebb2966") /* vcvt.f16.u16 s4, s4, #3 */       \
  X(vmrs_fpcxt_s, K_I, "vmrs r0, fpcxt_s")                                          \
  X(vmsr_fpcxt_s, K_I, "vmsr fpcxt_s, r1\n\tvmrs r0, fpscr")

#endif
