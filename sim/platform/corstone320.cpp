// The Corstone-320 preset: FVP_Corstone_SSE-320 / MPS4 (SSE-320 + Cortex-M85 + Ethos-U85). Map:
// from Zephyr's boards/arm/mps4 (mps4_corstone320_fvp.dts, mps4_common.dtsi,
// mps4_common_soc_peripheral.dtsi) and ExecuTorch's examples/arm/executor_runner/Corstone-320.ld.
// What is assumed rather than read: docs/sim.md.
#include "sim/platform/preset.h"

#include "npu/timing/system_config.h"
#include "sim/platform/sse_common.h"

namespace corsim::sim {

using sse::device;
using sse::KiB;
using sse::MiB;

PlatformPreset corstone320_preset() {
  PlatformPreset p;
  p.name = "corstone-320";
  p.fvp_board = "mps4_board";
  p.cpu.model = cpu::CoreModel::CortexM85;
  p.cpu.priority_bits = 3;           // Zephyr mps4_common.dtsi: arm,num-irq-priority-bits = <3>
  p.cpu.num_external_irqs = 480;
  p.cpu.initial_vtor = 0x11000000;   // boots from the Boot ROM, where Corstone-320.ld puts .vectors
  p.clock_hz = 25'000'000;           // Zephyr mps4_common_soc_peripheral.dtsi sysclk

  // Memories (Secure aliases = Non-secure + 0x1000_0000 except BRAM and BROM). TCMs 32 KiB each
  // (the FVP default: Zephyr dts, Corstone-320.ld). BRAM is Secure 0x1200_0000 with its
  // Non-secure alias at 0x0100_0000 (Zephyr dts comment; Arm ml-embedded-evaluation-kit's SSE-320
  // mem_regions.h BRAM_BASE_NS). BROM is Secure only. DDR4 is one 2 GiB memory at
  // 0x6000_0000-0xDFFF_FFFF whose 256 MiB blocks alternate Non-secure/Secure (mps4_common.dtsi
  // "DDR4 - 2G, alternates non-secure/secure every 256M"; the MPC offsets in mem_regions.h are
  // distinct per block), so the four banks 0x6/0x8/0xA/0xC (NS) and 0x7/0x9/0xB/0xD (S) are
  // separate storage, not aliases; backed lazily page by page.
  // Timing: as Corstone-300's (sim/platform/corstone300.cpp); no public SSE-320 figures either.
  p.memories = {
      {"ITCM", 0x00000000, 0x10000000, 32 * KiB, false, 0, 8},
      {"BROM", 0x11000000, std::nullopt, 128 * KiB, true, 4, 8},
      {"SRAM", 0x01000000, 0x12000000, 2 * MiB, false, 4, 8},
      {"DTCM", 0x20000000, 0x30000000, 32 * KiB, false, 0, 8},
      {"ISRAM", 0x21000000, 0x31000000, 4 * MiB, false, 4, 8},
      {"QSPI", 0x28000000, 0x38000000, 8 * MiB, true, 16, 1},
      {"DDR", 0x60000000, std::nullopt, 2048 * MiB, false, 32, 8},
  };
  // Cortex-M85 L1 caches: the TRM allows 0-64 KiB each, I-cache 2-way, D-cache 4-way, 32-byte lines
  // (CMSIS core_cm85.h __SCB_DCACHE_LINE_SIZE 32; the ways as WikiChip gives them for the M55). The
  // FVP's default size was not found; 64 KiB (the largest) is assumed. -C
  // cache.{icache,dcache}.size.
  p.memory_system.icache = {{64 * KiB, 32, 2}, true};
  p.memory_system.dcache = {{64 * KiB, 32, 4}, true};

  p.npu.type = "ethos-u85";
  p.npu.num_macs = 256;
  p.npu.system_config = npu::timing::default_system_preset(true);
  p.npu.memory_mode = "Dedicated_Sram_384KB";      // ExecuTorch examples/arm/run.sh default

  auto& d = p.devices;
  sse::add_subsystem_blocks(p);
  // Ethos-U85 (Zephyr mps4_corstone320_fvp.dts: ethosu@50004000, interrupts = <16 3>).
  // Its register file reaches 0x13A0 (PMU at 0x1180, ethosu85_interface.h), so the window is 8 KiB.
  d.push_back(device("ethosu", DeviceKind::Npu, 0x40004000, 0x50004000, 16, 0x2000));
  // The MPS4 FPGA's NPU timing adapters (Secure 0x5110_2000 SRAM port, +0x400 external port:
  // ml-embedded-evaluation-kit's SSE-320 timing-adapter setup). Their stride is 0x400, not the
  // 0x200 of DeviceKind::TimingAdapters, so they are a reported stub here.
  d.push_back(device("ethosu-timing-adapters", DeviceKind::Stub, 0x41102000, 0x51102000));
  // MPS4 FPGA peripherals: peripheral window at 0x4000_0000/0x5000_0000 + offset
  // (Zephyr mps4_common_soc_peripheral.dtsi).
  d.push_back(device("gpio", DeviceKind::Stub, 0x40100000, 0x50100000, -1, 0x4000));
  d.push_back(device("ethernet", DeviceKind::Stub, 0x40400000, 0x50400000, -1, 0x100000));
  d.push_back(device("i2c-spi", DeviceKind::Stub, 0x48100000, 0x58100000, -1, 0x9000));
  d.push_back(device("fpgaio", DeviceKind::FpgaIo, 0x48202000, 0x58202000));
  sse::add_cmsdk_uarts(p, 0x48203000, 0x58203000);
  return p;
}

}  // namespace corsim::sim
