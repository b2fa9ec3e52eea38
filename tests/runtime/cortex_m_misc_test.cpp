// cortex_m pad / transpose / minimum / maximum / quantized_activation, hand-computed.
#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

const std::vector<uint8_t> kNhwc = {0, 2, 3, 1};

TEST(CortexMPad, NhwcPadsInMemoryOrder) {
  Values v;
  // NHWC [N=1, C=2, H=1, W=1] memory {5, 6}; pre (n,h,w,c) = (0,1,0,0), post = (0,0,1,1), value -1.
  // Out memory dims (1, 2, 2, 3): row h=0 all -1; h=1: w=0 -> {5, 6, -1}, w=1 -> {-1,-1,-1}.
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 1, 1}, {5, 6}, kNhwc);
  auto* out = v.out(ScalarType::kChar, {1, 3, 2, 2}, kNhwc);
  ASSERT_TRUE(call("cortex_m::pad.out", {in, v.ints({0, 1, 0, 0}), v.ints({0, 0, 1, 1}), v.i(-1), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-1, -1, -1, -1, -1, -1, 5, 6, -1, -1, -1, -1}));
}

TEST(CortexMTranspose, SwapsLastTwo) {
  Values v;
  // [1,2,3] values 0..5, perm (0,2,1) -> [1,3,2]: [[0,3],[1,4],[2,5]].
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, 2, 3}, {0, 1, 2, 3, 4, 5});
  auto* out = v.out(ScalarType::kChar, {1, 3, 2});
  ASSERT_TRUE(call("cortex_m::transpose.out", {in, v.ints({0, 2, 1}), out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{0, 3, 1, 4, 2, 5}));
}

TEST(CortexMMinMax, Broadcast) {
  Values v;
  auto* a = v.tensor<int8_t>(ScalarType::kChar, {2, 2}, {-5, 3, 7, -128});
  auto* b = v.tensor<int8_t>(ScalarType::kChar, {2}, {0, 4});
  auto* out = v.out(ScalarType::kChar, {2, 2});
  ASSERT_TRUE(call("cortex_m::maximum.out", {a, b, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{0, 4, 7, 4}));
  ASSERT_TRUE(call("cortex_m::minimum.out", {a, b, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-5, 3, 0, -128}));
}

TEST(CortexMActivation, LookupByValuePlus128) {
  Values v;
  // LUT entry i holds (i - 128) / 2 truncated: x = -128 -> index 0 -> -64; 0 -> 128 -> 0; 127 -> 255 -> 63.
  std::vector<int8_t> lut(256);
  for (int i = 0; i < 256; ++i) lut[i] = static_cast<int8_t>((i - 128) / 2);
  auto* in = v.tensor<int8_t>(ScalarType::kChar, {3}, {-128, 0, 127});
  auto* t = v.tensor<int8_t>(ScalarType::kChar, {256}, lut);
  auto* out = v.out(ScalarType::kChar, {3});
  ASSERT_TRUE(call("cortex_m::quantized_activation.out", {in, t, out, out}).ok());
  EXPECT_EQ(data_of<int8_t>(out), (std::vector<int8_t>{-64, 0, 63}));
}

}  // namespace
}  // namespace corsim::rt::test
