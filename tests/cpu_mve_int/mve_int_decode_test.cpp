// Decoder-level checks of the MVE integer element-wise rows: instructions assembled by
// arm-none-eabi-as (an independent encoder) must decode to the expected row and disassemble as
// arm-none-eabi-objdump prints them; encodings the architecture (or QEMU, our reference, for
// CONSTRAINED UNPREDICTABLE cases) leaves UNDEFINED must not decode to a row of ours.
#include "tests/cpu/objdump_decode_check.h"
#include <gtest/gtest.h>

#include <string>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::test {
namespace {

struct Case {
  const char* source;
  const char* row;  // expected decoder row name
};

// One entry per row family (sizes and signedness spread over the families). The saturating
// narrowing shifts are .inst words: GNU as 2.40 assembles VQSHRN* as VQRSHRN*.
const Case kCases[] = {
    {"vadd.i8 q0, q1, q2", "VADD (vector) 8"}, {"vsub.i16 q1, q2, q3", "VSUB (vector) 16"},
    {"vmul.i32 q0, q1, q2", "VMUL (vector) 32"}, {"vmulh.s8 q0, q1, q2", "VMULH S 8"},
    {"vmulh.u32 q7, q1, q2", "VMULH U 32"}, {"vmulh.s16 q0, q1, q2", "VMULH S 16"}, {"vrmulh.u16 q0, q1, q2", "VRMULH U 16"},
    {"vrmulh.s32 q0, q1, q2", "VRMULH S 32"}, {"vmax.s16 q0, q1, q2", "VMAX S 16"},
    {"vmax.u8 q0, q1, q2", "VMAX U 8"}, {"vmin.u32 q0, q1, q2", "VMIN U 32"}, {"vmin.s8 q4, q5, q6", "VMIN S 8"},
    {"vabd.s8 q0, q1, q2", "VABD S 8"}, {"vabd.u32 q0, q1, q2", "VABD U 32"},
    {"vhadd.s32 q0, q1, q2", "VHADD S 32"}, {"vhadd.u8 q0, q1, q2", "VHADD U 8"},
    {"vhsub.u16 q0, q1, q2", "VHSUB U 16"}, {"vrhadd.u8 q0, q1, q2", "VRHADD U 8"},
    {"vrhadd.s16 q0, q1, q2", "VRHADD S 16"}, {"vqadd.s8 q0, q1, q2", "VQADD S 8"},
    {"vqadd.u32 q0, q1, q2", "VQADD U 32"}, {"vqsub.s16 q0, q1, q2", "VQSUB S 16"},
    {"vqsub.u8 q3, q1, q2", "VQSUB U 8"}, {"vqdmulh.s16 q0, q1, q2", "VQDMULH (vector) 16"},
    {"vqrdmulh.s32 q0, q1, q2", "VQRDMULH (vector) 32"},
    {"vshl.s8 q0, q1, q2", "VSHL (vector) S 8"}, {"vshl.u32 q0, q6, q2", "VSHL (vector) U 32"},
    {"vrshl.s32 q0, q1, q2", "VRSHL (vector) S 32"}, {"vrshl.u8 q0, q1, q2", "VRSHL (vector) U 8"},
    {"vqshl.s16 q0, q1, q7", "VQSHL (vector) S 16"}, {"vqshl.u16 q0, q1, q2", "VQSHL (vector) U 16"},
    {"vqrshl.s8 q0, q1, q2", "VQRSHL (vector) S 8"}, {"vqrshl.u32 q0, q1, q2", "VQRSHL (vector) U 32"},
    {"vand q0, q1, q2", "VAND"}, {"vbic q0, q1, q2", "VBIC (register)"}, {"vorr q0, q1, q2", "VORR (register)"},
    {"vmov q0, q1", "VORR (register)"}, {"vorn q0, q1, q2", "VORN (register)"}, {"veor q0, q1, q2", "VEOR"},
    {"vadd.i32 q7, q6, r3", "VADD (scalar) 32"}, {"vsub.i8 q0, q3, r3", "VSUB (scalar) 8"},
    {"vmul.i16 q0, q1, lr", "VMUL (scalar) 16"}, {"vhadd.s8 q0, q1, r2", "VHADD (scalar) S 8"},
    {"vhadd.u32 q0, q1, r2", "VHADD (scalar) U 32"}, {"vhsub.s16 q0, q1, r2", "VHSUB (scalar) S 16"},
    {"vqadd.u16 q0, q1, r2", "VQADD (scalar) U 16"}, {"vqadd.s32 q0, q1, r2", "VQADD (scalar) S 32"},
    {"vqsub.s8 q0, q1, r2", "VQSUB (scalar) S 8"}, {"vqsub.u32 q0, q1, r12", "VQSUB (scalar) U 32"},
    {"vqdmulh.s8 q0, q1, r4", "VQDMULH (scalar) 8"}, {"vqrdmulh.s32 q0, q1, r4", "VQRDMULH (scalar) 32"},
    {"vmla.u8 q0, q1, r2", "VMLA U 8"}, {"vmla.s32 q0, q1, r2", "VMLA S 32"},
    {"vmlas.s16 q0, q1, r2", "VMLAS S 16"}, {"vmlas.u8 q0, q1, r2", "VMLAS U 8"},
    {"vqdmlah.s8 q0, q1, r2", "VQDMLAH 8"}, {"vqrdmlah.s16 q0, q1, r2", "VQRDMLAH 16"},
    {"vqdmlash.s32 q0, q1, r2", "VQDMLASH 32"}, {"vqrdmlash.s32 q0, q1, r2", "VQRDMLASH 32"},
    {"vshl.u16 q0, r1", "VSHL (register) U 16"}, {"vshl.s8 q5, r1", "VSHL (register) S 8"},
    {"vrshl.s32 q0, r3", "VRSHL (register) S 32"}, {"vqshl.u8 q0, r3", "VQSHL (register) U 8"},
    {"vqrshl.u8 q0, r3", "VQRSHL (register) U 8"}, {"vqrshl.s16 q0, r9", "VQRSHL (register) S 16"},
    {"vcls.s8 q0, q1", "VCLS 8"}, {"vclz.i16 q0, q1", "VCLZ 16"}, {"vabs.s16 q0, q1", "VABS 16"},
    {"vneg.s32 q0, q1", "VNEG 32"}, {"vqabs.s8 q0, q1", "VQABS 8"}, {"vqabs.s32 q3, q1", "VQABS 32"},
    {"vqneg.s16 q0, q1", "VQNEG 16"}, {"vmaxa.s8 q0, q1", "VMAXA 8"}, {"vmina.s32 q0, q1", "VMINA 32"},
    {"vmvn q0, q1", "VMVN (register)"}, {"vrev16.8 q0, q1", "VREV16 8"}, {"vrev32.16 q0, q1", "VREV32 16"},
    {"vrev64.8 q0, q1", "VREV64 8"}, {"vrev64.32 q0, q1", "VREV64 32"},
    {"vmov.i32 q0, #0xff0000", "VMOV (immediate) I32 (imm8<7> = 1)"}, {"vmov.i8 q0, #0x7f", "VMOV (immediate) I8"},
    {"vmov.i8 q0, #0xa5", "VMOV (immediate) I8 (imm8<7> = 1)"}, {"vmov.i16 q0, #0x1200", "VMOV (immediate) I16"},
    {"vmov.i64 q0, #0xff00ff0000ff00ff", "VMOV (immediate) I64 (imm8<7> = 1)"},
    {"vmov.f32 q0, #1.5", "VMOV (immediate) F32"}, {"vmov.f32 q0, #-3.625", "VMOV (immediate) F32 (imm8<7> = 1)"},
    {"vmvn.i32 q0, #0xff", "VMVN (immediate) I32 (imm8<7> = 1)"}, {"vmvn.i32 q0, #0x12ffff", "VMVN (immediate) I32 ones"},
    {"vmov.i32 q0, #0x12ff", "VMOV (immediate) I32 ones"}, {"vmvn.i16 q0, #0x42", "VMVN (immediate) I16"},
    {"vorr.i32 q0, #0x1200", "VORR (immediate) I32"}, {"vorr.i16 q0, #0x12", "VORR (immediate) I16"},
    {"vbic.i16 q0, #0x12", "VBIC (immediate) I16"}, {"vbic.i32 q0, #0xff000000", "VBIC (immediate) I32 (imm8<7> = 1)"},
    {"vshl.i8 q0, q1, #3", "VSHL (immediate) 8"}, {"vshl.i32 q0, q1, #31", "VSHL (immediate) 32"},
    {"vqshl.s16 q0, q1, #15", "VQSHL (immediate) S 16"}, {"vqshl.u8 q0, q1, #0", "VQSHL (immediate) U 8"},
    {"vqshlu.s32 q0, q1, #5", "VQSHLU 32"}, {"vshr.s16 q0, q1, #16", "VSHR S 16"},
    {"vshr.u8 q0, q1, #1", "VSHR U 8"}, {"vrshr.u32 q0, q1, #1", "VRSHR U 32"},
    {"vrshr.s8 q0, q1, #8", "VRSHR S 8"}, {"vsri.8 q0, q1, #8", "VSRI 8"}, {"vsri.32 q0, q1, #17", "VSRI 32"},
    {"vsli.32 q0, q1, #0", "VSLI 32"}, {"vsli.16 q0, q1, #15", "VSLI 16"},
    {"vshlc q0, r1, #32", "VSHLC"}, {"vshlc q7, lr, #5", "VSHLC"},
    {"vqdmladh.s8 q0, q1, q2", "VQDMLADH 8"}, {"vqdmladhx.s16 q0, q1, q2", "VQDMLADHX 16"},
    {"vqrdmladh.s32 q0, q1, q2", "VQRDMLADH 32"}, {"vqrdmladhx.s8 q0, q1, q2", "VQRDMLADHX 8"},
    {"vqdmlsdh.s16 q0, q1, q2", "VQDMLSDH 16"}, {"vqdmlsdhx.s32 q0, q1, q2", "VQDMLSDHX 32"},
    {"vqrdmlsdh.s32 q0, q1, q2", "VQRDMLSDH 32"}, {"vqrdmlsdhx.s16 q0, q1, q2", "VQRDMLSDHX 16"},
    {"vmullb.s8 q0, q1, q2", "VMULLB S 8"}, {"vmullt.u16 q0, q1, q2", "VMULLT U 16"},
    {"vmullb.u32 q0, q1, q2", "VMULLB U 32"}, {"vmullt.s32 q0, q1, q2", "VMULLT S 32"},
    {"vmullb.p8 q0, q1, q2", "VMULLB P8"}, {"vmullt.p16 q0, q1, q2", "VMULLT P16"},
    {"vqdmullb.s16 q0, q1, q2", "VQDMULLB (vector) 16"}, {"vqdmullt.s32 q0, q1, q2", "VQDMULLT (vector) 32"},
    {"vqdmullb.s32 q0, q1, r5", "VQDMULLB (scalar) 32"}, {"vqdmullt.s16 q0, q1, r5", "VQDMULLT (scalar) 16"},
    {"vshllb.s8 q0, q1, #3", "VSHLLB S 8"}, {"vshllt.u16 q0, q1, #15", "VSHLLT U 16"},
    {"vshllb.s8 q0, q1, #8", "VSHLLB (esize) S 8"}, {"vshllt.u16 q0, q1, #16", "VSHLLT (esize) U 16"},
    {"vmovlb.s8 q0, q1", "VMOVLB S 8"}, {"vmovlt.u16 q0, q1", "VMOVLT U 16"},
    {"vshrnb.i16 q0, q1, #3", "VSHRNB 8"}, {"vrshrnt.i32 q0, q1, #16", "VRSHRNT 16"},
    {".inst.w 0xee8d0f42", "VQSHRN SB 8"}, {".inst.w 0xfe9f1f42", "VQSHRN UT 16"},
    {".inst.w 0xee8d0f43", "VQRSHRN SB 8"}, {".inst.w 0xee8d0fc2", "VQSHRUNB 8"},
    {".inst.w 0xfe9f1fc2", "VQRSHRUNT 16"},
    {"vmovnb.i16 q0, q1", "VMOVNB 8"}, {"vmovnt.i32 q0, q1", "VMOVNT 16"},
    {"vqmovnb.s16 q0, q1", "VQMOVN SB 8"}, {"vqmovnt.u32 q0, q1", "VQMOVN UT 16"},
    {"vqmovunb.s16 q0, q1", "VQMOVUNB 8"}, {"vqmovunt.s32 q0, q1", "VQMOVUNT 16"},
};

TEST(MveIntDecode, AssembledInstructionsDecodeToTheirRowAndDisassembleLikeObjdump) {
  expect_cases_decode_like_objdump(kCases);
}

TEST(MveIntDecode, UndefinedEncodingsAreNotOurs) {
  // Q8-Q15 (D, N or M bit set), VMOV immediate cmode 1111 with op = 1, VMOVNB with size 10,
  // VQDMULLB.S32 with Qd = Qn and with Qd = Qm (UNPREDICTABLE, UNDEFINED as QEMU), VADD (scalar)
  // with Rm = SP and PC, VSHLC with Rdm = PC, VREV16 with size 01, VSHLL with bits 20:19 = 00.
  const uint32_t kUndef[] = {
      0xEF420844u,  // vadd.i8 with D = 1
      0xEF0208C4u,  // vadd.i8 with N = 1
      0xEF020864u,  // vadd.i8 with M = 1
      0xEF870F78u,  // vmov cmode 1111 op 1
      0xFE390E83u,  // vmovnb, size 10
      0xFE322F05u,  // vqdmullb.s32 q1, q1, q2
      0xFE322F03u,  // vqdmullb.s32 q1, q1, q1 (Qd = Qm too)
      0xEE2D0F4Du,  // vadd.i32 q0, q6, sp
      0xEE2D0F4Fu,  // vadd.i32 q0, q6, pc
      0xEEA50FCFu,  // vshlc q0, pc, #5
      0xFFB40142u,  // vrev16 size 01
      0xEEA30F42u,  // bits 20:19 = 00 in the VSHLL space
      0xEE870F42u,  // bits 20:19 = 00 in the narrowing-shift space
  };
  for (uint32_t insn : kUndef) {
    const auto r = decoder::decode(insn, true);
    EXPECT_TRUE(r.encoding == nullptr || r.encoding->exec == &decoder::exec_UNDEFINED)
        << std::hex << insn << " decoded as " << r.encoding->name;
  }
}

// The operands the rows hand to their handlers and to the disassembler follow the convention of
// every MVE group (cpu/isa/mve/mve_common.h): element size (log2 bytes) in shift_n, MveType in
// shift_t, the immediate as printed in imm. Words from arm-none-eabi-as 2.40; the expected values
// are worked by hand from the Arm ARM (DDI 0553): AdvSIMDExpandImm for the VMOV family (cmode
// 10x0: imm8 << 8 in each halfword; 1101: imm8:0xFFFF in each word; 1110 op 0: imm8 in each byte;
// 1111: VFPExpandImm; 1110 op 1 keeps imm8), narrowing/widening rows the size they print.
TEST(MveIntDecode, OperandsFollowTheMveConvention) {
  struct Expect {
    uint32_t insn;
    const char* text;
    uint8_t size_log2, type;
    uint32_t imm;
    uint8_t rd, rn, ra;
  };
  const Expect kExpect[] = {
      {0xFF120054u, "vqadd.u16 q0, q1, q2", 1, mve::kMveU, 0, 0, 1, 0},
      {0xEF9B6052u, "vshr.s16 q3, q1, #5", 1, mve::kMveS, 5, 3, 1, 0},  // right shifts: the amount too
      {0xFFAF0452u, "vsri.32 q0, q1, #17", 2, mve::kMveUntyped, 17, 0, 1, 0},
      {0xEEA80F42u, "vmovlb.s8 q0, q1", 0, mve::kMveS, 0, 0, 1, 0},
      {0xFE351E03u, "vshllt.u16 q0, q1, #16", 1, mve::kMveU, 16, 0, 1, 0},
      {0xFE350E83u, "vmovnb.i32 q0, q1", 2, mve::kMveI, 0, 0, 1, 0},  // narrows 32-bit elements
      {0xEF810A52u, "vmov.i16 q0, #4608", 1, mve::kMveI, 0x12001200u, 0, 0, 0},
      {0xEF810D72u, "vmvn.i32 q0, #1245183", 2, mve::kMveI, 0x0012FFFFu, 0, 0, 0},  // not inverted
      {0xFF820E55u, "vmov.i8 q0, #165", 0, mve::kMveI, 0xA5A5A5A5u, 0, 0, 0},
      {0xEF870F58u, "vmov.f32 q0, #1.5", 2, mve::kMveF, 0x3FC00000u, 0, 0, 0},
      {0xFF820E75u, "vmov.i64 q0, #0xff00ff0000ff00ff", 3, mve::kMveI, 0xA5u, 0, 0, 0},
      {0xEEA00FC1u, "vshlc q0, r1, #32", 2, mve::kMveUntyped, 32, 0, 0, 1},  // imm 0 encodes 32
      {0xFE342F63u, "vqdmullb.s32 q1, q2, r3", 2, mve::kMveS, 0, 1, 2, 3},
  };
  for (const Expect& e : kExpect) {
    const auto r = decoder::decode(e.insn, true);
    ASSERT_NE(r.encoding, nullptr) << e.text;
    EXPECT_EQ(r.ops.shift_n, e.size_log2) << e.text;
    EXPECT_EQ(r.ops.shift_t, e.type) << e.text;
    EXPECT_EQ(r.ops.imm, e.imm) << e.text;
    EXPECT_EQ(r.ops.rd, e.rd) << e.text;
    EXPECT_EQ(r.ops.rn, e.rn) << e.text;
    EXPECT_EQ(r.ops.ra, e.ra) << e.text;
    EXPECT_EQ(disasm::disassemble(e.insn, true, 0), e.text);
  }
}

}  // namespace
}  // namespace corsim::cpu::test
