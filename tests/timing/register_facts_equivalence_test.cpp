// The declared timing facts of the decoder rows (cpu/decoder/row_facts.h) give, for every row of
// both tables, the same InstrInfo as the derivation they replaced, which read each row's name and
// disassembly template (legacy_instruction_info.cpp). Operands are both random field values and
// what the row's own decode function makes of random encodings its pattern matches.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "cpu/decoder/encoding.h"
#include "cpu/timing/instruction_info.h"
#include "tests/timing/legacy_instruction_info.h"

namespace corsim::cpu::timing {
namespace {

std::string differences(const InstrInfo& a, const InstrInfo& b) {
  std::string d;
  auto field = [&](const char* name, unsigned x, unsigned y) {
    if (x != y) d += std::string(" ") + name + " " + std::to_string(x) + " vs " + std::to_string(y);
  };
  field("gpr_read", a.regs.gpr_read, b.regs.gpr_read);
  field("gpr_write", a.regs.gpr_write, b.regs.gpr_write);
  field("ext_read", a.regs.ext_read, b.regs.ext_read);
  field("ext_write", a.regs.ext_write, b.regs.ext_write);
  field("branch", static_cast<unsigned>(a.branch), static_cast<unsigned>(b.branch));
  field("writeback_base", a.writeback_base, b.writeback_base);
  field("traits", a.traits, b.traits);
  for (unsigned k = 0; k < InstrInfo::kMaxSrc; ++k) field("src", a.src[k], b.src[k]);
  for (unsigned k = 0; k < InstrInfo::kMaxDst; ++k) field("dst", a.dst[k], b.dst[k]);
  return d;
}

Operands random_operands(std::mt19937& rng) {
  Operands o;
  o.imm = static_cast<uint32_t>(rng());
  if (rng() & 1) o.imm &= 0x3F;  // short FP register ranges as well as long register lists
  o.rd = static_cast<uint8_t>(rng() % 32);
  o.rn = static_cast<uint8_t>(rng() % 16);
  o.rm = static_cast<uint8_t>(rng() % 32);
  o.ra = static_cast<uint8_t>(rng() % 16);
  o.shift_t = static_cast<uint8_t>(rng() % 5);
  o.shift_n = static_cast<uint8_t>(rng() % 32);
  o.cond = static_cast<uint8_t>(rng() % 16);
  o.flags = static_cast<uint8_t>(rng());
  return o;
}

void check_table(std::span<const decoder::Encoding> table, bool t32, unsigned& compared) {
  std::mt19937 rng(20261127);
  for (const decoder::Encoding& row : table) {
    for (int k = 0; k < 40; ++k) {
      const Operands o = random_operands(rng);
      const std::string d = differences(describe_instruction(&row, o, t32),
                                        legacy::describe_instruction_by_name(&row, o, t32));
      ASSERT_TRUE(d.empty()) << row.name << " (random operands):" << d;
      ++compared;
    }
    const uint32_t free_bits = ~row.pattern.mask & (t32 ? 0xFFFFFFFFu : 0xFFFFu);
    for (int k = 0; k < 40; ++k) {
      const uint32_t insn = row.pattern.match | (static_cast<uint32_t>(rng()) & free_bits);
      const std::optional<Operands> o = row.decode(decoder::Fields(insn, row.pattern));
      if (!o) continue;
      const std::string d = differences(describe_instruction(&row, *o, t32),
                                        legacy::describe_instruction_by_name(&row, *o, t32));
      ASSERT_TRUE(d.empty()) << row.name << " (encoding " << std::hex << insn << "):" << d;
      ++compared;
    }
  }
}

TEST(RegisterFacts, DeclaredFactsGiveTheLegacyDerivationForEveryRow) {
  unsigned compared = 0;
  check_table(decoder::t16_table(), false, compared);
  check_table(decoder::t32_table(), true, compared);
  // Every row was compared at least with its random operand sets.
  EXPECT_GE(compared, 40u * (decoder::t16_table().size() + decoder::t32_table().size()));
}

TEST(RegisterFacts, UndefinedHasNoRegisters) {
  EXPECT_TRUE(differences(describe_instruction(nullptr, Operands{}, false),
                          legacy::describe_instruction_by_name(nullptr, Operands{}, false)).empty());
}

}  // namespace
}  // namespace corsim::cpu::timing
