// NPU functional throughput on real Vela networks (issue 17 item 3: >= 5 GMAC per host
// CPU-second): the shared Vela streams of ../shared/models/vela (KWS CNN small, KWS MicroNet-M,
// YOLO-Fastest 192 face; Ethos-U55-128) and the four Ethos-U85-256 programs of ../shared/models/u85
// (AD medium, KWS MicroNet-M, ResNet-8, RNNoise; regions as its README gives them) run by the
// Executor, as corsim-npu and the device run them. Prints, per network, GMAC per CPU-second and the
// ratio to the 5 GMAC/s goal (goal_ratio); the `_cold` cases decode every weight stream again (a
// new Executor per inference). BM_MlwDecode decodes every weight stream of a Vela network once per
// iteration (the mlw decoder alone, ns per decoded weight). Run a Release build:
//   build-rel/bench/npu_real_networks_bench [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <fstream>
#include <iterator>
#include <vector>

#include "npu/driver_payload.h"
#include "npu/executor.h"
#include "npu/mlw_decoder.h"
#include "npu/npu_config.h"
#include "npu/region_bus.h"
#include "npu/runner/job.h"

namespace {

using namespace corsim::npu;

constexpr double kGoalGmacPerSecond = 5.0;

struct Network {
  std::vector<uint32_t> commands;
  RegionBus bus;
  NpuConfig config{128};
};

[[noreturn]] void fail(const std::string& path, const std::string& error) {
  std::fprintf(stderr, "npu_real_networks_bench: %s: %s\n", path.c_str(), error.c_str());
  std::exit(2);
}

// Loads a Vela .tflite or ends the program with one line: a missing model is an error, not a skip.
void load(const std::string& name, Network& n) {
  const std::string path = std::string(CORSIM_MODELS_DIR) + "/vela/" + name + "/model_vela.tflite";
  std::string error;
  runner::Job job;
  if (!runner::load_tflite(path, job, error)) fail(path, error);
  if (job.stream_config) n.config = *job.stream_config;
  n.commands = job.commands;
  for (unsigned r = 0; r < 8; ++r) n.bus.region(r) = job.regions[r];
}

std::vector<uint8_t> slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) fail(path, "cannot be read");
  return {std::istreambuf_iterator<char>(f), {}};
}

// An Ethos-U85 program of ../shared/models/u85 as its README describes it: region 0 weights.bin,
// region 1 the scratch arena (inputs left zero: the work does not depend on the values), region 2
// the fast scratch; cmd_stream.bin a driver payload whose CONFIG word names U85-256.
void load_u85(const std::string& name, uint32_t scratch, uint32_t fast_scratch, Network& n) {
  const std::string dir = std::string(CORSIM_MODELS_DIR) + "/u85/" + name + "/";
  std::string error;
  const auto payload = parse_driver_payload(slurp(dir + "cmd_stream.bin"), error);
  if (!payload) fail(dir + "cmd_stream.bin", error);
  const auto config = npu_config_from_word(payload->config);
  if (!config) fail(dir + "cmd_stream.bin", "unknown CONFIG word");
  n.config = *config;
  n.commands = payload->commands;
  n.bus.region(0) = slurp(dir + "weights.bin");
  n.bus.region(1).assign(scratch, 0);
  n.bus.region(2).assign(fast_scratch, 0);
}

// `cold`: a new Executor per inference, so every weight stream is decoded again (a single-inference
// run); otherwise one Executor runs inference after inference and reuses its decoded weights (the
// device runs every job of a simulation on one Executor).
void run_network(benchmark::State& state, Network& n, bool cold) {
  std::optional<Executor> ex(std::in_place, n.config);
  uint64_t macs = 0;
  const auto count = [&](const OpRecord& rec) { macs += rec.macs; };
  for (auto _ : state) {
    macs = 0;
    if (cold) ex.emplace(n.config);
    const RunResult r = ex->run(n.commands, n.bus, n.bus.basep(), kDriverRegionCfg, count);
    if (r.reason != StopReason::kStop) state.SkipWithError(r.error.c_str());
  }
  // Google Benchmark divides rates by CPU time (not wall time) unless told otherwise; goal_ratio is
  // GMAC/s over the 5 GMAC/s goal.
  const double gmac = static_cast<double>(macs) * 1e-9;
  state.counters["GMAC/s"] = benchmark::Counter(gmac, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["MMACs"] = static_cast<double>(macs) * 1e-6;
  state.counters["goal_ratio"] = benchmark::Counter(gmac / kGoalGmacPerSecond, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_RealNetwork(benchmark::State& state, const std::string& name, bool cold) {
  Network n;
  load(name, n);
  run_network(state, n, cold);
}

// Scratch and fast-scratch sizes from ../shared/models/u85/README.md.
void BM_U85Program(benchmark::State& state, const std::string& name, uint32_t scratch, uint32_t fast_scratch,
                   bool cold) {
  Network n;
  load_u85(name, scratch, fast_scratch, n);
  run_network(state, n, cold);
}

// The weight streams of a Vela network as its operations read them (CONV and DEPTHWISE), taken
// from the bus when each operation has run (Vela DMAs a stream into SRAM before its operation).
std::vector<std::vector<uint8_t>> weight_streams(Network& n) {
  std::vector<std::vector<uint8_t>> streams;
  Executor ex(n.config);
  ex.run(n.commands, n.bus, n.bus.basep(), kDriverRegionCfg, [&](const OpRecord& rec) {
    const OperationConfig& op = rec.op;
    if (op.weight_length == 0 || (op.kind != OpKind::kConv && op.kind != OpKind::kDepthwise)) return;
    const auto& region = n.bus.region(op.weight_region);
    if (op.weight_base + op.weight_length > region.size()) return;
    streams.emplace_back(region.begin() + static_cast<long>(op.weight_base),
                         region.begin() + static_cast<long>(op.weight_base + op.weight_length));
  });
  return streams;
}

void BM_MlwDecode(benchmark::State& state, const std::string& name) {
  Network n;
  load(name, n);
  const auto streams = weight_streams(n);
  if (streams.empty()) state.SkipWithError("no weight streams");
  uint64_t weights = 0;
  for (auto _ : state) {
    weights = 0;
    for (const auto& stream : streams) {
      const MlwResult r = decode_mlw(stream);
      if (!r.ok) state.SkipWithError(r.error.c_str());
      weights += r.weights.size();
    }
  }
  state.counters["weights"] = static_cast<double>(weights);
  state.counters["ns/weight"] = benchmark::Counter(static_cast<double>(weights) * 1e-9,
                                                   benchmark::Counter::kIsIterationInvariantRate |
                                                       benchmark::Counter::kInvert);
}

BENCHMARK_CAPTURE(BM_MlwDecode, kws_cnn_small, std::string("kws_cnn_small_u55-128"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MlwDecode, kws_micronet_m, std::string("kws_micronet_m_u55-128"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MlwDecode, yolo_fastest_face, std::string("yolo_fastest_192_face_u55-128"))
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_CAPTURE(BM_RealNetwork, kws_cnn_small, std::string("kws_cnn_small_u55-128"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, kws_micronet_m, std::string("kws_micronet_m_u55-128"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, yolo_fastest_face, std::string("yolo_fastest_192_face_u55-128"), false)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, kws_cnn_small_cold, std::string("kws_cnn_small_u55-128"), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, kws_micronet_m_cold, std::string("kws_micronet_m_u55-128"), true)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealNetwork, yolo_fastest_face_cold, std::string("yolo_fastest_192_face_u55-128"), true)
    ->Unit(benchmark::kMillisecond);
// The U85 programs with their scratch and fast-scratch sizes (../shared/models/u85/README.md),
// each registered warm and cold.
struct U85Case {
  const char* label;
  const char* folder;
  uint32_t scratch, fast_scratch;
};
constexpr U85Case kU85Cases[] = {{"ad_medium", "ad_medium_int8", 197632, 239968},
                                 {"kws_micronet_m", "kws_micronet_m", 496, 187264},
                                 {"resnet_v1_8", "resnet_v1_8_32_tfs_int8", 3072, 57376},
                                 {"rnnoise", "rnnoise_INT8", 288, 704}};
const bool kU85Registered = [] {
  for (bool cold : {false, true})
    for (const U85Case& c : kU85Cases)
      benchmark::RegisterBenchmark((std::string("BM_U85Program/") + c.label + (cold ? "_cold" : "")).c_str(),
                                   [c, cold](benchmark::State& state) {
                                     BM_U85Program(state, c.folder, c.scratch, c.fast_scratch, cold);
                                   })
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
