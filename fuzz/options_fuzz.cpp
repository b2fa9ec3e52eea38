// Fuzz target: corsim's command line (sim/cli.cpp parse_command_line) and the FVP -C parameters it
// collects (sim/params.cpp apply_parameters) on the named platform preset. The input is split into
// arguments at NUL and newline bytes. Any argument list must give a configuration or one error line.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/cli.h"
#include "sim/params.h"
#include "sim/platform/preset.h"

using namespace corsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args(1);
  for (size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\0' || c == '\n') args.emplace_back();
    else args.back().push_back(c);
  }
  sim::CliResult cli = sim::parse_command_line(args);
  if (!cli.error.empty() || cli.show_help || cli.show_version) return 0;
  auto preset = sim::make_preset(cli.config.platform);
  if (!preset) return 0;
  (void)sim::apply_parameters(*preset, cli.config);
  return 0;
}
