// NPU functional throughput on real Vela networks (issue 17 item 3: >= 5 GMAC per host
// CPU-second): the shared Vela streams of ../shared/models/vela (KWS CNN small, KWS MicroNet-M,
// YOLO-Fastest 192 face; Ethos-U55-128) run by the Executor, as corsim-npu and the device run them.
// Prints, per network, GMAC per CPU-second and the ratio to the 5 GMAC/s goal (goal_ratio); the
// `_cold` cases decode every weight stream again (a new Executor per inference). Run a Release build:
//   build-rel/bench/npu_real_networks_bench [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "npu/runner/job.h"

namespace {

using namespace corsim::npu;

constexpr double kGoalGmacPerSecond = 5.0;

struct Network {
  runner::Job job;
  RegionBus bus;
  NpuConfig config{128};
  uint64_t macs = 0;
};

// Loads the network or ends the program with one line: a missing model is an error, not a skip.
void load(const std::string& name, Network& n) {
  const std::string path = std::string(CORSIM_MODELS_DIR) + "/vela/" + name + "/model_vela.tflite";
  std::string error;
  if (!runner::load_tflite(path, n.job, error)) {
    std::fprintf(stderr, "npu_real_networks_bench: %s: %s\n", path.c_str(), error.c_str());
    std::exit(2);
  }
  if (n.job.stream_config) n.config = *n.job.stream_config;
  for (unsigned r = 0; r < 8; ++r) n.bus.region(r) = n.job.regions[r];
}

// `cold`: a new Executor per inference, so every weight stream is decoded again (a single-inference
// run); otherwise one Executor runs inference after inference and reuses its decoded weights (the
// device runs every job of a simulation on one Executor).
void BM_RealNetwork(benchmark::State& state, const std::string& name, bool cold) {
  Network n;
  load(name, n);
  std::optional<Executor> ex(std::in_place, n.config);
  uint64_t macs = 0;
  const auto count = [&](const OpRecord& rec) { macs += rec.macs; };
  for (auto _ : state) {
    macs = 0;
    if (cold) ex.emplace(n.config);
    const RunResult r = ex->run(n.job.commands, n.bus, n.bus.basep(), kDriverRegionCfg, count);
    if (r.reason != StopReason::kStop) state.SkipWithError(r.error.c_str());
  }
  // Google Benchmark divides rates by CPU time (not wall time) unless told otherwise; goal_ratio is
  // GMAC/s over the 5 GMAC/s goal.
  const double gmac = static_cast<double>(macs) * 1e-9;
  state.counters["GMAC/s"] = benchmark::Counter(gmac, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["MMACs"] = static_cast<double>(macs) * 1e-6;
  state.counters["goal_ratio"] = benchmark::Counter(gmac / kGoalGmacPerSecond, benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(BM_RealNetwork, kws_cnn_small, std::string("kws_cnn_small_u55-128"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, kws_micronet_m, std::string("kws_micronet_m_u55-128"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, yolo_fastest_face, std::string("yolo_fastest_192_face_u55-128"), false)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, kws_cnn_small_cold, std::string("kws_cnn_small_u55-128"), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, kws_micronet_m_cold, std::string("kws_micronet_m_u55-128"), true)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, yolo_fastest_face_cold, std::string("yolo_fastest_192_face_u55-128"), true)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
