// cortex_m kernels against the independent host reference of tools/model_compiler/reference_ops (written from the
// TensorFlow Lite reference kernels' integer arithmetic; it shares no code with runtime/kernels) on
// seeded random shapes, parameters and data. Add and mul are checked against the TFLite int8
// formulas written out below (AddElementwise with left_shift 20; MulElementwise).
#include <random>

#include "tools/model_compiler/reference_ops.h"
#include "tests/runtime/kernel_test_util.h"

namespace corsim::rt::test {
namespace {

namespace ref = corsim::model_compiler::reference;
const std::vector<uint8_t> kNhwc = {0, 2, 3, 1};

class Random {
 public:
  explicit Random(uint32_t seed) : gen_(seed) {}
  int32_t range(int32_t lo, int32_t hi) { return std::uniform_int_distribution<int32_t>(lo, hi)(gen_); }
  std::vector<int8_t> int8s(size_t n) {
    std::vector<int8_t> v(n);
    for (auto& x : v) x = static_cast<int8_t>(range(-128, 127));
    return v;
  }
  // A TFLite multiplier/shift pair for a real scale in [lo, hi).
  void multiplier(double lo, double hi, int32_t& m, int& shift) {
    ref::quantize_multiplier(std::uniform_real_distribution<double>(lo, hi)(gen_), m, shift);
  }

 private:
  std::mt19937 gen_;
};

ref::Tensor to_ref(const std::vector<int8_t>& v, uint32_t h, uint32_t w, uint32_t c) {
  ref::Tensor t{h, w, c, {}};
  t.v.assign(v.begin(), v.end());
  return t;
}

std::vector<int8_t> to_int8(const ref::Tensor& t) { return std::vector<int8_t>(t.v.begin(), t.v.end()); }

uint32_t out_extent(uint32_t in, uint32_t k, uint32_t s, uint32_t d, uint32_t pad) {
  const int64_t span = int64_t{d} * (k - 1) + 1;
  const int64_t n = int64_t{in} + 2 * pad - span;
  return n < 0 ? 0 : static_cast<uint32_t>(n / s + 1);
}

struct ConvShape {
  uint32_t h, w, c, oc, kh, kw, s, d, pad, oh, ow;
};

ConvShape random_conv_shape(Random& r, bool depthwise) {
  for (;;) {
    ConvShape k{};
    k.h = r.range(1, 9), k.w = r.range(1, 9), k.c = r.range(1, 8);
    k.oc = depthwise ? k.c : r.range(1, 6);
    k.kh = r.range(1, 3), k.kw = r.range(1, 3), k.s = r.range(1, 2), k.d = r.range(1, 2), k.pad = r.range(0, 1);
    k.oh = out_extent(k.h, k.kh, k.s, k.d, k.pad);
    k.ow = out_extent(k.w, k.kw, k.s, k.d, k.pad);
    if (k.oh > 0 && k.ow > 0) return k;
  }
}

TEST(TfliteReference, Conv2dAndDepthwiseOnRandomShapes) {
  Random r(20261122);
  for (int round = 0; round < 200; ++round) {
    const bool depthwise = round % 2 == 1;
    const ConvShape k = random_conv_shape(r, depthwise);
    const int32_t in_zp = r.range(-128, 127), out_zp = r.range(-128, 127);
    const int32_t lo = r.range(-128, -60), hi = r.range(60, 127);
    const auto input = r.int8s(size_t{k.h} * k.w * k.c);
    const size_t per_out = depthwise ? size_t{k.kh} * k.kw : size_t{k.kh} * k.kw * k.c;
    const auto weights = r.int8s(per_out * k.oc);  // conv: OHWI; depthwise: [1][KH][KW][C]
    std::vector<int32_t> bias(k.oc), mult(k.oc), shift(k.oc);
    for (uint32_t o = 0; o < k.oc; ++o) {
      bias[o] = r.range(-20000, 20000);
      int s = 0;
      r.multiplier(1e-4, 2e-2, mult[o], s);
      shift[o] = s;
    }

    ref::ConvParams p;
    p.kh = k.kh, p.kw = k.kw, p.sy = p.sx = k.s, p.dy = p.dx = k.d, p.pad_top = p.pad_left = k.pad;
    p.in_zp = in_zp, p.out_zp = out_zp, p.act_min = lo, p.act_max = hi;
    const std::vector<int64_t> bias64(bias.begin(), bias.end());
    const std::vector<int> shift_ref(shift.begin(), shift.end());
    std::vector<int32_t> w_ref(weights.size());
    if (depthwise) {  // [ky][kx][c] -> [c][ky][kx]
      for (uint32_t c = 0; c < k.c; ++c)
        for (uint32_t t = 0; t < k.kh * k.kw; ++t) w_ref[c * k.kh * k.kw + t] = weights[t * k.c + c];
    } else {
      w_ref.assign(weights.begin(), weights.end());
    }
    const ref::Tensor in_ref = to_ref(input, k.h, k.w, k.c);
    const ref::Tensor expected = depthwise
        ? ref::depthwise_per_channel(in_ref, w_ref, bias64, mult, shift_ref, k.oh, k.ow, p)
        : ref::conv2d_per_channel(in_ref, w_ref, bias64, mult, shift_ref, k.oh, k.ow, k.oc, p);

    Values v;
    auto i32 = [](uint32_t x) { return static_cast<int32_t>(x); };
    auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, i32(k.c), i32(k.h), i32(k.w)}, input, kNhwc);
    auto* w = depthwise ? v.tensor<int8_t>(ScalarType::kChar, {1, i32(k.kh), i32(k.kw), i32(k.oc)}, weights)
                        : v.tensor<int8_t>(ScalarType::kChar, {i32(k.oc), i32(k.kh), i32(k.kw), i32(k.c)}, weights);
    auto* b = v.tensor<int32_t>(ScalarType::kInt, {i32(k.oc)}, bias);
    auto* m = v.tensor<int32_t>(ScalarType::kInt, {i32(k.oc)}, mult);
    auto* s = v.tensor<int32_t>(ScalarType::kInt, {i32(k.oc)}, shift);
    auto* scratch = v.out(ScalarType::kChar, {0});
    auto* out = v.out(ScalarType::kChar, {1, i32(k.oc), i32(k.oh), i32(k.ow)}, kNhwc);
    std::vector<EValue*> args = {in, w, b, v.ints({k.s, k.s}), v.ints({k.pad, k.pad}), v.ints({k.d, k.d})};
    if (depthwise) args.push_back(v.i(1));
    // CMSIS convention: input offset = -input zero point, output offset = output zero point.
    for (EValue* e : {v.i(-in_zp), v.i(out_zp), m, s, v.i(lo), v.i(hi), scratch, out, out}) args.push_back(e);
    ASSERT_TRUE(call(depthwise ? "cortex_m::quantized_depthwise_conv2d.out" : "cortex_m::quantized_conv2d.out", args).ok())
        << "round " << round;
    ASSERT_EQ(data_of<int8_t>(out), to_int8(expected)) << "round " << round << (depthwise ? " depthwise" : " conv");
  }
}

TEST(TfliteReference, LinearOnRandomShapes) {
  Random r(7);
  for (int round = 0; round < 100; ++round) {
    const int32_t batches = r.range(1, 3), depth = r.range(1, 40), out_ch = r.range(1, 12);
    const int32_t in_zp = r.range(-128, 127), out_zp = r.range(-128, 127);
    const auto x = r.int8s(size_t(batches) * depth), weights = r.int8s(size_t(out_ch) * depth);
    std::vector<int32_t> bias(out_ch);
    for (auto& b : bias) b = r.range(-30000, 30000);
    int32_t mult = 0;
    int shift = 0;
    r.multiplier(1e-4, 2e-2, mult, shift);

    // Fully connected = 1x1 convolution over a 1x1 image with `depth` channels, per batch row.
    ref::ConvParams p;
    p.in_zp = in_zp, p.out_zp = out_zp;
    std::vector<int8_t> expected;
    for (int32_t n = 0; n < batches; ++n) {
      std::vector<int8_t> row(x.begin() + n * depth, x.begin() + (n + 1) * depth);
      const auto y = ref::conv2d_per_channel(to_ref(row, 1, 1, depth), std::vector<int32_t>(weights.begin(), weights.end()),
                                             std::vector<int64_t>(bias.begin(), bias.end()), std::vector<int32_t>(out_ch, mult),
                                             std::vector<int>(out_ch, shift), 1, 1, out_ch, p);
      const auto yb = to_int8(y);
      expected.insert(expected.end(), yb.begin(), yb.end());
    }

    Values v;
    auto* in = v.tensor<int8_t>(ScalarType::kChar, {batches, depth}, x);
    auto* w = v.tensor<int8_t>(ScalarType::kChar, {out_ch, depth}, weights);
    auto* b = v.tensor<int32_t>(ScalarType::kInt, {out_ch}, bias);
    auto* out = v.out(ScalarType::kChar, {batches, out_ch});
    ASSERT_TRUE(call("cortex_m::quantized_linear.out",
                     {in, w, b, v.none(), v.i(-in_zp), v.i(0), v.i(out_zp), v.ints({mult}), v.ints({shift}), v.i(127),
                      v.i(-128), out, out}).ok());
    ASSERT_EQ(data_of<int8_t>(out), expected) << "round " << round;
  }
}

TEST(TfliteReference, MaxPoolOnRandomShapes) {
  Random r(99);
  for (int round = 0; round < 100; ++round) {
    const uint32_t h = r.range(1, 9), w = r.range(1, 9), c = r.range(1, 6);
    const uint32_t kh = r.range(1, 3), kw = r.range(1, 3), s = r.range(1, 2);
    const uint32_t pad = std::min<uint32_t>(r.range(0, 1), std::min(kh, kw) / 2);
    const uint32_t oh = out_extent(h, kh, s, 1, pad), ow = out_extent(w, kw, s, 1, pad);
    if (oh == 0 || ow == 0) continue;
    const int32_t lo = r.range(-128, -20), hi = r.range(20, 127);
    const auto input = r.int8s(size_t{h} * w * c);
    ref::ConvParams p;
    p.kh = kh, p.kw = kw, p.sy = p.sx = s, p.pad_top = p.pad_left = pad, p.act_min = lo, p.act_max = hi;
    const auto expected = to_int8(ref::max_pool(to_ref(input, h, w, c), oh, ow, p));

    Values v;
    auto i32 = [](uint32_t x) { return static_cast<int32_t>(x); };
    auto* in = v.tensor<int8_t>(ScalarType::kChar, {1, i32(c), i32(h), i32(w)}, input, kNhwc);
    auto* out = v.out(ScalarType::kChar, {1, i32(c), i32(oh), i32(ow)}, kNhwc);
    ASSERT_TRUE(call("cortex_m::quantized_max_pool2d.out",
                     {in, v.ints({kh, kw}), v.ints({s, s}), v.ints({pad, pad}), v.ints({1, 1}), v.b(false), v.i(0), v.i(0),
                      v.i(lo), v.i(hi), out, out}).ok());
    ASSERT_EQ(data_of<int8_t>(out), expected) << "round " << round;
  }
}

// TFLite reference_integer_ops AddElementwise for int8: inputs offset, shifted left by 20, scaled
// by their multipliers (shift <= 0), summed, scaled to the output, offset and clamped.
int8_t tflite_add(int8_t a, int8_t b, int32_t zp1, int32_t m1, int s1, int32_t zp2, int32_t m2, int s2, int32_t zp_out,
                  int32_t m_out, int s_out, int32_t lo, int32_t hi) {
  const int32_t x1 = (a - zp1) * (1 << 20), x2 = (b - zp2) * (1 << 20);
  const int32_t sum = ref::multiply_by_quantized_multiplier(x1, m1, s1) + ref::multiply_by_quantized_multiplier(x2, m2, s2);
  const int32_t y = ref::multiply_by_quantized_multiplier(sum, m_out, s_out) + zp_out;
  return static_cast<int8_t>(std::clamp(y, lo, hi));
}

// TFLite MulElementwise for int8: offset inputs multiplied, scaled to the output, offset, clamped.
int8_t tflite_mul(int8_t a, int8_t b, int32_t zp1, int32_t zp2, int32_t zp_out, int32_t m, int s) {
  const int32_t y = ref::multiply_by_quantized_multiplier((a - zp1) * (b - zp2), m, s) + zp_out;
  return static_cast<int8_t>(std::clamp(y, -128, 127));
}

TEST(TfliteReference, AddAndMulOnRandomData) {
  Random r(1234);
  for (int round = 0; round < 100; ++round) {
    const int32_t n = r.range(1, 64);
    const auto a = r.int8s(n), b = r.int8s(n);
    const int32_t zp1 = r.range(-128, 127), zp2 = r.range(-128, 127), zp_out = r.range(-128, 127);
    int32_t m1, m2, m_out;
    int s1, s2, s_out;
    r.multiplier(0.05, 0.5, m1, s1);  // real input multipliers s_i / (2 max(s1, s2)) lie in (0, 0.5]
    r.multiplier(0.05, 0.5, m2, s2);
    r.multiplier(1e-7, 1e-5, m_out, s_out);  // 2 max(s1, s2) / (2^20 s_out)
    const int32_t lo = r.range(-128, -1), hi = r.range(0, 127);

    std::vector<int8_t> expected_add(n), expected_mul(n);
    int32_t mm;
    int ms;
    r.multiplier(1e-4, 1e-2, mm, ms);
    for (int32_t i = 0; i < n; ++i) {
      expected_add[i] = tflite_add(a[i], b[i], zp1, m1, s1, zp2, m2, s2, zp_out, m_out, s_out, lo, hi);
      expected_mul[i] = tflite_mul(a[i], b[i], zp1, zp2, zp_out, mm, ms);
    }

    Values v;
    auto* ta = v.tensor<int8_t>(ScalarType::kChar, {n}, a);
    auto* tb = v.tensor<int8_t>(ScalarType::kChar, {n}, b);
    auto* sum = v.out(ScalarType::kChar, {n});
    ASSERT_TRUE(call("cortex_m::quantized_add.out", {ta, v.i(zp1), v.i(m1), v.i(s1), tb, v.i(zp2), v.i(m2), v.i(s2), v.i(zp_out),
                                                      v.i(m_out), v.i(s_out), v.i(lo), v.i(hi), sum, sum}).ok());
    ASSERT_EQ(data_of<int8_t>(sum), expected_add) << "round " << round;
    auto* prod = v.out(ScalarType::kChar, {n});
    ASSERT_TRUE(call("cortex_m::quantized_mul.out", {ta, v.i(zp1), tb, v.i(zp2), v.i(zp_out), v.i(mm), v.i(ms), prod, prod}).ok());
    ASSERT_EQ(data_of<int8_t>(prod), expected_mul) << "round " << round;
  }
}

}  // namespace
}  // namespace corsim::rt::test
