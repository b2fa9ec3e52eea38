#pragma once
// Attaches the Ethos-U55 model (npu/ethos_u55_device.h) to a Simulator through
// PlatformHooks::make_npu: mapped by the platform at the preset's NPU addresses (Corstone-300:
// 0x48102000 and 0x58102000), its IRQ line from the preset (56), its completion time scheduled on
// the event queue so the interrupt rises at its cycle. Every executed NPU operation is kept for
// the per-operator report.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "memory/interconnect.h"
#include "npu/ethos_u55_device.h"
#include "sim/platform/platform.h"

namespace corsim::sim {

class NpuWiring {
 public:
  // `bus` is the Simulator's interconnect (the NPU's AXI masters use it). Installs make_npu.
  void install(PlatformHooks& hooks, memory::Interconnect*& bus);

  // Called once, with one line saying why, when firmware touches an NPU that is not modelled
  // (Corstone-320's Ethos-U85 until its device lands). Without a handler the access is only a
  // bus error.
  void set_unmodelled_handler(std::function<void(const std::string&)> handler) { on_unmodelled_ = std::move(handler); }

  npu::EthosU55Device* device() const { return device_; }
  // All operations of all jobs, in execution order.
  const std::vector<npu::DeviceOp>& operations() const { return ops_; }

 private:
  npu::EthosU55Device* device_ = nullptr;
  std::vector<npu::DeviceOp> ops_;
  std::function<void(const std::string&)> on_unmodelled_;
};

}  // namespace corsim::sim
