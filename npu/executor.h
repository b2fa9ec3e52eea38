#pragma once
// Runs a register command stream on the functional model: decodes words into RegisterState,
// dispatches each operation to its kernel, and stops at NPU_OP_STOP, at the end of the stream, or
// at the first fault. Execution is sequential; DMA completes at once and the waits are no-ops,
// which gives the hardware's results because Vela inserts the waits itself (KWS golden).
// run() executes a whole stream; step() one operation at a time, for the device, which runs each
// operation when the simulated time reaches its start (docs/npu.md "Device").
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "npu/bus.h"
#include "npu/command_stream.h"
#include "npu/npu_config.h"
#include "npu/op_config.h"
#include "npu/ops/op_context.h"
#include "npu/registers.h"

namespace corsim::npu {

// How the command processor issues an operation (Ethos-U driver interface headers, NPU_OP_DMA_START
// / NPU_OP_DMA_WAIT / NPU_OP_KERNEL_WAIT; Vela GenerateDMA): DMAs run on the DMA engine,
// every other operation on the kernel pipeline, and the two overlap except where the stream waits.
struct Issue {
  bool dma = false;
  int dma_wait = -1;     // the smallest NPU_OP_DMA_WAIT k met since the previous operation: wait
                         // until at most k DMAs are outstanding; -1 none
  int kernel_wait = -1;  // the same for NPU_OP_KERNEL_WAIT n and kernel operations
};

struct OpRecord {
  uint32_t offset = 0;  // byte offset of the operation command in the stream
  OperationConfig op;
  uint64_t macs = 0;
  Traffic traffic;
  Issue issue;
};

enum class StopReason : uint8_t {
  kStop,          // NPU_OP_STOP
  kEndOfStream,   // ran off the end of QSIZE
  kParseError,    // unknown opcode or truncated cmd1 (STATUS.cmd_parse_error)
  kBusError,      // access outside memory (STATUS.bus_status)
  kWeightError,   // weight stream does not decode (STATUS.wd_fault; U85: no such bit, see docs)
  kBranchFault,   // U85 NPU_OP_BRANCH to a bad target, or a branch loop (STATUS.branch_fault)
};

struct RunResult {
  StopReason reason = StopReason::kStop;
  uint32_t qread = 0;        // byte offset of the last command executed
  uint16_t stop_mask = 0;    // NPU_OP_STOP / NPU_OP_IRQ mask
  unsigned irq_ops = 0;      // NPU_OP_IRQ commands seen
  std::string error;         // one line for faults
  uint8_t faulting_channel = 0;  // STATUS[15:12] (0 cmd, 1 IFM, 2 weights, 3 scale, 8 OFM)
};

// Where a stepped job is: the next command word, and why it stopped once it has.
struct JobCursor {
  size_t index = 0;
  bool ended = false;
  RunResult result;
  uint32_t branches = 0;  // U85 branches taken (bounded, so a branch loop cannot hang the model)
};

class Executor {
 public:
  using Observer = std::function<void(const OpRecord&)>;

  // `cfg.product` selects the ISA: U55/U65 (arch 1.x) or U85 (arch 2.0).
  explicit Executor(NpuConfig cfg);

  void reset();  // register file, SHRAM / LUT RAM, chaining buffers, COND_STATUS to reset values
  RegisterState& registers() { return regs_; }
  // U55/U65: the SHRAM; U85: the 2 KB LUT RAM (what internal-mode DMAs write).
  std::span<uint8_t> shram() { return shram_; }
  const NpuConfig& config() const { return cfg_; }
  Isa isa() const { return isa_; }
  // COND_STATUS (ethosu85_interface.h): bit 0 of the last 1-element OFM, tested by NPU_OP_BRANCH.
  uint32_t cond_status() const { return cond_status_; }

  RunResult run(std::span<const uint32_t> words, NpuBus& bus, const std::array<uint64_t, 8>& basep,
                uint32_t regioncfg, const Observer& observer = {});
  // Runs commands from `cursor` up to and including the next operation and returns its record;
  // nullopt once the stream has stopped (NPU_OP_STOP, end of stream, a fault: cursor.result).
  std::optional<OpRecord> step(std::span<const uint32_t> words, JobCursor& cursor, NpuBus& bus,
                               const std::array<uint64_t, 8>& basep, uint32_t regioncfg);

  // How the next operation will be issued, read from the stream without executing anything (the
  // device schedules an operation's start before it runs it); nullopt when the stream stops first.
  std::optional<Issue> peek_issue(std::span<const uint32_t> words, const JobCursor& cursor) const;

  // Called with the decoded operation just before it executes (debuggers, per-op checks).
  void set_before_operation(Observer f) { before_ = std::move(f); }

 private:
  NpuConfig cfg_;
  Isa isa_;
  RegisterState regs_;
  std::vector<uint8_t> shram_;
  ChainBuffers chain_;
  Accumulators accumulators_;  // U85 ACC_FORMAT acc_input KEEP
  WeightCache weight_cache_;   // decoded weights, reused while the stream bytes are unchanged
  OpScratch scratch_;          // the kernels' buffers, reused from operation to operation
  uint32_t cond_status_ = 0;
  Observer before_;
};

// REGIONCFG as ethosu_dev_axi_init programs it: region 0 -> 3, region 1 -> 0, others -> 1.
constexpr uint32_t kDriverRegionCfg = 0x3u | (0x1u << 4) | (0x1u << 6) | (0x1u << 8) | (0x1u << 10) |
                                      (0x1u << 12) | (0x1u << 14);

}  // namespace corsim::npu
