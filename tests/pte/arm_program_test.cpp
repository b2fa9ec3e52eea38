// Memory planning and the Arm-flow program builder re-create the shared programs exactly (every
// schema field equal): add_cpu.pte (planned by plan_memory), add_ethos-u55-128.pte
// (quantized_decomposed flavour, quantisation facts from the models README) and
// mnist_ethos-u55-128.pte (cortex_m flavour).
#include <gtest/gtest.h>

#include "pte_test_util.h"
#include "runtime/pte/program.h"
#include "tools/pte/arm_program.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte_tool {
namespace {

using pte::Program;

struct Original {
  pte::test::AlignedBuffer buf;
  Program program;
  const fb::ExecutionPlan* plan = nullptr;
};

void load_original(const char* name, Original& o) {
  o.buf = pte::test::load_model(name);
  ASSERT_TRUE(Program::load(o.buf.bytes(), o.program).ok());
  o.plan = o.program.method("forward");
}

std::string json_of(const WriteProgram& p, pte::test::AlignedBuffer& keep) {
  keep = pte::test::AlignedBuffer(write_pte(p));
  Program prog;
  rt::Status s = Program::load(keep.bytes(), prog);
  EXPECT_TRUE(s.ok()) << s.what;
  return s.ok() ? program_json(prog) : std::string();
}

// The delegate exactly as stored (compile specs and payload are inputs to the builder).
WriteDelegate delegate_of(const Original& o) {
  const fb::BackendDelegate& d = *o.plan->delegates()->Get(0);
  WriteDelegate w;
  w.id = d.id()->str();
  for (const fb::CompileSpec* cs : *d.compile_specs()) {
    w.compile_specs.emplace_back(cs->key()->str(), std::vector<uint8_t>(cs->value()->begin(), cs->value()->end()));
  }
  rt::Bytes blob;
  EXPECT_TRUE(o.program.delegate_data(d, blob).ok());
  w.processed.assign(blob.begin(), blob.end());
  return w;
}

TEST(PteMemoryPlan, AddCpuOffsets) {
  WritePlan plan;
  for (int i = 0; i < 3; ++i) {
    WriteTensor t;
    t.sizes = {1};
    t.plan = true;
    plan.values.push_back(t);
  }
  plan.values.push_back(int64_t{1});
  plan.inputs = {0, 1};
  plan.outputs = {2};
  plan.instructions = {WriteKernelCall{0, {0, 1, 3, 2, 2}}};
  plan_memory(plan);
  // README/file: x, y, out at 0, 16, 32 of a 48-byte buffer (16-byte alignment, ExecuTorch
  // exir/passes/memory_planning_pass.py).
  EXPECT_EQ(std::get<WriteTensor>(plan.values[0]).memory_offset, 0u);
  EXPECT_EQ(std::get<WriteTensor>(plan.values[1]).memory_offset, 16u);
  EXPECT_EQ(std::get<WriteTensor>(plan.values[2]).memory_offset, 32u);
  EXPECT_EQ(plan.non_const_buffer_sizes, (std::vector<int64_t>{0, 48}));
}

TEST(PteArmProgram, RecreatesAddEthosU55) {
  Original o;
  load_original("add_ethos-u55-128.pte", o);
  DelegatedProgramSpec spec;
  spec.flavour = QuantFlavour::kQuantizedDecomposed;
  // README: inputs float [1,1,1,1], quantised with scale 1/255, zp -128 to int8; output
  // dequantised with scale 2/255, zp -128. Scales are float32 values widened to double.
  QuantParams in_q{static_cast<double>(1.0f / 255.0f), -128, -128, 127, fb::ScalarType::CHAR};
  QuantParams out_q{static_cast<double>(2.0f / 255.0f), -128, -128, 127, fb::ScalarType::CHAR};
  spec.inputs = {{{1, 1, 1, 1}, in_q}, {{1, 1, 1, 1}, in_q}};
  spec.outputs = {{{1, 1, 1, 1}, out_q}};
  spec.delegate = delegate_of(o);
  spec.encoded_inp_str = o.plan->container_meta_type()->encoded_inp_str()->str();
  spec.encoded_out_str = o.plan->container_meta_type()->encoded_out_str()->str();
  pte::test::AlignedBuffer keep;
  EXPECT_TRUE(pte::test::same_text(json_of(make_delegated_program(spec), keep), program_json(o.program)));
  EXPECT_TRUE(keep.vec() == o.buf.vec()) << "not byte-identical to the original file";
}

TEST(PteArmProgram, RecreatesMnistCortexMFlavour) {
  Original o;
  load_original("mnist_ethos-u55-128.pte", o);
  // Quantisation parameters of this model are not in the README: take them from the file's
  // quantize/dequantize calls (args 1..5).
  auto params = [&](uint32_t instr) {
    const fb::KernelCall* k = o.plan->chains()->Get(0)->instructions()->Get(instr)->instr_args_as_KernelCall();
    auto v = [&](uint32_t a) { return o.plan->values()->Get(k->args()->Get(a)); };
    return QuantParams{v(1)->val_as_Double()->double_val(), v(2)->val_as_Int()->int_val(), v(3)->val_as_Int()->int_val(),
                       v(4)->val_as_Int()->int_val(), static_cast<fb::ScalarType>(v(5)->val_as_Int()->int_val())};
  };
  DelegatedProgramSpec spec;
  spec.flavour = QuantFlavour::kCortexM;
  spec.inputs = {{{1, 1, 28, 28}, params(0)}};  // README: input [1,1,28,28] float, output [1,10]
  spec.outputs = {{{1, 10}, params(2)}};
  spec.delegate = delegate_of(o);
  spec.encoded_inp_str = o.plan->container_meta_type()->encoded_inp_str()->str();
  spec.encoded_out_str = o.plan->container_meta_type()->encoded_out_str()->str();
  WriteProgram p = make_delegated_program(spec);
  // README: the output and input share planned offset 0 of buffer 1.
  EXPECT_EQ(std::get<WriteTensor>(p.plans[0].values[0]).memory_offset, 0u);
  EXPECT_EQ(std::get<WriteTensor>(p.plans[0].values[p.plans[0].outputs[0]]).memory_offset, 0u);
  pte::test::AlignedBuffer keep;
  EXPECT_TRUE(pte::test::same_text(json_of(p, keep), program_json(o.program)));
  EXPECT_TRUE(keep.vec() == o.buf.vec()) << "not byte-identical to the original file";
}

}  // namespace
}  // namespace corsim::pte_tool
