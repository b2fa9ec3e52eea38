// executorch_prim:: ops, aten::sym_size.int and et_view (Python semantics for floordiv).
#include <limits>

#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

TEST(PrimOps, IntAndDoubleArithmetic) {
  Values v;
  EValue* out = v.none();
  ASSERT_TRUE(call("executorch_prim::add.Scalar", {v.i(3), v.i(4), out}).ok());
  EXPECT_TRUE(out->is_int());
  EXPECT_EQ(out->to_int(), 7);
  ASSERT_TRUE(call("executorch_prim::mul.Scalar", {v.i(3), v.d(0.5), out}).ok());
  EXPECT_TRUE(out->is_double());
  EXPECT_EQ(out->to_double(), 1.5);
  ASSERT_TRUE(call("executorch_prim::sub.Scalar", {v.i(3), v.i(10), out}).ok());
  EXPECT_EQ(out->to_int(), -7);
  ASSERT_TRUE(call("executorch_prim::truediv.Scalar", {v.i(7), v.i(2), out}).ok());
  EXPECT_EQ(out->to_double(), 3.5);
  ASSERT_TRUE(call("executorch_prim::neg.Scalar", {v.i(5), out}).ok());
  EXPECT_EQ(out->to_int(), -5);
}

TEST(PrimOps, FloorDivRoundsTowardNegativeInfinity) {
  Values v;
  EValue* out = v.none();
  // Python: -7 // 2 = -4, 7 // -2 = -4, 6 // 3 = 2, -6 // 3 = -2, 7.5 // 2 = 3.0.
  const std::vector<std::pair<std::pair<int64_t, int64_t>, int64_t>> cases = {
      {{-7, 2}, -4}, {{7, -2}, -4}, {{6, 3}, 2}, {{-6, 3}, -2}, {{7, 2}, 3}};
  for (const auto& c : cases) {
    ASSERT_TRUE(call("executorch_prim::floordiv.Scalar", {v.i(c.first.first), v.i(c.first.second), out}).ok());
    EXPECT_EQ(out->to_int(), c.second) << c.first.first << " // " << c.first.second;
  }
  ASSERT_TRUE(call("executorch_prim::floordiv.Scalar", {v.d(7.5), v.i(2), out}).ok());
  EXPECT_EQ(out->to_double(), 3.0);
  EXPECT_EQ(call("executorch_prim::floordiv.Scalar", {v.i(1), v.i(0), out}).code, Error::kInvalidArgument);
}

TEST(PrimOps, IntDivisionAndModuloTruncate) {
  Values v;
  EValue* out = v.none();
  // floordiv.int and mod are C++ / and %: -7 / 2 = -3, -7 % 2 = -1 (not Python's -4 and 1).
  ASSERT_TRUE(call("executorch_prim::floordiv.int", {v.i(-7), v.i(2), out}).ok());
  EXPECT_EQ(out->to_int(), -3);
  ASSERT_TRUE(call("executorch_prim::mod.Scalar", {v.i(-7), v.i(2), out}).ok());
  EXPECT_EQ(out->to_int(), -1);
  ASSERT_TRUE(call("executorch_prim::mod.int", {v.i(7), v.i(-3), out}).ok());
  EXPECT_EQ(out->to_int(), 1);
  EXPECT_EQ(call("executorch_prim::mod.int", {v.i(7), v.i(0), out}).code, Error::kInvalidArgument);
}

TEST(PrimOps, RoundingAndConversions) {
  Values v;
  EValue* out = v.none();
  struct Case {
    const char* op;
    double in;
    int64_t expected;
  };
  // round is Python's round(): halves to even. ceil/trunc as in C.
  const Case cases[] = {{"executorch_prim::round.Scalar", 2.5, 2},  {"executorch_prim::round.Scalar", 3.5, 4},
                        {"executorch_prim::round.Scalar", -2.5, -2}, {"executorch_prim::round.Scalar", -3.5, -4},
                        {"executorch_prim::round.Scalar", 2.4, 2},  {"executorch_prim::round.Scalar", -2.6, -3},
                        {"executorch_prim::ceil.Scalar", -1.5, -1}, {"executorch_prim::ceil.Scalar", 1.2, 2},
                        {"executorch_prim::trunc.Scalar", -1.7, -1}, {"executorch_prim::sym_int.Scalar", -2.9, -2}};
  for (const Case& c : cases) {
    ASSERT_TRUE(call(c.op, {v.d(c.in), out}).ok()) << c.op;
    EXPECT_EQ(out->to_int(), c.expected) << c.op << "(" << c.in << ")";
  }
  ASSERT_TRUE(call("executorch_prim::sym_float.Scalar", {v.i(3), out}).ok());
  EXPECT_EQ(out->to_double(), 3.0);
  ASSERT_TRUE(call("executorch_prim::sym_max.Scalar", {v.i(3), v.i(9), out}).ok());
  EXPECT_EQ(out->to_int(), 9);
  ASSERT_TRUE(call("executorch_prim::sym_min.Scalar", {v.i(3), v.d(-0.5), out}).ok());
  EXPECT_EQ(out->to_double(), -0.5);
  ASSERT_TRUE(call("executorch_prim::sym_not.Scalar", {v.b(false), out}).ok());
  EXPECT_TRUE(out->to_bool());
}

TEST(PrimOps, Comparisons) {
  Values v;
  EValue* out = v.none();
  ASSERT_TRUE(call("executorch_prim::eq.Scalar", {v.i(3), v.i(3), out}).ok());
  EXPECT_TRUE(out->is_bool() && out->to_bool());
  ASSERT_TRUE(call("executorch_prim::gt.Scalar", {v.i(3), v.d(3.5), out}).ok());
  EXPECT_FALSE(out->to_bool());
  ASSERT_TRUE(call("executorch_prim::le.Scalar", {v.i(3), v.i(3), out}).ok());
  EXPECT_TRUE(out->to_bool());
  ASSERT_TRUE(call("executorch_prim::lt.Scalar", {v.i(-1), v.i(0), out}).ok());
  EXPECT_TRUE(out->to_bool());
  ASSERT_TRUE(call("executorch_prim::ge.Scalar", {v.d(-1.5), v.i(-1), out}).ok());
  EXPECT_FALSE(out->to_bool());
}

TEST(EValueScalars, DoubleToIntSaturates) {
  EXPECT_EQ(EValue::from_double(-2.9).scalar_as_int(), -2);
  EXPECT_EQ(EValue::from_double(1e300).scalar_as_int(), INT64_MAX);
  EXPECT_EQ(EValue::from_double(-1e300).scalar_as_int(), INT64_MIN);
  EXPECT_EQ(EValue::from_double(std::numeric_limits<double>::quiet_NaN()).scalar_as_int(), 0);
  EXPECT_EQ(EValue::from_bool(true).scalar_as_double(), 1.0);
}

TEST(PrimOps, SymSizeAndView) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  EValue* out = v.none();
  ASSERT_TRUE(call("aten::sym_size.int", {a, v.i(-1), out}).ok());
  EXPECT_EQ(out->to_int(), 3);
  ASSERT_TRUE(call("aten::sym_numel", {a, out}).ok());
  EXPECT_EQ(out->to_int(), 6);
  // et_view aliases the input's data under the new shape.
  auto* view = v.out(ScalarType::kFloat, {6});
  ASSERT_TRUE(call("executorch_prim::et_view.default", {a, v.ints({-1}), view}).ok());
  EXPECT_EQ(view->to_tensor().data(), a->to_tensor().data());
  EXPECT_EQ(view->to_tensor().size(0), 6);
}

}  // namespace
}  // namespace corsim::rt::test
