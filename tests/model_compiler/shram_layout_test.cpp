// SHRAM layout and block choice (tools/model_compiler/shram_layout.h) against the values Vela wrote
// into a real stream: for every operation of the Vela-compiled KWS network (U55-128), the layout
// computed from the operation's own block config, kernel and precision must equal the stream's
// IFM_IB_END, AB_START and IFM2_IB_START; and the block search must pick Vela's OFM block for the
// operations whose IFM is not split into tiles or stripes by Vela's scheduler.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "npu/command_stream.h"
#include "npu/driver_payload.h"
#include "tests/model_compiler/test_util.h"
#include "tools/model_compiler/lowering.h"
#include "tools/model_compiler/shram_layout.h"

namespace corsim::model_compiler {
namespace {

struct VelaOp {
  unsigned opcode = 0;
  std::map<unsigned, unsigned> reg;  // cmd0 registers in force: opcode -> 16-bit parameter
  std::map<unsigned, uint32_t> reg1; // cmd1 registers in force: opcode -> payload
  uint32_t offset = 0;
};

// The kernel operations of a stream with the registers in force at each.
std::vector<VelaOp> operations(const std::vector<uint32_t>& words) {
  std::vector<VelaOp> ops;
  std::map<unsigned, unsigned> regs;
  std::map<unsigned, uint32_t> regs1;
  for (size_t i = 0; i < words.size();) {
    const npu::DecodeResult d = npu::decode_command(words, i);
    if (d.error != npu::DecodeError::kNone) break;
    const npu::Command& c = d.command;
    if (!c.is_cmd1 && c.opcode >= 0x100) regs[c.opcode] = c.param;
    if (c.is_cmd1) regs1[c.opcode] = c.payload;
    if (c.is_operation() && (c.opcode == 2 || c.opcode == 3 || c.opcode == 5 || c.opcode == 6))
      ops.push_back({c.opcode, regs, regs1, c.offset});
    i += c.words();
  }
  return ops;
}

std::vector<VelaOp> kws_operations() {
  const std::string path = std::string(CORSIM_MODELS_DIR) + "/vela/kws_cnn_small_u55-128/cmd_stream.bin";
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
  std::string error;
  const auto payload = npu::parse_driver_payload(bytes, error);
  EXPECT_TRUE(payload) << path << ": " << error;
  return payload ? operations(payload->commands) : std::vector<VelaOp>{};
}

shram::OpShape shape_of(const VelaOp& v) {
  auto r = [&](unsigned op) { return v.reg.count(op) ? v.reg.at(op) : 0u; };
  shram::OpShape s;
  s.kind = v.opcode == 2 ? shram::OpKind::kConv
         : v.opcode == 3 ? shram::OpKind::kDepthwise
         : v.opcode == 5 ? shram::OpKind::kPool
                         : shram::OpKind::kElementwise;
  s.ifm = {r(0x10B) + 1, r(0x10A) + 1, r(0x104) + 1};
  s.ofm = {r(0x112) + 1, r(0x111) + 1, r(0x113) + 1};
  if (s.kind != shram::OpKind::kElementwise) {
    s.kernel_w = r(0x120) + 1;
    s.kernel_h = r(0x121) + 1;
    const unsigned ks = r(0x122);
    s.stride_x = 1 + (ks & 1) + 2 * ((ks >> 6) & 1);
    s.stride_y = 1 + ((ks >> 1) & 1) + 2 * ((ks >> 9) & 1);
    s.part_kernel = s.kind == shram::OpKind::kConv && ((ks >> 2) & 1);
  }
  s.ifm_bits = 8u << ((r(0x105) >> 2) & 3);
  const unsigned act = r(0x125) & 0x1F;
  s.uses_lut = act == 3 || act == 4 || act >= 16;
  s.scalar_ifm2 = s.kind == shram::OpKind::kElementwise && ((r(0x180) >> 7) & 1);
  return s;
}

TEST(ShramLayout, MatchesEveryOperationOfTheVelaKwsStream) {
  const std::vector<VelaOp> ops = kws_operations();
  ASSERT_EQ(ops.size(), 38u);  // the 43 commands of the network less its DMAs and waits
  for (const VelaOp& v : ops) {
    const shram::OpShape s = shape_of(v);
    const unsigned bw = v.reg.at(0x115) + 1, bh = v.reg.at(0x116) + 1, bd = v.reg.at(0x117) + 1;
    const auto layout = shram::layout_for(128, s, bw, bh, bd);
    ASSERT_TRUE(layout) << "op at 0x" << std::hex << v.offset << ": Vela's block does not fit";
    EXPECT_EQ(layout->ib_end, v.reg.at(0x10D)) << "IFM_IB_END, op at 0x" << std::hex << v.offset;
    if (s.kind != shram::OpKind::kElementwise) {
      EXPECT_EQ(layout->ab_start, v.reg.at(0x12D)) << "AB_START, op at 0x" << std::hex << v.offset;
    } else if (!s.scalar_ifm2) {
      EXPECT_EQ(layout->ib_start2, v.reg.at(0x18D)) << "IFM2_IB_START, op at 0x" << std::hex << v.offset;
    }
    EXPECT_EQ(layout->acc_format, v.reg.count(0x124) ? v.reg.at(0x124) & 3 : 0u);
  }
}

TEST(ShramLayout, BlockSearchPicksVelasBlocks) {
  unsigned same = 0, total = 0;
  std::string differing;
  for (const VelaOp& v : kws_operations()) {
    shram::OpShape s = shape_of(v);
    // The search runs before the weight order is final: it takes the order the shapes suggest.
    if (s.kind == shram::OpKind::kConv)
      s.part_kernel = shram::prefers_part_kernel(s.ifm.c, s.ifm_bits, s.kernel_w * s.kernel_h);
    // Vela streams the weights of a large convolution in OFM-depth parts, one operation each, but
    // chooses the block for the whole OFM: an NHWC OFM's x stride (cmd1 20) gives its full depth.
    const bool ofm_nhwc = ((v.reg.at(0x114) >> 6) & 3) == 0;
    const uint32_t ofm_elem = 1u << ((v.reg.at(0x114) >> 1) & 3);
    if (ofm_nhwc && v.reg1.count(20) && v.reg1.at(20) / ofm_elem > s.ofm.c) s.ofm.c = v.reg1.at(20) / ofm_elem;
    const auto block = shram::choose_block(128, s);
    ASSERT_TRUE(block);
    ++total;
    const unsigned bw = v.reg.at(0x115) + 1, bh = v.reg.at(0x116) + 1, bd = v.reg.at(0x117) + 1;
    if (block->w == bw && block->h == bh && block->d == bd) {
      ++same;
    } else {
      char line[160];
      std::snprintf(line, sizeof line, "  op %u at 0x%x: ofm %ux%ux%u vela %ux%ux%u ours %ux%ux%u\n", v.opcode, v.offset,
                    s.ofm.h, s.ofm.w, s.ofm.c, bh, bw, bd, block->h, block->w, block->d);
      differing += line;
    }
  }
  std::printf("block search: %u of %u operations pick Vela's OFM block\n%s", same, total, differing.c_str());
  EXPECT_EQ(same, total) << differing;
}

TEST(ShramLayout, OurStreamsCarryTheLayoutOfTheirBlocks) {
  // Every operation the model compiler emits sets IFM_IB_END, AB_START (IFM2_IB_START for
  // elementwise), ACC_FORMAT and BLOCKDEP, with the layout its own block needs (as silicon needs).
  for (const auto& path : test::bundled_descriptions()) {
    const Model m = test::load_model(path);
    const LoweredStream ls = lower_to_npu(m);
    for (const VelaOp& v : operations(ls.words)) {
      const std::string where = path.filename().string() + " op at " + std::to_string(v.offset);
      for (unsigned r : {0x10Du, 0x124u, 0x12Fu, 0x115u, 0x116u, 0x117u}) ASSERT_TRUE(v.reg.count(r)) << where << " lacks 0x" << std::hex << r;
      const shram::OpShape s = shape_of(v);
      const auto layout = shram::layout_for(m.macs, s, v.reg.at(0x115) + 1, v.reg.at(0x116) + 1, v.reg.at(0x117) + 1);
      ASSERT_TRUE(layout) << where << ": the block does not fit in SHRAM";
      EXPECT_EQ(v.reg.at(0x10D), layout->ib_end) << where;
      if (s.kind == shram::OpKind::kElementwise) {
        EXPECT_EQ(v.reg.at(0x18D), layout->ib_start2) << where;
      } else {
        EXPECT_EQ(v.reg.at(0x12D), layout->ab_start) << where;
      }
      EXPECT_EQ(v.reg.at(0x124), 0u) << where;  // 8-bit IFMs: 32-bit accumulators
    }
  }
}

TEST(ShramLayout, HandComputedU55_32Layout) {
  // 3x3 conv, stride 1, 16 -> 16 channels, OFM block 4x4x8 on U55-32 (16 banks, no LUT banks):
  // IFM block 6x6x16 (depth-first: min(16, 32) rounded to 8) = 6*6*16 B = 576 B -> 1 bank x 2 = 2,
  // granule 2 -> IB_END = 2 + 2 = 4. Accumulators 4*4*8*4 B = 512 B -> 1 bank x 2 = 2, granule 4
  // -> 4 banks below bank 16: AB_START = 12.
  shram::OpShape s;
  s.kind = shram::OpKind::kConv;
  s.ifm = {8, 8, 16};
  s.ofm = {8, 8, 16};
  s.kernel_w = s.kernel_h = 3;
  const auto l = shram::layout_for(32, s, 4, 4, 8);
  ASSERT_TRUE(l);
  EXPECT_EQ(l->ib_end, 4u);
  EXPECT_EQ(l->ab_start, 12u);
  EXPECT_EQ(l->lut_start, 16u);
  // With a LUT, the top 2 banks are the LUT's.
  s.uses_lut = true;
  EXPECT_EQ(shram::layout_for(32, s, 4, 4, 8)->ab_start, 10u);
  // A block whose accumulators need more than the whole buffer does not fit.
  EXPECT_FALSE(shram::layout_for(32, s, 32, 32, 128));
}

}  // namespace
}  // namespace corsim::model_compiler
