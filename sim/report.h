#pragma once
// End-of-run output: the guest-fault report (kind, PC, symbol+offset, registers) and the --stats
// JSON document.
#include <string>

#include "cpu/cpu_api.h"
#include "sim/run_result.h"
#include "sim/symbols.h"

namespace corsim::sim {



// Multi-line report of a guest fault for stderr.
std::string format_fault_report(const cpu::FaultRecord& fault, const cpu::ArchState& current, const SymbolTable& symbols);
// The --stats JSON (stable keys: instructions, cycles, host_seconds, simulated_mips, stop_reason,
// exit_status, guest_exit_code (null when the guest did not exit through semihosting)).
std::string format_stats_json(const RunResult& result);

}  // namespace corsim::sim
