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
  if (len > (uint64_t{1} << 30)) return ctx.fail(Fault::kCommand, fmt::format("DMA length {} is too large", len));
  std::vector<uint8_t> buf(len);
  auto shram = ctx.shram();
  if (op.dma_src_internal) {
    if (op.dma_src + len > shram.size())
      return ctx.fail(Fault::kBus, fmt::format("DMA source {:#x}+{} is outside SHRAM", op.dma_src, len));
    std::copy_n(shram.begin() + static_cast<long>(op.dma_src), len, buf.begin());
  } else if (!ctx.read(op.dma_src_region, op.dma_src, buf)) {
    return false;
  }
  if (op.dma_dst_internal) {
    if (op.dma_dst + len > shram.size())
      return ctx.fail(Fault::kBus, fmt::format("DMA destination {:#x}+{} is outside SHRAM", op.dma_dst, len));
    std::copy(buf.begin(), buf.end(), shram.begin() + static_cast<long>(op.dma_dst));
    return true;
  }
  return ctx.write(op.dma_dst_region, op.dma_dst, buf);
}

}  // namespace corsim::npu
