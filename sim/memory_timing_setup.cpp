// Memory-system timing configuration from the platform preset and -C parameters
// (sim/memory_timing_setup.h; docs/memory-timing.md).
#include "sim/memory_timing_setup.h"

#include "base/parse_number.h"

#include <fmt/format.h>

#include <charconv>

#include "npu/timing/system_config.h"
#include "npu/timing/vela_ini.h"

namespace corsim::sim {

namespace {

// Vela's system config applied to the memories (Vela ethosu/config_files/Arm/vela.ini): SRAM-side
// memories get its Sram numbers; QSPI and DDR its OffChipFlash numbers (Shared_Sram) or Sram
// numbers (Sram_Only). Vela's cycles are NPU cycles; on the Corstone FVP the NPU and the platform
// share one clock.
std::string apply_vela_preset(PlatformPreset& p) {
  std::string error;
  auto sys = npu_system_config(p.npu, error);
  if (!sys) return error;
  const bool sram_only = sys->memory_mode == npu::timing::MemoryMode::kSramOnly;
  for (MemorySpec& m : p.memories) {
    if (m.name == "ITCM" || m.name == "DTCM") continue;
    const bool sram_side = m.name == "SRAM" || m.name == "ISRAM" || sram_only;
    const npu::timing::MemoryPort& port = sram_side ? sys->axi0 : sys->axi1;
    m.latency = port.read_latency;
    m.bandwidth = port.bytes_per_cycle;
  }
  return {};
}

}  // namespace

std::optional<npu::timing::SystemConfig> npu_system_config(const NpuSpec& n, std::string& error) {
  npu::NpuConfig product;
  product.product = n.type == "ethos-u85" ? npu::Product::kU85 : n.type == "ethos-u65" ? npu::Product::kU65
                                                                                     : npu::Product::kU55;
  std::optional<npu::timing::SystemConfig> sys;
  std::optional<npu::timing::MemoryMode> mode;
  if (!n.vela_config.empty()) {
    const auto ini = npu::timing::VelaIni::load(n.vela_config, error);
    if (!ini) return std::nullopt;
    sys = ini->system_config(n.system_config, product, error);
    if (!sys) return std::nullopt;
    mode = ini->memory_mode(n.memory_mode, error);
    // A preset's own mode name (e.g. Corstone-320's Dedicated_Sram_384KB) may not be in the file.
    if (!mode) mode = npu::timing::memory_mode_from_name(n.memory_mode);
  } else {
    sys = npu::timing::system_preset(n.system_config);
    if (!sys) {
      std::string names;
      for (std::string_view name : npu::timing::system_preset_names()) names += (names.empty() ? "" : ", ") + std::string(name);
      error = fmt::format("unknown system config '{}' (known: {}; or give memory.vela_config)", n.system_config, names);
      return std::nullopt;
    }
    mode = npu::timing::memory_mode_from_name(n.memory_mode);
  }
  sys->memory_mode = mode.value_or(npu::timing::MemoryMode::kSharedSram);
  return sys;
}

memory::timing::MemorySystemConfig memory_system_config(const PlatformPreset& preset) {
  memory::timing::MemorySystemConfig c = preset.memory_system;
  c.memories.clear();
  for (const MemorySpec& m : preset.memories) {
    memory::timing::MemoryRegion r;
    r.name = m.name;
    r.kind = m.name == "ITCM" ? memory::timing::MemoryKind::Itcm
             : m.name == "DTCM" ? memory::timing::MemoryKind::Dtcm
                                : memory::timing::MemoryKind::Axi;
    r.ns_base = m.ns_base;
    r.s_base = m.s_base;
    r.size = m.size;
    r.latency = m.latency;
    r.bytes_per_cycle = m.bandwidth > 0 ? m.bandwidth : 8;
    c.memories.push_back(r);
  }
  // The NPU's ports from the same system config as the NPU's own timing: a preset or the user's
  // vela.ini (a bad name or file was reported when the parameter was applied; then the defaults).
  // The ports' AXI outstanding-transaction limits are applied by the NPU's timing model
  // (npu/timing/axi_limits.h), which knows the registers the driver programmed.
  std::string error;
  if (auto sys = npu_system_config(preset.npu, error)) {
    c.npu_ports[0] = {sys->axi0.bytes_per_cycle, sys->axi0.read_latency, sys->axi0.write_latency};
    c.npu_ports[1] = {sys->axi1.bytes_per_cycle, sys->axi1.read_latency, sys->axi1.write_latency};
  }
  return c;
}

std::optional<std::string> apply_memory_timing_parameter(PlatformPreset& p, std::string_view name,
                                                         const std::string& value) {
  auto& ms = p.memory_system;
  auto flag = [&](bool& out) -> std::string {
    if (value == "0" || value == "1") {
      out = value == "1";
      return {};
    }
    return "expected 0 or 1";
  };
  if (name == "cpu0.icache-state_modelled" || name.ends_with(".cpu0.icache-state_modelled")) return flag(ms.icache.modelled);
  if (name == "cpu0.dcache-state_modelled" || name.ends_with(".cpu0.dcache-state_modelled")) return flag(ms.dcache.modelled);
  if (name == "cache.dcache.write_policy") {
    auto w = memory::timing::write_policy_from_name(value);
    if (!w) return std::string("expected auto, write-back or write-through");
    ms.write_policy = *w;
    return std::string{};
  }
  for (const char* which : {"icache", "dcache"}) {
    const std::string prefix = fmt::format("cache.{}.", which);
    if (!name.starts_with(prefix)) continue;
    memory::timing::CacheGeometry& g = std::string_view(which) == "icache" ? ms.icache.geometry : ms.dcache.geometry;
    const std::string_view field = name.substr(prefix.size());
    auto v = parse_double(value);
    if (!v || *v < 0 || *v > 16.0 * 1024 * 1024 || *v != static_cast<uint32_t>(*v)) return std::string("expected a whole number");
    memory::timing::CacheGeometry n = g;
    if (field == "size") n.size = static_cast<uint32_t>(*v);
    else if (field == "line") n.line = static_cast<uint32_t>(*v);
    else if (field == "ways") n.ways = static_cast<uint32_t>(*v);
    else return fmt::format("unknown cache field '{}' (size, line, ways)", field);
    if (n.size != 0 && !n.valid())
      return std::string("size, line and ways must be powers of two with size >= line x ways (size 0: no cache)");
    g = n;
    return std::string{};
  }
  if (name == "memory.vela_config") {
    std::string error;
    if (!npu::timing::VelaIni::load(value, error)) return error;
    p.npu.vela_config = value;
    return std::string{};  // the names that follow (memory.system_config, memory.mode) apply it
  }
  if (name == "memory.system_config" || name == "memory.mode") {
    if (name == "memory.mode") {
      if (p.npu.vela_config.empty() && !npu::timing::memory_mode_from_name(value))
        return std::string("expected Shared_Sram, Sram_Only or Dedicated_Sram (or give memory.vela_config)");
      if (!p.npu.vela_config.empty()) {
        std::string error;
        const auto ini = npu::timing::VelaIni::load(p.npu.vela_config, error);
        if (!ini || !ini->memory_mode(value, error)) return error;
      }
      p.npu.memory_mode = value;
    } else {
      p.npu.system_config = value;
    }
    return apply_vela_preset(p);
  }
  if (name.starts_with("memory.") && name.ends_with(".bandwidth")) {
    const std::string_view which = name.substr(7, name.size() - 7 - 10);
    MemorySpec* m = p.memory(which);
    if (!m) return fmt::format("platform {} has no memory '{}'", p.name, which);
    auto v = parse_double(value);
    if (!v || !(*v > 0) || *v > 1024) return std::string("expected bytes per cycle, > 0");
    m->bandwidth = *v;
    return std::string{};
  }
  return std::nullopt;
}

}  // namespace corsim::sim
