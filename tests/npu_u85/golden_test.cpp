// The four real Vela Ethos-U85-256 programs (../shared/models/u85 and its README): every
// golden output byte must be reproduced. A missing model file is a failure.
#include <gtest/gtest.h>

#include <map>

#include "npu/driver_payload.h"
#include "npu/executor.h"
#include "npu/region_bus.h"
#include "u85_program.h"

namespace corsim::npu {
namespace {

using u85test::Program;
using u85test::slurp;

class U85Golden : public testing::TestWithParam<Program> {};

TEST_P(U85Golden, EveryOutputByteMatchesTheTfliteReference) {
  const Program& p = GetParam();
  const std::string dir = u85test::kU85Dir + p.name + "/";
  const auto cmd = slurp(dir + "cmd_stream.bin");
  ASSERT_FALSE(cmd.empty()) << "missing " << dir << "cmd_stream.bin";
  std::string err;
  auto payload = parse_driver_payload(cmd, err);
  ASSERT_TRUE(payload) << err;
  EXPECT_EQ(payload->config, 0x20000118u);  // U85-256 (EthosU85RCSGenerator::ConfigRegister)
  EXPECT_EQ(payload->id, 0x20007000u);
  EXPECT_EQ(payload->commands.size(), p.words);
  auto cfg = npu_config_from_word(payload->config);
  ASSERT_TRUE(cfg);
  EXPECT_EQ(cfg->product, Product::kU85);
  EXPECT_EQ(cfg->macs, 256u);

  RegionBus bus;
  bus.region(0) = slurp(dir + "weights.bin");
  ASSERT_FALSE(bus.region(0).empty()) << "missing weights.bin";
  bus.region(1).assign(p.scratch, 0);
  bus.region(2).assign(p.fast_scratch, 0);
  for (const auto& in : p.inputs) {
    const auto bytes = slurp(dir + in.file);
    ASSERT_EQ(bytes.size(), in.size) << in.file;
    std::copy(bytes.begin(), bytes.end(), bus.region(1).begin() + in.offset);
  }
  Executor ex(*cfg);
  std::map<std::string, unsigned> kinds;
  const RunResult r = ex.run(payload->commands, bus, bus.basep(), kDriverRegionCfg,
                             [&](const OpRecord& rec) { ++kinds[std::string(op_kind_name(rec.op))]; });
  ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(r.stop_mask, 0xFFFF);  // every stream ends with STOP 0xFFFF (Vela)
  for (const auto& out : p.outputs) {
    const auto expected = slurp(dir + out.file);
    ASSERT_EQ(expected.size(), out.size) << out.file;
    const std::vector<uint8_t> got(bus.region(1).begin() + out.offset, bus.region(1).begin() + out.offset + out.size);
    EXPECT_EQ(got, expected) << out.file;
  }
  std::string summary;
  for (const auto& [k, n] : kinds) summary += k + "=" + std::to_string(n) + " ";
  RecordProperty("operations", summary);
  std::cout << p.name << ": " << summary << "\n";
}

INSTANTIATE_TEST_SUITE_P(Programs, U85Golden, testing::ValuesIn(u85test::programs()),
                         [](const testing::TestParamInfo<Program>& i) { return i.param.name; });

}  // namespace
}  // namespace corsim::npu
