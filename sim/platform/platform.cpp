#include "sim/platform/platform.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "sim/devices/cmsdk_timer.h"
#include "sim/devices/cmsdk_uart.h"
#include "sim/devices/fpgaio.h"
#include "sim/devices/system_blocks.h"
#include "sim/devices/timing_adapter.h"

namespace corsim::sim {

Platform::Platform(const PlatformPreset& preset, memory::Interconnect& bus, const DeviceContext& ctx,
                   PlatformHooks hooks, std::string& error)
    : preset_(preset), ctx_(ctx), hooks_(std::move(hooks)), counter_(ctx.time) {
  ctx_.clock_hz = preset_.clock_hz;
  error.clear();
  for (const MemorySpec& m : preset_.memories) {
    if (m.size == 0 || m.size > 0xFFFFF000ull) {
      error = fmt::format("memory {}: unsupported size {:#x}", m.name, m.size);
      return;
    }
    auto ram = std::make_unique<memory::Ram>(m.name, static_cast<uint32_t>(m.size), m.latency, !m.rom);
    if (!map_both(bus, m.ns_base, m.s_base, m.size, *ram, m.name, error)) return;
    memories_.push_back(std::move(ram));
  }
  for (const DeviceSpec& d : preset_.devices) {
    std::unique_ptr<memory::Target> t;
    switch (d.kind) {
      case DeviceKind::CmsdkUart: {
        const unsigned index = static_cast<unsigned>(std::stoul(d.name.substr(4)));
        UartConsoleSpec spec;
        if (index < preset_.uarts.size()) {
          spec = preset_.uarts[index];
        } else {
          spec.out_file = "";
          spec.shutdown_on_eot = false;
        }
        auto console = std::make_unique<Console>();
        if (spec.out_file == "-") {
          console->file = stdout;
        } else if (!spec.out_file.empty()) {
          console->file = std::fopen(spec.out_file.c_str(), "wb");
          if (!console->file) {
            error = fmt::format("cannot open {} output file '{}': {}", d.name, spec.out_file, std::strerror(errno));
            return;
          }
          console->close = true;
        }
        console->flush_each = spec.unbuffered;
        // The guest's console through the host's stdio: unbuffered only when asked (unbuffered_output);
        // otherwise C stdio's own buffering of stdout (line-buffered to a terminal, block-buffered to a
        // file or pipe, ISO C 7.21.3p7). A runner printing hundreds of outputs then costs a few writes,
        // not one system call per byte (issue 17). Nothing is lost or reordered: semihosting console
        // writes go through the same stdout, the shutdown callback below flushes at EOT, main() flushes
        // when the run ends (EOT, exit, fault, limit, SIGINT), and ~Platform flushes every console.
        Console* c = console.get();
        consoles_.push_back(std::move(console));
        UartOptions options{spec.shutdown_on_eot, spec.shutdown_tag, d.irq, d.irq2};
        auto stop = hooks_.request_stop;
        auto on_stdout = hooks_.on_stdout;
        const std::string name = d.name;
        t = std::make_unique<CmsdkUart>(
            d.name, ctx_.irq, options,
            [c, on_stdout](uint8_t byte) {
              if (!c->file) return;
              if (on_stdout && c->file == stdout) on_stdout({reinterpret_cast<const char*>(&byte), 1});
              std::fputc(byte, c->file);
              if (c->flush_each) std::fflush(c->file);
            },
            [stop, name, c] {
              if (c->file) std::fflush(c->file);
              if (stop) stop(fmt::format("{}: end of transmission", name));
            });
        break;
      }
      case DeviceKind::SseTimer:
        t = std::make_unique<SseTimer>(d.name, ctx_, counter_, d.irq);
        break;
      case DeviceKind::SseCounterControl:
        t = std::make_unique<SseCounterControl>(counter_);
        break;
      case DeviceKind::SseCounterStatus:
        t = std::make_unique<SseCounterStatus>(counter_);
        break;
      case DeviceKind::CmsdkTimer:
        t = std::make_unique<CmsdkTimer>(d.name, ctx_, d.clock_hz, d.irq);
        break;
      case DeviceKind::FpgaIo: {
        auto f = std::make_unique<FpgaIo>(d.name, ctx_);
        fpgaio_ = f.get();
        t = std::move(f);
        break;
      }
      case DeviceKind::SysInfo:
        t = std::make_unique<SseSysInfo>();
        break;
      case DeviceKind::SysCtrl:
        t = std::make_unique<SseSysCtrl>(preset_.cpu.initial_vtor);
        break;
      case DeviceKind::Scc:
        t = std::make_unique<Mps3Scc>();
        break;
      case DeviceKind::TimingAdapters: {
        auto ta = std::make_unique<TimingAdapters>();
        timing_adapters_ = ta.get();
        t = std::move(ta);
        break;
      }
      case DeviceKind::Npu:
        if (hooks_.make_npu) {
          t = hooks_.make_npu(d, preset_.npu, ctx_, error);
          if (!error.empty()) return;
        }
        if (!t) t = std::make_unique<StubDevice>(d.name + " (NPU not modelled)");
        npu_ = t.get();
        break;
      case DeviceKind::Stub:
        t = std::make_unique<StubDevice>(d.name);
        break;
    }
    if (!map_both(bus, d.ns_base, d.s_base, d.size, *t, d.name, error)) return;
    devices_.emplace_back(d.name, std::move(t));
  }
}

Platform::~Platform() {
  for (auto& c : consoles_) {
    if (c->file) std::fflush(c->file);
    if (c->close) std::fclose(c->file);
  }
}

bool Platform::map_both(memory::Interconnect& bus, std::optional<uint32_t> ns, std::optional<uint32_t> s,
                        uint64_t size, memory::Target& target, const std::string& name, std::string& error) {
  const uint64_t mapped = (size + memory::kPageSize - 1) & ~uint64_t{memory::kPageSize - 1};
  if (ns && !bus.map(*ns, mapped, target, name + " (NS)")) {
    error = fmt::format("{} at {:#010x} (size {:#x}) overlaps another region or is misaligned", name, *ns, size);
    return false;
  }
  if (s && !bus.map(*s, mapped, target, name + " (S)")) {
    error = fmt::format("{} at {:#010x} (size {:#x}) overlaps another region or is misaligned", name, *s, size);
    return false;
  }
  return true;
}

memory::Target* Platform::device(std::string_view name) const {
  for (const auto& [n, t] : devices_) if (n == name) return t.get();
  return nullptr;
}

memory::Ram* Platform::memory(std::string_view name) const {
  for (const auto& m : memories_) if (m->name() == name) return m.get();
  return nullptr;
}

}  // namespace corsim::sim
