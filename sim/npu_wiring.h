#pragma once
// Attaches the Ethos-U model (npu/ethos_u_device.h: U55 or U85, from the preset's NPU type and
// MAC count) to a Simulator through PlatformHooks::make_npu: mapped by the platform at the
// preset's NPU addresses (Corstone-300: 0x48102000/0x58102000, IRQ 56; Corstone-320:
// 0x40004000/0x50004000, IRQ 16), its IRQ line from the preset, its completion time scheduled on
// the event queue so the interrupt rises at its cycle. Every executed NPU operation is kept for
// the per-operator report.
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "memory/interconnect.h"
#include "npu/ethos_u_device.h"
#include "sim/platform/platform.h"

namespace corsim::sim {

class NpuWiring {
 public:
  // `bus` is the Simulator's interconnect (the NPU's AXI masters use it). Installs make_npu.
  void install(PlatformHooks& hooks, memory::Interconnect*& bus);

  npu::EthosUDevice* device() const { return device_; }
  // All operations of all jobs, in execution order, and each one's BASEP0..7 (its job's).
  const std::vector<npu::DeviceOp>& operations() const { return ops_; }
  const std::vector<std::array<uint64_t, 8>>& operation_bases() const { return bases_; }
  // The first job that ended with an error status (STATUS.bus_error, cmd_parse_error, wd_fault or
  // branch_fault), as one line naming the bits and the cycle; "" when every job ended well.
  const std::string& first_error() const { return first_error_; }
  // Called with each NPU operation once its results are in memory (at the event of its end), its
  // index among the run's operations, and the job's BASEP0..7 (for --dump-tensors).
  using OperationObserver = std::function<void(const npu::DeviceOp&, uint32_t, const std::array<uint64_t, 8>&)>;
  void set_operation_observer(OperationObserver f) { op_observer_ = std::move(f); }

 private:
  npu::EthosUDevice* device_ = nullptr;
  std::vector<npu::DeviceOp> ops_;
  std::vector<std::array<uint64_t, 8>> bases_;
  std::string first_error_;
  OperationObserver op_observer_;
  size_t job_reported_ = 0;   // operations of the device's last job given to op_observer_
  size_t job_base_ = 0;       // index of that job's first operation among the run's
  Cycles job_first_start_ = ~Cycles{0};
  bool job_ended_ = false;    // the job observer ran since the last report
  void report_ended_operations(Cycles now);
  std::array<uint64_t, 8> base_registers() const;
};

}  // namespace corsim::sim
