/* The instructions of the MVE floating-point differential test (tests/cpu_mve_fp/qemu/
 * mvefp_diff_main.c), one entry per form: X(name, kind, "instruction(s)").
 *   kind: how q0-q7, r0 and r1 are filled: K_H half values (two per word; r0/r1 a half in the low
 *   16 bits, random top), K_S single values, K_I random integers.
 * Before the instruction(s): q0-q7, FPSCR (controls, flags, LTPSIZE), VPR (P0 and, in some
 * cases, open VPT-block masks), LR (tail predication) and r0-r1 random; after it everything is
 * printed. The VCVTB/VCVTT words are q0 <- q1 (and q1 <- q1), written as words because GNU as
 * 2.40 encodes their Q registers as D register numbers. */
#ifndef CORSIM_TESTS_CPU_MVE_FP_DIFF_OPS_H
#define CORSIM_TESTS_CPU_MVE_FP_DIFF_OPS_H

enum { K_H, K_S, K_I };

#define CORSIM_MVEFP_DIFF_OPS(X) \
  X(vadd_F16, K_H, "vadd.f16 q0, q1, q2") \
  X(vadd_F32, K_S, "vadd.f32 q0, q1, q2") \
  X(vadd_F32_alias, K_S, "vadd.f32 q3, q3, q4") \
  X(vsub_F16, K_H, "vsub.f16 q0, q1, q2") \
  X(vsub_F32, K_S, "vsub.f32 q0, q1, q2") \
  X(vsub_F32_alias, K_S, "vsub.f32 q3, q3, q4") \
  X(vmul_F16, K_H, "vmul.f16 q0, q1, q2") \
  X(vmul_F32, K_S, "vmul.f32 q0, q1, q2") \
  X(vmul_F32_alias, K_S, "vmul.f32 q3, q3, q4") \
  X(vabd_F16, K_H, "vabd.f16 q0, q1, q2") \
  X(vabd_F32, K_S, "vabd.f32 q0, q1, q2") \
  X(vabd_F32_alias, K_S, "vabd.f32 q3, q3, q4") \
  X(vmaxnm_F16, K_H, "vmaxnm.f16 q0, q1, q2") \
  X(vmaxnm_F32, K_S, "vmaxnm.f32 q0, q1, q2") \
  X(vmaxnm_F32_alias, K_S, "vmaxnm.f32 q3, q3, q4") \
  X(vminnm_F16, K_H, "vminnm.f16 q0, q1, q2") \
  X(vminnm_F32, K_S, "vminnm.f32 q0, q1, q2") \
  X(vminnm_F32_alias, K_S, "vminnm.f32 q3, q3, q4") \
  X(vfma_F16, K_H, "vfma.f16 q0, q1, q2") \
  X(vfma_F32, K_S, "vfma.f32 q0, q1, q2") \
  X(vfma_F32_alias, K_S, "vfma.f32 q3, q3, q4") \
  X(vfms_F16, K_H, "vfms.f16 q0, q1, q2") \
  X(vfms_F32, K_S, "vfms.f32 q0, q1, q2") \
  X(vfms_F32_alias, K_S, "vfms.f32 q3, q3, q4") \
  X(vmaxnma_F16, K_H, "vmaxnma.f16 q0, q1") \
  X(vmaxnma_F32, K_S, "vmaxnma.f32 q0, q1") \
  X(vminnma_F16, K_H, "vminnma.f16 q0, q1") \
  X(vminnma_F32, K_S, "vminnma.f32 q0, q1") \
  X(vabs_F16, K_H, "vabs.f16 q0, q1") \
  X(vabs_F32, K_S, "vabs.f32 q0, q1") \
  X(vneg_F16, K_H, "vneg.f16 q0, q1") \
  X(vneg_F32, K_S, "vneg.f32 q0, q1") \
  X(vadd_r_F16, K_H, "vadd.f16 q0, q1, r0") \
  X(vadd_r_F32, K_S, "vadd.f32 q0, q1, r0") \
  X(vsub_r_F16, K_H, "vsub.f16 q0, q1, r0") \
  X(vsub_r_F32, K_S, "vsub.f32 q0, q1, r0") \
  X(vmul_r_F16, K_H, "vmul.f16 q0, q1, r0") \
  X(vmul_r_F32, K_S, "vmul.f32 q0, q1, r0") \
  X(vfma_r_F16, K_H, "vfma.f16 q0, q1, r0") \
  X(vfma_r_F32, K_S, "vfma.f32 q0, q1, r0") \
  X(vfmas_r_F16, K_H, "vfmas.f16 q0, q1, r0") \
  X(vfmas_r_F32, K_S, "vfmas.f32 q0, q1, r0") \
  X(vmaxnmv_F16, K_H, "vmaxnmv.f16 r0, q1") \
  X(vmaxnmv_F32, K_S, "vmaxnmv.f32 r0, q1") \
  X(vminnmv_F16, K_H, "vminnmv.f16 r0, q1") \
  X(vminnmv_F32, K_S, "vminnmv.f32 r0, q1") \
  X(vmaxnmav_F16, K_H, "vmaxnmav.f16 r0, q1") \
  X(vmaxnmav_F32, K_S, "vmaxnmav.f32 r0, q1") \
  X(vminnmav_F16, K_H, "vminnmav.f16 r0, q1") \
  X(vminnmav_F32, K_S, "vminnmav.f32 r0, q1") \
  X(vcadd90_F16, K_H, "vcadd.f16 q0, q1, q2, #90") \
  X(vcadd90_F32, K_S, "vcadd.f32 q0, q1, q2, #90") \
  X(vcadd270_F16, K_H, "vcadd.f16 q0, q1, q2, #270") \
  X(vcadd270_F32, K_S, "vcadd.f32 q0, q1, q2, #270") \
  X(vcadd90_F32_alias, K_S, "vcadd.f32 q2, q1, q2, #90") \
  X(vcmul0_F16, K_H, "vcmul.f16 q0, q1, q2, #0") \
  X(vcmul0_F32, K_S, "vcmul.f32 q0, q1, q2, #0") \
  X(vcmul90_F16, K_H, "vcmul.f16 q0, q1, q2, #90") \
  X(vcmul90_F32, K_S, "vcmul.f32 q0, q1, q2, #90") \
  X(vcmul180_F16, K_H, "vcmul.f16 q0, q1, q2, #180") \
  X(vcmul180_F32, K_S, "vcmul.f32 q0, q1, q2, #180") \
  X(vcmul270_F16, K_H, "vcmul.f16 q0, q1, q2, #270") \
  X(vcmul270_F32, K_S, "vcmul.f32 q0, q1, q2, #270") \
  X(vcmla0_F16, K_H, "vcmla.f16 q0, q1, q2, #0") \
  X(vcmla0_F32, K_S, "vcmla.f32 q0, q1, q2, #0") \
  X(vcmla90_F16, K_H, "vcmla.f16 q0, q1, q2, #90") \
  X(vcmla90_F32, K_S, "vcmla.f32 q0, q1, q2, #90") \
  X(vcmla180_F16, K_H, "vcmla.f16 q0, q1, q2, #180") \
  X(vcmla180_F32, K_S, "vcmla.f32 q0, q1, q2, #180") \
  X(vcmla270_F16, K_H, "vcmla.f16 q0, q1, q2, #270") \
  X(vcmla270_F32, K_S, "vcmla.f32 q0, q1, q2, #270") \
  X(vcmul90_F32_alias, K_S, "vcmul.f32 q1, q1, q2, #90") \
  X(vcmp_eq_F16, K_H, "vcmp.f16 eq, q1, q2") \
  X(vcmp_eq_r_F16, K_H, "vcmp.f16 eq, q1, r0") \
  X(vcmp_eq_F32, K_S, "vcmp.f32 eq, q1, q2") \
  X(vcmp_eq_r_F32, K_S, "vcmp.f32 eq, q1, r0") \
  X(vcmp_ne_F16, K_H, "vcmp.f16 ne, q1, q2") \
  X(vcmp_ne_r_F16, K_H, "vcmp.f16 ne, q1, r0") \
  X(vcmp_ne_F32, K_S, "vcmp.f32 ne, q1, q2") \
  X(vcmp_ne_r_F32, K_S, "vcmp.f32 ne, q1, r0") \
  X(vcmp_ge_F16, K_H, "vcmp.f16 ge, q1, q2") \
  X(vcmp_ge_r_F16, K_H, "vcmp.f16 ge, q1, r0") \
  X(vcmp_ge_F32, K_S, "vcmp.f32 ge, q1, q2") \
  X(vcmp_ge_r_F32, K_S, "vcmp.f32 ge, q1, r0") \
  X(vcmp_lt_F16, K_H, "vcmp.f16 lt, q1, q2") \
  X(vcmp_lt_r_F16, K_H, "vcmp.f16 lt, q1, r0") \
  X(vcmp_lt_F32, K_S, "vcmp.f32 lt, q1, q2") \
  X(vcmp_lt_r_F32, K_S, "vcmp.f32 lt, q1, r0") \
  X(vcmp_gt_F16, K_H, "vcmp.f16 gt, q1, q2") \
  X(vcmp_gt_r_F16, K_H, "vcmp.f16 gt, q1, r0") \
  X(vcmp_gt_F32, K_S, "vcmp.f32 gt, q1, q2") \
  X(vcmp_gt_r_F32, K_S, "vcmp.f32 gt, q1, r0") \
  X(vcmp_le_F16, K_H, "vcmp.f16 le, q1, q2") \
  X(vcmp_le_r_F16, K_H, "vcmp.f16 le, q1, r0") \
  X(vcmp_le_F32, K_S, "vcmp.f32 le, q1, q2") \
  X(vcmp_le_r_F32, K_S, "vcmp.f32 le, q1, r0") \
  X(vcmp_zr_F16, K_H, "vcmp.f16 ge, q1, zr") \
  X(vcmp_zr_F32, K_S, "vcmp.f32 lt, q1, zr") \
  X(vpt_F32, K_S, "vpt.f32 ge, q1, q2\n\tvaddt.f32 q0, q3, q4") \
  X(vpte_F16, K_H, "vpte.f16 lt, q1, r0\n\tvmult.f16 q0, q3, q4\n\tvmule.f16 q5, q6, q7") \
  X(vptet_F32, K_S, "vptet.f32 ne, q1, zr\n\tvfmat.f32 q0, q3, q4\n\tvsube.f32 q5, q6, q7\n\tvcmpt.f32 gt, q6, q2") \
  X(vpteee_F16, K_H, "vpteee.f16 le, q1, q2\n\tvabst.f16 q0, q3\n\tvnege.f16 q4, q3\n\tvrintne.f16 q5, q6\n\tvmaxnmve.f16 r1, q7") \
  X(vrintn_F16, K_H, "vrintn.f16 q0, q1") \
  X(vrintn_F32, K_S, "vrintn.f32 q0, q1") \
  X(vrintx_F16, K_H, "vrintx.f16 q0, q1") \
  X(vrintx_F32, K_S, "vrintx.f32 q0, q1") \
  X(vrinta_F16, K_H, "vrinta.f16 q0, q1") \
  X(vrinta_F32, K_S, "vrinta.f32 q0, q1") \
  X(vrintz_F16, K_H, "vrintz.f16 q0, q1") \
  X(vrintz_F32, K_S, "vrintz.f32 q0, q1") \
  X(vrintm_F16, K_H, "vrintm.f16 q0, q1") \
  X(vrintm_F32, K_S, "vrintm.f32 q0, q1") \
  X(vrintp_F16, K_H, "vrintp.f16 q0, q1") \
  X(vrintp_F32, K_S, "vrintp.f32 q0, q1") \
  X(vcvt_F16_s16, K_I, "vcvt.f16.s16 q0, q1") \
  X(vcvt_s16_F16, K_H, "vcvt.s16.f16 q0, q1") \
  X(vcvta_s16_F16, K_H, "vcvta.s16.f16 q0, q1") \
  X(vcvtn_s16_F16, K_H, "vcvtn.s16.f16 q0, q1") \
  X(vcvtp_s16_F16, K_H, "vcvtp.s16.f16 q0, q1") \
  X(vcvtm_s16_F16, K_H, "vcvtm.s16.f16 q0, q1") \
  X(vcvt_F16_s16_x1, K_I, "vcvt.f16.s16 q0, q1, #1") \
  X(vcvt_s16_F16_x1, K_H, "vcvt.s16.f16 q0, q1, #1") \
  X(vcvt_F16_s16_x8, K_I, "vcvt.f16.s16 q0, q1, #8") \
  X(vcvt_s16_F16_x8, K_H, "vcvt.s16.f16 q0, q1, #8") \
  X(vcvt_F16_s16_x16, K_I, "vcvt.f16.s16 q0, q1, #16") \
  X(vcvt_s16_F16_x16, K_H, "vcvt.s16.f16 q0, q1, #16") \
  X(vcvt_F16_u16, K_I, "vcvt.f16.u16 q0, q1") \
  X(vcvt_u16_F16, K_H, "vcvt.u16.f16 q0, q1") \
  X(vcvta_u16_F16, K_H, "vcvta.u16.f16 q0, q1") \
  X(vcvtn_u16_F16, K_H, "vcvtn.u16.f16 q0, q1") \
  X(vcvtp_u16_F16, K_H, "vcvtp.u16.f16 q0, q1") \
  X(vcvtm_u16_F16, K_H, "vcvtm.u16.f16 q0, q1") \
  X(vcvt_F16_u16_x1, K_I, "vcvt.f16.u16 q0, q1, #1") \
  X(vcvt_u16_F16_x1, K_H, "vcvt.u16.f16 q0, q1, #1") \
  X(vcvt_F16_u16_x8, K_I, "vcvt.f16.u16 q0, q1, #8") \
  X(vcvt_u16_F16_x8, K_H, "vcvt.u16.f16 q0, q1, #8") \
  X(vcvt_F16_u16_x16, K_I, "vcvt.f16.u16 q0, q1, #16") \
  X(vcvt_u16_F16_x16, K_H, "vcvt.u16.f16 q0, q1, #16") \
  X(vcvt_F32_s32, K_I, "vcvt.f32.s32 q0, q1") \
  X(vcvt_s32_F32, K_S, "vcvt.s32.f32 q0, q1") \
  X(vcvta_s32_F32, K_S, "vcvta.s32.f32 q0, q1") \
  X(vcvtn_s32_F32, K_S, "vcvtn.s32.f32 q0, q1") \
  X(vcvtp_s32_F32, K_S, "vcvtp.s32.f32 q0, q1") \
  X(vcvtm_s32_F32, K_S, "vcvtm.s32.f32 q0, q1") \
  X(vcvt_F32_s32_x1, K_I, "vcvt.f32.s32 q0, q1, #1") \
  X(vcvt_s32_F32_x1, K_S, "vcvt.s32.f32 q0, q1, #1") \
  X(vcvt_F32_s32_x16, K_I, "vcvt.f32.s32 q0, q1, #16") \
  X(vcvt_s32_F32_x16, K_S, "vcvt.s32.f32 q0, q1, #16") \
  X(vcvt_F32_s32_x32, K_I, "vcvt.f32.s32 q0, q1, #32") \
  X(vcvt_s32_F32_x32, K_S, "vcvt.s32.f32 q0, q1, #32") \
  X(vcvt_F32_u32, K_I, "vcvt.f32.u32 q0, q1") \
  X(vcvt_u32_F32, K_S, "vcvt.u32.f32 q0, q1") \
  X(vcvta_u32_F32, K_S, "vcvta.u32.f32 q0, q1") \
  X(vcvtn_u32_F32, K_S, "vcvtn.u32.f32 q0, q1") \
  X(vcvtp_u32_F32, K_S, "vcvtp.u32.f32 q0, q1") \
  X(vcvtm_u32_F32, K_S, "vcvtm.u32.f32 q0, q1") \
  X(vcvt_F32_u32_x1, K_I, "vcvt.f32.u32 q0, q1, #1") \
  X(vcvt_u32_F32_x1, K_S, "vcvt.u32.f32 q0, q1, #1") \
  X(vcvt_F32_u32_x16, K_I, "vcvt.f32.u32 q0, q1, #16") \
  X(vcvt_u32_F32_x16, K_S, "vcvt.u32.f32 q0, q1, #16") \
  X(vcvt_F32_u32_x32, K_I, "vcvt.f32.u32 q0, q1, #32") \
  X(vcvt_u32_F32_x32, K_S, "vcvt.u32.f32 q0, q1, #32") \
  X(vcvtb_F16_F32, K_S, ".inst.w 0xee3f0e03") \
  X(vcvtt_F16_F32, K_S, ".inst.w 0xee3f1e03") \
  X(vcvtb_F32_F16, K_H, ".inst.w 0xfe3f0e03") \
  X(vcvtt_F32_F16, K_H, ".inst.w 0xfe3f1e03") \
  X(vcvtt_F16_F32_alias, K_S, ".inst.w 0xee3f3e03") \

#endif
