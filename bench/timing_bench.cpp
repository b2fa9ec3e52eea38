// CPU timing benchmarks (issue 7 item 7; docs/timing.md "Benchmarks"):
//   timing/kernels/<core>   cycles of each kernel of the fixed set (bench/timing/kernels.c: dot
//                           product, FIR, int8 convolution, memcpy, quicksort, MVE dot product),
//                           reported as counters; a latency-table change shows up here
//   timing/mips/<workload>/<core>  simulated MIPS with timing on (per host CPU-second: MIPS_cpu)
//                           on the integer mix (bench/workload) and the MVE workload (the kernel
//                           set repeated), plus the cycles the run took
//   timing/mips/<workload>/off     the same with --timing off, for comparison
//   timing/ratio            M55 cycles / M85 cycles on the integer mix (done-when: 1.3 to 1.7)
//
//   timing_bench [--benchmark_...]
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <time.h>

#include <array>
#include <string>
#include <vector>

#include "sim/simulator.h"

namespace {

const std::vector<std::string> kKernelNames = {"dot_q15", "fir_q15", "conv_s8", "memcpy_1k", "quicksort_256",
                                               "dot_q15_mve"};
constexpr uint32_t kResults = 0x30008000;

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Run {
  corsim::sim::RunResult result;
  double cpu_seconds = 0;
  std::vector<uint32_t> results;
  std::string error;
};

Run run(const std::string& elf, const std::string& cpu, bool timing, size_t result_words = 0) {
  corsim::sim::RunConfig config;
  config.firmware = elf;
  config.quiet = true;
  config.cpu = cpu;
  config.timing = timing;
  config.params.emplace_back("mps3_board.uart0.out_file", "");
  corsim::sim::Simulator simulator(config);
  Run r;
  if (std::string e = simulator.prepare(); !e.empty()) {
    r.error = e;
    return r;
  }
  const double start = thread_cpu_seconds();
  r.result = simulator.run();
  r.cpu_seconds = thread_cpu_seconds() - start;
  if (r.result.exit_status != 0) r.error = r.result.message;
  for (size_t i = 0; i < result_words; ++i) {
    std::array<uint8_t, 4> b{};
    simulator.bus().debug_read_block(kResults + 4 * static_cast<uint32_t>(i), b);
    r.results.push_back(b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24);
  }
  return r;
}

void BM_Kernels(benchmark::State& state, std::string cpu) {
  Run r;
  for (auto _ : state) r = run(CORSIM_TIMING_KERNELS_ELF, cpu, true, kKernelNames.size());
  if (!r.error.empty()) {
    state.SkipWithError(r.error.c_str());
    return;
  }
  for (size_t i = 0; i < kKernelNames.size(); ++i) state.counters[kKernelNames[i]] = r.results[i];
}

void BM_Mips(benchmark::State& state, std::string elf, std::string cpu, bool timing) {
  double instructions = 0, seconds = 0;
  Run r;
  for (auto _ : state) {
    r = run(elf, cpu, timing);
    if (!r.error.empty()) break;
    instructions += static_cast<double>(r.result.instructions);
    seconds += r.cpu_seconds;
  }
  if (!r.error.empty()) {
    state.SkipWithError(r.error.c_str());
    return;
  }
  state.counters["MIPS_cpu"] = instructions / seconds / 1e6;
  state.counters["cycles"] = static_cast<double>(r.result.cycles);
  state.counters["instructions"] = static_cast<double>(r.result.instructions);
}

void BM_Ratio(benchmark::State& state) {
  double ratio = 0;
  for (auto _ : state) {
    const Run m55 = run(CORSIM_WORKLOAD_ELF, "cortex-m55", true);
    const Run m85 = run(CORSIM_WORKLOAD_ELF, "cortex-m85", true);
    if (!m55.error.empty() || !m85.error.empty()) {
      state.SkipWithError("workload failed");
      return;
    }
    ratio = static_cast<double>(m55.result.cycles) / static_cast<double>(m85.result.cycles);
  }
  state.counters["m55_over_m85"] = ratio;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  for (const char* cpu : {"cortex-m55", "cortex-m85"}) {
    benchmark::RegisterBenchmark(fmt::format("timing/kernels/{}", cpu).c_str(), BM_Kernels, std::string(cpu))
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  const std::pair<const char*, const char*> workloads[] = {{"integer", CORSIM_WORKLOAD_ELF},
                                                           {"mve", CORSIM_TIMING_MVE_WORKLOAD_ELF}};
  for (const auto& [name, elf] : workloads) {
    for (const char* cpu : {"cortex-m55", "cortex-m85"}) {
      benchmark::RegisterBenchmark(fmt::format("timing/mips/{}/{}", name, cpu).c_str(), BM_Mips, std::string(elf),
                                   std::string(cpu), true)
          ->Iterations(2)
          ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark(fmt::format("timing/mips/{}/off", name).c_str(), BM_Mips, std::string(elf),
                                 std::string("cortex-m55"), false)
        ->Iterations(2)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("timing/ratio", BM_Ratio)->Iterations(1)->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
