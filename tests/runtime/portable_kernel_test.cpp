// Portable elementwise kernels and _softmax against hand-computed values.
#include <cmath>
#include <limits>

#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

TEST(AtenAdd, FloatWithAlpha) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {2}, {1.5f, -2.0f});
  auto* b = v.tensor<float>(ScalarType::kFloat, {2}, {0.25f, 4.0f});
  auto* out = v.out(ScalarType::kFloat, {2});
  ASSERT_TRUE(call("aten::add.out", {a, b, v.i(1), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{1.75f, 2.0f}));
  // alpha 2: 1.5 + 0.5 = 2.0; -2 + 8 = 6.
  ASSERT_TRUE(call("aten::add.out", {a, b, v.i(2), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{2.0f, 6.0f}));
  // alpha 0.5 (Double): 1.5 + 0.125 = 1.625; -2 + 2 = 0.
  ASSERT_TRUE(call("aten::add.out", {a, b, v.d(0.5), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{1.625f, 0.0f}));
}

TEST(AtenAdd, Broadcasts) {
  Values v;
  // [2,3] + [3]: rows [1,2,3],[4,5,6] + [10,20,30].
  auto* a = v.tensor<float>(ScalarType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto* b = v.tensor<float>(ScalarType::kFloat, {3}, {10, 20, 30});
  auto* out = v.out(ScalarType::kFloat, {2, 3});
  ASSERT_TRUE(call("aten::add.out", {a, b, v.i(1), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{11, 22, 33, 14, 25, 36}));
  // [2,1] + [1,3] -> [2,3]: [[1],[2]] + [[10,20,30]].
  auto* c = v.tensor<float>(ScalarType::kFloat, {2, 1}, {1, 2});
  auto* d = v.tensor<float>(ScalarType::kFloat, {1, 3}, {10, 20, 30});
  ASSERT_TRUE(call("aten::add.out", {c, d, v.i(1), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{11, 21, 31, 12, 22, 32}));
}

TEST(AtenAdd, RejectsShapesThatDoNotBroadcast) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {2}, {1, 2});
  auto* b = v.tensor<float>(ScalarType::kFloat, {3}, {1, 2, 3});
  auto* out = v.out(ScalarType::kFloat, {3});
  EXPECT_EQ(call("aten::add.out", {a, b, v.i(1), out, out}).code, Error::kInvalidArgument);
}

TEST(AtenAdd, Int8Wraps) {
  Values v;
  // 100 + 100 = 200 -> int8 two's complement -56; -100 + -100 = -200 -> 56.
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2}, {100, -100});
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {2}, {100, -100});
  auto* out = v.out(ScalarType::kChar, {2});
  ASSERT_TRUE(call("aten::add.out", {a, b, v.i(1), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-56, 56}));
}

TEST(AtenSub, FloatAlphaAndInt) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {1}, {5.0f});
  auto* b = v.tensor<float>(ScalarType::kFloat, {1}, {1.5f});
  auto* out = v.out(ScalarType::kFloat, {1});
  ASSERT_TRUE(call("aten::sub.out", {a, b, v.i(2), out, out}).ok());
  EXPECT_EQ(data_of<float>(out)[0], 2.0f);  // 5 - 2*1.5
  auto* c = v.tensor<int32_t>(ScalarType::kInt, {2}, {3, -7});
  auto* d = v.tensor<int32_t>(ScalarType::kInt, {2}, {5, 2});
  auto* o2 = v.out(ScalarType::kInt, {2});
  ASSERT_TRUE(call("aten::sub.out", {c, d, v.i(1), o2, o2}).ok());
  EXPECT_EQ(data_of<int32_t>(o2), (std::vector<int32_t>{-2, -9}));
}

TEST(AtenMul, FloatAndInt8) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {2}, {1.5f, -3.0f});
  auto* b = v.tensor<float>(ScalarType::kFloat, {2}, {4.0f, 0.5f});
  auto* out = v.out(ScalarType::kFloat, {2});
  ASSERT_TRUE(call("aten::mul.out", {a, b, out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{6.0f, -1.5f}));
  // 16 * 16 = 256 -> int8 0; -3 * 5 = -15.
  auto* c = v.tensor<int8_t>(ScalarType::kChar, {2}, {16, -3});
  auto* d = v.tensor<int8_t>(ScalarType::kChar, {2}, {16, 5});
  auto* o2 = v.out(ScalarType::kChar, {2});
  ASSERT_TRUE(call("aten::mul.out", {c, d, o2, o2}).ok());
  EXPECT_EQ(data_of<int8_t>(o2), (std::vector<int8_t>{0, -15}));
}

TEST(AtenRelu, FloatKeepsNaN) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {4}, {-1.0f, 0.0f, 2.5f, std::numeric_limits<float>::quiet_NaN()});
  auto* out = v.out(ScalarType::kFloat, {4});
  ASSERT_TRUE(call("aten::relu.out", {a, out, out}).ok());
  const auto r = data_of<float>(out);
  EXPECT_EQ(r[0], 0.0f);
  EXPECT_EQ(r[1], 0.0f);
  EXPECT_EQ(r[2], 2.5f);
  EXPECT_TRUE(std::isnan(r[3]));
  auto* q = v.tensor<int8_t>(ScalarType::kChar, {3}, {-128, 0, 127});
  auto* o2 = v.out(ScalarType::kChar, {3});
  ASSERT_TRUE(call("aten::relu.out", {q, o2, o2}).ok());
  EXPECT_EQ(data_of<int8_t>(o2), (std::vector<int8_t>{0, 0, 127}));
}

TEST(AtenClamp, BoundsOptionalAndNaN) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {4}, {-2.0f, 0.5f, 3.0f, std::numeric_limits<float>::quiet_NaN()});
  auto* out = v.out(ScalarType::kFloat, {4});
  ASSERT_TRUE(call("aten::clamp.out", {a, v.d(-1.0), v.i(1), out, out}).ok());
  auto r = data_of<float>(out);
  EXPECT_EQ(r[0], -1.0f);
  EXPECT_EQ(r[1], 0.5f);
  EXPECT_EQ(r[2], 1.0f);
  EXPECT_TRUE(std::isnan(r[3]));
  ASSERT_TRUE(call("aten::clamp.out", {a, v.none(), v.d(0.0), out, out}).ok());  // max only
  r = data_of<float>(out);
  EXPECT_EQ(r[0], -2.0f);
  EXPECT_EQ(r[1], 0.0f);
  auto* q = v.tensor<int8_t>(ScalarType::kChar, {3}, {-100, 5, 100});
  auto* o2 = v.out(ScalarType::kChar, {3});
  ASSERT_TRUE(call("aten::clamp.out", {q, v.i(-10), v.i(10), o2, o2}).ok());
  EXPECT_EQ(data_of<int8_t>(o2), (std::vector<int8_t>{-10, 5, 10}));
}

TEST(AtenSoftmax, LastDim) {
  Values v;
  // softmax([1,2,3]) = [e^-2, e^-1, 1] / (e^-2 + e^-1 + 1) = [0.0900306, 0.2447285, 0.6652410].
  // Equal entries give exactly 0.5 each.
  auto* a = v.tensor<float>(ScalarType::kFloat, {2, 3}, {1, 2, 3, 5, 5, -INFINITY});
  auto* out = v.out(ScalarType::kFloat, {2, 3});
  ASSERT_TRUE(call("aten::_softmax.out", {a, v.i(-1), v.b(false), out, out}).ok());
  const auto r = data_of<float>(out);
  EXPECT_NEAR(r[0], 0.09003057f, 1e-7);
  EXPECT_NEAR(r[1], 0.24472847f, 1e-7);
  EXPECT_NEAR(r[2], 0.66524096f, 1e-7);
  EXPECT_EQ(r[3], 0.5f);
  EXPECT_EQ(r[4], 0.5f);
  EXPECT_EQ(r[5], 0.0f);
}

TEST(AtenSoftmax, NaNPropagates) {
  Values v;
  // A NaN makes the exp-sum NaN, so every output of that row is NaN; the other row is exact.
  auto* a = v.tensor<float>(ScalarType::kFloat, {2, 2}, {std::numeric_limits<float>::quiet_NaN(), 1.0f, 2.0f, 2.0f});
  auto* out = v.out(ScalarType::kFloat, {2, 2});
  ASSERT_TRUE(call("aten::_softmax.out", {a, v.i(1), v.b(false), out, out}).ok());
  const auto r = data_of<float>(out);
  EXPECT_TRUE(std::isnan(r[0]));
  EXPECT_TRUE(std::isnan(r[1]));
  EXPECT_EQ(r[2], 0.5f);
  EXPECT_EQ(r[3], 0.5f);
}

TEST(AtenSoftmax, FirstDim) {
  Values v;
  // dim 0 of [[0, 0], [0, ln 3]]: column 0 -> [0.5, 0.5]; column 1 -> [1/4, 3/4].
  auto* a = v.tensor<float>(ScalarType::kFloat, {2, 2}, {0.0f, 0.0f, 0.0f, std::log(3.0f)});
  auto* out = v.out(ScalarType::kFloat, {2, 2});
  ASSERT_TRUE(call("aten::_softmax.out", {a, v.i(0), v.b(false), out, out}).ok());
  const auto r = data_of<float>(out);
  EXPECT_EQ(r[0], 0.5f);
  EXPECT_EQ(r[2], 0.5f);
  EXPECT_NEAR(r[1], 0.25f, 1e-7);
  EXPECT_NEAR(r[3], 0.75f, 1e-7);
}

}  // namespace
}  // namespace corsim::rt::test
