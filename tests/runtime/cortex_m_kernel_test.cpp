// cortex_m:: quantized kernels and the CMSIS-NN fixed-point helpers, against hand computations.
// Q31 multipliers: 2^30 is 0.5, 2^31-1 is just under 1.0.
#include "runtime/kernels/cmsis_math.h"
#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

constexpr int64_t kHalf = int64_t{1} << 30;
constexpr int64_t kOne = (int64_t{1} << 31) - 1;
const std::vector<uint8_t> kNhwc = {0, 2, 3, 1};

TEST(CmsisMath, Requantize) {
  using kernels::cmsis::requantize;
  EXPECT_EQ(requantize(100, kHalf, 0), 50);   // (100*2^30 + 2^30) >> 31 = floor(50.5) = 50
  EXPECT_EQ(requantize(3, kHalf, 0), 2);      // 1.5 rounds up
  EXPECT_EQ(requantize(-3, kHalf, 0), -1);    // -1.5 rounds up too (constant 2^30 added): -1
  EXPECT_EQ(requantize(6, kHalf, -1), 2);     // high mult 3, then 3/2 = 1.5 -> away from zero: 2
  EXPECT_EQ(requantize(-6, kHalf, -1), -2);   // high mult floor(-2.5) = -3, then -1.5 -> -2
  EXPECT_EQ(requantize(5, kHalf, 2), 10);     // left shift 2: 20 * 0.5
  EXPECT_EQ(requantize(1000, static_cast<int32_t>(kOne), 0), 1000);  // 999.9999995 + 0.5 floors to 1000
}

TEST(CmsisMath, DivideByPowerOfTwoRoundsAwayFromZero) {
  using kernels::cmsis::divide_by_power_of_two;
  EXPECT_EQ(divide_by_power_of_two(5, 1), 3);    // 2.5 -> 3
  EXPECT_EQ(divide_by_power_of_two(-5, 1), -3);  // -2.5 -> -3
  EXPECT_EQ(divide_by_power_of_two(-6, 2), -2);  // -1.5 -> -2
  EXPECT_EQ(divide_by_power_of_two(-5, 2), -1);  // -1.25 -> -1
  EXPECT_EQ(divide_by_power_of_two(7, 0), 7);
}

TEST(QuantizedAdd, ElementwiseRoundingAndClamp) {
  Values v;
  // zp 0, both inputs scaled by 0.5 after <<20; out mult 0.5, shift -20, out zp 5, range [-100, 60].
  // (10, 20): 5242880 + 10485760 = 15728640 -> 7864320 -> /2^20 = 7.5 -> 8 -> +5 = 13
  // (-11, 0): -5767168 -> -2883584 -> -2.75 -> -3 -> +5 = 2
  // (127, 127): 133169152 -> 66584576 -> 63.5 -> 64 -> +5 = 69 -> clamped 60
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {3}, {10, -11, 127});
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {3}, {20, 0, 127});
  auto* out = v.out(ScalarType::kChar, {3});
  ASSERT_TRUE(call("cortex_m::quantized_add.out", {a, v.i(0), v.i(kHalf), v.i(0), b, v.i(0), v.i(kHalf), v.i(0), v.i(5),
                                                   v.i(kHalf), v.i(-20), v.i(-100), v.i(60), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{13, 2, 60}));
}

TEST(QuantizedAdd, ZeroPointsAreSubtracted) {
  Values v;
  // zp1 = -128: 127 - (-128) = 255; zp2 = 10: 10 - 10 = 0. Same scaling as above, out zp -128:
  // 255 -> 127.5*2^20 ... sum = 133693440 -> 66846720 -> /2^20 = 63.75 -> 64 -> -128 + 64 = -64.
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {1}, {127});
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {1}, {10});
  auto* out = v.out(ScalarType::kChar, {1});
  ASSERT_TRUE(call("cortex_m::quantized_add.out", {a, v.i(-128), v.i(kHalf), v.i(0), b, v.i(10), v.i(kHalf), v.i(0),
                                                   v.i(-128), v.i(kHalf), v.i(-20), v.i(-128), v.i(127), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-64}));
}

TEST(QuantizedAdd, ChannelBroadcastChannelsLast) {
  Values v;
  // a [1,2,1,2] NHWC memory (w0: c0=4, c1=8)(w1: c0=12, c1=16); b [1,2,1,1] = {c0: 4, c1: 0}.
  // With the scaling above and zp 0, out = round((x + y) / 4): (8/4, 8/4, 16/4, 16/4) = 2, 2, 4, 4.
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 1, 2}, {4, 8, 12, 16}, kNhwc);
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 1, 1}, {4, 0}, kNhwc);
  auto* out = v.out(ScalarType::kChar, {1, 2, 1, 2}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_add.out", {a, v.i(0), v.i(kHalf), v.i(0), b, v.i(0), v.i(kHalf), v.i(0), v.i(0),
                                                   v.i(kHalf), v.i(-20), v.i(-128), v.i(127), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{2, 2, 4, 4}));
}

TEST(QuantizedAdd, RejectsGeneralBroadcast) {
  Values v;
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2, 2}, {1, 2, 3, 4});
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {2}, {1, 2});
  auto* out = v.out(ScalarType::kChar, {2, 2});
  EXPECT_EQ(call("cortex_m::quantized_add.out", {a, v.i(0), v.i(kHalf), v.i(0), b, v.i(0), v.i(kHalf), v.i(0), v.i(0),
                                                 v.i(kHalf), v.i(-20), v.i(-128), v.i(127), out, out}).code,
            Error::kInvalidArgument);
}

TEST(QuantizedMul, RequantizesProduct) {
  Values v;
  // (10 - 2) * (-4 - 0) = -32 -> mult 0.5: floor(-16 + 0.5) = -16 -> shift -1: -8 -> + 3 = -5
  // (127 + 128) * (127 + 128) with zp -128 needs a second call; here (-128 - 2) * (0) = 0 -> 3.
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2}, {10, -128});
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {2}, {-4, 0});
  auto* out = v.out(ScalarType::kChar, {2});
  ASSERT_TRUE(call("cortex_m::quantized_mul.out", {a, v.i(2), b, v.i(0), v.i(3), v.i(kHalf), v.i(-1), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-5, 3}));
  // Saturation: 255 * 255 = 65025 -> 32512.5 -> 32513 (floor of +0.5) -> /2 = 16256.5 -> 16257 -> clamp 127.
  auto* c = v.tensor<int8_t>(ScalarType::kChar, {1}, {127});
  auto* o2 = v.out(ScalarType::kChar, {1});
  ASSERT_TRUE(call("cortex_m::quantized_mul.out", {c, v.i(-128), c, v.i(-128), v.i(3), v.i(kHalf), v.i(-1), o2, o2}).ok());
  EXPECT_EQ(data_of<int8_t>(o2), (std::vector<int8_t>{127}));
}

TEST(QuantizedLinear, BiasOffsetsAndRequantize) {
  Values v;
  // x = [1,2,3] + input_offset 1 = [2,3,4]; W = [[1,0,-1],[2,2,2]]; bias [10,-5].
  // acc0 = 10 + 2 - 4 = 8 -> 0.5: floor(4.5) = 4 -> -3 = 1
  // acc1 = -5 + 4 + 6 + 8 = 13 -> floor(7.0) = 7 -> -3 = 4
  auto* x = v.tensor<int8_t>(ScalarType::kChar, {1, 3}, {1, 2, 3});
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {2, 3}, {1, 0, -1, 2, 2, 2});
  auto* bias = v.tensor<int32_t>(ScalarType::kInt, {2}, {10, -5});
  auto* out = v.out(ScalarType::kChar, {1, 2});
  ASSERT_TRUE(call("cortex_m::quantized_linear.out", {x, w, bias, v.none(), v.i(1), v.i(0), v.i(-3), v.ints({kHalf}),
                                                      v.ints({0}), v.i(127), v.i(-128), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{1, 4}));
  // filter_offset 1: W + 1 = [[2,1,0],[3,3,3]]: acc0 = 10 + 4 + 3 = 17 -> 9 -> 6; acc1 = -5 + 27 = 22 -> 11 -> 8.
  // act_max 7 clamps the second.
  ASSERT_TRUE(call("cortex_m::quantized_linear.out", {x, w, bias, v.none(), v.i(1), v.i(1), v.i(-3), v.ints({kHalf}),
                                                      v.ints({0}), v.i(7), v.i(-128), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{6, 7}));
}

TEST(QuantizedConv2d, ValidWindows) {
  Values v;
  // 3x3 input 1..9, 2x2 kernel of ones: window sums 12, 16, 24, 28; input_offset 1 adds 4 each:
  // 16, 20, 28, 32; mult 0.5 -> 8, 10, 14, 16.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, kNhwc);
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 2, 1}, {1, 1, 1, 1});
  auto* bias = v.tensor<int32_t>(ScalarType::kInt, {1}, {0});
  auto* mults = v.tensor<int32_t>(ScalarType::kInt, {1}, {static_cast<int32_t>(kHalf)});
  auto* shifts = v.tensor<int32_t>(ScalarType::kInt, {1}, {0});
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 1, 2, 2}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_conv2d.out", {in, w, bias, v.ints({1, 1}), v.ints({0, 0}), v.ints({1, 1}), v.i(1),
                                                      v.i(0), mults, shifts, v.i(-128), v.i(127), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{8, 10, 14, 16}));
}

TEST(QuantizedConv2d, PaddingContributesNothing) {
  Values v;
  // 3x3 kernel of ones, stride 2, padding 1 on the 3x3 input: each window holds 4 real elements
  // (12, 16, 24, 28); input_offset 1 adds 4 (only real elements): 16, 20, 28, 32 -> 8, 10, 14, 16.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, kNhwc);
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {1, 3, 3, 1}, {1, 1, 1, 1, 1, 1, 1, 1, 1});
  auto* mults = v.tensor<int32_t>(ScalarType::kInt, {1}, {static_cast<int32_t>(kHalf)});
  auto* shifts = v.tensor<int32_t>(ScalarType::kInt, {1}, {0});
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 1, 2, 2}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_conv2d.out", {in, w, v.none(), v.ints({2, 2}), v.ints({1, 1}), v.ints({1, 1}),
                                                      v.i(1), v.i(0), mults, shifts, v.i(-128), v.i(127), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{8, 10, 14, 16}));
}

TEST(QuantizedConv2d, PerChannelRequantizeChannelsLast) {
  Values v;
  // One pixel, channels (3, 5); OHWI weights oc0 = [1, 1], oc1 = [2, -1]: acc 8 and 1.
  // oc0: mult 0.5 shift 0 -> 4. oc1: mult 2^31-1 shift 1: 1<<1 = 2, (2*(2^31-1) + 2^30) >> 31 = 2.
  // Output offset -1: 3, 1.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 1, 1}, {3, 5}, kNhwc);
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {2, 1, 1, 2}, {1, 1, 2, -1});
  auto* mults = v.tensor<int32_t>(ScalarType::kInt, {2}, {static_cast<int32_t>(kHalf), static_cast<int32_t>(kOne)});
  auto* shifts = v.tensor<int32_t>(ScalarType::kInt, {2}, {0, 1});
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 2, 1, 1}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_conv2d.out", {in, w, v.none(), v.ints({1, 1}), v.ints({0, 0}), v.ints({1, 1}),
                                                      v.i(0), v.i(-1), mults, shifts, v.i(-128), v.i(127), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{3, 1}));
}

TEST(QuantizedDepthwiseConv2d, PerChannelKernels) {
  Values v;
  // 2x2x2 NHWC input (h,w,c): (1,10)(2,20)(3,30)(4,40); 2x2 kernels: c0 all 1, c1 all -1
  // (weights [1,KH,KW,C] memory: 1,-1,1,-1,...). Sums 10 and -100; mult 0.5 -> 5, -50; +1 -> 6, -49.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 2, 2}, {1, 10, 2, 20, 3, 30, 4, 40}, kNhwc);
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 2, 2}, {1, -1, 1, -1, 1, -1, 1, -1});
  auto* mults = v.tensor<int32_t>(ScalarType::kInt, {2}, {static_cast<int32_t>(kHalf), static_cast<int32_t>(kHalf)});
  auto* shifts = v.tensor<int32_t>(ScalarType::kInt, {2}, {0, 0});
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 2, 1, 1}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_depthwise_conv2d.out",
                   {in, w, v.none(), v.ints({1, 1}), v.ints({0, 0}), v.ints({1, 1}), v.i(1), v.i(0), v.i(1), mults, shifts,
                    v.i(-128), v.i(127), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{6, -49}));
}

TEST(QuantizedDepthwiseConv2d, DepthMultiplierTwo) {
  Values v;
  // One channel 7, multiplier 2, kernels [1] and [-2]: 7 and -14; mult 2^31-1:
  // 7 -> floor(7 - 7/2^31 + 0.5) = 7; -14 -> floor(-14 + 14/2^31 + 0.5) = -14.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 1, 1}, {7}, kNhwc);
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 1, 2}, {1, -2});
  auto* bias = v.tensor<int32_t>(ScalarType::kInt, {2}, {0, 0});
  auto* mults = v.tensor<int32_t>(ScalarType::kInt, {2}, {static_cast<int32_t>(kOne), static_cast<int32_t>(kOne)});
  auto* shifts = v.tensor<int32_t>(ScalarType::kInt, {2}, {0, 0});
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 2, 1, 1}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_depthwise_conv2d.out",
                   {in, w, bias, v.ints({1, 1}), v.ints({0, 0}), v.ints({1, 1}), v.i(2), v.i(0), v.i(0), mults, shifts,
                    v.i(-128), v.i(127), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{7, -14}));
}

TEST(QuantizedAvgPool2d, RoundsHalfAwayFromZero) {
  Values v;
  // 2x2 windows of 1..9: 12/4 = 3, 16/4 = 4, 24/4 = 6, 28/4 = 7.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, kNhwc);
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 1, 2, 2}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_avg_pool2d.out", {in, v.ints({2, 2}), v.ints({1, 1}), v.ints({0, 0}), v.b(false),
                                                          v.i(0), v.i(0), v.i(0), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{3, 4, 6, 7}));
  // 1x2 windows: (-3 + -2) = -5 -> (-5 - 1) / 2 = -3; (3 + 2) = 5 -> (5 + 1) / 2 = 3.
  auto* in2 = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 2, 2}, {-3, -2, 3, 2}, kNhwc);
  auto* out2 = v.out(ScalarType::kChar, {1, 1, 2, 1}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_avg_pool2d.out", {in2, v.ints({1, 2}), v.ints({1, 2}), v.ints({0, 0}), v.b(false),
                                                          v.i(0), v.i(0), v.i(0), scratch, out2, out2}).ok());
  EXPECT_EQ(data_of<int8_t>(out2), (std::vector<int8_t>{-3, 3}));
}

TEST(QuantizedAvgPool2d, PaddingIsNotCounted) {
  Values v;
  // 2x2 input [1,2;3,4], 2x2 kernel, stride 2, padding 1: each window holds one real element.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 1, 2, 2}, {1, 2, 3, 4}, kNhwc);
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, 1, 2, 2}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_avg_pool2d.out", {in, v.ints({2, 2}), v.ints({2, 2}), v.ints({1, 1}), v.b(false),
                                                          v.i(0), v.i(0), v.i(0), scratch, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{1, 2, 3, 4}));
}

TEST(QuantizedMaxPool2d, ChannelsLastAndActivationClamp) {
  Values v;
  // NHWC [1,2,2,2] memory (h,w,c): c0 = 1,2,3,4; c1 = -8,-7,-6,-5. 2x2 window: max 4 and -5.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 2, 2}, {1, -8, 2, -7, 3, -6, 4, -5}, kNhwc);
  auto* out = v.out(ScalarType::kChar, {1, 2, 1, 1}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_max_pool2d.out", {in, v.ints({2, 2}), v.ints({2, 2}), v.ints({0, 0}), v.ints({1, 1}),
                                                          v.b(false), v.i(0), v.i(0), v.i(-128), v.i(127), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{4, -5}));
  // act range [-6, 3]: 4 -> 3, -5 stays.
  ASSERT_TRUE(call("cortex_m::quantized_max_pool2d.out", {in, v.ints({2, 2}), v.ints({2, 2}), v.ints({0, 0}), v.ints({1, 1}),
                                                          v.b(false), v.i(0), v.i(0), v.i(-6), v.i(3), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{3, -5}));
  // Mismatched zero points are rejected (the kernel requires equal ones).
  EXPECT_EQ(call("cortex_m::quantized_max_pool2d.out", {in, v.ints({2, 2}), v.ints({2, 2}), v.ints({0, 0}), v.ints({1, 1}),
                                                        v.b(false), v.i(0), v.i(1), v.i(-128), v.i(127), out, out}).code,
            Error::kInvalidArgument);
}

}  // namespace
}  // namespace corsim::rt::test
