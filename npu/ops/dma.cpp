// NPU_OP_DMA_START (Vela GenerateDMA, InsertLUTDMACommand): a 1-D byte copy. Mode bit 8 of
// DMA0_*_REGION selects internal memory (U55 SHRAM, U85 the 2 KB LUT RAM, where the LUTs live:
// destination 0x103 in real U55 and U85 streams);
// then DMA0_DST is a byte offset in SHRAM. The copy completes immediately; Vela inserts the waits
// (KWS golden), so sequential execution gives the hardware's result.
#include <algorithm>

#include <fmt/format.h>

#include "npu/ops/kernels.h"

namespace corsim::npu {

namespace {

// U85 2-D / 3-D DMA (stride_mode, DMA0_SIZE0/1, DMA0_SRC/DST_STRIDE0/1): DMA0_LEN bytes
// per row, SIZE0 rows apart by STRIDE0, SIZE1 planes apart by STRIDE1 (the field names of
// ethosu85_interface.h; Vela emits only 1-D DMAs in every stream we hold, so unverified). An
// internal side (the LUT RAM, region_mode 1) is addressed by byte offset with the same strides
// (decision: the register descriptions make no exception for it).
bool run_strided_dma(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  const uint64_t rows = op.dma_stride_mode >= 1 ? std::max<uint32_t>(op.dma_size0, 1) : 1;
  const uint64_t planes = op.dma_stride_mode >= 2 ? std::max<uint32_t>(op.dma_size1, 1) : 1;
  if (op.dma_length > (uint64_t{1} << 26) || rows * planes * op.dma_length > (uint64_t{1} << 28))
    return ctx.fail(Fault::kCommand, "DMA larger than the model supports (256 MiB)");
  auto internal = ctx.shram();
  auto inside = [&](uint64_t at) { return at <= internal.size() && op.dma_length <= internal.size() - at; };
  std::vector<uint8_t> buf(op.dma_length);
  for (uint64_t p = 0; p < planes; ++p)
    for (uint64_t r = 0; r < rows; ++r) {
      const uint64_t s = op.dma_src + p * op.dma_src_stride1 + r * op.dma_src_stride0;
      const uint64_t d = op.dma_dst + p * op.dma_dst_stride1 + r * op.dma_dst_stride0;
      if (op.dma_src_internal) {
        if (!inside(s)) return ctx.fail(Fault::kBus, fmt::format("DMA source {:#x}+{} is outside internal memory", s, buf.size()));
        std::copy_n(internal.begin() + static_cast<long>(s), buf.size(), buf.begin());
      } else if (!ctx.read(op.dma_src_region, s, buf)) {
        return false;
      }
      if (op.dma_dst_internal) {
        if (!inside(d))
          return ctx.fail(Fault::kBus, fmt::format("DMA destination {:#x}+{} is outside internal memory", d, buf.size()));
        std::copy(buf.begin(), buf.end(), internal.begin() + static_cast<long>(d));
      } else if (!ctx.write(op.dma_dst_region, d, buf)) {
        return false;
      }
    }
  return true;
}

// U85 gather/scatter (DMA0_SRC/DST_REGION.idx_mode, ethosu85_interface.h: DMA0_IDX "index array
// address", DMA0_IDX_MAX "maximum permitted index", DMA0_IDX_SKIP1 "index byte distance to skip
// in index after each 2D transfer"). As VELA programs it (regor HighLevelCommandStreamGenerator,
// the GATHER/SCATTER DMA; "HW can only use int32 indices"): for plane p < SIZE1 and row r < SIZE0
// an int32 index k is read from the index array (consecutive, SKIP1 bytes skipped after each
// plane); a gather copies DMA0_LEN bytes from SRC + p·SRC_STRIDE1 + k·SRC_STRIDE0 to
// DST + p·DST_STRIDE1 + r·DST_STRIDE0, a scatter from SRC + p·SRC_STRIDE1 + r·SRC_STRIDE0 to
// DST + p·DST_STRIDE1 + k·DST_STRIDE0. An index above DMA0_IDX_MAX (unsigned) is a command fault
// (decision: the hardware's behaviour is not documented).
bool run_indexed_dma(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  if (op.dma_src_indexed && op.dma_dst_indexed)
    return ctx.fail(Fault::kCommand, "DMA with both source and destination indexed");
  if (op.dma_src_internal || op.dma_dst_internal)
    return ctx.fail(Fault::kCommand, "indexed DMA to or from internal memory is not modelled");
  const uint64_t rows = op.dma_stride_mode >= 1 ? std::max<uint32_t>(op.dma_size0, 1) : 1;
  const uint64_t planes = op.dma_stride_mode >= 2 ? std::max<uint32_t>(op.dma_size1, 1) : 1;
  if (op.dma_length > (uint64_t{1} << 26) || rows * planes * op.dma_length > (uint64_t{1} << 28))
    return ctx.fail(Fault::kCommand, "DMA larger than the model supports (256 MiB)");
  std::vector<uint8_t> buf(op.dma_length);
  uint64_t at = op.dma_idx;
  for (uint64_t p = 0; p < planes; ++p, at += op.dma_idx_skip1)
    for (uint64_t r = 0; r < rows; ++r, at += 4) {
      uint8_t b[4];
      if (!ctx.read(op.dma_idx_region, at, b)) return false;
      const uint32_t k = uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
      if (k > op.dma_idx_max)
        return ctx.fail(Fault::kCommand, fmt::format("DMA index {} above DMA0_IDX_MAX {}", k, op.dma_idx_max));
      const uint64_t s = op.dma_src + p * op.dma_src_stride1 + (op.dma_src_indexed ? k : r) * op.dma_src_stride0;
      const uint64_t d = op.dma_dst + p * op.dma_dst_stride1 + (op.dma_dst_indexed ? k : r) * op.dma_dst_stride0;
      if (!ctx.read(op.dma_src_region, s, buf) || !ctx.write(op.dma_dst_region, d, buf)) return false;
    }
  return true;
}

}  // namespace

bool run_dma(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  if (op.dma_src_indexed || op.dma_dst_indexed) return run_indexed_dma(ctx);
  if (op.dma_stride_mode != 0) return run_strided_dma(ctx);
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
