// Instruction semantics on a synthetic program built with flatbuffers (ExecuTorch
// runtime/executor/method.cpp execute_instruction): KernelCall, JumpFalseCall, MoveCall, FreeCall;
// constants from the inline constant_buffer; an unplanned input that aliases the caller's buffer;
// every EValue kind.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/core/method.h"
#include "runtime/kernels/register.h"
#include "tests/pte/pte_test_util.h"

namespace corsim::rt::test {
namespace {

namespace fb = pte::fb;
using flatbuffers::Offset;

// values:
//  0 x: float[2] unplanned (input, aliased)      1 c: float[2] constant {10, 20}
//  2 Int 1 (alpha)                               3 y: float[2] planned buffer 1 offset 0
//  4 Bool cond (false)                           5 z: float[2] planned buffer 1 offset 16
//  6 Null (MoveCall target, output)              7 IntList [2, 2]
//  8 TensorList [0, 1]                           9 OptionalTensorList [-1, 1]
// 10 String "hi"                                11 Double 2.5
// 12 DoubleList {0.5, -1}                       13 BoolList {true, false}
// chain: 0 add(x, c, 1) -> y; 1 jump_false(cond) -> 3; 2 mul(y, y) -> z; 3 move y -> 6; 4 free z
std::vector<uint8_t> build_program() {
  flatbuffers::FlatBufferBuilder fbb;
  auto vec_tensor = [&](fb::ScalarType t, uint32_t data_idx, Offset<fb::AllocationDetails> alloc) {
    return fb::CreateTensor(fbb, t, 0, fbb.CreateVector(std::vector<int32_t>{2}), fbb.CreateVector(std::vector<uint8_t>{0}),
                            false, data_idx, alloc);
  };
  auto ev = [&](fb::KernelTypes k, Offset<void> v) { return fb::CreateEValue(fbb, k, v); };
  std::vector<Offset<fb::EValue>> vals = {
      ev(fb::KernelTypes::Tensor, vec_tensor(fb::ScalarType::FLOAT, 0, 0).Union()),
      ev(fb::KernelTypes::Tensor, vec_tensor(fb::ScalarType::FLOAT, 1, 0).Union()),
      ev(fb::KernelTypes::Int, fb::CreateInt(fbb, 1).Union()),
      ev(fb::KernelTypes::Tensor, vec_tensor(fb::ScalarType::FLOAT, 0, fb::CreateAllocationDetails(fbb, 1, 0, 0)).Union()),
      ev(fb::KernelTypes::Bool, fb::CreateBool(fbb, false).Union()),
      ev(fb::KernelTypes::Tensor, vec_tensor(fb::ScalarType::FLOAT, 0, fb::CreateAllocationDetails(fbb, 1, 16, 0)).Union()),
      ev(fb::KernelTypes::Null, fb::CreateNull(fbb).Union()),
      ev(fb::KernelTypes::IntList, fb::CreateIntList(fbb, fbb.CreateVector(std::vector<int64_t>{2, 2})).Union()),
      ev(fb::KernelTypes::TensorList, fb::CreateTensorList(fbb, fbb.CreateVector(std::vector<int32_t>{0, 1})).Union()),
      ev(fb::KernelTypes::OptionalTensorList,
         fb::CreateOptionalTensorList(fbb, fbb.CreateVector(std::vector<int32_t>{-1, 1})).Union()),
      ev(fb::KernelTypes::String, fb::CreateString(fbb, fbb.CreateString("hi")).Union()),
      ev(fb::KernelTypes::Double, fb::CreateDouble(fbb, 2.5).Union()),
      ev(fb::KernelTypes::DoubleList, fb::CreateDoubleList(fbb, fbb.CreateVector(std::vector<double>{0.5, -1.0})).Union()),
      ev(fb::KernelTypes::BoolList, fb::CreateBoolList(fbb, fbb.CreateVector(std::vector<uint8_t>{1, 0})).Union()),
  };
  auto kcall = [&](int op, std::vector<int32_t> args) {
    return fb::CreateInstruction(fbb, fb::InstructionArguments::KernelCall,
                                 fb::CreateKernelCall(fbb, op, fbb.CreateVector(args)).Union());
  };
  std::vector<Offset<fb::Instruction>> instrs = {
      kcall(0, {0, 1, 2, 3, 3}),
      fb::CreateInstruction(fbb, fb::InstructionArguments::JumpFalseCall, fb::CreateJumpFalseCall(fbb, 4, 3).Union()),
      kcall(1, {3, 3, 5, 5}),
      fb::CreateInstruction(fbb, fb::InstructionArguments::MoveCall, fb::CreateMoveCall(fbb, 3, 6).Union()),
      fb::CreateInstruction(fbb, fb::InstructionArguments::FreeCall, fb::CreateFreeCall(fbb, 5).Union()),
  };
  auto chain = fb::CreateChain(fbb, 0, 0, fbb.CreateVector(instrs));
  std::vector<Offset<fb::Operator>> ops = {fb::CreateOperator(fbb, fbb.CreateString("aten::add"), fbb.CreateString("out")),
                                           fb::CreateOperator(fbb, fbb.CreateString("aten::mul"), fbb.CreateString("out"))};
  auto plan = fb::CreateExecutionPlan(fbb, fbb.CreateString("forward"), 0, fbb.CreateVector(vals),
                                      fbb.CreateVector(std::vector<int32_t>{0}), fbb.CreateVector(std::vector<int32_t>{6}),
                                      fbb.CreateVector(std::vector<Offset<fb::Chain>>{chain}), fbb.CreateVector(ops), 0,
                                      fbb.CreateVector(std::vector<int64_t>{0, 32}));
  // constant_buffer[0] is the reserved placeholder; [1] holds c.
  std::vector<uint8_t> cbytes(8);
  const float c[2] = {10.0f, 20.0f};
  std::memcpy(cbytes.data(), c, sizeof c);
  std::vector<Offset<fb::Buffer>> buffers = {fb::CreateBuffer(fbb, fbb.CreateVector(std::vector<uint8_t>{})),
                                             fb::CreateBuffer(fbb, fbb.CreateVector(cbytes))};
  auto program = fb::CreateProgram(fbb, 0, fbb.CreateVector(std::vector<Offset<fb::ExecutionPlan>>{plan}),
                                   fbb.CreateVector(buffers));
  fbb.Finish(program, "ET12");
  return std::vector<uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

struct Rig {
  pte::test::AlignedBuffer file{build_program()};
  pte::Program program;
  std::vector<uint8_t> method_pool = std::vector<uint8_t>(16 * 1024);
  std::vector<uint8_t> planned_pool = std::vector<uint8_t>(32, 0);
  MemoryAllocator alloc{method_pool.data(), method_pool.size()};
  Span<uint8_t> span{planned_pool.data(), planned_pool.size()};
  HierarchicalAllocator planned{&span, 1};
  KernelRegistry kernels;
  BackendRegistry backends;
  Method method;

  Status load() {
    Status s = pte::Program::load(file.bytes(), program);
    if (!s.ok()) return s;
    if (!(s = kernels::register_all_kernels(kernels)).ok()) return s;
    MemoryManager mm;
    mm.method_allocator = &alloc;
    mm.planned_memory = &planned;
    return method.load(program, "forward", mm, kernels, backends);
  }
};

TEST(Instructions, JumpFalseSkipsMoveAliasesFreeClears) {
  Rig rig;
  ASSERT_TRUE(rig.load().ok()) << rig.method.last_error();
  float x[2] = {1.0f, 2.5f};
  ASSERT_TRUE(rig.method.set_input(0, x, sizeof x).ok());
  EXPECT_EQ(rig.method.input_tensor(0)->data(), x);  // unplanned input: aliased, not copied
  float* z = rig.method.value(5).to_tensor().data_as<float>();
  z[0] = z[1] = -7.0f;  // marker: instruction 2 must not run while cond is false
  ASSERT_TRUE(rig.method.execute().ok()) << rig.method.last_error();
  // y = x + 1 * c = {11, 22.5}; the output (value 6) is y itself after the MoveCall.
  const Tensor* out = rig.method.output_tensor(0);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out, rig.method.value(3).tensor_ptr());
  EXPECT_EQ(out->data_as<const float>()[0], 11.0f);
  EXPECT_EQ(out->data_as<const float>()[1], 22.5f);
  EXPECT_EQ(z[0], -7.0f);                                   // skipped by the jump
  EXPECT_EQ(rig.method.value(5).to_tensor().data(), nullptr);  // FreeCall
}

TEST(Instructions, JumpFalseFallsThroughWhenTrue) {
  Rig rig;
  ASSERT_TRUE(rig.load().ok());
  float x[2] = {1.0f, 2.0f};
  ASSERT_TRUE(rig.method.set_input(0, x, sizeof x).ok());
  rig.method.value(4).set_bool(true);
  float* z = rig.method.value(5).to_tensor().data_as<float>();
  ASSERT_TRUE(rig.method.execute().ok());
  // z = y * y = {121, 484} was computed before FreeCall cleared its pointer.
  EXPECT_EQ(z[0], 121.0f);
  EXPECT_EQ(z[1], 484.0f);
}

TEST(Instructions, UnsetUnplannedInputIsRejected) {
  Rig rig;
  ASSERT_TRUE(rig.load().ok());
  const Status s = rig.method.execute();
  EXPECT_EQ(s.code, Error::kInvalidState);
  EXPECT_NE(std::string(rig.method.last_error()).find("set_input"), std::string::npos);
}

TEST(Instructions, NonBoolConditionFails) {
  Rig rig;
  ASSERT_TRUE(rig.load().ok());
  float x[2] = {1.0f, 2.0f};
  ASSERT_TRUE(rig.method.set_input(0, x, sizeof x).ok());
  rig.method.value(4).set_int(3);
  const Status s = rig.method.execute();
  EXPECT_EQ(s.code, Error::kInvalidArgument);
  EXPECT_NE(std::string(rig.method.last_error()).find("JumpFalseCall failed at instruction 0:1"), std::string::npos)
      << rig.method.last_error();
}

TEST(Instructions, EveryValueKindIsParsed) {
  Rig rig;
  ASSERT_TRUE(rig.load().ok());
  Method& m = rig.method;
  EXPECT_TRUE(m.value(6).is_none());
  EXPECT_EQ(m.value(2).to_int(), 1);
  EXPECT_FALSE(m.value(4).to_bool());
  // Constant tensor points into the program's constant_buffer[1].
  EXPECT_EQ(m.value(1).to_tensor().data_as<const float>()[1], 20.0f);
  EXPECT_EQ(m.value(3).to_tensor().data(), rig.planned_pool.data());
  EXPECT_EQ(m.value(5).to_tensor().data(), rig.planned_pool.data() + 16);
  size_t n = 0;
  const int64_t* ints = m.value(7).int_list(n);
  ASSERT_EQ(n, 2u);
  EXPECT_EQ(ints[0], 1);  // items are indices of Int values (value 2 = 1), not literals
  m.value(2).set_int(9);  // boxed: re-read at use
  ints = m.value(7).int_list(n);
  EXPECT_EQ(ints[1], 9);
  ASSERT_EQ(m.value(8).tensor_list().size, 2u);
  EXPECT_EQ(m.value(8).tensor_list().items[1], &m.value(1));
  ASSERT_TRUE(m.value(9).is_optional_tensor_list());
  EXPECT_EQ(m.value(9).tensor_list().items[0], nullptr);
  EXPECT_EQ(std::string(m.value(10).string_data(), m.value(10).string_size()), "hi");
  EXPECT_EQ(m.value(11).to_double(), 2.5);
  const double* d = m.value(12).double_list(n);
  ASSERT_EQ(n, 2u);
  EXPECT_EQ(d[1], -1.0);
  const uint8_t* b = m.value(13).bool_list(n);
  ASSERT_EQ(n, 2u);
  EXPECT_EQ(b[0], 1);
  EXPECT_EQ(b[1], 0);
}

}  // namespace
}  // namespace corsim::rt::test

namespace corsim::rt::test {
namespace {

TEST(Instructions, FreedTensorIsNotWrittenAgain) {
  Rig rig;
  ASSERT_TRUE(rig.load().ok());
  float x[2] = {1.0f, 2.0f};
  ASSERT_TRUE(rig.method.set_input(0, x, sizeof x).ok());
  ASSERT_TRUE(rig.method.execute().ok());  // FreeCall clears z's data pointer
  rig.method.value(4).set_bool(true);      // now instruction 2 would write z
  const Status s = rig.method.execute();
  EXPECT_EQ(s.code, Error::kInvalidState);
  EXPECT_NE(std::string(rig.method.last_error()).find("KernelCall failed at instruction 0:2 in operator aten::mul.out: tensor "
                                                      "argument has no data"),
            std::string::npos)
      << rig.method.last_error();
}

}  // namespace
}  // namespace corsim::rt::test
