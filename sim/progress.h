#pragma once
// The one-line progress display of a long run on a TTY (docs/sim.md "Progress and Ctrl-C"):
// simulated cycles, simulated MIPS and the operator the runtime is in, read from its trace
// markers (runtime/trace/markers.h) as they arrive.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/trace_markers.h"

namespace corsim::sim {

// Follows the marker log incrementally: the name announced on the name port becomes current at
// the instruction's begin marker and stops being current at its end marker.
class CurrentOperator {
 public:
  // Reads the markers not seen yet; returns the operator being executed ("" between operators).
  const std::string& update(const std::vector<TraceMarker>& markers);

 private:
  size_t seen_ = 0;
  std::string pending_name_, current_;
  bool name_complete_ = false;
};

// "corsim: 12.35 Mcycles  8.4 MIPS  42.0 s  op aten::add.out" (no newline; the caller redraws
// it with "\r" and clears the line when the run ends).
std::string format_progress_line(uint64_t cycles, uint64_t instructions, double host_seconds, const std::string& op);

}  // namespace corsim::sim
