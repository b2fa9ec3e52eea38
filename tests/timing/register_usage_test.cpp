// Register usage derived from the decoder rows (cpu/decoder/instruction_info.h), checked on
// encodings whose reads and writes are written down by hand from the Arm ARM.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <random>

#include "cpu/decoder/decoder.h"
#include "cpu/decoder/encoding.h"
#include "cpu/decoder/instruction_info.h"

namespace corsim::cpu::decoder {
namespace {

uint16_t regs(std::initializer_list<unsigned> r) {
  uint16_t m = 0;
  for (unsigned x : r) m |= static_cast<uint16_t>(1u << x);
  return m;
}
constexpr unsigned F = kFlagsBit;

InstrInfo describe(uint32_t insn, bool t32) {
  const decoder::DecodeResult r = decoder::decode(insn, t32);
  EXPECT_NE(r.encoding, nullptr) << std::hex << insn;
  return describe_instruction(r.encoding, r.ops, t32);
}

struct Case {
  const char* text;
  uint32_t insn;
  bool t32;
  uint16_t read, write;
  BranchKind branch;
};

// Encodings from arm-none-eabi-as; reads/writes from the Arm ARM instruction descriptions.
const Case kCases[] = {
    {"adds r1, r2, r3", 0x18D1, false, regs({2, 3}), regs({1, F}), BranchKind::None},
    {"adds r1, #1 (Rdn)", 0x3101, false, regs({1}), regs({1, F}), BranchKind::None},
    {"ands r1, r2 (Rdn, Rm)", 0x4011, false, regs({1, 2}), regs({1, F}), BranchKind::None},
    {"add.w r1, r2, r3, lsl #2", 0xEB020183, true, regs({2, 3}), regs({1}), BranchKind::None},
    {"cmp r1, r2", 0x4291, false, regs({1, 2}), regs({F}), BranchKind::None},
    {"ldr r1, [r2, #4]", 0x6851, false, regs({2}), regs({1}), BranchKind::None},
    {"ldr.w r1, [r2], #4", 0xF8521B04, true, regs({2}), regs({1, 2}), BranchKind::None},
    {"str r1, [r2, #4]", 0x6051, false, regs({1, 2}), 0, BranchKind::None},
    {"push {r4, lr}", 0xB510, false, regs({4, 13, 14}), regs({13}), BranchKind::None},
    {"pop {r4, pc}", 0xBD10, false, regs({13}), regs({4, 13}), BranchKind::Return},
    {"mla r1, r2, r3, r1", 0xFB021103, true, regs({1, 2, 3}), regs({1}), BranchKind::None},
    {"umull r1, r2, r3, r4", 0xFBA31204, true, regs({3, 4}), regs({1, 2}), BranchKind::None},
    {"udiv r1, r2, r3", 0xFBB2F1F3, true, regs({2, 3}), regs({1}), BranchKind::None},
    {"bl +0", 0xF000F800, true, 0, regs({14}), BranchKind::Call},
    {"bx lr", 0x4770, false, regs({14}), 0, BranchKind::Return},
    {"bne +0", 0xD100, false, regs({F}), 0, BranchKind::Direct},
    {"le lr, -4", 0xF00FC003, true, regs({14}), regs({14}), BranchKind::LoopEnd},
    {"dls lr, r0", 0xF040E001, true, regs({0, 14}), regs({14}), BranchKind::LoopStart},
};

TEST(RegisterUsage, DerivedFromTableRowsMatchesTheArmArm) {
  for (const Case& c : kCases) {
    const InstrInfo i = describe(c.insn, c.t32);
    EXPECT_EQ(i.regs.gpr_read, c.read) << c.text;
    EXPECT_EQ(i.regs.gpr_write, c.write) << c.text;
    EXPECT_EQ(i.branch, c.branch) << c.text;
  }
}

TEST(RegisterUsage, TraitsForTheIssueRules) {
  EXPECT_TRUE(describe(0x3101, false).traits & kTraitM55Pairable);         // adds r1, #1
  EXPECT_FALSE(describe(0x18D1, false).traits & kTraitM55Pairable);        // adds r1, r2, r3
  EXPECT_TRUE(describe(0xEB020183, true).traits & kTraitShiftedOperand);   // add.w ..., lsl #2
  EXPECT_TRUE(describe(0xBD10, false).traits & kTraitSingleIssue);         // pop
  EXPECT_TRUE(describe(0xF8121B01, true).traits & kTraitSubwordLoad);      // ldrb.w r1, [r2], #1
}

// A direct branch that may fall through (Arm ARM B, CBZ/CBNZ: B<c> with c != AL tests the flags,
// CBZ/CBNZ test Rn); B and BL always branch. Encodings from arm-none-eabi-as.
TEST(RegisterUsage, ConditionalBranchesFromTheirOperands) {
  EXPECT_TRUE(is_conditional_branch(describe(0xD100, false)));        // bne.n
  EXPECT_TRUE(is_conditional_branch(describe(0xF0008004, true)));     // beq.w
  EXPECT_TRUE(is_conditional_branch(describe(0xB111, false)));        // cbz r1
  EXPECT_TRUE(is_conditional_branch(describe(0xB90B, false)));        // cbnz r3
  EXPECT_FALSE(is_conditional_branch(describe(0xE007, false)));       // b.n
  EXPECT_FALSE(is_conditional_branch(describe(0xF000B806, true)));    // b.w
  EXPECT_FALSE(is_conditional_branch(describe(0xF000F800, true)));    // bl
  EXPECT_FALSE(is_conditional_branch(describe(0x4770, false)));       // bx lr (not direct)
}

TEST(RegisterUsage, FloatingPointRegistersByDRegister) {
  // vadd.f32 s0, s2, s4: reads D1 and D2, writes D0.
  const InstrInfo i = describe(0xEE310A02, true);
  EXPECT_EQ(i.regs.ext_read, (1u << 1) | (1u << 2));
  EXPECT_EQ(i.regs.ext_write, 1u << 0);
  // vadd.f64 d0, d1, d2 is double precision.
  EXPECT_TRUE(describe(0xEE310B02, true).traits & kTraitDouble);
}

TEST(RegisterUsage, VectorRegistersAsTwoDRegistersEach) {
  constexpr uint32_t q1 = 0b1100, q2 = 0b110000, q3 = 0b11000000;
  // vmladava.s16 r0, q1, q2: the accumulator r0 is read and written.
  InstrInfo i = describe(0xEEF20E24, true);
  EXPECT_EQ(i.regs.gpr_read, regs({0}));
  EXPECT_EQ(i.regs.gpr_write, regs({0}));
  EXPECT_EQ(i.regs.ext_read, q1 | q2);
  // vldrw.u32 q0, [r1], #16: writes Q0 and the base.
  i = describe(0xECB11F04, true);
  EXPECT_EQ(i.regs.gpr_read, regs({1}));
  EXPECT_EQ(i.regs.gpr_write, regs({1}));
  EXPECT_EQ(i.regs.ext_write, 0b11u);
  EXPECT_EQ(i.writeback_base, 1);
  // vadd.i32 q1, q2, q3
  i = describe(0xEF242846, true);
  EXPECT_EQ(i.regs.ext_read, q2 | q3);
  EXPECT_EQ(i.regs.ext_write, q1);
  // vstrw.32 q7, [r2]: reads Q7 and r2, writes nothing.
  i = describe(0xED82FF00, true);
  EXPECT_EQ(i.regs.ext_read, 0xC000u);
  EXPECT_EQ(i.regs.gpr_read, regs({2}));
  EXPECT_EQ(i.regs.ext_write, 0u);
  EXPECT_EQ(i.regs.gpr_write, 0u);
}

// Timing facts come from what a row declares, never from its name or template text: a copy of
// every row with another name and an empty template (its operand list and facts kept) gives the
// same InstrInfo, so renaming a row or rewording its disassembly cannot change a cycle.
TEST(RegisterUsage, IndependentOfRowNameAndTemplateText) {
  const auto same = [](const InstrInfo& a, const InstrInfo& b) {
    return a.regs.gpr_read == b.regs.gpr_read && a.regs.gpr_write == b.regs.gpr_write &&
           a.regs.ext_read == b.regs.ext_read && a.regs.ext_write == b.regs.ext_write && a.branch == b.branch &&
           a.writeback_base == b.writeback_base && a.traits == b.traits &&
           std::equal(std::begin(a.src), std::end(a.src), std::begin(b.src)) &&
           std::equal(std::begin(a.dst), std::end(a.dst), std::begin(b.dst));
  };
  std::mt19937 rng(16);
  for (const bool t32 : {false, true}) {
    for (const decoder::Encoding& row : t32 ? decoder::t32_table() : decoder::t16_table()) {
      decoder::Encoding renamed = row;
      renamed.name = "RENAMED";
      renamed.format = "";
      for (int k = 0; k < 8; ++k) {
        const uint32_t free_bits = ~row.pattern.mask & (t32 ? 0xFFFFFFFFu : 0xFFFFu);
        const uint32_t insn = row.pattern.match | (static_cast<uint32_t>(rng()) & free_bits);
        const std::optional<Operands> o = row.decode(decoder::Fields(insn, row.pattern));
        if (!o) continue;
        EXPECT_TRUE(same(describe_instruction(&row, *o, t32), describe_instruction(&renamed, *o, t32))) << row.name;
      }
    }
  }
}

}  // namespace
}  // namespace corsim::cpu::decoder
