// The MVE rows' disassembly templates follow the operand convention of docs/mve.md ("Operand
// convention and disassembly keys"): a row's decode function gives the element size and type as
// template arguments and the template prints them with {dt} (or {sz}), so no MVE row spells an
// element size in its text. The only literal kept is the half-precision side of VCVTB/VCVTT,
// whose two types differ (the single-precision side is the row's {dt}). That the printed text is
// right is checked against objdump by the decode tests of tests/cpu_mve_*.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cpu/decoder/encoding.h"

namespace corsim::cpu::test {
namespace {

bool is_mve_row(const decoder::Encoding& e) {
  return e.op >= OpClass::MveLogic && e.op <= OpClass::MveTransfer;
}

TEST(MveRowTemplates, NoRowSpellsAnElementSizeInItsText) {
  // ".8" ".16" ".s16" ".u32" ".f16" ".i64" ... as a suffix of the mnemonic.
  const std::regex spelled_size(R"(\.[a-z]?(8|16|32|64)(\.|$))");
  unsigned checked = 0;
  for (const auto& e : decoder::t32_table()) {
    if (!is_mve_row(e)) continue;
    ++checked;
    std::string mnemonic(e.format.substr(0, e.format.find(' ')));
    if (e.name.find("(between half and single)") != std::string_view::npos) {
      const auto f16 = mnemonic.find(".f16");
      ASSERT_NE(f16, std::string::npos) << e.name;
      mnemonic.erase(f16, 4);
    }
    EXPECT_FALSE(std::regex_search(mnemonic, spelled_size)) << e.name << ": " << e.format;
  }
  // Every MVE table file's rows (mve_predicate/ldst/transfer/int/reduce/fp.inc) were seen.
  EXPECT_GT(checked, 650u);
}

}  // namespace
}  // namespace corsim::cpu::test
