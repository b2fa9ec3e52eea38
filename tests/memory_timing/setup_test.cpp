// The memory-system timing's configuration from the Corstone-300 preset and the -C parameters
// (sim/memory_timing_setup.h). Expected Vela numbers are vela.ini's (spec/ethos-u.md §5.2):
// High_End_Embedded Sram 1.0 x 8 bytes, latency 32; OffChipFlash 0.125 x 8, latency 64;
// Deep_Embedded OffChipFlash 0.0625 x 8.
#include <gtest/gtest.h>

#include "sim/memory_timing_setup.h"
#include "sim/params.h"

namespace corsim::sim {
namespace {

const memory::timing::MemoryRegion* region(const memory::timing::MemorySystemConfig& c, const char* name) {
  for (const auto& m : c.memories)
    if (m.name == name) return &m;
  return nullptr;
}

ParamResult apply(PlatformPreset& p, std::vector<std::pair<std::string, std::string>> params) {
  RunConfig run;
  run.params = std::move(params);
  return apply_parameters(p, run);
}

TEST(MemoryTimingSetup, Corstone300Defaults) {
  const auto c = memory_system_config(corstone300_preset());
  ASSERT_EQ(c.memories.size(), 6u);
  EXPECT_EQ(region(c, "ITCM")->kind, memory::timing::MemoryKind::Itcm);
  EXPECT_EQ(region(c, "DTCM")->kind, memory::timing::MemoryKind::Dtcm);
  EXPECT_EQ(region(c, "DDR")->kind, memory::timing::MemoryKind::Axi);
  EXPECT_EQ(region(c, "DDR")->latency, 32u);
  EXPECT_EQ(region(c, "QSPI")->bytes_per_cycle, 1.0);
  EXPECT_EQ(region(c, "ISRAM")->s_base, 0x31000000u);
  EXPECT_EQ(c.icache.geometry.size, 32u * 1024);
  EXPECT_EQ(c.icache.geometry.ways, 2u);
  EXPECT_EQ(c.dcache.geometry.ways, 4u);
  EXPECT_EQ(c.dcache.geometry.line, 32u);
  // NPU ports from the default system config, Ethos_U55_High_End_Embedded.
  EXPECT_EQ(c.npu_ports[0].bytes_per_cycle, 8.0);
  EXPECT_EQ(c.npu_ports[1].bytes_per_cycle, 1.0);
  EXPECT_EQ(c.npu_ports[1].read_latency, 64u);
}

TEST(MemoryTimingSetup, ParametersSetMemoriesAndCaches) {
  PlatformPreset p = corstone300_preset();
  const ParamResult r = apply(p, {{"memory.DDR.bandwidth", "2.5"},
                                  {"memory.DDR.latency", "50"},
                                  {"cache.dcache.size", "16384"},
                                  {"cache.icache.ways", "4"},
                                  {"cache.dcache.write_policy", "write-through"},
                                  {"cpu0.icache-state_modelled", "0"}});
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  const auto c = memory_system_config(p);
  EXPECT_EQ(region(c, "DDR")->bytes_per_cycle, 2.5);
  EXPECT_EQ(region(c, "DDR")->latency, 50u);
  EXPECT_EQ(c.dcache.geometry.size, 16384u);
  EXPECT_EQ(c.icache.geometry.ways, 4u);
  EXPECT_EQ(c.write_policy, memory::timing::WritePolicy::WriteThrough);
  EXPECT_FALSE(c.icache.modelled);
  EXPECT_TRUE(c.dcache.modelled);
}

TEST(MemoryTimingSetup, BadValuesAreInputErrors) {
  for (auto [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"memory.DDR.bandwidth", "0"},
           {"memory.DDR.bandwidth", "fast"},
           {"memory.NOPE.bandwidth", "4"},
           {"cache.dcache.size", "3000"},
           {"cache.dcache.line", "24"},
           {"cache.icache.colour", "1"},
           {"cache.dcache.write_policy", "sometimes"},
           {"cpu0.dcache-state_modelled", "2"},
           {"memory.system_config", "Ethos_U99_Unknown"},
           {"memory.mode", "Dedicated_Sram"}}) {
    PlatformPreset p = corstone300_preset();
    EXPECT_NE(apply(p, {{name, value}}).error, "") << name << "=" << value;
  }
  PlatformPreset p = corstone300_preset();
  EXPECT_EQ(apply(p, {{"cache.dcache.size", "0"}}).error, "");  // no D-cache
}

TEST(MemoryTimingSetup, VelaPresets) {
  PlatformPreset p = corstone300_preset();
  ASSERT_EQ(apply(p, {{"memory.system_config", "Ethos_U55_Deep_Embedded"}}).error, "");
  auto c = memory_system_config(p);
  EXPECT_EQ(region(c, "ISRAM")->bytes_per_cycle, 8.0);
  EXPECT_EQ(region(c, "ISRAM")->latency, 32u);
  EXPECT_EQ(region(c, "DDR")->bytes_per_cycle, 0.5);  // Shared_Sram: constants in "flash"
  EXPECT_EQ(region(c, "DDR")->latency, 64u);
  EXPECT_EQ(region(c, "DTCM")->latency, 0u);           // TCMs untouched
  EXPECT_EQ(c.npu_ports[1].bytes_per_cycle, 0.5);
  ASSERT_EQ(apply(p, {{"memory.mode", "Sram_Only"}}).error, "");
  c = memory_system_config(p);
  EXPECT_EQ(region(c, "DDR")->bytes_per_cycle, 8.0);  // Sram_Only: everything as fast as SRAM
  EXPECT_EQ(region(c, "QSPI")->latency, 32u);
  // A later explicit value overrides the preset.
  ASSERT_EQ(apply(p, {{"memory.DDR.latency", "7"}}).error, "");
  EXPECT_EQ(region(memory_system_config(p), "DDR")->latency, 7u);
}

}  // namespace
}  // namespace corsim::sim
