#pragma once
// Per-operation cycles of an Ethos-U55 or, for a U85 NpuConfig, an Ethos-U85 (Vela ethos_u55.cpp
// constants, ethos_u55_performance.cpp structure; the U85 formulas are in u85_timing.h). The cost
// parts stay separate so a report can say why an operation is slow:
//   mac     MAC-array cycles over the OFM blocks (micro-blocks, kernel steps, accumulator delay),
//           of which mac_active computing and the rest waiting for the weight buffer
//   output  output-stage (AO) cycles: scaling, activation, LUT, per OFM element
//   weights weight-decoder cycles for the decoded weights
//   axi0/1  memory transfer cycles per AXI port (bytes / bandwidth + latency), the bandwidth
//           capped by the port's outstanding-transaction limit (axi_limits.h)
//   contention  cycles the AXI transfers lost, while the operation ran, to CPU traffic that
//           arrived after they were priced (only inside corsim: memory/timing's take_npu_delay)
// total = overhead + max(compute, weights, max(axi0, axi1) + contention), where compute pipelines
// MAC and AO per block. It models the hardware's block iteration (the OFM_BLK_* registers and
// clipped edge blocks), not Vela's averaged block count (EstimateMacOpCycles).
#include <array>
#include <cstdint>
#include <span>

#include "base/clock.h"
#include "memory/timing/memory_timing.h"

#include "npu/npu_config.h"
#include "npu/op_config.h"
#include "npu/ops/op_context.h"
#include "npu/timing/axi_limits.h"
#include "npu/timing/system_config.h"

namespace corsim::npu::timing {

struct OpTiming {
  uint64_t mac = 0;
  // Of `mac`, the cycles the MAC array computes. The rest it waits for the weight buffer (the
  // cycles_wb of Vela's EstimateMacCyclesPerBlock: a block cannot go faster than its weights
  // arrive), which the PMU counts as a stall, not as MAC_ACTIVE (the driver's pmu_event enum has
  // MAC_STALLED_BY_WD beside MAC_ACTIVE, pmu_ethosu.h).
  uint64_t mac_active = 0;
  uint64_t output = 0;
  uint64_t compute = 0;  // MAC and AO pipelined over blocks
  uint64_t weights = 0;
  uint64_t axi0 = 0;
  uint64_t axi1 = 0;
  uint64_t overhead = 0;
  uint64_t contention = 0;
  uint64_t total = 0;
  const char* bound = "";  // which part decides total
  // Bytes per AXI port as the hardware moves them: the functional traffic plus the block re-fetch
  // of the IFM and the weights (what the PMU's beat counters count).
  std::array<uint64_t, 2> read{}, write{};
};

struct Ublock {
  uint32_t h, w, c;
};

// One stretch of an operation's AXI traffic to one memory (first address, bytes, direction), in
// the order the operation issued it. The device collects them; the memory-system timing prices them.
struct AxiTransfer {
  unsigned port = 0;  // 0 = AXI0, 1 = AXI1
  uint32_t addr = 0;
  uint64_t bytes = 0;
  bool write = false;
};

class TimingModel {
 public:
  // The AXI limits start as the Ethos-U driver programs them (driver_axi_limits).
  TimingModel(NpuConfig npu, SystemConfig sys)
      : npu_(npu), sys_(std::move(sys)), axi_limits_(driver_axi_limits(npu)) {}

  // The limits a job runs with (the device sets the ones its registers hold at the job's start).
  void set_axi_limits(const AxiLimits& limits) { axi_limits_ = limits; }
  const AxiLimits& axi_limits() const { return axi_limits_; }

  OpTiming estimate(const OperationConfig& op, const Traffic& traffic) const;
  // The same with the AXI parts priced by the memory system's timing (memory/timing): each port's
  // transfers run one after the other from `start` (platform cycles), each through
  // MemoryTiming::npu_transfer, so they share the memories with the CPU (docs/memory-timing.md).
  // `npu_per_platform` converts the result to NPU cycles. The system config's port bandwidths and
  // latencies are then the ports' caps (the MemoryTiming holds them). Where a port's AXI limit is
  // below its bandwidth, a port takes at least what the limit allows (port_cycles).
  OpTiming estimate(const OperationConfig& op, const Traffic& traffic, std::span<const AxiTransfer> transfers,
                    memory::MemoryTiming& memory, Cycles start, double npu_per_platform) const;

  // Adds `npu_cycles` of contention (see OpTiming) and recomputes total and bound.
  static void add_contention(OpTiming& t, uint64_t npu_cycles);

  // Pieces, exposed for tests.
  Ublock ofm_ublock(const OperationConfig& op) const;
  double output_cycles_per_element(const OperationConfig& op) const;
  // MAC cycles of one OFM block; with `weight_buffer_bound` false, without the weight-buffer
  // limit (the MAC-active cycles).
  uint64_t mac_cycles_for_block(const OperationConfig& op, uint32_t bh, uint32_t bw, uint32_t bd,
                                bool weight_buffer_bound = true) const;
  uint64_t ifm_bytes_for_block(const OperationConfig& op, uint32_t bh, uint32_t bw, uint32_t bd) const;

  const NpuConfig& npu() const { return npu_; }
  const SystemConfig& system() const { return sys_; }

 private:
  static void decide_total(OpTiming& t);  // bound and total from the parts
  // Cycles of `rd` read and `wr` written bytes on AXI port `port`: the memory's bandwidth shared by
  // both directions, each direction capped by its AXI limit, plus each direction's latency.
  uint64_t port_cycles(unsigned port, uint64_t rd, uint64_t wr) const;
  // Whether the AXI limit is below the memory bandwidth on `port` (in either direction).
  bool axi_limit_binds(unsigned port) const;

  NpuConfig npu_;
  SystemConfig sys_;
  AxiLimits axi_limits_;
};

}  // namespace corsim::npu::timing
