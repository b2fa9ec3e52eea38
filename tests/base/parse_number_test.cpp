// base/parse_number.h: the whole text must be the number.
#include "base/parse_number.h"

#include <gtest/gtest.h>

namespace corsim {
namespace {

TEST(ParseUint, DecimalAndHexadecimal) {
  EXPECT_EQ(parse_uint("4096"), 4096u);
  EXPECT_EQ(parse_uint("0x70000000"), 0x70000000u);
  EXPECT_EQ(parse_uint("0XfF"), 255u);
  EXPECT_EQ(parse_uint("18446744073709551615"), UINT64_MAX);
}

TEST(ParseUint, RefusesAnythingElse) {
  for (const char* bad : {"", "0x", "-1", " 1", "1 ", "12k", "0x1g", "18446744073709551616", "1e3"})
    EXPECT_FALSE(parse_uint(bad).has_value()) << bad;
}

TEST(ParseInt, SignedDecimal) {
  EXPECT_EQ(parse_int("-128"), -128);
  EXPECT_EQ(parse_int("127"), 127);
  for (const char* bad : {"", "+", "-", "0x10", "1.0", "9223372036854775808"})
    EXPECT_FALSE(parse_int(bad).has_value()) << bad;
}

TEST(ParseDouble, DecimalAndExponent) {
  EXPECT_EQ(parse_double("2.5"), 2.5);
  EXPECT_EQ(parse_double("100e6"), 100e6);
  for (const char* bad : {"", "2.5x", " 2", "e3"}) EXPECT_FALSE(parse_double(bad).has_value()) << bad;
}

}  // namespace
}  // namespace corsim
