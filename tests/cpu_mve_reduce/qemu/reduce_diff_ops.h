/* The instructions the MVE reduction differential test runs (tests/cpu_mve_reduce/qemu), one
 * entry per form, each also run inside a VPST block with a random VPR.P0: X(name, "instruction"),
 * P(name_p, "vpst; instruction-t"), P = X unless
 * REDUCE_DIFF_NO_VPST is defined. Generated once by hand from the row list of
 * cpu/decoder/mve_reduce.inc and the end of mve_int.inc; registers r0-r7 and q0-q7 only. */
#ifndef CORSIM_TESTS_CPU_MVE_REDUCE_DIFF_OPS_H
#define CORSIM_TESTS_CPU_MVE_REDUCE_DIFF_OPS_H

#define CORSIM_REDUCE_DIFF_OPS(X, P) \
  X(vaddv_s8, "vaddv.s8 r0, q1") \
  P(vaddv_s8_p, "vpst\n\tvaddvt.s8 r0, q1") \
  X(vaddva_s8, "vaddva.s8 r2, q7") \
  P(vaddva_s8_p, "vpst\n\tvaddvat.s8 r2, q7") \
  X(vaddv_s16, "vaddv.s16 r0, q1") \
  P(vaddv_s16_p, "vpst\n\tvaddvt.s16 r0, q1") \
  X(vaddva_s16, "vaddva.s16 r2, q7") \
  P(vaddva_s16_p, "vpst\n\tvaddvat.s16 r2, q7") \
  X(vaddv_s32, "vaddv.s32 r0, q1") \
  P(vaddv_s32_p, "vpst\n\tvaddvt.s32 r0, q1") \
  X(vaddva_s32, "vaddva.s32 r2, q7") \
  P(vaddva_s32_p, "vpst\n\tvaddvat.s32 r2, q7") \
  X(vaddv_u8, "vaddv.u8 r0, q1") \
  P(vaddv_u8_p, "vpst\n\tvaddvt.u8 r0, q1") \
  X(vaddva_u8, "vaddva.u8 r2, q7") \
  P(vaddva_u8_p, "vpst\n\tvaddvat.u8 r2, q7") \
  X(vaddv_u16, "vaddv.u16 r0, q1") \
  P(vaddv_u16_p, "vpst\n\tvaddvt.u16 r0, q1") \
  X(vaddva_u16, "vaddva.u16 r2, q7") \
  P(vaddva_u16_p, "vpst\n\tvaddvat.u16 r2, q7") \
  X(vaddv_u32, "vaddv.u32 r0, q1") \
  P(vaddv_u32_p, "vpst\n\tvaddvt.u32 r0, q1") \
  X(vaddva_u32, "vaddva.u32 r2, q7") \
  P(vaddva_u32_p, "vpst\n\tvaddvat.u32 r2, q7") \
  X(vaddlv_s32, "vaddlv.s32 r0, r1, q3") \
  P(vaddlv_s32_p, "vpst\n\tvaddlvt.s32 r0, r1, q3") \
  X(vaddlva_s32, "vaddlva.s32 r4, r5, q2") \
  P(vaddlva_s32_p, "vpst\n\tvaddlvat.s32 r4, r5, q2") \
  X(vaddlv_u32, "vaddlv.u32 r0, r1, q3") \
  P(vaddlv_u32_p, "vpst\n\tvaddlvt.u32 r0, r1, q3") \
  X(vaddlva_u32, "vaddlva.u32 r4, r5, q2") \
  P(vaddlva_u32_p, "vpst\n\tvaddlvat.u32 r4, r5, q2") \
  X(vmladav_s8, "vmladav.s8 r0, q1, q2") \
  P(vmladav_s8_p, "vpst\n\tvmladavt.s8 r0, q1, q2") \
  X(vmladava_s8, "vmladava.s8 r2, q3, q3") \
  P(vmladava_s8_p, "vpst\n\tvmladavat.s8 r2, q3, q3") \
  X(vmladav_s16, "vmladav.s16 r0, q1, q2") \
  P(vmladav_s16_p, "vpst\n\tvmladavt.s16 r0, q1, q2") \
  X(vmladava_s16, "vmladava.s16 r2, q3, q3") \
  P(vmladava_s16_p, "vpst\n\tvmladavat.s16 r2, q3, q3") \
  X(vmladav_s32, "vmladav.s32 r0, q1, q2") \
  P(vmladav_s32_p, "vpst\n\tvmladavt.s32 r0, q1, q2") \
  X(vmladava_s32, "vmladava.s32 r2, q3, q3") \
  P(vmladava_s32_p, "vpst\n\tvmladavat.s32 r2, q3, q3") \
  X(vmladav_u8, "vmladav.u8 r0, q1, q2") \
  P(vmladav_u8_p, "vpst\n\tvmladavt.u8 r0, q1, q2") \
  X(vmladava_u8, "vmladava.u8 r2, q3, q3") \
  P(vmladava_u8_p, "vpst\n\tvmladavat.u8 r2, q3, q3") \
  X(vmladav_u16, "vmladav.u16 r0, q1, q2") \
  P(vmladav_u16_p, "vpst\n\tvmladavt.u16 r0, q1, q2") \
  X(vmladava_u16, "vmladava.u16 r2, q3, q3") \
  P(vmladava_u16_p, "vpst\n\tvmladavat.u16 r2, q3, q3") \
  X(vmladav_u32, "vmladav.u32 r0, q1, q2") \
  P(vmladav_u32_p, "vpst\n\tvmladavt.u32 r0, q1, q2") \
  X(vmladava_u32, "vmladava.u32 r2, q3, q3") \
  P(vmladava_u32_p, "vpst\n\tvmladavat.u32 r2, q3, q3") \
  X(vmladavx_s8, "vmladavx.s8 r4, q5, q6") \
  P(vmladavx_s8_p, "vpst\n\tvmladavxt.s8 r4, q5, q6") \
  X(vmladavax_s8, "vmladavax.s8 r6, q0, q7") \
  P(vmladavax_s8_p, "vpst\n\tvmladavaxt.s8 r6, q0, q7") \
  X(vmlsdav_s8, "vmlsdav.s8 r0, q4, q2") \
  P(vmlsdav_s8_p, "vpst\n\tvmlsdavt.s8 r0, q4, q2") \
  X(vmlsdava_s8, "vmlsdava.s8 r2, q1, q6") \
  P(vmlsdava_s8_p, "vpst\n\tvmlsdavat.s8 r2, q1, q6") \
  X(vmlsdavx_s8, "vmlsdavx.s8 r4, q2, q3") \
  P(vmlsdavx_s8_p, "vpst\n\tvmlsdavxt.s8 r4, q2, q3") \
  X(vmlsdavax_s8, "vmlsdavax.s8 r6, q7, q0") \
  P(vmlsdavax_s8_p, "vpst\n\tvmlsdavaxt.s8 r6, q7, q0") \
  X(vmladavx_s16, "vmladavx.s16 r4, q5, q6") \
  P(vmladavx_s16_p, "vpst\n\tvmladavxt.s16 r4, q5, q6") \
  X(vmladavax_s16, "vmladavax.s16 r6, q0, q7") \
  P(vmladavax_s16_p, "vpst\n\tvmladavaxt.s16 r6, q0, q7") \
  X(vmlsdav_s16, "vmlsdav.s16 r0, q4, q2") \
  P(vmlsdav_s16_p, "vpst\n\tvmlsdavt.s16 r0, q4, q2") \
  X(vmlsdava_s16, "vmlsdava.s16 r2, q1, q6") \
  P(vmlsdava_s16_p, "vpst\n\tvmlsdavat.s16 r2, q1, q6") \
  X(vmlsdavx_s16, "vmlsdavx.s16 r4, q2, q3") \
  P(vmlsdavx_s16_p, "vpst\n\tvmlsdavxt.s16 r4, q2, q3") \
  X(vmlsdavax_s16, "vmlsdavax.s16 r6, q7, q0") \
  P(vmlsdavax_s16_p, "vpst\n\tvmlsdavaxt.s16 r6, q7, q0") \
  X(vmladavx_s32, "vmladavx.s32 r4, q5, q6") \
  P(vmladavx_s32_p, "vpst\n\tvmladavxt.s32 r4, q5, q6") \
  X(vmladavax_s32, "vmladavax.s32 r6, q0, q7") \
  P(vmladavax_s32_p, "vpst\n\tvmladavaxt.s32 r6, q0, q7") \
  X(vmlsdav_s32, "vmlsdav.s32 r0, q4, q2") \
  P(vmlsdav_s32_p, "vpst\n\tvmlsdavt.s32 r0, q4, q2") \
  X(vmlsdava_s32, "vmlsdava.s32 r2, q1, q6") \
  P(vmlsdava_s32_p, "vpst\n\tvmlsdavat.s32 r2, q1, q6") \
  X(vmlsdavx_s32, "vmlsdavx.s32 r4, q2, q3") \
  P(vmlsdavx_s32_p, "vpst\n\tvmlsdavxt.s32 r4, q2, q3") \
  X(vmlsdavax_s32, "vmlsdavax.s32 r6, q7, q0") \
  P(vmlsdavax_s32_p, "vpst\n\tvmlsdavaxt.s32 r6, q7, q0") \
  X(vmlaldav_s16, "vmlaldav.s16 r0, r1, q1, q2") \
  P(vmlaldav_s16_p, "vpst\n\tvmlaldavt.s16 r0, r1, q1, q2") \
  X(vmlaldava_s16, "vmlaldava.s16 r2, r3, q3, q4") \
  P(vmlaldava_s16_p, "vpst\n\tvmlaldavat.s16 r2, r3, q3, q4") \
  X(vmlaldav_s32, "vmlaldav.s32 r0, r1, q1, q2") \
  P(vmlaldav_s32_p, "vpst\n\tvmlaldavt.s32 r0, r1, q1, q2") \
  X(vmlaldava_s32, "vmlaldava.s32 r2, r3, q3, q4") \
  P(vmlaldava_s32_p, "vpst\n\tvmlaldavat.s32 r2, r3, q3, q4") \
  X(vmlaldav_u16, "vmlaldav.u16 r0, r1, q1, q2") \
  P(vmlaldav_u16_p, "vpst\n\tvmlaldavt.u16 r0, r1, q1, q2") \
  X(vmlaldava_u16, "vmlaldava.u16 r2, r3, q3, q4") \
  P(vmlaldava_u16_p, "vpst\n\tvmlaldavat.u16 r2, r3, q3, q4") \
  X(vmlaldav_u32, "vmlaldav.u32 r0, r1, q1, q2") \
  P(vmlaldav_u32_p, "vpst\n\tvmlaldavt.u32 r0, r1, q1, q2") \
  X(vmlaldava_u32, "vmlaldava.u32 r2, r3, q3, q4") \
  P(vmlaldava_u32_p, "vpst\n\tvmlaldavat.u32 r2, r3, q3, q4") \
  X(vmlaldavx_s16, "vmlaldavx.s16 r4, r5, q5, q6") \
  P(vmlaldavx_s16_p, "vpst\n\tvmlaldavxt.s16 r4, r5, q5, q6") \
  X(vmlaldavax_s16, "vmlaldavax.s16 r6, r7, q7, q0") \
  P(vmlaldavax_s16_p, "vpst\n\tvmlaldavaxt.s16 r6, r7, q7, q0") \
  X(vmlsldav_s16, "vmlsldav.s16 r0, r1, q2, q4") \
  P(vmlsldav_s16_p, "vpst\n\tvmlsldavt.s16 r0, r1, q2, q4") \
  X(vmlsldava_s16, "vmlsldava.s16 r2, r3, q1, q1") \
  P(vmlsldava_s16_p, "vpst\n\tvmlsldavat.s16 r2, r3, q1, q1") \
  X(vmlsldavx_s16, "vmlsldavx.s16 r4, r5, q6, q3") \
  P(vmlsldavx_s16_p, "vpst\n\tvmlsldavxt.s16 r4, r5, q6, q3") \
  X(vmlsldavax_s16, "vmlsldavax.s16 r6, r7, q0, q5") \
  P(vmlsldavax_s16_p, "vpst\n\tvmlsldavaxt.s16 r6, r7, q0, q5") \
  X(vmlaldavx_s32, "vmlaldavx.s32 r4, r5, q5, q6") \
  P(vmlaldavx_s32_p, "vpst\n\tvmlaldavxt.s32 r4, r5, q5, q6") \
  X(vmlaldavax_s32, "vmlaldavax.s32 r6, r7, q7, q0") \
  P(vmlaldavax_s32_p, "vpst\n\tvmlaldavaxt.s32 r6, r7, q7, q0") \
  X(vmlsldav_s32, "vmlsldav.s32 r0, r1, q2, q4") \
  P(vmlsldav_s32_p, "vpst\n\tvmlsldavt.s32 r0, r1, q2, q4") \
  X(vmlsldava_s32, "vmlsldava.s32 r2, r3, q1, q1") \
  P(vmlsldava_s32_p, "vpst\n\tvmlsldavat.s32 r2, r3, q1, q1") \
  X(vmlsldavx_s32, "vmlsldavx.s32 r4, r5, q6, q3") \
  P(vmlsldavx_s32_p, "vpst\n\tvmlsldavxt.s32 r4, r5, q6, q3") \
  X(vmlsldavax_s32, "vmlsldavax.s32 r6, r7, q0, q5") \
  P(vmlsldavax_s32_p, "vpst\n\tvmlsldavaxt.s32 r6, r7, q0, q5") \
  X(vrmlaldavh_s32, "vrmlaldavh.s32 r0, r1, q1, q2") \
  P(vrmlaldavh_s32_p, "vpst\n\tvrmlaldavht.s32 r0, r1, q1, q2") \
  X(vrmlaldavha_s32, "vrmlaldavha.s32 r2, r3, q3, q4") \
  P(vrmlaldavha_s32_p, "vpst\n\tvrmlaldavhat.s32 r2, r3, q3, q4") \
  X(vrmlaldavh_u32, "vrmlaldavh.u32 r0, r1, q1, q2") \
  P(vrmlaldavh_u32_p, "vpst\n\tvrmlaldavht.u32 r0, r1, q1, q2") \
  X(vrmlaldavha_u32, "vrmlaldavha.u32 r2, r3, q3, q4") \
  P(vrmlaldavha_u32_p, "vpst\n\tvrmlaldavhat.u32 r2, r3, q3, q4") \
  X(vrmlaldavhx_s32, "vrmlaldavhx.s32 r4, r5, q5, q6") \
  P(vrmlaldavhx_s32_p, "vpst\n\tvrmlaldavhxt.s32 r4, r5, q5, q6") \
  X(vrmlaldavhax_s32, "vrmlaldavhax.s32 r6, r7, q7, q0") \
  P(vrmlaldavhax_s32_p, "vpst\n\tvrmlaldavhaxt.s32 r6, r7, q7, q0") \
  X(vrmlsldavh_s32, "vrmlsldavh.s32 r0, r1, q2, q3") \
  P(vrmlsldavh_s32_p, "vpst\n\tvrmlsldavht.s32 r0, r1, q2, q3") \
  X(vrmlsldavha_s32, "vrmlsldavha.s32 r2, r3, q4, q5") \
  P(vrmlsldavha_s32_p, "vpst\n\tvrmlsldavhat.s32 r2, r3, q4, q5") \
  X(vrmlsldavhx_s32, "vrmlsldavhx.s32 r4, r5, q6, q7") \
  P(vrmlsldavhx_s32_p, "vpst\n\tvrmlsldavhxt.s32 r4, r5, q6, q7") \
  X(vrmlsldavhax_s32, "vrmlsldavhax.s32 r6, r7, q1, q0") \
  P(vrmlsldavhax_s32_p, "vpst\n\tvrmlsldavhaxt.s32 r6, r7, q1, q0") \
  X(vmaxv_s8, "vmaxv.s8 r0, q1") \
  P(vmaxv_s8_p, "vpst\n\tvmaxvt.s8 r0, q1") \
  X(vminv_s8, "vminv.s8 r3, q6") \
  P(vminv_s8_p, "vpst\n\tvminvt.s8 r3, q6") \
  X(vabav_s8, "vabav.s8 r5, q2, q7") \
  P(vabav_s8_p, "vpst\n\tvabavt.s8 r5, q2, q7") \
  X(vmaxv_s16, "vmaxv.s16 r0, q1") \
  P(vmaxv_s16_p, "vpst\n\tvmaxvt.s16 r0, q1") \
  X(vminv_s16, "vminv.s16 r3, q6") \
  P(vminv_s16_p, "vpst\n\tvminvt.s16 r3, q6") \
  X(vabav_s16, "vabav.s16 r5, q2, q7") \
  P(vabav_s16_p, "vpst\n\tvabavt.s16 r5, q2, q7") \
  X(vmaxv_s32, "vmaxv.s32 r0, q1") \
  P(vmaxv_s32_p, "vpst\n\tvmaxvt.s32 r0, q1") \
  X(vminv_s32, "vminv.s32 r3, q6") \
  P(vminv_s32_p, "vpst\n\tvminvt.s32 r3, q6") \
  X(vabav_s32, "vabav.s32 r5, q2, q7") \
  P(vabav_s32_p, "vpst\n\tvabavt.s32 r5, q2, q7") \
  X(vmaxv_u8, "vmaxv.u8 r0, q1") \
  P(vmaxv_u8_p, "vpst\n\tvmaxvt.u8 r0, q1") \
  X(vminv_u8, "vminv.u8 r3, q6") \
  P(vminv_u8_p, "vpst\n\tvminvt.u8 r3, q6") \
  X(vabav_u8, "vabav.u8 r5, q2, q7") \
  P(vabav_u8_p, "vpst\n\tvabavt.u8 r5, q2, q7") \
  X(vmaxv_u16, "vmaxv.u16 r0, q1") \
  P(vmaxv_u16_p, "vpst\n\tvmaxvt.u16 r0, q1") \
  X(vminv_u16, "vminv.u16 r3, q6") \
  P(vminv_u16_p, "vpst\n\tvminvt.u16 r3, q6") \
  X(vabav_u16, "vabav.u16 r5, q2, q7") \
  P(vabav_u16_p, "vpst\n\tvabavt.u16 r5, q2, q7") \
  X(vmaxv_u32, "vmaxv.u32 r0, q1") \
  P(vmaxv_u32_p, "vpst\n\tvmaxvt.u32 r0, q1") \
  X(vminv_u32, "vminv.u32 r3, q6") \
  P(vminv_u32_p, "vpst\n\tvminvt.u32 r3, q6") \
  X(vabav_u32, "vabav.u32 r5, q2, q7") \
  P(vabav_u32_p, "vpst\n\tvabavt.u32 r5, q2, q7") \
  X(vmaxav_s8, "vmaxav.s8 r1, q4") \
  P(vmaxav_s8_p, "vpst\n\tvmaxavt.s8 r1, q4") \
  X(vminav_s8, "vminav.s8 r7, q0") \
  P(vminav_s8_p, "vpst\n\tvminavt.s8 r7, q0") \
  X(vmaxav_s16, "vmaxav.s16 r1, q4") \
  P(vmaxav_s16_p, "vpst\n\tvmaxavt.s16 r1, q4") \
  X(vminav_s16, "vminav.s16 r7, q0") \
  P(vminav_s16_p, "vpst\n\tvminavt.s16 r7, q0") \
  X(vmaxav_s32, "vmaxav.s32 r1, q4") \
  P(vmaxav_s32_p, "vpst\n\tvmaxavt.s32 r1, q4") \
  X(vminav_s32, "vminav.s32 r7, q0") \
  P(vminav_s32_p, "vpst\n\tvminavt.s32 r7, q0") \
  X(vcadd90_i8, "vcadd.i8 q0, q1, q2, #90") \
  P(vcadd90_i8_p, "vpst\n\tvcaddt.i8 q0, q1, q2, #90") \
  X(vcadd270_i8, "vcadd.i8 q3, q3, q4, #270") \
  P(vcadd270_i8_p, "vpst\n\tvcaddt.i8 q3, q3, q4, #270") \
  X(vhcadd90_s8, "vhcadd.s8 q5, q6, q7, #90") \
  P(vhcadd90_s8_p, "vpst\n\tvhcaddt.s8 q5, q6, q7, #90") \
  X(vhcadd270_s8, "vhcadd.s8 q1, q1, q0, #270") \
  P(vhcadd270_s8_p, "vpst\n\tvhcaddt.s8 q1, q1, q0, #270") \
  X(vcadd90_i16, "vcadd.i16 q0, q1, q2, #90") \
  P(vcadd90_i16_p, "vpst\n\tvcaddt.i16 q0, q1, q2, #90") \
  X(vcadd270_i16, "vcadd.i16 q3, q3, q4, #270") \
  P(vcadd270_i16_p, "vpst\n\tvcaddt.i16 q3, q3, q4, #270") \
  X(vhcadd90_s16, "vhcadd.s16 q5, q6, q7, #90") \
  P(vhcadd90_s16_p, "vpst\n\tvhcaddt.s16 q5, q6, q7, #90") \
  X(vhcadd270_s16, "vhcadd.s16 q1, q1, q0, #270") \
  P(vhcadd270_s16_p, "vpst\n\tvhcaddt.s16 q1, q1, q0, #270") \
  X(vcadd90_i32, "vcadd.i32 q0, q1, q2, #90") \
  P(vcadd90_i32_p, "vpst\n\tvcaddt.i32 q0, q1, q2, #90") \
  X(vcadd270_i32, "vcadd.i32 q3, q3, q4, #270") \
  P(vcadd270_i32_p, "vpst\n\tvcaddt.i32 q3, q3, q4, #270") \
  X(vhcadd90_s32, "vhcadd.s32 q5, q6, q7, #90") \
  P(vhcadd90_s32_p, "vpst\n\tvhcaddt.s32 q5, q6, q7, #90") \
  X(vhcadd270_s32, "vhcadd.s32 q1, q1, q0, #270") \
  P(vhcadd270_s32_p, "vpst\n\tvhcaddt.s32 q1, q1, q0, #270") \
  X(vcadd90_i8_qdqm, "vcadd.i8 q2, q1, q2, #90") \
  P(vcadd90_i8_qdqm_p, "vpst\n\tvcaddt.i8 q2, q1, q2, #90") \
  X(vhcadd270_s16_qdqm, "vhcadd.s16 q4, q4, q4, #270") \
  P(vhcadd270_s16_qdqm_p, "vpst\n\tvhcaddt.s16 q4, q4, q4, #270") \
  X(vcadd90_i32_qdqm, ".inst.w 0xfe224f04") \
  P(vcadd90_i32_qdqm_p, "vpst\n\t.inst.w 0xfe224f04") \
  X(vhcadd90_s32_qdqm, ".inst.w 0xee224f04") \
  P(vhcadd90_s32_qdqm_p, "vpst\n\t.inst.w 0xee224f04") \
  X(vadc, "vadc.i32 q0, q1, q2") \
  P(vadc_p, "vpst\n\tvadct.i32 q0, q1, q2") \
  X(vadc_same, "vadc.i32 q3, q3, q3") \
  P(vadc_same_p, "vpst\n\tvadct.i32 q3, q3, q3") \
  X(vadci, "vadci.i32 q0, q1, q2") \
  P(vadci_p, "vpst\n\tvadcit.i32 q0, q1, q2") \
  X(vadci_same, "vadci.i32 q3, q3, q3") \
  P(vadci_same_p, "vpst\n\tvadcit.i32 q3, q3, q3") \
  X(vsbc, "vsbc.i32 q0, q1, q2") \
  P(vsbc_p, "vpst\n\tvsbct.i32 q0, q1, q2") \
  X(vsbc_same, "vsbc.i32 q3, q3, q3") \
  P(vsbc_same_p, "vpst\n\tvsbct.i32 q3, q3, q3") \
  X(vsbci, "vsbci.i32 q0, q1, q2") \
  P(vsbci_p, "vpst\n\tvsbcit.i32 q0, q1, q2") \
  X(vsbci_same, "vsbci.i32 q3, q3, q3") \
  P(vsbci_same_p, "vpst\n\tvsbcit.i32 q3, q3, q3") \
  X(vbrsr_8, "vbrsr.8 q0, q1, r2") \
  P(vbrsr_8_p, "vpst\n\tvbrsrt.8 q0, q1, r2") \
  X(vbrsr_8_same, "vbrsr.8 q5, q5, r7") \
  P(vbrsr_8_same_p, "vpst\n\tvbrsrt.8 q5, q5, r7") \
  X(vbrsr_16, "vbrsr.16 q0, q1, r2") \
  P(vbrsr_16_p, "vpst\n\tvbrsrt.16 q0, q1, r2") \
  X(vbrsr_16_same, "vbrsr.16 q5, q5, r7") \
  P(vbrsr_16_same_p, "vpst\n\tvbrsrt.16 q5, q5, r7") \
  X(vbrsr_32, "vbrsr.32 q0, q1, r2") \
  P(vbrsr_32_p, "vpst\n\tvbrsrt.32 q0, q1, r2") \
  X(vbrsr_32_same, "vbrsr.32 q5, q5, r7") \
  P(vbrsr_32_same_p, "vpst\n\tvbrsrt.32 q5, q5, r7") \
  X(vidup_u8, "vidup.u8 q0, r2, #1") \
  P(vidup_u8_p, "vpst\n\tvidupt.u8 q0, r2, #1") \
  X(vidup_u8_4, "vidup.u8 q7, r4, #4") \
  P(vidup_u8_4_p, "vpst\n\tvidupt.u8 q7, r4, #4") \
  X(vidup_u16, "vidup.u16 q0, r2, #2") \
  P(vidup_u16_p, "vpst\n\tvidupt.u16 q0, r2, #2") \
  X(vidup_u16_4, "vidup.u16 q7, r4, #4") \
  P(vidup_u16_4_p, "vpst\n\tvidupt.u16 q7, r4, #4") \
  X(vidup_u32, "vidup.u32 q0, r2, #8") \
  P(vidup_u32_p, "vpst\n\tvidupt.u32 q0, r2, #8") \
  X(vidup_u32_4, "vidup.u32 q7, r4, #4") \
  P(vidup_u32_4_p, "vpst\n\tvidupt.u32 q7, r4, #4") \
  X(vddup_u8, "vddup.u8 q0, r2, #1") \
  P(vddup_u8_p, "vpst\n\tvddupt.u8 q0, r2, #1") \
  X(vddup_u8_4, "vddup.u8 q7, r4, #4") \
  P(vddup_u8_4_p, "vpst\n\tvddupt.u8 q7, r4, #4") \
  X(vddup_u16, "vddup.u16 q0, r2, #2") \
  P(vddup_u16_p, "vpst\n\tvddupt.u16 q0, r2, #2") \
  X(vddup_u16_4, "vddup.u16 q7, r4, #4") \
  P(vddup_u16_4_p, "vpst\n\tvddupt.u16 q7, r4, #4") \
  X(vddup_u32, "vddup.u32 q0, r2, #8") \
  P(vddup_u32_p, "vpst\n\tvddupt.u32 q0, r2, #8") \
  X(vddup_u32_4, "vddup.u32 q7, r4, #4") \
  P(vddup_u32_4_p, "vpst\n\tvddupt.u32 q7, r4, #4") \
  X(viwdup_u8, "viwdup.u8 q0, r2, r3, #1") \
  P(viwdup_u8_p, "vpst\n\tviwdupt.u8 q0, r2, r3, #1") \
  X(viwdup_u8_8, "viwdup.u8 q6, r6, r1, #8") \
  P(viwdup_u8_8_p, "vpst\n\tviwdupt.u8 q6, r6, r1, #8") \
  X(viwdup_u16, "viwdup.u16 q0, r2, r3, #4") \
  P(viwdup_u16_p, "vpst\n\tviwdupt.u16 q0, r2, r3, #4") \
  X(viwdup_u16_8, "viwdup.u16 q6, r6, r1, #8") \
  P(viwdup_u16_8_p, "vpst\n\tviwdupt.u16 q6, r6, r1, #8") \
  X(viwdup_u32, "viwdup.u32 q0, r2, r3, #2") \
  P(viwdup_u32_p, "vpst\n\tviwdupt.u32 q0, r2, r3, #2") \
  X(viwdup_u32_8, "viwdup.u32 q6, r6, r1, #8") \
  P(viwdup_u32_8_p, "vpst\n\tviwdupt.u32 q6, r6, r1, #8") \
  X(vdwdup_u8, "vdwdup.u8 q0, r2, r3, #1") \
  P(vdwdup_u8_p, "vpst\n\tvdwdupt.u8 q0, r2, r3, #1") \
  X(vdwdup_u8_8, "vdwdup.u8 q6, r6, r1, #8") \
  P(vdwdup_u8_8_p, "vpst\n\tvdwdupt.u8 q6, r6, r1, #8") \
  X(vdwdup_u16, "vdwdup.u16 q0, r2, r3, #4") \
  P(vdwdup_u16_p, "vpst\n\tvdwdupt.u16 q0, r2, r3, #4") \
  X(vdwdup_u16_8, "vdwdup.u16 q6, r6, r1, #8") \
  P(vdwdup_u16_8_p, "vpst\n\tvdwdupt.u16 q6, r6, r1, #8") \
  X(vdwdup_u32, "vdwdup.u32 q0, r2, r3, #2") \
  P(vdwdup_u32_p, "vpst\n\tvdwdupt.u32 q0, r2, r3, #2") \
  X(vdwdup_u32_8, "vdwdup.u32 q6, r6, r1, #8") \
  P(vdwdup_u32_8_p, "vpst\n\tvdwdupt.u32 q6, r6, r1, #8") \

#endif
