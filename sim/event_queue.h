#pragma once
// Discrete-event queue in simulated time (gem5's EventQueue idea, src/sim/eventq.hh): events fire
// at absolute cycles of the platform clock, ordered by (time, priority, scheduling order). Devices
// schedule their IRQ times here; the Simulator's run loop lets the CPU run up to the next event.
// Each Simulator owns one queue: no global state.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "base/clock.h"

namespace corsim::sim {

class EventQueue {
 public:
  using Callback = std::function<void(Cycles now)>;
  using EventId = uint64_t;
  static constexpr EventId kNoEvent = 0;

  // Lower priority values fire first among events at the same cycle.
  EventId schedule(Cycles when, Callback callback, int priority = 0);
  // Removes a pending event; false if it already fired or was cancelled. kNoEvent is accepted.
  bool cancel(EventId id);
  bool pending(EventId id) const { return index_.count(id) != 0; }

  // Time of the earliest pending event.
  std::optional<Cycles> next_time() const;
  bool empty() const { return events_.empty(); }
  size_t size() const { return events_.size(); }

  // Fires, in order, every event due at or before `now` (including events that callbacks schedule
  // for times <= now). Returns how many fired.
  unsigned run_until(Cycles now);

  // Called whenever the earliest pending time may have moved earlier (a CPU running ahead in a
  // quantum must then stop early, docs/sim.md "Time and the run loop").
  void set_on_earliest_change(std::function<void(Cycles)> fn) { on_earliest_change_ = std::move(fn); }

 private:
  using Key = std::tuple<Cycles, int, uint64_t>;  // when, priority, sequence
  std::map<Key, Callback> events_;
  std::unordered_map<EventId, Key> index_;
  uint64_t next_sequence_ = 1;
  std::function<void(Cycles)> on_earliest_change_;
};

}  // namespace corsim::sim
