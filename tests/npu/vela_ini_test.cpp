// A user's vela.ini (npu/timing/vela_ini.h): the real Ambiq file of ../shared/models/u85 gives
// the system config the FPGA counts were measured with; memory modes with inherit=; one clear
// error per kind of bad input; and a memory mode moves a DMA's time the way the ports say.
#include "npu/timing/vela_ini.h"

#include <gtest/gtest.h>

#include "npu/timing/timing_model.h"

namespace corsim::npu::timing {
namespace {

const std::string kAmbiq = std::string(CORSIM_MODELS_DIR) + "/u85/ambiq_vela.ini";

TEST(VelaIni, AmbiqsLowPowerSramConfigIsReadAsVelaReadsIt) {
  std::string error;
  const auto ini = VelaIni::load(kAmbiq, error);
  ASSERT_TRUE(ini) << error;
  NpuConfig u85;
  u85.product = Product::kU85;
  u85.macs = 256;
  const auto sys = ini->system_config("AmbiqLP_SRAM", u85, error);
  ASSERT_TRUE(sys) << error;
  // [System_Config.AmbiqLP_SRAM]: core_clock=100e6; Sram_clock_scale=2.5, Sram_ports_used=2,
  // latency 5/5, burst 128; 16-byte AXI on the U85: 2.5 x 16 x 2 = 80 bytes per cycle.
  EXPECT_DOUBLE_EQ(sys->npu_clock_hz, 100e6);
  EXPECT_EQ(sys->axi0.memory, "Sram");
  EXPECT_DOUBLE_EQ(sys->axi0.bytes_per_cycle, 80.0);
  EXPECT_EQ(sys->axi0.read_latency, 5u);
  EXPECT_EQ(sys->axi0.write_latency, 5u);
  EXPECT_EQ(sys->axi0.burst_bytes, 128u);
  EXPECT_EQ(sys->axi1.memory, "Dram");
  EXPECT_DOUBLE_EQ(sys->axi1.bytes_per_cycle, 80.0);
  // The same section on a U55 (64-bit AXI): half the bandwidth.
  NpuConfig u55;
  EXPECT_DOUBLE_EQ(ini->system_config("AmbiqLP_SRAM", u55, error)->axi0.bytes_per_cycle, 40.0);
  // Memory modes, with inherit=: Sram_Only_256KB inherits Sram_Only; Dedicated_Sram_384KB
  // inherits Dedicated_Sram (const and arena on Axi1, cache on Axi0).
  EXPECT_EQ(ini->memory_mode("Sram_Only_256KB", error), MemoryMode::kSramOnly);
  EXPECT_EQ(ini->memory_mode("Shared_Sram", error), MemoryMode::kSharedSram);
  EXPECT_EQ(ini->memory_mode("Dedicated_Sram_384KB", error), MemoryMode::kDedicatedSram);
}

TEST(VelaIni, BadInputIsOneClearError) {
  std::string error;
  EXPECT_FALSE(VelaIni::parse("[System_Config.A]\ncore_clock 5\n", error));
  EXPECT_EQ(error, "line 2: expected KEY=VALUE inside a [section]");
  EXPECT_FALSE(VelaIni::parse("[unterminated\n", error));
  EXPECT_EQ(error, "line 1: a section header must be [NAME]");
  EXPECT_FALSE(VelaIni::load("/nonexistent/vela.ini", error));
  EXPECT_NE(error.find("cannot read Vela config"), std::string::npos);

  const auto ini = VelaIni::parse(
      "; comment\n[System_Config.NoClock]\naxi0_port=Sram\n"
      "[System_Config.Bad]\ncore_clock=fast\naxi0_port=Sram\naxi1_port=Sram\n"
      "[Memory_Mode.Loop]\ninherit=Memory_Mode.Loop\n"
      "[Memory_Mode.Odd]\nconst_mem_area=Axi0\narena_mem_area=Axi1\n",
      error);
  ASSERT_TRUE(ini) << error;
  NpuConfig npu;
  EXPECT_FALSE(ini->system_config("Missing", npu, error));
  EXPECT_EQ(error, "no section [System_Config.Missing]");
  EXPECT_FALSE(ini->system_config("NoClock", npu, error));
  EXPECT_EQ(error, "[System_Config.NoClock] has no core_clock");
  EXPECT_FALSE(ini->system_config("Bad", npu, error));
  EXPECT_EQ(error, "[System_Config.Bad] core_clock=fast is not a number");
  EXPECT_FALSE(ini->memory_mode("Loop", error));
  EXPECT_NE(error.find("circular"), std::string::npos);
  EXPECT_FALSE(ini->memory_mode("Odd", error));
  EXPECT_NE(error.find("not a memory mode corsim models"), std::string::npos);
}

// Numbers the timing model cannot hold are refused, not converted (found by fuzz/vela_ini_fuzz.cpp:
// a latency of 6.1e67 was cast to unsigned, undefined behaviour; fuzz/regressions/vela_ini).
TEST(VelaIni, NumbersBeyondWhatTheModelHoldsAreOneClearError) {
  // One system config per case: Sram on both ports, a 1 GHz clock unless the line sets another.
  struct Case {
    const char* line;
    const char* error;  // empty: accepted
  } cases[] = {
      {"Sram_read_latency=6100e64", "[System_Config.T] Sram: a latency or burst length above 4294967295 cycles or bytes"},
      {"Sram_burst_length=4294967296", "[System_Config.T] Sram: a latency or burst length above 4294967295 cycles or bytes"},
      {"Sram_write_latency=4294967295", ""},  // the largest unsigned value is taken as it is
      // 1e308 x the 8-byte AXI overflows to infinity.
      {"Sram_clock_scale=1e308", "[System_Config.T] Sram_clock_scale gives no usable bandwidth"},
      {"core_clock=inf", "[System_Config.T] core_clock=inf is not a number"},
  };
  NpuConfig u55;
  for (const Case& c : cases) {
    std::string error;
    const std::string text = std::string("[System_Config.T]\naxi0_port=Sram\naxi1_port=Sram\n") + c.line +
                             (std::string_view(c.line).starts_with("core_clock") ? "\n" : "\ncore_clock=1e9\n");
    const auto ini = VelaIni::parse(text, error);
    ASSERT_TRUE(ini) << error;
    const auto sys = ini->system_config("T", u55, error);
    EXPECT_EQ(sys.has_value(), *c.error == '\0') << c.line;
    if (sys) EXPECT_EQ(sys->axi0.write_latency, 4294967295u) << c.line;
    else EXPECT_EQ(error, c.error) << c.line;
  }
}

TEST(VelaIni, TheMemoryModeMovesADmaToThePortsItNames) {
  // A 256-byte DMA from region 0 (constants) to region 1 (arena) on Ethos_U55_High_End_Embedded
  // (AXI0 SRAM 8 B/cycle, latency 32/32; AXI1 flash 1 B/cycle, latency 64):
  //   Shared_Sram:   read on AXI1 256/1 + 64 = 320; write on AXI0 256/8 + 32 = 64   -> 320
  //   Sram_Only:     both on AXI0: 512/8 + 32 + 32 = 128                             -> 128
  //   Dedicated_Sram: both on AXI1: 512/1 + 64 + 64 = 640                            -> 640
  const auto sys = system_preset("Ethos_U55_High_End_Embedded");
  ASSERT_TRUE(sys);
  NpuConfig npu;
  TimingModel tm(npu, *sys);
  OperationConfig dma;
  dma.kind = OpKind::kDma;
  auto cycles = [&](MemoryMode mode) {
    const uint32_t cfg = region_config_for(mode);
    Traffic t;
    t.read[static_cast<size_t>(region_port(cfg, 0))] += 256;
    t.write[static_cast<size_t>(region_port(cfg, 1))] += 256;
    return tm.estimate(dma, t).total;
  };
  EXPECT_EQ(cycles(MemoryMode::kSharedSram), 320u);
  EXPECT_EQ(cycles(MemoryMode::kSramOnly), 128u);
  EXPECT_EQ(cycles(MemoryMode::kDedicatedSram), 640u);
}

// The user's ini moves the estimate the way its numbers say. A DMA of 4096 B from region 0 to
// region 1 under Shared_Sram on a U85 (16-byte AXI): region 0 on the EXT port (axi1), region 1 on
// SRAM (axi0). By hand from each section:
//   Fast: Sram 2.0 x 16 x 1 = 32 B/cycle, latency 8; Dram 1.0 x 16 x 1 = 16 B/cycle, latency 50.
//         EXT read 4096/16 + 50 = 306; SRAM write 4096/32 + 8 = 136 -> 306 (EXT-bound)
//   Slow: Dram_clock_scale 0.25 -> 4 B/cycle: EXT read 4096/4 + 50 = 1074 -> 1074
//   Wide: Dram_ports_used 4 -> 64 B/cycle: EXT read 4096/64 + 50 = 114; the SRAM write 136 bounds.
TEST(VelaIni, TheUsersMemoryNumbersMoveADmaTheWayTheySay) {
  const std::string common =
      "core_clock=500e6\naxi0_port=Sram\naxi1_port=Dram\nSram_clock_scale=2.0\nSram_ports_used=1\n"
      "Sram_read_latency=8\nSram_write_latency=8\nDram_ports_used=1\nDram_read_latency=50\nDram_write_latency=50\n";
  std::string error;
  const auto ini = VelaIni::parse("[System_Config.Fast]\n" + common + "Dram_clock_scale=1.0\n" +
                                      "[System_Config.Slow]\n" + common + "Dram_clock_scale=0.25\n" +
                                      "[System_Config.Wide]\ninherit=System_Config.Fast\nDram_ports_used=4\n",
                                  error);
  ASSERT_TRUE(ini) << error;
  NpuConfig u85;
  u85.product = Product::kU85;
  u85.macs = 256;
  OperationConfig dma;
  dma.isa = Isa::kU85;
  dma.kind = OpKind::kDma;
  const uint32_t cfg = region_config_for(MemoryMode::kSharedSram);
  Traffic t;
  t.read[static_cast<size_t>(region_port(cfg, 0))] += 4096;
  t.write[static_cast<size_t>(region_port(cfg, 1))] += 4096;
  auto estimate = [&](const char* name) {
    const auto sys = ini->system_config(name, u85, error);
    EXPECT_TRUE(sys) << error;
    return TimingModel(u85, *sys).estimate(dma, t);
  };
  const OpTiming fast = estimate("Fast"), slow = estimate("Slow"), wide = estimate("Wide");
  EXPECT_EQ(fast.axi1, 306u);
  EXPECT_EQ(fast.axi0, 136u);
  EXPECT_EQ(fast.total, 306u);
  EXPECT_STREQ(fast.bound, "axi1");
  EXPECT_EQ(slow.total, 1074u);
  EXPECT_EQ(wide.axi1, 114u);
  EXPECT_EQ(wide.total, 136u);
  EXPECT_STREQ(wide.bound, "axi0");
}

}  // namespace
}  // namespace corsim::npu::timing
