// cortex_m kernels against CMSIS-NN's TFLite-generated reference vectors (cmsis_reference_vectors.h).
// The cortex_m argument conventions differ from CMSIS only in naming: CMSIS "offsets" of inputs are
// -zero_point for quantized_add/mul, and are passed as-is for conv/linear.
#include "tests/runtime/cmsis_reference_vectors.h"
#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

using namespace cmsis_ref;
const std::vector<uint8_t> kNhwc = {0, 2, 3, 1};

int32_t i32(int64_t v) { return static_cast<int32_t>(v); }

TEST(CmsisReference, ElementwiseAdd) {
  Values v;
  const int32_t n = i32(k_ADD_DST_SIZE);
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {n}, add_input1);
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {n}, add_input2);
  auto* out = v.out(ScalarType::kChar, {n});
  ASSERT_TRUE(call("cortex_m::quantized_add.out",
                   {a, v.i(-k_ADD_INPUT1_OFFSET), v.i(k_ADD_INPUT1_MULT), v.i(k_ADD_INPUT1_SHIFT), b, v.i(-k_ADD_INPUT2_OFFSET),
                    v.i(k_ADD_INPUT2_MULT), v.i(k_ADD_INPUT2_SHIFT), v.i(k_ADD_OUTPUT_OFFSET), v.i(k_ADD_OUTPUT_MULT),
                    v.i(k_ADD_OUTPUT_SHIFT), v.i(k_ADD_OUT_ACTIVATION_MIN), v.i(k_ADD_OUT_ACTIVATION_MAX), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), add_output_ref);
}

TEST(CmsisReference, ElementwiseMul) {
  Values v;
  const int32_t n = i32(k_MUL_DST_SIZE);
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {n}, mul_input1);
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {n}, mul_input2);
  auto* out = v.out(ScalarType::kChar, {n});
  ASSERT_TRUE(call("cortex_m::quantized_mul.out", {a, v.i(-k_MUL_INPUT1_OFFSET), b, v.i(-k_MUL_INPUT2_OFFSET), v.i(k_MUL_OUTPUT_OFFSET),
                                                   v.i(k_MUL_OUTPUT_MULT), v.i(k_MUL_OUTPUT_SHIFT), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), mul_output_ref);
}

TEST(CmsisReference, FullyConnected) {
  Values v;
  const int32_t batches = i32(k_FULLY_CONNECTED_INPUT_BATCHES), depth = i32(k_FULLY_CONNECTED_ACCUMULATION_DEPTH);
  const int32_t out_ch = i32(k_FULLY_CONNECTED_OUT_CH);
  auto* x = v.tensor<int8_t>(ScalarType::kChar, {batches, depth}, fully_connected_input);
  auto* w = v.tensor<int8_t>(ScalarType::kChar, {out_ch, depth}, fully_connected_weights);
  auto* bias = v.tensor<int32_t>(ScalarType::kInt, {out_ch}, fully_connected_biases);
  auto* out = v.out(ScalarType::kChar, {batches, out_ch});
  ASSERT_TRUE(call("cortex_m::quantized_linear.out",
                   {x, w, bias, v.none(), v.i(k_FULLY_CONNECTED_INPUT_OFFSET), v.i(k_FULLY_CONNECTED_FILTER_OFFSET),
                    v.i(k_FULLY_CONNECTED_OUTPUT_OFFSET), v.ints({k_FULLY_CONNECTED_OUTPUT_MULTIPLIER}),
                    v.ints({k_FULLY_CONNECTED_OUTPUT_SHIFT}), v.i(k_FULLY_CONNECTED_OUT_ACTIVATION_MAX),
                    v.i(k_FULLY_CONNECTED_OUT_ACTIVATION_MIN), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), fully_connected_output_ref);
}

struct ConvCase {
  int64_t batches, in_ch, in_h, in_w, out_ch, out_h, out_w, k_h, k_w, s_h, s_w, p_h, p_w, d_h, d_w, in_off, out_off, lo, hi;
};

Status run_conv(Values& v, const ConvCase& c, const std::vector<int8_t>& input, const std::vector<int8_t>& weights,
                const std::vector<int32_t>& biases, const std::vector<int32_t>& mults, const std::vector<int32_t>& shifts,
                int64_t depth_multiplier, EValue*& out) {
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {i32(c.batches), i32(c.in_ch), i32(c.in_h), i32(c.in_w)}, input, kNhwc);
  auto* w = depth_multiplier == 0
                ? v.tensor<int8_t>(ScalarType::kChar, {i32(c.out_ch), i32(c.k_h), i32(c.k_w), i32(c.in_ch)}, weights)
                : v.tensor<int8_t>(ScalarType::kChar, {1, i32(c.k_h), i32(c.k_w), i32(c.out_ch)}, weights);
  auto* bias = v.tensor<int32_t>(ScalarType::kInt, {i32(c.out_ch)}, biases);
  auto* m = v.tensor<int32_t>(ScalarType::kInt, {i32(c.out_ch)}, mults);
  auto* s = v.tensor<int32_t>(ScalarType::kInt, {i32(c.out_ch)}, shifts);
  auto* scratch = v.out(ScalarType::kChar, {0});
  out = v.out(ScalarType::kChar, {i32(c.batches), i32(c.out_ch), i32(c.out_h), i32(c.out_w)}, kNhwc);
  std::vector<EValue*> args = {in, w, bias, v.ints({c.s_h, c.s_w}), v.ints({c.p_h, c.p_w}), v.ints({c.d_h, c.d_w})};
  if (depth_multiplier != 0) args.push_back(v.i(depth_multiplier));
  for (EValue* e : {v.i(c.in_off), v.i(c.out_off), m, s, v.i(c.lo), v.i(c.hi), scratch, out, out}) args.push_back(e);
  return call(depth_multiplier == 0 ? "cortex_m::quantized_conv2d.out" : "cortex_m::quantized_depthwise_conv2d.out", args);
}

TEST(CmsisReference, ConvolveBasic) {
  Values v;
  const ConvCase c{k_BASIC_INPUT_BATCHES, k_BASIC_IN_CH, k_BASIC_INPUT_H, k_BASIC_INPUT_W, k_BASIC_OUT_CH, k_BASIC_OUTPUT_H,
                   k_BASIC_OUTPUT_W, k_BASIC_FILTER_Y, k_BASIC_FILTER_X, k_BASIC_STRIDE_Y, k_BASIC_STRIDE_X, k_BASIC_PAD_Y,
                   k_BASIC_PAD_X, k_BASIC_DILATION_Y, k_BASIC_DILATION_X, k_BASIC_INPUT_OFFSET, k_BASIC_OUTPUT_OFFSET,
                   k_BASIC_OUT_ACTIVATION_MIN, k_BASIC_OUT_ACTIVATION_MAX};
  EValue* out = nullptr;
  ASSERT_TRUE(run_conv(v, c, basic_input, basic_weights, basic_biases, basic_output_mult, basic_output_shift, 0, out).ok());
  EXPECT_EQ(data_of<int8_t>(out), basic_output_ref);
}

TEST(CmsisReference, ConvolvePaddedMultiChannel) {
  Values v;
  const ConvCase c{k_CONV_2_INPUT_BATCHES, k_CONV_2_IN_CH, k_CONV_2_INPUT_H, k_CONV_2_INPUT_W, k_CONV_2_OUT_CH, k_CONV_2_OUTPUT_H,
                   k_CONV_2_OUTPUT_W, k_CONV_2_FILTER_Y, k_CONV_2_FILTER_X, k_CONV_2_STRIDE_Y, k_CONV_2_STRIDE_X, k_CONV_2_PAD_Y,
                   k_CONV_2_PAD_X, k_CONV_2_DILATION_Y, k_CONV_2_DILATION_X, k_CONV_2_INPUT_OFFSET, k_CONV_2_OUTPUT_OFFSET,
                   k_CONV_2_OUT_ACTIVATION_MIN, k_CONV_2_OUT_ACTIVATION_MAX};
  EValue* out = nullptr;
  ASSERT_TRUE(run_conv(v, c, conv_2_input, conv_2_weights, conv_2_biases, conv_2_output_mult, conv_2_output_shift, 0, out).ok());
  EXPECT_EQ(data_of<int8_t>(out), conv_2_output_ref);
}

TEST(CmsisReference, DepthwiseStridedWithMultiplier) {
  Values v;
  const ConvCase c{k_DEPTHWISE_2_INPUT_BATCHES, k_DEPTHWISE_2_IN_CH, k_DEPTHWISE_2_INPUT_H, k_DEPTHWISE_2_INPUT_W,
                   k_DEPTHWISE_2_OUT_CH, k_DEPTHWISE_2_OUTPUT_H, k_DEPTHWISE_2_OUTPUT_W, k_DEPTHWISE_2_FILTER_Y,
                   k_DEPTHWISE_2_FILTER_X, k_DEPTHWISE_2_STRIDE_Y, k_DEPTHWISE_2_STRIDE_X, k_DEPTHWISE_2_PAD_Y,
                   k_DEPTHWISE_2_PAD_X, k_DEPTHWISE_2_DILATION_Y, k_DEPTHWISE_2_DILATION_X, k_DEPTHWISE_2_INPUT_OFFSET,
                   k_DEPTHWISE_2_OUTPUT_OFFSET, k_DEPTHWISE_2_OUT_ACTIVATION_MIN, k_DEPTHWISE_2_OUT_ACTIVATION_MAX};
  EValue* out = nullptr;
  ASSERT_TRUE(run_conv(v, c, depthwise_2_input, depthwise_2_weights, depthwise_2_biases, depthwise_2_output_mult,
                       depthwise_2_output_shift, k_DEPTHWISE_2_CH_MULT, out).ok());
  EXPECT_EQ(data_of<int8_t>(out), depthwise_2_output_ref);
}

TEST(CmsisReference, AvgPool) {
  Values v;
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, i32(k_AVGPOOLING_2_INPUT_C), i32(k_AVGPOOLING_2_INPUT_H), i32(k_AVGPOOLING_2_INPUT_W)},
                              avgpooling_2_input_tensor, kNhwc);
  auto* scratch = v.out(ScalarType::kChar, {0});
  auto* out = v.out(ScalarType::kChar, {1, i32(k_AVGPOOLING_2_OUTPUT_C), i32(k_AVGPOOLING_2_OUTPUT_H), i32(k_AVGPOOLING_2_OUTPUT_W)}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_avg_pool2d.out",
                   {in, v.ints({k_AVGPOOLING_2_FILTER_H, k_AVGPOOLING_2_FILTER_W}), v.ints({k_AVGPOOLING_2_STRIDE_H, k_AVGPOOLING_2_STRIDE_W}),
                    v.ints({k_AVGPOOLING_2_PADDING_H, k_AVGPOOLING_2_PADDING_W}), v.b(false), v.i(0), v.i(0), v.i(0), scratch, out,
                    out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), avgpooling_2_output);
}

TEST(CmsisReference, MaxPool) {
  Values v;
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, i32(k_MAXPOOLING_2_INPUT_C), i32(k_MAXPOOLING_2_INPUT_H), i32(k_MAXPOOLING_2_INPUT_W)},
                              maxpooling_2_input_tensor, kNhwc);
  auto* out = v.out(ScalarType::kChar, {1, i32(k_MAXPOOLING_2_OUTPUT_C), i32(k_MAXPOOLING_2_OUTPUT_H), i32(k_MAXPOOLING_2_OUTPUT_W)}, kNhwc);
  ASSERT_TRUE(call("cortex_m::quantized_max_pool2d.out",
                   {in, v.ints({k_MAXPOOLING_2_FILTER_H, k_MAXPOOLING_2_FILTER_W}), v.ints({k_MAXPOOLING_2_STRIDE_H, k_MAXPOOLING_2_STRIDE_W}),
                    v.ints({k_MAXPOOLING_2_PADDING_H, k_MAXPOOLING_2_PADDING_W}), v.ints({1, 1}), v.b(false), v.i(0), v.i(0),
                    v.i(k_MAXPOOLING_2_ACTIVATION_MIN), v.i(k_MAXPOOLING_2_ACTIVATION_MAX), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), maxpooling_2_output);
}

}  // namespace
}  // namespace corsim::rt::test
