// The Corstone-300 preset: FVP_Corstone_SSE-300_Ethos-U55 / MPS3 AN547 (Zephyr boards/arm/mps3
// mps3_corstone300_fvp.dts, mps3_common_soc_peripheral.dtsi; ExecuTorch Corstone-300.ld; the ML
// embedded evaluation kit's AN552 peripheral_memmap.h; SSE-300 block addresses and IRQs as QEMU's
// mps3-an547 model places them).
#include "sim/platform/preset.h"

#include "sim/platform/sse_common.h"

namespace corsim::sim {

using sse::device;
using sse::KiB;
using sse::MiB;

PlatformPreset corstone300_preset() {
  PlatformPreset p;
  p.name = "corstone-300";
  p.cpu.model = cpu::CoreModel::CortexM55;
  p.cpu.priority_bits = 3;
  p.cpu.num_external_irqs = 480;
  p.cpu.initial_vtor = 0x10000000;  // boots from the ITCM Secure alias
  p.clock_hz = 25'000'000;          // MPS3 sysclk (Zephyr mps3_corstone300_fvp.dts)

  // Memories. Code SRAM is 1 MiB on the FVP, 2 MiB on QEMU's AN547: 2 MiB so QEMU-built firmware
  // fits both. ISRAM: 2 MiB on the FVP, a 4 MiB window on QEMU: 4 MiB for the same reason. DDR is
  // 2 GiB flat at 0x6000_0000-0xDFFF_FFFF as QEMU maps it; ExecuTorch's linker script uses
  // 0x7000_0000 + 1.5 GiB, which lies inside. It is backed lazily, page by page.
  // Timing (latency to the first data in cycles, bandwidth in bytes per cycle;
  // docs/memory-timing.md): TCMs zero-wait; SRAMs 4 cycles (our guess of 4-8 core cycles) at the
  // 64-bit AXI width; QSPI 16 cycles at Vela's flash bandwidth (1 byte/cycle, vela.ini
  // Ethos_U55_High_End_Embedded); DDR 32 cycles (our guess of 30-60) at 8 bytes/cycle. No public
  // Corstone-300 figures exist; all are -C settable.
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
  sse::add_subsystem_blocks(p);  // SSE-300 subsystem (NS 0x4800_xxxx, S 0x5800_xxxx)
  sse::add_system_counter(p);
  d.push_back(device("fpga-ns-pc", DeviceKind::Stub, 0x48007000, 0x58007000));
  d.push_back(device("ethosu", DeviceKind::Npu, 0x48102000, 0x58102000, 56));
  d.push_back(device("ethosu-timing-adapters", DeviceKind::TimingAdapters, 0x48103000, 0x58103000));
  d.push_back(device("cpu0-pwrctrl", DeviceKind::Stub, 0x40012000, 0x50012000));
  d.push_back(device("cpu0core-ppu", DeviceKind::Stub, std::nullopt, 0x50023000));
  d.push_back(device("mgmt-ppu", DeviceKind::Stub, std::nullopt, 0x50028000));
  d.push_back(device("debug-ppu", DeviceKind::Stub, std::nullopt, 0x50029000));
  d.push_back(device("ram-ppus", DeviceKind::Stub, std::nullopt, 0x5002A000, -1, 0x4000));
  d.push_back(device("secctl", DeviceKind::Stub, 0x40080000, 0x50080000));
  d.push_back(device("isram-mpcs", DeviceKind::Stub, std::nullopt, 0x50083000, -1, 0x2000));
  d.push_back(device("mpcs", DeviceKind::Stub, std::nullopt, 0x57000000, -1, 0x3000));
  // MPS3 FPGA peripherals.
  d.push_back(device("gpio", DeviceKind::Stub, 0x41100000, 0x51100000, -1, 0x4000));
  d.push_back(device("i2c-spi", DeviceKind::Stub, 0x49200000, 0x59200000, -1, 0x9000));
  d.push_back(device("scc", DeviceKind::Scc, 0x49300000, 0x59300000));
  d.push_back(device("i2s", DeviceKind::Stub, 0x49301000, 0x59301000));
  d.push_back(device("fpgaio", DeviceKind::FpgaIo, 0x49302000, 0x59302000));
  sse::add_cmsdk_uarts(p, 0x49303000, 0x59303000);  // UART0..5 (AN552 peripheral_memmap.h)
  d.push_back(device("clcd", DeviceKind::Stub, 0x4930A000, 0x5930A000));
  d.push_back(device("rtc", DeviceKind::Stub, 0x4930B000, 0x5930B000));
  return p;
}

}  // namespace corsim::sim
