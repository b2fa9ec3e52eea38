// Decoder table checks (docs/cpu.md "Decoder design"), over every row of the aggregated tables,
// including rows contributed by other table files:
//   - each pattern has the width of its table, and T32 patterns start with a 32-bit prefix;
//   - a decode function only reads field letters its pattern has;
//   - no encoding is accepted by two rows: where two patterns intersect, the decode function of one
//     gives the shared encodings up (the Arm ARM's "SEE ..."), so the table order never decides;
//   - no row is shadowed: some encoding of its pattern decodes to it.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "cpu/decoder/decoder.h"
#include "cpu/decoder/encoding.h"

namespace corsim::cpu::decoder {
namespace {

// Random encodings matching `mask`/`match`, plus the all-zero and all-one fillings.
std::vector<uint32_t> samples(uint32_t mask, uint32_t match, unsigned width, unsigned n, std::mt19937& rng) {
  const uint32_t all = width == 32 ? 0xFFFFFFFFu : 0xFFFFu;
  std::vector<uint32_t> out{match, (match | (~mask & all))};
  for (unsigned i = 0; i < n; ++i) out.push_back((rng() & ~mask & all) | match);
  return out;
}

void check_widths(std::span<const Encoding> table, unsigned width) {
  for (const Encoding& e : table) {
    EXPECT_EQ(e.pattern.width, width) << e.name;
    if (width == 32) {
      const uint32_t hw1_top = e.pattern.match >> 27;
      EXPECT_TRUE((e.pattern.mask >> 27) == 0x1F && hw1_top >= 0x1D) << e.name << ": not a 32-bit encoding prefix";
    } else {
      EXPECT_FALSE((e.pattern.mask >> 11) == 0x1F && (e.pattern.match >> 11) >= 0x1D) << e.name;
    }
    EXPECT_FALSE(e.format.empty()) << e.name;
  }
}

void check_fields(std::span<const Encoding> table) {
  std::mt19937 rng(1);
  for (const Encoding& e : table) {
    for (uint32_t insn : samples(e.pattern.mask, e.pattern.match, e.pattern.width, 64, rng)) {
      const Fields f(insn, e.pattern);
      (void)e.decode(f);
      EXPECT_FALSE(f.missing_field()) << e.name << ": decode reads a field letter the pattern lacks";
    }
  }
}

void check_overlaps(std::span<const Encoding> table) {
  std::mt19937 rng(2);
  for (size_t a = 0; a < table.size(); ++a) {
    for (size_t b = a + 1; b < table.size(); ++b) {
      const Encoding& ea = table[a];
      const Encoding& eb = table[b];
      const uint32_t common = ea.pattern.mask & eb.pattern.mask;
      if ((ea.pattern.match & common) != (eb.pattern.match & common)) continue;  // disjoint
      const uint32_t mask = ea.pattern.mask | eb.pattern.mask;
      const uint32_t match = ea.pattern.match | eb.pattern.match;
      for (uint32_t insn : samples(mask, match, ea.pattern.width, 512, rng)) {
        const bool acc_a = ea.decode(Fields(insn, ea.pattern)).has_value();
        const bool acc_b = eb.decode(Fields(insn, eb.pattern)).has_value();
        if (acc_a && acc_b) {
          ADD_FAILURE() << "encoding 0x" << std::hex << insn << " is accepted by both '" << ea.name << "' and '"
                        << eb.name << "'";
          break;
        }
      }
    }
  }
}

void check_shadowing(std::span<const Encoding> table, bool t32) {
  std::mt19937 rng(3);
  for (size_t i = 0; i < table.size(); ++i) {
    const Encoding& e = table[i];
    bool reached = false;
    for (uint32_t insn : samples(e.pattern.mask, e.pattern.match, e.pattern.width, 4096, rng)) {
      const DecodeResult r = decode(insn, t32);
      if (r.encoding == &e) {
        reached = true;
        break;
      }
    }
    EXPECT_TRUE(reached) << "row '" << e.name << "' is shadowed (no sampled encoding decodes to it)";
  }
}

TEST(DecoderTables, Widths) {
  check_widths(t16_table(), 16);
  check_widths(t32_table(), 32);
}
TEST(DecoderTables, FieldLetters) {
  check_fields(t16_table());
  check_fields(t32_table());
}
TEST(DecoderTables, NoUnintendedOverlap) {
  check_overlaps(t16_table());
  check_overlaps(t32_table());
}
TEST(DecoderTables, NoShadowedRow) {
  check_shadowing(t16_table(), false);
  check_shadowing(t32_table(), true);
}

// Every row declares its timing facts (cpu/decoder/row_facts.h). Encoding's consteval constructor
// already refuses a row without them; this states the same rules over the built tables, so a
// change to the constructor's checks cannot let a row through unnoticed.
void check_facts_declared(std::span<const Encoding> table) {
  for (const Encoding& e : table) {
    EXPECT_EQ(e.facts.count(fact::kRoles), 1u) << "row '" << e.name << "': one of fact::no_dst, dst1, dst2";
    const unsigned kinds = e.facts.count(fact::kBranchKinds | fact::kLoopKinds);
    if (e.op == OpClass::Branch) EXPECT_EQ(kinds, 1u) << "row '" << e.name << "': a branch needs its kind";
    else EXPECT_EQ(e.facts.count(fact::kBranchKinds), 0u) << "row '" << e.name << "': branch kind on a non-branch";
    // A destination is declared only where the template names a register to write.
    if (!e.facts.has(fact::no_dst)) {
      EXPECT_GT(e.operands.count, 0u) << "row '" << e.name << "': a destination but no register operand";
    }
  }
}

TEST(DecoderTables, EveryRowDeclaresItsTimingFacts) {
  check_facts_declared(t16_table());
  check_facts_declared(t32_table());
}

// Spot checks with encodings from the Arm ARM / binutils.
TEST(DecoderTables, KnownEncodings) {
  EXPECT_EQ(decode(0x1840, false).encoding->name, "ADD (register) T1");   // adds r0, r0, r1
  EXPECT_EQ(decode(0xBF00, false).encoding->name, "NOP T1");
  EXPECT_EQ(decode(0xBF08, false).encoding->name, "IT T1");               // it eq
  EXPECT_EQ(decode(0xEA518002, true).encoding->name, "CSEL T1");          // csel r0, r1, r2, eq
  EXPECT_EQ(decode(0xF043C007, true).encoding->name, "WLS T1");           // wls lr, r3, ...
  EXPECT_EQ(decode(0xF00FC007, true).encoding->name, "LE T1");
  EXPECT_EQ(decode(0xE8BD8010, true).encoding->name, "POP T2");           // pop.w {r4, pc}
  EXPECT_EQ(decode(0xE92D4010, true).encoding->name, "PUSH T2");          // push.w {r4, lr}
  EXPECT_EQ(decode(0xEA5001EF, true).encoding->name, "ASRL (immediate) T1");  // asrl r0, r1, #3
  EXPECT_EQ(decode(0xDE00, false).encoding == nullptr || decode(0xDE00, false).encoding->name != "B T1", true);
}

}  // namespace
}  // namespace corsim::cpu::decoder
