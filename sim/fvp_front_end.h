#pragma once
// corsim under the FVP's executable names (docs/fvp-drop-in.md). ExecuTorch's
// backends/arm/scripts/run_fvp.sh and its test harness (backends/arm/test/runner_utils.py
// run_corstone) find `FVP_Corstone_SSE-300_Ethos-U55` or `FVP_Corstone_SSE-320` on PATH and call
// it with the FVP's command line; installed links of those names to `corsim` select the platform
// by the name they were called by, and print the lines scripts grep the FVP's log for.
#include <optional>
#include <string>
#include <string_view>

#include "sim/run_result.h"

namespace corsim::sim {

struct FvpFrontEnd {
  std::string_view name;      // "FVP_Corstone_SSE-300_Ethos-U55"
  std::string_view platform;  // "corstone-300"
};

// The front end a program name (argv[0], any directory dropped) stands for, or nullopt for corsim.
std::optional<FvpFrontEnd> fvp_front_end_for(std::string_view program_name);

// All front-end names (the install rules and the build tree's fvp/ folder make one link each).
const FvpFrontEnd* fvp_front_ends(size_t& count);

// The FVP's closing lines for how the run ended, with a trailing newline:
// "Info: Simulation is stopping. Reason: CPU time has been exceeded." for --timelimit (ExecuTorch's
// run_fvp.sh reports that line as a problem), "... Cycle limit has been exceeded." for
// --cyclelimit, "... Simulated time has been exceeded." for --simlimit, then the SystemC line
// "Info: /OSCI/SystemC: Simulation stopped by user." that ends every FVP run.
std::string fvp_stop_lines(RunEnd end, bool simulated_time_limit);

}  // namespace corsim::sim
