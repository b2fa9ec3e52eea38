#pragma once
// Instantiates a PlatformPreset on an Interconnect: one Ram per memory (mapped at its Non-secure
// address and at its Secure alias), one device object per device entry (both aliases), the UART
// consoles. Owns everything it creates. The NPU entry is a hook: the integrator passes a factory
// (PlatformHooks::make_npu); without one the NPU window is a reported RAZ/WI stub, as on QEMU.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "sim/devices/device_context.h"
#include "sim/devices/sse_timer.h"
#include "sim/platform/preset.h"

namespace corsim::sim {

class FpgaIo;
class TimingAdapters;

struct PlatformHooks {
  // Called when the run must end: UART EOT or shutdown tag. The argument says why.
  std::function<void(const std::string&)> request_stop;
  // Builds the NPU for the preset's DeviceKind::Npu entry (null: a stub is mapped).
  // A configuration the model refuses: null and one line in `error` (the platform is then unusable).
  std::function<std::unique_ptr<memory::Target>(const DeviceSpec&, const NpuSpec&, const DeviceContext&,
                                                std::string& error)>
      make_npu;
  // Called with the guest's console bytes just before a UART or semihosting writes them to stdout
  // (the progress line clears itself; --report-html keeps a copy).
  std::function<void(std::string_view)> on_stdout;
};

class Platform {
 public:
  // Returns the error line in `error` (and leaves the platform unusable) when a mapping fails,
  // e.g. an overridden memory size that overlaps the next region.
  Platform(const PlatformPreset& preset, memory::Interconnect& bus, const DeviceContext& ctx, PlatformHooks hooks,
           std::string& error);
  ~Platform();

  const PlatformPreset& preset() const { return preset_; }
  memory::Target* device(std::string_view name) const;
  memory::Ram* memory(std::string_view name) const;
  FpgaIo* fpgaio() const { return fpgaio_; }
  TimingAdapters* timing_adapters() const { return timing_adapters_; }
  memory::Target* npu() const { return npu_; }
  SseCounter& counter() { return counter_; }

 private:
  struct Console {
    std::FILE* file = nullptr;
    bool close = false;
    bool flush_each = true;
  };
  bool map_both(memory::Interconnect& bus, std::optional<uint32_t> ns, std::optional<uint32_t> s, uint64_t size,
                memory::Target& target, const std::string& name, std::string& error);

  PlatformPreset preset_;
  DeviceContext ctx_;
  PlatformHooks hooks_;
  SseCounter counter_;
  std::vector<std::unique_ptr<memory::Ram>> memories_;
  std::vector<std::pair<std::string, std::unique_ptr<memory::Target>>> devices_;
  std::vector<std::unique_ptr<Console>> consoles_;
  FpgaIo* fpgaio_ = nullptr;
  TimingAdapters* timing_adapters_ = nullptr;
  memory::Target* npu_ = nullptr;
};

}  // namespace corsim::sim
