// The latency tables are exhaustive over OpClass (also a static_assert next to each table) and
// every row says where its numbers come from.
#include <gtest/gtest.h>

#include "cpu/timing/cortex_m55_tables.h"
#include "cpu/timing/cortex_m85_tables.h"

namespace corsim::cpu::timing {
namespace {

template <class Table>
void expect_one_row_per_class(const Table& by_class) {
  ASSERT_EQ(by_class.size(), kOpClassCount);
  for (unsigned i = 0; i < kOpClassCount; ++i) {
    EXPECT_EQ(static_cast<unsigned>(by_class[i].op), i) << "row " << i;
    EXPECT_FALSE(by_class[i].source.empty()) << "row " << i << " has no source";
    EXPECT_GE(by_class[i].latency, 1u) << "row " << i << ": a zero latency would hide a missing entry";
    EXPECT_GE(by_class[i].occupancy, 1u) << "row " << i;
  }
}

TEST(TimingTables, CortexM55HasOneCitedRowPerOpClass) { expect_one_row_per_class(m55::kByClass); }
TEST(TimingTables, CortexM85HasOneCitedRowPerOpClass) { expect_one_row_per_class(m85::kByClass); }

TEST(TimingTables, ExhaustivenessCheckRejectsAMissingOrDuplicateClass) {
  EXPECT_TRUE(table_is_exhaustive(m55::kClassTable));
  ClassTable<kOpClassCount> duplicate = m55::kClassTable;
  duplicate[3].op = duplicate[4].op;  // class 3 missing, class 4 twice
  EXPECT_FALSE(table_is_exhaustive(duplicate));
  ClassTable<kOpClassCount> unsourced = m85::kClassTable;
  unsourced[0].source = "";
  EXPECT_FALSE(table_is_exhaustive(unsourced));
}

TEST(TimingTables, MveInstructionsHoldTheirPipeForTwoBeats) {
  for (unsigned i = static_cast<unsigned>(OpClass::MveLogic); i <= static_cast<unsigned>(OpClass::MveTransfer); ++i) {
    if (static_cast<OpClass>(i) == OpClass::MvePredicate) continue;  // single beat on M55 ([LLVM-M55])
    EXPECT_GE(m55::kByClass[i].occupancy, 2u) << i;
    EXPECT_GE(m85::kByClass[i].occupancy, 2u) << i;
  }
}

}  // namespace
}  // namespace corsim::cpu::timing
