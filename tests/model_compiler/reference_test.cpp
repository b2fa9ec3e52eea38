// The host reference on small cases worked out by hand from the TFLite/TOSA rounding rules, so the
// bit-exact comparisons in zoo_test rest on arithmetic checked independently of both the NPU model
// and the reference code's own output.
#include <gtest/gtest.h>

#include "tools/model_compiler/host_reference.h"
#include "tools/model_compiler/json.h"
#include "tools/model_compiler/reference_ops.h"

namespace corsim::model_compiler {
namespace {

Model parse(const std::string& json) {
  Model m;
  std::string error;
  EXPECT_TRUE(parse_model(json, ".", m, error)) << error;
  return m;
}

TEST(HostReference, ConvRoundsHalfAwayFromZeroLikeTflite) {
  // acc0 = 10*3 - 20*2 + 50 = 40, x 0.1*0.05/0.2 = 0.025 -> 1.0 -> 1 - 3 = -2.
  // acc1 = 10*2 + 0 + 40 = 60 -> 1.5 -> 2 (half away from zero) - 3 = -1.
  const Model m = parse(R"({"inputs": [{"name": "x", "shape": [1, 1, 1, 2], "scale": 0.1}],
    "layers": [{"name": "c", "type": "conv2d", "filters": 2, "weights": {"values": [3, 2, 2, 0]},
                "bias": {"values": [50, 40]}, "weight_scale": 0.05, "output": {"scale": 0.2, "zero_point": -3}}]})");
  const auto maps = run_reference(m, {{10, -20}});
  EXPECT_EQ(maps[m.layers[0].output], (std::vector<int32_t>{-2, -1}));
}

TEST(HostReference, PoolsAddMul) {
  const Model m = parse(R"({"inputs": [{"name": "x", "shape": [1, 2, 2, 1], "scale": 0.1},
                                       {"name": "y", "shape": [1, 2, 2, 1], "scale": 0.1}],
    "layers": [{"name": "avg", "type": "avg_pool", "kernel": 2, "input": "x"},
               {"name": "max", "type": "max_pool", "kernel": 2, "input": "x"},
               {"name": "avg_same", "type": "avg_pool", "kernel": 3, "padding": "same", "input": "x"},
               {"name": "sum", "type": "add", "inputs": ["x", "y"], "output": {"scale": 0.2}},
               {"name": "prod", "type": "mul", "inputs": ["x", "y"], "output": {"scale": 0.5}}]})");
  const auto maps = run_reference(m, {{1, 2, 3, 5}, {7, 6, -7, 100}});
  EXPECT_EQ(maps[m.layers[0].output], (std::vector<int32_t>{3}));  // 11 / 4 = 2.75
  EXPECT_EQ(maps[m.layers[1].output], (std::vector<int32_t>{5}));
  // SAME 3x3 on 2x2: every window covers all 4 valid values: 11 / 4 -> 3 (valid-count division).
  EXPECT_EQ(maps[m.layers[2].output], (std::vector<int32_t>{3, 3, 3, 3}));
  // (x + y) * 0.5: sums 8, 8, -4, 105 -> 4, 4, -2, 52.5 -> 53 (TOSA rounds half up).
  EXPECT_EQ(maps[m.layers[3].output], (std::vector<int32_t>{4, 4, -2, 53}));
  // x * y * 0.02: 0.14 -> 0, 0.24 -> 0, -0.42 -> 0, 10 -> 10.
  EXPECT_EQ(maps[m.layers[4].output], (std::vector<int32_t>{0, 0, 0, 10}));
}

TEST(HostReference, FusedActivationsClampInTheOutputDomain) {
  // relu6 with scale 0.05, zp -100: [q(0), q(6)] = [-100, 20].
  const Model m = parse(R"({"inputs": [{"name": "x", "shape": [1, 1, 1, 1], "scale": 1.0}],
    "layers": [{"name": "c", "type": "conv2d", "filters": 1, "weights": {"values": [1]}, "bias": {"values": [0]},
                "weight_scale": 0.04, "activation": "relu6", "output": {"scale": 0.05, "zero_point": -100}}]})");
  EXPECT_EQ(m.layers[0].act_min, -100);
  EXPECT_EQ(m.layers[0].act_max, 20);
  // 127 * 0.8 = 101.6 -> 102 - 100 = 2; -128 * 0.8 -> -102 - 100 -> clamped to -100.
  EXPECT_EQ(run_reference(m, {{127}})[m.layers[0].output], (std::vector<int32_t>{2}));
  EXPECT_EQ(run_reference(m, {{-128}})[m.layers[0].output], (std::vector<int32_t>{-100}));
}

// TFLite ADD by hand: scales 0.5 and 0.25, output 1.0 (twice_max 1.0): multipliers 0.5 (2^30, 0),
// 0.25 (2^30, -1) and 2^-20 (2^30, -19). 10·0.5 + (-6)·0.25 = 3.5 rounds away from zero to 4; the
// mirrored case to -4; the output zero point 3 is added, then the clamp applies.
TEST(HostReference, TfliteAddWithDifferentInputScalesByHand) {
  const reference::TfliteAddScales t = reference::tflite_add_scales(0.5, 0.25, 1.0);
  EXPECT_EQ(t.m1, 1 << 30);
  EXPECT_EQ(t.s1, 0);
  EXPECT_EQ(t.s2, -1);
  EXPECT_EQ(t.so, -19);
  EXPECT_EQ(reference::tflite_add(t, 10, -6, 0, 0, 0, -128, 127), 4);
  EXPECT_EQ(reference::tflite_add(t, -10, 6, 0, 0, 0, -128, 127), -4);
  EXPECT_EQ(reference::tflite_add(t, 12, -4, 2, 2, 3, -128, 127), 4 + 3);  // (10, -6) after the zero points
  EXPECT_EQ(reference::tflite_add(t, 127, 127, 0, 0, 100, -128, 127), 127);  // 95.25 + 100 clamps
}

TEST(Json, ParsesTheDescriptionSubset) {
  JsonValue v;
  std::string error;
  ASSERT_TRUE(parse_json(R"({"a": [1, -2.5e1, true, null], "b": "x\"\u00e9"})", v, error)) << error;
  EXPECT_EQ(v.find("a")->items[1].number, -25.0);
  EXPECT_EQ(v.find("b")->text, "x\"\xc3\xa9");
  EXPECT_FALSE(parse_json("[1, 2", v, error));
  EXPECT_FALSE(parse_json("{\"a\": 1} x", v, error));
}

}  // namespace
}  // namespace corsim::model_compiler
