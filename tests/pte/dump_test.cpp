// corsim-pte dump: the JSON form round-trips the real programs without loss, the decoded parts
// match the models README, and the text form shows the facts a reader looks for.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "flatbuffers/flexbuffers.h"
#include "flatbuffers/idl.h"
#include "pte_test_util.h"
#include "runtime/pte/program.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte {
namespace {

const char* const kFiles[] = {"add_cpu.pte", "add_ethos-u55-128.pte", "add_ethos-u85-256.pte",
                              "mnist_ethos-u55-128.pte"};

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A flatbuffers parser loaded with our schema, set to print every scalar.
void load_schema(flatbuffers::Parser& parser) {
  parser.opts.strict_json = true;
  parser.opts.output_default_scalars_in_json = true;
  const std::string schema = read_text(CORSIM_PTE_SCHEMA);
  ASSERT_TRUE(parser.Parse(schema.c_str())) << parser.error_;
}

// The text of the top-level member `key` of a JSON object, found by bracket matching.
std::string member_text(const std::string& json, const std::string& key) {
  const std::string needle = "\n  \"" + key + "\": ";
  size_t pos = json.find(needle);
  if (pos == std::string::npos) return {};
  pos += needle.size();
  int depth = 0;
  bool in_string = false;
  for (size_t i = pos; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') {
      if (--depth == 0) return json.substr(pos, i + 1 - pos);
    }
  }
  return {};
}

flexbuffers::Map parse_json(const std::string& json, std::vector<uint8_t>& storage) {
  flatbuffers::Parser parser;
  flexbuffers::Builder builder;
  EXPECT_TRUE(parser.ParseFlexBuffer(json.c_str(), nullptr, &builder)) << parser.error_;
  storage = builder.GetBuffer();
  return flexbuffers::GetRoot(storage).AsMap();
}

TEST(PteDump, JsonRoundTripsWithoutLoss) {
  for (const char* name : kFiles) {
    SCOPED_TRACE(name);
    test::AlignedBuffer file = test::load_model(name);
    Program original;
    ASSERT_TRUE(Program::load(file.bytes(), original).ok());
    const std::string dump = pte_tool::dump_json(original, name);

    // 1. Parse the dump's "program" member back into a flatbuffer with flatbuffers' own parser.
    const std::string program_text = member_text(dump, "program");
    ASSERT_FALSE(program_text.empty());
    flatbuffers::Parser parser;
    load_schema(parser);
    ASSERT_TRUE(parser.Parse(program_text.c_str())) << parser.error_;
    test::AlignedBuffer rebuilt_buf;
    rebuilt_buf.assign(parser.builder_.GetBufferPointer(), parser.builder_.GetSize());
    Program rebuilt;
    Status s = Program::load(rebuilt_buf.bytes(), rebuilt);
    ASSERT_TRUE(s.ok()) << s.what;

    // Stronger still: ExecuTorch serialises with flatc from JSON, so the parser rebuilds the very
    // bytes of the file (none of the shared files has an extended header to splice).
    EXPECT_TRUE(rebuilt_buf.vec() == file.vec()) << "rebuilt program differs from the file bytes";

    // 2. flatbuffers' text generator (independent of our dumper) sees the same program in both.
    flatbuffers::Parser printer;
    load_schema(printer);
    std::string text_original, text_rebuilt;
    ASSERT_TRUE(flatbuffers::GenerateText(printer, file.data(), &text_original));
    ASSERT_TRUE(flatbuffers::GenerateText(printer, rebuilt_buf.data(), &text_rebuilt));
    EXPECT_TRUE(test::same_text(text_original, text_rebuilt));
    EXPECT_GT(text_original.size(), 100u);

    // 3. Doubles exactly (flatc's text prints 12 digits): every Double value bit for bit.
    const fb::ExecutionPlan& a = original.execution_plan(0);
    const fb::ExecutionPlan& b = rebuilt.execution_plan(0);
    ASSERT_EQ(a.values()->size(), b.values()->size());
    for (uint32_t i = 0; i < a.values()->size(); ++i) {
      if (const fb::Double* d = a.values()->Get(i)->val_as_Double()) {
        EXPECT_EQ(d->double_val(), b.values()->Get(i)->val_as_Double()->double_val());
      }
    }
    // 4. And the rebuilt program dumps to the same text.
    EXPECT_TRUE(test::same_text(pte_tool::program_json(original), pte_tool::program_json(rebuilt)));
  }
}

TEST(PteDump, JsonIsValidJson) {
  for (const char* name : kFiles) {
    test::AlignedBuffer file = test::load_model(name);
    Program p;
    ASSERT_TRUE(Program::load(file.bytes(), p).ok());
    std::vector<uint8_t> storage;
    flexbuffers::Map root = parse_json(pte_tool::dump_json(p, name), storage);
    EXPECT_EQ(root["file"].AsMap()["identifier"].AsString().str(), "ET12") << name;
    EXPECT_TRUE(root["file"].AsMap()["extended_header"].IsNull()) << name;  // README: no eh00
  }
}

flexbuffers::Map plan0(flexbuffers::Map root) { return root["program"].AsMap()["execution_plan"].AsVector()[0].AsMap(); }

TEST(PteDump, JsonFactsAddCpu) {
  test::AlignedBuffer file = test::load_model("add_cpu.pte");
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  std::vector<uint8_t> storage;
  flexbuffers::Map root = parse_json(pte_tool::dump_json(p, "add_cpu.pte"), storage);
  EXPECT_EQ(root["file"].AsMap()["size"].AsUInt64(), 728u);
  flexbuffers::Map plan = plan0(root);
  EXPECT_EQ(plan["operators"].AsVector()[0].AsMap()["name"].AsString().str(), "aten::add");
  EXPECT_EQ(plan["operators"].AsVector()[0].AsMap()["overload"].AsString().str(), "out");
  auto instrs = plan["chains"].AsVector()[0].AsMap()["instructions"].AsVector();
  ASSERT_EQ(instrs.size(), 1u);
  EXPECT_EQ(instrs[0].AsMap()["instr_args_type"].AsString().str(), "KernelCall");
  auto args = instrs[0].AsMap()["instr_args"].AsMap()["args"].AsVector();
  ASSERT_EQ(args.size(), 5u);  // self, other, alpha, out, out
  const int64_t alpha = args[2].AsInt64();
  auto alpha_value = plan["values"].AsVector()[alpha].AsMap();
  EXPECT_EQ(alpha_value["val_type"].AsString().str(), "Int");
  EXPECT_EQ(alpha_value["val"].AsMap()["int_val"].AsInt64(), 1);
  EXPECT_EQ(args[3].AsInt64(), args[4].AsInt64());
  EXPECT_EQ(root["delegates"].AsVector().size(), 0u);
}

TEST(PteDump, JsonFactsEthosUAdd) {
  for (const char* name : {"add_ethos-u55-128.pte", "add_ethos-u85-256.pte"}) {
    SCOPED_TRACE(name);
    test::AlignedBuffer file = test::load_model(name);
    Program p;
    ASSERT_TRUE(Program::load(file.bytes(), p).ok());
    std::vector<uint8_t> storage;
    flexbuffers::Map root = parse_json(pte_tool::dump_json(p, name), storage);
    auto delegates = root["delegates"].AsVector();
    ASSERT_EQ(delegates.size(), 1u);
    flexbuffers::Map d = delegates[0].AsMap();
    EXPECT_EQ(d["id"].AsString().str(), "EthosUBackend");
    EXPECT_EQ(d["location"].AsString().str(), "INLINE");
    EXPECT_EQ(d["file_offset"].AsUInt64(), 0x70u);  // README
    flexbuffers::Map cop1 = d["vela_bin_stream"].AsMap()["cmd_data"].AsMap()["cop1"].AsMap();
    const bool u55 = std::string(name).find("u55") != std::string::npos;
    // README: 0x1807 = U55-128; Vela EthosU85RCSGenerator::ConfigRegister: 0x20000118 = U85-256.
    EXPECT_EQ(cop1["config_word"].AsUInt64(), u55 ? 0x1807u : 0x20000118u);
    EXPECT_EQ(cop1["target"].AsString().str(), u55 ? "ethos-u55-128" : "ethos-u85-256");
    EXPECT_EQ(d["compile_specs"].AsMap()["target"].AsString().str(), u55 ? "ethos-u55-128" : "ethos-u85-256");
    EXPECT_TRUE(d["target_matches_cmd_data"].AsBool());
    // Quantize ops: scale 1/255, zero point -128 (README).
    flexbuffers::Map plan = plan0(root);
    auto values = plan["values"].AsVector();
    int quantize_calls = 0;
    auto instrs = plan["chains"].AsVector()[0].AsMap()["instructions"].AsVector();
    for (size_t i = 0; i < instrs.size(); ++i) {
      flexbuffers::Map ins = instrs[i].AsMap();
      if (ins["instr_args_type"].AsString().str() != "KernelCall") continue;
      auto args = ins["instr_args"].AsMap()["args"].AsVector();
      const int64_t op = ins["instr_args"].AsMap()["op_index"].AsInt64();
      const std::string op_name = plan["operators"].AsVector()[op].AsMap()["name"].AsString().str();
      if (op_name != "quantized_decomposed::quantize_per_tensor") continue;
      ++quantize_calls;
      const double scale = values[args[1].AsInt64()].AsMap()["val"].AsMap()["double_val"].AsDouble();
      EXPECT_NEAR(scale, 1.0 / 255.0, 1e-9);
      EXPECT_EQ(values[args[2].AsInt64()].AsMap()["val"].AsMap()["int_val"].AsInt64(), -128);
    }
    EXPECT_EQ(quantize_calls, 2);
  }
}

TEST(PteDump, JsonFactsMnist) {
  test::AlignedBuffer file = test::load_model("mnist_ethos-u55-128.pte");
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  std::vector<uint8_t> storage;
  flexbuffers::Map root = parse_json(pte_tool::dump_json(p, "mnist"), storage);
  flexbuffers::Map v = root["delegates"].AsVector()[0].AsMap()["vela_bin_stream"].AsMap();
  // README: 1 NPU command stream of 2,984 B, 108,048 B of weights, scratch 104,160 B.
  EXPECT_EQ(v["cmd_data"].AsMap()["size"].AsUInt64(), 2984u);
  EXPECT_EQ(v["weight_data"].AsMap()["size"].AsUInt64(), 108048u);
  EXPECT_EQ(v["scratch_size"].AsUInt64(), 104160u);
  EXPECT_EQ(v["cmd_data"].AsMap()["cop1"].AsMap()["target"].AsString().str(), "ethos-u55-128");
  // README: output and input share planned offset 0 of buffer 1; memory ids are 1-based.
  flexbuffers::Map plan = plan0(root);
  auto values = plan["values"].AsVector();
  for (const char* which : {"inputs", "outputs"}) {
    const int64_t idx = plan[which].AsVector()[0].AsInt64();
    flexbuffers::Map alloc = values[idx].AsMap()["val"].AsMap()["allocation_info"].AsMap();
    EXPECT_EQ(alloc["memory_id"].AsUInt64(), 1u) << which;
    EXPECT_EQ(alloc["memory_offset_low"].AsUInt64(), 0u) << which;
    EXPECT_EQ(alloc["memory_offset_high"].AsUInt64(), 0u) << which;
  }
  EXPECT_EQ(plan["non_const_buffer_sizes"].AsVector()[0].AsInt64(), 0);
  EXPECT_EQ(plan["non_const_buffer_sizes"].AsVector().size(), 2u);
}

TEST(PteDump, TextShowsTheProgram) {
  test::AlignedBuffer file = test::load_model("add_cpu.pte");
  Program p;
  ASSERT_TRUE(Program::load(file.bytes(), p).ok());
  const std::string t = pte_tool::dump_text(p, "add_cpu.pte");
  for (const char* expected : {"identifier ET12", "extended header: none", "KernelCall op 0 aten::add.out",
                               "alpha = v3 Int 1", "non_const_buffer_sizes: [0, 48]", "delegates: 0"}) {
    EXPECT_NE(t.find(expected), std::string::npos) << expected;
  }
  test::AlignedBuffer u55 = test::load_model("add_ethos-u55-128.pte");
  ASSERT_TRUE(Program::load(u55.bytes(), p).ok());
  const std::string t2 = pte_tool::dump_text(p, "add_ethos-u55-128.pte");
  for (const char* expected : {"id EthosUBackend processed INLINE index 0", "at file offset 0x70",
                               "CONFIG 0x00001807 = ethos-u55-128", "target = \"ethos-u55-128\"",
                               "out_dtype = v21 Null", "block vela_end_stream"}) {
    EXPECT_NE(t2.find(expected), std::string::npos) << expected;
  }
}

}  // namespace
}  // namespace corsim::pte
