#include "sim/event_queue.h"

namespace corsim::sim {

EventQueue::EventId EventQueue::schedule(Cycles when, Callback callback, int priority) {
  const uint64_t seq = next_sequence_++;
  const Key key{when, priority, seq};
  const bool earliest = events_.empty() || key < events_.begin()->first;
  events_.emplace(key, std::move(callback));
  index_.emplace(seq, key);
  if (earliest && on_earliest_change_) on_earliest_change_(when);
  return seq;
}

bool EventQueue::cancel(EventId id) {
  auto it = index_.find(id);
  if (it == index_.end()) return false;
  events_.erase(it->second);
  index_.erase(it);
  return true;
}

std::optional<Cycles> EventQueue::next_time() const {
  if (events_.empty()) return std::nullopt;
  return std::get<0>(events_.begin()->first);
}

unsigned EventQueue::run_until(Cycles now) {
  unsigned fired = 0;
  while (!events_.empty() && std::get<0>(events_.begin()->first) <= now) {
    auto node = events_.extract(events_.begin());
    index_.erase(std::get<2>(node.key()));
    node.mapped()(std::get<0>(node.key()));
    ++fired;
  }
  return fired;
}

}  // namespace corsim::sim
