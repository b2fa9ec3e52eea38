// The Vela golden case (shared models README): KWS CNN small for Ethos-U55-128. Region 0 = flash,
// region 1 = 48,848-byte arena with the input at offset 0; the 12 output bytes at arena offset 0
// must equal the TFLite reference output byte for byte.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "npu/driver_payload.h"
#include "npu/executor.h"
#include "npu/region_bus.h"
#include "npu/weight_layout.h"

namespace corsim::npu {
namespace {

const std::string kDir = std::string(CORSIM_MODELS_DIR) + "/vela/kws_cnn_small_u55-128/";

std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

TEST(KwsGolden, OutputMatchesTfliteReference) {
  const auto cmd = slurp(kDir + "cmd_stream.bin");
  ASSERT_FALSE(cmd.empty()) << "missing " << kDir << "cmd_stream.bin";
  std::string err;
  auto payload = parse_driver_payload(cmd, err);
  ASSERT_TRUE(payload) << err;
  EXPECT_EQ(payload->config, 0x00001807u);  // U55-128 (Vela ArchEthosU55::ConfigRegister)
  EXPECT_EQ(payload->commands.size(), 851u);
  auto cfg = npu_config_from_word(payload->config);
  ASSERT_TRUE(cfg);
  EXPECT_EQ(cfg->macs, 128u);

  RegionBus bus;
  bus.region(0) = slurp(kDir + "flash.bin");
  bus.region(1).assign(48848, 0);
  const auto input = slurp(kDir + "input.bin");
  ASSERT_EQ(input.size(), 490u);
  std::copy(input.begin(), input.end(), bus.region(1).begin());

  Executor ex(*cfg);
  unsigned convs = 0, pools = 0, ews = 0, dmas = 0;
  const RunResult r = ex.run(payload->commands, bus, bus.basep(), kDriverRegionCfg, [&](const OpRecord& rec) {
    switch (rec.op.kind) {
      case OpKind::kConv: ++convs; break;
      case OpKind::kPool: ++pools; break;
      case OpKind::kElementwise: ++ews; break;
      case OpKind::kDma: ++dmas; break;
      default: break;
    }
  });
  EXPECT_EQ(r.reason, StopReason::kStop) << r.error;
  EXPECT_EQ(r.stop_mask, 0xFFFF);
  // The models README: 7 CONV, 2 POOL, 29 ELEMENTWISE, 5 DMA.
  EXPECT_EQ(convs, 7u);
  EXPECT_EQ(pools, 2u);
  EXPECT_EQ(ews, 29u);
  EXPECT_EQ(dmas, 5u);

  const auto expected = slurp(kDir + "expected_output.bin");
  ASSERT_EQ(expected.size(), 12u);
  std::vector<uint8_t> got(bus.region(1).begin(), bus.region(1).begin() + 12);
  EXPECT_EQ(got, expected);
}

}  // namespace
}  // namespace corsim::npu
