#pragma once
// What the SSE-300 and SSE-320 presets share (platforms are data, written once: docs/sim.md "How to
// add a platform"): the DeviceSpec builder, the SSE-3xx subsystem blocks both subsystems place at
// the same addresses, and the six CMSDK UARTs with their interrupt pairs.
#include <cstdint>
#include <optional>
#include <string>

#include "sim/platform/preset.h"

namespace corsim::sim::sse {

constexpr uint64_t KiB = 1024, MiB = 1024 * KiB;

DeviceSpec device(std::string name, DeviceKind kind, std::optional<uint32_t> ns, std::optional<uint32_t> s,
                  int irq = -1, uint32_t size = 0x1000);

// The SSE-300 subsystem's own blocks (Corstone SSE-300 TRM "Memory map", as QEMU's mps3-an547 and
// Arm's SSE-300 platform_base_address.h place them): system timers 0..3 (IRQs 3, 4, 5, 27), SYSINFO,
// the Secure-only SYSCTRL and PPU, the S32K watchdog and timer (IRQ 2, 32 kHz) and the system
// watchdog. The SSE-320 preset assumes the same addresses (the SSE-3xx base element; no public
// SSE-320 address list was found: docs/sim.md "Corstone-320").
void add_subsystem_blocks(PlatformPreset& p);

// The SSE-300 system counter frames (read 0x4810_1000/0x5810_1000, control 0x5810_0000 Secure).
// Not on SSE-320: the MPS4 FPGA's I2C sits at 0x5810_0000 (Zephyr mps4_common_soc_peripheral.dtsi).
void add_system_counter(PlatformPreset& p);

// CMSDK APB UART0..5 at ns_base/s_base + 0x1000 * i, RX/TX IRQ pairs 33/34, 35/36, 37/38, 39/40,
// 41/42, 125/126 (the same on MPS3 and MPS4: Zephyr mps3_common_soc_peripheral.dtsi,
// mps4_common_soc_peripheral.dtsi). Only UART0 reaches the console by default.
void add_cmsdk_uarts(PlatformPreset& p, uint32_t ns_base, uint32_t s_base);

}  // namespace corsim::sim::sse
