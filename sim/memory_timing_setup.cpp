// Memory-system timing configuration from the platform preset and -C parameters
// (sim/memory_timing_setup.h; docs/memory-timing.md).
#include "sim/memory_timing_setup.h"

#include "base/parse_number.h"

#include <fmt/format.h>

#include <charconv>

#include "npu/timing/system_config.h"

namespace corsim::sim {

namespace {

// Vela's system config applied to the memories (spec/ethos-u.md §5.2): SRAM-side memories get its
// Sram numbers; QSPI and DDR its OffChipFlash numbers (Shared_Sram) or Sram numbers (Sram_Only).
// Vela's cycles are NPU cycles; on the Corstone FVP the NPU and the platform share one clock.
std::string apply_vela_preset(PlatformPreset& p) {
  auto sys = npu::timing::system_preset(p.npu.system_config);
  if (!sys) return fmt::format("unknown system config '{}'", p.npu.system_config);
  const bool sram_only = p.npu.memory_mode == "Sram_Only";
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
  if (auto sys = npu::timing::system_preset(preset.npu.system_config)) {
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
  if (name == "memory.system_config" || name == "memory.mode") {
    if (name == "memory.mode") {
      if (value != "Shared_Sram" && value != "Sram_Only") return std::string("expected Shared_Sram or Sram_Only");
      p.npu.memory_mode = value;
    } else {
      if (!npu::timing::system_preset(value)) {
        std::string names;
        for (std::string_view n : npu::timing::system_preset_names()) names += (names.empty() ? "" : ", ") + std::string(n);
        return fmt::format("unknown system config (known: {})", names);
      }
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
