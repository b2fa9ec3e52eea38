// The VelaBinStream/COP1 writer: its output parses back, and re-packing the parts of the real
// MNIST and add payloads reproduces the original bytes exactly.
#include <gtest/gtest.h>

#include "pte_test_util.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"
#include "tools/pte/vela_bin_writer.h"

namespace corsim::pte_tool {
namespace {

std::vector<uint32_t> words_of(rt::Bytes b) {
  std::vector<uint32_t> w(b.size() / 4);
  std::memcpy(w.data(), b.data(), w.size() * 4);
  return w;
}

TEST(VelaBinWriter, RepacksRealPayloadsByteForByte) {
  for (const char* name : {"add_ethos-u55-128.pte", "add_ethos-u85-256.pte", "mnist_ethos-u55-128.pte"}) {
    SCOPED_TRACE(name);
    pte::test::AlignedBuffer file = pte::test::load_model(name);
    pte::Program p;
    ASSERT_TRUE(pte::Program::load(file.bytes(), p).ok());
    rt::Bytes blob;
    ASSERT_TRUE(p.delegate_data(*p.method("forward")->delegates()->Get(0), blob).ok());
    ethos_u::VelaBinStream v;
    ASSERT_TRUE(ethos_u::parse_vela_bin_stream(blob, v).ok());
    ethos_u::Cop1Payload c;
    ASSERT_TRUE(ethos_u::parse_cop1(v.cmd_data.data, c).ok());

    VelaBinStreamDesc d;
    d.cmd_data = make_cop1(c.config.word, c.id.word, words_of(c.command_stream));
    EXPECT_EQ(d.cmd_data, std::vector<uint8_t>(v.cmd_data.data.begin(), v.cmd_data.data.end()));
    d.weight_data.assign(v.weight_data.data.begin(), v.weight_data.data.end());
    d.scratch_size = v.scratch_size;
    for (uint32_t i = 0; i < v.inputs.count; ++i) {
      const ethos_u::VelaIo io = v.inputs.get(i);
      d.inputs.push_back({std::vector<int32_t>(io.shape, io.shape + 6), io.elem_size, io.offset, io.region});
    }
    for (uint32_t i = 0; i < v.outputs.count; ++i) {
      const ethos_u::VelaIo io = v.outputs.get(i);
      d.outputs.push_back({std::vector<int32_t>(io.shape, io.shape + 6), io.elem_size, io.offset, io.region});
    }
    const std::vector<uint8_t> out = write_vela_bin_stream(d);
    ASSERT_EQ(out.size(), blob.size());
    EXPECT_TRUE(std::equal(out.begin(), out.end(), blob.begin()));
  }
}

TEST(VelaBinWriter, OldLayoutAndShortShapes) {
  VelaBinStreamDesc d;
  d.cmd_data = make_cop1(0x1006, 0x10060000, {0xFFFF0001});
  d.weight_data = {9, 9, 9};
  d.scratch_size = 1024;  // holds the 784-byte input at 0 (region 1 IO must fit, EthosUBackend.cpp)
  d.inputs = {{{28, 28}, 1, 0, 1}};
  d.outputs = {{{10}, 1, 800, 1}};
  for (bool old_layout : {false, true}) {
    d.old_layout = old_layout;
    pte::test::AlignedBuffer buf(write_vela_bin_stream(d));
    ethos_u::VelaBinStream v;
    rt::Status s = ethos_u::parse_vela_bin_stream(buf.bytes(), v);
    ASSERT_TRUE(s.ok()) << s.what;
    EXPECT_EQ(v.scratch_embedded, old_layout);
    EXPECT_EQ(v.old_io_layout(), old_layout);
    EXPECT_EQ(v.scratch_size, 1024u);
    EXPECT_EQ(v.inputs.get(0).numel(), 784u);
    // Current layout pads with leading 1s, old layout with trailing zeros (ExecuTorch arm_vela.py
    // vela_bin_pack_io).
    EXPECT_EQ(v.inputs.get(0).shape[0], old_layout ? 28 : 1);
    EXPECT_EQ(v.outputs.get(0).nbytes(), 10u);
    ethos_u::Cop1Payload c;
    ASSERT_TRUE(ethos_u::parse_cop1(v.cmd_data.data, c).ok());
    EXPECT_EQ(c.command_stream_offset, 32u);
    EXPECT_EQ(c.command_stream_words, 1u);
    EXPECT_EQ(c.config.macs_per_cc, 64u);
  }
}

}  // namespace
}  // namespace corsim::pte_tool
