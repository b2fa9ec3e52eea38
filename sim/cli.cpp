#include "sim/cli.h"

#include "base/parse_number.h"
#include "base/text.h"

#include <charconv>
#include <fstream>
#include <cmath>
#include <functional>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "sim/params.h"
#include "sim/platform/preset.h"

namespace corsim::sim {

namespace {

// FILE@ADDR, FVP style; an FVP instance prefix ("cpu0=FILE@ADDR") is accepted and dropped.
std::string parse_data(std::string_view v, RunConfig& cfg) {
  const size_t at = v.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == v.size()) {
    return fmt::format("--data expects FILE@ADDRESS, got '{}'", v);
  }
  std::string_view file = v.substr(0, at);
  if (const size_t eq = file.find('='); eq != std::string_view::npos && file.substr(0, eq).find('/') == std::string_view::npos) {
    file = file.substr(eq + 1);
  }
  auto addr = parse_uint(v.substr(at + 1));
  if (!addr || *addr > 0xFFFFFFFFu) return fmt::format("--data: bad address '{}'", v.substr(at + 1));
  cfg.data.push_back({std::string(file), static_cast<uint32_t>(*addr)});
  return {};
}

// An FVP parameter file (-f): NAME=VALUE per line; blank lines and '#' comments skipped.
std::string read_parameter_file(const std::string& file, RunConfig& cfg) {
  std::ifstream in(file);
  if (!in) return fmt::format("cannot read parameter file '{}'", file);
  std::string line;
  for (unsigned n = 1; std::getline(in, line); ++n) {
    const std::string_view entry = trim_blanks(line);
    if (entry.empty() || entry.front() == '#') continue;
    const size_t eq = entry.find('=');
    if (eq == std::string::npos || eq == 0) return fmt::format("{}:{}: expected NAME=VALUE, got '{}'", file, n, entry);
    cfg.params.emplace_back(trim_blanks(entry.substr(0, eq)), trim_blanks(entry.substr(eq + 1)));
  }
  return {};
}

struct Option {
  std::string_view long_name;   // "--max-cycles"
  std::string_view short_name;  // "-q" or ""
  enum class Arg { None, Required, Optional } arg;
  std::string_view metavar;
  std::string_view help;
  std::function<std::string(CliResult&, std::string_view)> apply;
};

// An option whose value is kept as given in one RunConfig field.
std::function<std::string(CliResult&, std::string_view)> store(std::string RunConfig::*field) {
  return [field](CliResult& r, std::string_view v) {
    r.config.*field = std::string(v);
    return std::string();
  };
}

// --max-cycles and its FVP name --cyclelimit: a positive number of cycles.
std::function<std::string(CliResult&, std::string_view)> cycle_limit(std::string_view name) {
  return [name](CliResult& r, std::string_view v) -> std::string {
    auto n = parse_uint(v);
    if (!n || *n == 0) return fmt::format("{} expects a positive integer, got '{}'", name, v);
    r.config.max_cycles = *n;
    return {};
  };
}

// A positive, finite number of seconds kept in one RunConfig field: --timeout and its FVP names
// --timelimit and --cpulimit (host time), --simlimit (simulated time).
std::function<std::string(CliResult&, std::string_view)> seconds(std::string_view name,
                                                                 std::optional<double> RunConfig::*field) {
  return [name, field](CliResult& r, std::string_view v) -> std::string {
    const auto parsed = parse_double(v);
    const double s = parsed.value_or(0);
    if (!parsed || !(s > 0) || !std::isfinite(s)) {
      return fmt::format("{} expects a positive number of seconds, got '{}'", name, v);
    }
    r.config.*field = s;
    return {};
  };
}

std::vector<Option> options() {
  using A = Option::Arg;
  return {
      {"--platform", "", A::Required, "NAME", "platform preset: corstone-300 (default) or corstone-320",
       [](CliResult& r, std::string_view v) -> std::string {
         if (!make_preset(v)) return fmt::format("unknown platform '{}' (known: corstone-300, corstone-320)", v);
         r.config.platform = std::string(v);
         return {};
       }},
      {"--data", "", A::Required, "FILE@ADDR", "place FILE's bytes at ADDR before boot (repeatable)",
       [](CliResult& r, std::string_view v) { return parse_data(v, r.config); }},
      {"--semihosting-cmdline", "", A::Required, "STR", "the guest's command line (SYS_GET_CMDLINE)",
       store(&RunConfig::semihosting_cmdline)},
      {"--semihosting-root", "", A::Required, "DIR", "directory semihosting file access is confined to (default: cwd)",
       store(&RunConfig::semihosting_root)},
      {"--max-cycles", "", A::Required, "N", "stop after N cycles (exit status 4)", cycle_limit("--max-cycles")},
      {"--timeout", "", A::Required, "SECONDS", "stop after this much host time (exit status 4)",
       seconds("--timeout", &RunConfig::timeout_seconds)},
      {"--trace", "", A::Optional, "FILE", "instruction trace (cycle, pc, encoding, disassembly) to FILE or stderr",
       [](CliResult& r, std::string_view v) { r.config.trace = true; r.config.trace_file = std::string(v); return std::string(); }},
      {"--stats", "", A::Required, "FILE", "write run statistics as JSON to FILE ('-' = stderr)",
       store(&RunConfig::stats_file)},
      {"--report-json", "", A::Required, "FILE", "per-operator report as JSON (docs/report-schema.md)",
       store(&RunConfig::report_json)},
      {"--chrome-trace", "", A::Required, "FILE", "per-operator Chrome/Perfetto trace (CPU and NPU lanes)",
       store(&RunConfig::chrome_trace)},
      {"--etdump", "", A::Required, "FILE", "per-operator ETDump for ExecuTorch's Inspector (docs/e2e.md)",
       store(&RunConfig::etdump)},
      {"--report-html", "", A::Required, "FILE", "per-operator report as one self-contained HTML page (docs/report-schema.md)",
       store(&RunConfig::report_html)},
      {"--report-csv", "", A::Required, "FILE", "per-layer CSV with Vela's per-layer columns (docs/report-schema.md)",
       store(&RunConfig::report_csv)},
      {"--dump-tensors", "", A::Required, "DIR", "every operator's tensors and NPU outputs as .npy (docs/report-schema.md)",
       store(&RunConfig::dump_tensors)},
      {"", "-C", A::Required, "NAME=VALUE", "FVP-style parameter (e.g. -C ethosu.num_macs=256)",
       [](CliResult& r, std::string_view v) -> std::string {
         const size_t eq = v.find('=');
         if (eq == std::string_view::npos || eq == 0) return fmt::format("-C expects NAME=VALUE, got '{}'", v);
         r.config.params.emplace_back(std::string(v.substr(0, eq)), std::string(v.substr(eq + 1)));
         return {};
       }},
      // A user's Vela configuration (docs/npu.md): the same as -C memory.vela_config / .system_config
      // / .mode; the file goes first so the names that follow are looked up in it.
      {"--vela-config", "", A::Required, "FILE", "a Vela .ini; --system-config and --memory-mode name its sections",
       [](CliResult& r, std::string_view v) -> std::string {
         r.config.params.insert(r.config.params.begin(), {"memory.vela_config", std::string(v)});
         return {};
       }},
      {"--system-config", "", A::Required, "NAME", "the Vela system config of the NPU's memories (a preset, or a section of --vela-config)",
       [](CliResult& r, std::string_view v) -> std::string {
         r.config.params.emplace_back("memory.system_config", std::string(v));
         return {};
       }},
      {"--memory-mode", "", A::Required, "NAME", "the Vela memory mode (Shared_Sram, Sram_Only, Dedicated_Sram, or a section of --vela-config)",
       [](CliResult& r, std::string_view v) -> std::string {
         r.config.params.emplace_back("memory.mode", std::string(v));
         return {};
       }},
      {"--cpu", "", A::Required, "CORE", "core: cortex-m55 or cortex-m85, its features (PACBTI on the M85) and timing model (default: the platform's core; docs/timing.md)",
       [](CliResult& r, std::string_view v) -> std::string {
         if (v != "cortex-m55" && v != "cortex-m85") return fmt::format("--cpu expects cortex-m55 or cortex-m85, got '{}'", v);
         r.config.cpu = std::string(v);
         return {};
       }},
      {"--timing", "", A::Required, "on|off", "cycle-approximate CPU timing (default on); off = 1 cycle per instruction",
       [](CliResult& r, std::string_view v) -> std::string {
         if (v != "on" && v != "off") return fmt::format("--timing expects on or off, got '{}'", v);
         r.config.timing = v == "on";
         return {};
       }},
      {"--cpu-engine", "", A::Required, "interp|jit",
       "how untraced runs execute the CPU, timed or not: the block JIT (default; x86-64 hosts, else the interpreter) or the interpreter (docs/cpu.md \"Block JIT\")",
       [](CliResult& r, std::string_view v) -> std::string {
         if (v != "interp" && v != "jit") return fmt::format("--cpu-engine expects interp or jit, got '{}'", v);
         r.config.cpu_engine = v == "jit" ? cpu::CpuEngine::Jit : cpu::CpuEngine::Interpreter;
         return {};
       }},
      {"--gdb", "", A::Required, "PORT", "GDB server on 127.0.0.1:PORT (0: any free port; docs/sim.md \"GDB server\")",
       [](CliResult& r, std::string_view v) -> std::string {
         auto n = parse_uint(v);
         if (!n || *n > 65535) return fmt::format("--gdb expects a TCP port (0-65535), got '{}'", v);
         r.config.gdb_port = static_cast<uint16_t>(*n);
         return {};
       }},
      {"--gdb-wait", "", A::None, "", "with --gdb: hold the core at reset until GDB attaches",
       [](CliResult& r, std::string_view) { r.config.gdb_wait = true; return std::string(); }},
      {"--quiet", "-q", A::None, "", "only warnings and errors on stderr",
       [](CliResult& r, std::string_view) { r.config.quiet = true; return std::string(); }},
      {"--help", "-h", A::None, "", "show this help",
       [](CliResult& r, std::string_view) { r.show_help = true; return std::string(); }},
      {"--version", "", A::None, "", "show the version",
       [](CliResult& r, std::string_view) { r.show_version = true; return std::string(); }},
      // FVP spellings, so FVP command lines keep working.
      {"--timelimit", "", A::Required, "SECONDS", "same as --timeout (FVP name)",
       seconds("--timelimit", &RunConfig::timeout_seconds)},
      {"--cyclelimit", "", A::Required, "N", "same as --max-cycles (FVP name)", cycle_limit("--cyclelimit")},
      {"--cpulimit", "", A::Required, "SECONDS", "same as --timeout (FVP name: host CPU seconds)",
       seconds("--cpulimit", &RunConfig::timeout_seconds)},
      {"--simlimit", "", A::Required, "SECONDS", "stop after this much simulated time (FVP name; exit status 4)",
       seconds("--simlimit", &RunConfig::simulated_seconds)},
      {"--config-file", "-f", A::Required, "FILE", "FVP parameter file: one NAME=VALUE per line, '#' comments (FVP name)",
       [](CliResult& r, std::string_view v) { return read_parameter_file(std::string(v), r.config); }},
      {"--no-progress", "", A::None, "", "no progress line on a terminal (shown on stderr when it is a TTY)",
       [](CliResult& r, std::string_view) { r.no_progress = true; return std::string(); }},
      {"--stat", "", A::None, "", "print run statistics (JSON) on stderr at exit (FVP name)",
       [](CliResult& r, std::string_view) {
         if (r.config.stats_file.empty()) r.config.stats_file = "-";
         return std::string();
       }},
      {"--application", "-a", A::Required, "FILE", "the firmware ELF (FVP name; an 'instance=' prefix is dropped)",
       [](CliResult& r, std::string_view v) -> std::string {
         if (const size_t eq = v.find('='); eq != std::string_view::npos) v = v.substr(eq + 1);
         if (!r.config.firmware.empty()) return "more than one firmware ELF given";
         r.config.firmware = std::string(v);
         return {};
       }},
  };
}

}  // namespace

CliResult parse_command_line(const std::vector<std::string>& args) {
  CliResult r;
  const std::vector<Option> opts = options();
  std::vector<std::string> positionals;
  bool only_positionals = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (only_positionals || a.size() < 2 || a[0] != '-') {
      positionals.push_back(a);
      continue;
    }
    if (a == "--") {
      only_positionals = true;
      continue;
    }
    const Option* match = nullptr;
    std::optional<std::string> value;
    for (const Option& o : opts) {
      if (!o.long_name.empty() && a.rfind(o.long_name, 0) == 0) {
        if (a.size() == o.long_name.size()) { match = &o; break; }
        if (a[o.long_name.size()] == '=') { match = &o; value = a.substr(o.long_name.size() + 1); break; }
      }
      if (!o.short_name.empty() && a.rfind(o.short_name, 0) == 0) {
        if (a.size() == o.short_name.size()) { match = &o; break; }
        if (o.arg == Option::Arg::Required) { match = &o; value = a.substr(o.short_name.size()); break; }  // -CNAME=V
      }
    }
    if (!match) {
      r.error = fmt::format("unknown option '{}' (see --help)", a);
      return r;
    }
    if (match->arg == Option::Arg::None && value) {
      r.error = fmt::format("option '{}' takes no value", match->long_name);
      return r;
    }
    if (match->arg == Option::Arg::Required && !value) {
      if (i + 1 >= args.size()) {
        r.error = fmt::format("option '{}' needs a value ({})", a, match->metavar);
        return r;
      }
      value = args[++i];
    }
    if (std::string e = match->apply(r, value.value_or("")); !e.empty()) {
      r.error = std::move(e);
      return r;
    }
  }
  if (r.show_help || r.show_version) return r;
  // Positionals: the firmware ELF. (The model .pte joins here later.)
  for (const std::string& p : positionals) {
    if (r.config.firmware.empty()) {
      r.config.firmware = p;
    } else {
      r.error = fmt::format("unexpected argument '{}' (one firmware ELF expected)", p);
      return r;
    }
  }
  if (r.config.firmware.empty()) r.error = "no firmware ELF given (usage: corsim [options] firmware.elf)";
  if (r.error.empty() && r.config.gdb_wait && !r.config.gdb_port) r.error = "--gdb-wait needs --gdb PORT";
  return r;
}

std::string usage_text() {
  std::string s =
      "usage: corsim [options] firmware.elf\n"
      "Runs bare-metal Arm firmware on a simulated Corstone platform.\n\noptions:\n";
  for (const Option& o : options()) {
    std::string names = o.short_name.empty() ? std::string(o.long_name)
                        : o.long_name.empty() ? std::string(o.short_name)
                                              : fmt::format("{}, {}", o.short_name, o.long_name);
    if (o.arg == Option::Arg::Required) names += fmt::format(" {}", o.metavar);
    if (o.arg == Option::Arg::Optional) names += fmt::format("[={}]", o.metavar);
    s += fmt::format("  {:<34} {}\n", names, o.help);
  }
  s += "\nexit status (docs/sim.md): 0 success (EOT on UART0, or semihosting exit 0); a guest's own\n"
       "  semihosting exit code; 1 the firmware reported a failure; 2 bad input; 3 guest fault;\n"
       "  4 timeout or cycle limit; 5 model/input could not be loaded; 6 model failed while running;\n"
       "  7 NPU error status; 8 semihosting misuse; 130 interrupted (SIGINT).\n"
       "\n-C parameters understood:\n";
  for (std::string_view n : known_parameter_names()) s += fmt::format("  {}\n", n);
  s += "  (display/telnet/networking parameters of the FVP are accepted and ignored)\n";
  return s;
}

}  // namespace corsim::sim
