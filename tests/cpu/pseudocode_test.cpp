// Pseudocode helpers against values worked out from the Arm ARM definitions (DDI 0553, E2):
// AddWithCarry, Shift_C, DecodeImmShift, ThumbExpandImm_C, ConditionPassed, ITAdvance.
#include <gtest/gtest.h>

#include "cpu/isa/pseudocode.h"

namespace corsim::cpu {
namespace {

// Compile-time checks: the helpers are constexpr.
static_assert(AddWithCarry(0xFFFFFFFFu, 1, false).result == 0);
static_assert(ThumbExpandImm_C(0x0FF).value == 0xFF);

TEST(Pseudocode, AddWithCarry) {
  struct Case { uint32_t x, y; bool cin; uint32_t r; bool c, v; };
  const Case cases[] = {
      {0, 0, false, 0, false, false},
      {0xFFFFFFFF, 1, false, 0, true, false},           // unsigned wrap: C
      {0x7FFFFFFF, 1, false, 0x80000000, false, true},  // signed overflow: V
      {0x80000000, 0x80000000, false, 0, true, true},   // both
      {5, ~3u, true, 2, true, false},                   // 5 - 3 (SUB = x + NOT(y) + 1): no borrow
      {3, ~5u, true, 0xFFFFFFFE, false, false},         // 3 - 5: borrow (C clear)
      {0x80000000, ~1u, true, 0x7FFFFFFF, true, true},  // INT_MIN - 1 overflows
      {0xFFFFFFFF, 0xFFFFFFFF, true, 0xFFFFFFFF, true, false},
  };
  for (const Case& k : cases) {
    const auto r = AddWithCarry(k.x, k.y, k.cin);
    EXPECT_EQ(r.result, k.r) << std::hex << k.x << " + " << k.y;
    EXPECT_EQ(r.carry, k.c) << std::hex << k.x << " + " << k.y;
    EXPECT_EQ(r.overflow, k.v) << std::hex << k.x << " + " << k.y;
  }
}

TEST(Pseudocode, ShiftC) {
  // LSL: carry is the last bit shifted out.
  EXPECT_EQ(Shift_C(0x80000001, kLsl, 1, false).result, 2u);
  EXPECT_TRUE(Shift_C(0x80000001, kLsl, 1, false).carry);
  EXPECT_EQ(Shift_C(0x1, kLsl, 32, false).result, 0u);
  EXPECT_TRUE(Shift_C(0x1, kLsl, 32, false).carry);
  EXPECT_FALSE(Shift_C(0xFFFFFFFF, kLsl, 33, true).carry);
  // Amount 0: value and carry_in unchanged.
  EXPECT_EQ(Shift_C(0x1234, kLsr, 0, true).result, 0x1234u);
  EXPECT_TRUE(Shift_C(0x1234, kLsr, 0, true).carry);
  // LSR/ASR by 32 (the imm5 = 0 encoding).
  EXPECT_EQ(Shift_C(0x80000000, kLsr, 32, false).result, 0u);
  EXPECT_TRUE(Shift_C(0x80000000, kLsr, 32, false).carry);
  EXPECT_EQ(Shift_C(0x80000000, kAsr, 32, false).result, 0xFFFFFFFFu);
  EXPECT_TRUE(Shift_C(0x80000000, kAsr, 32, false).carry);
  EXPECT_EQ(Shift_C(0x40000000, kAsr, 40, true).result, 0u);
  EXPECT_FALSE(Shift_C(0x40000000, kAsr, 40, true).carry);
  EXPECT_EQ(Shift_C(0x80000010, kAsr, 4, false).result, 0xF8000001u);
  EXPECT_FALSE(Shift_C(0x80000010, kAsr, 4, false).carry);
  EXPECT_TRUE(Shift_C(0x80000018, kAsr, 4, false).carry);
  // ROR: carry = result<31>; amounts are taken modulo 32 (register shifts).
  EXPECT_EQ(Shift_C(0x000000F1, kRor, 4, false).result, 0x1000000Fu);
  EXPECT_FALSE(Shift_C(0x000000F1, kRor, 4, true).carry);
  EXPECT_EQ(Shift_C(0x00000001, kRor, 1, false).result, 0x80000000u);
  EXPECT_TRUE(Shift_C(0x00000001, kRor, 1, false).carry);
  EXPECT_EQ(Shift_C(0x80000000, kRor, 32, false).result, 0x80000000u);
  EXPECT_TRUE(Shift_C(0x80000000, kRor, 32, false).carry);
  // RRX: carry in becomes bit 31, bit 0 becomes the carry.
  EXPECT_EQ(Shift_C(0x00000003, kRrx, 1, true).result, 0x80000001u);
  EXPECT_TRUE(Shift_C(0x00000003, kRrx, 1, true).carry);
  EXPECT_EQ(Shift_C(0x00000002, kRrx, 1, false).result, 0x00000001u);
  EXPECT_FALSE(Shift_C(0x00000002, kRrx, 1, false).carry);
}

TEST(Pseudocode, DecodeImmShift) {
  EXPECT_EQ(DecodeImmShift(0, 0).type, kLsl);
  EXPECT_EQ(DecodeImmShift(0, 0).amount, 0);
  EXPECT_EQ(DecodeImmShift(1, 0).amount, 32);
  EXPECT_EQ(DecodeImmShift(2, 0).amount, 32);
  EXPECT_EQ(DecodeImmShift(2, 7).amount, 7);
  EXPECT_EQ(DecodeImmShift(3, 0).type, kRrx);
  EXPECT_EQ(DecodeImmShift(3, 0).amount, 1);
  EXPECT_EQ(DecodeImmShift(3, 9).type, kRor);
}

TEST(Pseudocode, ThumbExpandImmC) {
  // imm12<11:10> == 00: the byte patterns; carry is carry_in.
  EXPECT_EQ(ThumbExpandImm_C(0x0AB).value, 0x000000ABu);
  EXPECT_FALSE(ThumbExpandImm_C(0x0AB).carry_valid);
  EXPECT_EQ(ThumbExpandImm_C(0x1AB).value, 0x00AB00ABu);
  EXPECT_EQ(ThumbExpandImm_C(0x2AB).value, 0xAB00AB00u);
  EXPECT_EQ(ThumbExpandImm_C(0x3AB).value, 0xABABABABu);
  EXPECT_TRUE(ThumbExpandImm_C(0x100).unpredictable);
  // Rotated forms: '1':imm12<6:0> rotated right by imm12<11:7>; carry = result<31>.
  EXPECT_EQ(ThumbExpandImm_C(0x400).value, 0x80000000u);  // rot 8 of 0x80
  EXPECT_TRUE(ThumbExpandImm_C(0x400).carry_valid);
  EXPECT_TRUE(ThumbExpandImm_C(0x400).carry);
  EXPECT_EQ(ThumbExpandImm_C(0x47F).value, 0xFF000000u);  // 0xFF ror 8
  EXPECT_EQ(ThumbExpandImm_C(0x4FF).value, 0x7F800000u);  // 0xFF ror 9
  EXPECT_EQ(ThumbExpandImm_C(0xFFF).value, 0x000001FEu);  // 0xFF ror 31
  EXPECT_FALSE(ThumbExpandImm_C(0xFFF).carry);
  EXPECT_EQ(ThumbExpandImm_C(0x780).value, 0x01000000u);  // 0x80 ror 15
  EXPECT_FALSE(ThumbExpandImm_C(0x780).carry);
}

TEST(Pseudocode, ConditionHolds) {
  // cond, N, Z, C, V, expected
  EXPECT_TRUE(ConditionHolds(0x0, false, true, false, false));    // EQ
  EXPECT_FALSE(ConditionHolds(0x1, false, true, false, false));   // NE
  EXPECT_TRUE(ConditionHolds(0x2, false, false, true, false));    // CS
  EXPECT_TRUE(ConditionHolds(0x3, false, false, false, false));   // CC
  EXPECT_TRUE(ConditionHolds(0x4, true, false, false, false));    // MI
  EXPECT_TRUE(ConditionHolds(0x5, false, false, false, false));   // PL
  EXPECT_TRUE(ConditionHolds(0x6, false, false, false, true));    // VS
  EXPECT_TRUE(ConditionHolds(0x7, false, false, false, false));   // VC
  EXPECT_TRUE(ConditionHolds(0x8, false, false, true, false));    // HI: C && !Z
  EXPECT_FALSE(ConditionHolds(0x8, false, true, true, false));
  EXPECT_TRUE(ConditionHolds(0x9, false, true, true, false));     // LS
  EXPECT_TRUE(ConditionHolds(0xA, true, false, false, true));     // GE: N == V
  EXPECT_TRUE(ConditionHolds(0xB, true, false, false, false));    // LT
  EXPECT_TRUE(ConditionHolds(0xC, false, false, false, false));   // GT
  EXPECT_FALSE(ConditionHolds(0xC, false, true, false, false));
  EXPECT_TRUE(ConditionHolds(0xD, false, true, false, false));    // LE
  EXPECT_TRUE(ConditionHolds(0xE, true, true, true, true));       // AL
}

TEST(Pseudocode, ITAdvance) {
  // ITTE EQ: firstcond 0000, mask 0110 -> IT = 0000_0110; then 0000_1100, 0001_1000, then 0.
  uint8_t it = 0x06;
  it = ITAdvance(it);
  EXPECT_EQ(it, 0x0C);
  it = ITAdvance(it);
  EXPECT_EQ(it, 0x18);
  it = ITAdvance(it);
  EXPECT_EQ(it, 0x00);
  EXPECT_EQ(ITAdvance(0x18), 0x00);  // last instruction: IT[2:0] == 000
}

}  // namespace
}  // namespace corsim::cpu
