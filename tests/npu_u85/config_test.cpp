// U85 configuration words, region -> AXI port mapping, disassembly names and the decoding of the
// arch 2.0 fields that no golden exercises directly.
#include <gtest/gtest.h>

#include "npu/command_stream.h"
#include "npu/ops/op_context.h"
#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

TEST(U85Config, ConfigAndIdWordsMatchTheDriverTable) {
  // regor EthosU85RCSGenerator::ConfigRegister and the ethosu85_interface.h ID default.
  const std::pair<uint32_t, uint32_t> kWords[] = {
      {128, 0x20000117}, {256, 0x20000118}, {512, 0x20001119}, {1024, 0x2000251A}, {2048, 0x2000261B}};
  for (const auto& [macs, word] : kWords) {
    const NpuConfig c{macs, Product::kU85};
    EXPECT_EQ(c.config_word(), word) << macs;
    EXPECT_EQ(c.id_word(), 0x20007001u);
    const auto back = npu_config_from_word(word);
    ASSERT_TRUE(back) << std::hex << word;
    EXPECT_EQ(back->product, Product::kU85);
    EXPECT_EQ(back->macs, macs);
  }
  EXPECT_EQ((NpuConfig{512, Product::kU85}).weight_decoders(), 2u);
  EXPECT_EQ((NpuConfig{2048, Product::kU85}).weight_decoders(), 4u);
  EXPECT_FALSE(npu_config_from_word(0x20000116));  // U85-64 does not exist
  EXPECT_FALSE(npu_config_from_word(0x2000001C));  // U85-4096 neither
  EXPECT_EQ(npu_target_name(NpuConfig{1024, Product::kU85}), "ethos-u85-1024");
}

TEST(U85Config, RegionPortsFollowMemAttrAxiPort) {
  // The driver: MEM_ATTR[0,1] = SRAM (axi_port 0), MEM_ATTR[2,3] = 0x4 (EXT); REGIONCFG region 0
  // -> 3, region 1 -> 0, others -> 1 (ethosu_device_u85.c ethosu_dev_axi_init).
  const std::array<uint32_t, 4> driver{0, 0, 4, 4};
  const uint32_t rc = u85_regioncfg_for_ports(kDriverRegionCfg, driver);
  EXPECT_EQ(region_port(rc, 0), AxiPort::kAxi1);  // EXT
  EXPECT_EQ(region_port(rc, 1), AxiPort::kAxi0);  // SRAM
  EXPECT_EQ(region_port(rc, 2), AxiPort::kAxi0);
  // Another assignment: every MEM_ATTR on EXT.
  const uint32_t all_ext = u85_regioncfg_for_ports(kDriverRegionCfg, {4, 4, 4, 4});
  for (uint8_t r = 0; r < 8; ++r) EXPECT_EQ(region_port(all_ext, r), AxiPort::kAxi1);
}

TEST(U85Config, DisassemblyUsesTheArch20Names) {
  U85StreamBuilder sb;
  sb.op(7, 2);              // NPU_OP_RESIZE
  sb.cmd0(0x12E, 1);        // NPU_SET_WEIGHT_FORMAT
  sb.op_scalar(5);          // NPU_SET_OP_SCALAR
  sb.branch(true, 0);       // NPU_OP_BRANCH
  std::vector<std::string> lines;
  for (size_t i = 0; i < sb.words.size();) {
    const DecodeResult d = decode_command(sb.words, i, Isa::kU85);
    ASSERT_EQ(d.error, DecodeError::kNone);
    lines.push_back(disassemble(d.command, Isa::kU85));
    i += d.command.words();
  }
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[0].find("NPU_OP_RESIZE"), std::string::npos);
  EXPECT_NE(lines[1].find("NPU_SET_WEIGHT_FORMAT"), std::string::npos);
  EXPECT_NE(lines[2].find("NPU_SET_OP_SCALAR"), std::string::npos);
  EXPECT_NE(lines[3].find("NPU_OP_BRANCH"), std::string::npos);
  // The same words are unknown to the U55 ISA.
  EXPECT_EQ(decode_command(sb.words, 0, Isa::kU55).error, DecodeError::kUnknownOpcode);
}

TEST(U85Config, Arch20FieldsDecodeFromTheirBits) {
  RegisterState r;
  U85StreamBuilder sb;
  U85Fm ofm = mem_fm(3, 5, 7, 16, TLayout::kNhcwb16, 0, 0);
  sb.ofm(ofm, 1, 3, 2);        // WCH transpose, reverse W
  sb.acc_format(1, 5);         // I48, micro-block 4x4
  sb.activation(5, 3, true, 0, 0);  // S8->S16 table 3, clip off
  sb.ofm_scale(7, 33, 3, 12);  // SYMMETRIC, dbl 12
  sb.ifm_scale(9, 11, 1, 20);  // NATURAL, dbl 20
  sb.weight_format(true, true);
  sb.kernel(3, 3, 2, 1, true);
  for (size_t i = 0; i < sb.words.size();) {
    const DecodeResult d = decode_command(sb.words, i, Isa::kU85);
    apply_register(r, d.command);
    i += d.command.words();
  }
  const OperationConfig op = decode_operation_u85(r, 0x002, 0, 2048);
  EXPECT_EQ(op.ofm.transpose, Transpose::kWch);
  EXPECT_EQ(op.ofm.reverse, 2);
  EXPECT_EQ(op.ofm.elem_bits, 16);
  EXPECT_EQ(op.ofm.layout, Layout::kNhcwb16);
  EXPECT_EQ(op.acc_format, 1u);
  EXPECT_EQ(op.scale_record, ScaleRecord::kU85Acc48);
  EXPECT_EQ(op.ofm_ublock_height, 4u);
  EXPECT_EQ(op.ofm_ublock_width, 4u);
  EXPECT_EQ(op.ofm_ublock_depth, 2048u / 8 / 16);
  EXPECT_EQ(op.activation, ActivationFunction::kTable);
  EXPECT_EQ(op.lut.offset, 3u * 512);
  EXPECT_EQ(op.lut.entry_bytes, 2);
  EXPECT_FALSE(op.activation_clamp);
  EXPECT_EQ(op.ofm_scale.scale, 7u);
  EXPECT_EQ(op.ofm_scale.shift, 33u);
  EXPECT_EQ(op.ofm_scale.dbl, 12u);
  EXPECT_EQ(op.ofm_round, RoundMode::kSymmetric);
  EXPECT_EQ(op.ifm_scale.dbl, 20u);
  EXPECT_EQ(op.ifm_round, RoundMode::kNatural);
  EXPECT_TRUE(op.fast_weights);
  EXPECT_TRUE(op.sparse_2_4);
  EXPECT_EQ(op.weight_stream_count, 1u);  // FWD: one stream whatever the decoders
  EXPECT_TRUE(op.kernel.part_kernel_first);
  EXPECT_EQ(op.ifm_block_depth, 16u);
  EXPECT_EQ(op.kernel.stride_x, 2u);
}

}  // namespace
}  // namespace corsim::npu
