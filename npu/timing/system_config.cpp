#include "npu/timing/system_config.h"

#include "npu/executor.h"

namespace corsim::npu::timing {

namespace {
constexpr double kU55AxiBytes = 8;   // regor.cpp regor_set_system_config: "Ethos_U55*" -> 8 B
constexpr double kAxiBytes = 16;     // every other system config (same function)
}

std::optional<SystemConfig> system_preset(std::string_view name) {
  SystemConfig s;
  s.name = std::string(name);
  if (name == "Ethos_U55_High_End_Embedded") {
    s.npu_clock_hz = 500e6;
    s.axi0 = {"Sram", 1.0 * kU55AxiBytes, 32, 32, 32};
    s.axi1 = {"OffChipFlash", 0.125 * kU55AxiBytes, 64, 64, 128};
    return s;
  }
  if (name == "Ethos_U55_Deep_Embedded") {
    s.npu_clock_hz = 200e6;
    s.axi0 = {"Sram", 1.0 * kU55AxiBytes, 32, 32, 32};
    s.axi1 = {"OffChipFlash", 0.0625 * kU55AxiBytes, 64, 64, 128};
    return s;
  }
  // Ethos-U85 configs of Arm's vela.ini: bandwidth = clock_scale x 16 B x ports used.
  // For the U85, axi0 is the SRAM port and axi1 the EXT port (npu/ops/op_context.h region_port).
  if (name == "Ethos_U85_SYS_DRAM_Mid") {  // ExecuTorch's U85 default
    s.npu_clock_hz = 1e9;
    s.axi0 = {"Sram", 1.0 * kAxiBytes * 2, 32, 32, 64};
    s.axi1 = {"Dram", 0.75 * kAxiBytes * 1, 500, 250, 128};
    return s;
  }
  if (name == "Ethos_U85_SYS_DRAM_High") {
    s.npu_clock_hz = 1e9;
    s.axi0 = {"Sram", 1.0 * kAxiBytes * 4, 32, 32, 64};
    s.axi1 = {"Dram", 0.75 * kAxiBytes * 2, 500, 250, 128};
    return s;
  }
  if (name == "Ethos_U85_SYS_Flash_High") {
    s.npu_clock_hz = 500e6;
    s.axi0 = {"Sram", 1.0 * kAxiBytes * 2, 32, 32, 64};
    s.axi1 = {"OffChipFlash", 0.0625 * kAxiBytes * 1, 64, 64, 128};
    return s;
  }
  // Ambiq's config for the FPGA counts in ../shared/models/u85 (its ambiq_vela.ini): 100 MHz,
  // SRAM and "Dram" both clock_scale 2.5 x 2 ports = 80 B/cycle, latency 5, burst 128.
  if (name == "AmbiqLP_SRAM") {
    s.npu_clock_hz = 100e6;
    s.axi0 = {"Sram", 2.5 * kAxiBytes * 2, 5, 5, 128};
    s.axi1 = {"Dram", 2.5 * kAxiBytes * 2, 5, 5, 128};
    return s;
  }
  // Ambiq's Ethos-U85-256 FPGA as measured (issue 15; docs/npu.md "Calibration"): AmbiqLP_SRAM's
  // SRAM port, but the memory behind the EXT port delivers 3.65 B per NPU cycle, not the 80 B its
  // Vela section states (that section's own comment calls it "fake DRAM(sram) (0.2 GB/s)", i.e.
  // 2 B per cycle at 100 MHz). Evidence: the PMU's EXT_RD_TRANS_COMPLETED x 128 B equals the
  // region-0 bytes of all four FPGA networks (the weights went over EXT), and RNNoise, whose NPU
  // time is almost all weight streaming from EXT (MAC_ACTIVE 4% of ACTIVE), gives the bandwidth:
  // 129 KB of weights in 36,081 cycles. AD medium and KWS MicroNet-M are then predictions.
  if (name == "Ambiq_U85_FPGA") {
    s.npu_clock_hz = 100e6;
    s.axi0 = {"Sram", 2.5 * kAxiBytes * 2, 5, 5, 128};
    s.axi1 = {"Dram", 3.65, 5, 5, 128};
    return s;
  }
  return std::nullopt;
}

std::vector<std::string_view> system_preset_names() {
  return {"Ethos_U55_High_End_Embedded", "Ethos_U55_Deep_Embedded", "Ethos_U85_SYS_DRAM_Mid",
          "Ethos_U85_SYS_DRAM_High",     "Ethos_U85_SYS_Flash_High", "AmbiqLP_SRAM",
          "Ambiq_U85_FPGA"};
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
