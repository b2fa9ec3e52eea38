#include "sim/npu_wiring.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace corsim::sim {

namespace {

// The register window of an NPU corsim does not model: every access answers a slave error and
// reports, once, why the run cannot go on.
class UnmodelledNpu final : public memory::Target {
 public:
  UnmodelledNpu(std::string name, std::string why, std::function<void(const std::string&)> report)
      : name_(std::move(name)), why_(std::move(why)), report_(std::move(report)) {}
  std::string_view name() const override { return name_; }
  memory::BusResponse read(uint32_t, unsigned, uint32_t& value, const memory::AccessAttrs&) override {
    value = 0;
    return refuse();
  }
  memory::BusResponse write(uint32_t, unsigned, uint32_t, const memory::AccessAttrs&) override { return refuse(); }

 private:
  memory::BusResponse refuse() {
    if (!reported_ && report_) report_(why_);
    reported_ = true;
    return {memory::BusStatus::SlaveError, 0};
  }
  std::string name_, why_;
  std::function<void(const std::string&)> report_;
  bool reported_ = false;
};

}  // namespace

void NpuWiring::install(PlatformHooks& hooks, memory::Interconnect*& bus) {
  hooks.make_npu = [this, &bus](const DeviceSpec& d, const NpuSpec& n,
                                const DeviceContext& ctx) -> std::unique_ptr<memory::Target> {
    if (n.type == "ethos-u85") {
      // The Ethos-U85 device model is not part of this build yet. CPU-only firmware still runs;
      // the first access to the NPU's registers is refused with one line (not a silent RAZ/WI
      // stub that a driver would poll forever).
      return std::make_unique<UnmodelledNpu>(
          d.name, fmt::format("{}: the Ethos-U85 NPU ({} MACs) is not modelled yet; Ethos-U55 programs run on "
                              "--platform corstone-300", d.name, n.num_macs),
          [this](const std::string& why) {
            if (on_unmodelled_) on_unmodelled_(why);
          });
    }
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
