#pragma once
// Attaches the Ethos-U55 model (npu/ethos_u55_device.h) to a Simulator through
// PlatformHooks::make_npu: mapped by the platform at the preset's NPU addresses (Corstone-300:
// 0x48102000 and 0x58102000), its IRQ line from the preset (56), its completion time scheduled on
// the event queue so the interrupt rises at its cycle. Every executed NPU operation is kept for
// the per-operator report.
#include <memory>
#include <vector>

#include "memory/interconnect.h"
#include "npu/ethos_u55_device.h"
#include "sim/platform/platform.h"

namespace corsim::sim {

class NpuWiring {
 public:
  // `bus` is the Simulator's interconnect (the NPU's AXI masters use it). Installs make_npu.
  void install(PlatformHooks& hooks, memory::Interconnect*& bus);

  npu::EthosU55Device* device() const { return device_; }
  // All operations of all jobs, in execution order.
  const std::vector<npu::DeviceOp>& operations() const { return ops_; }

 private:
  npu::EthosU55Device* device_ = nullptr;
  std::vector<npu::DeviceOp> ops_;
};

}  // namespace corsim::sim
