#include "sim/npu_wiring.h"

#include <spdlog/spdlog.h>

namespace corsim::sim {

void NpuWiring::install(PlatformHooks& hooks, memory::Interconnect*& bus) {
  hooks.make_npu = [this, &bus](const DeviceSpec& d, const NpuSpec& n,
                                const DeviceContext& ctx) -> std::unique_ptr<memory::Target> {
    if (n.type != "ethos-u55" || bus == nullptr) return nullptr;
    if (n.num_macs != 32 && n.num_macs != 64 && n.num_macs != 128 && n.num_macs != 256) {
      spdlog::warn("ethosu.num_macs={} is not an Ethos-U55 configuration; using 128", n.num_macs);
    }
    npu::DeviceOptions opt;
    opt.npu.macs = (n.num_macs == 32 || n.num_macs == 64 || n.num_macs == 256) ? n.num_macs : 128;
    if (d.irq >= 0) opt.irq_line = static_cast<unsigned>(d.irq);
    if (auto sys = npu::timing::system_preset(n.system_config)) opt.system = *sys;
    // With the memory system's timing present, the NPU's AXI traffic shares the memories with the
    // CPU (docs/memory-timing.md); without it the system config's bandwidths apply alone.
    opt.memory_timing = ctx.memory_timing;
    auto dev = std::make_unique<npu::EthosU55Device>(*bus, ctx.irq, ctx.time, opt);
    npu::EthosU55Device* p = dev.get();
    EventQueue* events = &ctx.events;
    p->set_schedule_callback([events, p](Cycles when) { events->schedule(when, [p](Cycles t) { p->update(t); }); });
    p->set_job_observer([this](const std::vector<npu::DeviceOp>& job) { ops_.insert(ops_.end(), job.begin(), job.end()); });
    device_ = p;
    return dev;
  };
}

}  // namespace corsim::sim
