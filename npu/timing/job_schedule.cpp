#include "npu/timing/job_schedule.h"

#include <algorithm>

namespace corsim::npu::timing {

namespace {

// The time at which at most `k` of the operations ending at `ends` (in issue order, so
// non-decreasing) are still running: the end of the (k+1)-th latest.
uint64_t when_at_most(const std::vector<uint64_t>& ends, int k) {
  if (k < 0 || ends.size() <= static_cast<size_t>(k)) return 0;
  return ends[ends.size() - 1 - static_cast<size_t>(k)];
}

}  // namespace

uint64_t JobSchedule::issue_time(const Issue& issue) const {
  return std::max({cp_, when_at_most(dma_ends_, issue.dma_wait), when_at_most(kernel_ends_, issue.kernel_wait)});
}

uint64_t JobSchedule::start_of(const Issue& issue) const {
  const std::vector<uint64_t>& engine = issue.dma ? dma_ends_ : kernel_ends_;
  return std::max(issue_time(issue), engine.empty() ? uint64_t{0} : engine.back());
}

Slot JobSchedule::place(const Issue& issue, uint64_t duration) {
  const Slot s{start_of(issue), start_of(issue) + duration};
  (issue.dma ? dma_ends_ : kernel_ends_).push_back(s.end);
  cp_ = s.start;
  end_ = std::max(end_, s.end);
  // Slots start in non-decreasing order only per engine; the union is kept from the running max.
  if (s.end > busy_until_) {
    busy_ += s.end - std::max(s.start, busy_until_);
    busy_until_ = s.end;
  }
  return s;
}

void JobSchedule::extend_last(const Issue& issue, uint64_t end) {
  std::vector<uint64_t>& engine = issue.dma ? dma_ends_ : kernel_ends_;
  if (engine.empty() || end <= engine.back()) return;
  engine.back() = end;
  end_ = std::max(end_, end);
  if (end > busy_until_) {
    busy_ += end - busy_until_;
    busy_until_ = end;
  }
}

}  // namespace corsim::npu::timing
