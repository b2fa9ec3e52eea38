// A loaded program plus the pools, registries and Method to run it, as a firmware would set them up.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/core/method.h"
#include "runtime/kernels/register.h"
#include "tests/pte/pte_test_util.h"

namespace corsim::rt::test {

inline std::string describe(const Status& s) {
  char buf[320];
  format_status(s, buf, sizeof(buf));
  return buf;
}

struct MethodRig {
  pte::test::AlignedBuffer file;
  pte::Program program;
  std::vector<uint8_t> method_pool = std::vector<uint8_t>(64 * 1024);
  std::vector<uint8_t> planned_pool = std::vector<uint8_t>(256 * 1024);
  std::vector<uint8_t> temp_pool = std::vector<uint8_t>(4 * 1024);
  MemoryAllocator method_alloc;
  MemoryAllocator planned_alloc;
  MemoryAllocator temp_alloc;
  Span<uint8_t> spans[HierarchicalAllocator::kMaxBuffers];
  HierarchicalAllocator planned;
  KernelRegistry kernels;
  BackendRegistry backends;
  Method method;

  // Reads and verifies `model` (under shared/models/pte) and registers every CPU kernel.
  void open(const std::string& model) {
    file = pte::test::load_model(model);
    ASSERT_GT(file.size(), 0u) << model;
    const Status s = pte::Program::load(file.bytes(), program);
    ASSERT_TRUE(s.ok()) << describe(s);
    ASSERT_TRUE(kernels::register_all_kernels(kernels).ok());
  }
  // Carves the planned buffers the plan asks for out of planned_pool (sized `planned_bytes`).
  Status plan(size_t planned_bytes) {
    planned_alloc = MemoryAllocator(planned_pool.data(), planned_bytes);
    size_t n = 0;
    Status s = allocate_planned_buffers(program.execution_plan(0), planned_alloc, spans, HierarchicalAllocator::kMaxBuffers, n);
    planned = HierarchicalAllocator(spans, n);
    return s;
  }
  Status load(size_t method_bytes = 64 * 1024) {
    method_alloc = MemoryAllocator(method_pool.data(), method_bytes);
    temp_alloc = MemoryAllocator(temp_pool.data(), temp_pool.size());
    MemoryManager mm;
    mm.method_allocator = &method_alloc;
    mm.planned_memory = &planned;
    mm.temp_allocator = &temp_alloc;
    return method.load(program, "forward", mm, kernels, backends);
  }
};

}  // namespace corsim::rt::test
