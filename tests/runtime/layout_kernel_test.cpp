// Layout kernels (permute_copy, view_copy, dim-order copies) against hand-computed layouts.
#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

TEST(PermuteCopy, Transpose) {
  Values v;
  // [[0,1,2],[3,4,5]] transposed -> [[0,3],[1,4],[2,5]].
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2, 3}, {0, 1, 2, 3, 4, 5});
  auto* out = v.out(ScalarType::kChar, {3, 2});
  ASSERT_TRUE(call("aten::permute_copy.out", {a, v.ints({1, 0}), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{0, 3, 1, 4, 2, 5}));
}

TEST(PermuteCopy, NchwToNhwcWithNegativeDims) {
  Values v;
  // [1,2,2,2] NCHW values 0..7 (c0: 0..3, c1: 4..7) permuted (0,2,3,1) -> NHWC [1,2,2,2]:
  // (h,w) = (0,0):[0,4] (0,1):[1,5] (1,0):[2,6] (1,1):[3,7].
  auto* a = v.tensor<float>(ScalarType::kFloat, {1, 2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});
  auto* out = v.out(ScalarType::kFloat, {1, 2, 2, 2});
  ASSERT_TRUE(call("aten::permute_copy.out", {a, v.ints({0, -2, -1, 1}), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{0, 4, 1, 5, 2, 6, 3, 7}));
}

TEST(PermuteCopy, RejectsNonPermutation) {
  Values v;
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2, 3}, {0, 1, 2, 3, 4, 5});
  auto* out = v.out(ScalarType::kChar, {3, 2});
  EXPECT_EQ(call("aten::permute_copy.out", {a, v.ints({0, 0}), out, out}).code, Error::kInvalidArgument);
}

TEST(ViewCopy, InfersMinusOne) {
  Values v;
  auto* a = v.tensor<int16_t>(ScalarType::kShort, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto* out = v.out(ScalarType::kShort, {3, 2});
  ASSERT_TRUE(call("aten::view_copy.out", {a, v.ints({-1, 2}), out, out}).ok());
  EXPECT_EQ(out->to_tensor().size(0), 3);
  EXPECT_EQ(data_of<int16_t>(out), (std::vector<int16_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(call("aten::view_copy.out", {a, v.ints({4, 2}), out, out}).code, Error::kInvalidArgument);
}

TEST(ViewCopy, RejectsOverflowingOrNegativeSizes) {
  Values v;
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto* out = v.out(ScalarType::kChar, {2, 3});
  // 65536^2 = 2^32 would wrap a 32-bit product; 2^31 does not fit int32; two -1 are ambiguous.
  EXPECT_EQ(call("aten::view_copy.out", {a, v.ints({65536, 65536}), out, out}).code, Error::kInvalidArgument);
  EXPECT_EQ(call("aten::view_copy.out", {a, v.ints({int64_t{1} << 31, 0}), out, out}).code, Error::kInvalidArgument);
  EXPECT_EQ(call("aten::view_copy.out", {a, v.ints({-1, -1}), out, out}).code, Error::kInvalidArgument);
  EXPECT_EQ(call("aten::view_copy.out", {a, v.ints({-2, -3}), out, out}).code, Error::kInvalidArgument);
}

TEST(DimOrderCopy, ContiguousToChannelsLast) {
  Values v;
  // NCHW [1,2,2,2], memory c0: 0..3, c1: 4..7 -> dim order [0,2,3,1] memory (h,w,c): 0,4,1,5,2,6,3,7.
  auto* a = v.tensor<float>(ScalarType::kFloat, {1, 2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});
  auto* out = v.out(ScalarType::kFloat, {1, 2, 2, 2}, {0, 2, 3, 1});
  ASSERT_TRUE(call("dim_order_ops::_to_dim_order_copy.out", {a, v.b(false), v.ints({0, 2, 3, 1}), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{0, 4, 1, 5, 2, 6, 3, 7}));
  // And back with _clone_dim_order (dim_order None: out's own order is used).
  auto* back = v.out(ScalarType::kFloat, {1, 2, 2, 2});
  ASSERT_TRUE(call("dim_order_ops::_clone_dim_order.out", {out, v.b(false), v.none(), back, back}).ok());
  EXPECT_EQ(data_of<float>(back), (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST(DimOrderCopy, ConvertsTypeTruncating) {
  Values v;
  // float -> int8 by C++ conversion: 2.7 -> 2, -2.7 -> -2, 100.0 -> 100.
  auto* a = v.tensor<float>(ScalarType::kFloat, {3}, {2.7f, -2.7f, 100.0f});
  auto* out = v.out(ScalarType::kChar, {3});
  ASSERT_TRUE(call("dim_order_ops::_to_dim_order_copy.out", {a, v.b(false), v.none(), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{2, -2, 100}));
  // _clone_dim_order must keep the type.
  EXPECT_EQ(call("dim_order_ops::_clone_dim_order.out", {a, v.b(false), v.none(), out, out}).code, Error::kInvalidArgument);
}

TEST(DimOrderCopy, RejectsDimOrderArgumentThatDisagreesWithOut) {
  Values v;
  auto* a = v.tensor<float>(ScalarType::kFloat, {1, 2, 1, 1}, {1, 2});
  auto* out = v.out(ScalarType::kFloat, {1, 2, 1, 1});
  EXPECT_EQ(call("dim_order_ops::_to_dim_order_copy.out", {a, v.b(false), v.ints({0, 2, 3, 1}), out, out}).code,
            Error::kInvalidArgument);
}

}  // namespace
}  // namespace corsim::rt::test
