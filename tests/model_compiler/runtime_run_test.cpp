// Every bundled .pte runs through the runtime's Method (runtime/core, CPU kernels from
// runtime/kernels) on the host, with an EthosUBackend stand-in that does what the real backend
// does with the VelaBinStream (ET EthosUBackend.cpp): parse it and COP1, put weights in region 0,
// copy the int8 inputs to their scratch offsets, run the command stream on the NPU model, copy
// the outputs back. The program's float outputs must equal the host reference's.
#include <gtest/gtest.h>

#include <optional>

#include <cmath>
#include <cstring>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/core/method.h"
#include "runtime/kernels/register.h"
#include "test_util.h"

namespace corsim::model_compiler {
namespace {

using namespace corsim::rt;
using ethos_u::Cop1Payload;
using ethos_u::VelaBinStream;
using ethos_u::VelaIo;

class NpuModelBackend final : public BackendInterface {
 public:
  bool is_available() const override { return true; }
  Status init(BackendInitContext&, Bytes processed, Span<const CompileSpec> specs, DelegateHandle** handle) override {
    for (const CompileSpec& s : specs) spec_keys.emplace_back(s.key);
    Status st = ethos_u::parse_vela_bin_stream(processed, vbs);
    if (!st.ok()) return st;
    st = ethos_u::parse_cop1(vbs.cmd_data.data, cop1);
    if (!st.ok()) return st;
    *handle = this;
    return Status();
  }
  Status execute(BackendExecutionContext&, DelegateHandle*, Span<EValue* const> args) override {
    ++execute_calls;
    npu::RegionBus bus;
    bus.region(0).assign(vbs.weight_data.data.data(), vbs.weight_data.data.data() + vbs.weight_data.data.size());
    bus.region(1).assign(vbs.scratch_size, 0);
    for (uint32_t i = 0; i < vbs.inputs.count; ++i) {
      const VelaIo io = vbs.inputs.get(i);
      const Tensor& t = args[i]->to_tensor();
      std::memcpy(bus.region(1).data() + io.offset, t.data(), io.nbytes());
    }
    std::vector<uint32_t> words(cop1.command_stream_words);
    std::memcpy(words.data(), cop1.command_stream.data(), words.size() * 4);
    // The NPU the COP1 CONFIG word names (U55 or U85, its MAC count; Vela ConfigRegister).
    const std::optional<npu::NpuConfig> cfg = npu::npu_config_from_word(cop1.config.word);
    if (!cfg) return make_error(Error::kBackendFailed, "COP1 CONFIG names no known NPU");
    npu::Executor ex(*cfg);
    const npu::RunResult r = ex.run(words, bus, bus.basep(), npu::kDriverRegionCfg);
    if (r.reason != npu::StopReason::kStop) {
      npu_error = r.error;
      return make_error(Error::kBackendFailed, "npu fault");
    }
    for (uint32_t i = 0; i < vbs.outputs.count; ++i) {
      const VelaIo io = vbs.outputs.get(i);
      Tensor& t = args[vbs.inputs.count + i]->to_tensor();
      std::memcpy(t.data(), bus.region(1).data() + io.offset, io.nbytes());
    }
    return Status();
  }
  void destroy(DelegateHandle*) override {}

  VelaBinStream vbs;
  Cop1Payload cop1;
  int execute_calls = 0;
  std::string npu_error;
  std::vector<std::string> spec_keys;
};

class RuntimeRun : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(RuntimeRun, ProgramOutputEqualsHostReference) {
  const Model m = test::load_model(GetParam());
  const BuiltModel b = build_model(m);
  NpuModelBackend npu;  // outlives the Method
  // 16-aligned copy of the file, as a firmware would place it.
  std::vector<uint8_t> storage(b.pte.size() + 16);
  uint8_t* file = storage.data() + ((16 - reinterpret_cast<uintptr_t>(storage.data()) % 16) % 16);
  std::memcpy(file, b.pte.data(), b.pte.size());
  pte::Program program;
  ASSERT_TRUE(pte::Program::load(Bytes(file, b.pte.size()), program).ok());
  KernelRegistry kernels;
  ASSERT_TRUE(kernels::register_all_kernels(kernels).ok());
  BackendRegistry backends;
  ASSERT_TRUE(backends.register_backend("EthosUBackend", &npu).ok());
  std::vector<uint8_t> method_pool(256 * 1024), planned_pool(1 << 20), temp_pool(64 * 1024);
  MemoryAllocator method_alloc(method_pool.data(), method_pool.size());
  MemoryAllocator planned_alloc(planned_pool.data(), planned_pool.size());
  MemoryAllocator temp_alloc(temp_pool.data(), temp_pool.size());
  Span<uint8_t> spans[HierarchicalAllocator::kMaxBuffers];
  size_t n = 0;
  ASSERT_TRUE(allocate_planned_buffers(program.execution_plan(0), planned_alloc, spans, HierarchicalAllocator::kMaxBuffers, n).ok());
  HierarchicalAllocator planned(spans, n);
  MemoryManager mm;
  mm.method_allocator = &method_alloc;
  mm.planned_memory = &planned;
  mm.temp_allocator = &temp_alloc;
  Method method;
  const Status ls = method.load(program, "forward", mm, kernels, backends);
  ASSERT_TRUE(ls.ok()) << method.last_error();
  for (size_t i = 0; i < b.inputs_float.size(); ++i)
    ASSERT_TRUE(method.set_input(i, b.inputs_float[i].data(), b.inputs_float[i].size() * sizeof(float)).ok());
  const Status es = method.execute();
  ASSERT_TRUE(es.ok()) << method.last_error() << " " << npu.npu_error;
  EXPECT_EQ(npu.execute_calls, m.delegate ? 1 : 0);
  if (m.delegate) {
    EXPECT_EQ(npu.spec_keys, (std::vector<std::string>{"tosa_spec", "compile_flags", "output_format", "target"}));
  }
  ASSERT_EQ(b.outputs_float.size(), 1u + (m.outputs.size() > 1 && !m.softmax_on_cpu ? m.outputs.size() - 1 : 0));
  for (size_t i = 0; i < b.outputs_float.size(); ++i) {
    const float* y = method.output_tensor(i)->data_as<const float>();
    for (size_t k = 0; k < b.outputs_float[i].size(); ++k) {
      if (m.softmax_on_cpu)  // float exp in the kernel vs ours: same formula, allow an ulp or two
        EXPECT_NEAR(y[k], b.outputs_float[i][k], 1e-6f) << "output " << i << " element " << k;
      else
        EXPECT_EQ(y[k], b.outputs_float[i][k]) << "output " << i << " element " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, RuntimeRun, ::testing::ValuesIn(test::bundled_descriptions()),
                         [](const auto& info) { return info.param.stem().string(); });

}  // namespace
}  // namespace corsim::model_compiler
