#pragma once
// Attaches the Ethos-U model (npu/ethos_u_device.h: U55 or U85, from the preset's NPU type and
// MAC count) to a Simulator through PlatformHooks::make_npu: mapped by the platform at the
// preset's NPU addresses (Corstone-300: 0x48102000/0x58102000, IRQ 56; Corstone-320:
// 0x40004000/0x50004000, IRQ 16), its IRQ line from the preset, its completion time scheduled on
// the event queue so the interrupt rises at its cycle. Every executed NPU operation is kept for
// the per-operator report.
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
  // All operations of all jobs, in execution order (each with its job's BASEP0..7).
  const std::vector<npu::DeviceOp>& operations() const { return ops_; }
  // The first job that ended with an error status (STATUS.bus_error, cmd_parse_error, wd_fault or
  // branch_fault), as one line naming the bits and the cycle; "" when every job ended well.
  const std::string& first_error() const { return first_error_; }
  // Called with each NPU operation once its results are in memory, and its index among the run's
  // operations (for --dump-tensors; npu::EthosUDevice::set_operation_observer).
  void set_operation_observer(npu::EthosUDevice::OperationObserver f) {
    op_observer_ = std::move(f);
    if (device_) device_->set_operation_observer(op_observer_);
  }

 private:
  npu::EthosUDevice* device_ = nullptr;
  std::vector<npu::DeviceOp> ops_;
  std::string first_error_;
  npu::EthosUDevice::OperationObserver op_observer_;
};

}  // namespace corsim::sim
