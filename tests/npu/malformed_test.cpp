// A malformed stream never crashes the model: unknown opcodes, truncated commands, accesses
// outside memory and undecodable weights stop the run with the matching fault (the STATUS bits
// of ethosu55_interface.h status_r are set from these by the device, tests/npu/device_test.cpp).
#include <gtest/gtest.h>

#include <random>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "stream_builder.h"

namespace corsim::npu {
namespace {

using test::FmSpec;
using test::StreamBuilder;

RunResult run(StreamBuilder& sb, RegionBus& bus) {
  Executor ex(NpuConfig{128});
  return ex.run(sb.words, bus, bus.basep(), kDriverRegionCfg);
}

TEST(Malformed, UnknownOpcodeStopsWithParseErrorAtItsOffset) {
  RegionBus bus;
  StreamBuilder sb;
  sb.cmd0(0x100, 0);
  sb.cmd0(0x004, 0);  // not an operation
  sb.stop();
  const RunResult r = run(sb, bus);
  EXPECT_EQ(r.reason, StopReason::kParseError);
  EXPECT_EQ(r.qread, 4u);
  EXPECT_FALSE(r.error.empty());
}

TEST(Malformed, TruncatedStreamStopsWithParseError) {
  RegionBus bus;
  StreamBuilder sb;
  sb.cmd0(0x100, 0);
  sb.words.push_back(0x4000u | 32u);  // cmd1 missing its payload word
  EXPECT_EQ(run(sb, bus).reason, StopReason::kParseError);
}

TEST(Malformed, StreamWithoutStopEndsAtItsEnd) {
  RegionBus bus;
  StreamBuilder sb;
  sb.cmd0(0x100, 0);
  EXPECT_EQ(run(sb, bus).reason, StopReason::kEndOfStream);
}

TEST(Malformed, FeatureMapOutsideMemoryIsABusError) {
  RegionBus bus;
  bus.region(1).assign(4096, 0);
  StreamBuilder sb;
  FmSpec a{4, 4, 4, 8, true, test::TLayout::kNhwc, 1, 4090, 0};  // runs past the region
  FmSpec o{4, 4, 4, 8, true, test::TLayout::kNhwc, 1, 0, 0};
  sb.ifm(a);
  sb.ofm(o, 1, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.op(5, 0);
  sb.stop();
  const RunResult r = run(sb, bus);
  EXPECT_EQ(r.reason, StopReason::kBusError);
  EXPECT_EQ(r.faulting_channel, 1);
}

TEST(Malformed, RegionWithNothingBehindItIsABusError) {
  RegionBus bus;
  bus.region(1).assign(4096, 0);
  StreamBuilder sb;
  sb.cmd0(0x130, 5);  // region 5 is empty
  sb.cmd0(0x131, 1);
  sb.cmd1(48, 0);
  sb.cmd1(49, 0);
  sb.cmd1(50, 16);
  sb.op(16);
  sb.stop();
  EXPECT_EQ(run(sb, bus).reason, StopReason::kBusError);
}

TEST(Malformed, GarbageWeightsAreAWeightDecoderFault) {
  RegionBus bus;
  bus.region(0).assign(4096, 0x00);  // ZDIV 0, SLICELEN 1, ... NEWPAL 0 on the first slice
  bus.region(1).assign(4096, 0);
  StreamBuilder sb;
  FmSpec a{2, 2, 8, 8, true, test::TLayout::kNhwc, 1, 0, 0};
  FmSpec o{2, 2, 8, 8, true, test::TLayout::kNhwc, 1, 1024, 0};
  sb.ifm(a);
  sb.ofm(o, 0, 0);
  sb.kernel(1, 1, 1, 1, false);
  sb.block(2, 2, 8);
  sb.weights(0, 0, 64);
  sb.scales(0, 1024, 80);
  sb.op(2);
  sb.stop();
  const RunResult r = run(sb, bus);
  EXPECT_EQ(r.reason, StopReason::kWeightError);
  EXPECT_EQ(r.faulting_channel, 2);
}

TEST(Malformed, HugeOperationIsRefusedNotAttempted) {
  RegionBus bus;
  StreamBuilder sb;
  sb.cmd0(0x111, 0xFFFF);
  sb.cmd0(0x112, 0xFFFF);
  sb.cmd0(0x113, 0xFFFF);
  sb.op(6, 1);
  sb.stop();
  EXPECT_EQ(run(sb, bus).reason, StopReason::kParseError);
}

// Random streams built from the real opcode set with random parameters (dimension fields kept
// small so each run stays short) must end in one of the defined stop reasons.
TEST(Malformed, RandomStreamsNeverCrash) {
  constexpr uint16_t kOps[] = {0x002, 0x003, 0x005, 0x006, 0x010, 0x011, 0x012, 0x013, 0x001};
  constexpr uint16_t kCmd0[] = {0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x107, 0x109, 0x10A, 0x10B, 0x10C,
                                0x10F, 0x111, 0x112, 0x113, 0x114, 0x115, 0x116, 0x117, 0x118, 0x11A, 0x11B,
                                0x11C, 0x11F, 0x120, 0x121, 0x122, 0x124, 0x125, 0x126, 0x127, 0x128, 0x129,
                                0x130, 0x131, 0x180, 0x181, 0x185, 0x189, 0x18A, 0x18B, 0x18C, 0x18F};
  constexpr uint16_t kCmd1[] = {0, 1, 2, 3, 4, 5, 6, 16, 17, 18, 19, 20, 21, 22, 32, 33, 34, 35, 36, 37, 38, 48, 49, 50,
                                128, 129, 130, 131, 132, 133, 134};
  std::mt19937 rng(2024);
  for (int s = 0; s < 1500; ++s) {
    RegionBus bus;
    bus.region(0).assign(2048, 0);
    bus.region(1).assign(8192, 0);
    for (auto& b : bus.region(0)) b = static_cast<uint8_t>(rng());
    StreamBuilder sb;
    const int n = 1 + static_cast<int>(rng() % 60);
    for (int i = 0; i < n; ++i) {
      const uint32_t kind = rng() % 10;
      if (kind < 5) {
        const uint16_t op = kCmd0[rng() % std::size(kCmd0)];
        uint32_t param = rng() & 0xFFFF;
        if ((op >= 0x104 && op <= 0x10C && op != 0x105 && op != 0x109) || (op >= 0x111 && op <= 0x113) ||
            (op >= 0x115 && op <= 0x117) || (op >= 0x11A && op <= 0x11C) || op == 0x120 || op == 0x121 ||
            (op >= 0x18A && op <= 0x18C) || op <= 0x103)
          param &= 0xF;
        sb.cmd0(op, param);
      } else if (kind < 8) {
        sb.cmd1(kCmd1[rng() % std::size(kCmd1)], rng() % 4 ? rng() % 4096 : rng(), rng() & 0x3F);
      } else if (kind < 9) {
        sb.op(kOps[rng() % std::size(kOps)], rng() & 0xFFFF);
      } else {
        sb.words.push_back(rng());  // anything at all
      }
    }
    if (rng() & 1) sb.stop();
    const RunResult r = run(sb, bus);
    EXPECT_TRUE(r.reason == StopReason::kStop || r.reason == StopReason::kEndOfStream ||
                r.reason == StopReason::kParseError || r.reason == StopReason::kBusError ||
                r.reason == StopReason::kWeightError);
  }
}

}  // namespace
}  // namespace corsim::npu
