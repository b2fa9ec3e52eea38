// Timed runs on the block JIT (--cpu-engine jit with timing on, CpuConfig::jit_timed) against the
// interpreter, which is the reference: every firmware ELF of the build runs on both engines with
// each core model, and the cycles, instructions, how the run ended and every PMU event the
// timing model and the memory system answer (cpu/timing/pmu_events.h) must be identical
// (docs/cpu.md "Block JIT"). The JIT must also have run: a run where it compiled nothing would
// compare the interpreter with itself.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cpu/timing/pmu_events.h"
#include "sim/simulator.h"

namespace corsim {
namespace {

struct Outcome {
  sim::RunResult result;
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
  config.params.emplace_back("mps3_board.uart0.out_file", "");
  sim::Simulator simulator(config);
  Outcome o;
  EXPECT_EQ(simulator.prepare(), "") << elf;
  o.result = simulator.run();
  const cpu::timing::CpuTimingModel* model = simulator.timing_model();
  EXPECT_NE(model, nullptr);
  if (model == nullptr) return o;
  for (uint32_t event : kEvents)
    o.events.push_back(cpu::timing::pmu_event_count(model->stats(), simulator.memory_timing(), event));
  if (const cpu::jit::BlockJit* jit = simulator.cpu().jit()) o.blocks_compiled = jit->blocks_compiled;
  return o;
}

// Runs `elf` on both engines with both core models; returns the JIT's compiled blocks.
uint64_t expect_same_timing(const std::string& elf) {
  uint64_t compiled = 0;
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
    EXPECT_EQ(interp.events.size(), jit.events.size());
    if (interp.events.size() != jit.events.size()) continue;
    for (size_t i = 0; i < interp.events.size(); ++i)
      EXPECT_EQ(interp.events[i], jit.events[i]) << "PMU event 0x" << std::hex << kEvents[i];
    EXPECT_EQ(interp.blocks_compiled, 0u);
    compiled += jit.blocks_compiled;
  }
  return compiled;
}

TEST(TimedJit, MicrobenchmarksMatchTheInterpreter) {
  EXPECT_GT(expect_same_timing(CORSIM_TIMING_MICROBENCH_ELF), 0u);
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
  uint64_t compiled = 0;
  for (const std::string& elf : elfs) compiled += expect_same_timing(elf);
  EXPECT_GT(compiled, 1000u);
}
#endif

}  // namespace
}  // namespace corsim
