// corsim: run bare-metal Arm firmware on a simulated Corstone platform (docs/sim.md).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "sim/cli.h"
#include "sim/etdump_writer.h"
#include "sim/npu_wiring.h"
#include "sim/operator_report.h"
#include "sim/report.h"
#include "sim/simulator.h"

namespace {

// All diagnostics go to stderr; the guest's console owns stdout.
void setup_logging(bool quiet) {
  auto logger = spdlog::stderr_color_st("corsim");
  logger->set_pattern("corsim: %^%l%$: %v");
  logger->set_level(quiet ? spdlog::level::warn : spdlog::level::info);
  spdlog::set_default_logger(logger);
}

void error_line(const std::string& msg) { fmt::print(stderr, "corsim: error: {}\n", msg); }

// Writes `bytes` to `file` (binary); on failure one error line naming the file and the reason.
bool write_file(const std::string& file, const std::string& bytes) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (!f) {
    error_line(fmt::format("cannot write '{}': {}", file, std::strerror(errno)));
    return false;
  }
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const int write_errno = errno;
  if (std::fclose(f) != 0 || !ok) {
    error_line(fmt::format("cannot write '{}': {}", file, std::strerror(ok ? errno : write_errno)));
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace corsim::sim;
  const std::vector<std::string> args(argv + 1, argv + argc);
  CliResult cli = parse_command_line(args);
  if (cli.show_help) {
    fmt::print("{}", usage_text());
    return kExitOk;
  }
  if (cli.show_version) {
    fmt::print("corsim {}\n", CORSIM_VERSION);
    return kExitOk;
  }
  if (!cli.error.empty()) {
    error_line(cli.error);
    return kExitBadInput;
  }
  setup_logging(cli.config.quiet);

  const std::string stats_file = cli.config.stats_file;
  const std::string report_json = cli.config.report_json, chrome_trace = cli.config.chrome_trace;
  const std::string etdump = cli.config.etdump;
  const bool quiet = cli.config.quiet;
  // The Ethos-U55 model behind the platform's NPU hook, and traffic samples at each trace marker
  // for the per-operator report (docs/e2e.md).
  NpuWiring npu;
  corsim::memory::Interconnect* npu_bus = nullptr;
  PlatformHooks hooks;
  npu.install(hooks, npu_bus);
  Simulator sim(std::move(cli.config), hooks);
  npu_bus = &sim.bus();
  // A platform whose NPU is not modelled yet (Corstone-320's Ethos-U85) runs CPU-only firmware; the
  // firmware's first NPU access ends the run with one error line and status 2.
  npu.set_unmodelled_handler([&sim](const std::string& why) { sim.finish(RunEnd::Unsupported, kExitBadInput, why); });
  MarkerTraffic marker_traffic;
  marker_traffic.install(sim.trace_markers(), sim.bus());
  if (std::string e = sim.prepare(); !e.empty()) {
    error_line(e);
    return kExitBadInput;
  }
  marker_traffic.set_memory_timing(sim.memory_timing());  // bytes per memory in the report
  const RunResult result = sim.run();
  std::fflush(stdout);
  const OperatorReport op_report = build_operator_report(sim.trace_markers().markers(), marker_traffic.snapshots(),
                                                         npu.operations(), sim.preset().clock_hz, &marker_traffic);
  if (op_report.present && !quiet) fmt::print(stderr, "{}", format_operator_table(op_report));
  // An output that cannot be made or written (no markers for --etdump, an unwritable path) turns
  // a successful run into status 2; the run's own output is kept.
  bool output_failed = false;
  if (!report_json.empty()) output_failed |= !write_file(report_json, operator_report_json(op_report));
  if (!chrome_trace.empty()) output_failed |= !write_file(chrome_trace, operator_chrome_trace(op_report));
  if (!etdump.empty()) {
    const EtdumpFile file = operator_etdump(op_report);
    if (!file.error.empty()) {
      error_line(fmt::format("--etdump {}: {}", etdump, file.error));
      output_failed = true;
    } else {
      output_failed |= !write_file(etdump, file.bytes);
    }
  }

  switch (result.end) {
    case RunEnd::Eot:
    case RunEnd::SemihostingExit:
      spdlog::info("{}; {} instructions, {} cycles", result.message, result.instructions, result.cycles);
      break;
    case RunEnd::Unsupported:
      error_line(result.message);
      break;
    case RunEnd::CycleLimit:
    case RunEnd::Timeout:
    case RunEnd::SystemReset:
      error_line(fmt::format("{} (pc {:#010x})", result.message, sim.cpu().state().r[15]));
      break;
    case RunEnd::Lockup:
    case RunEnd::FaultHang:
    case RunEnd::SleepingForever:
      error_line(result.message);
      fmt::print(stderr, "{}", format_fault_report(sim.cpu().last_fault(), sim.cpu().state(), sim.image().symbols));
      break;
  }
  if (!stats_file.empty()) {
    const std::string json = format_stats_json(result);
    if (stats_file == "-") {
      fmt::print(stderr, "{}", json);
    } else {
      output_failed |= !write_file(stats_file, json);
    }
  }
  if (output_failed && result.exit_status == kExitOk) return kExitBadInput;
  return result.exit_status;
}
