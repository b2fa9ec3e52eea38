// End-to-end Method tests on the real programs of shared/models/pte (expected values from
// shared/models/README.md, computed independently in the comments).
#include <cstring>

#include <gtest/gtest.h>

#include "tests/runtime/fake_ethos_u.h"
#include "tests/runtime/method_fixture.h"

namespace corsim::rt::test {
namespace {

TEST(MethodAddCpu, OnePlusOneIsTwo) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  ASSERT_TRUE(rig.plan(4096).ok());
  const Status s = rig.load();
  ASSERT_TRUE(s.ok()) << describe(s);
  ASSERT_EQ(rig.method.num_inputs(), 2u);
  ASSERT_EQ(rig.method.num_outputs(), 1u);
  const float one = 1.0f;
  ASSERT_TRUE(rig.method.set_input(0, &one, sizeof(one)).ok());
  ASSERT_TRUE(rig.method.set_input(1, &one, sizeof(one)).ok());
  const Status e = rig.method.execute();
  ASSERT_TRUE(e.ok()) << describe(e) << " / " << rig.method.last_error();
  const Tensor* out = rig.method.output_tensor(0);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->scalar_type(), ScalarType::kFloat);
  EXPECT_EQ(out->data_as<const float>()[0], 2.0f);
}

TEST(MethodAddCpu, PlannedTensorsSitAtTheirOffsets) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  ASSERT_TRUE(rig.plan(4096).ok());
  ASSERT_TRUE(rig.load().ok());
  // The file plans buffer 1 of 48 bytes: x at 0, y at 16, out at 32 (memory_id 1-based: ExecuTorch
  // method_meta.cpp).
  ASSERT_EQ(rig.planned.num_buffers(), 1u);
  EXPECT_EQ(rig.planned.buffer(0).size(), 48u);
  const uint8_t* base = rig.planned.buffer(0).data();
  EXPECT_EQ(rig.method.input_tensor(0)->data(), base + 0);
  EXPECT_EQ(rig.method.input_tensor(1)->data(), base + 16);
  EXPECT_EQ(rig.method.output_tensor(0)->data(), base + 32);
}

TEST(MethodAddCpu, SetInputChecksSize) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  ASSERT_TRUE(rig.plan(4096).ok());
  ASSERT_TRUE(rig.load().ok());
  const double wrong = 1.0;
  const Status s = rig.method.set_input(0, &wrong, sizeof(wrong));
  EXPECT_EQ(s.code, Error::kInvalidArgument);
  EXPECT_NE(std::string(rig.method.last_error()).find("takes 4 bytes, got 8"), std::string::npos);
}

// A recording observer: the hook the trace markers will use.
class Recorder final : public InstructionObserver {
 public:
  void on_instruction_begin(const InstructionInfo& info) override {
    names.push_back(std::string(info.name) + (info.overload != nullptr ? std::string(".") + info.overload : ""));
  }
  void on_instruction_end(const InstructionInfo&, const Status& s) override { ok = ok && s.ok(); }
  std::vector<std::string> names;
  bool ok = true;
};

// Fake NPU add in the quantised domain: both inputs have scale 1/255 zp -128, the output 2/255
// zp -128, so out = ((a + 128) + (b + 128)) / 2 - 128 (rounded half up), saturated to int8.
void npu_add(Span<EValue* const> args) {
  const int8_t a = args[0]->to_tensor().data_as<const int8_t>()[0];
  const int8_t b = args[1]->to_tensor().data_as<const int8_t>()[0];
  int32_t q = ((a + 128) + (b + 128) + 1) / 2 - 128;
  q = q > 127 ? 127 : q;
  args[2]->to_tensor().data_as<int8_t>()[0] = static_cast<int8_t>(q);
}

TEST(MethodAddU55, QuantizeDelegateDequantize) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_ethos-u55-128.pte"));
  npu.on_execute = npu_add;
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(4096).ok());
  const Status s = rig.load();
  ASSERT_TRUE(s.ok()) << describe(s) << " / " << rig.method.last_error();

  // init: the inline VelaBinStream blob and the compile specs of the file (ExecuTorch
  // backends/arm/ethosu/compile_spec.py).
  EXPECT_EQ(npu.init_calls, 1);
  ASSERT_GE(npu.processed_head.size(), 16u);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(npu.processed_head.data())), "vela_bin_stream");
  EXPECT_EQ(npu.processed_size % 16, 0u);
  ASSERT_EQ(npu.spec_keys.size(), 4u);
  EXPECT_EQ(npu.spec_keys[0], "tosa_spec");
  EXPECT_EQ(npu.spec_keys[3], "target");
  EXPECT_EQ(npu.spec_values[3], "ethos-u55-128");
  EXPECT_EQ(npu.method_name, "forward");

  // Inputs all ones, as the real runner uses when given none.
  const float one = 1.0f;
  ASSERT_TRUE(rig.method.set_input(0, &one, sizeof(one)).ok());
  ASSERT_TRUE(rig.method.set_input(1, &one, sizeof(one)).ok());
  Recorder rec;
  rig.method.set_observer(&rec);
  const Status e = rig.method.execute();
  ASSERT_TRUE(e.ok()) << describe(e);

  // The delegate got inputs then outputs (ExecuTorch exir/emit/_emitter.py): two int8 [1,1,1,1]
  // inputs and one output.
  EXPECT_EQ(npu.execute_calls, 1);
  EXPECT_EQ(npu.handle_value, 42);
  EXPECT_TRUE(npu.had_temp_allocator);
  ASSERT_EQ(npu.args.size(), 3u);
  for (const auto& a : npu.args) {
    EXPECT_EQ(a.tag, Tag::kTensor);
    EXPECT_EQ(a.type, ScalarType::kChar);
    EXPECT_EQ(a.sizes, (std::vector<int32_t>{1, 1, 1, 1}));
  }
  // 1.0 * (1 / (float)(1/255)) = 254.99998 -> nearbyint 255 -> 255 + (-128) = 127 (README).
  EXPECT_EQ(npu.args[0].bytes, std::vector<uint8_t>{127});
  EXPECT_EQ(npu.args[1].bytes, std::vector<uint8_t>{127});
  // Planning reuses space: the second quantised input sits where input x was (offset 0).
  EXPECT_EQ(npu.args[1].data, rig.planned.buffer(0).data());
  // NPU out 127 -> (127 - (-128)) * (float)(2/255) = 255 * 0.00784313772 = 2.0 in float (README).
  EXPECT_EQ(rig.method.output_tensor(0)->data_as<const float>()[0], 2.0f);

  EXPECT_EQ(rec.names, (std::vector<std::string>{"quantized_decomposed::quantize_per_tensor.out",
                                                 "quantized_decomposed::quantize_per_tensor.out", "EthosUBackend",
                                                 "quantized_decomposed::dequantize_per_tensor.out"}));
  EXPECT_TRUE(rec.ok);
  rig.method.destroy();
  EXPECT_EQ(npu.destroy_calls, 1);
}

// Fake MNIST NPU: writes logits -128..-119 so the dequantised output is checkable.
void npu_mnist(Span<EValue* const> args) {
  int8_t* out = args[1]->to_tensor().data_as<int8_t>();
  for (int k = 0; k < 10; ++k) out[k] = static_cast<int8_t>(-128 + k);
}

TEST(MethodMnistU55, PlanningAndDelegateArguments) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  npu.on_execute = npu_mnist;
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(8192).ok());
  const Status s = rig.load();
  ASSERT_TRUE(s.ok()) << describe(s) << " / " << rig.method.last_error();

  // README: input and output share planned offset 0 of buffer 1 (3,920 bytes).
  ASSERT_EQ(rig.planned.num_buffers(), 1u);
  EXPECT_EQ(rig.planned.buffer(0).size(), 3920u);
  const uint8_t* base = rig.planned.buffer(0).data();
  EXPECT_EQ(rig.method.input_tensor(0)->data(), base);
  EXPECT_EQ(rig.method.output_tensor(0)->data(), base);

  std::vector<float> ones(28 * 28, 1.0f);
  ASSERT_TRUE(rig.method.set_input(0, ones.data(), ones.size() * sizeof(float)).ok());
  const Status e = rig.method.execute();
  ASSERT_TRUE(e.ok()) << describe(e);

  ASSERT_EQ(npu.args.size(), 2u);
  EXPECT_EQ(npu.args[0].type, ScalarType::kChar);
  EXPECT_EQ(npu.args[0].sizes, (std::vector<int32_t>{1, 1, 28, 28}));
  EXPECT_EQ(npu.args[1].type, ScalarType::kChar);
  EXPECT_EQ(npu.args[1].sizes, (std::vector<int32_t>{1, 10}));
  // cortex_m::quantize_per_tensor of 1.0 with scale 0.022072153166, zp -9:
  // 1/(float)scale = 45.305958 -> nearbyint 45 -> 45 + (-9) = 36 for every pixel.
  ASSERT_EQ(npu.args[0].bytes.size(), 28u * 28u);
  for (size_t k = 0; k < npu.args[0].bytes.size(); ++k) ASSERT_EQ(static_cast<int8_t>(npu.args[0].bytes[k]), 36) << k;
  // Output: (q - 24) * (float)0.001420249813, q = -128 + k.
  const float* y = rig.method.output_tensor(0)->data_as<const float>();
  for (int k = 0; k < 10; ++k) {
    EXPECT_EQ(y[k], static_cast<float>(-128 + k - 24) * 0.001420249813f) << k;
  }
  EXPECT_FLOAT_EQ(y[0], -152.0f * 0.001420249813f);
}

}  // namespace
}  // namespace corsim::rt::test
