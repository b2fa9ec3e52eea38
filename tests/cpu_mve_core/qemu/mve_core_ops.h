/* The instruction sequences of the MVE foundation differential test (mve_core_diff_main.c), one
 * entry per form: X(name, kind, "instruction(s)").
 *   kind: how the inputs are shaped (K_ANY random; K_SHIFT r2 a small signed shift count; K_OFFn
 *   q1 holds small offsets for n-bit elements; K_BASEn q1 holds addresses inside the buffer;
 *   K_LOOP r3 a small element count).
 * Before: q0-q7, FPSCR, VPR (P0 and, half of the time, MASK01/MASK23: the instruction then runs
 * inside a VPT block), APSR.NZCVQ, r0-r5 random; r6 points into a 64-word random buffer (96 bytes
 * from its start) that lies between two 768-byte guard bands of a known pattern. After: q0-q7,
 * FPSCR, VPR, APSR, r0-r5, r6 (as an offset), LR, the buffer and every guard word that changed.
 * A form whose memory accesses reach past the upper guard band needs a wider band there
 * (mve_core_diff_main.c, MEM_WORDS). */
#ifndef CORSIM_TESTS_CPU_MVE_CORE_OPS_H
#define CORSIM_TESTS_CPU_MVE_CORE_OPS_H

enum { K_ANY, K_SHIFT, K_OFF8, K_OFF16, K_OFF32, K_OFF64, K_BASE32, K_BASE64, K_LOOP };

#define MVE_CMP_V(X, dt, cc, sz) X(vcmp_##dt##_##cc, K_ANY, "vcmp." #dt " " #cc ", q0, q1")
#define MVE_CMP_S(X, dt, cc) X(vcmps_##dt##_##cc, K_ANY, "vcmp." #dt " " #cc ", q2, r0")

#define CORSIM_MVE_CORE_PRED_OPS(X)                                                              \
  MVE_CMP_V(X, i8, eq, 8) MVE_CMP_V(X, i16, ne, 16) MVE_CMP_V(X, i32, eq, 32)                    \
  MVE_CMP_V(X, u8, cs, 8) MVE_CMP_V(X, u16, hi, 16) MVE_CMP_V(X, u32, cs, 32)                    \
  MVE_CMP_V(X, s8, ge, 8) MVE_CMP_V(X, s16, lt, 16) MVE_CMP_V(X, s32, gt, 32)                    \
  MVE_CMP_V(X, s8, le, 8) MVE_CMP_V(X, s32, le, 32)                                              \
  MVE_CMP_S(X, i8, ne) MVE_CMP_S(X, i16, eq) MVE_CMP_S(X, u32, hi) MVE_CMP_S(X, u8, cs)          \
  MVE_CMP_S(X, s16, ge) MVE_CMP_S(X, s32, lt) MVE_CMP_S(X, s8, gt) MVE_CMP_S(X, s16, le)         \
  X(vcmp_zr, K_ANY, ".inst.w 0xfe250fcf") /* vcmp.i32 ne, q2, zr */                              \
  X(vpt_t, K_ANY, "vpt.s32 ge, q0, q1\n\tvpselt q3, q4, q5")                                     \
  X(vpt_tete, K_ANY, "vptete.i8 ne, q0, r0\n\tvpselt q3, q4, q5\n\tvpsele q4, q5, q6\n\t"         \
                     "vpnott\n\tvpsele q5, q6, q7")                                              \
  X(vpst_block, K_ANY, "vpstet\n\tvpselt q3, q4, q5\n\tvpsele q4, q5, q6\n\tvpselt q6, q0, q1")   \
  X(vpt_nested, K_ANY, "vptt.u16 hi, q0, q1\n\tvcmpt.i16 eq, q2, q3\n\tvpselt q4, q5, q6")        \
  X(vpsel, K_ANY, "vpsel q3, q4, q5")                                                            \
  X(vpnot, K_ANY, "vpnot")                                                                       \
  X(vctp8, K_LOOP, "vctp.8 r3") X(vctp16, K_LOOP, "vctp.16 r3") X(vctp32, K_LOOP, "vctp.32 r3")  \
  X(vctp64, K_LOOP, "vctp.64 r3") X(vctp32_big, K_ANY, "vctp.32 r0")

#define CORSIM_MVE_CORE_LDST_OPS(X)                                                              \
  X(vldrb, K_ANY, "vldrb.u8 q0, [r6, #-17]") X(vldrh_pre, K_ANY, "vldrh.u16 q1, [r6, #34]!")     \
  X(vldrw_post, K_ANY, "vldrw.u32 q2, [r6], #-64") X(vldrb_s16, K_ANY, "vldrb.s16 q3, [r6, #5]") \
  X(vldrb_u16, K_ANY, "vldrb.u16 q3, [r6, #-7]!") X(vldrb_s32, K_ANY, "vldrb.s32 q4, [r6], #3")  \
  X(vldrb_u32, K_ANY, "vldrb.u32 q4, [r6, #9]") X(vldrh_s32, K_ANY, "vldrh.s32 q5, [r6, #-6]!")  \
  X(vldrh_u32, K_ANY, "vldrh.u32 q5, [r6], #10") X(vldrw_unal, K_ANY, "vldrw.u32 q6, [r6, #4]")  \
  X(unaligned, K_ANY, "adds r6, r6, #1\n\tvldrw.u32 q2, [r6, #4]\n\tvstrh.16 q1, [r6, #-2]")       \
  X(vstrb, K_ANY, "vstrb.8 q0, [r6, #-3]") X(vstrh_pre, K_ANY, "vstrh.16 q1, [r6, #-2]!")        \
  X(vstrw_post, K_ANY, "vstrw.32 q2, [r6], #12") X(vstrb_16, K_ANY, "vstrb.16 q3, [r6, #1]")     \
  X(vstrb_32, K_ANY, "vstrb.32 q4, [r6, #-9]!") X(vstrh_32, K_ANY, "vstrh.32 q5, [r6], #-14")    \
  X(vpst_ld, K_ANY, "vpstet\n\tvldrwt.u32 q1, [r6]\n\tvldrbe.s16 q2, [r6, #16]\n\t"              \
                    "vstrht.16 q3, [r6, #-32]")                                                  \
  X(gather_b_u8, K_OFF8, "vldrb.u8 q0, [r6, q1]") X(gather_b_s16, K_OFF16, "vldrb.s16 q0, [r6, q1]") \
  X(gather_b_u32, K_OFF32, "vldrb.u32 q2, [r6, q1]") X(gather_h_u16, K_OFF16, "vldrh.u16 q0, [r6, q1]") \
  X(gather_h_s32_os, K_OFF32, "vldrh.s32 q0, [r6, q1, uxtw #1]")                                 \
  X(gather_w_os, K_OFF32, "vldrw.u32 q3, [r6, q1, uxtw #2]") X(gather_w, K_OFF32, "vldrw.u32 q3, [r6, q1]") \
  X(gather_d, K_OFF64, "vldrd.u64 q3, [r6, q1]") X(gather_d_os, K_OFF64, "vldrd.u64 q3, [r6, q1, uxtw #3]") \
  X(scatter_b8, K_OFF8, "vstrb.8 q0, [r6, q1]") X(scatter_b16, K_OFF16, "vstrb.16 q0, [r6, q1]") \
  X(scatter_h32_os, K_OFF32, "vstrh.32 q0, [r6, q1, uxtw #1]") X(scatter_w, K_OFF32, "vstrw.32 q2, [r6, q1]") \
  X(scatter_d_os, K_OFF64, "vstrd.64 q2, [r6, q1, uxtw #3]")                                     \
  X(base_w, K_BASE32, "vldrw.u32 q0, [q1, #8]") X(base_w_wb, K_BASE32, "vldrw.u32 q0, [q1, #-12]!") \
  X(base_d_wb, K_BASE64, "vldrd.u64 q0, [q1, #16]!") X(base_d, K_BASE64, "vldrd.u64 q0, [q1, #-8]") \
  X(base_sw_wb, K_BASE32, "vstrw.32 q0, [q1, #4]!") X(base_sw_self, K_BASE32, "vstrw.32 q1, [q1, #-4]!") \
  X(base_sd_wb, K_BASE64, "vstrd.64 q2, [q1, #-16]!")                                            \
  X(vld20_8, K_ANY, "vld20.8 {q0, q1}, [r6]") X(vld21_8, K_ANY, "vld21.8 {q0, q1}, [r6]!")       \
  X(vld20_16, K_ANY, "vld20.16 {q2, q3}, [r6]") X(vld21_16, K_ANY, "vld21.16 {q2, q3}, [r6]")    \
  X(vld20_32, K_ANY, "vld20.32 {q6, q7}, [r6]") X(vld21_32, K_ANY, "vld21.32 {q6, q7}, [r6]!")   \
  X(vld4_8, K_ANY, "vld40.8 {q0, q1, q2, q3}, [r6]\n\tvld41.8 {q0, q1, q2, q3}, [r6]\n\t"        \
                   "vld42.8 {q0, q1, q2, q3}, [r6]\n\tvld43.8 {q0, q1, q2, q3}, [r6]!")          \
  X(vld4_16, K_ANY, "vld40.16 {q4, q5, q6, q7}, [r6]\n\tvld41.16 {q4, q5, q6, q7}, [r6]\n\t"     \
                    "vld42.16 {q4, q5, q6, q7}, [r6]\n\tvld43.16 {q4, q5, q6, q7}, [r6]")        \
  X(vld4_32, K_ANY, "vld40.32 {q1, q2, q3, q4}, [r6]\n\tvld41.32 {q1, q2, q3, q4}, [r6]\n\t"     \
                    "vld42.32 {q1, q2, q3, q4}, [r6]\n\tvld43.32 {q1, q2, q3, q4}, [r6]!")       \
  X(vld42_8, K_ANY, "vld42.8 {q0, q1, q2, q3}, [r6]") X(vld41_32, K_ANY, "vld41.32 {q1, q2, q3, q4}, [r6]") \
  X(vst20_8, K_ANY, "vst20.8 {q0, q1}, [r6]") X(vst21_16, K_ANY, "vst21.16 {q2, q3}, [r6]!")     \
  X(vst20_32, K_ANY, "vst20.32 {q6, q7}, [r6]") X(vst21_8, K_ANY, "vst21.8 {q0, q1}, [r6]")      \
  X(vst43_8, K_ANY, "vst43.8 {q0, q1, q2, q3}, [r6]") X(vst41_16, K_ANY, "vst41.16 {q4, q5, q6, q7}, [r6]!") \
  X(vst40_32, K_ANY, "vst40.32 {q1, q2, q3, q4}, [r6]") X(vst42_32, K_ANY, "vst42.32 {q1, q2, q3, q4}, [r6]")

#define CORSIM_MVE_CORE_SHIFT_OPS(X)                                                             \
  X(lsll_i, K_SHIFT, "lsll r0, r1, #7") X(lsll_i32, K_SHIFT, "lsll r0, r1, #32")                 \
  X(lsrl_i, K_SHIFT, "lsrl r2, r3, #13") X(asrl_i, K_SHIFT, "asrl r4, r5, #31")                  \
  X(asrl_i32, K_SHIFT, "asrl r0, r1, #32") X(lsll_r, K_SHIFT, "lsll r0, r1, r2")                  \
  X(asrl_r, K_SHIFT, "asrl r4, r5, r2") X(uqshll, K_SHIFT, "uqshll r0, r1, #5")                  \
  X(sqshll, K_SHIFT, "sqshll r0, r1, #17") X(urshrl, K_SHIFT, "urshrl r0, r1, #9")               \
  X(srshrl, K_SHIFT, "srshrl r0, r1, #32") X(uqshl, K_SHIFT, "uqshl r0, #3")                     \
  X(sqshl, K_SHIFT, "sqshl r1, #30") X(urshr, K_SHIFT, "urshr r0, #32")                          \
  X(srshr, K_SHIFT, "srshr r1, #7") X(uqrshl, K_SHIFT, "uqrshl r0, r2")                          \
  X(sqrshr, K_SHIFT, "sqrshr r1, r2") X(uqrshll64, K_SHIFT, "uqrshll r0, r1, #64, r2")           \
  X(uqrshll48, K_SHIFT, "uqrshll r0, r1, #48, r2") X(sqrshrl64, K_SHIFT, "sqrshrl r0, r1, #64, r2") \
  X(sqrshrl48, K_SHIFT, "sqrshrl r4, r5, #48, r2")                                              \
  X(lsrl_it, K_SHIFT, "cmp r0, r4\n\tite hi\n\tlsrlhi r4, r5, #3\n\tasrlls r0, r1, r2")

#define CORSIM_MVE_CORE_MOVE_OPS(X)                                                              \
  X(vmov_to8, K_ANY, "vmov.8 q3[13], r0") X(vmov_to16, K_ANY, "vmov.16 q4[5], r1")               \
  X(vmov_to32, K_ANY, "vmov.32 q2[3], r0") X(vmov_u8, K_ANY, "vmov.u8 r0, q1[11]")                \
  X(vmov_s8, K_ANY, "vmov.s8 r1, q1[2]") X(vmov_u16, K_ANY, "vmov.u16 r0, q5[6]")                \
  X(vmov_s16, K_ANY, "vmov.s16 r1, q5[1]") X(vmov_from32, K_ANY, "vmov.32 r0, q7[2]")            \
  X(vmov_2to, K_ANY, "vmov r0, r1, q2[3], q2[1]") X(vmov_2to0, K_ANY, "vmov r2, r4, q6[2], q6[0]") \
  X(vmov_2from, K_ANY, "vmov q3[2], q3[0], r0, r1") X(vmov_2from1, K_ANY, "vmov q0[3], q0[1], r5, r5") \
  X(vdup8, K_ANY, "vdup.8 q0, r0") X(vdup16, K_ANY, "vdup.16 q7, r1") X(vdup32, K_ANY, "vdup.32 q4, r5")

#define CORSIM_MVE_CORE_LOOP_OPS(X)                                                              \
  X(dlstp8, K_LOOP, "dlstp.8 lr, r3\n1:\n\tvldrb.u8 q0, [r6], #16\n\tvstrb.8 q0, [r6, #48]\n\tletp lr, 1b") \
  X(dlstp32, K_LOOP, "dlstp.32 lr, r3\n1:\n\tvldrw.u32 q1, [r6], #16\n\tvdup.32 q2, r3\n\t"      \
                     "vstrw.32 q2, [r6, #-48]\n\tletp lr, 1b")                                    \
  X(dlstp16, K_LOOP, "dlstp.16 lr, r3\n1:\n\tvldrh.u16 q4, [r6], #16\n\tletp lr, 1b\n\tvmrs r4, fpscr") \
  X(dlstp64, K_LOOP, "dlstp.64 lr, r3\n1:\n\tvldrw.u32 q1, [r6], #16\n\tletp lr, 1b")          \
  X(wlstp16, K_LOOP, "wlstp.16 lr, r3, 2f\n1:\n\tvldrh.u16 q3, [r6], #16\n\tletp lr, 1b\n2:")    \
  X(wlstp8_pred, K_LOOP, "wlstp.8 lr, r3, 2f\n1:\n\tvpst\n\tvldrbt.u8 q3, [r6], #16\n\tletp lr, 1b\n2:") \
  X(dlstp_lctp, K_LOOP, "dlstp.32 lr, r3\n\tvldrw.u32 q5, [r6]\n\tlctp\n\tvldrw.u32 q6, [r6]")   \
  X(dls_vctp, K_LOOP, "movs r4, #3\n\tdls lr, r4\n1:\n\tvctp.16 r3\n\tvpst\n\tvldrht.u16 q2, [r6], #16\n\t" \
                      "subs r3, r3, #8\n\tle lr, 1b")

/* VLDR/VSTR (System Register): GNU as 2.40 cannot assemble them (objdump prints them). */
#define CORSIM_MVE_CORE_SYSREG_OPS(X)                                                            \
  X(vstr_vpr, K_ANY, ".inst.w 0xedc68f81") /* vstr VPR, [r6, #4] */                              \
  X(vldr_p0_post, K_ANY, ".inst.w 0xecf6af82") /* vldr P0, [r6], #8 */                           \
  X(vldr_nzcvqc_pre, K_ANY, ".inst.w 0xedb64f81") /* vldr FPSCR_nzcvqc, [r6, #4]! */             \
  X(vstr_fpscr, K_ANY, ".inst.w 0xed062f81") /* vstr FPSCR, [r6, #-4] */                         \
  X(vldr_vpr, K_ANY, "ldr r4, [r6, #-8]\n\tbic r4, r4, #0xFF000000\n\tstr r4, [r6, #-8]\n\t"     \
                    ".inst.w 0xed568f82") /* vldr VPR, [r6, #-8]; VPR[31:24] RES0 (docs/mve.md) */ \
  X(vldr_fpscr, K_ANY, ".inst.w 0xed962f81") /* vldr FPSCR, [r6, #4] */

#define CORSIM_MVE_CORE_OPS(X)                                                                   \
  CORSIM_MVE_CORE_PRED_OPS(X) CORSIM_MVE_CORE_LDST_OPS(X) CORSIM_MVE_CORE_SHIFT_OPS(X)           \
  CORSIM_MVE_CORE_MOVE_OPS(X) CORSIM_MVE_CORE_LOOP_OPS(X) CORSIM_MVE_CORE_SYSREG_OPS(X)

#endif
