// Robustness: every single-bit flip of the real programs either fails verification or loads and
// runs to a Status; nothing may crash, hang or read outside its buffers (run under ASan/UBSan too).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/core/method.h"
#include "runtime/kernels/register.h"
#include "tests/pte/pte_test_util.h"
#include "tests/runtime/fake_ethos_u.h"

namespace corsim::rt::test {
namespace {

struct Outcome {
  int rejected = 0;
  int load_failed = 0;
  int executed = 0;
};

void run_variant(const std::vector<uint8_t>& bytes, const KernelRegistry& kernels, const BackendRegistry& backends,
                 Outcome& o) {
  pte::test::AlignedBuffer file(bytes);
  pte::Program program;
  if (!pte::Program::load(file.bytes(), program).ok()) {
    ++o.rejected;
    return;
  }
  std::vector<uint8_t> method_pool(64 * 1024), planned_pool(256 * 1024), temp_pool(4096);
  MemoryAllocator method_alloc(method_pool.data(), method_pool.size());
  MemoryAllocator planned_alloc(planned_pool.data(), planned_pool.size());
  MemoryAllocator temp(temp_pool.data(), temp_pool.size());
  Span<uint8_t> spans[HierarchicalAllocator::kMaxBuffers];
  size_t n = 0;
  const char* name = program.execution_plan(0).name()->c_str();
  if (!allocate_planned_buffers(program.execution_plan(0), planned_alloc, spans, HierarchicalAllocator::kMaxBuffers, n).ok()) {
    ++o.load_failed;
    return;
  }
  HierarchicalAllocator planned(spans, n);
  Method m;
  MemoryManager mm{&method_alloc, &planned, &temp};
  if (!m.load(program, name, mm, kernels, backends).ok()) {
    ++o.load_failed;
    return;
  }
  for (size_t i = 0; i < m.num_inputs(); ++i) {
    Tensor* t = m.input_tensor(i);
    if (t == nullptr || t->nbytes() > 1 << 20) continue;
    std::vector<uint8_t> ones(t->nbytes(), 0);
    (void)m.set_input(i, ones.data(), ones.size());  // unplanned inputs alias a temporary: set before execute only
    if (t->data() == ones.data()) t->set_data(nullptr);
  }
  (void)m.execute();
  ++o.executed;
}

void flip_every_bit(const std::string& model, size_t stride) {
  const std::vector<uint8_t> original = pte::test::load_model(model).vec();
  ASSERT_FALSE(original.empty());
  KernelRegistry kernels;
  ASSERT_TRUE(kernels::register_all_kernels(kernels).ok());
  FakeEthosU npu;
  BackendRegistry backends;
  ASSERT_TRUE(backends.register_backend("EthosUBackend", &npu).ok());
  Outcome o;
  for (size_t byte = 0; byte < original.size(); byte += stride) {
    for (int bit = 0; bit < 8; ++bit) {
      std::vector<uint8_t> v = original;
      v[byte] ^= static_cast<uint8_t>(1u << bit);
      run_variant(v, kernels, backends, o);
    }
  }
  // Most flips land in data the verifier cannot judge (values, names), so many still run.
  EXPECT_GT(o.rejected, 0);
  EXPECT_GT(o.executed, 0);
}

TEST(Mutation, AddCpuEveryBit) { flip_every_bit("add_cpu.pte", 1); }
TEST(Mutation, AddU55EveryBit) { flip_every_bit("add_ethos-u55-128.pte", 1); }
// MNIST: the first 4 KiB (tables, values, delegate header) bit by bit, then every 97th byte.
TEST(Mutation, MnistSampled) { flip_every_bit("mnist_ethos-u55-128.pte", 97); }

}  // namespace
}  // namespace corsim::rt::test
