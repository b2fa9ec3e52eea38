// Corrupted copies of the real programs: truncated, bad identifier, flipped bytes, broken delegate
// payloads. Each must fail with a Status (one clear message) or, if still valid, be safe to walk;
// never crash. Run under -fsanitize=address,undefined in the sanitizer build (docs/pte.md).
#include <gtest/gtest.h>

#include "pte_test_util.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte {
namespace {

// Touches every part of a loaded program the way the runtime or the dump would.
uint64_t walk(const Program& p) {
  uint64_t sum = 0;
  for (uint32_t i = 0; i < p.num_execution_plans(); ++i) {
    const fb::ExecutionPlan& plan = p.execution_plan(i);
    // Optional vectors may be absent (nullptr) in a valid flatbuffer: walk them as empty.
    if (plan.values() == nullptr) continue;
    for (const fb::EValue* v : *plan.values()) {
      if (const fb::Tensor* t = v->val_as_Tensor()) {
        const TensorData d = tensor_data(*t);
        uint64_t n = 0;
        tensor_nbytes(*t, n);
        if (d.kind == TensorDataKind::kConstant) {
          Bytes data;
          EXPECT_TRUE(p.constant_data(d.data_buffer_idx, n, data).ok());
          for (uint8_t b : data) sum += b;
        }
      }
    }
    if (plan.chains() != nullptr) {
      for (const fb::Chain* c : *plan.chains()) {
        if (c->instructions() == nullptr) continue;
        for (const fb::Instruction* ins : *c->instructions()) {
          if (const fb::KernelCall* k = ins->instr_args_as_KernelCall()) {
            sum += plan.operators()->Get(k->op_index())->name()->size();
            if (k->args() == nullptr) continue;
            for (int32_t a : *k->args()) sum += static_cast<uint64_t>(plan.values()->Get(a)->val_type());
          }
        }
      }
    }
    if (plan.delegates() != nullptr) {
      for (const fb::BackendDelegate* d : *plan.delegates()) {
        Bytes blob;
        EXPECT_TRUE(p.delegate_data(*d, blob).ok());
        ethos_u::VelaBinStream v;
        if (ethos_u::parse_vela_bin_stream(blob, v).ok()) {
          ethos_u::Cop1Payload c;
          if (!v.cmd_data.external && ethos_u::parse_cop1(v.cmd_data.data, c).ok()) sum += c.command_stream_words;
          for (uint32_t k = 0; k < v.inputs.count; ++k) sum += v.inputs.get(k).nbytes();
        }
      }
    }
  }
  return sum;
}

Status load_bytes(const std::vector<uint8_t>& bytes, Program& p) {
  test::AlignedBuffer buf(bytes);
  Status s = Program::load(buf.bytes(), p);
  if (!s.ok()) return s;
  walk(p);
  // What corsim-pte does with a loaded program: decode delegates, then print everything.
  s = pte_tool::check_delegates(p);
  if (s.ok()) {
    EXPECT_FALSE(pte_tool::dump_text(p, "x").empty());
    EXPECT_FALSE(pte_tool::dump_json(p, "x").empty());
  }
  return s;
}

const char* const kFiles[] = {"add_cpu.pte", "add_ethos-u55-128.pte", "add_ethos-u85-256.pte",
                              "mnist_ethos-u55-128.pte"};

TEST(PteCorrupt, Truncated) {
  for (const char* name : kFiles) {
    const std::vector<uint8_t> full = test::read_file(test::model_path(name));
    // Every prefix for the small files, a stride through the large one.
    const size_t step = full.size() > 8192 ? 509 : 1;
    for (size_t n = 0; n < full.size(); n += step) {
      Program p;
      load_bytes(std::vector<uint8_t>(full.begin(), full.begin() + n), p);
    }
    // Cutting the last byte removes the NUL of the final string ("forward"), cutting half removes
    // tables: both must be reported.
    for (size_t n : {full.size() / 2, full.size() - 1, size_t{4}}) {
      Program p;
      Status s = load_bytes(std::vector<uint8_t>(full.begin(), full.begin() + n), p);
      EXPECT_FALSE(s.ok()) << name << " cut to " << n;
    }
  }
}

TEST(PteCorrupt, BadIdentifier) {
  std::vector<uint8_t> f = test::read_file(test::model_path("add_cpu.pte"));
  Program p;
  f[4] = 'X';
  EXPECT_EQ(load_bytes(f, p).code, rt::Error::kBadIdentifier);
  f[4] = 'E';
  f[7] = '3';  // "ET13": another schema version (ExecuTorch Program::check_header)
  EXPECT_EQ(load_bytes(f, p).code, rt::Error::kIncompatibleVersion);
  char msg[160];
  rt::format_status(load_bytes(f, p), msg, sizeof msg);
  EXPECT_STREQ(msg, "incompatible program version: file identifier is ET?? but this reader supports only ET12");
}

TEST(PteCorrupt, FlippedBytesNeverCrash) {
  for (const char* name : {"add_cpu.pte", "add_ethos-u55-128.pte"}) {
    const std::vector<uint8_t> orig = test::read_file(test::model_path(name));
    int failures = 0;
    for (size_t i = 0; i < orig.size(); ++i) {
      for (uint8_t mask : {0x01, 0x80, 0xFF}) {
        std::vector<uint8_t> f = orig;
        f[i] ^= mask;
        Program p;
        if (!load_bytes(f, p).ok()) ++failures;
      }
    }
    EXPECT_GT(failures, 0) << name;
  }
}

TEST(PteCorrupt, FlippedRootOffsetFails) {
  std::vector<uint8_t> f = test::read_file(test::model_path("add_cpu.pte"));
  f[1] ^= 0x40;  // root offset beyond the file
  Program p;
  EXPECT_EQ(load_bytes(f, p).code, rt::Error::kVerifyFailed);
}

TEST(PteCorrupt, OutOfRangeIndexIsInvalidProgram) {
  // add_cpu.pte: the KernelCall arg list [0,1,3,2,2]; the vector of int32 starts at 0x13c
  // (found from the file layout: count 5 at 0x138). Make arg 2 point at value 200.
  std::vector<uint8_t> f = test::read_file(test::model_path("add_cpu.pte"));
  ASSERT_EQ(f[0x138], 5);
  ASSERT_EQ(f[0x13c + 8], 3);
  f[0x13c + 8] = 200;
  Program p;
  Status s = load_bytes(f, p);
  EXPECT_EQ(s.code, rt::Error::kInvalidProgram);
  char msg[160];
  rt::format_status(s, msg, sizeof msg);
  EXPECT_STREQ(msg, "invalid program: plan 0 chain 0 instruction 0: argument is not a valid value index");
}

TEST(PteCorrupt, BrokenVelaBinStreamInDelegate) {
  // The program still verifies (the blob is opaque to the flatbuffer), but the Ethos-U payload
  // at file offset 0x70 no longer parses.
  std::vector<uint8_t> f = test::read_file(test::model_path("add_ethos-u55-128.pte"));
  ASSERT_EQ(std::string(reinterpret_cast<const char*>(f.data()) + 0x70 + 0x20), "cmd_data");
  f[0x70 + 0x20 + 0x20] = 'X';  // "COP1" -> "XOP1"
  test::AlignedBuffer buf(f);
  Program p;
  ASSERT_TRUE(Program::load(buf.bytes(), p).ok());
  Bytes blob;
  ASSERT_TRUE(p.delegate_data(*p.method("forward")->delegates()->Get(0), blob).ok());
  ethos_u::VelaBinStream v;
  Status s = ethos_u::parse_vela_bin_stream(blob, v);
  EXPECT_EQ(s.code, rt::Error::kBadVelaBinStream);
  char msg[160];
  rt::format_status(s, msg, sizeof msg);
  EXPECT_STREQ(msg, "bad VelaBinStream: cmd_data: cmd_data does not start with the driver magic \"COP1\" or \"COP2\"");
}

}  // namespace
}  // namespace corsim::pte
