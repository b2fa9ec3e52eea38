// cortex_m::softmax against a float softmax (an independent reference: the fixed-point kernel must
// land within one output step of it), plus hand-checkable exact cases.
#include <cmath>

#include "runtime/kernels/cmsis_softmax_math.h"
#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

TEST(CmsisSoftmaxMath, ExpAndReciprocal) {
  using namespace kernels::cmsis;
  EXPECT_EQ(exp_on_negative_values(0), INT32_MAX);
  // exp(-1) in Q0.31 = 0.36787944 * 2^31 = 790015084; exp(-0.125) = 0.88249690 -> 1895147668.
  // The fixed-point evaluation is accurate to about 1e-6 relative.
  EXPECT_NEAR(exp_on_negative_values(-(1 << 26)), 790015084, 800);
  EXPECT_NEAR(exp_on_negative_values(-(1 << 23)), 1895147668, 2000);
  // 1/(1+0) = 1: the function returns it as Q0.31 max (saturated); 1/(1+0.5) = 2/3 -> 1431655765.
  EXPECT_NEAR(one_over_one_plus_x_for_x_in_0_1(0), INT32_MAX, 2);
  EXPECT_NEAR(one_over_one_plus_x_for_x_in_0_1(1 << 30), 1431655765, 4);
  EXPECT_EQ(doubling_high_mult(INT32_MIN, INT32_MIN), INT32_MAX);
  // (a*b + nudge) / 2^31 truncated: 1.5 -> (3*2^30 + 2^30) / 2^31 = 2; -1.5 -> (-3*2^30 + 1 - 2^30) / 2^31
  // = -1.99999... -> -1; -1.75 -> (-7*2^29 + 1 - 2^30) / 2^31 = -2.2499... -> -2.
  EXPECT_EQ(doubling_high_mult(3, 1 << 30), 2);
  EXPECT_EQ(doubling_high_mult(-3, 1 << 30), -1);
  EXPECT_EQ(doubling_high_mult(-7, 1 << 29), -2);
  EXPECT_EQ(count_leading_zeros(1), 31);
}

TEST(CortexMSoftmax, WithinOneStepOfFloatSoftmax) {
  // TFLite encodes beta * input_scale * 2^(31 - 5) as (multiplier, left_shift): 1077952640 * 2^19
  // / 2^31 / 2^26 = 0.0039215... = 1/255. Output scale 1/256, zero point -128.
  const double beta_scale = 1077952640.0 * std::ldexp(1.0, 19) / std::ldexp(1.0, 31) / std::ldexp(1.0, 26);
  const std::vector<int8_t> x = {90, 40, 3, -30, -70, -80, -35, 110, -50, 127, 12, 12, 12, -128, 0};
  Values v;
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {3, 5}, x);
  auto* out = v.out(ScalarType::kChar, {3, 5});
  ASSERT_TRUE(call("cortex_m::softmax.out", {in, v.i(-1), v.i(0), v.i(-128), v.i(1077952640), v.i(19), v.i(-3968), out, out}).ok());
  const auto y = data_of<int8_t>(out);
  for (int row = 0; row < 3; ++row) {
    double sum = 0;
    for (int i = 0; i < 5; ++i) sum += std::exp((x[row * 5 + i] - 127) * beta_scale);
    for (int i = 0; i < 5; ++i) {
      const double p = std::exp((x[row * 5 + i] - 127) * beta_scale) / sum;
      EXPECT_NEAR(y[row * 5 + i], std::clamp(p * 256.0 - 128.0, -128.0, 127.0), 1.0) << "row " << row << " col " << i;
    }
  }
}

TEST(CortexMSoftmax, UniformRowAndDiffMin) {
  Values v;
  // Four equal entries: each gets 1/4 -> 0.25 * 256 - 128 = -64.
  // With diff_min 0 only the maximum counts: it gets 1.0 -> saturates at 127; the rest -128.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {2, 4}, {5, 5, 5, 5, 9, 1, 2, 3});
  auto* out = v.out(ScalarType::kChar, {2, 4});
  ASSERT_TRUE(call("cortex_m::softmax.out", {in, v.i(1), v.i(0), v.i(-128), v.i(1077952640), v.i(19), v.i(0), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-64, -64, -64, -64, 127, -128, -128, -128}));
}

TEST(CortexMSoftmax, RejectsOtherOutputZeroPointOrDim) {
  Values v;
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {2, 2}, {1, 2, 3, 4});
  auto* out = v.out(ScalarType::kChar, {2, 2});
  EXPECT_EQ(call("cortex_m::softmax.out", {in, v.i(-1), v.i(0), v.i(0), v.i(1 << 30), v.i(19), v.i(-100), out, out}).code,
            Error::kInvalidArgument);
  EXPECT_EQ(call("cortex_m::softmax.out", {in, v.i(0), v.i(0), v.i(-128), v.i(1 << 30), v.i(19), v.i(-100), out, out}).code,
            Error::kNotSupported);
}

}  // namespace
}  // namespace corsim::rt::test
