// Error paths: each failure returns the named error and a message that says what is wrong.
#include <string>

#include <gtest/gtest.h>

#include "tests/runtime/fake_ethos_u.h"
#include "tests/runtime/method_fixture.h"

namespace corsim::rt::test {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(MethodErrors, MissingKernelIsNamed) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  rig.kernels = KernelRegistry();  // nothing registered
  ASSERT_TRUE(rig.plan(4096).ok());
  const Status s = rig.load();
  EXPECT_EQ(s.code, Error::kMissingKernel);
  EXPECT_TRUE(contains(describe(s), "missing kernel")) << describe(s);
  EXPECT_TRUE(contains(describe(s), "aten::add.out")) << describe(s);
  EXPECT_FALSE(rig.method.loaded());
}

TEST(MethodErrors, MissingKernelsAreCounted) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_ethos-u55-128.pte"));
  rig.kernels = KernelRegistry();
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(4096).ok());
  const Status s = rig.load();
  EXPECT_EQ(s.code, Error::kMissingKernel);
  EXPECT_TRUE(contains(describe(s), "quantized_decomposed::quantize_per_tensor.out (2 operators missing)")) << describe(s);
  EXPECT_EQ(npu.init_calls, 0);  // operators are resolved before delegates are initialised
}

TEST(MethodErrors, MissingBackendIsNamed) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  ASSERT_TRUE(rig.plan(8192).ok());
  const Status s = rig.load();
  EXPECT_EQ(s.code, Error::kMissingBackend);
  EXPECT_TRUE(contains(describe(s), "backend EthosUBackend is not registered")) << describe(s);
}

TEST(MethodErrors, UnavailableBackend) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  npu.available = false;
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(8192).ok());
  const Status s = rig.load();
  EXPECT_EQ(s.code, Error::kMissingBackend);
  EXPECT_TRUE(contains(describe(s), "is not available")) << describe(s);
}

TEST(MethodErrors, BackendInitFailureIsReported) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  npu.init_status = make_error(Error::kBadVelaBinStream, "MAC count mismatch");
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(8192).ok());
  const Status s = rig.load();
  EXPECT_EQ(s.code, Error::kBadVelaBinStream);
  EXPECT_TRUE(contains(describe(s), "backend EthosUBackend init failed: bad VelaBinStream: MAC count mismatch")) << describe(s);
}

TEST(MethodErrors, BackendExecuteFailureNamesTheInstruction) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  npu.execute_status = make_error(Error::kBackendFailed, "NPU STATUS bus error");
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(8192).ok());
  ASSERT_TRUE(rig.load().ok());
  const Status s = rig.method.execute();
  EXPECT_EQ(s.code, Error::kBackendFailed);
  EXPECT_TRUE(contains(describe(s), "DelegateCall failed at instruction 0:1 in backend EthosUBackend: NPU STATUS bus error"))
      << describe(s);
}

TEST(MethodErrors, DelegateTensorWithoutDataIsRefused) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(8192).ok());
  ASSERT_TRUE(rig.load().ok());
  std::vector<float> ones(28 * 28, 1.0f);
  ASSERT_TRUE(rig.method.set_input(0, ones.data(), ones.size() * sizeof(float)).ok());
  rig.method.value(7).to_tensor().set_data(nullptr);  // the delegate's output
  const Status s = rig.method.execute();
  EXPECT_EQ(s.code, Error::kInvalidState);
  EXPECT_EQ(npu.execute_calls, 0);
  EXPECT_TRUE(contains(describe(s), "DelegateCall failed at instruction 0:1 in backend EthosUBackend: a delegate tensor "
                                    "argument has no data")) << describe(s);
}

void failing_add(KernelContext& ctx, KernelArgs) { ctx.fail(Error::kInvalidArgument, "operands disagree"); }

TEST(MethodErrors, KernelFailureNamesTheOperator) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  rig.kernels = KernelRegistry();
  ASSERT_TRUE(rig.kernels.register_kernel("aten::add.out", failing_add).ok());
  ASSERT_TRUE(rig.plan(4096).ok());
  ASSERT_TRUE(rig.load().ok());
  const float one = 1.0f;
  ASSERT_TRUE(rig.method.set_input(0, &one, 4).ok());
  ASSERT_TRUE(rig.method.set_input(1, &one, 4).ok());
  const Status s = rig.method.execute();
  EXPECT_EQ(s.code, Error::kInvalidArgument);
  EXPECT_TRUE(contains(describe(s), "KernelCall failed at instruction 0:0 in operator aten::add.out: operands disagree"))
      << describe(s);
}

TEST(MethodErrors, PlannedPoolTooSmall) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  // The plan needs buffer 1 of 3,920 bytes; give a 3,919-byte span.
  rig.spans[0] = Span<uint8_t>(rig.planned_pool.data(), 3919);
  rig.planned = HierarchicalAllocator(rig.spans, 1);
  const Status s = rig.load();
  EXPECT_EQ(s.code, Error::kOutOfMemory);
  EXPECT_TRUE(contains(describe(s), "planned buffer 1 needs 3920 bytes but its pool has 3919")) << describe(s);
}

TEST(MethodErrors, NoPlannedPools) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  const Status s = rig.load();  // rig.planned has no buffers
  EXPECT_EQ(s.code, Error::kOutOfMemory);
  EXPECT_TRUE(contains(describe(s), "plans 1 memory buffer(s) but the planned-memory pools provide 0")) << describe(s);
}

TEST(MethodErrors, AllocatePlannedBuffersFromTooSmallPool) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("mnist_ethos-u55-128.pte"));
  const Status s = rig.plan(1000);
  EXPECT_EQ(s.code, Error::kOutOfMemory);
  EXPECT_TRUE(contains(describe(s), "planned buffer 1")) << describe(s);
}

TEST(MethodErrors, MethodAllocatorTooSmall) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_ethos-u55-128.pte"));
  ASSERT_TRUE(rig.backends.register_backend("EthosUBackend", &npu).ok());
  ASSERT_TRUE(rig.plan(4096).ok());
  for (size_t bytes : {0u, 64u, 256u, 1024u}) {
    const Status s = rig.load(bytes);
    EXPECT_EQ(s.code, Error::kOutOfMemory) << bytes;
    EXPECT_TRUE(contains(describe(s), "method allocator pool too small")) << describe(s);
  }
}

TEST(MethodErrors, UnknownMethodName) {
  MethodRig rig;
  ASSERT_NO_FATAL_FAILURE(rig.open("add_cpu.pte"));
  ASSERT_TRUE(rig.plan(4096).ok());
  MemoryAllocator alloc(rig.method_pool.data(), rig.method_pool.size());
  MemoryManager mm;
  mm.method_allocator = &alloc;
  mm.planned_memory = &rig.planned;
  const Status s = rig.method.load(rig.program, "backward", mm, rig.kernels, rig.backends);
  EXPECT_EQ(s.code, Error::kNotFound);
  EXPECT_TRUE(contains(describe(s), "no method named \"backward\"")) << describe(s);
}

TEST(MethodErrors, ExecuteBeforeLoad) {
  Method m;
  EXPECT_EQ(m.execute().code, Error::kInvalidState);
}

TEST(Registry, DuplicateAndFull) {
  FakeEthosU npu;  // declared first: it must outlive the Method that uses it
  KernelRegistry k;
  ASSERT_TRUE(k.register_kernel("a::b.out", failing_add).ok());
  EXPECT_EQ(k.register_kernel("a::b.out", failing_add).code, Error::kInvalidArgument);
  EXPECT_EQ(k.find("a::b", 4, "out", 3), failing_add);
  EXPECT_EQ(k.find("a::b", 4, "", 0), nullptr);
  EXPECT_EQ(k.find("a::b", 4, "ou", 2), nullptr);
  BackendRegistry b;
  ASSERT_TRUE(b.register_backend("EthosUBackend", &npu).ok());
  EXPECT_EQ(b.register_backend("EthosUBackend", &npu).code, Error::kInvalidArgument);
  EXPECT_EQ(b.find("EthosUBackend"), &npu);
  EXPECT_EQ(b.find("EthosU"), nullptr);
}

}  // namespace
}  // namespace corsim::rt::test
