#pragma once
// Command-line parsing for `corsim [options] firmware.elf`, kept apart from main() so it is
// testable. Options are table-driven (kOptions in cli.cpp): adding one (the .pte argument,
// ExecuTorch's options) is one table row plus a field in RunConfig.
#include <string>
#include <vector>

#include "sim/run_config.h"

namespace corsim::sim {

// Exit statuses of the corsim executable (docs/sim.md). A guest that exits through semihosting
// returns its own status instead.
enum ExitStatus : int {
  kExitOk = 0,          // EOT on the UART, or the guest's semihosting exit code
  kExitBadInput = 2,    // bad option, missing/invalid ELF, --data outside memory
  kExitGuestFault = 3,  // lockup, unhandled fault (fault hang), guest sleeping forever
  kExitTimeout = 4,     // --timeout or --max-cycles reached
};

struct CliResult {
  RunConfig config;
  bool show_help = false;
  bool show_version = false;
  std::string error;  // non-empty: one line for stderr, exit kExitBadInput
};

CliResult parse_command_line(const std::vector<std::string>& args);  // args without argv[0]
std::string usage_text();

}  // namespace corsim::sim
