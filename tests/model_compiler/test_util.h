#pragma once
// Shared helpers of the model-compiler tests: load a description, run a built model's stream on
// the NPU model (npu/executor) with one host buffer per region as EthosUBackend sets them up.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "tools/model_compiler/model.h"
#include "tools/model_compiler/package.h"

namespace corsim::model_compiler::test {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline std::vector<std::filesystem::path> bundled_descriptions() {
  std::vector<std::filesystem::path> v = {std::filesystem::path(CORSIM_BUNDLED_MODELS_DIR) / "demo_classifier.json"};
  for (const char* zoo : {"zoo", "zoo_u85"})
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(CORSIM_BUNDLED_MODELS_DIR) / zoo))
      if (e.path().extension() == ".json") v.push_back(e.path());
  std::sort(v.begin(), v.end());
  return v;
}

inline Model load_model(const std::filesystem::path& p) {
  Model m;
  std::string error;
  EXPECT_TRUE(parse_model(read_text(p), p.parent_path().string(), m, error)) << p << ": " << error;
  return m;
}

// Runs the lowered stream; returns the NPU output maps (int8, NHWC), empty on a fault.
inline std::vector<std::vector<int32_t>> run_on_npu(const Model& m, const BuiltModel& b, std::string& error) {
  npu::RegionBus bus;
  bus.region(0) = b.stream.weight_data;
  bus.region(1).assign(b.stream.scratch_size, 0);
  for (size_t i = 0; i < m.inputs.size(); ++i) {
    const uint32_t off = b.stream.placement[m.inputs[i]].offset;
    for (size_t k = 0; k < b.inputs_int8[i].size(); ++k) bus.region(1)[off + k] = static_cast<uint8_t>(b.inputs_int8[i][k]);
  }
  npu::Executor ex(npu::NpuConfig{m.macs, m.u85() ? npu::Product::kU85 : npu::Product::kU55});
  const npu::RunResult r = ex.run(b.stream.words, bus, bus.basep(), npu::kDriverRegionCfg);
  if (r.reason != npu::StopReason::kStop) {
    error = r.error;
    return {};
  }
  std::vector<int> outs = m.outputs;
  if (m.softmax_on_cpu) outs = {m.layers.back().inputs[0]};
  std::vector<std::vector<int32_t>> result;
  for (int o : outs) {
    const uint32_t off = b.stream.placement[o].offset;
    std::vector<int32_t> v;
    for (size_t k = 0; k < m.maps[o].elements(); ++k) v.push_back(static_cast<int8_t>(bus.region(1)[off + k]));
    result.push_back(std::move(v));
  }
  return result;
}

}  // namespace corsim::model_compiler::test
