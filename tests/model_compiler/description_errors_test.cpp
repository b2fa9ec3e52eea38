// Invalid descriptions fail with one line that names the layer and the reason.
#include <gtest/gtest.h>

#include <string>

#include "tools/model_compiler/model.h"

namespace corsim::model_compiler {
namespace {

std::string error_of(const std::string& layers, const std::string& extra = "") {
  const std::string json = R"({"name": "t", )" + extra +
                           R"( "inputs": [{"name": "x", "shape": [1, 8, 8, 4], "scale": 0.05, "zero_point": 0},
                                          {"name": "y", "shape": [1, 8, 8, 5], "scale": 0.05, "zero_point": 0},
                                          {"name": "z", "shape": [1, 8, 8, 4], "scale": 0.07, "zero_point": 0}],
                           "layers": [)" + layers + "]}";
  Model m;
  std::string error;
  EXPECT_FALSE(parse_model(json, ".", m, error)) << layers;
  EXPECT_EQ(error.find('\n'), std::string::npos);
  return error;
}

struct Case {
  const char* layers;
  const char* expect1;
  const char* expect2;
};

TEST(DescriptionErrors, NameTheLayerAndTheReason) {
  const Case cases[] = {
      {R"({"name": "c1", "type": "transposed_conv"})", "layer 'c1' (transposed_conv)", "unknown layer type"},
      {R"({"name": "a1", "type": "add", "inputs": ["x", "y"]})", "layer 'a1' (add)", "shape mismatch"},
      {R"({"name": "r1", "type": "reshape", "shape": [1, 100]})", "layer 'r1' (reshape)", "shape mismatch"},
      {R"({"name": "c2", "type": "conv2d", "filters": 3, "weights": {"values": [1, 2, 3]}})", "layer 'c2' (conv2d)",
       "shape mismatch"},
      {R"({"name": "c3", "type": "conv2d", "filters": 2, "kernel": 9})", "layer 'c3' (conv2d)", "shape mismatch"},
      {R"({"name": "f1", "type": "fully_connected", "input": "nope", "units": 2})", "layer 'f1' (fully_connected)",
       "unknown input 'nope'"},
      {R"({"name": "c4", "type": "conv2d", "filters": 2, "weight_scale": -0.1})", "layer 'c4' (conv2d)",
       "bad quantisation"},
      {R"({"name": "c5", "type": "conv2d", "filters": 2, "weight_scale": [0.1, 0.2, 0.3]})", "layer 'c5' (conv2d)",
       "bad quantisation"},
      {R"({"name": "c6", "type": "conv2d", "filters": 2, "output": {"scale": 0.1, "zero_point": 300}})",
       "layer 'c6' (conv2d)", "bad quantisation"},
      {R"({"name": "c7", "type": "conv2d", "filters": 2, "weight_scale": 50, "output": {"scale": 0.001}})",
       "layer 'c7' (conv2d)", "bad quantisation: effective scale"},
      {R"({"name": "c8", "type": "conv2d", "filters": 2, "weights": {"values": [1, 2, 3, 200, 1, 2, 3, 4]}})",
       "layer 'c8' (conv2d)", "bad quantisation"},
      {R"({"name": "p1", "type": "max_pool", "kernel": 2, "output": {"scale": 0.5}})", "layer 'p1' (max_pool)",
       "bad quantisation"},
      {R"({"name": "c9", "type": "conv2d", "filters": 2, "stride": 4})", "layer 'c9' (conv2d)", "unsupported on U55"},
      {R"({"name": "c10", "type": "conv2d", "filters": 2, "dilation": 3})", "layer 'c10' (conv2d)", "unsupported on U55"},
      {R"({"name": "d1", "type": "depthwise_conv2d", "depth_multiplier": 2})", "layer 'd1' (depthwise_conv2d)",
       "unsupported on U55"},
      {R"({"name": "a2", "type": "add", "inputs": ["x", "z"]})", "layer 'a2' (add)", "unsupported on U55"},
      {R"({"name": "s1", "type": "softmax"}, {"name": "c11", "type": "conv2d", "filters": 2})", "layer 's1' (softmax)",
       "must be the last layer"},
      {R"({"name": "t1", "type": "tanh", "output": {"scale": 0.01, "zero_point": -200}})", "layer 't1' (tanh)",
       "bad quantisation"},
      {R"({"name": "c12", "type": "conv2d", "filters": 2, "activation": "gelu"})", "layer 'c12' (conv2d)",
       "unknown activation"},
      {R"({"name": "p2", "type": "avg_pool", "kernel": 2, "padding": [1, 2]})", "layer 'p2' (avg_pool)", "padding"},
  };
  for (const Case& c : cases) {
    const std::string e = error_of(c.layers);
    EXPECT_NE(e.find(c.expect1), std::string::npos) << e;
    EXPECT_NE(e.find(c.expect2), std::string::npos) << e;
  }
}

TEST(DescriptionErrors, ModelLevelProblems) {
  EXPECT_NE(error_of(R"({"name": "c", "type": "conv2d", "filters": 2})", R"("macs": 100,)").find("unsupported on U55: macs 100"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"name": "c", "type": "conv2d", "filters": 2})", R"("memory_mode": "Dedicated_Sram",)")
                .find("memory_mode"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"name": "c", "type": "conv2d", "filters": 2})", R"("memory_mode": "Sram_Only", "weight_buffering": true,)")
                .find("weight_buffering needs memory_mode Shared_Sram"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"name": "c", "type": "conv2d", "filters": 2})", R"("delegate": false,)").find("layer 'c' (conv2d)"),
            std::string::npos);
  Model m;
  std::string error;
  EXPECT_FALSE(parse_model("{\"name\": \"t\",\n \"inputs\": [}", ".", m, error));
  EXPECT_NE(error.find("line 2"), std::string::npos) << error;
  EXPECT_FALSE(parse_model(R"({"inputs": [{"name": "x", "shape": [1, 4], "scale": 0}], "layers": [{"type": "softmax"}]})",
                           ".", m, error));
  EXPECT_NE(error.find("input 'x': bad quantisation"), std::string::npos) << error;
}

TEST(DescriptionErrors, ValidDescriptionParses) {
  Model m;
  std::string error;
  ASSERT_TRUE(parse_model(R"({"inputs": [{"name": "x", "shape": [1, 8, 8, 4], "scale": 0.05}],
      "layers": [{"name": "c", "type": "conv2d", "filters": 6, "kernel": 3, "stride": 2, "padding": "same"}]})",
                          ".", m, error))
      << error;
  const FeatureMap& o = m.maps[m.layers[0].output];
  // TensorFlow SAME: ceil(8 / 2) = 4; total padding (4-1)*2 + 3 - 8 = 1 -> top 0, bottom 1.
  EXPECT_EQ(o.h, 4u);
  EXPECT_EQ(o.w, 4u);
  EXPECT_EQ(o.c, 6u);
  EXPECT_EQ(m.layers[0].pad_top, 0u);
  EXPECT_EQ(m.layers[0].pad_bottom, 1u);
}

}  // namespace
}  // namespace corsim::model_compiler

namespace corsim::model_compiler {
namespace {

// The target: a product and a MAC count that product is built with; U85-only refusals.
TEST(DescriptionErrors, TargetErrorsNameTheTarget) {
  const std::string conv = R"({"name": "c", "type": "conv2d", "filters": 2})";
  EXPECT_NE(error_of(conv, R"("target": "ethos-u85-64",)").find("unsupported on U85: macs 64"), std::string::npos);
  EXPECT_NE(error_of(conv, R"("target": "ethos-u65-256",)").find("target 'ethos-u65-256'"), std::string::npos);
  EXPECT_NE(error_of(conv, R"("target": "ethos-u85-x",)").find("target 'ethos-u85-x'"), std::string::npos);
  EXPECT_NE(error_of(conv, R"("target": "ethos-u85-99999999999999999999999",)").find("target 'ethos-u85-9999"),
            std::string::npos);
  EXPECT_NE(error_of(conv, R"("target": "ethos-u85-256", "macs": 128,)").find("contradicts"), std::string::npos);
  EXPECT_NE(error_of(conv, R"("target": "ethos-u85-256", "memory_mode": "Shared_Sram", "weight_buffering": true,)")
                .find("unsupported on U85: weight_buffering"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"name": "c", "type": "conv2d", "filters": 2, "stride": 4})", R"("target": "ethos-u85-512",)")
                .find("layer 'c' (conv2d): unsupported on U85: stride 4x4"),
            std::string::npos);
  EXPECT_NE(error_of(conv, R"("weight_format": "fwd",)").find("unsupported on U55: weight_format fwd"), std::string::npos);
  EXPECT_NE(error_of(conv, R"("target": "ethos-u85-256", "weight_format": "lut",)").find("weight_format 'lut'"), std::string::npos);
  EXPECT_NE(error_of(conv, R"("chaining": true,)").find("unsupported on U55: chaining"), std::string::npos);
  EXPECT_NE(error_of(R"({"name": "t", "type": "transpose", "perm": [0, 2, 1, 3]})").find("unsupported on U55: transpose"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"name": "t", "type": "transpose", "perm": [1, 0, 2, 3]})", R"("target": "ethos-u85-128",)")
                .find("'perm' must be a permutation"),
            std::string::npos);
}

TEST(DescriptionErrors, TargetOverrideChoosesTheU85) {
  const std::string json = R"({"macs": 64, "inputs": [{"name": "x", "shape": [1, 4, 4, 4], "scale": 0.05}],
                               "layers": [{"name": "c", "type": "conv2d", "filters": 2}]})";
  Model m;
  std::string error;
  ASSERT_TRUE(parse_model_for_target(json, ".", "ethos-u85-2048", m, error)) << error;
  EXPECT_TRUE(m.u85());
  EXPECT_EQ(m.macs, 2048u);
  EXPECT_EQ(m.target(), "ethos-u85-2048");
  EXPECT_EQ(m.memory_mode, "Sram_Only");
  EXPECT_EQ(m.system_config, "Ethos_U85_SYS_DRAM_Mid");
  EXPECT_FALSE(parse_model_for_target(json, ".", "ethos-u85-96", m, error));
  EXPECT_NE(error.find("unsupported on U85: macs 96"), std::string::npos) << error;
}

}  // namespace
}  // namespace corsim::model_compiler
