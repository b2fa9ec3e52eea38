// Decoder-level checks of the MVE foundation rows (cpu/decoder/mve_ldst.inc, the tail-predicated
// loop rows): instructions assembled by arm-none-eabi-as (an independent encoder) must decode to
// the expected row and disassemble as arm-none-eabi-objdump prints them; encodings of the MVE space
// that are UNDEFINED (QEMU's choices for the UNPREDICTABLE ones) must not decode.
#include "tests/cpu/objdump_decode_check.h"
#include <gtest/gtest.h>

#include <string>

#include "cpu/decoder/decoder.h"

namespace corsim::cpu::test {
namespace {

struct Case {
  const char* source;
  const char* row;  // expected row of the first instruction
  int extra = 0;    // instructions after the first: the body of a VPT block, printed without the
                    // slot letter (objdump_decode_check.h)
};

const Case kCases[] = {
    {"vpst\nvldrwt.u32 q0, [r0]", "VPST T1", 1}, {"vpstete\nvpnott\nvpnote\nvpnott\nvpnote", "VPST T1", 4},
    {"vpnot", "VPNOT T1"}, {"vpsel q1, q2, q7", "VPSEL T1"},
    {"vpt.i8 eq, q0, q1\nvpnott", "VPT (vector) T1-T3", 1}, {"vptt.u16 cs, q2, q3\nvpnott\nvpnott", "VPT (vector) T1-T3", 2},
    {"vpte.s32 le, q4, q7\nvpnott\nvpnote", "VPT (vector) T1-T3", 2},
    {"vpt.u32 hi, q0, r5\nvpnott", "VPT (scalar) T4-T6", 1}, {"vptee.s8 lt, q6, lr\nvpnott\nvpnote\nvpnote", "VPT (scalar) T4-T6", 3},
    {".inst.w 0xfe250fcf", "VCMP (scalar) T4-T6"},  // vcmp.i32 ne, q2, zr
    {"vctp.8 r1", "VCTP T1"}, {"vctp.16 r3", "VCTP T1"}, {"vctp.32 lr", "VCTP T1"}, {"vctp.64 r12", "VCTP T1"},
    {"vldrb.u8 q0, [r0, #-17]", "VLDRB T5"}, {"vldrh.u16 q7, [sp, #254]", "VLDRH T6"}, {"vldrw.u32 q2, [r6], #-64", "VLDRW T7"},
    {"vldrw.u32 q2, [r12, #508]!", "VLDRW T7"}, {"vstrb.8 q1, [r1, #127]!", "VSTRB T5"}, {"vstrh.16 q1, [r9], #2", "VSTRH T6"},
    {"vstrw.32 q1, [sp]", "VSTRW T7"}, {"vldrb.s16 q3, [r7, #5]", "VLDRB S16 T1"}, {"vldrb.u16 q3, [r0], #-7", "VLDRB U16 T1"},
    {"vldrb.s32 q4, [r6, #-1]!", "VLDRB S32 T1"}, {"vldrb.u32 q4, [r2]", "VLDRB U32 T1"},
    {"vldrh.s32 q5, [r3, #-6]!", "VLDRH S32 T2"}, {"vldrh.u32 q5, [r4], #10", "VLDRH U32 T2"},
    {"vstrb.16 q3, [r6, #1]", "VSTRB 16 T1"}, {"vstrb.32 q4, [r6, #-9]!", "VSTRB 32 T1"}, {"vstrh.32 q5, [r6], #-14", "VSTRH 32 T2"},
    {"vldrb.u8 q0, [r6, q1]", "VLDRB (vector offset) U T1"}, {"vldrb.s16 q0, [r6, q1]", "VLDRB (vector offset) S T1"},
    {"vldrb.s32 q2, [r6, q1]", "VLDRB (vector offset) S T1"}, {"vldrh.u16 q0, [r6, q1, uxtw #1]", "VLDRH (vector offset) U T2"},
    {"vldrh.s32 q0, [lr, q1]", "VLDRH (vector offset) S T2"}, {"vldrw.u32 q3, [r6, q1, uxtw #2]", "VLDRW (vector offset) U T3"},
    {"vldrd.u64 q3, [r6, q1]", "VLDRD (vector offset) U T4"}, {"vldrd.u64 q3, [r6, q5, uxtw #3]", "VLDRD (vector offset) U T4"},
    {"vstrb.8 q0, [r6, q1]", "VSTRB (vector offset) T1"}, {"vstrb.32 q0, [r6, q0]", "VSTRB (vector offset) T1"},
    {"vstrh.32 q0, [r6, q1, uxtw #1]", "VSTRH (vector offset) T2"}, {"vstrw.32 q2, [r6, q1]", "VSTRW (vector offset) T3"},
    {"vstrd.64 q2, [r6, q1, uxtw #3]", "VSTRD (vector offset) T4"},
    {"vldrw.u32 q0, [q1, #8]", "VLDRW (vector base) T5"}, {"vldrw.u32 q0, [q7, #-508]!", "VLDRW (vector base) T5"},
    {"vldrd.u64 q0, [q1, #16]!", "VLDRD (vector base) T6"}, {"vstrw.32 q1, [q1, #-4]!", "VSTRW (vector base) T5"},
    {"vstrd.64 q2, [q1, #-1016]", "VSTRD (vector base) T6"},
    {"vld20.8 {q0, q1}, [r6]", "VLD2 T1"}, {"vld21.32 {q6, q7}, [r0]!", "VLD2 T1"},
    {"vld40.16 {q4, q5, q6, q7}, [r2]", "VLD4 T1"}, {"vld43.8 {q0, q1, q2, q3}, [r6]!", "VLD4 T1"},
    {"vst20.16 {q2, q3}, [r6]!", "VST2 T1"}, {"vst42.32 {q1, q2, q3, q4}, [lr]", "VST4 T1"},
    {"lsll r0, r1, #7", "LSLL (immediate) T1"}, {"lsll r0, r1, #32", "LSLL (immediate) T1"},
    {"lsrl r2, r3, #1", "LSRL (immediate) T1"}, {"asrl r12, r11, #31", "ASRL (immediate) T1"},
    {"lsll r0, r1, r2", "LSLL (register) T1"}, {"asrl r4, r5, r12", "ASRL (register) T1"},
    {"uqshll r14, r1, #5", "UQSHLL T1"}, {"sqshll r0, r1, #17", "SQSHLL T1"}, {"urshrl r0, r1, #9", "URSHRL T1"},
    {"srshrl r0, r1, #32", "SRSHRL T1"}, {"uqshl r0, #3", "UQSHL T1"}, {"sqshl r12, #30", "SQSHL T1"},
    {"urshr r0, #32", "URSHR T1"}, {"srshr r1, #7", "SRSHR T1"}, {"uqrshl r0, r2", "UQRSHL T1"},
    {"sqrshr r1, r2", "SQRSHR T1"}, {"uqrshll r0, r1, #64, r2", "UQRSHLL #64 T1"},
    {"uqrshll r0, r1, #48, r2", "UQRSHLL #48 T1"}, {"sqrshrl r0, r1, #64, r2", "SQRSHRL #64 T1"},
    {"sqrshrl r4, r5, #48, r2", "SQRSHRL #48 T1"}, {"it eq\nlslleq r0, r1, #3", "LSLL (immediate) T1"},
    {"vmov.8 q3[13], r0", "VMOV (core to lane) 8"}, {"vmov.16 q4[5], r1", "VMOV (core to lane) 16"},
    {"vmov.u8 r0, q1[11]", "VMOV (lane to core) U8"}, {"vmov.s8 r1, q1[2]", "VMOV (lane to core) S8"},
    {"vmov.u16 r0, q5[6]", "VMOV (lane to core) U16"}, {"vmov.s16 r1, q5[1]", "VMOV (lane to core) S16"},
    {"vmov r0, r1, q2[3], q2[1]", "VMOV (two lanes to two core) T1"},
    {"vmov q3[2], q3[0], r0, r1", "VMOV (two core to two lanes) T1"},
    {"vdup.8 q0, r0", "VDUP T1"}, {"vdup.16 q7, r1", "VDUP T1"}, {"vdup.32 q4, lr", "VDUP T1"},
    {".inst.w 0xedd08f81", "VLDR (System Register) T1"},  // vldr VPR, [r0, #4]
    {".inst.w 0xedc08f81", "VSTR (System Register) T1"},  // vstr VPR, [r0, #4]
    {".inst.w 0xecf0af82", "VLDR (System Register) T1"},  // vldr P0, [r0], #8
    {".inst.w 0xedb04f81", "VLDR (System Register) T1"},  // vldr FPSCR_nzcvqc, [r0, #4]!
    {".inst.w 0xed50ef81", "VLDR (System Register) T1"},  // vldr FPCXTS, [r0, #-4]
    {"dlstp.8 lr, r3", "DLSTP T1"}, {"dlstp.64 lr, r0", "DLSTP T1"}, {"lctp", "LCTP T1"},
};

TEST(MveCoreDecode, AssembledInstructionsDecodeToTheirRowAndDisassembleLikeObjdump) {
  expect_cases_decode_like_objdump(kCases);
}

TEST(MveCoreDecode, UndefinedEncodingsOfTheSpace) {
  const uint32_t kUndefined[] = {
      0xFC962E93u,  // vldrh.u16 q1, [r6, q1, uxtw #1]: gather with Qd = Qm
      0xFDB21E02u | (1u << 13),  // vldrw.u32 q1, [q1, #8]!: vector-base load with Qd = Qm
      0xEC801E00u,  // non-widening VSTRB space with P = 0, W = 0
      0xFE210F02u | (1u << 5),   // vcmp.i32 eq, q0, q1 with M = 1 (Q8+)
      0xFE2D0F4Du,  // vcmp.i32 eq, q6, sp: Rm = SP
      0xF01DE801u,  // vctp.16 sp
      0xEEE60B30u,  // VDUP with B:E = 11
      0xEA5C0DCFu,  // lsll r12, sp, #3: RdaHi = SP
      0xEA52D30Du,  // lsll r2, r3, sp: Rm = SP
      0xFCB01F80u,  // vld20 with size = 11
      0xFC90DF61u,  // vld43.32 {q6, q7, q8, q9}: Qd > 4
  };
  for (uint32_t insn : kUndefined) {
    const auto r = decoder::decode(insn, true);
    EXPECT_TRUE(r.encoding == nullptr || r.encoding->name.find("UNDEF") != std::string_view::npos)
        << std::hex << insn << " decoded as " << r.encoding->name;
  }
}

}  // namespace
}  // namespace corsim::cpu::test
