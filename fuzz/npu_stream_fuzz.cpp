// Fuzz target: the NPU command stream on the functional model (npu/executor.cpp and the operation
// kernels) for the Ethos-U55 (arch 1.x) and the Ethos-U85 (arch 2.0). Input layout:
//   byte 0      bit 0: product (0 U55, 1 U85); bits 1-2: MAC configuration index
//   bytes 1-4   size of region 1 (scratch) in bytes, little endian, modulo 64 KiB
//   the rest    a COP1 payload or raw command words (npu/runner/job.cpp load_command_bytes);
//               region 0 (weights) holds the same bytes, so weight and LUT reads see data
// Regions are small host buffers (npu/region_bus.h): an access outside one is a bus error, which the
// model must report as a fault, never a host crash. Operations are stepped one at a time, at most
// kMaxOperations. The operations of one input share a work budget, kMaxWork (work: MACs, or output
// elements times kernel area): the operation that would exceed it ends the run before it executes
// (a pooling over a 64 KiB map with a 255x255 kernel is valid and takes seconds under the
// sanitizers: a time-out, not a finding; found by this target, fuzz/regressions/npu_stream/large_pool).
// 2^16 (session 7; 2^22 per operation before) keeps every operation kind: on a grown corpus most
// convolutions, depthwise convolutions, poolings, elementwise operations, DMAs and resizes do at
// most 2^14 (docs/reliability.md), while an input's cost falls from 1-3 ms to a fraction of that.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "npu/runner/job.h"

using namespace corsim;

namespace {
constexpr unsigned kMaxOperations = 16;
constexpr uint64_t kMaxWork = uint64_t{1} << 16;
struct TooMuchWork {};

// a * b, or the largest uint64_t when that does not fit.
uint64_t saturating_product(uint64_t a, uint64_t b) {
  uint64_t p = 0;
  return __builtin_mul_overflow(a, b, &p) ? UINT64_MAX : p;
}
uint64_t work_of(const npu::OpRecord& r) {
  const auto& o = r.op;
  const uint64_t outputs = saturating_product(uint64_t{o.ofm.height} * o.ofm.width, o.ofm.depth);
  return std::max<uint64_t>(r.macs, saturating_product(outputs, uint64_t{o.kernel.height} * o.kernel.width));
}
constexpr uint32_t kU55Macs[4] = {32, 64, 128, 256};
constexpr uint32_t kU85Macs[4] = {128, 256, 512, 1024};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 5) return 0;
  npu::NpuConfig cfg;
  const bool u85 = data[0] & 1u;
  cfg.product = u85 ? npu::Product::kU85 : npu::Product::kU55;
  cfg.macs = (u85 ? kU85Macs : kU55Macs)[(data[0] >> 1) & 3u];
  uint32_t scratch = 0;
  std::memcpy(&scratch, data + 1, 4);
  scratch %= 64 * 1024;

  npu::runner::Job job;
  std::string error;
  const std::vector<uint8_t> stream(data + 5, data + size);
  if (!npu::runner::load_command_bytes(stream, job, error)) return 0;

  npu::RegionBus bus;
  bus.region(0) = stream;
  bus.region(1).assign(scratch, 0x5A);
  bus.region(2).assign(4096, 0);
  npu::Executor executor(cfg);
  uint64_t work = 0;
  executor.set_before_operation([&work](const npu::OpRecord& r) {
    const uint64_t w = work_of(r);
    if (w > kMaxWork - work) throw TooMuchWork{};
    work += w;
  });
  npu::JobCursor cursor;
  try {
    for (unsigned op = 0; op < kMaxOperations; ++op) {
      if (!executor.step(job.commands, cursor, bus, bus.basep(), npu::kDriverRegionCfg)) break;
    }
  } catch (const TooMuchWork&) {
  }
  return 0;
}
