// The reader against the real programs in ../shared/models/pte. Expected values come from the
// models README and ExecuTorch's schema/program.fbs, not from the reader's own output.
#include <gtest/gtest.h>

#include <cmath>

#include "pte_test_util.h"
#include "runtime/pte/program.h"

namespace corsim::pte {
namespace {

using test::load_model;
using test::str;

const fb::EValue& value(const fb::ExecutionPlan& plan, int32_t i) { return *plan.values()->Get(i); }

const fb::Tensor& tensor(const fb::ExecutionPlan& plan, int32_t i) {
  const fb::Tensor* t = value(plan, i).val_as_Tensor();
  EXPECT_NE(t, nullptr) << "value " << i << " is not a tensor";
  return *t;
}

std::string op_name(const fb::ExecutionPlan& plan, int32_t op) {
  const fb::Operator* o = plan.operators()->Get(op);
  return str(o->name()) + "." + str(o->overload());
}

TEST(PteReader, AllSharedProgramsLoad) {
  for (const char* name : {"add_cpu.pte", "add_ethos-u55-128.pte", "add_ethos-u85-256.pte",
                           "mnist_ethos-u55-128.pte"}) {
    test::AlignedBuffer file = load_model(name);
    ASSERT_GT(file.size(), 0u) << name;
    Program p;
    Status s = Program::load(file.bytes(), p);
    EXPECT_TRUE(s.ok()) << name << ": " << s.what;
    // README: none has the eh00 extended header; all start with a root offset then "ET12".
    EXPECT_FALSE(p.extended_header().present) << name;
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(file.data()) + 4, 4), "ET12");
    EXPECT_EQ(p.num_execution_plans(), 1u);
    EXPECT_NE(p.method("forward"), nullptr);
  }
}

TEST(PteReader, AddCpuKernelCall) {
  test::AlignedBuffer file = load_model("add_cpu.pte");
  ASSERT_EQ(file.size(), 728u);  // README
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  const fb::ExecutionPlan& plan = *p.method("forward");
  ASSERT_EQ(plan.chains()->size(), 1u);
  const auto* instrs = plan.chains()->Get(0)->instructions();
  ASSERT_EQ(instrs->size(), 1u);
  const fb::KernelCall* call = instrs->Get(0)->instr_args_as_KernelCall();
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(op_name(plan, call->op_index()), "aten::add.out");
  // README: args self, other, alpha Int 1, out, out (out repeated as the return slot, ExecuTorch
  // exir/emit/_emitter.py _emit_operator).
  ASSERT_EQ(call->args()->size(), 5u);
  const auto* args = call->args();
  EXPECT_EQ(args->Get(0), plan.inputs()->Get(0));
  EXPECT_EQ(args->Get(1), plan.inputs()->Get(1));
  ASSERT_EQ(value(plan, args->Get(2)).val_type(), fb::KernelTypes::Int);
  EXPECT_EQ(value(plan, args->Get(2)).val_as_Int()->int_val(), 1);
  EXPECT_EQ(args->Get(3), args->Get(4));
  EXPECT_EQ(args->Get(3), plan.outputs()->Get(0));
  const fb::Tensor& out = tensor(plan, args->Get(3));
  EXPECT_EQ(out.scalar_type(), fb::ScalarType::FLOAT);
  ASSERT_EQ(out.sizes()->size(), 1u);
  EXPECT_EQ(out.sizes()->Get(0), 1);
  EXPECT_EQ(p.fb().backend_delegate_data()->size(), 0u);
  EXPECT_EQ(plan.delegates()->size(), 0u);
}

TEST(PteReader, AddEthosU55Delegate) {
  test::AlignedBuffer file = load_model("add_ethos-u55-128.pte");
  ASSERT_EQ(file.size(), 3824u);
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  const fb::ExecutionPlan& plan = *p.method("forward");
  ASSERT_EQ(plan.delegates()->size(), 1u);
  const fb::BackendDelegate& d = *plan.delegates()->Get(0);
  EXPECT_EQ(str(d.id()), "EthosUBackend");  // ExecuTorch backends/arm/runtime/EthosUBackend.cpp
  EXPECT_EQ(d.processed()->location(), fb::DataLocation::INLINE);
  Bytes blob;
  ASSERT_TRUE(p.delegate_data(d, blob).ok());
  EXPECT_EQ(p.file_offset(blob), 0x70u);  // README: payload begins at file offset 0x70
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(blob.data())), "vela_bin_stream");

  // Instructions: quantize x2, delegate, dequantize (README).
  const auto* instrs = plan.chains()->Get(0)->instructions();
  ASSERT_EQ(instrs->size(), 4u);
  int quantize = 0;
  for (uint32_t i = 0; i < instrs->size(); ++i) {
    const fb::Instruction& ins = *instrs->Get(i);
    if (ins.instr_args_type() == fb::InstructionArguments::DelegateCall) {
      EXPECT_EQ(ins.instr_args_as_DelegateCall()->delegate_index(), 0);
      continue;
    }
    const fb::KernelCall* k = ins.instr_args_as_KernelCall();
    ASSERT_NE(k, nullptr);
    const std::string name = op_name(plan, k->op_index());
    const auto* a = k->args();
    if (name == "quantized_decomposed::quantize_per_tensor.out") {
      ++quantize;
      // Signature (ExecuTorch backends/cortex_m/ops/operators.yaml): input, scale, zero_point,
      // quant_min, quant_max, dtype, out, out.
      ASSERT_EQ(a->size(), 8u);
      EXPECT_NEAR(value(plan, a->Get(1)).val_as_Double()->double_val(), 1.0 / 255.0, 1e-9);
      EXPECT_EQ(value(plan, a->Get(2)).val_as_Int()->int_val(), -128);
      EXPECT_EQ(value(plan, a->Get(5)).val_as_Int()->int_val(), 1);  // ScalarType CHAR = int8
      EXPECT_EQ(tensor(plan, a->Get(6)).scalar_type(), fb::ScalarType::CHAR);
    } else {
      EXPECT_EQ(name, "quantized_decomposed::dequantize_per_tensor.out");
      // README: has the extra out_dtype slot -> 9 args, the out_dtype being Null.
      ASSERT_EQ(a->size(), 9u);
      EXPECT_NEAR(value(plan, a->Get(1)).val_as_Double()->double_val(), 2.0 / 255.0, 1e-9);
      EXPECT_EQ(value(plan, a->Get(2)).val_as_Int()->int_val(), -128);
      EXPECT_EQ(value(plan, a->Get(6)).val_type(), fb::KernelTypes::Null);
      EXPECT_EQ(a->Get(7), a->Get(8));
      EXPECT_EQ(tensor(plan, a->Get(7)).scalar_type(), fb::ScalarType::FLOAT);
    }
  }
  EXPECT_EQ(quantize, 2);
}

TEST(PteReader, CompileSpecsNameTheTarget) {
  test::AlignedBuffer file = load_model("add_ethos-u85-256.pte");
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  const fb::BackendDelegate& d = *p.method("forward")->delegates()->Get(0);
  std::string target;
  std::string flags;
  for (const fb::CompileSpec* cs : *d.compile_specs()) {
    std::string v(cs->value()->begin(), cs->value()->end());
    if (str(cs->key()) == "target") target = v;
    if (str(cs->key()) == "compile_flags") flags = v;
  }
  EXPECT_EQ(target, "ethos-u85-256");
  EXPECT_NE(flags.find("Ethos_U85_SYS_DRAM_Mid"), std::string::npos);
  EXPECT_NE(flags.find("Sram_Only"), std::string::npos);
}

TEST(PteReader, MnistMemoryPlan) {
  test::AlignedBuffer file = load_model("mnist_ethos-u55-128.pte");
  ASSERT_EQ(file.size(), 113408u);
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  const fb::ExecutionPlan& plan = *p.method("forward");
  ASSERT_EQ(plan.inputs()->size(), 1u);
  ASSERT_EQ(plan.outputs()->size(), 1u);
  const fb::Tensor& in = tensor(plan, plan.inputs()->Get(0));
  const fb::Tensor& out = tensor(plan, plan.outputs()->Get(0));
  // README: input [1,1,28,28] float, output [1,10] float.
  ASSERT_EQ(in.sizes()->size(), 4u);
  EXPECT_EQ(in.sizes()->Get(2), 28);
  EXPECT_EQ(in.sizes()->Get(3), 28);
  EXPECT_EQ(in.scalar_type(), fb::ScalarType::FLOAT);
  ASSERT_EQ(out.sizes()->size(), 2u);
  EXPECT_EQ(out.sizes()->Get(1), 10);
  // README: output and input share planned offset 0 of buffer 1; memory ids are 1-based (ExecuTorch
  // method_meta.cpp), entry 0 of non_const_buffer_sizes is the reserved 0.
  const TensorData din = tensor_data(in);
  const TensorData dout = tensor_data(out);
  EXPECT_EQ(din.kind, TensorDataKind::kPlanned);
  EXPECT_EQ(dout.kind, TensorDataKind::kPlanned);
  EXPECT_EQ(din.memory_id, 1u);
  EXPECT_EQ(dout.memory_id, 1u);
  EXPECT_EQ(din.memory_offset, 0u);
  EXPECT_EQ(dout.memory_offset, 0u);
  ASSERT_EQ(plan.non_const_buffer_sizes()->size(), 2u);
  EXPECT_EQ(plan.non_const_buffer_sizes()->Get(0), 0);
  uint64_t nbytes = 0;
  ASSERT_TRUE(tensor_nbytes(in, nbytes));
  EXPECT_EQ(nbytes, 28u * 28u * 4u);
  EXPECT_GE(static_cast<uint64_t>(plan.non_const_buffer_sizes()->Get(1)), nbytes);
  // README: CPU operators are the cortex_m quantize/dequantize pair.
  ASSERT_EQ(plan.operators()->size(), 2u);
  EXPECT_EQ(op_name(plan, 0), "cortex_m::quantize_per_tensor.out");
  EXPECT_EQ(op_name(plan, 1), "cortex_m::dequantize_per_tensor.out");
}

TEST(PteReader, ElementSizes) {
  // c10 element sizes for the ScalarType values of ExecuTorch schema/scalar_type.fbs.
  EXPECT_EQ(element_size(fb::ScalarType::CHAR), 1u);
  EXPECT_EQ(element_size(fb::ScalarType::HALF), 2u);
  EXPECT_EQ(element_size(fb::ScalarType::FLOAT), 4u);
  EXPECT_EQ(element_size(fb::ScalarType::DOUBLE), 8u);
  EXPECT_EQ(element_size(fb::ScalarType::LONG), 8u);
  EXPECT_EQ(element_size(static_cast<fb::ScalarType>(9)), 0u);  // commented-out value
}

TEST(PteReader, StatusFormatsOneLine) {
  Status s = rt::in_scope(rt::make_error(rt::Error::kInvalidProgram, "bad thing", "value", 12), "plan", 0);
  char buf[128];
  rt::format_status(s, buf, sizeof buf);
  EXPECT_STREQ(buf, "invalid program: plan 0 value 12: bad thing");
  char tiny[8];
  EXPECT_EQ(rt::format_status(s, tiny, sizeof tiny), 7u);
  EXPECT_STREQ(tiny, "invalid");
}

}  // namespace
}  // namespace corsim::pte
