// quantize / dequantize kernels against hand-computed values (ExecuTorch
// kernels/quantized/cpu/op_quantize.cpp, op_dequantize.cpp: q = clamp(zp + nearbyint(x * (1/scale
// as float)), qmin, qmax); y = (q - zp) * (float)scale).
#include <cmath>
#include <limits>

#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

constexpr int64_t kInt8 = 1;   // ScalarType::Char
constexpr int64_t kInt16 = 2;  // ScalarType::Short

TEST(QuantizePerTensor, RoundsHalfToEven) {
  Values v;
  // scale 0.5 -> inv_scale 2.0: products 0.5, 1.5, 2.5, -0.5, -1.5 round to 0, 2, 2, -0, -2.
  auto* in = v.tensor<float>(ScalarType::kFloat, {5}, {0.25f, 0.75f, 1.25f, -0.25f, -0.75f});
  auto* out = v.out(ScalarType::kChar, {5});
  ASSERT_TRUE(call("quantized_decomposed::quantize_per_tensor.out",
                   {in, v.d(0.5), v.i(3), v.i(-128), v.i(127), v.i(kInt8), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{3, 5, 5, 3, 1}));
}

TEST(QuantizePerTensor, SaturatesAndMapsNaNToZeroPoint) {
  Values v;
  // scale 0.1: 1/(float)0.1 = 10.0f. 100*10 = 1000 -> 127; -100*10 -> -128; 12.34*10 = 123.4 -> 123
  // + zp 2 = 125; NaN -> 0 + zp = 2; +inf saturates -> 127.
  auto* in = v.tensor<float>(ScalarType::kFloat, {5},
                             {100.0f, -100.0f, 12.34f, std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity()});
  auto* out = v.out(ScalarType::kChar, {5});
  ASSERT_TRUE(call("cortex_m::quantize_per_tensor.out", {in, v.d(0.1), v.i(2), v.i(-128), v.i(127), v.i(kInt8), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{127, -128, 125, 2, 127}));
}

TEST(QuantizePerTensor, NarrowQuantRangeClamps) {
  Values v;
  // qmin -127 (symmetric): -1.0 / (1/127) = -127.00001 -> -127; -2.0 -> -254 -> clamped -127.
  auto* in = v.tensor<float>(ScalarType::kFloat, {2}, {-1.0f, -2.0f});
  auto* out = v.out(ScalarType::kChar, {2});
  ASSERT_TRUE(call("quantized_decomposed::quantize_per_tensor.out",
                   {in, v.d(1.0 / 127.0), v.i(0), v.i(-127), v.i(127), v.i(kInt8), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-127, -127}));
}

TEST(QuantizePerTensor, Int16ForCortexM) {
  Values v;
  // scale 1/32768 as float is 2^-15 exactly: 0.5 -> 16384; 1.0 -> 32768 -> clamped 32767; -1 -> -32768.
  auto* in = v.tensor<float>(ScalarType::kFloat, {3}, {0.5f, 1.0f, -1.0f});
  auto* out = v.out(ScalarType::kShort, {3});
  ASSERT_TRUE(call("cortex_m::quantize_per_tensor.out",
                   {in, v.d(1.0 / 32768.0), v.i(0), v.i(-32768), v.i(32767), v.i(kInt16), out, out}).ok());
  EXPECT_EQ(data_of<int16_t>(out), (std::vector<int16_t>{16384, 32767, -32768}));
}

TEST(QuantizePerTensor, RejectsMismatchedDtype) {
  Values v;
  auto* in = v.tensor<float>(ScalarType::kFloat, {1}, {1.0f});
  auto* out = v.out(ScalarType::kByte, {1});
  const Status s = call("cortex_m::quantize_per_tensor.out", {in, v.d(1.0), v.i(0), v.i(0), v.i(255), v.i(kInt8), out, out});
  EXPECT_EQ(s.code, Error::kInvalidArgument);
}

TEST(QuantizePerTensor, RejectsWrongArgumentCount) {
  Values v;
  auto* in = v.tensor<float>(ScalarType::kFloat, {1}, {1.0f});
  auto* out = v.out(ScalarType::kChar, {1});
  // cortex_m::dequantize has no out_dtype slot: 9 arguments is wrong for it.
  const Status s = call("cortex_m::dequantize_per_tensor.out",
                        {in, v.d(1.0), v.i(0), v.i(-128), v.i(127), v.i(kInt8), v.none(), out, out});
  EXPECT_EQ(s.code, Error::kInvalidArgument);
}

TEST(DequantizePerTensor, QuantizedDecomposedWithOutDtypeSlot) {
  Values v;
  // (q - zp) * 0.5 with zp -128: -128 -> 0, 127 -> 127.5, 0 -> 64.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {3}, {-128, 127, 0});
  auto* out = v.out(ScalarType::kFloat, {3});
  ASSERT_TRUE(call("quantized_decomposed::dequantize_per_tensor.out",
                   {in, v.d(0.5), v.i(-128), v.i(-128), v.i(127), v.i(kInt8), v.none(), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{0.0f, 127.5f, 64.0f}));
}

TEST(DequantizePerTensor, CortexMInt16) {
  Values v;
  // (q - 10) * 0.25: 10 -> 0, -32768 -> -8194.5, 32767 -> 8189.25.
  auto* in = v.tensor<int16_t>(ScalarType::kShort, {3}, {10, -32768, 32767});
  auto* out = v.out(ScalarType::kFloat, {3});
  ASSERT_TRUE(call("cortex_m::dequantize_per_tensor.out",
                   {in, v.d(0.25), v.i(10), v.i(-32768), v.i(32767), v.i(kInt16), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{0.0f, -8194.5f, 8189.25f}));
}

TEST(DequantizePerTensor, ScaleIsUsedAsFloat) {
  Values v;
  // The product is taken in float with scale rounded to float first: 9 * (float)0.1 =
  // 9 * 0.100000001490116 = 0.900000013411 -> float 0.90000003576. Computing 9 * 0.1 in double
  // and rounding would give 0.89999997616 instead.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1}, {9});
  auto* out = v.out(ScalarType::kFloat, {1});
  ASSERT_TRUE(call("cortex_m::dequantize_per_tensor.out", {in, v.d(0.1), v.i(0), v.i(-128), v.i(127), v.i(kInt8), out, out}).ok());
  EXPECT_EQ(data_of<float>(out)[0], 0.9000000357627869f);
  EXPECT_NE(data_of<float>(out)[0], 0.8999999761581421f);
}

TEST(QuantizePerTensor, TensorOutVariantsTakeOneElementTensors) {
  Values v;
  // Same maths as .out with scale 0.5 (double tensor) and zp 3 (int64 tensor): 1.25 -> 2.5 -> 2 -> 5.
  auto* in = v.tensor<float>(ScalarType::kFloat, {1}, {1.25f});
  auto* scale = v.tensor<double>(ScalarType::kDouble, {1}, {0.5});
  auto* zp = v.tensor<int64_t>(ScalarType::kLong, {1}, {3});
  auto* q = v.out(ScalarType::kChar, {1});
  ASSERT_TRUE(call("quantized_decomposed::quantize_per_tensor.Tensor_out",
                   {in, scale, zp, v.i(-128), v.i(127), v.i(kInt8), q, q}).ok());
  EXPECT_EQ(data_of<int8_t>(q), (std::vector<int8_t>{5}));
  // Back: (5 - 3) * 0.5 = 1.0.
  auto* y = v.out(ScalarType::kFloat, {1});
  ASSERT_TRUE(call("quantized_decomposed::dequantize_per_tensor.Tensor_out",
                   {q, scale, zp, v.i(-128), v.i(127), v.i(kInt8), v.none(), y, y}).ok());
  EXPECT_EQ(data_of<float>(y), (std::vector<float>{1.0f}));
  auto* two = v.tensor<double>(ScalarType::kDouble, {2}, {0.5, 0.5});
  EXPECT_EQ(call("quantized_decomposed::quantize_per_tensor.Tensor_out", {in, two, zp, v.i(-128), v.i(127), v.i(kInt8), q, q}).code,
            Error::kInvalidArgument);
}

TEST(QuantizePerChannel, AxisOneRowMajor) {
  Values v;
  // [2,2], axis 1: channel 0 scale 0.5 zp 0 (inv 2), channel 1 scale 0.25 zp 1 (inv 4).
  // [[1, 1], [0.75, -0.3]] -> [[2, 4+1], [1.5->2, -1.2->-1 +1 = 0]]
  auto* in = v.tensor<float>(ScalarType::kFloat, {2, 2}, {1.0f, 1.0f, 0.75f, -0.3f});
  auto* scales = v.tensor<double>(ScalarType::kDouble, {2}, {0.5, 0.25});
  auto* zps = v.tensor<int64_t>(ScalarType::kLong, {2}, {0, 1});
  auto* out = v.out(ScalarType::kChar, {2, 2});
  ASSERT_TRUE(call("quantized_decomposed::quantize_per_channel.out",
                   {in, scales, zps, v.i(1), v.i(-128), v.i(127), v.i(kInt8), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{2, 5, 2, 0}));
}

TEST(QuantizePerChannel, ChannelsLastLayout) {
  Values v;
  // sizes [1,2,1,2] (N,C,H,W), dim order [0,2,3,1]: memory holds (w0:c0,c1)(w1:c0,c1).
  // Scales per C: [1.0, 0.5] -> inv [1, 2]; all ones -> memory [1, 2, 1, 2].
  auto* in = v.tensor<float>(ScalarType::kFloat, {1, 2, 1, 2}, {1, 1, 1, 1}, {0, 2, 3, 1});
  auto* scales = v.tensor<double>(ScalarType::kDouble, {2}, {1.0, 0.5});
  auto* zps = v.tensor<int64_t>(ScalarType::kLong, {2}, {0, 0});
  auto* out = v.out(ScalarType::kChar, {1, 2, 1, 2}, {0, 2, 3, 1});
  ASSERT_TRUE(call("quantized_decomposed::quantize_per_channel.out",
                   {in, scales, zps, v.i(1), v.i(-128), v.i(127), v.i(kInt8), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{1, 2, 1, 2}));
}

TEST(DequantizePerChannel, NoZeroPoints) {
  Values v;
  // axis 0 of [2,2], scales [2.0, 0.5] (float tensor), zero points None: [[1,-1],[3,4]] -> [[2,-2],[1.5,2]].
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {2, 2}, {1, -1, 3, 4});
  auto* scales = v.tensor<float>(ScalarType::kFloat, {2}, {2.0f, 0.5f});
  auto* out = v.out(ScalarType::kFloat, {2, 2});
  ASSERT_TRUE(call("quantized_decomposed::dequantize_per_channel.out",
                   {in, scales, v.none(), v.i(0), v.i(-128), v.i(127), v.i(kInt8), v.none(), out, out}).ok());
  EXPECT_EQ(data_of<float>(out), (std::vector<float>{2.0f, -2.0f, 1.5f, 2.0f}));
}

}  // namespace
}  // namespace corsim::rt::test
