// Decoder-level checks of the MVE floating-point rows (cpu/decoder/mve_fp.inc): instructions
// assembled by arm-none-eabi-as (an independent encoder) must decode to the expected row and
// disassemble exactly as arm-none-eabi-objdump prints them; encodings of the space that are
// UNDEFINED must not decode.
#include "tests/cpu/objdump_decode_check.h"
#include <gtest/gtest.h>

#include <string>

#include "cpu/decoder/decoder.h"
#include "cpu/decoder/encoding.h"

namespace corsim::cpu::test {
namespace {

struct Case {
  const char* source;
  const char* row;  // expected decoder row name
};

// Every row family in both precisions, registers spread over q0-q7. GNU as 2.40 encodes the Q
// registers of VCVTB/VCVTT as D numbers, so those are written as words (fields checked by hand:
// 111o 1110 0D11 1111 | ddd T 1110 00M0 mmm1).
const Case kCases[] = {
    {"vadd.f16 q7, q6, q5", "VADD (floating-point) T1 F16"}, {"vadd.f32 q0, q1, q2", "VADD (floating-point) T1 F32"},
    {"vsub.f16 q1, q2, q3", "VSUB (floating-point) T1 F16"}, {"vsub.f32 q4, q5, q6", "VSUB (floating-point) T1 F32"},
    {"vmul.f16 q0, q7, q2", "VMUL (floating-point) T1 F16"}, {"vmul.f32 q3, q3, q3", "VMUL (floating-point) T1 F32"},
    {"vabd.f16 q2, q1, q0", "VABD (floating-point) T1 F16"}, {"vabd.f32 q6, q1, q7", "VABD (floating-point) T1 F32"},
    {"vmaxnm.f16 q0, q1, q2", "VMAXNM T1 F16"}, {"vmaxnm.f32 q5, q1, q2", "VMAXNM T1 F32"},
    {"vminnm.f16 q0, q1, q2", "VMINNM T1 F16"}, {"vminnm.f32 q0, q6, q2", "VMINNM T1 F32"},
    {"vfma.f16 q0, q1, q2", "VFMA T1 F16"}, {"vfma.f32 q7, q1, q2", "VFMA T1 F32"},
    {"vfms.f16 q0, q1, q4", "VFMS T1 F16"}, {"vfms.f32 q0, q1, q2", "VFMS T1 F32"},
    {"vmaxnma.f16 q3, q1", "VMAXNMA T1 F16"}, {"vmaxnma.f32 q0, q7", "VMAXNMA T1 F32"},
    {"vminnma.f16 q0, q1", "VMINNMA T1 F16"}, {"vminnma.f32 q6, q2", "VMINNMA T1 F32"},
    {"vabs.f16 q0, q1", "VABS (floating-point) T1 F16"}, {"vabs.f32 q7, q5", "VABS (floating-point) T1 F32"},
    {"vneg.f16 q4, q1", "VNEG (floating-point) T1 F16"}, {"vneg.f32 q0, q1", "VNEG (floating-point) T1 F32"},
    {"vadd.f16 q0, q1, r2", "VADD (floating-point) T2 F16"}, {"vadd.f32 q6, q7, lr", "VADD (floating-point) T2 F32"},
    {"vsub.f16 q0, q1, r12", "VSUB (floating-point) T2 F16"}, {"vsub.f32 q0, q1, r0", "VSUB (floating-point) T2 F32"},
    {"vmul.f16 q2, q1, r5", "VMUL (floating-point) T2 F16"}, {"vmul.f32 q0, q1, r2", "VMUL (floating-point) T2 F32"},
    {"vfma.f16 q0, q1, r2", "VFMA T2 F16"}, {"vfma.f32 q5, q3, r9", "VFMA T2 F32"},
    {"vfmas.f16 q0, q1, r2", "VFMAS T1 F16"}, {"vfmas.f32 q0, q1, r11", "VFMAS T1 F32"},
    {"vmaxnmv.f16 r0, q1", "VMAXNMV T1 F16"}, {"vmaxnmv.f32 lr, q7", "VMAXNMV T1 F32"},
    {"vminnmv.f16 r0, q1", "VMINNMV T1 F16"}, {"vminnmv.f32 r12, q1", "VMINNMV T1 F32"},
    {"vmaxnmav.f16 r0, q1", "VMAXNMAV T1 F16"}, {"vmaxnmav.f32 r3, q4", "VMAXNMAV T1 F32"},
    {"vminnmav.f16 lr, q1", "VMINNMAV T1 F16"}, {"vminnmav.f32 r0, q1", "VMINNMAV T1 F32"},
    {"vcadd.f16 q0, q1, q2, #90", "VCADD (floating-point) T1 #90 F16"},
    {"vcadd.f32 q7, q1, q2, #90", "VCADD (floating-point) T1 #90 F32"},
    {"vcadd.f16 q0, q1, q2, #270", "VCADD (floating-point) T1 #270 F16"},
    {"vcadd.f32 q0, q6, q5, #270", "VCADD (floating-point) T1 #270 F32"},
    {"vcmul.f16 q0, q1, q2, #0", "VCMUL (floating-point) T1 #0 F16"},
    {"vcmul.f32 q0, q1, q2, #90", "VCMUL (floating-point) T1 #90 F32"},
    {"vcmul.f16 q3, q1, q2, #180", "VCMUL (floating-point) T1 #180 F16"},
    {"vcmul.f32 q0, q1, q7, #270", "VCMUL (floating-point) T1 #270 F32"},
    {"vcmla.f16 q0, q1, q2, #0", "VCMLA (floating-point) T1 #0 F16"},
    {"vcmla.f32 q4, q1, q2, #90", "VCMLA (floating-point) T1 #90 F32"},
    {"vcmla.f16 q0, q5, q2, #180", "VCMLA (floating-point) T1 #180 F16"},
    {"vcmla.f32 q0, q1, q6, #270", "VCMLA (floating-point) T1 #270 F32"},
    // The other precision of each rotation (every row of mve_fp.inc has a case: EveryRowHasACase).
    {"vcmla.f32 q1, q2, q3, #0", "VCMLA (floating-point) T1 #0 F32"},
    {"vcmla.f16 q7, q0, q4, #90", "VCMLA (floating-point) T1 #90 F16"},
    {"vcmla.f32 q3, q6, q7, #180", "VCMLA (floating-point) T1 #180 F32"},
    {"vcmla.f16 q5, q5, q5, #270", "VCMLA (floating-point) T1 #270 F16"},
    {"vcmul.f32 q4, q5, q6, #0", "VCMUL (floating-point) T1 #0 F32"},
    {"vcmul.f16 q1, q7, q0, #90", "VCMUL (floating-point) T1 #90 F16"},
    {"vcmul.f32 q6, q2, q3, #180", "VCMUL (floating-point) T1 #180 F32"},
    {"vcmul.f16 q2, q2, q2, #270", "VCMUL (floating-point) T1 #270 F16"},
    {"vcmp.f16 eq, q0, q1", "VCMP (floating-point) T1 F16"}, {"vcmp.f32 ne, q7, q1", "VCMP (floating-point) T1 F32"},
    {"vcmp.f16 ge, q0, q6", "VCMP (floating-point) T1 F16"}, {"vcmp.f32 lt, q2, q1", "VCMP (floating-point) T1 F32"},
    {"vcmp.f16 gt, q0, q1", "VCMP (floating-point) T1 F16"}, {"vcmp.f32 le, q0, q3", "VCMP (floating-point) T1 F32"},
    {"vcmp.f16 eq, q0, r1", "VCMP (floating-point) T2 F16"}, {"vcmp.f32 ne, q7, lr", "VCMP (floating-point) T2 F32"},
    {"vcmp.f16 ge, q0, r1", "VCMP (floating-point) T2 F16"}, {"vcmp.f32 lt, q1, r1", "VCMP (floating-point) T2 F32"},
    {"vcmp.f16 gt, q0, r8", "VCMP (floating-point) T2 F16"}, {"vcmp.f32 le, q0, zr", "VCMP (floating-point) T2 F32"},
    {"vrintn.f16 q0, q1", "VRINTN T1 F16"}, {"vrintn.f32 q0, q1", "VRINTN T1 F32"},
    {"vrintx.f16 q0, q1", "VRINTX T1 F16"}, {"vrintx.f32 q6, q1", "VRINTX T1 F32"},
    {"vrinta.f16 q0, q1", "VRINTA T1 F16"}, {"vrinta.f32 q0, q7", "VRINTA T1 F32"},
    {"vrintz.f16 q0, q1", "VRINTZ T1 F16"}, {"vrintz.f32 q0, q1", "VRINTZ T1 F32"},
    {"vrintm.f16 q2, q1", "VRINTM T1 F16"}, {"vrintm.f32 q0, q1", "VRINTM T1 F32"},
    {"vrintp.f16 q0, q3", "VRINTP T1 F16"}, {"vrintp.f32 q0, q1", "VRINTP T1 F32"},
    {"vcvt.f16.s16 q0, q1", "VCVT (between floating-point and integer) T1 F16.S16"},
    {"vcvt.f32.s32 q0, q1", "VCVT (between floating-point and integer) T1 F32.S32"},
    {"vcvt.f16.u16 q0, q1", "VCVT (between floating-point and integer) T1 F16.U16"},
    {"vcvt.f32.u32 q5, q1", "VCVT (between floating-point and integer) T1 F32.U32"},
    {"vcvt.s16.f16 q0, q1", "VCVT (between floating-point and integer) T1 S16.F16"},
    {"vcvt.s32.f32 q0, q7", "VCVT (between floating-point and integer) T1 S32.F32"},
    {"vcvt.u16.f16 q0, q1", "VCVT (between floating-point and integer) T1 U16.F16"},
    {"vcvt.u32.f32 q0, q1", "VCVT (between floating-point and integer) T1 U32.F32"},
    {"vcvta.s16.f16 q0, q1", "VCVTA T1 S16.F16"}, {"vcvta.u32.f32 q0, q1", "VCVTA T1 U32.F32"},
    {"vcvtn.u16.f16 q0, q1", "VCVTN T1 U16.F16"}, {"vcvtn.s32.f32 q3, q1", "VCVTN T1 S32.F32"},
    {"vcvtp.s16.f16 q0, q1", "VCVTP T1 S16.F16"}, {"vcvtp.u32.f32 q0, q1", "VCVTP T1 U32.F32"},
    {"vcvtm.u16.f16 q0, q1", "VCVTM T1 U16.F16"}, {"vcvtm.s32.f32 q0, q6", "VCVTM T1 S32.F32"},
    {"vcvta.s32.f32 q4, q2", "VCVTA T1 S32.F32"}, {"vcvta.u16.f16 q7, q3", "VCVTA T1 U16.F16"},
    {"vcvtn.s16.f16 q1, q5", "VCVTN T1 S16.F16"}, {"vcvtn.u32.f32 q6, q0", "VCVTN T1 U32.F32"},
    {"vcvtp.s32.f32 q2, q4", "VCVTP T1 S32.F32"}, {"vcvtp.u16.f16 q5, q7", "VCVTP T1 U16.F16"},
    {"vcvtm.s16.f16 q3, q2", "VCVTM T1 S16.F16"}, {"vcvtm.u32.f32 q1, q1", "VCVTM T1 U32.F32"},
    {"vcvt.f16.s16 q0, q1, #1", "VCVT (between floating-point and fixed-point) T1 F16.S16"},
    {"vcvt.f16.u16 q0, q1, #16", "VCVT (between floating-point and fixed-point) T1 F16.U16"},
    {"vcvt.f32.s32 q0, q1, #32", "VCVT (between floating-point and fixed-point) T1 F32.S32"},
    {"vcvt.f32.u32 q7, q1, #1", "VCVT (between floating-point and fixed-point) T1 F32.U32"},
    {"vcvt.s16.f16 q0, q1, #8", "VCVT (between floating-point and fixed-point) T1 S16.F16"},
    {"vcvt.u16.f16 q0, q2, #15", "VCVT (between floating-point and fixed-point) T1 U16.F16"},
    {"vcvt.s32.f32 q0, q1, #17", "VCVT (between floating-point and fixed-point) T1 S32.F32"},
    {"vcvt.u32.f32 q0, q1, #16", "VCVT (between floating-point and fixed-point) T1 U32.F32"},
    {".inst.w 0xee3f0e03", "VCVTB (between half and single) T1 F16.F32"},   // vcvtb.f16.f32 q0, q1
    {".inst.w 0xee3f3e0f", "VCVTT (between half and single) T1 F16.F32"},   // vcvtt.f16.f32 q1, q7
    {".inst.w 0xfe3fae05", "VCVTB (between half and single) T1 F32.F16"},   // vcvtb.f32.f16 q5, q2
    {".inst.w 0xfe3f1e03", "VCVTT (between half and single) T1 F32.F16"},   // vcvtt.f32.f16 q0, q1
    // VPT last: objdump then prints the following MVE instructions with a t/e suffix, which the
    // test removes (our formatter sees one instruction at a time).
    {"vpt.f16 eq, q0, q1\nvaddt.f32 q0, q0, q0", "VPT (floating-point) T1 F16"},
    {"vpte.f32 ge, q7, q2\nvaddt.f32 q0, q0, q0\nvadde.f32 q0, q0, q0", "VPT (floating-point) T1 F32"},
    {"vptet.f16 lt, q0, r3\nvaddt.f32 q0, q0, q0\nvadde.f32 q0, q0, q0\nvaddt.f32 q0, q0, q0",
     "VPT (floating-point) T2 F16"},
    {"vpteee.f32 le, q1, zr\nvaddt.f32 q0, q0, q0\nvadde.f32 q0, q0, q0\nvadde.f32 q0, q0, q0\nvadde.f32 q0, q0, q0",
     "VPT (floating-point) T2 F32"},
};

TEST(MveFpDecode, AssembledInstructionsDecodeToTheirRowAndDisassembleLikeObjdump) {
  expect_cases_decode_like_objdump(kCases);
}

// The rows of cpu/decoder/mve_fp.inc (its op classes, and the floating-point compares): each has
// at least one case above, so every row's template is compared with objdump.
TEST(MveFpDecode, EveryRowHasACase) {
  unsigned rows = 0;
  for (const auto& e : decoder::t32_table()) {
    const bool fp = e.op == OpClass::MveFpAdd || e.op == OpClass::MveFpMul || e.op == OpClass::MveFpFma ||
                    e.op == OpClass::MveCvt ||
                    (e.op == OpClass::MveCompare && e.name.find("(floating-point)") != std::string_view::npos);
    if (!fp) continue;
    ++rows;
    bool found = false;
    for (const Case& c : kCases) found = found || e.name == c.row;
    EXPECT_TRUE(found) << "no objdump case for " << e.name;
  }
  EXPECT_EQ(rows, 118u);  // the rows of mve_fp.inc
}

// Encodings of the MVE floating-point space that are UNDEFINED (or CONSTRAINED UNPREDICTABLE,
// chosen UNDEFINED as QEMU does): no row may accept them.
TEST(MveFpDecode, UndefinedEncodingsInTheMveFpSpace) {
  const uint32_t kUndefined[] = {
      0xEF420D44u,  // vadd.f32 with D = 1 (Q8)
      0xEF020DC4u,  // vadd.f32 with N = 1 (Q9)
      0xEF020D64u,  // vadd.f32 with M = 1
      0xEE320F4Du,  // vadd.f32 q0, q1, sp
      0xEE320F4Fu,  // vadd.f32 q0, q1, pc
      0xEE330E4Du,  // vfma.f32 q0, q1, sp
      0xEEEEDF02u,  // vmaxnmv.f32 sp, q1
      0xEEEEFF02u,  // vmaxnmv.f32 pc, q1
      0xFFBA0642u,  // vrint.f32 with op = 100
      0xFFBA0742u,  // vrint.f32 with op = 110
      0xEE310F03u,  // vcmp.f32 with fc = cs (bit 12 = 0, bit 0 = 1)
      0xEE310F4Du,  // vcmp.f32 eq, q0, sp
      0xEE310F22u,  // vcmp.f32 eq, q0, q9 (M = 1)
      0xEF9F0E52u,  // vcvt.f32.s32 #fbits with imm6 = 011111 (bit 21 = 0): not VCVT
      0xEFAF0C52u,  // vcvt.f16.s16 #fbits with imm6 = 101111 (fbits 17 > 16)
  };
  for (uint32_t insn : kUndefined) {
    const auto r = decoder::decode(insn, true);
    EXPECT_TRUE(r.encoding == nullptr) << std::hex << insn << " decoded as " << r.encoding->name;
  }
}

}  // namespace
}  // namespace corsim::cpu::test
