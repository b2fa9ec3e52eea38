// The Simulator in-process: two instances coexist (no global state) and give identical results,
// and the NPU hook of the platform reaches the MMIO window.
#include "sim/simulator.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "memory/register_bank.h"

namespace corsim::sim {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

RunConfig config_for(const std::string& program, const fs::path& uart_log) {
  RunConfig c;
  c.firmware = std::string(SIM_FW_DIR) + "/" + program + ".elf";
  c.params = {{"mps3_board.uart0.out_file", uart_log.string()}};
  return c;
}

TEST(Simulator, TwoInstancesInOneProcessAreIndependentAndDeterministic) {
  const fs::path dir = fs::temp_directory_path() / ("corsim-simtest-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  RunResult results[2];
  {
    Simulator a(config_for("timer_irq", dir / "a.txt"));
    Simulator b(config_for("timer_irq", dir / "b.txt"));
    ASSERT_EQ(a.prepare(), "");
    ASSERT_EQ(b.prepare(), "");
    results[0] = a.run();
    results[1] = b.run();
  }
  for (const RunResult& r : results) {
    EXPECT_EQ(r.end, RunEnd::Eot);
    EXPECT_EQ(r.exit_status, 0);
    EXPECT_GE(r.cycles, 100000u);
  }
  EXPECT_EQ(results[0].cycles, results[1].cycles);
  EXPECT_EQ(results[0].instructions, results[1].instructions);
  EXPECT_EQ(slurp(dir / "a.txt"), "Twoke\n");
  EXPECT_EQ(slurp(dir / "b.txt"), "Twoke\n");
  fs::remove_all(dir);
}

TEST(Simulator, ItmStimulusWritesBecomeTimedTraceMarkers) {
  const fs::path log = fs::temp_directory_path() / ("corsim-simtest-itm-" + std::to_string(::getpid()));
  Simulator s(config_for("itm", log));
  ASSERT_EQ(s.prepare(), "");
  const RunResult r = s.run();
  EXPECT_EQ(r.end, RunEnd::Eot);
  const auto& m = s.trace_markers().markers();
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].port, 0u);
  EXPECT_EQ(m[0].value, 0xABCDu);
  EXPECT_EQ(m[0].size, 4u);
  EXPECT_EQ(m[1].port, 5u);
  EXPECT_EQ(m[1].value, 0x42u);
  EXPECT_EQ(m[1].size, 1u);
  EXPECT_LT(m[0].cycle, m[1].cycle);  // stamped with simulated time
  EXPECT_LE(m[1].cycle, r.cycles);
  fs::remove(log);
}

TEST(Simulator, PrepareReportsBadInputAsOneLine) {
  RunConfig c;
  c.firmware = "/nonexistent/firmware.elf";
  Simulator s(c);
  const std::string e = s.prepare();
  EXPECT_NE(e.find("cannot open firmware"), std::string::npos);
  EXPECT_EQ(e.find('\n'), std::string::npos);
}

TEST(Simulator, NpuHookIsMappedAtTheNpuWindow) {
  const fs::path log = fs::temp_directory_path() / ("corsim-simtest-npu-" + std::to_string(::getpid()));
  PlatformHooks hooks;
  memory::RegisterTarget* npu = nullptr;
  class FakeNpu final : public memory::RegisterTarget {
   public:
    FakeNpu() : RegisterTarget("fake-npu") { registers().add_const(0x0, "ID", 0x12345678); }
  };
  hooks.make_npu = [&](const DeviceSpec&, const NpuSpec&, const DeviceContext&, std::string&) {
    auto d = std::make_unique<FakeNpu>();
    npu = d.get();
    return std::unique_ptr<memory::Target>(std::move(d));
  };
  Simulator s(config_for("uart_eot", log), hooks);
  ASSERT_EQ(s.prepare(), "");
  ASSERT_NE(npu, nullptr);
  uint32_t v = 0;
  ASSERT_TRUE(s.bus().read(0x58102000, 4, v, {}).ok());
  EXPECT_EQ(v, 0x12345678u);
  fs::remove(log);
}

// The core of the platform is the default timing model (Corstone-300: Cortex-M55, Corstone-320:
// Cortex-M85); --cpu overrides it on either platform.
TEST(Simulator, PlatformCoreIsTheDefaultTimingModel) {
  struct Case { const char* platform; const char* cpu; const char* model; };
  const Case cases[] = {{"corstone-300", "", "cortex-m55"}, {"corstone-320", "", "cortex-m85"},
                        {"corstone-320", "cortex-m55", "cortex-m55"}, {"corstone-300", "cortex-m85", "cortex-m85"}};
  for (const Case& c : cases) {
    RunConfig config;
    config.firmware = std::string(SIM_FW_DIR) + "/semihost_exit.elf";
    config.platform = c.platform;
    config.cpu = c.cpu;
    config.params = {{"cpu.vtor", "0x10000000"}};  // the program's vectors are in ITCM on both
    Simulator s(config);
    ASSERT_EQ(s.prepare(), "") << c.platform;
    ASSERT_NE(s.timing_model(), nullptr);
    EXPECT_EQ(s.timing_model()->core_name(), c.model) << c.platform << " --cpu '" << c.cpu << "'";
  }
}

}  // namespace
}  // namespace corsim::sim
