// Per-kernel cycles of the CPU operators real models leave on the CPU (issue 16 item 5;
// docs/timing.md "Per-kernel cycles"): runs bench/workload/cpu_kernels.cpp (the runtime's own
// quantize/dequantize, softmax and cortex_m int8 kernels, timed by the guest with DWT CYCCNT) on
// the Cortex-M55 and Cortex-M85 models and prints, per kernel, cycles per output element on each
// core, cycles per multiply-accumulate where the kernel has them, and the M55/M85 ratio.
//
//   cpu_kernels_bench
//
// Exit status 0, or 1 with one line on stderr when a run fails.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sim/simulator.h"

namespace {

struct KernelCycles {
  std::string name;
  double elements = 0, macs = 0, cycles = 0;
};

// Runs the kernel firmware on `cpu`; its UART lines "kernel NAME elements E macs M cycles C" in
// order. Sets `error` when the run or its output is not what the firmware promises.
std::vector<KernelCycles> run(const std::string& cpu, std::string& error) {
  const std::string uart =
      (std::filesystem::temp_directory_path() / fmt::format("cpu_kernels_bench.{}.{}.txt", getpid(), cpu)).string();
  corsim::sim::RunConfig config;
  config.firmware = CORSIM_CPU_KERNELS_ELF;
  config.quiet = true;
  config.cpu = cpu;
  config.params.emplace_back("mps3_board.uart0.out_file", uart);
  std::vector<KernelCycles> out;
  {
    corsim::sim::Simulator simulator(config);
    if (std::string e = simulator.prepare(); !e.empty()) {
      error = e;
      return out;
    }
    const corsim::sim::RunResult r = simulator.run();
    if (r.exit_status != 0) error = fmt::format("{} on {} (exit status {})", r.message, cpu, r.exit_status);
  }
  std::ifstream in(uart);
  std::string line;
  bool done = false;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string tag, name, k1, k2, k3;
    KernelCycles k;
    if (words >> tag >> name >> k1 >> k.elements >> k2 >> k.macs >> k3 >> k.cycles && tag == "kernel") {
      k.name = name;
      out.push_back(k);
    }
    done |= line == "cpu_kernels done";
  }
  if (error.empty() && (!done || out.empty())) error = fmt::format("no complete kernel report from {} (see {})", cpu, uart);
  if (error.empty()) std::remove(uart.c_str());  // kept for the user when the run failed
  return out;
}

}  // namespace

int main() {
  std::string error;
  const std::vector<KernelCycles> m55 = run("cortex-m55", error);
  const std::vector<KernelCycles> m85 = error.empty() ? run("cortex-m85", error) : std::vector<KernelCycles>{};
  bool same_kernels = m55.size() == m85.size();
  for (size_t i = 0; same_kernels && i < m55.size(); ++i) same_kernels = m55[i].name == m85[i].name;
  if (!error.empty() || !same_kernels) {
    std::fprintf(stderr, "cpu_kernels_bench: %s\n", error.empty() ? "the two cores ran different kernel sets" : error.c_str());
    return 1;
  }
  std::printf("%-28s %9s %12s %12s %10s %10s %8s\n", "kernel", "elements", "M55 cyc/el", "M85 cyc/el", "M55 cyc/MAC",
              "M85 cyc/MAC", "M55/M85");
  for (size_t i = 0; i < m55.size(); ++i) {
    const KernelCycles& a = m55[i];
    const KernelCycles& b = m85[i];
    const std::string mac55 = a.macs > 0 ? fmt::format("{:.2f}", a.cycles / a.macs) : "-";
    const std::string mac85 = b.macs > 0 ? fmt::format("{:.2f}", b.cycles / b.macs) : "-";
    std::printf("%-28s %9.0f %12.2f %12.2f %10s %10s %8.2f\n", a.name.c_str(), a.elements, a.cycles / a.elements,
                b.cycles / b.elements, mac55.c_str(), mac85.c_str(), a.cycles / b.cycles);
  }
  return 0;
}
