#pragma once
// Everything one corsim run is configured with: what the CLI and the -C parameters set. A plain
// struct; the Simulator reads it.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cpu/cpu_api.h"

namespace corsim::sim {

struct DataFile {
  std::string path;
  uint32_t address = 0;
};

struct RunConfig {
  std::string platform = "corstone-300";
  std::string firmware;
  std::vector<DataFile> data;                 // --data FILE@ADDR, in order
  bool semihosting_enabled = true;            // cpu0.semihosting-enable
  std::string semihosting_cmdline;            // --semihosting-cmdline / cpu0.semihosting-cmd_line
  std::string semihosting_root;               // --semihosting-root / cpu0.semihosting-cwd; "" = cwd
  uint32_t heap_base = 0, heap_limit = 0, stack_base = 0, stack_limit = 0;  // cpu0.semihosting-*
  std::optional<uint64_t> max_cycles;         // --max-cycles
  std::optional<double> timeout_seconds;      // --timeout (wall clock)
  std::optional<double> simulated_seconds;    // --simlimit (FVP): simulated time, turned into a cycle limit
  bool trace = false;                         // --trace[=FILE]
  std::string trace_file;                     // "" = stderr
  std::string stats_file;                     // --stats FILE ("-" = stderr)
  std::string report_json;                    // --report-json FILE: per-operator report (docs/report-schema.md)
  std::string chrome_trace;                   // --chrome-trace FILE: Chrome/Perfetto trace of the operators
  std::string etdump;                         // --etdump FILE: the operators as an ExecuTorch ETDump (docs/e2e.md)
  std::string report_html;                    // --report-html FILE: the report as one HTML page
  std::string report_csv;                     // --report-csv FILE: per-layer CSV (Vela's columns + measured)
  std::string dump_tensors;                   // --dump-tensors DIR: tensors as .npy (sim/tensor_dump.h)
  std::vector<std::pair<std::string, std::string>> params;  // -C NAME=VALUE, in order
  bool quiet = false;
  bool progress = false;                      // one-line progress on stderr (main sets it when stderr is a TTY)
  std::string cpu;                            // --cpu: the core (features and timing model); "" = the
                                              // platform's core (Corstone-300: cortex-m55, Corstone-320: cortex-m85)
  bool timing = true;                         // --timing on|off: off = one cycle per instruction
  cpu::CpuEngine cpu_engine = cpu::CpuEngine::Jit;  // --cpu-engine interp|jit: how untraced runs execute
  std::optional<uint16_t> gdb_port;           // --gdb PORT: GDB server on 127.0.0.1 (sim/gdb/session.h)
  bool gdb_wait = false;                      // --gdb-wait: halt at reset until GDB attaches
};

}  // namespace corsim::sim
