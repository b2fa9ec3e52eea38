#include "sim/npu_wiring.h"

#include <spdlog/spdlog.h>

#include <stdexcept>

namespace corsim::sim {

void NpuWiring::install(PlatformHooks& hooks, memory::Interconnect*& bus) {
  hooks.make_npu = [this, &bus](const DeviceSpec& d, const NpuSpec& n,
                                const DeviceContext& ctx) -> std::unique_ptr<memory::Target> {
    if (bus == nullptr) return nullptr;
    // The preset's NPU was checked when it was made and when -C changed it (sim/params.cpp); a
    // configuration that still fails here is refused, never coerced.
    std::string error;
    const auto npu_config = npu::npu_config_for(n.type, n.num_macs, error);
    if (!npu_config) throw std::invalid_argument(error);
    npu::DeviceOptions opt;
    opt.npu = *npu_config;
    if (d.irq >= 0) opt.irq_line = static_cast<unsigned>(d.irq);
    if (auto sys = npu::timing::system_preset(n.system_config)) opt.system = *sys;
    // With the memory system's timing present, the NPU's AXI traffic shares the memories with the
    // CPU (docs/memory-timing.md); without it the system config's bandwidths apply alone.
    opt.memory_timing = ctx.memory_timing;
    auto dev = std::make_unique<npu::EthosUDevice>(*bus, ctx.irq, ctx.time, opt);
    npu::EthosUDevice* p = dev.get();
    EventQueue* events = &ctx.events;
    p->set_schedule_callback([events, p](Cycles when) { events->schedule(when, [p](Cycles t) { p->update(t); }); });
    p->set_job_observer([this](const std::vector<npu::DeviceOp>& job) { ops_.insert(ops_.end(), job.begin(), job.end()); });
    device_ = p;
    return dev;
  };
}

}  // namespace corsim::sim
