// base/text.h: blanks cut at both ends, nothing inside touched.
#include "base/text.h"

#include <gtest/gtest.h>

namespace corsim {
namespace {

TEST(TrimBlanks, CutsSpacesTabsAndCarriageReturnsAtBothEnds) {
  EXPECT_EQ(trim_blanks("  \tkey = value\r"), "key = value");
  EXPECT_EQ(trim_blanks("\r\n"), "\n");  // a newline is not a blank: callers split lines first
  EXPECT_EQ(trim_blanks("a"), "a");
}

TEST(TrimBlanks, AllBlankOrEmptyGivesEmpty) {
  EXPECT_EQ(trim_blanks(""), "");
  EXPECT_EQ(trim_blanks(" \t\r "), "");
}

TEST(TrimBlanks, KeepsInnerBlanks) { EXPECT_EQ(trim_blanks(" npu  status "), "npu  status"); }

}  // namespace
}  // namespace corsim
