#pragma once
// The exit statuses of corsim, of its FVP-named front ends, of scripts/run_fvp.sh and of the
// bundled executor runner: one table (docs/sim.md "Exit status"), so a script can tell a bad
// model from a guest fault from a timeout without reading the log. A guest that exits through
// semihosting with a code of its own returns that code unchanged (as on QEMU and the FVP); the
// bundled runner uses the codes below for what they name.
#include <string_view>

namespace corsim::sim {

enum ExitStatus : int {
  kExitOk = 0,                 // the program ran to its end (EOT, or semihosting exit 0) and every output was written
  kExitFirmwareFailed = 1,     // the firmware reported a failure of its own (semihosting exit 1; run_fvp.sh: an error line)
  kExitBadInput = 2,           // corsim's own input: option, ELF, --data, an output file that cannot be made
  kExitGuestFault = 3,         // lockup, unhandled fault, sleeping forever, system reset request
  kExitTimeout = 4,            // --timeout/--timelimit/--cpulimit, --max-cycles/--cyclelimit/--simlimit
  kExitModelLoad = 5,          // runner: the model or an input could not be read or parsed (missing, empty, corrupt)
  kExitModelRun = 6,           // runner: the model loaded but failed while it ran
  kExitNpuError = 7,           // the NPU stopped with an error status (command stream, bus, weight decoder, branch)
  kExitSemihostingMisuse = 8,  // refused semihosting calls (closed handle, pointer outside memory, path outside the root)
  kExitInterrupted = 130,      // SIGINT (128 + 2, the shell's convention); statistics and reports of what ran are written
};

// What a status means, one short phrase ("guest fault"); "" for a guest's own code.
constexpr std::string_view exit_status_meaning(int status) {
  switch (status) {
    case kExitOk: return "success";
    case kExitFirmwareFailed: return "the firmware reported a failure";
    case kExitBadInput: return "bad input";
    case kExitGuestFault: return "guest fault";
    case kExitTimeout: return "timeout";
    case kExitModelLoad: return "the model or an input could not be loaded";
    case kExitModelRun: return "the model failed while running";
    case kExitNpuError: return "NPU error";
    case kExitSemihostingMisuse: return "semihosting misuse";
    case kExitInterrupted: return "interrupted";
    default: return "";
  }
}

// The status of a run from how it ended (`run_status`: the guest's exit, or corsim's 2/3/4/130)
// and what corsim saw beside the guest: an NPU error status is the cause of a run that otherwise
// ended through the guest (0, 1, 5, 6); refused semihosting calls fail only a run that otherwise
// succeeded. (An output that cannot be written, too, fails only a successful run: main.cpp.)
constexpr int combine_exit_status(int run_status, bool npu_error, bool semihosting_misused) {
  const bool guest_ended = run_status == kExitOk || run_status == kExitFirmwareFailed ||
                           run_status == kExitModelLoad || run_status == kExitModelRun;
  if (npu_error && guest_ended) return kExitNpuError;
  if (semihosting_misused && run_status == kExitOk) return kExitSemihostingMisuse;
  return run_status;
}

}  // namespace corsim::sim
