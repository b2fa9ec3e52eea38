// NPU functional throughput: MACs simulated per host second on a convolution-heavy stream
// (issue 4: target >= 1 GMAC/s). The stream is built with the test encoder (tests/npu/
// stream_builder.h): four 3x3 convolutions 32x32x64 -> 32x32x64 (37.7 M MACs each), weights in
// the mlw format, per-channel scales, NHWC int8.
#include <benchmark/benchmark.h>

#include <random>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "stream_builder.h"

namespace {

using namespace corsim::npu;

struct ConvStream {
  std::vector<uint32_t> words;
  RegionBus bus;
  uint64_t macs = 0;
};

void build(ConvStream& s, uint32_t hw, uint32_t c, uint32_t k, int layers) {
  std::mt19937 rng(1);
  test::FmSpec a{hw, hw, c, 8, true, test::TLayout::kNhwc, 1, 0, 3};
  test::FmSpec b = a;
  b.base = (a.bytes() + 255) / 256 * 256;
  s.bus.region(1).assign(b.base * 2 + 4096, 0);
  for (size_t i = 0; i < a.bytes(); ++i) s.bus.region(1)[i] = static_cast<uint8_t>(rng());
  std::vector<int32_t> w(size_t{c} * k * k * c);
  for (auto& x : w) x = static_cast<int32_t>(rng() % 255) - 127;
  test::OrderParams op;
  op.ofm_depth = c;
  op.ifm_depth = c;
  op.kw = k;
  op.kh = k;
  op.ofm_block_depth = 32;
  const auto stream = test::encode_mlw_uncompressed(test::order_weights(w, op));
  const auto scales = test::scale_records(std::vector<int64_t>(c, 1000), std::vector<uint32_t>(c, 1518500250),
                                          std::vector<uint32_t>(c, 42));
  auto& r0 = s.bus.region(0);
  r0 = stream;
  const uint32_t scale_base = static_cast<uint32_t>(r0.size());
  r0.insert(r0.end(), scales.begin(), scales.end());
  test::StreamBuilder sb;
  for (int l = 0; l < layers; ++l) {
    const bool even = l % 2 == 0;
    sb.ifm(even ? a : b);
    sb.ofm(even ? b : a, 0, 0);
    sb.kernel(k, k, 1, 1, false);
    sb.padding(k / 2, k / 2, k / 2, k / 2);
    sb.block(16, 8, 32);
    sb.weights(0, 0, static_cast<uint32_t>(stream.size()));
    sb.scales(0, scale_base, static_cast<uint32_t>(scales.size()));
    sb.activation(0, 0, -128, 127);
    sb.op(2);
    s.macs += uint64_t{hw} * hw * c * c * k * k;
  }
  sb.stop();
  s.words = sb.words;
}

void BM_NpuConvThroughput(benchmark::State& state) {
  ConvStream s;
  build(s, 32, 64, 3, 4);
  Executor ex(NpuConfig{128});
  for (auto _ : state) {
    const RunResult r = ex.run(s.words, s.bus, s.bus.basep(), kDriverRegionCfg);
    if (r.reason != StopReason::kStop) state.SkipWithError(r.error.c_str());
    benchmark::DoNotOptimize(s.bus.region(1).data());
  }
  state.counters["MACs/s"] = benchmark::Counter(static_cast<double>(s.macs), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_NpuConvThroughput)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
