#include "npu/timing/system_config.h"

#include "npu/executor.h"

namespace corsim::npu::timing {

namespace {
constexpr double kU55AxiBytes = 8;  // §5.1: "Ethos_U55*" system configs use an 8-byte AXI
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
  return std::nullopt;
}

std::vector<std::string_view> system_preset_names() {
  return {"Ethos_U55_High_End_Embedded", "Ethos_U55_Deep_Embedded"};
}

std::optional<MemoryMode> memory_mode_from_name(std::string_view name) {
  if (name == "Shared_Sram") return MemoryMode::kSharedSram;
  if (name == "Sram_Only") return MemoryMode::kSramOnly;
  return std::nullopt;
}

uint32_t region_config_for(MemoryMode mode) {
  // AXI_LIMIT settings 0/1 route to AXI0, 2/3 to AXI1 (npu/ops/op_context.h).
  return mode == MemoryMode::kSharedSram ? kDriverRegionCfg : (kDriverRegionCfg & ~3u);
}

}  // namespace corsim::npu::timing
