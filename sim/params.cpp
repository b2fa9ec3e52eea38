#include "sim/params.h"

#include "base/parse_number.h"
#include "npu/npu_config.h"

#include "sim/memory_timing_setup.h"

#include <charconv>
#include <functional>
#include <optional>
#include <set>

#include <fmt/format.h>

namespace corsim::sim {

namespace {

std::string unquote(std::string_view v) {
  if (v.size() >= 2 && ((v.front() == '"' && v.back() == '"') || (v.front() == '\'' && v.back() == '\''))) {
    v = v.substr(1, v.size() - 2);
  }
  return std::string(v);
}

std::optional<bool> parse_bool(std::string_view v) {
  if (v == "1" || v == "true" || v == "TRUE" || v == "True") return true;
  if (v == "0" || v == "false" || v == "FALSE" || v == "False") return false;
  return std::nullopt;
}

struct Context {
  PlatformPreset& preset;
  RunConfig& run;
};
// Applies a value; returns "" or the reason the value is bad.
using Setter = std::function<std::string(Context&, const std::string&)>;

Setter set_bool(std::function<void(Context&, bool)> f) {
  return [f](Context& c, const std::string& v) -> std::string {
    auto b = parse_bool(v);
    if (!b) return "expected 0 or 1";
    f(c, *b);
    return {};
  };
}

Setter set_u32(std::function<void(Context&, uint32_t)> f) {
  return [f](Context& c, const std::string& v) -> std::string {
    auto n = parse_uint(v);
    if (!n || *n > 0xFFFFFFFFu) return "expected a 32-bit unsigned number";
    f(c, static_cast<uint32_t>(*n));
    return {};
  };
}

Setter set_string(std::function<void(Context&, const std::string&)> f) {
  return [f](Context& c, const std::string& v) -> std::string {
    f(c, v);
    return {};
  };
}

// cpu0.CFGITCMSZ / CFGDTCMSZ: TCM size 2^(N-1) KiB (Cortex-M55 TRM configuration encoding; 15
// gives the 16 MiB maximum, which still fits below the next region of the Corstone-300 map).
Setter set_tcm(std::string name) {
  return [name](Context& c, const std::string& v) -> std::string {
    auto n = parse_uint(v);
    if (!n || *n < 1 || *n > 15) return "expected a TCM size code 1..15 (size = 2^(N-1) KiB)";
    MemorySpec* m = c.preset.memory(name);
    if (!m) return fmt::format("platform {} has no {}", c.preset.name, name);
    m->size = uint64_t{1024} << (*n - 1);
    return {};
  };
}

struct Param {
  std::string_view name;
  Setter set;
};

// Parameters accepted so that existing FVP command lines run, with no effect in corsim (no GUI,
// telnet, networking). They are reported once at debug level, not warned about.
constexpr std::string_view kIgnoredPrefixes[] = {
    "mps3_board.visualisation.", "mps3_board.telnetterminal", "vis_hdlcd.", "mps3_board.DISABLE_GATING",
    "mps3_board.smsc_91c111.", "hostbridge.", "mps4_board.visualisation.", "mps4_board.telnetterminal",
};

std::vector<Param> make_table() {
  std::vector<Param> t;
  t.push_back({"cpu0.semihosting-enable", set_bool([](Context& c, bool b) { c.run.semihosting_enabled = b; })});
  t.push_back({"cpu0.semihosting-cmd_line", set_string([](Context& c, const std::string& v) { c.run.semihosting_cmdline = v; })});
  t.push_back({"cpu0.semihosting-cwd", set_string([](Context& c, const std::string& v) { c.run.semihosting_root = v; })});
  t.push_back({"cpu0.semihosting-heap_base", set_u32([](Context& c, uint32_t v) { c.run.heap_base = v; })});
  t.push_back({"cpu0.semihosting-heap_limit", set_u32([](Context& c, uint32_t v) { c.run.heap_limit = v; })});
  t.push_back({"cpu0.semihosting-stack_base", set_u32([](Context& c, uint32_t v) { c.run.stack_base = v; })});
  t.push_back({"cpu0.semihosting-stack_limit", set_u32([](Context& c, uint32_t v) { c.run.stack_limit = v; })});
  t.push_back({"cpu0.CFGITCMSZ", set_tcm("ITCM")});
  t.push_back({"cpu0.CFGDTCMSZ", set_tcm("DTCM")});
  t.push_back({"cpu0.FPU", set_bool([](Context& c, bool b) { c.preset.cpu.has_fpu = b; })});
  // cpu0.MVE: 0 none, 1 integer, 2 integer + floating point.
  t.push_back({"cpu0.MVE", [](Context& c, const std::string& v) -> std::string {
                 auto n = parse_uint(v);
                 if (!n || *n > 2) return "expected 0, 1 or 2";
                 c.preset.cpu.has_mve = *n != 0;
                 return {};
               }});
  // ethosu.num_macs (Corstone-300) and mps4_board.subsystem.ethosu.num_macs (Corstone-320, matched
  // by suffix): the configurations of the platform's NPU (Ethos-U55: 32..256; Ethos-U85: 128..2048,
  // as Vela's regor architecture/ethosu55/ethos_u55.cpp and ethosu85/ethos_u85.cpp list them).
  t.push_back({"ethosu.num_macs", [](Context& c, const std::string& v) -> std::string {
                 auto n = parse_uint(v);
                 if (!n || *n > 4096) return "expected a MAC count";
                 std::string error;
                 if (!npu::npu_config_for(c.preset.npu.type, static_cast<uint32_t>(*n), error)) return error;
                 c.preset.npu.num_macs = static_cast<unsigned>(*n);
                 return {};
               }});
  t.push_back({"ethosu.extra_args", set_string([](Context& c, const std::string& v) { c.preset.npu.extra_args = v; })});
  return t;
}

// <board>.uartN.{out_file,shutdown_on_eot,shutdown_tag,unbuffered_output}, <board> being the
// preset's FVP board instance (mps3_board on Corstone-300, mps4_board on Corstone-320).
std::optional<std::string> apply_uart(Context& c, std::string_view name, const std::string& value, bool& matched) {
  matched = false;
  const std::string prefix_text = c.preset.fvp_board + ".uart";
  const std::string_view kPrefix = prefix_text;
  if (name.substr(0, kPrefix.size()) != kPrefix || name.size() < kPrefix.size() + 3) return std::nullopt;
  const char digit = name[kPrefix.size()];
  if (digit < '0' || digit > '9' || name[kPrefix.size() + 1] != '.') return std::nullopt;
  const unsigned index = static_cast<unsigned>(digit - '0');
  if (index >= c.preset.uarts.size()) return std::nullopt;
  const std::string_view field = name.substr(kPrefix.size() + 2);
  UartConsoleSpec& u = c.preset.uarts[index];
  matched = true;
  if (field == "out_file") { u.out_file = value; return std::string{}; }
  if (field == "shutdown_tag") { u.shutdown_tag = value; return std::string{}; }
  if (field == "shutdown_on_eot" || field == "unbuffered_output") {
    auto b = parse_bool(value);
    if (!b) return std::string("expected 0 or 1");
    (field == "shutdown_on_eot" ? u.shutdown_on_eot : u.unbuffered) = *b;
    return std::string{};
  }
  matched = false;
  return std::nullopt;
}

// corsim's own names for every preset value (docs/sim.md "-C parameters (FVP names)": every preset
// value can be overridden): platform.clock_hz, cpu.{vtor,num_irqs,priority_bits},
// memory.<NAME>.{base,secure_base,size,latency,rom}, device.<name>.{base,secure_base,size,irq}.
std::optional<std::string> apply_preset_value(Context& c, std::string_view name, const std::string& value) {
  auto num = parse_uint(value);
  auto need_u32 = [&]() -> std::optional<std::string> {
    if (!num || *num > 0xFFFFFFFFu) return std::string("expected a 32-bit unsigned number");
    return std::nullopt;
  };
  if (name == "platform.clock_hz") {
    if (!num || *num == 0) return std::string("expected a positive frequency in Hz");
    c.preset.clock_hz = *num;
    return std::string{};
  }
  if (name == "cpu.vtor" || name == "cpu.num_irqs" || name == "cpu.priority_bits") {
    if (auto e = need_u32()) return e;
    if (name == "cpu.vtor") c.preset.cpu.initial_vtor = static_cast<uint32_t>(*num);
    if (name == "cpu.num_irqs") {
      if (*num > 480) return std::string("Armv8-M has at most 480 external interrupts");
      c.preset.cpu.num_external_irqs = static_cast<unsigned>(*num);
    }
    if (name == "cpu.priority_bits") {
      if (*num < 2 || *num > 8) return std::string("expected 2..8 priority bits");
      c.preset.cpu.priority_bits = static_cast<unsigned>(*num);
    }
    return std::string{};
  }
  const bool is_memory = name.substr(0, 7) == "memory.";
  const bool is_device = name.substr(0, 7) == "device.";
  if (!is_memory && !is_device) return std::nullopt;
  const std::string_view rest = name.substr(7);
  const size_t dot = rest.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string_view which = rest.substr(0, dot), field = rest.substr(dot + 1);
  if (is_memory) {
    MemorySpec* m = c.preset.memory(which);
    if (!m) return fmt::format("platform {} has no memory '{}'", c.preset.name, which);
    if (field == "rom") {
      auto b = parse_bool(value);
      if (!b) return std::string("expected 0 or 1");
      m->rom = *b;
      return std::string{};
    }
    if (auto e = need_u32()) return e;
    const uint32_t v = static_cast<uint32_t>(*num);
    if (field == "base") m->ns_base = v;
    else if (field == "secure_base") m->s_base = v;
    else if (field == "size") m->size = v;
    else if (field == "latency") m->latency = v;
    else return fmt::format("unknown memory field '{}' (base, secure_base, size, latency, rom)", field);
    return std::string{};
  }
  DeviceSpec* d = c.preset.device(which);
  if (!d) return fmt::format("platform {} has no device '{}'", c.preset.name, which);
  if (field == "irq") {
    if (!num || *num >= c.preset.cpu.num_external_irqs) return std::string("expected an interrupt number below cpu.num_irqs");
    d->irq = static_cast<int>(*num);
    return std::string{};
  }
  if (auto e = need_u32()) return e;
  const uint32_t v = static_cast<uint32_t>(*num);
  if (field == "base") d->ns_base = v;
  else if (field == "secure_base") d->s_base = v;
  else if (field == "size") d->size = v;
  else return fmt::format("unknown device field '{}' (base, secure_base, size, irq)", field);
  return std::string{};
}

}  // namespace

ParamResult apply_parameters(PlatformPreset& preset, RunConfig& run) {
  ParamResult result;
  Context ctx{preset, run};
  const std::vector<Param> table = make_table();
  std::set<std::string> warned;
  for (const auto& [raw_name, raw_value] : run.params) {
    const std::string value = unquote(raw_value);
    // FVP allows an instance path in front ("cpu_core.cpu0.x" on some FVPs): match by suffix too.
    const Param* found = nullptr;
    for (const Param& p : table) {
      if (raw_name == p.name || (raw_name.size() > p.name.size() &&
                                 raw_name.compare(raw_name.size() - p.name.size(), p.name.size(), p.name) == 0 &&
                                 raw_name[raw_name.size() - p.name.size() - 1] == '.')) {
        found = &p;
        break;
      }
    }
    std::string problem;
    bool handled = false;
    if (found) {
      problem = found->set(ctx, value);
      handled = true;
    } else {
      bool matched = false;
      if (auto r = apply_uart(ctx, raw_name, value, matched); matched) {
        problem = *r;
        handled = true;
      } else if (auto m = apply_memory_timing_parameter(ctx.preset, raw_name, value)) {
        problem = *m;  // memory.<NAME>.bandwidth, cache.*, cpu0.*cache-state_modelled, memory.system_config/mode
        handled = true;
      } else if (auto p = apply_preset_value(ctx, raw_name, value)) {
        problem = *p;
        handled = true;
      }
    }
    if (!handled) {
      bool ignored = false;
      for (std::string_view prefix : kIgnoredPrefixes) {
        if (std::string_view(raw_name).substr(0, prefix.size()) == prefix) ignored = true;
      }
      if (!ignored && warned.insert(raw_name).second) {
        result.warnings.push_back(fmt::format("unknown parameter -C {} ignored", raw_name));
      }
      continue;
    }
    if (!problem.empty()) {
      result.error = fmt::format("bad value '{}' for -C {}: {}", value, raw_name, problem);
      return result;
    }
  }
  return result;
}

std::vector<std::string_view> known_parameter_names() {
  const std::vector<Param> table = make_table();
  std::vector<std::string_view> names;
  for (const Param& p : table) names.push_back(p.name);
  names.push_back("mps3_board.uart<N>.out_file (Corstone-320: mps4_board.uart<N>.*)");
  names.push_back("mps3_board.uart<N>.shutdown_on_eot");
  names.push_back("mps3_board.uart<N>.shutdown_tag");
  names.push_back("mps3_board.uart<N>.unbuffered_output");
  names.push_back("platform.clock_hz, cpu.{vtor,num_irqs,priority_bits} (corsim)");
  names.push_back("memory.<NAME>.{base,secure_base,size,latency,rom} (corsim; NAME: ITCM SRAM DTCM ISRAM QSPI DDR, Corstone-320 also BROM)");
  names.push_back("device.<name>.{base,secure_base,size,irq} (corsim; names in docs/sim.md)");
  names.push_back("memory.<NAME>.bandwidth, cache.{icache,dcache}.{size,line,ways}, cache.dcache.write_policy, "
                  "memory.system_config, memory.mode, cpu0.{icache,dcache}-state_modelled (docs/memory-timing.md)");
  return names;
}

}  // namespace corsim::sim
