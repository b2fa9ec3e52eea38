#include "sim/trace_markers.h"

#include <spdlog/spdlog.h>

namespace corsim::sim {

void TraceMarkerLog::record(unsigned port, uint32_t value, unsigned size) {
  markers_.push_back({time_.now(), port, value, size});
  for (const auto& f : observers_) f(markers_.back());
  spdlog::debug("ITM port {} <- {:#x} ({} bytes) at cycle {}", port, value, size, time_.now());
}

}  // namespace corsim::sim
