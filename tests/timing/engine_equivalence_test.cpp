// Timed runs on the block JIT (the default engine; --cpu-engine jit, CpuEngine::Jit) against the
// interpreter, which is the reference: every firmware ELF of the build runs on both engines with
// each core model, and the cycles, instructions, how the run ended, the console output and every
// PMU event the timing model and the memory system answer (cpu/timing/pmu_events.h) must be
// identical (docs/cpu.md "Block JIT"). The JIT must also have run: a run where it compiled
// nothing would compare the interpreter with itself.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "cpu/timing/pmu_events.h"
#include "sim/simulator.h"

namespace corsim {
namespace {

struct Outcome {
  sim::RunResult result;
  std::string console;  // what the program printed on UART0
  std::vector<std::optional<uint64_t>> events;
  uint64_t blocks_compiled = 0;
};

// Every event number of cpu/timing/pmu_events.h.
constexpr uint32_t kEvents[] = {
    cpu::timing::kPmuL1ICacheRefill, cpu::timing::kPmuL1DCacheRefill, cpu::timing::kPmuL1DCache,
    cpu::timing::kPmuLdRetired,      cpu::timing::kPmuStRetired,      cpu::timing::kPmuInstRetired,
    cpu::timing::kPmuBrMisPred,      cpu::timing::kPmuCpuCycles,      cpu::timing::kPmuBrPred,
    cpu::timing::kPmuMemAccess,      cpu::timing::kPmuL1ICache,       cpu::timing::kPmuL1DCacheWb,
    cpu::timing::kPmuBrRetired,      cpu::timing::kPmuBrMisPredRetired, cpu::timing::kPmuStallFrontend,
    cpu::timing::kPmuStallBackend,   cpu::timing::kPmuStall,          cpu::timing::kPmuMveInstRetired};

Outcome run(const std::string& elf, const std::string& core, cpu::CpuEngine engine) {
  sim::RunConfig config;
  config.firmware = elf;
  config.quiet = true;
  config.cpu = core;
  config.timing = true;
  config.cpu_engine = engine;
  const std::filesystem::path console =
      std::filesystem::temp_directory_path() / ("corsim_timed_jit_" + std::to_string(::getpid()) + ".txt");
  config.params.emplace_back("mps3_board.uart0.out_file", console.string());
  Outcome o;
  {
    sim::Simulator simulator(config);
    EXPECT_EQ(simulator.prepare(), "") << elf;
    o.result = simulator.run();
    const cpu::timing::CpuTimingModel* model = simulator.timing_model();
    EXPECT_NE(model, nullptr);
    if (model != nullptr) {
      for (uint32_t event : kEvents)
        o.events.push_back(cpu::timing::pmu_event_count(model->stats(), simulator.memory_timing(), event));
    }
    if (const cpu::jit::BlockJit* jit = simulator.cpu().jit()) o.blocks_compiled = jit->blocks_compiled;
  }  // the console file is complete once the simulator is gone
  std::ifstream in(console);
  o.console.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  std::filesystem::remove(console);
  return o;
}

// What the JIT did over a set of runs (a comparison where it compiled nothing, or where nothing
// was printed, would not test what it claims).
struct Coverage {
  uint64_t compiled = 0;
  size_t console_bytes = 0;
};

// Runs `elf` on both engines with both core models.
Coverage expect_same_timing(const std::string& elf) {
  Coverage c;
  for (const char* core : {"cortex-m55", "cortex-m85"}) {
    SCOPED_TRACE(elf + " " + core);
    EXPECT_TRUE(std::filesystem::exists(elf));
    const Outcome interp = run(elf, core, cpu::CpuEngine::Interpreter);
    const Outcome jit = run(elf, core, cpu::CpuEngine::Jit);
    EXPECT_EQ(interp.result.cycles, jit.result.cycles);
    EXPECT_EQ(interp.result.instructions, jit.result.instructions);
    EXPECT_EQ(interp.result.end, jit.result.end);
    EXPECT_EQ(interp.result.exit_status, jit.result.exit_status);
    EXPECT_EQ(interp.result.guest_exit_code, jit.result.guest_exit_code);
    EXPECT_EQ(interp.console, jit.console);
    EXPECT_EQ(interp.events.size(), jit.events.size());
    if (interp.events.size() != jit.events.size()) continue;
    for (size_t i = 0; i < interp.events.size(); ++i)
      EXPECT_EQ(interp.events[i], jit.events[i]) << "PMU event 0x" << std::hex << kEvents[i];
    EXPECT_EQ(interp.blocks_compiled, 0u);
    c.compiled += jit.blocks_compiled;
    c.console_bytes += jit.console.size();
  }
  return c;
}

TEST(TimedJit, MicrobenchmarksMatchTheInterpreter) {
  EXPECT_GT(expect_same_timing(CORSIM_TIMING_MICROBENCH_ELF).compiled, 0u);
}

#ifdef CORSIM_FIRMWARE_ELF_DIR
// The firmware test programs (firmware/tests/tests.cmake, every optimisation level): exceptions,
// faults, SVC, WFI, semihosting, FP context, MVE... and the benchmark workloads.
TEST(TimedJit, FirmwareProgramsMatchTheInterpreter) {
  std::vector<std::string> elfs;
  const std::filesystem::path tests = std::filesystem::path(CORSIM_FIRMWARE_ELF_DIR) / "tests";
  ASSERT_TRUE(std::filesystem::is_directory(tests)) << tests << ": build the firmware (corsim_firmware)";
  for (const auto& entry : std::filesystem::directory_iterator(tests))
    if (entry.path().extension() == ".elf") elfs.push_back(entry.path().string());
  ASSERT_GE(elfs.size(), 60u) << "firmware test ELFs in " << tests;
  for (const char* bench : {"bench/workload.elf", "bench/workload_mve.elf"})
    elfs.push_back((std::filesystem::path(CORSIM_FIRMWARE_ELF_DIR) / bench).string());
  Coverage all;
  for (const std::string& elf : elfs) {
    const Coverage c = expect_same_timing(elf);
    all.compiled += c.compiled;
    all.console_bytes += c.console_bytes;
  }
  EXPECT_GT(all.compiled, 1000u);
  EXPECT_GT(all.console_bytes, 1000u);
}
#endif

}  // namespace
}  // namespace corsim
