#pragma once
// A user's Vela configuration file (`vela.ini`, the format of Arm's ethos-u-vela
// `ethosu/config_files/Arm/vela.ini` and Vela's `architecture_features.py` / regor
// `architecture/ethos_u_scaling` readers), read as Vela reads it:
// `[System_Config.NAME]` sections give the core clock, which memory is behind each AXI port and,
// per memory, its clock scale, ports used, burst length and read/write latency;
// `[Memory_Mode.NAME]` sections say where constants, the arena and the cache live; `inherit=`
// copies another section first; `;` and `#` start comments. So a user with their own vela.ini gets
// their memory system in the NPU timing, not a preset.
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "npu/npu_config.h"
#include "npu/timing/system_config.h"

namespace corsim::npu::timing {

class VelaIni {
 public:
  // Parses `text`; on a syntax error returns nullopt and `error` names the line.
  static std::optional<VelaIni> parse(std::string_view text, std::string& error);
  // Reads and parses a file; an unreadable file is an error like a bad one.
  static std::optional<VelaIni> load(const std::string& path, std::string& error);

  // The system config NAME for `npu` (whose AXI data width is 8 bytes on the U55, 16 on the
  // U65/U85: hardware facts, not Vela's name-based rule), or nullopt with `error`.
  std::optional<SystemConfig> system_config(std::string_view name, const NpuConfig& npu, std::string& error) const;
  // The memory mode NAME as the regions' ports, or nullopt with `error`.
  std::optional<MemoryMode> memory_mode(std::string_view name, std::string& error) const;

 private:
  using Section = std::map<std::string, std::string>;
  // The section with its inherit= chain applied (bounded, so a cycle is an error).
  std::optional<Section> resolved(const std::string& name, std::string& error) const;

  std::map<std::string, Section> sections_;
};

}  // namespace corsim::npu::timing
