#include "sim/fvp_front_end.h"

#include <array>

namespace corsim::sim {

namespace {
// Names: ExecuTorch backends/arm/scripts/run_fvp.sh (fvp_model, v1.4.1 lines 66-72) and
// backends/arm/test/runner_utils.py (corstone300_installed / corstone300_u65_installed /
// corstone320_installed). The U65 variant exists as an FVP; corsim has no Ethos-U65, so that name
// runs the Corstone-300 preset with its Ethos-U55: `ethosu.num_macs=512` is refused as a U55 count,
// and a program compiled for a U65 is refused by the driver (compiled for another NPU, status 5).
constexpr std::array<FvpFrontEnd, 3> kFrontEnds{{
    {"FVP_Corstone_SSE-300_Ethos-U55", "corstone-300"},
    {"FVP_Corstone_SSE-300_Ethos-U65", "corstone-300"},
    {"FVP_Corstone_SSE-320", "corstone-320"},
}};
}  // namespace

std::optional<FvpFrontEnd> fvp_front_end_for(std::string_view program_name) {
  if (const size_t slash = program_name.rfind('/'); slash != std::string_view::npos) program_name.remove_prefix(slash + 1);
  for (const FvpFrontEnd& f : kFrontEnds) {
    if (program_name == f.name) return f;
  }
  return std::nullopt;
}

const FvpFrontEnd* fvp_front_ends(size_t& count) {
  count = kFrontEnds.size();
  return kFrontEnds.data();
}

std::string fvp_stop_lines(RunEnd end, bool simulated_time_limit) {
  // Reason texts as the FVP prints them (logs quoted in ExecuTorch's run_fvp.sh problem regex and
  // in Arm's AVH/VHT getting-started logs: "CPU time has been exceeded.", "Cycle limit has been
  // exceeded.", "Simulated time has been exceeded.").
  std::string out = "\n";
  switch (end) {
    case RunEnd::Timeout: out += "Info: Simulation is stopping. Reason: CPU time has been exceeded.\n\n"; break;
    case RunEnd::CycleLimit:
      out += simulated_time_limit ? "Info: Simulation is stopping. Reason: Simulated time has been exceeded.\n\n"
                                  : "Info: Simulation is stopping. Reason: Cycle limit has been exceeded.\n\n";
      break;
    default: break;
  }
  out += "Info: /OSCI/SystemC: Simulation stopped by user.\n";
  return out;
}

}  // namespace corsim::sim
