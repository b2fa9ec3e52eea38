#pragma once
// Command-line parsing for `corsim [options] firmware.elf`, kept apart from main() so it is
// testable. Options are table-driven (kOptions in cli.cpp): adding one (the .pte argument,
// ExecuTorch's options) is one table row plus a field in RunConfig.
#include <string>
#include <vector>

#include "sim/exit_status.h"
#include "sim/run_config.h"

namespace corsim::sim {

struct CliResult {
  RunConfig config;
  bool show_help = false;
  bool show_version = false;
  bool no_progress = false;  // --no-progress
  std::string error;  // non-empty: one line for stderr, exit kExitBadInput
};

CliResult parse_command_line(const std::vector<std::string>& args);  // args without argv[0]
std::string usage_text();

}  // namespace corsim::sim
