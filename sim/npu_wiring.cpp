#include "sim/npu_wiring.h"

#include "sim/memory_timing_setup.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace corsim::sim {

namespace {
// STATUS error bits (Ethos-U55 TRM / ethosu55_interface.h STATUS: bus_status bit 2, cmd_parse_error
// bit 4, wd_fault bit 7, branch_fault bit 9 (U85, ethosu85_interface.h)).
std::string describe_error_status(uint32_t status, Cycles when) {
  std::string bits;
  auto add = [&](uint32_t bit, const char* name) {
    if (status & (1u << bit)) bits += bits.empty() ? name : fmt::format(", {}", name);
  };
  add(2, "bus_status (AXI bus error)");
  add(4, "cmd_parse_error (command stream)");
  add(7, "wd_fault (weight decoder)");
  add(9, "branch_fault");
  if (bits.empty()) return {};
  return fmt::format("ethosu: the NPU stopped with an error status at cycle {}: STATUS={:#010x}: {}", when, status, bits);
}
}  // namespace

void NpuWiring::install(PlatformHooks& hooks, memory::Interconnect*& bus) {
  hooks.make_npu = [this, &bus](const DeviceSpec& d, const NpuSpec& n, const DeviceContext& ctx,
                                std::string& error) -> std::unique_ptr<memory::Target> {
    if (bus == nullptr) return nullptr;
    // The preset's NPU was checked when it was made and when -C changed it (sim/params.cpp); a
    // configuration that still fails here is refused, never coerced.
    const auto npu_config = npu::npu_config_for(n.type, n.num_macs, error);
    if (!npu_config) return nullptr;
    npu::DeviceOptions opt;
    opt.npu = *npu_config;
    if (d.irq >= 0) opt.irq_line = static_cast<unsigned>(d.irq);
    auto sys = npu_system_config(n, error);  // the preset's, or the user's vela.ini
    if (!sys) return nullptr;
    opt.system = *sys;
    // With the memory system's timing present, the NPU's AXI traffic shares the memories with the
    // CPU (docs/memory-timing.md); without it the system config's bandwidths apply alone.
    opt.memory_timing = ctx.memory_timing;
    auto dev = std::make_unique<npu::EthosUDevice>(*bus, ctx.irq, ctx.time, opt);
    npu::EthosUDevice* p = dev.get();
    EventQueue* events = &ctx.events;
    p->set_schedule_callback([events, p](Cycles when) { events->schedule(when, [p](Cycles t) { p->update(t); }); });
    const TimeSource* time = &ctx.time;
    p->set_job_observer([this, p, time](const std::vector<npu::DeviceOp>& job) {
      ops_.insert(ops_.end(), job.begin(), job.end());
      if (first_error_.empty()) first_error_ = describe_error_status(p->status(), time->now());
    });
    if (op_observer_) p->set_operation_observer(op_observer_);
    device_ = p;
    return dev;
  };
}

}  // namespace corsim::sim
