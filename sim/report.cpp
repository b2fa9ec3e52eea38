#include "sim/report.h"

#include <fmt/format.h>

#include "sim/run_result.h"

namespace corsim::sim {

namespace {
std::string registers(const cpu::ArchState& s) {
  std::string out;
  for (unsigned i = 0; i < 13; ++i) {
    out += fmt::format("  r{:<2} = {:08x}{}", i, s.r[i], (i % 4 == 3) ? "\n" : "");
  }
  out += fmt::format("\n  sp  = {:08x}  lr  = {:08x}  pc  = {:08x}  xpsr = {:08x}\n", s.r[13], s.r[14], s.r[15], s.xpsr());
  const unsigned k = s.sec();
  out += fmt::format("  msp = {:08x}  psp = {:08x}  control = {:08x}  primask = {:x}  basepri = {:02x}  faultmask = {:x}  {}\n",
                     s.msp[k], s.psp[k], s.control[k], s.primask[k], s.basepri[k], s.faultmask[k],
                     s.secure ? "Secure" : "Non-secure");
  return out;
}

std::string where(uint32_t pc, const SymbolTable& symbols) {
  const std::string sym = symbols.describe(pc);
  return sym.empty() ? fmt::format("{:#010x}", pc) : fmt::format("{:#010x} ({})", pc, sym);
}
}  // namespace

std::string_view run_end_name(RunEnd end) {
  switch (end) {
    case RunEnd::Eot: return "eot";
    case RunEnd::SemihostingExit: return "semihosting-exit";
    case RunEnd::CycleLimit: return "cycle-limit";
    case RunEnd::Timeout: return "timeout";
    case RunEnd::Lockup: return "lockup";
    case RunEnd::FaultHang: return "fault-hang";
    case RunEnd::SleepingForever: return "sleeping-forever";
    case RunEnd::SystemReset: return "system-reset";
    case RunEnd::Interrupted: return "interrupted";
  }
  return "unknown";
}

std::string format_fault_report(const cpu::FaultRecord& fault, const cpu::ArchState& current, const SymbolTable& symbols) {
  std::string out;
  if (fault.valid) {
    out += fmt::format("guest fault: {} at pc {}", cpu::fault_name(fault.fault.kind), where(fault.pc, symbols));
    if (fault.fault.kind == cpu::FaultKind::PreciseDataBusError || fault.fault.kind == cpu::FaultKind::DataAccessViolation) {
      out += fmt::format(", address {:#010x}", fault.fault.address);
    }
    out += "\nregisters at the fault:\n" + registers(fault.state);
    out += fmt::format("now at pc {}\n", where(current.r[15], symbols));
  } else {
    out += fmt::format("guest stopped at pc {} (no fault record)\nregisters:\n", where(current.r[15], symbols));
    out += registers(current);
  }
  return out;
}

std::string format_stats_json(const RunResult& r) {
  const double mips = r.host_seconds > 0 ? static_cast<double>(r.instructions) / r.host_seconds / 1e6 : 0.0;
  return fmt::format(
      "{{\n  \"instructions\": {},\n  \"cycles\": {},\n  \"host_seconds\": {:.6f},\n  \"simulated_mips\": {:.3f},\n"
      "  \"stop_reason\": \"{}\",\n  \"exit_status\": {},\n  \"guest_exit_code\": {}\n}}\n",
      r.instructions, r.cycles, r.host_seconds, mips, run_end_name(r.end), r.exit_status,
      r.guest_exit_code ? fmt::format("{}", *r.guest_exit_code) : std::string("null"));
}

}  // namespace corsim::sim
