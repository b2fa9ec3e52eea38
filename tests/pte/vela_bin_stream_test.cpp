// VelaBinStream and COP1 parsing (ExecuTorch backends/arm/runtime/VelaBinStream.cpp; Vela
// custom_operator_ethosu.hpp CreateDriverPayload1; CONFIG words of Vela's ConfigRegister
// functions): the real delegate blobs of the shared programs, synthetic blobs of every layout
// variant, and broken blobs.
#include <gtest/gtest.h>

#include <string>

#include "pte_test_util.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"
#include "vela_blob_builder.h"

namespace corsim::ethos_u {
namespace {

using test::cop1;
using test::io_block;
using test::u32_bytes;
using test::VelaBlobBuilder;

struct RealBlob {
  pte::test::AlignedBuffer file;
  pte::Program program;
  Bytes blob;
};

void load_blob(const char* name, RealBlob& out) {
  out.file = pte::test::load_model(name);
  ASSERT_TRUE(pte::Program::load(out.file.bytes(), out.program).ok());
  const auto& d = *out.program.method("forward")->delegates()->Get(0);
  ASSERT_TRUE(out.program.delegate_data(d, out.blob).ok());
}

TEST(VelaBinStream, MnistBlocks) {
  RealBlob r;
  load_blob("mnist_ethos-u55-128.pte", r);
  VelaBinStream v;
  Status s = parse_vela_bin_stream(r.blob, v);
  ASSERT_TRUE(s.ok()) << s.what;
  // README: 1 command stream of 2,984 B, 108,048 B of weights, scratch 104,160 B.
  EXPECT_EQ(v.cmd_data.size, 2984u);
  EXPECT_EQ(v.weight_data.size, 108048u);
  EXPECT_EQ(v.scratch_size, 104160u);
  EXPECT_FALSE(v.scratch_embedded);
  EXPECT_FALSE(v.old_io_layout());
  EXPECT_EQ(v.num_blocks, 7u);  // README lists the 7 blocks
  ASSERT_EQ(v.inputs.count, 1u);
  ASSERT_EQ(v.outputs.count, 1u);
  // Input [1,1,28,28] int8 after quantisation: 784 elements of 1 byte; output [1,10] int8.
  EXPECT_EQ(v.inputs.get(0).numel(), 784u);
  EXPECT_EQ(v.inputs.get(0).elem_size, 1);
  EXPECT_EQ(v.inputs.get(0).region, 1);  // region 1 = scratch arena (Vela raw_writer.cpp)
  EXPECT_EQ(v.outputs.get(0).numel(), 10u);
  EXPECT_EQ(v.outputs.get(0).shape[5], 10);  // 6-D, padded with leading 1s

  Cop1Payload c;
  s = parse_cop1(v.cmd_data.data, c);
  ASSERT_TRUE(s.ok()) << s.what;
  EXPECT_EQ(c.optimizer_tag, 0x00100001u);  // what Vela's CreateDriverPayload1 writes
  EXPECT_EQ(c.config.word, 0x1807u);
  EXPECT_EQ(c.config.product, NpuProduct::kU55);
  EXPECT_EQ(c.config.macs_per_cc, 128u);
  EXPECT_EQ(c.config.shram_kb, 24u);
  EXPECT_EQ(c.id.word, 0x10066001u);  // regor's ID word (default id_r, ethos_u65_interface.hpp)
  EXPECT_EQ(c.num_nops, 3u);
  EXPECT_EQ(c.command_stream_offset, 32u);  // the stream starts at byte 32 (CreateDriverPayload1)
  EXPECT_EQ(c.command_stream.size(), 2984u - 32u);
}

TEST(VelaBinStream, AddU55ConfigIsU55With128Macs) {
  RealBlob r;
  load_blob("add_ethos-u55-128.pte", r);
  VelaBinStream v;
  ASSERT_TRUE(parse_vela_bin_stream(r.blob, v).ok());
  Cop1Payload c;
  ASSERT_TRUE(parse_cop1(v.cmd_data.data, c).ok());
  EXPECT_EQ(c.config.word, 0x1807u);  // README: 0x1807 = U55-128, 24 KB SHRAM
  EXPECT_STREQ(npu_product_name(c.config.product), "ethos-u55");
  EXPECT_EQ(c.config.macs_per_cc, 128u);
  EXPECT_EQ(v.inputs.count, 2u);  // x and y
  EXPECT_EQ(v.outputs.count, 1u);
}

TEST(VelaBinStream, AddU85Config) {
  RealBlob r;
  load_blob("add_ethos-u85-256.pte", r);
  VelaBinStream v;
  ASSERT_TRUE(parse_vela_bin_stream(r.blob, v).ok());
  Cop1Payload c;
  ASSERT_TRUE(parse_cop1(v.cmd_data.data, c).ok());
  // Vela EthosU85RCSGenerator::ConfigRegister: U85-256 = 0x20000118; ID 0x20007000.
  EXPECT_EQ(c.config.word, 0x20000118u);
  EXPECT_EQ(c.config.product, NpuProduct::kU85);
  EXPECT_EQ(c.config.macs_per_cc, 256u);
  EXPECT_EQ(c.config.cmd_stream_version, 1u);
  EXPECT_EQ(c.config.num_wd, 1u);
  EXPECT_EQ(c.id.arch_major, 2u);
}

TEST(VelaBinStream, ConfigWordTable) {
  // CONFIG words of Vela's ArchEthosU55::ConfigRegister and EthosU85RCSGenerator::ConfigRegister.
  EXPECT_EQ(decode_npu_config(0x00001005).macs_per_cc, 32u);
  EXPECT_EQ(decode_npu_config(0x00003008).shram_kb, 48u);
  EXPECT_EQ(decode_npu_config(0x10006009).product, NpuProduct::kU65);
  const NpuConfig u85_1024 = decode_npu_config(0x2000251A);
  EXPECT_EQ(u85_1024.macs_per_cc, 1024u);
  EXPECT_EQ(u85_1024.num_wd, 4u);
  EXPECT_EQ(u85_1024.num_axi_ext, 2u);
  const NpuId id = decode_npu_id(0x10104201);  // U55 header default: arch 1.1.0, product 4, r2p0
  EXPECT_EQ(id.arch_major, 1u);
  EXPECT_EQ(id.arch_minor, 1u);
  EXPECT_EQ(id.arch_patch, 0u);
  EXPECT_EQ(id.product_major, 4u);
  EXPECT_EQ(id.version_major, 2u);
  EXPECT_EQ(id.version_status, 1u);
}

std::vector<uint8_t> current_blob() {
  VelaBlobBuilder b;
  b.block("vela_bin_stream", {})
      .block("cmd_data", cop1(0x1807, 0x10066001, 3))
      .block("weight_data", std::vector<uint8_t>(20, 0xAB))
      .block("scratch_size", u32_bytes(256))
      .block("inputs", io_block({{{1, 1, 1, 4, 4, 2}, 1, 0, 1}, {{1, 1, 1, 1, 1, 8}, 2, 64, 1}}))
      .block("outputs", io_block({{{1, 1, 1, 1, 2, 4}, 4, 128, 1}}))
      .block("vela_end_stream", {});
  return b.bytes();
}

TEST(VelaBinStream, CurrentLayoutSynthetic) {
  pte::test::AlignedBuffer blob(current_blob());
  VelaBinStream v;
  Status s = parse_vela_bin_stream(blob.bytes(), v);
  ASSERT_TRUE(s.ok()) << s.what;
  EXPECT_EQ(v.scratch_size, 256u);
  EXPECT_EQ(v.weight_data.size, 20u);
  EXPECT_EQ(v.weight_data.data[19], 0xAB);
  EXPECT_EQ(v.weight_data.offset % 16, 0u);
  ASSERT_EQ(v.inputs.count, 2u);
  EXPECT_EQ(v.inputs.get(0).numel(), 32u);
  EXPECT_EQ(v.inputs.get(1).nbytes(), 16u);
  EXPECT_EQ(v.inputs.get(1).offset, 64);
  EXPECT_EQ(v.outputs.get(0).nbytes(), 32u);
  Cop1Payload c;
  ASSERT_TRUE(parse_cop1(v.cmd_data.data, c).ok());
  EXPECT_EQ(c.command_stream_words, 3u);
}

TEST(VelaBinStream, OldLayoutWithEmbeddedScratch) {
  // Old ET: 4-D IO padded with trailing zeros (28 bytes each), scratch embedded as zeros.
  VelaBlobBuilder b;
  b.block("vela_bin_stream", {})
      .block("cmd_data", cop1(0x1006, 0x10060000, 1))
      .block("weight_data", {1, 2, 3})
      .block("scratch_data", std::vector<uint8_t>(96, 0))
      .block("inputs", io_block({{{1, 10, 0, 0}, 1, 16, 1}}))
      .block("outputs", io_block({{{1, 2, 3, 4}, 1, 0, 1}}))
      .block("vela_end_stream", {});
  pte::test::AlignedBuffer blob(b.bytes());
  VelaBinStream v;
  Status s = parse_vela_bin_stream(blob.bytes(), v);
  ASSERT_TRUE(s.ok()) << s.what;
  EXPECT_TRUE(v.scratch_embedded);
  EXPECT_TRUE(v.old_io_layout());
  EXPECT_EQ(v.scratch_size, 96u);
  EXPECT_EQ(v.scratch_data.size(), 96u);
  EXPECT_EQ(v.inputs.get(0).dims, 4u);
  EXPECT_EQ(v.inputs.get(0).numel(), 10u);  // trailing zeros are padding
  EXPECT_EQ(v.outputs.get(0).numel(), 24u);
}

TEST(VelaBinStream, ExternalBlocks) {
  const std::string key(64, 'a');
  const std::vector<uint8_t> key_bytes(key.begin(), key.end());
  VelaBlobBuilder b;
  b.block("vela_bin_stream", {})
      .block("cmd_data", key_bytes, 1)
      .block("weight_data", key_bytes, 1)
      .block("scratch_size", u32_bytes(16))
      .block("inputs", io_block({{{1, 1, 1, 1, 1, 16}, 1, 0, 1}}))
      .block("outputs", io_block({{{1, 1, 1, 1, 1, 16}, 1, 0, 1}}))
      .block("vela_end_stream", {});
  pte::test::AlignedBuffer blob(b.bytes());
  VelaBinStream v;
  Status s = parse_vela_bin_stream(blob.bytes(), v);
  ASSERT_TRUE(s.ok()) << s.what;
  EXPECT_TRUE(v.cmd_data.external);
  EXPECT_TRUE(v.weight_data.external);
  EXPECT_EQ(std::string(v.cmd_data.data.begin(), v.cmd_data.data.end()), key);
}

Status parse_bytes(const std::vector<uint8_t>& bytes) {
  pte::test::AlignedBuffer blob(bytes);
  VelaBinStream v;
  return parse_vela_bin_stream(blob.bytes(), v);
}

// Replaces the block named `name` in a blob built like current_blob().
std::vector<uint8_t> with_block(const std::string& name, const std::vector<uint8_t>& data, uint8_t ext = 0) {
  VelaBlobBuilder b;
  b.block("vela_bin_stream", {});
  b.block("cmd_data", name == "cmd_data" ? data : cop1(0x1807, 0x10066001, 3), name == "cmd_data" ? ext : 0);
  b.block("weight_data", name == "weight_data" ? data : std::vector<uint8_t>(20, 0xAB), name == "weight_data" ? ext : 0);
  b.block("scratch_size", name == "scratch_size" ? data : u32_bytes(256));
  b.block("inputs", name == "inputs" ? data : io_block({{{1, 1, 1, 4, 4, 2}, 1, 0, 1}}), name == "inputs" ? ext : 0);
  b.block("outputs", io_block({{{1, 1, 1, 1, 2, 4}, 4, 128, 1}}));
  b.block("vela_end_stream", {});
  return b.bytes();
}

TEST(VelaBinStream, RejectsBrokenBlobs) {
  EXPECT_TRUE(parse_bytes(with_block("scratch_size", u32_bytes(256))).ok());
  // Each case must fail with a VelaBinStream (or command-stream) error, not crash.
  std::vector<std::pair<std::string, std::vector<uint8_t>>> cases;
  std::vector<uint8_t> blob = current_blob();
  cases.push_back({"truncated", std::vector<uint8_t>(blob.begin(), blob.end() - 16)});
  cases.push_back({"empty", {}});
  std::vector<uint8_t> renamed = blob;
  std::memcpy(renamed.data(), "vela_bin_strean", 15);
  cases.push_back({"bad first name", renamed});
  std::vector<uint8_t> unterminated = blob;
  std::memset(unterminated.data() + 32, 'x', 16);
  cases.push_back({"unterminated name", unterminated});
  std::vector<uint8_t> huge = blob;
  huge[32 + 16 + 3] = 0x7F;  // cmd_data size ~2 GB
  cases.push_back({"oversized block", huge});
  cases.push_back({"no COP1", with_block("cmd_data", {'C', 'O', 'P', '9', 0, 0, 0, 0})});
  cases.push_back({"scratch_size 3 bytes", with_block("scratch_size", {1, 2, 3})});
  cases.push_back({"io size", with_block("inputs", {1, 0, 0, 0, 9, 9, 9, 9})});
  cases.push_back({"io beyond scratch", with_block("inputs", io_block({{{1, 1, 1, 1, 1, 300}, 1, 0, 1}}))});
  cases.push_back({"io bad elem", with_block("inputs", io_block({{{1, 1, 1, 1, 1, 3}, 3, 0, 1}}))});
  cases.push_back({"external inputs", with_block("inputs", std::vector<uint8_t>(64, 'a'), 1)});
  cases.push_back({"external not hex", with_block("weight_data", std::vector<uint8_t>(64, 'z'), 1)});
  cases.push_back({"external flag 2", with_block("weight_data", {1}, 2)});
  VelaBlobBuilder missing;
  missing.block("vela_bin_stream", {}).block("cmd_data", cop1(0x1807, 0, 1)).block("vela_end_stream", {});
  cases.push_back({"missing blocks", missing.bytes()});
  VelaBlobBuilder dup;
  dup.block("vela_bin_stream", {}).block("cmd_data", cop1(0x1807, 0, 1)).block("cmd_data", cop1(0x1807, 0, 1));
  dup.block("vela_end_stream", {});
  cases.push_back({"duplicate", dup.bytes()});
  VelaBlobBuilder unknown;
  unknown.block("vela_bin_stream", {}).block("mystery", {1}).block("vela_end_stream", {});
  cases.push_back({"unknown block", unknown.bytes()});
  std::vector<uint8_t> trailing = blob;
  trailing.resize(trailing.size() + 32, 0);
  cases.push_back({"data after end", trailing});
  for (const auto& [what, bytes] : cases) {
    Status s = parse_bytes(bytes);
    EXPECT_FALSE(s.ok()) << what;
    EXPECT_GT(std::strlen(s.what), 10u) << what;
  }
}

TEST(VelaBinStream, RejectsMisalignedBlob) {
  std::vector<uint8_t> blob = current_blob();
  std::vector<uint8_t> shifted(4, 0);
  shifted.insert(shifted.end(), blob.begin(), blob.end());
  pte::test::AlignedBuffer buf(shifted);
  VelaBinStream v;
  Status s = parse_vela_bin_stream(Bytes(buf.data() + 4, blob.size()), v);
  EXPECT_EQ(s.code, rt::Error::kMisaligned);
}

TEST(Cop1, RejectsBrokenPayloads) {
  Cop1Payload c;
  std::vector<uint8_t> good = cop1(0x1807, 0x10066001, 4);
  pte::test::AlignedBuffer g(good);
  ASSERT_TRUE(parse_cop1(g.bytes(), c).ok());
  std::vector<uint8_t> long_stream = good;
  long_stream[28 + 2] = 5;  // claims 5 words, only 4 present
  std::vector<uint8_t> unknown_tag = good;
  unknown_tag[16] = 7;  // first NOP becomes action 7
  std::vector<uint8_t> no_config = good;
  no_config[4] = 5;  // OPTIMIZER_CONFIG becomes NOPs... then CONFIG word 0x1807 is action 7
  std::vector<uint8_t> odd(good.begin(), good.end() - 2);
  for (const auto& bad : {long_stream, unknown_tag, no_config, odd}) {
    pte::test::AlignedBuffer b(bad);
    EXPECT_EQ(parse_cop1(b.bytes(), c).code, rt::Error::kBadCommandStream);
  }
}

}  // namespace
}  // namespace corsim::ethos_u
