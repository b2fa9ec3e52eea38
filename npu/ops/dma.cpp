// NPU_OP_DMA_START (spec/ethos-u.md §2.8, §8.2): a 1-D byte copy. Mode bit 8 of DMA0_*_REGION
// selects internal memory (SHRAM, where the LUTs live: destination 0x103 in real U55 streams);
// then DMA0_DST is a byte offset in SHRAM. The copy completes immediately; Vela inserts the waits
// (§8.1), so sequential execution gives the hardware's result.
#include <algorithm>

#include <fmt/format.h>

#include "npu/ops/kernels.h"

namespace corsim::npu {

bool run_dma(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  const uint64_t len = op.dma_length;
  auto shram = ctx.shram();
  if (op.dma_src_internal && (op.dma_src > shram.size() || len > shram.size() - op.dma_src))
    return ctx.fail(Fault::kBus, fmt::format("DMA source {:#x}+{} is outside SHRAM", op.dma_src, len));
  if (op.dma_dst_internal && (op.dma_dst > shram.size() || len > shram.size() - op.dma_dst))
    return ctx.fail(Fault::kBus, fmt::format("DMA destination {:#x}+{} is outside SHRAM", op.dma_dst, len));
  // Copy in chunks: a bad length faults at the first chunk outside memory, without a huge buffer.
  constexpr uint64_t kChunk = 1u << 20;
  std::vector<uint8_t> buf(std::min(len, kChunk));
  for (uint64_t done = 0; done < len;) {
    const uint64_t n = std::min(kChunk, len - done);
    std::span<uint8_t> part(buf.data(), n);
    if (op.dma_src_internal) std::copy_n(shram.begin() + static_cast<long>(op.dma_src + done), n, part.begin());
    else if (!ctx.read(op.dma_src_region, op.dma_src + done, part)) return false;
    if (op.dma_dst_internal) std::copy(part.begin(), part.end(), shram.begin() + static_cast<long>(op.dma_dst + done));
    else if (!ctx.write(op.dma_dst_region, op.dma_dst + done, part)) return false;
    done += n;
  }
  return true;
}

}  // namespace corsim::npu
