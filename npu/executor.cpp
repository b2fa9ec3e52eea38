#include "npu/executor.h"

#include <fmt/format.h>

#include <algorithm>

#include "npu/ops/kernels.h"

namespace corsim::npu {

namespace {

// The model refuses operations whose host cost would be unbounded (a malformed stream can ask
// for a 65536^3 feature map); real Vela output stays far below these limits.
constexpr uint64_t kMaxElements = uint64_t{1} << 26;
constexpr uint64_t kMaxMacs = uint64_t{1} << 36;
// NPU_OP_BRANCH can loop. Vela never emits it (none in the U85 goldens); a job that takes more than
// this many branches is treated as a stream that does not end (branch fault), so that a looping
// stream costs at most this many passes over its operations.
constexpr uint32_t kMaxBranches = 256;

const char* operation_too_large(const OperationConfig& op) {
  if (op.kind == OpKind::kDma || op.kind == OpKind::kOther) return nullptr;
  // U85: the chaining buffer, the accumulator modes and the special storages are modelled for
  // what real streams use; the rest is refused with one line (docs/npu.md "U85: not modelled").
  // OFM storage NONE is what VELA programs with acc_output disabled (regor
  // EthosU85RCSGenerator::GenerateOFMPrecision); nothing is written then.
  if (op.ofm.storage == Storage::kScalar && op.acc_output) return "OFM storage NONE with acc_output enabled";
  if (op.ofm.storage == Storage::kTile3x1 || op.ifm.storage == Storage::kTile3x1 ||
      (op.has_ifm2() && op.ifm2.storage == Storage::kTile3x1))
    return "TILE3X1 storage is not modelled";
  // Accumulator chaining (acc_input KEEP/IFM2, acc_output disabled) is modelled for CONV,
  // DEPTHWISE, MatMul and POOL SUM/NONE, the operations VELA chains (regor scheduler_decompose.cpp).
  const bool chains = op.acc_input != 0 || !op.acc_output;
  const bool accumulating_pool =
      op.kind == OpKind::kPool && (op.pool_mode == PoolMode::kSum || op.pool_mode == PoolMode::kNone);
  if (chains && !(op.kind == OpKind::kConv || op.kind == OpKind::kDepthwise || accumulating_pool))
    return "ACC_FORMAT acc_input/acc_output other than reset/enable are modelled only for CONV, DEPTHWISE and POOL SUM/NONE";
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

// NPU_OP_DMA_WAIT k ([19:16] U55, [17:16] U85) and NPU_OP_KERNEL_WAIT n ([17:16] U55, [16] U85)
// (driver ethosu55_interface.h / ethosu85_interface.h). Several waits before one
// operation combine to the strictest.
void record_wait(Issue& issue, const Command& cmd, Isa isa) {
  const bool u85 = isa == Isa::kU85;
  if (cmd.opcode == static_cast<uint16_t>(OpCode::kDmaWait)) {
    const int k = cmd.param & (u85 ? 0x3 : 0xF);
    issue.dma_wait = issue.dma_wait < 0 ? k : std::min(issue.dma_wait, k);
  } else {
    const int n = cmd.param & (u85 ? 0x1 : 0x3);
    issue.kernel_wait = issue.kernel_wait < 0 ? n : std::min(issue.kernel_wait, n);
  }
}

// Where the IFM and the weights of a block-iterated operation came from, for the timing's block
// re-fetch (timing_model.h): the IFM when it is in memory (not chained, not a scalar), the weights
// when the operation has a weight stream.
void note_operand_ports(OpRecord& rec, const OpContext& ctx) {
  const OperationConfig& op = rec.op;
  const bool has_ofm = op.kind == OpKind::kConv || op.kind == OpKind::kDepthwise || op.kind == OpKind::kPool ||
                       op.kind == OpKind::kElementwise || op.kind == OpKind::kResize;
  if (has_ofm && (op.ofm.storage == Storage::kTile2x2 || op.ofm.storage == Storage::kTile3x1)) {
    rec.traffic.ofm_port = static_cast<int8_t>(ctx.port_of(op.ofm.region));
    rec.traffic.ofm_bytes = op.ofm.elements() * op.ofm.elem_bytes();
  }
  if (op.kind != OpKind::kConv && op.kind != OpKind::kDepthwise && op.kind != OpKind::kPool) return;
  if (op.ifm.storage == Storage::kTile2x2 || op.ifm.storage == Storage::kTile3x1) {
    rec.traffic.ifm_port = static_cast<int8_t>(ctx.port_of(op.ifm.region));
    rec.traffic.ifm_bytes = op.ifm.elements() * op.ifm.elem_bytes();
  }
  if (rec.traffic.weight_bytes > 0) rec.traffic.weight_port = static_cast<int8_t>(ctx.port_of(op.weight_region));
}

}  // namespace

std::optional<Issue> Executor::peek_issue(std::span<const uint32_t> words, const JobCursor& cursor) const {
  if (cursor.ended) return std::nullopt;
  Issue issue;
  size_t index = cursor.index;
  // A branch loop is bounded by the executor's branch limit; the peek gives up at the same count.
  for (uint32_t branches = cursor.branches; index < words.size();) {
    const DecodeResult d = decode_command(words, index, isa_);
    if (d.error != DecodeError::kNone) return std::nullopt;
    const Command& cmd = d.command;
    index += cmd.words();
    if (isa_ == Isa::kU85 && cmd.is_branch()) {
      if ((cmd.param & 1) == 0 || (cond_status_ & 1)) {
        if ((cmd.payload & 3) != 0 || cmd.payload / 4 >= words.size() || ++branches > kMaxBranches) return std::nullopt;
        index = cmd.payload / 4;
      }
      continue;
    }
    if (!cmd.is_operation()) continue;
    switch (static_cast<OpCode>(cmd.opcode)) {
      case OpCode::kStop: return std::nullopt;
      case OpCode::kIrq:
      case OpCode::kPmuMask: continue;
      case OpCode::kDmaWait:
      case OpCode::kKernelWait: record_wait(issue, cmd, isa_); continue;
      default:
        issue.dma = cmd.opcode == static_cast<uint16_t>(OpCode::kDmaStart);
        return issue;
    }
  }
  return std::nullopt;
}

Executor::Executor(NpuConfig cfg)
    : cfg_(cfg),
      isa_(cfg.product == Product::kU85 ? Isa::kU85 : cfg.product == Product::kU65 ? Isa::kU65 : Isa::kU55),
      shram_(size_t{cfg.shram_kb()} * 1024, 0) {}

void Executor::reset() {
  regs_ = RegisterState{};
  std::fill(shram_.begin(), shram_.end(), 0);
  chain_ = ChainBuffers{};
  accumulators_ = Accumulators{};
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
  Issue issue;
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
      // NPU_OP_BRANCH (ethosu85_interface.h): word0[16] cond (0 always, 1 if
      // COND_STATUS.result_flag), word1 the target byte offset. A target outside the stream,
      // unaligned, or a job that keeps branching (more than kMaxBranches) is a branch fault.
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
        record_wait(issue, cmd, isa);  // functionally a no-op: the model runs in stream order
        continue;
      case OpCode::kPmuMask:
        continue;
      default: break;
    }
    OpRecord rec;
    rec.offset = cmd.offset;
    issue.dma = cmd.opcode == static_cast<uint16_t>(OpCode::kDmaStart);
    rec.issue = issue;
    rec.op = isa == Isa::kU85 ? decode_operation_u85(regs_, cmd.opcode, cmd.param, cfg_.macs)
                              : decode_operation(regs_, cmd.opcode, cmd.param, isa);
    rec.macs = operation_macs(rec.op);
    if (before_) before_(rec);
    OpContext ctx(rec.op, cfg_, bus, basep, regioncfg, shram_, chain_, accumulators_, weight_cache_, scratch_);
    bool ok = false;
    if (const char* why = operation_too_large(rec.op)) {
      ok = ctx.fail(Fault::kCommand, why);
    } else switch (rec.op.kind) {
      case OpKind::kConv:
      case OpKind::kDepthwise: ok = run_conv(ctx); break;
      case OpKind::kPool: ok = run_pool(ctx); break;
      case OpKind::kElementwise:
        accumulators_.forget();  // its accumulators are not modelled: a later KEEP faults
        ok = run_elementwise(ctx);
        break;
      case OpKind::kDma: ok = run_dma(ctx); break;
      case OpKind::kResize:
        accumulators_.forget();
        ok = run_resize(ctx);
        break;
      default: ok = ctx.fail(Fault::kCommand, "operation not supported"); break;
    }
    rec.traffic = ctx.traffic();
    note_operand_ports(rec, ctx);
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
