// Simulated MIPS of corsim on the mixed integer workload (bench/workload/: lists, matrices, a state
// machine, CRC32). Runs the `corsim` binary with `--stats FILE` and reads the retired instruction
// count from the JSON; the host time is measured around the run (process start included, so the
// figure is a lower bound on the interpreter's speed).
//
//   sim_mips_bench [--benchmark_...] [--elf=PATH] [--corsim=PATH]
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

extern char** environ;

namespace {

struct Paths {
  std::string elf = CORSIM_WORKLOAD_ELF;
  std::string corsim = CORSIM_EXE;
};

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

// Runs corsim once with stdout discarded; returns the exit status.
int run_corsim(const Paths& paths, const std::string& stats_file) {
  std::vector<std::string> args = {paths.corsim, "--stats", stats_file, paths.elf};
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

void BM_WorkloadMips(benchmark::State& state, Paths paths) {
  const std::string stats_file = fmt::format("/tmp/corsim_bench_{}.json", getpid());
  double instructions_total = 0;
  double seconds_total = 0;
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    int rc = run_corsim(paths, stats_file);
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
  }
}

}  // namespace

int main(int argc, char** argv) {
  Paths paths;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--elf=")) paths.elf = arg.substr(6);
    else if (arg.starts_with("--corsim=")) paths.corsim = arg.substr(9);
    else rest.push_back(argv[i]);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  benchmark::RegisterBenchmark("corsim/workload_mips", BM_WorkloadMips, paths)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
