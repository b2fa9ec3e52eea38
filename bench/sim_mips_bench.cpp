// Simulated MIPS of corsim on the mixed integer workload (bench/workload/: lists, matrices, a state
// machine, CRC32), reported as the counter "MIPS" (retired guest instructions per host second).
//   corsim/library_mips  the Simulator library in this process (sim/simulator.h); the host time is
//                        RunResult::host_seconds (the run loop only, not ELF loading)
//   corsim/cli_mips      the `corsim` binary with --stats FILE; host time measured around the
//                        process, so it includes start-up (a lower bound)
// Counters: MIPS uses wall-clock time; MIPS_cpu uses the CPU time the simulation consumed (thread
// CPU time for the library, the child's user+system time for the CLI), which is the figure to
// read on a shared, loaded host ("MIPS on one host core").
//
// The same on the MVE workload (bench/workload/mve_workload.c: int8 dot products and convolution
// with arm_mve.h): corsim/mve_library_mips, with the timing model on (the default) and off
// (corsim/mve_library_mips_timing_off, one cycle per instruction, as the issue-3 target is stated).
// The *_m85 variants run the same workloads with the Cortex-M85 timing model (--cpu cortex-m85);
// the others use the default Cortex-M55 model.
//
// Issue 17's CPU goals: every library run reports goal_MIPS and of_goal (MIPS_cpu / goal): 400
// MIPS functional (timing off), 150 MIPS timed. Every row runs the block JIT (the default, timed or
// not); the *_interp rows the same with the interpreter (--cpu-engine interp). With
// --coremark-elf=PATH (an ELF built by scripts/coremark.sh from a user's CoreMark checkout; no
// CoreMark code is in this repository) the same rows run on CoreMark:
// corsim/coremark_mips_timing_off, corsim/coremark_mips (M55 timed; coremark_mips_interp
// interpreted), corsim/coremark_mips_m85.
//
//   sim_mips_bench [--benchmark_...] [--elf=PATH] [--mve-elf=PATH] [--corsim=PATH] [--coremark-elf=PATH]
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sim/simulator.h"

extern char** environ;

namespace {

struct Paths {
  std::string elf = CORSIM_WORKLOAD_ELF;
#ifdef CORSIM_WORKLOAD_MVE_ELF
  std::string mve_elf = CORSIM_WORKLOAD_MVE_ELF;
#else
  std::string mve_elf;
#endif
  bool timing = true;
  corsim::cpu::CpuEngine engine = corsim::cpu::CpuEngine::Jit;
  std::string cpu = "cortex-m55";
  std::string corsim = CORSIM_EXE;
  double goal_mips = 0;  // issue 17's goal for this row (0: none)
};

// Issue 17's table, CPU rows: functional (one cycle per instruction) and timed simulation speed.
constexpr double kFunctionalGoalMips = 400;
constexpr double kTimedGoalMips = 150;

Paths with_timing(Paths p, bool timing) {
  p.timing = timing;
  p.goal_mips = timing ? kTimedGoalMips : kFunctionalGoalMips;
  return p;
}

// A row run by the interpreter instead of the block JIT (docs/cpu.md "Block JIT").
Paths interpreted(Paths p) {
  p.engine = corsim::cpu::CpuEngine::Interpreter;
  return p;
}

// Finds `"key": <number>` in a flat JSON text; enough for corsim's --stats file.
std::optional<double> json_number(const std::string& text, std::string_view key) {
  std::string quoted = fmt::format("\"{}\"", key);
  size_t pos = text.find(quoted);
  if (pos == std::string::npos) return std::nullopt;
  pos = text.find(':', pos + quoted.size());
  if (pos == std::string::npos) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str() + pos + 1, &end);
  if (end == text.c_str() + pos + 1) return std::nullopt;
  return value;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double children_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  auto seconds = [](const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Runs corsim once with stdout discarded; returns the exit status.
int run_corsim(const Paths& paths, const std::string& stats_file) {
  std::vector<std::string> args = {paths.corsim, "--quiet", "--stats", stats_file, paths.elf};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", 1 /*O_WRONLY*/, 0);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, paths.corsim.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void BM_LibraryMips(benchmark::State& state, Paths paths) {
  double instructions_total = 0;
  double seconds_total = 0;
  double cpu_total = 0;
  for (auto _ : state) {
    corsim::sim::RunConfig config;
    config.firmware = paths.elf;
    config.quiet = true;
    config.timing = paths.timing;
    config.cpu_engine = paths.engine;
    config.cpu = paths.cpu;
    config.params.emplace_back("mps3_board.uart0.out_file", "");  // keep the guest's text quiet
    corsim::sim::Simulator simulator(config);
    if (std::string error = simulator.prepare(); !error.empty()) {
      state.SkipWithError(error.c_str());
      break;
    }
    const double cpu_start = thread_cpu_seconds();
    corsim::sim::RunResult result = simulator.run();
    cpu_total += thread_cpu_seconds() - cpu_start;
    if (result.exit_status != 0) {
      state.SkipWithError(fmt::format("workload ended with status {}: {}", result.exit_status, result.message).c_str());
      break;
    }
    state.SetIterationTime(result.host_seconds);
    instructions_total += static_cast<double>(result.instructions);
    seconds_total += result.host_seconds;
  }
  if (seconds_total > 0) {
    state.counters["instructions"] = instructions_total / static_cast<double>(state.iterations());
    state.counters["MIPS"] = instructions_total / seconds_total / 1e6;
    if (cpu_total > 0) state.counters["MIPS_cpu"] = instructions_total / cpu_total / 1e6;
    if (cpu_total > 0 && paths.goal_mips > 0) {
      state.counters["goal_MIPS"] = paths.goal_mips;
      state.counters["of_goal"] = instructions_total / cpu_total / 1e6 / paths.goal_mips;
    }
  }
}

void register_library(const std::string& name, const Paths& paths) {
  benchmark::RegisterBenchmark(name.c_str(), BM_LibraryMips, paths)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
}

void BM_CliMips(benchmark::State& state, Paths paths) {
  const std::string stats_file =
      (std::filesystem::temp_directory_path() / fmt::format("corsim_bench_{}.json", getpid())).string();
  double instructions_total = 0;
  double seconds_total = 0;
  double cpu_total = 0;
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    const double cpu_start = children_cpu_seconds();
    int rc = run_corsim(paths, stats_file);
    cpu_total += children_cpu_seconds() - cpu_start;
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (rc != 0) {
      state.SkipWithError(fmt::format("corsim exited with {} ({} on {})", rc, paths.corsim, paths.elf).c_str());
      break;
    }
    std::ifstream in(stats_file);
    std::stringstream text;
    text << in.rdbuf();
    auto instructions = json_number(text.str(), "instructions");
    if (!instructions) {
      state.SkipWithError("no \"instructions\" in corsim --stats output");
      break;
    }
    state.SetIterationTime(seconds);
    instructions_total += *instructions;
    seconds_total += seconds;
  }
  std::remove(stats_file.c_str());
  if (seconds_total > 0) {
    state.counters["instructions"] = instructions_total / static_cast<double>(state.iterations());
    state.counters["MIPS"] = instructions_total / seconds_total / 1e6;
    if (cpu_total > 0) state.counters["MIPS_cpu"] = instructions_total / cpu_total / 1e6;
  }
}

}  // namespace

int main(int argc, char** argv) {
  Paths paths = with_timing(Paths{}, true);
  std::string coremark_elf;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--elf=")) paths.elf = arg.substr(6);
    else if (arg.starts_with("--mve-elf=")) paths.mve_elf = arg.substr(10);
    else if (arg.starts_with("--corsim=")) paths.corsim = arg.substr(9);
    else if (arg.starts_with("--coremark-elf=")) coremark_elf = arg.substr(15);
    else rest.push_back(argv[i]);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  register_library("corsim/library_mips", paths);
  Paths m85 = paths;
  m85.cpu = "cortex-m85";
  register_library("corsim/library_mips_m85", m85);
  if (!paths.mve_elf.empty()) {
    Paths mve = paths;
    mve.elf = paths.mve_elf;
    register_library("corsim/mve_library_mips", mve);
    Paths mve_m85 = mve;
    mve_m85.cpu = "cortex-m85";
    register_library("corsim/mve_library_mips_m85", mve_m85);
    register_library("corsim/mve_library_mips_timing_off", with_timing(mve, false));
    register_library("corsim/library_mips_timing_off", with_timing(paths, false));
    register_library("corsim/library_mips_timing_off_interp", interpreted(with_timing(paths, false)));
  }
  if (!coremark_elf.empty()) {
    Paths coremark = paths;
    coremark.elf = coremark_elf;
    register_library("corsim/coremark_mips_timing_off", with_timing(coremark, false));
    register_library("corsim/coremark_mips_timing_off_interp", interpreted(with_timing(coremark, false)));
    register_library("corsim/coremark_mips", coremark);
    register_library("corsim/coremark_mips_interp", interpreted(coremark));
    Paths coremark_m85 = coremark;
    coremark_m85.cpu = "cortex-m85";
    register_library("corsim/coremark_mips_m85", coremark_m85);
  }
  benchmark::RegisterBenchmark("corsim/cli_mips", BM_CliMips, paths)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
