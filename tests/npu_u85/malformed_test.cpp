// A malformed U85 stream never crashes or hangs the model: it stops with the defined reason (parse
// error, bus error, weight-decoder fault, branch fault), which the device turns into the STATUS
// bits of ethosu85_interface.h. Includes NPU_OP_BRANCH (conditional on COND_STATUS) and a few
// thousand random mutations of the four real programs.
#include <gtest/gtest.h>

#include <chrono>
#include <map>

#include "npu/driver_payload.h"
#include "u85_program.h"
#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

RunResult run(U85StreamBuilder& sb, RegionBus& bus, uint32_t macs = 256) {
  Executor ex(NpuConfig{macs, Product::kU85});
  return ex.run(sb.words, bus, bus.basep(), kDriverRegionCfg);
}

bool defined(StopReason r) {
  return r == StopReason::kStop || r == StopReason::kEndOfStream || r == StopReason::kParseError ||
         r == StopReason::kBusError || r == StopReason::kWeightError || r == StopReason::kBranchFault;
}

TEST(U85Malformed, U55OnlyOpcodesAreUnknownOnTheU85) {
  RegionBus bus;
  for (uint16_t op : {uint16_t{0x181}, uint16_t{0x10D}, uint16_t{0x18D}, uint16_t{0x123}}) {
    U85StreamBuilder sb;
    sb.cmd0(0x100, 0);
    sb.cmd0(op, 0);  // IFM2_SCALAR, IFM_IB_END, IFM2_IB_START, PARALLEL_MODE: U55 registers
    sb.stop();
    const RunResult r = run(sb, bus);
    EXPECT_EQ(r.reason, StopReason::kParseError) << std::hex << op;
    EXPECT_EQ(r.qread, 4u);
  }
  U85StreamBuilder sb;
  sb.cmd1(160, 0);  // USER_DEFINED0 is U55 only
  EXPECT_EQ(run(sb, bus).reason, StopReason::kParseError);
}

TEST(U85Malformed, TruncatedCmd1IsAParseError) {
  RegionBus bus;
  U85StreamBuilder sb;
  sb.words.push_back(0x4000u | 39u);  // OP_SCALAR without its payload word
  EXPECT_EQ(run(sb, bus).reason, StopReason::kParseError);
}

TEST(U85Malformed, OutOfRangeAddressOrEmptyRegionIsABusError) {
  RegionBus bus;
  bus.region(1).assign(4096, 0);
  U85StreamBuilder sb;
  sb.ifm(mem_fm(4, 4, 4, 8, TLayout::kNhwc, 4090, 0));
  sb.ofm(mem_fm(4, 4, 4, 8, TLayout::kNhwc, 0, 0), 1);
  sb.kernel(1, 1, 1, 1, false);
  sb.op(5, 0);
  sb.stop();
  RunResult r = run(sb, bus);
  EXPECT_EQ(r.reason, StopReason::kBusError);
  EXPECT_EQ(r.faulting_channel, 1);
  U85StreamBuilder dma;
  dma.dma(6, 0, 1, 0, 64);  // region 6 has nothing behind it
  EXPECT_EQ(run(dma, bus).reason, StopReason::kBusError);
  U85StreamBuilder lut;
  lut.dma(1, 0, 0x103, 2000, 256);  // past the end of the 2 KB LUT RAM
  EXPECT_EQ(run(lut, bus).reason, StopReason::kBusError);
}

U85StreamBuilder conv_with_weights(bool fwd, uint32_t length) {
  U85StreamBuilder sb;
  sb.ifm(mem_fm(2, 2, 8, 8, TLayout::kNhwc, 0, 0));
  sb.ofm(mem_fm(2, 2, 8, 8, TLayout::kNhwc, 1024, 0), 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.block(2, 2, 16);
  sb.acc_format(0, 1);
  sb.weight_format(fwd, false);
  sb.weights(0, 0, 0, length);
  sb.scales(0, 2048, 160);
  sb.op(2);
  sb.stop();
  return sb;
}

TEST(U85Malformed, BadWeightStreamsAreWeightDecoderFaults) {
  RegionBus bus;
  bus.region(0).assign(4096, 0x00);  // SWD: NEWPAL 0 on the first slice
  bus.region(1).assign(4096, 0);
  U85StreamBuilder swd = conv_with_weights(false, 64);
  RunResult r = run(swd, bus);
  EXPECT_EQ(r.reason, StopReason::kWeightError);
  EXPECT_EQ(r.faulting_channel, 2);
  // FWD: a raw stream of the wrong length for the weights the operation needs.
  bus.region(0)[0] = 1;  // raw mode
  U85StreamBuilder fwd = conv_with_weights(true, 64);
  EXPECT_EQ(run(fwd, bus).reason, StopReason::kWeightError);
  U85StreamBuilder tiny = conv_with_weights(true, 16);  // shorter than the 32-byte header
  EXPECT_EQ(run(tiny, bus).reason, StopReason::kWeightError);
}

TEST(U85Malformed, AbsurdSizesAreRefusedNotAttempted) {
  RegionBus bus;
  U85StreamBuilder sb;
  sb.cmd0(0x111, 0xFFFF);
  sb.cmd0(0x112, 0xFFFF);
  sb.cmd0(0x113, 0xFFFF);
  sb.op(6, 1);
  sb.stop();
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(run(sb, bus).reason, StopReason::kParseError);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
}

// ARGMAX over a window Vela never programs (2x2: both axes) has no source: refused with one line
// (kParseError, STATUS.cmd_parse_error), nothing written.
TEST(U85Malformed, ArgmaxOverTwoAxesIsRefused) {
  RegionBus bus;
  bus.region(1).assign(4096, 0x77);
  U85StreamBuilder sb;
  sb.ifm(mem_fm(2, 2, 4, 8, TLayout::kNhwc, 0, 0));
  sb.ofm(mem_fm(1, 1, 4, 32, TLayout::kNhwc, 1024, 0), 1);
  sb.kernel(2, 2, 1, 1, false);
  sb.padding(0, 0, 0, 0);
  sb.block(1, 1, 16);
  sb.acc_format(0, 0);
  sb.ofm_scale(1, 16, 5);
  sb.activation(0, 0, true, 0, 0);
  sb.op(5, 6);
  sb.stop();
  const RunResult r = run(sb, bus);
  EXPECT_EQ(r.reason, StopReason::kParseError);
  EXPECT_NE(r.error.find("ARGMAX"), std::string::npos) << r.error;
  EXPECT_EQ(bus.region(1)[1024], 0x77);
}

// NPU_OP_BRANCH (ethosu85_interface.h): word0[16] cond, word1 target byte offset;
// COND_STATUS.result_flag is bit 0 of a single-element OFM (cond_status_r).
TEST(U85Branch, ConditionalBranchFollowsTheLastSingleElementResult) {
  for (int32_t flag : {0, 1}) {
    RegionBus bus;
    bus.region(1).assign(4096, 0);
    U85StreamBuilder sb;
    // OFM (1x1x1, 32 bit) = scalar `flag` + 0.
    U85Fm scalar = mem_fm(1, 1, 1, 32, TLayout::kNhwc, 0, 0);
    scalar.storage = enc::Storage::kScalar;
    scalar.broadcast = 8;
    U85Fm zero = mem_fm(1, 1, 1, 32, TLayout::kNhwc, 0, 0);
    sb.ifm(scalar);
    sb.ifm2(zero);
    sb.op_scalar(flag);
    sb.ofm(mem_fm(1, 1, 1, 32, TLayout::kNhwc, 64, 0), 1);
    sb.ifm_scale(1, 0, 0);
    sb.ifm2_scale(1, 0, 0);
    sb.ofm_scale(1, 0, 0);
    sb.activation(0, 0, true, 0, 0);
    sb.op(6, 1);
    const size_t branch_at = sb.words.size();
    sb.branch(true, 0);  // target patched below
    sb.dma(1, 0, 1, 128, 4);  // skipped when the branch is taken: copies 4 bytes to 128
    const size_t target = sb.words.size();
    sb.words[branch_at + 1] = static_cast<uint32_t>(target * 4);
    sb.stop();
    bus.region(1)[0] = 0x5A;
    const RunResult r = run(sb, bus);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    EXPECT_EQ(bus.region(1)[128], flag ? 0 : 0x5A) << "flag " << flag;
  }
}

TEST(U85Branch, BadTargetsAndEndlessLoopsAreBranchFaults) {
  RegionBus bus;
  U85StreamBuilder out;
  out.branch(false, 0x10000);  // past the end
  out.stop();
  EXPECT_EQ(run(out, bus).reason, StopReason::kBranchFault);
  U85StreamBuilder odd;
  odd.branch(false, 2);  // not word aligned
  EXPECT_EQ(run(odd, bus).reason, StopReason::kBranchFault);
  U85StreamBuilder loop;
  loop.cmd0(0x100, 0);
  loop.branch(false, 0);  // forever
  const auto t0 = std::chrono::steady_clock::now();
  const RunResult r = run(loop, bus);
  EXPECT_EQ(r.reason, StopReason::kBranchFault);
  EXPECT_FALSE(r.error.empty());
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
}

// Random mutations of the real programs: 1-3 words replaced by random words, random low bits of a
// parameter, or a random payload. Dimension-like cmd0 parameters are mutated in their low 6 bits
// only, so each run stays short; everything else is unrestricted.
TEST(U85Malformed, RandomMutationsOfRealProgramsNeverCrash) {
  const std::pair<const char*, int> kRuns[] = {
      {"rnnoise_INT8", 1200}, {"resnet_v1_8_32_tfs_int8", 500}, {"kws_micronet_m", 200}, {"ad_medium_int8", 100}};
  std::mt19937 rng(85);
  unsigned total = 0;
  std::map<StopReason, unsigned> seen;
  for (const auto& [name, count] : kRuns) {
    const Program* prog = nullptr;
    for (const auto& p : programs())
      if (p.name == name) prog = &p;
    ASSERT_NE(prog, nullptr);
    const std::string dir = kU85Dir + name + "/";
    std::string err;
    const auto payload = parse_driver_payload(slurp(dir + "cmd_stream.bin"), err);
    ASSERT_TRUE(payload) << err;
    const auto weights = slurp(dir + "weights.bin");
    ASSERT_FALSE(weights.empty());
    for (int m = 0; m < count; ++m) {
      std::vector<uint32_t> words = payload->commands;
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits; ++e) {
        uint32_t& w = words[rng() % words.size()];
        const uint16_t op = w & 0x3FF;
        const bool dim = (w & 0xC000) == 0 && ((op >= 0x104 && op <= 0x10C) || (op >= 0x111 && op <= 0x11C) ||
                                               op == 0x120 || op == 0x121 || (op >= 0x18A && op <= 0x18C));
        switch (rng() % 3) {
          case 0: w = dim ? (w & 0xFFFF) : static_cast<uint32_t>(rng()); break;
          case 1: w ^= (dim ? (rng() & 0x3F) : (rng() & 0xFFFF)) << 16; break;
          default: w ^= 1u << (rng() % 32); if (dim) w &= 0x003FFFFF; break;
        }
      }
      RegionBus bus;
      bus.region(0) = weights;
      bus.region(1).assign(prog->scratch, 0);
      bus.region(2).assign(prog->fast_scratch, 0);
      Executor ex(NpuConfig{256, Product::kU85});
      const RunResult r = ex.run(words, bus, bus.basep(), kDriverRegionCfg);
      ASSERT_TRUE(defined(r.reason)) << name << " mutation " << m;
      if (r.reason != StopReason::kStop && r.reason != StopReason::kEndOfStream) {
        EXPECT_FALSE(r.error.empty());
      }
      ++seen[r.reason];
      ++total;
    }
  }
  EXPECT_EQ(total, 2000u);
  // The mutations reach the fault paths, not only clean stops.
  EXPECT_GT(seen[StopReason::kParseError], 0u);
  EXPECT_GT(seen[StopReason::kBusError], 0u);
}

}  // namespace
}  // namespace corsim::npu
