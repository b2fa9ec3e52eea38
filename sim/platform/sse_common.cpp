#include "sim/platform/sse_common.h"

#include <fmt/format.h>

namespace corsim::sim::sse {

DeviceSpec device(std::string name, DeviceKind kind, std::optional<uint32_t> ns, std::optional<uint32_t> s, int irq,
                  uint32_t size) {
  DeviceSpec d;
  d.name = std::move(name);
  d.kind = kind;
  d.ns_base = ns;
  d.s_base = s;
  d.irq = irq;
  d.size = size;
  return d;
}

void add_subsystem_blocks(PlatformPreset& p) {
  auto& d = p.devices;
  d.push_back(device("timer0", DeviceKind::SseTimer, 0x48000000, 0x58000000, 3));
  d.push_back(device("timer1", DeviceKind::SseTimer, 0x48001000, 0x58001000, 4));
  d.push_back(device("timer2", DeviceKind::SseTimer, 0x48002000, 0x58002000, 5));
  d.push_back(device("timer3", DeviceKind::SseTimer, 0x48003000, 0x58003000, 27));
  d.push_back(device("sysinfo", DeviceKind::SysInfo, 0x48020000, 0x58020000));
  d.push_back(device("sysctrl", DeviceKind::SysCtrl, std::nullopt, 0x58021000));
  d.push_back(device("sys-ppu", DeviceKind::Stub, std::nullopt, 0x58022000));
  d.push_back(device("s32k-watchdog", DeviceKind::Stub, 0x4802E000, 0x5802E000));
  DeviceSpec s32k = device("s32k-timer", DeviceKind::CmsdkTimer, 0x4802F000, 0x5802F000, 2);
  s32k.clock_hz = 32'000;  // S32KCLK
  d.push_back(s32k);
  d.push_back(device("watchdog", DeviceKind::Stub, 0x48040000, 0x58040000, -1, 0x2000));
}

void add_system_counter(PlatformPreset& p) {
  p.devices.push_back(device("counter-status", DeviceKind::SseCounterStatus, 0x48101000, 0x58101000));
  p.devices.push_back(device("counter-control", DeviceKind::SseCounterControl, std::nullopt, 0x58100000));
}

void add_cmsdk_uarts(PlatformPreset& p, uint32_t ns_base, uint32_t s_base) {
  const int rx_irqs[6] = {33, 35, 37, 39, 41, 125};
  for (unsigned i = 0; i < 6; ++i) {
    DeviceSpec u = device(fmt::format("uart{}", i), DeviceKind::CmsdkUart, ns_base + 0x1000 * i, s_base + 0x1000 * i,
                          rx_irqs[i] + 1);
    u.irq2 = rx_irqs[i];
    p.devices.push_back(u);
  }
  p.uarts.resize(6);
  for (unsigned i = 1; i < 6; ++i) p.uarts[i].out_file = "";
}

}  // namespace corsim::sim::sse
