// The memory-system timing's configuration from the Corstone-300 preset and the -C parameters
// (sim/memory_timing_setup.h). Expected Vela numbers are those of Vela's
// ethosu/config_files/Arm/vela.ini: High_End_Embedded Sram 1.0 x 8 bytes, latency 32; OffChipFlash
// 0.125 x 8, latency 64; Deep_Embedded OffChipFlash 0.0625 x 8.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

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
           {"memory.mode", "Dedicated_Sram_Unknown"}}) {
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

namespace corsim::sim {
namespace {

// A user's vela.ini (-C memory.vela_config / --vela-config): its system config sets the memories
// and the NPU's ports. Written by hand here, in Vela's format (npu/timing/vela_ini.h):
//   core_clock 100 MHz; axi0 = Sram (clock_scale 2.5, 2 ports, latency 5); axi1 = Dram (scale 0.5,
//   1 port, latency 200/100). On the Ethos-U85 (16-byte AXI): Sram 2.5 x 16 x 2 = 80 B/cycle,
//   Dram 0.5 x 16 = 8 B/cycle. On Corstone-320 in Dedicated_Sram, ISRAM is Vela's Sram and DDR
//   its second memory.
TEST(MemoryTimingSetup, AUsersVelaIniSetsTheMemoriesAndTheNpuPorts) {
  const std::string path = ::testing::TempDir() + "corsim_user_vela.ini";
  {
    std::ofstream f(path);
    f << "; user config\n[System_Config.My_Board]\ncore_clock=100e6\naxi0_port=Sram\naxi1_port=Dram\n"
         "Sram_clock_scale=2.5\nSram_ports_used=2\nSram_read_latency=5\nSram_write_latency=5\n"
         "Dram_clock_scale=0.5\nDram_read_latency=200\nDram_write_latency=100\n"
         "[Memory_Mode.Mine]\nconst_mem_area=Axi1\narena_mem_area=Axi0\ncache_mem_area=Axi0\n";
  }
  PlatformPreset p = corstone320_preset();
  const ParamResult r = apply(p, {{"memory.vela_config", path}, {"memory.system_config", "My_Board"},
                                  {"memory.mode", "Mine"}});
  ASSERT_EQ(r.error, "");
  EXPECT_DOUBLE_EQ(p.memory("ISRAM")->bandwidth, 80.0);
  EXPECT_EQ(p.memory("ISRAM")->latency, 5u);
  EXPECT_DOUBLE_EQ(p.memory("DDR")->bandwidth, 8.0);
  EXPECT_EQ(p.memory("DDR")->latency, 200u);
  std::string error;
  const auto sys = npu_system_config(p.npu, error);
  ASSERT_TRUE(sys) << error;
  EXPECT_DOUBLE_EQ(sys->npu_clock_hz, 100e6);
  EXPECT_EQ(sys->memory_mode, npu::timing::MemoryMode::kSharedSram);
  // The platform's NPU ports follow the file too (Dram on AXI1: 8 B/cycle, latency 200 / 100).
  const memory::timing::MemorySystemConfig mc = memory_system_config(p);
  EXPECT_DOUBLE_EQ(mc.npu_ports[0].bytes_per_cycle, 80.0);
  EXPECT_DOUBLE_EQ(mc.npu_ports[1].bytes_per_cycle, 8.0);
  EXPECT_EQ(mc.npu_ports[1].read_latency, 200u);
  EXPECT_EQ(mc.npu_ports[1].write_latency, 100u);
  // A name the file does not have, and a file that is not there: one error each, nothing applied.
  PlatformPreset q = corstone320_preset();
  EXPECT_NE(apply(q, {{"memory.vela_config", path}, {"memory.system_config", "Other"}}).error.find("no section [System_Config.Other]"),
            std::string::npos);
  EXPECT_NE(apply(q, {{"memory.vela_config", path + ".missing"}}).error, "");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace corsim::sim
