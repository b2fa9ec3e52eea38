// The Simulator in-process: two instances coexist (no global state) and give identical results,
// and the NPU hook of the platform reaches the MMIO window.
#include "sim/simulator.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

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

// --timeout counts the host time the core runs, not the time a debugger holds it: a debugger that
// holds the core 0.3 s before the first slice and lets it run after does not end a 0.2 s run early
// (host time at least 0.3 + 0.2 s), and one that holds it no time does not keep it from ending.
TEST(Simulator, TimeoutCountsRunningTimeNotTimeHeldByADebugger) {
  class Holder final : public Simulator::DebugControl {
   public:
    explicit Holder(std::chrono::milliseconds hold) : hold_(hold) {}
    bool before_slice() override {
      ++slices;
      if (slices == 1) std::this_thread::sleep_for(hold_);
      return true;
    }
    void run_ended(const RunResult& r) override { ended = r.end; }
    int slices = 0;
    std::optional<RunEnd> ended;

   private:
    std::chrono::milliseconds hold_;
  };
  for (const int hold_ms : {0, 300}) {
    const fs::path log = fs::temp_directory_path() / ("corsim-simtest-timeout-" + std::to_string(::getpid()));
    RunConfig c = config_for("spin", log);
    c.timeout_seconds = 0.2;
    Simulator s(c);
    ASSERT_EQ(s.prepare(), "");
    Holder holder{std::chrono::milliseconds(hold_ms)};
    s.set_debug_control(&holder);
    const RunResult r = s.run();
    EXPECT_EQ(r.end, RunEnd::Timeout) << hold_ms;
    EXPECT_EQ(holder.ended, RunEnd::Timeout) << hold_ms;
    EXPECT_GT(holder.slices, 1) << hold_ms;
    EXPECT_GE(r.host_seconds, 0.2 + hold_ms / 1000.0) << hold_ms;
    EXPECT_LT(r.host_seconds, 0.2 + hold_ms / 1000.0 + 5.0) << hold_ms;  // ended, on a loaded host too
    fs::remove(log);
  }
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
