#pragma once
// Collects the firmware's ITM stimulus-port writes (docs/e2e.md "Trace-marker protocol"), stamped
// with simulated time. For now they are kept and logged at debug level; the per-operator report (a
// later issue) interprets them by the port assignments of the shared marker header.
#include <cstdint>
#include <functional>
#include <vector>

#include "base/clock.h"
#include "cpu/scs/itm.h"

namespace corsim::sim {

struct TraceMarker {
  Cycles cycle = 0;
  unsigned port = 0;
  uint32_t value = 0;
  unsigned size = 4;
};

class TraceMarkerLog final : public cpu::scs::ItmSink {
 public:
  explicit TraceMarkerLog(const TimeSource& time) : time_(time) {}
  void record(unsigned port, uint32_t value, unsigned size);
  void itm_write(unsigned port, uint32_t value, unsigned size) override { record(port, value, size); }
  const std::vector<TraceMarker>& markers() const { return markers_; }
  // Called with each marker as it is recorded, in the order added (the operator report snapshots
  // traffic counters; --dump-tensors reads tensors).
  void add_observer(std::function<void(const TraceMarker&)> f) { observers_.push_back(std::move(f)); }

 private:
  const TimeSource& time_;
  std::vector<TraceMarker> markers_;
  std::vector<std::function<void(const TraceMarker&)>> observers_;
};

}  // namespace corsim::sim
