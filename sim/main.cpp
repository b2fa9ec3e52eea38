// corsim: run bare-metal Arm firmware on a simulated Corstone platform (docs/sim.md). Called by an
// FVP's name (FVP_Corstone_SSE-300_Ethos-U55, FVP_Corstone_SSE-320; sim/fvp_front_end.h) it is
// that FVP's drop-in: the platform follows the name and the FVP's closing lines are printed.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "sim/cli.h"
#include "sim/etdump_writer.h"
#include "sim/fvp_front_end.h"
#include "sim/gdb/monitor_npu.h"
#include "sim/gdb/session.h"
#include "sim/npu_wiring.h"
#include "sim/operator_report.h"
#include "sim/output_file.h"
#include "sim/progress.h"
#include "sim/report.h"
#include "sim/report_csv.h"
#include "sim/report_html.h"
#include "sim/simulator.h"
#include "sim/tensor_dump.h"

namespace {

using namespace corsim::sim;

// The only process-wide state: a signal handler can reach nothing else. The Simulator polls it
// between quanta (Simulator::set_interrupt_flag).
volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_sigint(int) { interrupted = 1; }

// How this process was called: as corsim, or as one of the FVP front ends.
struct Front {
  std::optional<FvpFrontEnd> fvp;
  // One error line. The FVP front ends start it with "Error:" so that ExecuTorch's run_fvp.sh
  // (problem regex `^(F|E|...)`) and its test harness (`^[EF][: ]`) see it as the FVP's own error.
  void error(const std::string& msg) const {
    if (fvp) {
      fmt::print(stderr, "Error: {}: {}\n", fvp->name, msg);
    } else {
      fmt::print(stderr, "corsim: error: {}\n", msg);
    }
  }
};

// All diagnostics go to stderr; the guest's console owns stdout.
void setup_logging(bool quiet) {
  auto logger = spdlog::stderr_color_st("corsim");
  logger->set_pattern("corsim: %^%l%$: %v");
  logger->set_level(quiet ? spdlog::level::warn : spdlog::level::info);
  spdlog::set_default_logger(logger);
}

// ethosu.extra_args: the options of the FVP's Ethos-U model. `--fast`/`-F` (skip the NPU's timing)
// is accepted, corsim's NPU timing always runs; `--pmu-trace FILE` has no corsim equivalent yet.
void explain_npu_extra_args(const std::string& extra) {
  std::istringstream in(extra);
  std::string tok;
  while (in >> tok) {
    if (tok == "--fast" || tok == "-F") {
      spdlog::info("ethosu.extra_args {}: accepted; corsim always models the NPU's timing", tok);
    } else if (tok == "--pmu-trace") {
      std::string file;
      in >> file;
      spdlog::warn("ethosu.extra_args --pmu-trace {}: not produced by corsim (use --report-json or --chrome-trace)", file);
    } else {
      spdlog::warn("ethosu.extra_args: '{}' is not an option corsim knows; ignored", tok);
    }
  }
}

// The run's outputs (--report-json, --chrome-trace, --etdump), all made before any is written:
// either every requested file is written complete (temporary file, then rename) or none is.
struct Outputs {
  std::vector<std::pair<std::string, std::string>> files;  // path, bytes
  std::string error;                                       // why none is written
};

// `html`: the page's context (console, configuration, placement) when --report-html was given.
Outputs make_outputs(const RunConfig& cfg, const OperatorReport& report, const HtmlReportContext* html,
                     unsigned num_macs) {
  Outputs out;
  const bool wanted = !cfg.report_json.empty() || !cfg.chrome_trace.empty() || !cfg.etdump.empty() ||
                      !cfg.report_html.empty() || !cfg.report_csv.empty();
  if (!wanted) return out;
  if (!report.present) {
    out.error = "the firmware wrote no operator trace markers (runtime/trace/markers.h), so there is no per-operator report";
    return out;
  }
  // A run that ended inside an instruction (Ctrl-C, a timeout) still reports the instructions
  // before it, with the reason in the report's "error" field; inconsistent markers report nothing.
  if (!report.error.empty() && !report.stopped_inside) {
    out.error = report.error;
    return out;
  }
  if (!cfg.report_json.empty()) out.files.emplace_back(cfg.report_json, operator_report_json(report));
  if (!cfg.chrome_trace.empty()) out.files.emplace_back(cfg.chrome_trace, operator_chrome_trace(report));
  if (!cfg.report_html.empty() && html) out.files.emplace_back(cfg.report_html, operator_report_html(report, *html));
  if (!cfg.report_csv.empty()) out.files.emplace_back(cfg.report_csv, operator_report_csv(report, num_macs));
  if (!cfg.etdump.empty() && report.stopped_inside) {
    spdlog::warn("--etdump {}: not written: {}", cfg.etdump, report.error);  // the Inspector expects whole runs
  } else if (!cfg.etdump.empty()) {
    EtdumpFile file = operator_etdump(report);
    if (!file.error.empty()) {
      out.error = fmt::format("--etdump: {}", file.error);
      out.files.clear();
      return out;
    }
    out.files.emplace_back(cfg.etdump, std::move(file.bytes));
  }
  return out;
}

std::string requested_outputs(const RunConfig& cfg) {
  std::string names;
  for (const std::string* f : {&cfg.report_json, &cfg.chrome_trace, &cfg.etdump, &cfg.report_html, &cfg.report_csv}) {
    if (!f->empty()) names += names.empty() ? *f : ", " + *f;
  }
  return names;
}

// The first fault the core recorded, when it was a write refused by read-only memory (QSPI, the
// Boot ROM, a `memory.NAME.rom` region): one line naming the memory, the address and the pc.
std::string rom_write_line(Simulator& sim) {
  const corsim::cpu::FaultRecord& f = sim.cpu().last_fault();
  if (!f.valid || f.fault.kind != corsim::cpu::FaultKind::PreciseDataBusError) return {};
  const corsim::memory::Mapping* m = sim.bus().find(f.fault.address);
  if (m == nullptr || m->target == nullptr || m->target->writable()) return {};
  return fmt::format("the guest wrote to read-only memory {} at {:#010x} (pc {})", m->name, f.fault.address,
                     [&] {
                       const std::string sym = sim.image().symbols.describe(f.pc);
                       return sym.empty() ? fmt::format("{:#010x}", f.pc) : fmt::format("{:#010x} {}", f.pc, sym);
                     }());
}

}  // namespace

int main(int argc, char** argv) {
  Front front;
  front.fvp = fvp_front_end_for(argc > 0 ? argv[0] : "corsim");
  std::vector<std::string> args;
  if (front.fvp) args = {"--platform", std::string(front.fvp->platform)};  // a later --platform still wins
  args.insert(args.end(), argv + 1, argv + argc);
  CliResult cli = parse_command_line(args);
  if (cli.show_help) {
    if (front.fvp) fmt::print("{}: corsim's drop-in for this FVP (docs/fvp-drop-in.md); its options:\n\n", front.fvp->name);
    fmt::print("{}", usage_text());
    return kExitOk;
  }
  if (cli.show_version) {
    if (front.fvp) {
      // The FVP answers "Fast Models [<version> (<date>)]"; ExecuTorch's harness only checks the status.
      fmt::print("Fast Models [corsim {} drop-in for {}]\n", CORSIM_VERSION, front.fvp->name);
    } else {
      fmt::print("corsim {}\n", CORSIM_VERSION);
    }
    return kExitOk;
  }
  if (!cli.error.empty()) {
    front.error(cli.error);
    return kExitBadInput;
  }
  setup_logging(cli.config.quiet);
  cli.config.progress = !cli.no_progress && !cli.config.quiet && isatty(STDERR_FILENO) == 1;

  const RunConfig cfg = cli.config;  // what main still needs after the Simulator took its copy
  // The Ethos-U model behind the platform's NPU hook, and traffic samples at each trace marker
  // for the per-operator report (docs/e2e.md).
  NpuWiring npu;
  corsim::memory::Interconnect* npu_bus = nullptr;
  PlatformHooks hooks;
  npu.install(hooks, npu_bus);
  // The progress line (below) shares the terminal with the guest's console: a console byte first
  // clears it, and the next redraw puts it back under the output. The HTML page shows the console:
  // with --report-html a copy of every console byte is kept as it goes to stdout.
  bool progress_shown = false;
  const bool keep_console = !cli.config.report_html.empty();
  std::string console_text;
  hooks.on_stdout = [&progress_shown, &console_text, keep_console](std::string_view bytes) {
    if (keep_console) console_text.append(bytes);
    if (!progress_shown) return;
    fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
    progress_shown = false;
  };
  Simulator sim(std::move(cli.config), hooks);
  npu_bus = &sim.bus();
  MarkerTraffic marker_traffic;
  marker_traffic.install(sim.trace_markers(), sim.bus());
  // --dump-tensors: the tensors the runner's markers describe, and each NPU operation's OFM.
  std::optional<TensorDumper> dumper;
  if (!cfg.dump_tensors.empty()) {
    dumper.emplace(cfg.dump_tensors, sim.bus());
    if (std::string e = dumper->prepare(); !e.empty()) {
      front.error(e);
      return kExitBadInput;
    }
    sim.trace_markers().add_observer([&dumper](const TraceMarker& m) { dumper->on_marker(m); });
    npu.set_operation_observer(
        [&dumper](const corsim::npu::DeviceOp& op, uint32_t index) { dumper->on_npu_operation(op, index); });
  }
  if (std::string e = sim.prepare(); !e.empty()) {
    front.error(e);
    return kExitBadInput;
  }
  explain_npu_extra_args(sim.preset().npu.extra_args);
  marker_traffic.set_memory_timing(sim.memory_timing());  // bytes per memory in the report
  // The per-operator report of what ran so far (after the run, or `monitor report` mid-run).
  auto report_so_far = [&] {
    return build_operator_report(sim.trace_markers().markers(), marker_traffic.snapshots(), npu.operations(),
                                 sim.preset().clock_hz, &marker_traffic);
  };

  // Ctrl-C ends the run at the next quantum; a second Ctrl-C kills as usual (SA_RESETHAND).
  struct sigaction sa = {};
  sa.sa_handler = on_sigint;
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sim.set_interrupt_flag(&interrupted);

  // --gdb: the GDB server (docs/sim.md "GDB server"); `monitor npu` and `monitor report`.
  std::optional<corsim::sim::gdb::Session> gdb;
  if (cfg.gdb_port) {
    gdb.emplace(sim, cfg.gdb_wait);
    if (std::string e = gdb->start(*cfg.gdb_port); !e.empty()) {
      front.error(e);
      return kExitBadInput;
    }
    gdb->add_monitor_command("npu", "the NPU's registers (side-effect-free reads)", [&npu] {
      return npu.device() ? corsim::sim::gdb::format_npu_registers(*npu.device()) : std::string("this platform has no NPU\n");
    });
    gdb->add_monitor_command("report", "the per-operator report of the run so far", [&] {
      const OperatorReport r = report_so_far();
      return r.present ? format_operator_table(r) : std::string("no operator trace markers yet\n");
    });
    sim.set_debug_control(&*gdb);
  }

  CurrentOperator current_op;
  if (cfg.progress) {
    sim.set_progress(
        [&](const Simulator::Progress& p) {
          const std::string& op = current_op.update(sim.trace_markers().markers());
          fmt::print(stderr, "\r\033[K{}", format_progress_line(p.cycles, p.instructions, p.host_seconds, op));
          std::fflush(stderr);
          progress_shown = true;
        },
        std::chrono::milliseconds(250));
  }
  const RunResult result = sim.run();
  std::fflush(stdout);
  if (progress_shown) fmt::print(stderr, "\r\033[K");
  std::signal(SIGINT, SIG_DFL);

  const OperatorReport op_report = report_so_far();
  if (op_report.present && !cfg.quiet) fmt::print(stderr, "{}", format_operator_table(op_report));

  // How the run ended, one line; then the causes a guest cannot hide behind its own exit.
  int status = result.exit_status;
  switch (result.end) {
    case RunEnd::Eot:
      spdlog::info("{}; {} instructions, {} cycles", result.message, result.instructions, result.cycles);
      break;
    case RunEnd::SemihostingExit:
      if (result.exit_status == kExitOk) {
        spdlog::info("{}; {} instructions, {} cycles", result.message, result.instructions, result.cycles);
      } else {
        // The executor runner's codes (1, 3, 5, 6) are named; any other code is the guest's own.
        const int code = result.exit_status;
        const bool runner_code = code == kExitFirmwareFailed || code == kExitGuestFault || code == kExitModelLoad ||
                                 code == kExitModelRun;
        front.error(runner_code ? fmt::format("{}: {}", result.message, exit_status_meaning(code)) : result.message);
        // A fault handler that ended the run: where the fault was (pc, symbol, registers).
        if (code == kExitGuestFault && sim.cpu().last_fault().valid) {
          fmt::print(stderr, "{}", format_fault_report(sim.cpu().last_fault(), sim.cpu().state(), sim.image().symbols));
        }
      }
      break;
    case RunEnd::CycleLimit:
    case RunEnd::Timeout:
    case RunEnd::SystemReset:
    case RunEnd::Interrupted:
      front.error(fmt::format("{} (pc {:#010x}; {} instructions, {} cycles)", result.message, sim.cpu().state().r[15],
                              result.instructions, result.cycles));
      break;
    case RunEnd::Lockup:
    case RunEnd::FaultHang:
    case RunEnd::SleepingForever:
      front.error(result.message);
      fmt::print(stderr, "{}", format_fault_report(sim.cpu().last_fault(), sim.cpu().state(), sim.image().symbols));
      break;
  }
  if (const std::string rom = rom_write_line(sim); !rom.empty()) front.error(rom);
  if (!npu.first_error().empty()) front.error(npu.first_error());
  const Semihosting* sh = sim.semihosting();
  const bool misused = sh && sh->misuse_count() > 0;
  status = combine_exit_status(status, !npu.first_error().empty(), misused);
  if (status == kExitSemihostingMisuse) {
    front.error(fmt::format("the guest misused semihosting ({} refused call{}); the first: {}", sh->misuse_count(),
                            sh->misuse_count() == 1 ? "" : "s", sh->first_misuse()));
  }

  // Outputs: complete or not written. A run that failed keeps its own status; the outputs then say
  // only why they are missing. After an interrupted run the report of what ran is written.
  std::optional<HtmlReportContext> html;
  if (!cfg.report_html.empty()) html = make_html_context(sim.config(), sim.preset(), sim.image().symbols, console_text);
  const Outputs outputs = make_outputs(cfg, op_report, html ? &*html : nullptr, sim.preset().npu.num_macs);
  if (!outputs.error.empty()) {
    if (status == kExitOk) {
      front.error(fmt::format("{} not written: {}", requested_outputs(cfg), outputs.error));
      status = kExitBadInput;
    } else {
      spdlog::warn("{} not written: {}", requested_outputs(cfg), outputs.error);
    }
  }
  if (dumper) {
    if (dumper->tensor_markers() == 0) {
      spdlog::warn("--dump-tensors {}: the firmware wrote no tensor markers (the project's executor runner writes "
                   "them with --tensor-markers, which run_fvp.sh --dump-tensors gives it): only NPU outputs are dumped",
                   cfg.dump_tensors);
    }
    if (std::string e = dumper->finish(op_report); !e.empty()) {
      front.error(e);
      if (status == kExitOk) status = kExitBadInput;
    }
  }
  if (std::string e = write_files_atomically(outputs.files); !e.empty()) {
    front.error(fmt::format("{} (no per-operator output written)", e));
    if (status == kExitOk) status = kExitBadInput;
  }
  if (!cfg.stats_file.empty()) {
    RunResult stats = result;
    stats.exit_status = status;
    const std::string json = format_stats_json(stats);
    if (cfg.stats_file == "-") {
      fmt::print(stderr, "{}", json);
    } else if (std::string e = write_file_atomically(cfg.stats_file, json); !e.empty()) {
      front.error(e);
      if (status == kExitOk) status = kExitBadInput;
    }
  }
  if (front.fvp) {
    fmt::print("{}", fvp_stop_lines(result.end, cfg.simulated_seconds.has_value()));
    std::fflush(stdout);
  }
  return status;
}
