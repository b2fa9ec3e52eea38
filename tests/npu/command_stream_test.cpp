// Command-word decoding (driver *_interface.h) and the COP1 payload (Vela CreateDriverPayload1).
#include <gtest/gtest.h>

#include "npu/command_stream.h"
#include "npu/driver_payload.h"
#include "npu/npu_config.h"
#include "npu/op_config.h"
#include "stream_builder.h"

namespace corsim::npu {
namespace {

// Every U55/U65 opcode (cmd0_opcode, cmd1_opcode of the driver header ethosu55_interface.h).
constexpr uint16_t kOperations[] = {0x000, 0x001, 0x002, 0x003, 0x005, 0x006, 0x010, 0x011, 0x012, 0x013};
constexpr uint16_t kCmd0Registers[] = {0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x107, 0x109, 0x10A, 0x10B, 0x10C,
                                       0x10D, 0x10F, 0x111, 0x112, 0x113, 0x114, 0x115, 0x116, 0x117, 0x118, 0x11A,
                                       0x11B, 0x11C, 0x11F, 0x120, 0x121, 0x122, 0x123, 0x124, 0x125, 0x126, 0x127,
                                       0x128, 0x129, 0x12D, 0x12F, 0x130, 0x131, 0x132, 0x133, 0x180, 0x181, 0x185,
                                       0x189, 0x18A, 0x18B, 0x18C, 0x18D, 0x18F};
constexpr uint16_t kCmd1Registers[] = {0,  1,  2,  3,  4,   5,   6,   16,  17,  18,  19,  20,  21,  22,
                                       32, 33, 34, 35, 36,  37,  38,  48,  49,  50,  128, 129, 130, 131,
                                       132, 133, 134, 160, 161, 162, 163, 164, 165, 166, 167};

TEST(CommandStream, EveryOperationOpcodeDecodes) {
  for (uint16_t op : kOperations) {
    const uint32_t w = op | 0xABCDu << 16;
    const DecodeResult d = decode_command(std::span(&w, 1), 0);
    EXPECT_EQ(d.error, DecodeError::kNone) << std::hex << op;
    EXPECT_TRUE(d.command.is_operation());
    EXPECT_EQ(d.command.param, 0xABCD);
    EXPECT_FALSE(operation_name(op).empty());
  }
}

TEST(CommandStream, EveryCmd0RegisterUpdatesItsSlot) {
  for (uint16_t op : kCmd0Registers) {
    const uint32_t w = op | 0x1234u << 16;
    const DecodeResult d = decode_command(std::span(&w, 1), 0);
    ASSERT_EQ(d.error, DecodeError::kNone) << std::hex << op;
    RegisterState regs;
    apply_register(regs, d.command);
    EXPECT_EQ(regs.get0(op), 0x1234) << std::hex << op;
  }
}

TEST(CommandStream, EveryCmd1RegisterTakesTwoWords) {
  for (uint16_t op : kCmd1Registers) {
    const uint32_t w[2] = {op | 0x4000u | 0x0021u << 16, 0xDEADBEEF};
    const DecodeResult d = decode_command(w, 0);
    ASSERT_EQ(d.error, DecodeError::kNone) << op;
    EXPECT_TRUE(d.command.is_cmd1);
    EXPECT_EQ(d.command.words(), 2u);
    RegisterState regs;
    apply_register(regs, d.command);
    EXPECT_EQ(regs.get1(op), 0xDEADBEEFu);
    EXPECT_EQ(regs.get1_hi(op), 0x21);
    // U55 addresses are 32 bit; U65 adds word0[23:16] as bits 39:32 (Vela cmd1_with_address).
    EXPECT_EQ(regs.address(op, Isa::kU55), 0xDEADBEEFull);
    EXPECT_EQ(regs.address(op, Isa::kU65), 0x21DEADBEEFull);
  }
}

TEST(CommandStream, UnknownOpcodesAreErrors) {
  for (uint32_t w : {0x0004u, 0x0007u, 0x0014u, 0x0106u, 0x0110u, 0x0134u, 0x0190u, 0x03FFu, 0x8000u | 0x100u}) {
    const DecodeResult d = decode_command(std::span(&w, 1), 0);
    EXPECT_EQ(d.error, DecodeError::kUnknownOpcode) << std::hex << w;
  }
  const uint32_t bad_cmd1[2] = {0x4000u | 7u, 0};
  EXPECT_EQ(decode_command(bad_cmd1, 0).error, DecodeError::kUnknownOpcode);
}

TEST(CommandStream, TruncatedCmd1IsAnError) {
  const uint32_t w = 0x4000u | 32u;  // WEIGHT_BASE without its payload word
  EXPECT_EQ(decode_command(std::span(&w, 1), 0).error, DecodeError::kTruncated);
  EXPECT_EQ(decode_command(std::span(&w, 1), 1).error, DecodeError::kTruncated);
}

TEST(CommandStream, DisassemblyNamesTheRegister) {
  const uint32_t w = 0x105u | 0x0041u << 16;
  EXPECT_EQ(disassemble(decode_command(std::span(&w, 1), 0).command), "0x0000 NPU_SET_IFM_PRECISION 0x0041");
}

// ethosu55_interface.h field positions, through the operation view.
TEST(OpConfig, FieldsDecodeFromTheirBits) {
  test::StreamBuilder sb;
  sb.cmd0(0x105, 1u | 1u << 2 | 1u << 6 | 2u << 8 | 2u << 14);  // signed, 16 bit, NHCWB16, OPB_32, NATURAL
  sb.cmd0(0x114, 0u | 2u << 1 | 1u << 8 | 1u << 14);            // unsigned, 32 bit, NHWC, global, TRUNCATE
  sb.cmd0(0x122, 1u | 0u << 1 | 1u << 2 | 1u << 3 | 1u << 6 | 1u << 9);  // sx 4, sy 3, part-kernel, dil x 2
  sb.cmd0(0x120, 4);  // dilated width 5 - 1 -> kernel 3 with dilation 2
  sb.cmd0(0x121, 2);
  sb.cmd0(0x125, 17u | 3u << 12);  // TABLE_1, force int8
  sb.cmd0(0x126, 0xFF80);          // -128 for a signed OFM is read per OFM type
  sb.cmd0(0x180, 1u | 4u | 1u << 6 | 1u << 7);
  sb.cmd0(0x181, 0xFFFE);
  sb.cmd0(0x185, 1u);
  sb.cmd1(36, 0x40000000, 31);
  sb.cmd0(0x130, 0);
  sb.cmd0(0x131, 0x103);
  sb.cmd1(50, 1024);
  RegisterState regs;
  for (size_t i = 0; i < sb.words.size();) {
    const DecodeResult d = decode_command(sb.words, i);
    ASSERT_EQ(d.error, DecodeError::kNone);
    apply_register(regs, d.command);
    i += d.command.words();
  }
  const OperationConfig op = decode_operation(regs, 0x006, 1, Isa::kU55);
  EXPECT_EQ(op.kind, OpKind::kElementwise);
  EXPECT_EQ(op.ew_mode, ElementwiseMode::kAdd);
  EXPECT_EQ(op.ifm.elem_bits, 16);
  EXPECT_EQ(op.ifm.layout, Layout::kNhcwb16);
  EXPECT_EQ(op.ifm_scale_mode, 2u);
  EXPECT_EQ(op.ifm_round, RoundMode::kNatural);
  EXPECT_EQ(op.ofm.elem_bits, 32);
  EXPECT_FALSE(op.ofm.is_signed);
  EXPECT_TRUE(op.ofm_scale_global);
  EXPECT_EQ(op.ofm_round, RoundMode::kTruncate);
  EXPECT_EQ(op.kernel.stride_x, 4u);  // Q6: lsb + 2 x msb
  EXPECT_EQ(op.kernel.stride_y, 3u);
  EXPECT_TRUE(op.kernel.part_kernel_first);
  EXPECT_EQ(op.kernel.dilation_x, 2u);
  EXPECT_EQ(op.kernel.width, 3u);
  EXPECT_EQ(op.kernel.height, 3u);
  EXPECT_EQ(op.activation, ActivationFunction::kTable);
  EXPECT_EQ(op.table_index, 1u);
  EXPECT_EQ(op.clip_range, 3u);
  EXPECT_TRUE(op.ifm2.broadcast & broadcast::kH);
  EXPECT_FALSE(op.ifm2.broadcast & broadcast::kW);
  EXPECT_TRUE(op.ifm2.broadcast & broadcast::kC);
  EXPECT_TRUE(op.operands_reversed);
  EXPECT_EQ(op.ifm2.storage, Storage::kScalar);
  EXPECT_EQ(op.ifm2.scalar, -2);
  EXPECT_EQ(op.ofm_scale.scale, 0x40000000u);
  EXPECT_EQ(op.ofm_scale.shift, 31u);
  EXPECT_TRUE(op.dma_dst_internal);
  EXPECT_EQ(op.dma_dst_region, 3);
  EXPECT_EQ(op.dma_length, 1024u);
}

std::vector<uint8_t> bytes_of(const std::vector<uint32_t>& w) {
  std::vector<uint8_t> b;
  for (uint32_t x : w)
    for (int i = 0; i < 4; ++i) b.push_back(static_cast<uint8_t>(x >> (8 * i)));
  return b;
}

TEST(DriverPayload, ParsesVelaLayout) {
  // CreateDriverPayload1: COP1, OPTIMIZER_CONFIG 0x00100001, CONFIG, ID, 3 NOPs, COMMAND_STREAM.
  const std::vector<uint32_t> w = {0x31504F43, 0x00100001, 0x00001807, 0x10066001, 5, 5, 5, 0x02u | 2u << 16, 0x0000FFFF, 0x12345678};
  std::string err;
  auto p = parse_driver_payload(bytes_of(w), err);
  ASSERT_TRUE(p) << err;
  EXPECT_EQ(p->config, 0x1807u);
  EXPECT_EQ(p->id, 0x10066001u);
  EXPECT_EQ(p->optimizer_version, 0x10u);
  EXPECT_EQ(p->command_offset, 32u);
  EXPECT_EQ(p->commands, (std::vector<uint32_t>{0x0000FFFF, 0x12345678}));
}

TEST(DriverPayload, LengthHighBitsComeFromByte1) {
  std::vector<uint32_t> w = {0x31504F43, 0x02u | 1u << 8 | 0u << 16};  // 65536 words
  w.resize(2 + 65536, 0);
  std::string err;
  auto p = parse_driver_payload(bytes_of(w), err);
  ASSERT_TRUE(p) << err;
  EXPECT_EQ(p->commands.size(), 65536u);
}

TEST(DriverPayload, RejectsBadInput) {
  std::string err;
  EXPECT_FALSE(parse_driver_payload(bytes_of({0x12345678}), err));
  EXPECT_NE(err.find("COP1"), std::string::npos);
  EXPECT_FALSE(parse_driver_payload(bytes_of({0x31504F43, 0x02u | 10u << 16, 0}), err));  // too short
  EXPECT_FALSE(parse_driver_payload(bytes_of({0x31504F43, 0x01, 0x1807}), err));          // truncated config
  EXPECT_FALSE(parse_driver_payload(bytes_of({0x31504F43, 0x09}), err));                  // unknown action
  EXPECT_FALSE(parse_driver_payload(bytes_of({0x31504F43, 5}), err));                     // no stream
}

TEST(NpuConfigWords, MatchVelaTable) {
  // Vela ArchEthosU55/EthosU85RCSGenerator::ConfigRegister over ethos_u55/65/85.cpp configs.
  EXPECT_EQ((NpuConfig{32}).config_word(), 0x00001005u);
  EXPECT_EQ((NpuConfig{64}).config_word(), 0x00001006u);
  EXPECT_EQ((NpuConfig{128}).config_word(), 0x00001807u);
  EXPECT_EQ((NpuConfig{256}).config_word(), 0x00003008u);
  EXPECT_EQ((NpuConfig{256, Product::kU65}).config_word(), 0x10003008u);
  EXPECT_EQ(npu_config_from_word(0x00003008)->macs, 256u);
  EXPECT_FALSE(npu_config_from_word(0x30000118));  // no product 3
  EXPECT_FALSE(npu_config_from_word(0x00003004));  // 16 MACs
}

}  // namespace
}  // namespace corsim::npu
