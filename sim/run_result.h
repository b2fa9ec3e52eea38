#pragma once
// How a run ended and what it cost (the Simulator's result; reports read it).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/clock.h"

namespace corsim::sim {

enum class RunEnd : uint8_t {
  Eot,              // the UART saw EOT (or the shutdown tag)
  SemihostingExit,  // SYS_EXIT / SYS_EXIT_EXTENDED
  CycleLimit,       // --max-cycles
  Timeout,          // --timeout (host time)
  Lockup,           // the core locked up
  FaultHang,        // a fault handler spins on itself: unhandled guest fault
  SleepingForever,  // WFI with no event that could ever wake the core
  SystemReset,      // the guest requested a system reset (AIRCR.SYSRESETREQ)
  Interrupted,      // the host asked the run to stop (SIGINT): what ran is still reported
};
std::string_view run_end_name(RunEnd end);

struct RunResult {
  RunEnd end = RunEnd::Eot;
  int exit_status = 0;
  std::optional<int> guest_exit_code;
  std::string message;  // why it ended, one line
  uint64_t instructions = 0;
  Cycles cycles = 0;
  double host_seconds = 0;
};

}  // namespace corsim::sim
