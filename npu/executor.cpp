#include "npu/executor.h"

#include <fmt/format.h>

#include "npu/ops/kernels.h"

namespace corsim::npu {

namespace {

// The model refuses operations whose host cost would be unbounded (a malformed stream can ask
// for a 65536^3 feature map); real Vela output stays far below these limits.
constexpr uint64_t kMaxElements = uint64_t{1} << 26;
constexpr uint64_t kMaxMacs = uint64_t{1} << 36;
// NPU_OP_BRANCH can loop. Vela never emits it (§9.2); a job that takes more than this many
// branches is treated as a stream that does not end (branch fault), so that a looping stream
// costs at most this many passes over its operations.
constexpr uint32_t kMaxBranches = 256;

const char* operation_too_large(const OperationConfig& op) {
  if (op.kind == OpKind::kDma || op.kind == OpKind::kOther) return nullptr;
  // U85: the chaining buffer, the accumulator modes and the special storages are modelled for
  // what real streams use; the rest is refused with one line (docs/npu.md "U85: not modelled").
  if (op.ofm.storage == Storage::kScalar) return "OFM storage NONE";
  if (op.ofm.storage == Storage::kTile3x1 || op.ifm.storage == Storage::kTile3x1 ||
      (op.has_ifm2() && op.ifm2.storage == Storage::kTile3x1))
    return "TILE3X1 storage is not modelled";
  if (op.acc_input != 0 || !op.acc_output) return "ACC_FORMAT acc_input/acc_output other than reset/enable are not modelled";
  // Precision 3 (64 bit) is not a U55 feature-map type.
  if (op.ifm.elem_bits > 32 || op.ofm.elem_bits > 32 || (op.has_ifm2() && op.ifm2.elem_bits > 32))
    return "64-bit feature maps are not supported";
  if (op.ofm.elements() > kMaxElements || op.ifm.elements() > kMaxElements ||
      (op.has_ifm2() && op.ifm2.elements() > kMaxElements))
    return "feature map larger than the model supports (2^26 elements)";
  if (uint64_t{op.kernel.width} * op.kernel.height > 4096) return "kernel larger than 64x64";
  if (operation_macs(op) > kMaxMacs) return "operation larger than the model supports (2^36 MACs)";
  return nullptr;
}

}  // namespace

Executor::Executor(NpuConfig cfg)
    : cfg_(cfg),
      isa_(cfg.product == Product::kU85 ? Isa::kU85 : cfg.product == Product::kU65 ? Isa::kU65 : Isa::kU55),
      shram_(size_t{cfg.shram_kb()} * 1024, 0) {}

void Executor::reset() {
  regs_ = RegisterState{};
  std::fill(shram_.begin(), shram_.end(), 0);
  chain_ = ChainBuffers{};
  cond_status_ = 0;
}

RunResult Executor::run(std::span<const uint32_t> words, NpuBus& bus, const std::array<uint64_t, 8>& basep,
                        uint32_t regioncfg, const Observer& observer) {
  JobCursor cursor;
  while (auto rec = step(words, cursor, bus, basep, regioncfg)) {
    if (observer) observer(*rec);
  }
  return cursor.result;
}

std::optional<OpRecord> Executor::step(std::span<const uint32_t> words, JobCursor& cursor, NpuBus& bus,
                                       const std::array<uint64_t, 8>& basep, uint32_t regioncfg) {
  RunResult& res = cursor.result;
  auto stop = [&cursor](StopReason why) -> std::optional<OpRecord> {
    cursor.result.reason = why;
    cursor.ended = true;
    return std::nullopt;
  };
  if (cursor.ended) return std::nullopt;
  const Isa isa = isa_;
  size_t& index = cursor.index;
  while (true) {
    if (index >= words.size()) return stop(StopReason::kEndOfStream);
    const DecodeResult d = decode_command(words, index, isa);
    res.qread = static_cast<uint32_t>(index * 4);
    if (d.error != DecodeError::kNone) {
      res.error = d.error == DecodeError::kTruncated
                      ? fmt::format("command stream truncated at byte {:#x}", index * 4)
                      : fmt::format("unknown command word {:#010x} at byte {:#x}", words[index], index * 4);
      return stop(StopReason::kParseError);
    }
    const Command& cmd = d.command;
    index += cmd.words();
    if (isa == Isa::kU85 && cmd.is_branch()) {
      // NPU_OP_BRANCH (§2.2): word0[16] cond (0 always, 1 if COND_STATUS.result_flag), word1 the
      // target byte offset. A target outside the stream, unaligned, or a job that keeps branching
      // (more than kMaxBranches) is a branch fault.
      if ((cmd.param & 1) == 0 || (cond_status_ & 1)) {
        if ((cmd.payload & 3) != 0 || cmd.payload / 4 >= words.size()) {
          res.error = fmt::format("branch at byte {:#x} to {:#x}, outside the command stream", cmd.offset, cmd.payload);
          return stop(StopReason::kBranchFault);
        }
        if (++cursor.branches > kMaxBranches) {
          res.error = fmt::format("more than {} branches taken: the stream does not end", kMaxBranches);
          return stop(StopReason::kBranchFault);
        }
        index = cmd.payload / 4;
      }
      continue;
    }
    if (!cmd.is_operation()) {
      apply_register(regs_, cmd);
      continue;
    }
    switch (static_cast<OpCode>(cmd.opcode)) {
      case OpCode::kStop:
        res.stop_mask = cmd.param;
        return stop(StopReason::kStop);
      case OpCode::kIrq:
        ++res.irq_ops;
        res.stop_mask = cmd.param;
        continue;
      case OpCode::kDmaWait:
      case OpCode::kKernelWait:
      case OpCode::kPmuMask:
        continue;  // sequential model: every earlier job has completed
      default: break;
    }
    OpRecord rec;
    rec.offset = cmd.offset;
    rec.op = isa == Isa::kU85 ? decode_operation_u85(regs_, cmd.opcode, cmd.param, cfg_.macs)
                              : decode_operation(regs_, cmd.opcode, cmd.param, isa);
    rec.macs = operation_macs(rec.op);
    if (before_) before_(rec);
    OpContext ctx(rec.op, cfg_, bus, basep, regioncfg, shram_, chain_);
    bool ok = false;
    if (const char* why = operation_too_large(rec.op)) {
      ok = ctx.fail(Fault::kCommand, why);
    } else switch (rec.op.kind) {
      case OpKind::kConv:
      case OpKind::kDepthwise: ok = run_conv(ctx); break;
      case OpKind::kPool: ok = run_pool(ctx); break;
      case OpKind::kElementwise: ok = run_elementwise(ctx); break;
      case OpKind::kDma: ok = run_dma(ctx); break;
      case OpKind::kResize: ok = run_resize(ctx); break;
      default: ok = ctx.fail(Fault::kCommand, "operation not supported"); break;
    }
    rec.traffic = ctx.traffic();
    if (ok && ctx.result_flag()) cond_status_ = *ctx.result_flag() & 1;
    if (!ok) {
      res.error = fmt::format("{} at byte {:#x}: {}", op_kind_name(rec.op), cmd.offset, ctx.error());
      switch (ctx.fault()) {
        case Fault::kBus: res.faulting_channel = 1; return stop(StopReason::kBusError);
        case Fault::kWeightDecode: res.faulting_channel = 2; return stop(StopReason::kWeightError);
        default: return stop(StopReason::kParseError);
      }
    }
    return rec;
  }
}

}  // namespace corsim::npu
