#pragma once
// The memory system around the NPU: clock, and for each AXI port the memory behind it with its
// bandwidth and latency. Presets follow Vela's ethosu/config_files/Arm/vela.ini system configs;
// bandwidth in bytes per NPU cycle = clock_scale x AXI width (8 B for "Ethos_U55*", regor.cpp).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace corsim::npu::timing {

struct MemoryPort {
  std::string memory;          // "Sram", "OffChipFlash"
  double bytes_per_cycle = 8;  // in NPU cycles
  unsigned read_latency = 32;  // NPU cycles
  unsigned write_latency = 32;
  unsigned burst_bytes = 32;
};

// Where the regions live (Vela's vela.ini memory modes): Shared_Sram constants on AXI1 and the
// arena on AXI0; Sram_Only everything on AXI0; Dedicated_Sram constants and arena on AXI1, only the
// cache (fast scratch, region 2) on AXI0.
enum class MemoryMode : uint8_t { kSharedSram, kSramOnly, kDedicatedSram };

struct SystemConfig {
  std::string name;
  double npu_clock_hz = 500e6;
  MemoryPort axi0;  // SRAM
  MemoryPort axi1;  // flash / DRAM
  MemoryMode memory_mode = MemoryMode::kSharedSram;
  // Per-operation fixed cost (command fetch, block setup, pipeline fill/drain). Vela does not
  // model it. 0 in every preset: the U85 FPGA counts bound it below ~360 cycles per operation
  // (ResNet-8) and no measured pair isolates it (docs/npu.md "Calibration").
  unsigned op_overhead_cycles = 0;
};

std::optional<SystemConfig> system_preset(std::string_view name);
std::optional<MemoryMode> memory_mode_from_name(std::string_view name);
std::vector<std::string_view> system_preset_names();

// ExecuTorch's defaults (backends/arm/ethosu/compile_spec.py): the U55 Ethos_U55_High_End_Embedded
// with Shared_Sram, the U85 Ethos_U85_SYS_DRAM_Mid with Sram_Only.
inline std::string_view default_system_preset(bool u85) {
  return u85 ? "Ethos_U85_SYS_DRAM_Mid" : "Ethos_U55_High_End_Embedded";
}
inline std::string_view default_memory_mode(bool u85) { return u85 ? "Sram_Only" : "Shared_Sram"; }

// REGIONCFG for a memory mode (which AXI port each region uses): Shared_Sram puts region 0
// (constants) on AXI1 as the Ethos-U driver does; Sram_Only puts every region on AXI0;
// Dedicated_Sram puts every region but 2 (the fast scratch) on AXI1.
uint32_t region_config_for(MemoryMode mode);

}  // namespace corsim::npu::timing
