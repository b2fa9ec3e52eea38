#include "npu/timing/system_config.h"

#include "npu/executor.h"

namespace corsim::npu::timing {

namespace {
constexpr double kU55AxiBytes = 8;   // regor.cpp regor_set_system_config: "Ethos_U55*" -> 8 B
constexpr double kAxiBytes = 16;     // every other system config (same function)

struct PortRow {
  const char* memory;
  double bytes_per_cycle;
  unsigned read_latency, write_latency, burst_bytes;
};
struct PresetRow {
  const char* name;
  double npu_clock_hz;
  PortRow axi0, axi1;  // for the U85, axi0 is the SRAM port, axi1 the EXT port (npu/ops/op_context.h region_port)
};

// Arm's vela.ini system configs (bandwidth = clock_scale x AXI bytes x ports used), then the two
// for Ambiq's U85 FPGA.
constexpr PresetRow kPresets[] = {
    {"Ethos_U55_High_End_Embedded", 500e6, {"Sram", 1.0 * kU55AxiBytes, 32, 32, 32},
     {"OffChipFlash", 0.125 * kU55AxiBytes, 64, 64, 128}},
    {"Ethos_U55_Deep_Embedded", 200e6, {"Sram", 1.0 * kU55AxiBytes, 32, 32, 32},
     {"OffChipFlash", 0.0625 * kU55AxiBytes, 64, 64, 128}},
    // ExecuTorch's U85 default.
    {"Ethos_U85_SYS_DRAM_Mid", 1e9, {"Sram", 1.0 * kAxiBytes * 2, 32, 32, 64}, {"Dram", 0.75 * kAxiBytes * 1, 500, 250, 128}},
    {"Ethos_U85_SYS_DRAM_High", 1e9, {"Sram", 1.0 * kAxiBytes * 4, 32, 32, 64}, {"Dram", 0.75 * kAxiBytes * 2, 500, 250, 128}},
    {"Ethos_U85_SYS_Flash_High", 500e6, {"Sram", 1.0 * kAxiBytes * 2, 32, 32, 64},
     {"OffChipFlash", 0.0625 * kAxiBytes * 1, 64, 64, 128}},
    // Ambiq's config for the FPGA counts in ../shared/models/u85 (its ambiq_vela.ini): 100 MHz,
    // SRAM and "Dram" both clock_scale 2.5 x 2 ports = 80 B/cycle, latency 5, burst 128.
    {"AmbiqLP_SRAM", 100e6, {"Sram", 2.5 * kAxiBytes * 2, 5, 5, 128}, {"Dram", 2.5 * kAxiBytes * 2, 5, 5, 128}},
    // Ambiq's Ethos-U85-256 FPGA as measured (issue 15; docs/npu.md "Calibration"): AmbiqLP_SRAM's
    // SRAM port, but the memory behind the EXT port delivers 3.65 B per NPU cycle, not the 80 B its
    // Vela section states (that section's own comment calls it "fake DRAM(sram) (0.2 GB/s)", i.e.
    // 2 B per cycle at 100 MHz). Evidence: the PMU's EXT_RD_TRANS_COMPLETED x 128 B equals the
    // region-0 bytes of all four FPGA networks (the weights went over EXT), and RNNoise, whose NPU
    // time is almost all weight streaming from EXT (MAC_ACTIVE 4% of ACTIVE), gives the bandwidth:
    // 129 KB of weights in 36,081 cycles. AD medium and KWS MicroNet-M are then predictions.
    {"Ambiq_U85_FPGA", 100e6, {"Sram", 2.5 * kAxiBytes * 2, 5, 5, 128}, {"Dram", 3.65, 5, 5, 128}},
};

MemoryPort port(const PortRow& r) { return {r.memory, r.bytes_per_cycle, r.read_latency, r.write_latency, r.burst_bytes}; }
}  // namespace

std::optional<SystemConfig> system_preset(std::string_view name) {
  for (const PresetRow& row : kPresets) {
    if (name != row.name) continue;
    SystemConfig s;
    s.name = std::string(name);
    s.npu_clock_hz = row.npu_clock_hz;
    s.axi0 = port(row.axi0);
    s.axi1 = port(row.axi1);
    return s;
  }
  return std::nullopt;
}

std::vector<std::string_view> system_preset_names() {
  std::vector<std::string_view> names;
  for (const PresetRow& row : kPresets) names.emplace_back(row.name);
  return names;
}

std::optional<MemoryMode> memory_mode_from_name(std::string_view name) {
  if (name == "Shared_Sram") return MemoryMode::kSharedSram;
  if (name == "Sram_Only") return MemoryMode::kSramOnly;
  if (name == "Dedicated_Sram") return MemoryMode::kDedicatedSram;
  return std::nullopt;
}

uint32_t region_config_for(MemoryMode mode) {
  // AXI_LIMIT settings 0/1 route to AXI0, 2/3 to AXI1 (npu/ops/op_context.h).
  switch (mode) {
    case MemoryMode::kSharedSram: return kDriverRegionCfg;
    case MemoryMode::kSramOnly: return kDriverRegionCfg & ~3u;
    case MemoryMode::kDedicatedSram: {
      uint32_t cfg = 0;
      for (unsigned r = 0; r < 8; ++r) cfg |= (r == 2 ? 0u : 3u) << (2 * r);
      return cfg;
    }
  }
  return kDriverRegionCfg;
}

}  // namespace corsim::npu::timing
