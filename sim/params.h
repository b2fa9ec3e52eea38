#pragma once
// -C NAME=VALUE: the FVP parameter names users already have in scripts (ExecuTorch
// backends/arm/scripts/run_fvp.sh), applied to the platform preset and the run configuration. A
// parameter corsim does not know is warned about once and ignored (not fatal); a known parameter
// with a bad value is an input error.
#include <string>
#include <string_view>
#include <vector>

#include "sim/platform/preset.h"
#include "sim/run_config.h"

namespace corsim::sim {

struct ParamResult {
  std::string error;                  // non-empty: bad value (exit status 2)
  std::vector<std::string> warnings;  // unknown names (each once), ignored display options
};

ParamResult apply_parameters(PlatformPreset& preset, RunConfig& run);

// Names corsim understands, for --help.
std::vector<std::string_view> known_parameter_names();

}  // namespace corsim::sim
