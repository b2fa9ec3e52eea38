// Decoder-level checks of the MVE reduction rows (cpu/decoder/mve_reduce.inc) and of VADC, VCADD, VBRSR
// and the VIDUP family (the end of cpu/decoder/mve_int.inc): instructions assembled by arm-none-eabi-as (an
// independent encoder) must decode to the expected row. Disassembly against objdump is checked for
// every row by tests/cpu (disasm_objdump_test samples all rows of all table files).
#include <gtest/gtest.h>

#include <string>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "tests/cpu/assemble.h"

namespace corsim::cpu::test {
namespace {

struct Case {
  const char* source;
  const char* row;  // expected decoder row name
  const char* text; // expected disassembly (objdump spelling, checked by hand against objdump)
};

const Case kCases[] = {
    {"vaddv.s8 r0, q1", "VADDV S8", "vaddv.s8 r0, q1"},
    {"vaddva.u16 r2, q3", "VADDVA U16", "vaddva.u16 r2, q3"},
    {"vaddlv.s32 r0, r1, q2", "VADDLV S32", "vaddlv.s32 r0, r1, q2"},
    {"vaddlva.u32 r4, r5, q7", "VADDLVA U32", "vaddlva.u32 r4, r5, q7"},
    {"vmladav.s8 r0, q1, q2", "VMLADAV S8", "vmlav.s8 r0, q1, q2"},
    {"vmladava.s16 r0, q1, q2", "VMLADAVA S16", "vmlava.s16 r0, q1, q2"},
    {"vmladavx.s32 r0, q1, q2", "VMLADAVX S32", "vmladavx.s32 r0, q1, q2"},
    {"vmladavax.s8 r0, q1, q2", "VMLADAVAX S8", "vmladavax.s8 r0, q1, q2"},
    {"vmladav.u8 r0, q1, q2", "VMLADAV U8", "vmlav.u8 r0, q1, q2"},
    {"vmladava.u32 r0, q1, q2", "VMLADAVA U32", "vmlava.u32 r0, q1, q2"},
    {"vmlsdav.s8 r0, q1, q2", "VMLSDAV S8", "vmlsdav.s8 r0, q1, q2"},
    {"vmlsdavax.s16 r0, q1, q2", "VMLSDAVAX S16", "vmlsdavax.s16 r0, q1, q2"},
    {"vmlaldav.s16 r0, r1, q1, q2", "VMLALDAV S16", "vmlalv.s16 r0, r1, q1, q2"},
    {"vmlaldavax.s32 r0, r1, q1, q2", "VMLALDAVAX S32", "vmlaldavax.s32 r0, r1, q1, q2"},
    {"vmlaldava.u16 r0, r1, q1, q2", "VMLALDAVA U16", "vmlalva.u16 r0, r1, q1, q2"},
    {"vmlsldavx.s32 r0, r1, q1, q2", "VMLSLDAVX S32", "vmlsldavx.s32 r0, r1, q1, q2"},
    {"vrmlaldavh.s32 r0, r1, q1, q2", "VRMLALDAVH S32", "vrmlalvh.s32 r0, r1, q1, q2"},
    {"vrmlaldavha.u32 r0, r1, q1, q2", "VRMLALDAVHA U32", "vrmlalvha.u32 r0, r1, q1, q2"},
    {"vrmlsldavhax.s32 r0, r1, q1, q2", "VRMLSLDAVHAX S32", "vrmlsldavhax.s32 r0, r1, q1, q2"},
    {"vmaxv.s8 r0, q1", "VMAXV S8", "vmaxv.s8 r0, q1"},
    {"vminv.u32 lr, q1", "VMINV U32", "vminv.u32 lr, q1"},
    {"vmaxav.s16 r0, q1", "VMAXAV S16", "vmaxav.s16 r0, q1"},
    {"vminav.s8 r0, q1", "VMINAV S8", "vminav.s8 r0, q1"},
    {"vabav.u32 r0, q1, q2", "VABAV U32", "vabav.u32 r0, q1, q2"},
    {"vcadd.i8 q0, q1, q2, #90", "VCADD #90 I8", "vcadd.i8 q0, q1, q2, #90"},
    {"vcadd.i32 q0, q1, q2, #270", "VCADD #270 I32", "vcadd.i32 q0, q1, q2, #270"},
    {"vhcadd.s16 q0, q1, q2, #90", "VHCADD #90 S16", "vhcadd.s16 q0, q1, q2, #90"},
    {"vadc.i32 q0, q1, q2", "VADC", "vadc.i32 q0, q1, q2"},
    {"vsbci.i32 q0, q1, q2", "VSBCI", "vsbci.i32 q0, q1, q2"},
    {"vbrsr.16 q0, q1, r2", "VBRSR 16", "vbrsr.16 q0, q1, r2"},
    {"vidup.u8 q0, r2, #1", "VIDUP U8", "vidup.u8 q0, r2, #1"},
    {"vddup.u32 q0, r2, #4", "VDDUP U32", "vddup.u32 q0, r2, #4"},
    {"viwdup.u16 q0, r2, r3, #8", "VIWDUP U16", "viwdup.u16 q0, r2, r3, #8"},
    {"vdwdup.u32 q0, r2, r5, #1", "VDWDUP U32", "vdwdup.u32 q0, r2, r5, #1"},
};

TEST(MveReduceDecode, AssembledInstructionsDecodeToTheirRows) {
  std::string src = ".arch_extension mve\n";
  for (const Case& c : kCases) src += std::string(c.source) + "\n";
  std::string err;
  const std::vector<uint8_t> bin = assemble(src, 0, &err, nullptr);
  ASSERT_EQ(bin.size(), 4 * std::size(kCases)) << err;
  for (size_t i = 0; i < std::size(kCases); ++i) {
    const uint32_t hw1 = bin[4 * i] | bin[4 * i + 1] << 8, hw2 = bin[4 * i + 2] | bin[4 * i + 3] << 8;
    const uint32_t insn = hw1 << 16 | hw2;
    const auto r = decoder::decode(insn, true);
    ASSERT_NE(r.encoding, nullptr) << kCases[i].source;
    EXPECT_EQ(r.encoding->name, kCases[i].row) << kCases[i].source;
    EXPECT_EQ(disasm::disassemble(insn, true, 0), kCases[i].text) << kCases[i].source;
  }
}

}  // namespace
}  // namespace corsim::cpu::test
