// The preset registry: every platform corsim knows, by name (--platform).
#include "sim/platform/preset.h"

namespace corsim::sim {

MemorySpec* PlatformPreset::memory(std::string_view n) {
  for (auto& m : memories) if (m.name == n) return &m;
  return nullptr;
}

DeviceSpec* PlatformPreset::device(std::string_view n) {
  for (auto& d : devices) if (d.name == n) return &d;
  return nullptr;
}

std::vector<std::string> preset_names() { return {"corstone-300", "corstone-320"}; }

std::optional<PlatformPreset> make_preset(std::string_view name) {
  if (name == "corstone-300") return corstone300_preset();
  if (name == "corstone-320") return corstone320_preset();
  return std::nullopt;
}

}  // namespace corsim::sim
