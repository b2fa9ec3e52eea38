#include "npu/timing/vela_ini.h"

#include "base/parse_number.h"
#include "base/text.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace corsim::npu::timing {

namespace {

// A number as Vela writes them ("100e6", "2.5", "64"), not negative, not infinite.
std::optional<double> number(std::string_view v) {
  const auto d = parse_double(v);
  if (!d || !(*d >= 0) || !std::isfinite(*d)) return std::nullopt;
  return d;
}

// A latency or burst length held as `unsigned`: converting a double beyond its range is undefined
// (C++17 [conv.fpint]); found by fuzz/vela_ini_fuzz.cpp (fuzz/regressions/vela_ini).
bool fits_unsigned(double v) { return v <= static_cast<double>(std::numeric_limits<unsigned>::max()); }

}  // namespace

std::optional<VelaIni> VelaIni::parse(std::string_view text, std::string& error) {
  VelaIni ini;
  std::string current;
  size_t line_no = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    if (const size_t c = line.find_first_of(";#"); c != std::string_view::npos) line = line.substr(0, c);
    line = trim_blanks(line);
    if (line.empty()) continue;
    if (line.front() == '[') {
      if (line.back() != ']' || line.size() < 3) {
        error = fmt::format("line {}: a section header must be [NAME]", line_no);
        return std::nullopt;
      }
      current = std::string(trim_blanks(line.substr(1, line.size() - 2)));
      ini.sections_[current];
      continue;
    }
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos || current.empty()) {
      error = fmt::format("line {}: expected KEY=VALUE inside a [section]", line_no);
      return std::nullopt;
    }
    ini.sections_[current][std::string(trim_blanks(line.substr(0, eq)))] = std::string(trim_blanks(line.substr(eq + 1)));
  }
  return ini;
}

std::optional<VelaIni> VelaIni::load(const std::string& path, std::string& error) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    error = fmt::format("cannot read Vela config '{}'", path);
    return std::nullopt;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  auto ini = parse(ss.str(), error);
  if (!ini) error = fmt::format("{}: {}", path, error);
  return ini;
}

std::optional<VelaIni::Section> VelaIni::resolved(const std::string& name, std::string& error) const {
  Section out;
  std::string at = name;
  for (int depth = 0; depth < 16; ++depth) {
    auto it = sections_.find(at);
    if (it == sections_.end()) {
      error = fmt::format("no section [{}]", at);
      return std::nullopt;
    }
    for (const auto& [k, v] : it->second) out.emplace(k, v);  // the inheriting section's keys win
    auto inh = it->second.find("inherit");
    if (inh == it->second.end()) {
      out.erase("inherit");
      return out;
    }
    at = inh->second;
  }
  error = fmt::format("[{}]: inherit= chain too long or circular", name);
  return std::nullopt;
}

std::optional<SystemConfig> VelaIni::system_config(std::string_view name, const NpuConfig& npu, std::string& error) const {
  const std::string section = "System_Config." + std::string(name);
  auto s = resolved(section, error);
  if (!s) return std::nullopt;
  auto get = [&](const std::string& key, std::optional<double> fallback) -> std::optional<double> {
    auto it = s->find(key);
    if (it == s->end()) {
      if (!fallback) error = fmt::format("[{}] has no {}", section, key);
      return fallback;
    }
    auto v = number(it->second);
    if (!v) error = fmt::format("[{}] {}={} is not a number", section, key, it->second);
    return v;
  };
  SystemConfig c;
  c.name = std::string(name);
  auto clock = get("core_clock", std::nullopt);
  if (!clock || *clock <= 0) {
    if (clock) error = fmt::format("[{}] core_clock must be positive", section);
    return std::nullopt;
  }
  c.npu_clock_hz = *clock;
  // The AXI data width of the NPU's ports (Arm Ethos-U55 TRM: 64-bit AXI; U65/U85: 128-bit).
  const double axi_bytes = npu.product == Product::kU55 ? 8 : 16;
  for (int p = 0; p < 2; ++p) {
    const std::string port_key = p == 0 ? "axi0_port" : "axi1_port";
    auto it = s->find(port_key);
    if (it == s->end()) {
      error = fmt::format("[{}] has no {}", section, port_key);
      return std::nullopt;
    }
    const std::string mem = it->second;
    auto scale = get(mem + "_clock_scale", 1.0), ports = get(mem + "_ports_used", 1.0),
         burst = get(mem + "_burst_length", 32.0), rd = get(mem + "_read_latency", 0.0),
         wr = get(mem + "_write_latency", 0.0);
    if (!scale || !ports || !burst || !rd || !wr) return std::nullopt;
    if (!fits_unsigned(*burst) || !fits_unsigned(*rd) || !fits_unsigned(*wr)) {
      error = fmt::format("[{}] {}: a latency or burst length above {} cycles or bytes", section, mem,
                          std::numeric_limits<unsigned>::max());
      return std::nullopt;
    }
    MemoryPort& port = p == 0 ? c.axi0 : c.axi1;
    port.memory = mem;
    port.bytes_per_cycle = *scale * axi_bytes * std::max(1.0, *ports);
    port.read_latency = static_cast<unsigned>(*rd);
    port.write_latency = static_cast<unsigned>(*wr);
    port.burst_bytes = static_cast<unsigned>(*burst);
    if (!(port.bytes_per_cycle > 0) || !std::isfinite(port.bytes_per_cycle)) {
      error = fmt::format("[{}] {}_clock_scale gives no usable bandwidth", section, mem);
      return std::nullopt;
    }
  }
  return c;
}

std::optional<MemoryMode> VelaIni::memory_mode(std::string_view name, std::string& error) const {
  const std::string section = "Memory_Mode." + std::string(name);
  auto s = resolved(section, error);
  if (!s) return std::nullopt;
  auto area = [&](const char* key) -> std::string {
    auto it = s->find(key);
    return it == s->end() ? std::string() : it->second;
  };
  const std::string konst = area("const_mem_area"), arena = area("arena_mem_area"), cache = area("cache_mem_area");
  if (konst == "Axi0" && arena == "Axi0") return MemoryMode::kSramOnly;
  if (konst == "Axi1" && arena == "Axi0") return MemoryMode::kSharedSram;
  if (konst == "Axi1" && arena == "Axi1" && cache == "Axi0") return MemoryMode::kDedicatedSram;
  error = fmt::format("[{}]: const_mem_area={}, arena_mem_area={}, cache_mem_area={} is not a memory mode corsim "
                      "models (Sram_Only, Shared_Sram, Dedicated_Sram)",
                      section, konst, arena, cache);
  return std::nullopt;
}

}  // namespace corsim::npu::timing
