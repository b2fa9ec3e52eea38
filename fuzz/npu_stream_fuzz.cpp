// Fuzz target: the NPU command stream on the functional model (npu/executor.cpp and the operation
// kernels) for the Ethos-U55 (arch 1.x) and the Ethos-U85 (arch 2.0). Input layout:
//   byte 0      bit 0: product (0 U55, 1 U85); bits 1-2: MAC configuration index
//   bytes 1-4   size of region 1 (scratch) in bytes, little endian, modulo 64 KiB
//   the rest    a COP1 payload or raw command words (npu/runner/job.cpp load_command_bytes);
//               region 0 (weights) holds the same bytes, so weight and LUT reads see data
// Regions are small host buffers (npu/region_bus.h): an access outside one is a bus error, which the
// model must report as a fault, never a host crash. Operations are stepped one at a time, at most
// kMaxOperations. The operations of one input share a work budget, kMaxWork (work_of below): the
// operation that would exceed it ends the run before it executes (a pooling over a 64 KiB map with
// a 255x255 kernel is valid and takes seconds under the sanitizers: a time-out, not a finding;
// found by this target, fuzz/regressions/npu_stream/large_pool). 2^14 for the whole input
// (session 7; 2^22 per operation before) keeps every operation kind: on a grown corpus convolutions,
// depthwise convolutions, poolings, elementwise operations, DMAs and resizes of at most 2^14 are
// common (docs/reliability.md), while the CPU time per input fell from 0.83 ms to 0.09 ms.
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
constexpr uint64_t kMaxWork = uint64_t{1} << 14;
struct TooMuchWork {};

// a * b, or the largest uint64_t when that does not fit.
uint64_t saturating_product(uint64_t a, uint64_t b) {
  uint64_t p = 0;
  return __builtin_mul_overflow(a, b, &p) ? UINT64_MAX : p;
}
uint64_t elements(const npu::FeatureMap& fm) {
  return saturating_product(uint64_t{fm.height} * fm.width, fm.depth);
}
// A DMA's work: its transfers (npu/ops/dma.cpp: SIZE0 rows of SIZE1 planes in the U85's 2-D and
// 3-D modes), each one unit per 64 bytes begun. A 3-D DMA of 2^28 one-byte rows is valid and took
// 40 s under the sanitizers (a time-out, not a finding; fuzz/regressions/npu_stream/strided_dma_many_rows).
uint64_t dma_work(const npu::OperationConfig& o) {
  const uint64_t rows = o.dma_stride_mode >= 1 ? std::max<uint32_t>(o.dma_size0, 1) : 1;
  const uint64_t planes = o.dma_stride_mode >= 2 ? std::max<uint32_t>(o.dma_size1, 1) : 1;
  return saturating_product(rows * planes, 1 + o.dma_length / 64);
}
// An operation's work: its MACs, its outputs times the kernel area, or the input elements it loads
// (npu/ops/op_context.cpp load_feature_map: a strided pooling or a broadcast reads more than it
// writes), whichever is largest; a DMA's, dma_work.
uint64_t work_of(const npu::OpRecord& r) {
  const auto& o = r.op;
  if (o.kind == npu::OpKind::kDma) return dma_work(o);
  uint64_t inputs = elements(o.ifm);
  if (o.kind == npu::OpKind::kElementwise) inputs = std::max(inputs, elements(o.ifm2));
  const uint64_t outputs = saturating_product(elements(o.ofm), uint64_t{o.kernel.height} * o.kernel.width);
  return std::max({r.macs, outputs, inputs});
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
