// The .pte writer: programs it writes load with our reader; it re-creates the structure of the real
// add_cpu.pte and add_ethos-u55-128.pte field for field; segments and the eh00 header follow
// ExecuTorch's exir/_serialize/_program.py serialize_pte_binary.
#include <gtest/gtest.h>

#include "pte_test_util.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"
#include "tools/pte/pte_dump.h"
#include "tools/pte/json_build.h"
#include "tools/pte/vela_bin_writer.h"
#include "tools/pte/pte_writer.h"

namespace corsim::pte_tool {
namespace {

using pte::Program;

WriteTensor planned(fb::ScalarType type, std::vector<int32_t> sizes, uint64_t offset) {
  WriteTensor t;
  t.scalar_type = type;
  t.sizes = std::move(sizes);
  t.memory_id = 1;
  t.memory_offset = offset;
  return t;
}

struct Loaded {
  pte::test::AlignedBuffer buf;
  Program program;
};

void load(const std::vector<uint8_t>& bytes, Loaded& out) {
  out.buf = pte::test::AlignedBuffer(bytes);
  rt::Status s = Program::load(out.buf.bytes(), out.program);
  ASSERT_TRUE(s.ok()) << s.what;
}

// add_cpu.pte as the README describes it: x + y on float32 [1], aten::add.out(self, other,
// alpha=Int 1, out) + return slot, planned at offsets 0/16/32 of a 48-byte buffer.
WriteProgram add_cpu_description() {
  WritePlan plan;
  plan.encoded_inp_str = "T2#2#0(T2#1#1($,$),D0())";  // pytree spec strings as stored in the file
  plan.encoded_out_str = "$";
  plan.values = {planned(fb::ScalarType::FLOAT, {1}, 0), planned(fb::ScalarType::FLOAT, {1}, 16),
                 planned(fb::ScalarType::FLOAT, {1}, 32), int64_t{1}};
  plan.inputs = {0, 1};
  plan.outputs = {2};
  plan.operators = {{"aten::add", "out"}};
  plan.instructions = {WriteKernelCall{0, {0, 1, 3, 2, 2}}};
  plan.non_const_buffer_sizes = {0, 48};
  WriteProgram p;
  p.plans.push_back(plan);
  return p;
}

TEST(PteWriter, RecreatesAddCpu) {
  Loaded ours;
  load(write_pte(add_cpu_description()), ours);
  pte::test::AlignedBuffer real = pte::test::load_model("add_cpu.pte");
  Program original;
  ASSERT_TRUE(Program::load(real.bytes(), original).ok());
  EXPECT_FALSE(ours.program.extended_header().present);  // no segment data -> no eh00
  // Every schema field equal (program_json prints all of them).
  EXPECT_TRUE(pte::test::same_text(program_json(ours.program), program_json(original)));
  // And the very bytes ExecuTorch wrote: the writer ends with flatbuffers' JSON parser, which is
  // what ExecuTorch's serializer runs (flatc).
  EXPECT_EQ(ours.buf.vec(), real.vec());
}

TEST(PteWriter, RecreatesAddEthosU55WithInlineDelegate) {
  pte::test::AlignedBuffer real = pte::test::load_model("add_ethos-u55-128.pte");
  Program original;
  ASSERT_TRUE(Program::load(real.bytes(), original).ok());
  const fb::ExecutionPlan& op = *original.method("forward");
  // Rebuild the description from the original through the public reader API.
  WritePlan plan;
  plan.encoded_inp_str = op.container_meta_type()->encoded_inp_str()->str();
  plan.encoded_out_str = op.container_meta_type()->encoded_out_str()->str();
  for (const fb::EValue* v : *op.values()) {
    switch (v->val_type()) {
      case fb::KernelTypes::Tensor: {
        const fb::Tensor& t = *v->val_as_Tensor();
        WriteTensor w = planned(t.scalar_type(), std::vector<int32_t>(t.sizes()->begin(), t.sizes()->end()),
                                pte::tensor_data(t).memory_offset);
        plan.values.push_back(w);
        break;
      }
      case fb::KernelTypes::Double: plan.values.push_back(v->val_as_Double()->double_val()); break;
      case fb::KernelTypes::Int: plan.values.push_back(v->val_as_Int()->int_val()); break;
      default: plan.values.push_back(WriteNull{}); break;
    }
  }
  plan.inputs.assign(op.inputs()->begin(), op.inputs()->end());
  plan.outputs.assign(op.outputs()->begin(), op.outputs()->end());
  for (const fb::Operator* o : *op.operators()) plan.operators.emplace_back(o->name()->str(), o->overload()->str());
  for (const fb::Instruction* i : *op.chains()->Get(0)->instructions()) {
    if (const fb::KernelCall* k = i->instr_args_as_KernelCall()) {
      plan.instructions.push_back(WriteKernelCall{k->op_index(), {k->args()->begin(), k->args()->end()}});
    } else {
      const fb::DelegateCall* d = i->instr_args_as_DelegateCall();
      plan.instructions.push_back(WriteDelegateCall{d->delegate_index(), {d->args()->begin(), d->args()->end()}});
    }
  }
  const fb::BackendDelegate& od = *op.delegates()->Get(0);
  WriteDelegate d;
  d.id = od.id()->str();
  for (const fb::CompileSpec* cs : *od.compile_specs()) {
    d.compile_specs.emplace_back(cs->key()->str(), std::vector<uint8_t>(cs->value()->begin(), cs->value()->end()));
  }
  rt::Bytes blob;
  ASSERT_TRUE(original.delegate_data(od, blob).ok());
  d.processed.assign(blob.begin(), blob.end());
  plan.delegates.push_back(d);
  plan.non_const_buffer_sizes.assign(op.non_const_buffer_sizes()->begin(), op.non_const_buffer_sizes()->end());
  WriteProgram p;
  p.plans.push_back(plan);

  Loaded ours;
  load(write_pte(p), ours);
  EXPECT_TRUE(pte::test::same_text(program_json(ours.program), program_json(original)));
  rt::Bytes our_blob;
  ASSERT_TRUE(ours.program.delegate_data(*ours.program.method("forward")->delegates()->Get(0), our_blob).ok());
  EXPECT_EQ(ours.program.file_offset(our_blob) % 16, 0u);  // force_align 16 (ET schema/program.fbs)
  ethos_u::VelaBinStream v;
  EXPECT_TRUE(ethos_u::parse_vela_bin_stream(our_blob, v).ok());
  EXPECT_TRUE(check_delegates(ours.program).ok());
}

TEST(PteWriter, ConstantsAndDelegateSegmentsGetTheExtendedHeader) {
  WritePlan plan;
  WriteTensor w;
  w.scalar_type = fb::ScalarType::CHAR;
  w.sizes = {3};
  w.constant = {1, 2, 3};  // padded to 16 in the constant segment
  WriteTensor bias;
  bias.scalar_type = fb::ScalarType::INT;
  bias.sizes = {2};
  bias.constant = {0xAA, 0, 0, 0, 0xBB, 0, 0, 0};
  plan.values = {w, bias, planned(fb::ScalarType::CHAR, {3}, 0)};
  plan.inputs = {2};
  plan.outputs = {2};
  plan.instructions = {WriteDelegateCall{0, {0, 1, 2}}, WriteDelegateCall{1, {2, 2}}, WriteDelegateCall{2, {2, 2}}};
  std::vector<uint8_t> seg_blob(300, 0x5A);
  std::vector<uint8_t> inline_blob(40, 0x11);
  plan.delegates = {{"SegBackend", {{"k", bytes_of("v")}}, seg_blob, true},
                    {"InlineBackend", {}, inline_blob, false},
                    {"InlineBackend", {}, inline_blob, false}};  // identical blob: stored once, as ET does
  plan.non_const_buffer_sizes = {0, 16};
  WriteProgram p;
  p.plans.push_back(plan);
  Loaded l;
  load(write_pte(p), l);
  const pte::ExtendedHeader& h = l.program.extended_header();
  ASSERT_TRUE(h.present);
  EXPECT_EQ(h.length, 32u);
  EXPECT_EQ(h.segment_base_offset % 128, 0u);
  EXPECT_GE(h.segment_base_offset, h.program_size);
  EXPECT_EQ(h.segment_base_offset + h.segment_data_size, l.buf.size());

  const fb::Program& fbp = l.program.fb();
  ASSERT_EQ(fbp.segments()->size(), 2u);  // constants, then the delegate
  EXPECT_EQ(fbp.segments()->Get(0)->offset(), 0u);
  EXPECT_EQ(fbp.segments()->Get(0)->size(), 16u + 8u);  // 3 bytes padded to 16, then 8
  EXPECT_EQ(fbp.segments()->Get(1)->offset(), 128u);
  ASSERT_EQ(fbp.constant_segment()->offsets()->size(), 3u);
  EXPECT_EQ(fbp.constant_segment()->offsets()->Get(0), 0u);  // placeholder
  EXPECT_EQ(fbp.constant_segment()->offsets()->Get(1), 0u);
  EXPECT_EQ(fbp.constant_segment()->offsets()->Get(2), 16u);
  const fb::ExecutionPlan& plan0 = *l.program.method("forward");
  const fb::Tensor& tb = *plan0.values()->Get(1)->val_as_Tensor();
  EXPECT_EQ(pte::tensor_data(tb).kind, pte::TensorDataKind::kConstant);
  EXPECT_EQ(tb.data_buffer_idx(), 2u);
  rt::Bytes data;
  ASSERT_TRUE(l.program.constant_data(2, 8, data).ok());
  EXPECT_EQ(data[0], 0xAA);
  EXPECT_EQ(data[4], 0xBB);
  rt::Bytes blob;
  ASSERT_TRUE(l.program.delegate_data(*plan0.delegates()->Get(0), blob).ok());
  EXPECT_EQ(std::vector<uint8_t>(blob.begin(), blob.end()), seg_blob);
  EXPECT_EQ(l.program.file_offset(blob), h.segment_base_offset + 128);
  EXPECT_EQ(fbp.backend_delegate_data()->size(), 1u);
  EXPECT_EQ(plan0.delegates()->Get(2)->processed()->index(), 0u);
}

TEST(PteWriter, DumpJsonRebuildsFilesWithSegments) {
  // dump --json carries the segment bytes, so build_pte_from_json re-creates an eh00 file exactly.
  WritePlan plan;
  WriteTensor w;
  w.scalar_type = fb::ScalarType::INT;
  w.sizes = {4};
  w.constant = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};
  plan.values = {w, planned(fb::ScalarType::INT, {4}, 0)};
  plan.inputs = {1};
  plan.outputs = {1};
  plan.operators = {{"aten::add", "out"}};
  plan.instructions = {WriteKernelCall{0, {1, 0, 1, 1}}};
  plan.delegates = {{"SegBackend", {}, std::vector<uint8_t>(200, 7), true}};
  plan.non_const_buffer_sizes = {0, 16};
  WriteProgram p;
  p.plans.push_back(plan);
  Loaded l;
  load(write_pte(p), l);
  ASSERT_TRUE(l.program.extended_header().present);
  std::string error;
  const std::vector<uint8_t> rebuilt = build_pte_from_json(dump_json(l.program, "x"), error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_TRUE(rebuilt == l.buf.vec());
}

TEST(PteWriter, EthosUExternalBlocksResolveThroughNamedData) {
  // External cmd_data/weight_data hold a 64-character hex key into the program's named data
  // (ExecuTorch backends/arm/runtime/VelaBinStream.cpp).
  const std::string cmd_key(64, 'c'), weight_key(64, 'e');
  const std::vector<uint8_t> cop1 = make_cop1(0x1807, 0x10066001, {0xFFFF0001, 0xFFFF0001});
  const std::vector<uint8_t> weights(48, 0x3C);
  VelaBinStreamDesc vd;
  vd.cmd_data = bytes_of(cmd_key);
  vd.weight_data = bytes_of(weight_key);
  vd.scratch_size = 32;
  vd.inputs = {{{1, 4}, 1, 0, 1}};
  vd.outputs = {{{1, 4}, 1, 16, 1}};
  std::vector<uint8_t> blob = write_vela_bin_stream(vd);
  // Mark the two blocks external (byte 20 of their 32-byte headers).
  blob[32 + 20] = 1;
  blob[32 + 32 + 64 + 20] = 1;
  WritePlan plan;
  plan.values = {planned(fb::ScalarType::CHAR, {1, 4}, 0), planned(fb::ScalarType::CHAR, {1, 4}, 16)};
  plan.inputs = {0};
  plan.outputs = {1};
  plan.instructions = {WriteDelegateCall{0, {0, 1}}};
  plan.delegates = {{"EthosUBackend", {{"target", bytes_of("ethos-u55-128")}}, blob, false}};
  plan.non_const_buffer_sizes = {0, 32};
  WriteProgram p;
  p.plans.push_back(plan);
  p.named_data = {{cmd_key, cop1}, {weight_key, weights}};
  Loaded l;
  load(write_pte(p), l);
  ASSERT_TRUE(l.program.extended_header().present);
  rt::Status s = check_delegates(l.program);
  ASSERT_TRUE(s.ok()) << s.what;
  const std::string text = dump_text(l.program, "external");
  EXPECT_NE(text.find("cmd_data: 40 B (external, from named data)"), std::string::npos) << text;
  EXPECT_NE(text.find("weight_data: 48 B (external, from named data)"), std::string::npos);
  EXPECT_NE(text.find("CONFIG 0x00001807 = ethos-u55-128"), std::string::npos);
  EXPECT_EQ(text.find("warning: compile spec target"), std::string::npos);
  // A target that disagrees with the COP1 CONFIG word is flagged (the driver would refuse it).
  p.plans[0].delegates[0].compile_specs = {{"target", bytes_of("ethos-u85-256")}};
  Loaded wrong;
  load(write_pte(p), wrong);
  EXPECT_NE(dump_text(wrong.program, "w").find(
                "warning: compile spec target \"ethos-u85-256\" but cmd_data was compiled for ethos-u55-128"),
            std::string::npos);
  EXPECT_NE(dump_json(wrong.program, "w").find("\"target_matches_cmd_data\": false"), std::string::npos);
  // A key with no named-data entry is one clear error.
  p.named_data.pop_back();
  Loaded missing;
  load(write_pte(p), missing);
  s = check_delegates(missing.program);
  char msg[200];
  rt::format_status(s, msg, sizeof msg);
  EXPECT_STREQ(msg, "not found: plan 0 delegate 0: external VelaBinStream block names no named_data entry");
}

TEST(PteWriter, EveryValueAndInstructionKind) {
  WritePlan plan;
  plan.values = {WriteNull{},
                 int64_t{-5},
                 true,
                 2.5,
                 std::string("hello"),
                 planned(fb::ScalarType::FLOAT, {2, 3}, 0),
                 WriteIntList{{1, 1}},
                 WriteDoubleList{{0.5, -1.0}},
                 WriteBoolList{{true, false, true}},
                 WriteTensorList{{5, 5}},
                 WriteOptionalTensorList{{-1, 5}}};
  plan.values.push_back(planned(fb::ScalarType::FLOAT, {2, 3}, 32));
  std::get<WriteTensor>(plan.values.back()).dim_order = {1, 0};
  plan.inputs = {5};
  plan.outputs = {11};
  plan.operators = {{"aten::view_copy", "out"}, {"executorch_prim::et_view", "default"}};
  plan.instructions = {WriteKernelCall{1, {5, 6, 11}}, WriteJumpFalseCall{2, 3}, WriteMoveCall{5, 11},
                       WriteFreeCall{5}};
  plan.non_const_buffer_sizes = {0, 64};
  WriteProgram p;
  p.plans.push_back(plan);
  Loaded l;
  load(write_pte(p), l);
  const fb::ExecutionPlan& e = *l.program.method("forward");
  ASSERT_EQ(e.values()->size(), 12u);
  EXPECT_EQ(e.values()->Get(0)->val_type(), fb::KernelTypes::Null);
  EXPECT_EQ(e.values()->Get(1)->val_as_Int()->int_val(), -5);
  EXPECT_TRUE(e.values()->Get(2)->val_as_Bool()->bool_val());
  EXPECT_EQ(e.values()->Get(3)->val_as_Double()->double_val(), 2.5);
  EXPECT_EQ(e.values()->Get(4)->val_as_String()->string_val()->str(), "hello");
  EXPECT_EQ(e.values()->Get(7)->val_as_DoubleList()->items()->Get(1), -1.0);
  EXPECT_EQ(e.values()->Get(8)->val_as_BoolList()->items()->size(), 3u);
  EXPECT_EQ(e.values()->Get(10)->val_as_OptionalTensorList()->items()->Get(0), -1);
  EXPECT_EQ(e.values()->Get(11)->val_as_Tensor()->dim_order()->Get(0), 1);
  const auto* ins = e.chains()->Get(0)->instructions();
  ASSERT_EQ(ins->size(), 4u);
  EXPECT_EQ(ins->Get(1)->instr_args_as_JumpFalseCall()->destination_instruction(), 3);
  EXPECT_EQ(ins->Get(2)->instr_args_as_MoveCall()->move_to(), 11);
  EXPECT_EQ(ins->Get(3)->instr_args_as_FreeCall()->value_index(), 5);
  // The text dump prints every kind.
  const std::string t = dump_text(l.program, "kinds");
  for (const char* s : {"JumpFalseCall if v2 is false goto 3", "MoveCall v5 -> v11", "FreeCall v5",
                        "String \"hello\"", "OptionalTensorList [-1, 5]", "BoolList [1, 0, 1]",
                        // sizes [2,3]: row-major strides [3,1]; dim_order [1,0] (dim 1 outermost) gives [1,2]
                        "dim_order [0, 1] strides [3, 1]", "dim_order [1, 0] strides [1, 2]"}) {
    EXPECT_NE(t.find(s), std::string::npos) << s;
  }
}

TEST(PteWriter, InvalidDescriptionFailsToLoad) {
  // The writer does not validate; the reader must reject what it cannot run.
  WriteProgram p = add_cpu_description();
  p.plans[0].instructions = {WriteKernelCall{3, {0, 1, 3, 2, 2}}};  // no operator 3
  pte::test::AlignedBuffer buf(write_pte(p));
  Program prog;
  EXPECT_EQ(Program::load(buf.bytes(), prog).code, rt::Error::kInvalidProgram);
}

}  // namespace
}  // namespace corsim::pte_tool
