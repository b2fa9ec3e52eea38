// The Corstone-300 preset: FVP_Corstone_SSE-300_Ethos-U55 / MPS3 AN547 (spec/cortex-m.md §3.1;
// SSE-300 block addresses and IRQs as QEMU's mps3-an547 model places them).
#include "sim/platform/preset.h"

#include <fmt/format.h>

namespace corsim::sim {

namespace {
constexpr uint64_t KiB = 1024, MiB = 1024 * KiB;

DeviceSpec dev(std::string name, DeviceKind kind, std::optional<uint32_t> ns, std::optional<uint32_t> s,
               int irq = -1, uint32_t size = 0x1000) {
  DeviceSpec d;
  d.name = std::move(name);
  d.kind = kind;
  d.ns_base = ns;
  d.s_base = s;
  d.irq = irq;
  d.size = size;
  return d;
}
}  // namespace

PlatformPreset corstone300_preset() {
  PlatformPreset p;
  p.name = "corstone-300";
  p.cpu.model = cpu::CoreModel::CortexM55;
  p.cpu.priority_bits = 3;
  p.cpu.num_external_irqs = 480;
  p.cpu.initial_vtor = 0x10000000;  // boots from the ITCM Secure alias
  p.clock_hz = 25'000'000;          // MPS3 sysclk as the FVP reports it (spec §3.1)

  // Memories. Code SRAM is 1 MiB on the FVP, 2 MiB on QEMU's AN547: 2 MiB so QEMU-built firmware
  // fits both. ISRAM: 2 MiB on the FVP, a 4 MiB window on QEMU: 4 MiB for the same reason.
  // DDR is 2 GiB flat at 0x6000_0000-0xDFFF_FFFF as QEMU maps it; ExecuTorch's linker script uses
  // 0x7000_0000 + 1.5 GiB, which lies inside. It is backed lazily, page by page.
  // Timing (latency to the first data in cycles, bandwidth in bytes per cycle; docs/memory-timing.md):
  // TCMs zero-wait; SRAMs 4 cycles (spec/cortex-m.md §1.5: "4-8 core cycles") at the 64-bit AXI
  // width; QSPI 16 cycles at Vela's flash bandwidth (1 byte/cycle); DDR 32 cycles (§1.5's 30-60
  // guess) at 8 bytes/cycle. No public Corstone-300 figures exist; all are -C settable.
  p.memories = {
      {"ITCM", 0x00000000, 0x10000000, 512 * KiB, false, 0, 8},
      {"SRAM", 0x01000000, 0x11000000, 2 * MiB, false, 4, 8},
      {"DTCM", 0x20000000, 0x30000000, 512 * KiB, false, 0, 8},
      {"ISRAM", 0x21000000, 0x31000000, 4 * MiB, false, 4, 8},
      {"QSPI", 0x28000000, 0x38000000, 8 * MiB, true, 16, 1},
      {"DDR", 0x60000000, std::nullopt, 2048 * MiB, false, 32, 8},
  };
  // Cortex-M55 L1 caches as Corstone-300 configures them (CCSIDR in cpu/scs/scb_registers.cpp):
  // 32 KiB 2-way I-cache, 32 KiB 4-way D-cache, 32-byte lines; policy from the memory map.
  p.memory_system.icache = {{32 * KiB, 32, 2}, true};
  p.memory_system.dcache = {{32 * KiB, 32, 4}, true};

  auto& d = p.devices;
  // SSE-300 subsystem (NS 0x4800_xxxx, S 0x5800_xxxx).
  d.push_back(dev("timer0", DeviceKind::SseTimer, 0x48000000, 0x58000000, 3));
  d.push_back(dev("timer1", DeviceKind::SseTimer, 0x48001000, 0x58001000, 4));
  d.push_back(dev("timer2", DeviceKind::SseTimer, 0x48002000, 0x58002000, 5));
  d.push_back(dev("timer3", DeviceKind::SseTimer, 0x48003000, 0x58003000, 27));
  d.push_back(dev("fpga-ns-pc", DeviceKind::Stub, 0x48007000, 0x58007000));
  d.push_back(dev("sysinfo", DeviceKind::SysInfo, 0x48020000, 0x58020000));
  d.push_back(dev("sysctrl", DeviceKind::SysCtrl, std::nullopt, 0x58021000));
  d.push_back(dev("sys-ppu", DeviceKind::Stub, std::nullopt, 0x58022000));
  d.push_back(dev("s32k-watchdog", DeviceKind::Stub, 0x4802E000, 0x5802E000));
  {
    DeviceSpec t = dev("s32k-timer", DeviceKind::CmsdkTimer, 0x4802F000, 0x5802F000, 2);
    t.clock_hz = 32'000;  // S32KCLK
    d.push_back(t);
  }
  d.push_back(dev("watchdog", DeviceKind::Stub, 0x48040000, 0x58040000, -1, 0x2000));
  d.push_back(dev("counter-status", DeviceKind::SseCounterStatus, 0x48101000, 0x58101000));
  d.push_back(dev("counter-control", DeviceKind::SseCounterControl, std::nullopt, 0x58100000));
  d.push_back(dev("ethosu", DeviceKind::Npu, 0x48102000, 0x58102000, 56));
  d.push_back(dev("ethosu-timing-adapters", DeviceKind::TimingAdapters, 0x48103000, 0x58103000));
  d.push_back(dev("cpu0-pwrctrl", DeviceKind::Stub, 0x40012000, 0x50012000));
  d.push_back(dev("cpu0core-ppu", DeviceKind::Stub, std::nullopt, 0x50023000));
  d.push_back(dev("mgmt-ppu", DeviceKind::Stub, std::nullopt, 0x50028000));
  d.push_back(dev("debug-ppu", DeviceKind::Stub, std::nullopt, 0x50029000));
  d.push_back(dev("ram-ppus", DeviceKind::Stub, std::nullopt, 0x5002A000, -1, 0x4000));
  d.push_back(dev("secctl", DeviceKind::Stub, 0x40080000, 0x50080000));
  d.push_back(dev("isram-mpcs", DeviceKind::Stub, std::nullopt, 0x50083000, -1, 0x2000));
  d.push_back(dev("mpcs", DeviceKind::Stub, std::nullopt, 0x57000000, -1, 0x3000));
  // MPS3 FPGA peripherals.
  d.push_back(dev("gpio", DeviceKind::Stub, 0x41100000, 0x51100000, -1, 0x4000));
  d.push_back(dev("i2c-spi", DeviceKind::Stub, 0x49200000, 0x59200000, -1, 0x9000));
  d.push_back(dev("scc", DeviceKind::Scc, 0x49300000, 0x59300000));
  d.push_back(dev("i2s", DeviceKind::Stub, 0x49301000, 0x59301000));
  d.push_back(dev("fpgaio", DeviceKind::FpgaIo, 0x49302000, 0x59302000));
  // CMSDK UART0..5; IRQ pairs (RX, TX): 33/34, 35/36, 37/38, 39/40, 41/42, 125/126 (spec §3.1).
  const int rx_irqs[6] = {33, 35, 37, 39, 41, 125};
  for (unsigned i = 0; i < 6; ++i) {
    DeviceSpec u = dev(fmt::format("uart{}", i), DeviceKind::CmsdkUart, 0x49303000 + 0x1000 * i,
                       0x59303000 + 0x1000 * i, rx_irqs[i] + 1);
    u.irq2 = rx_irqs[i];
    d.push_back(u);
  }
  d.push_back(dev("clcd", DeviceKind::Stub, 0x4930A000, 0x5930A000));
  d.push_back(dev("rtc", DeviceKind::Stub, 0x4930B000, 0x5930B000));

  p.uarts.resize(6);
  for (unsigned i = 1; i < 6; ++i) p.uarts[i].out_file = "";  // only UART0 reaches the console by default
  return p;
}

MemorySpec* PlatformPreset::memory(std::string_view n) {
  for (auto& m : memories) if (m.name == n) return &m;
  return nullptr;
}

DeviceSpec* PlatformPreset::device(std::string_view n) {
  for (auto& d : devices) if (d.name == n) return &d;
  return nullptr;
}

std::vector<std::string> preset_names() { return {"corstone-300"}; }

std::optional<PlatformPreset> make_preset(std::string_view name) {
  if (name == "corstone-300") return corstone300_preset();
  return std::nullopt;
}

}  // namespace corsim::sim
