// ETDump writer (sim/etdump_writer.h): a hand-built per-operator report written as ETDump and read
// back by an independent reader, Debian's flatc (`--json --strict-json --defaults-json
// --size-prefixed --raw-binary`, what ExecuTorch's devtools/etdump/serialize.py runs) with our
// schema sim/etdump.fbs. Expected values are the report's numbers mapped by hand as ExecuTorch's
// event_tracer_hooks.h and method.cpp record them, not the writer's output.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <flatbuffers/flexbuffers.h>
#include <flatbuffers/idl.h>

#include "etdump_generated.h"  // our schema's generated code: its verifier
#include "sim/etdump_writer.h"

namespace corsim::sim {
namespace {

namespace fs = std::filesystem;

// Cycle stamps above 2^32, so a 32-bit truncation anywhere would show.
constexpr uint64_t kBase = 5'000'000'000ull;

OperatorEntry op(uint32_t index, std::string name, std::string kind, uint64_t begin, uint64_t end) {
  OperatorEntry e;
  e.index = index;
  e.name = std::move(name);
  e.kind = std::move(kind);
  e.begin = kBase + begin;
  e.end = kBase + end;
  return e;
}

NpuOpEntry npu_op(uint32_t index, std::string kind, uint64_t start, uint64_t end) {
  NpuOpEntry n;
  n.index = index;
  n.kind = std::move(kind);
  n.start = kBase + start;
  n.end = kBase + end;
  return n;
}

// quantize (KernelCall 0), EthosUBackend (DelegateCall 1: CONV then ELEMENTWISE), dequantize (2).
OperatorReport three_instruction_report() {
  OperatorReport r;
  r.present = true;
  r.clock_hz = 25'000'000;
  r.run_begin = kBase + 90;
  r.run_end = kBase + 600;
  r.run_return = kBase + 620;
  r.total = r.run_end - r.run_begin;
  r.operators.push_back(op(0, "quantized_decomposed::quantize_per_tensor.out", "KernelCall", 100, 200));
  OperatorEntry d = op(1, "EthosUBackend", "DelegateCall", 210, 500);
  d.npu = true;
  d.npu_ops.push_back(npu_op(0, "CONV", 250, 300));
  d.npu_ops.push_back(npu_op(1, "ELEMENTWISE", 300, 450));
  r.operators.push_back(std::move(d));
  r.operators.push_back(op(2, "aten::add.out", "KernelCall", 510, 600));
  return r;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

uint32_t le32(const std::string& b, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(static_cast<uint8_t>(b[at + i])) << (8 * i);
  return v;
}

// Decodes `bytes` with flatc and our schema; returns flatc's JSON text ("" and a test failure if
// flatc refused the file).
std::string flatc_json(const std::string& bytes) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("corsim-etdump-{}-{}", ::getpid(),
      ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::create_directories(dir);
  const fs::path bin = dir / "etdump.etdp";
  std::ofstream(bin, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  const std::string cmd = fmt::format("'{}' --json --strict-json --defaults-json --size-prefixed --raw-binary -o '{}' '{}' -- '{}' 2>'{}'",
                                      CORSIM_FLATC_PATH, dir.string(), CORSIM_ETDUMP_SCHEMA, bin.string(),
                                      (dir / "flatc.err").string());
  const int raw = std::system(cmd.c_str());
  const int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::string json = slurp(dir / "etdump.json");
  EXPECT_EQ(status, 0) << "flatc: " << slurp(dir / "flatc.err");
  fs::remove_all(dir);
  return json;
}

flexbuffers::Map parse(const std::string& json, std::vector<uint8_t>& storage) {
  flatbuffers::Parser parser;
  flexbuffers::Builder builder;
  EXPECT_TRUE(parser.ParseFlexBuffer(json.c_str(), nullptr, &builder)) << parser.error_;
  storage = builder.GetBuffer();
  return flexbuffers::GetRoot(storage).AsMap();
}

struct Expected {
  std::string name, delegate_id;
  int64_t chain, instruction;
  uint64_t start, end;
};

TEST(EtdumpWriter, SizePrefixAndIdentifier) {
  const EtdumpFile f = operator_etdump(three_instruction_report());
  ASSERT_TRUE(f.error.empty()) << f.error;
  ASSERT_GT(f.bytes.size(), 12u);
  EXPECT_EQ(le32(f.bytes, 0), f.bytes.size() - 4);    // size prefix: the flatbuffer after it
  EXPECT_EQ(f.bytes.substr(8, 4), "ED00");             // after the prefix and the root offset
  EXPECT_LT(le32(f.bytes, 4), f.bytes.size() - 4);     // root offset inside the buffer
  flatbuffers::Verifier verifier(reinterpret_cast<const uint8_t*>(f.bytes.data()), f.bytes.size());
  EXPECT_TRUE(corsim::etdump::fb::VerifySizePrefixedETDumpBuffer(verifier));
}

TEST(EtdumpWriter, FlatcReadsTheEventsExecuTorchRecords) {
  const EtdumpFile f = operator_etdump(three_instruction_report());
  ASSERT_TRUE(f.error.empty()) << f.error;
  const std::string json = flatc_json(f.bytes);
  ASSERT_FALSE(json.empty());
  std::vector<uint8_t> storage;
  const flexbuffers::Map root = parse(json, storage);
  EXPECT_EQ(root["version"].AsUInt64(), 0u);
  const flexbuffers::Vector runs = root["run_data"].AsVector();
  ASSERT_EQ(runs.size(), 1u);
  const flexbuffers::Map run = runs[0].AsMap();
  EXPECT_EQ(run["name"].AsString().str(), "Execute");
  EXPECT_EQ(run["bundled_input_index"].AsInt64(), -1);

  // In end order; the NPU operations end before their DELEGATE_CALL, the kernel before its
  // OPERATOR_CALL (same markers), Method::execute from execute start to its return marker.
  const std::vector<Expected> want = {
      {"native_call_quantize_per_tensor.out", "", 0, 0, kBase + 100, kBase + 200},
      {"OPERATOR_CALL", "", 0, 0, kBase + 100, kBase + 200},
      {"", "npu_op_0_CONV", 0, 1, kBase + 250, kBase + 300},
      {"", "npu_op_1_ELEMENTWISE", 0, 1, kBase + 300, kBase + 450},
      {"DELEGATE_CALL", "", 0, 1, kBase + 210, kBase + 500},
      {"native_call_add.out", "", 0, 2, kBase + 510, kBase + 600},
      {"OPERATOR_CALL", "", 0, 2, kBase + 510, kBase + 600},
      {"Method::execute", "", -1, 0, kBase + 90, kBase + 620},
  };
  const flexbuffers::Vector events = run["events"].AsVector();
  ASSERT_EQ(events.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(fmt::format("event {}", i));
    const flexbuffers::Map e = events[i].AsMap();
    EXPECT_TRUE(e["allocation_event"].IsNull());
    EXPECT_TRUE(e["debug_event"].IsNull());
    const flexbuffers::Map p = e["profile_event"].AsMap();
    EXPECT_EQ(p["name"].IsNull() ? "" : p["name"].AsString().str(), want[i].name);
    EXPECT_EQ(p["delegate_debug_id_str"].IsNull() ? "" : p["delegate_debug_id_str"].AsString().str(), want[i].delegate_id);
    EXPECT_EQ(p["delegate_debug_id_int"].AsInt64(), -1);
    EXPECT_EQ(p["chain_index"].AsInt64(), want[i].chain);
    EXPECT_EQ(p["instruction_id"].AsInt64(), want[i].instruction);
    EXPECT_EQ(p["start_time"].AsUInt64(), want[i].start);
    EXPECT_EQ(p["end_time"].AsUInt64(), want[i].end);
  }
}

// Each NPU operation's cost parts and bound travel in delegate_debug_metadata (docs/report-schema.md
// "ETDump"): bytes of one flat JSON object. Read back through flatc and parsed as JSON; every value
// is the report's, set by hand below; the other events carry none.
TEST(EtdumpWriter, NpuOperationsCarryTheirCostPartsAndBoundInTheMetadata) {
  OperatorReport r = three_instruction_report();
  NpuOpEntry& conv = r.operators[1].npu_ops[0];  // CONV, start 250, end 300
  conv.macs = 4096;
  conv.timing.mac = 40;
  conv.timing.mac_active = 33;
  conv.timing.output = 12;
  conv.timing.compute = 44;
  conv.timing.weights = 10;
  conv.timing.axi0 = 30;
  conv.timing.axi1 = 7;
  conv.timing.overhead = 2;
  conv.timing.contention = 3;
  conv.timing.bound = "compute";
  conv.read = {100, 200};
  conv.write = {50, 0};
  r.operators[1].npu_ops[1].timing.bound = "axi1";
  const EtdumpFile f = operator_etdump(r);
  ASSERT_TRUE(f.error.empty()) << f.error;
  const std::string json = flatc_json(f.bytes);
  std::vector<uint8_t> storage;
  const flexbuffers::Map root = parse(json, storage);
  const flexbuffers::Vector events = root["run_data"].AsVector()[0].AsMap()["events"].AsVector();
  std::vector<std::string> metadata;  // per event, in file order
  for (size_t i = 0; i < events.size(); ++i) {
    const flexbuffers::Vector bytes = events[i].AsMap()["profile_event"].AsMap()["delegate_debug_metadata"].AsVector();
    std::string text;
    for (size_t k = 0; k < bytes.size(); ++k) text += static_cast<char>(bytes[k].AsUInt64());
    metadata.push_back(text);
  }
  ASSERT_EQ(metadata.size(), 8u);
  for (size_t i : {0u, 1u, 4u, 5u, 6u, 7u}) EXPECT_EQ(metadata[i], "") << "event " << i;
  std::vector<uint8_t> conv_storage, ew_storage;
  const flexbuffers::Map m = parse(metadata[2], conv_storage);
  EXPECT_EQ(m["bound"].AsString().str(), "compute");
  EXPECT_EQ(m["cycles"].AsUInt64(), 50u);
  EXPECT_EQ(m["macs"].AsUInt64(), 4096u);
  EXPECT_EQ(m["mac"].AsUInt64(), 40u);
  EXPECT_EQ(m["mac_active"].AsUInt64(), 33u);
  EXPECT_EQ(m["output"].AsUInt64(), 12u);
  EXPECT_EQ(m["compute"].AsUInt64(), 44u);
  EXPECT_EQ(m["weights"].AsUInt64(), 10u);
  EXPECT_EQ(m["axi0"].AsUInt64(), 30u);
  EXPECT_EQ(m["axi1"].AsUInt64(), 7u);
  EXPECT_EQ(m["overhead"].AsUInt64(), 2u);
  EXPECT_EQ(m["contention"].AsUInt64(), 3u);
  EXPECT_EQ(m["axi0_read"].AsUInt64(), 100u);
  EXPECT_EQ(m["axi0_write"].AsUInt64(), 50u);
  EXPECT_EQ(m["axi1_read"].AsUInt64(), 200u);
  EXPECT_EQ(m["axi1_write"].AsUInt64(), 0u);
  const flexbuffers::Map ew = parse(metadata[3], ew_storage);
  EXPECT_EQ(ew["bound"].AsString().str(), "axi1");
  EXPECT_EQ(ew["cycles"].AsUInt64(), 150u);
}

TEST(EtdumpWriter, MoveJumpAndFreeCallsRecordNoEvent) {
  OperatorReport r = three_instruction_report();
  r.operators.push_back(op(3, "", "MoveCall", 601, 602));
  r.operators.push_back(op(4, "", "FreeCall", 603, 604));
  r.operators.push_back(op(5, "", "JumpFalseCall", 605, 606));
  r.run_end = kBase + 606;
  const std::vector<EtdumpProfileEvent> events = etdump_events(r);
  ASSERT_EQ(events.size(), 8u);
  for (const EtdumpProfileEvent& e : events) EXPECT_LE(e.instruction_id, 2);
  EXPECT_EQ(events.back().name, "Method::execute");
  EXPECT_EQ(events.back().end_time, kBase + 620);
}

TEST(EtdumpWriter, ExecuteEndsAtTheLastInstructionWithoutAReturnMarker) {
  OperatorReport r = three_instruction_report();
  r.run_return = 0;
  const std::vector<EtdumpProfileEvent> events = etdump_events(r);
  EXPECT_EQ(events.back().name, "Method::execute");
  EXPECT_EQ(events.back().start_time, kBase + 90);
  EXPECT_EQ(events.back().end_time, kBase + 600);
}

TEST(EtdumpWriter, NativeCallNameDropsTheNamespace) {
  EXPECT_EQ(native_call_name("aten::add.out"), "native_call_add.out");
  EXPECT_EQ(native_call_name("cortex_m::quantized_add.out"), "native_call_quantized_add.out");
  EXPECT_EQ(native_call_name("relu"), "native_call_relu");
}

TEST(EtdumpWriter, RefusesAReportWithoutMarkers) {
  const EtdumpFile f = operator_etdump(OperatorReport{});
  EXPECT_TRUE(f.bytes.empty());
  EXPECT_NE(f.error.find("no operator trace markers"), std::string::npos) << f.error;
}

TEST(EtdumpWriter, RefusesAnInconsistentReport) {
  OperatorReport r = three_instruction_report();
  r.error = "the last instruction has no end marker (the run stopped inside it)";
  const EtdumpFile f = operator_etdump(r);
  EXPECT_TRUE(f.bytes.empty());
  EXPECT_NE(f.error.find("stopped inside"), std::string::npos) << f.error;
}

}  // namespace
}  // namespace corsim::sim
