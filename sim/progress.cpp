#include "sim/progress.h"

#include <fmt/format.h>

#include "runtime/trace/markers.h"

namespace corsim::sim {

const std::string& CurrentOperator::update(const std::vector<TraceMarker>& markers) {
  for (; seen_ < markers.size(); ++seen_) {
    const TraceMarker& m = markers[seen_];
    switch (m.port) {
      case trace::kPortName:
        // 4 bytes per word, little endian; a word holding a NUL ends the name (markers.h).
        if (name_complete_) {
          pending_name_.clear();
          name_complete_ = false;
        }
        for (unsigned b = 0; b < 4; ++b) {
          const char c = static_cast<char>((m.value >> (8 * b)) & 0xFFu);
          if (c == '\0') {
            name_complete_ = true;
            break;
          }
          pending_name_.push_back(c);
        }
        break;
      case trace::kPortBegin:
        current_ = pending_name_;
        pending_name_.clear();
        name_complete_ = false;
        break;
      case trace::kPortEnd: current_.clear(); break;
      default: break;
    }
  }
  return current_;
}

std::string format_progress_line(uint64_t cycles, uint64_t instructions, double host_seconds, const std::string& op) {
  const double mips = host_seconds > 0 ? static_cast<double>(instructions) / host_seconds / 1e6 : 0.0;
  std::string line = fmt::format("corsim: {:.2f} Mcycles  {:.1f} MIPS  {:.1f} s", static_cast<double>(cycles) / 1e6, mips, host_seconds);
  if (!op.empty()) line += fmt::format("  op {}", op);
  return line;
}

}  // namespace corsim::sim
