// A memory shared by the CPU and the NPU's AXI ports (formulas in shared_memory.h).
#include "memory/timing/shared_memory.h"

#include <algorithm>
#include <cmath>

namespace corsim::memory::timing {

namespace {
Cycles transfer_cycles(uint64_t bytes, double bw) {
  if (bytes == 0) return 0;
  return static_cast<Cycles>(std::ceil(static_cast<double>(bytes) / bw));
}
}  // namespace

double SharedMemory::npu_rate(Cycles t) {
  while (!npu_windows_.empty() && npu_windows_.front().end <= t) npu_windows_.pop_front();
  return npu_rate_at(t);
}

double SharedMemory::npu_rate_at(Cycles t) const {
  double r = 0;
  for (const Window& w : npu_windows_) {
    if (w.start <= t && t < w.end) r += w.rate;
  }
  return r;
}

double SharedMemory::cpu_rate(Cycles t) const {
  const uint64_t k = t / kRateWindow;
  uint64_t bytes = 0;
  if (k == window_index_) bytes = std::max(window_bytes_, prev_window_bytes_);
  else if (k == window_index_ + 1) bytes = window_bytes_;
  return static_cast<double>(bytes) / static_cast<double>(kRateWindow);
}

void SharedMemory::note_cpu_bytes(uint64_t bytes, Cycles t) {
  const uint64_t k = t / kRateWindow;
  if (k != window_index_) {
    prev_window_bytes_ = (k == window_index_ + 1) ? window_bytes_ : 0;
    window_bytes_ = 0;
    window_index_ = k;
  }
  window_bytes_ += bytes;
}

Cycles SharedMemory::cpu_transfer(uint64_t bytes, Cycles now, bool posted) {
  const double B = p_.bytes_per_cycle;
  double bw = B, rho = 0;
  if (!npu_windows_.empty()) {
    rho = npu_rate(now);
    bw = std::max(B - rho, B / 2);
  }
  const Cycles start = std::max(now, cpu_busy_until_);
  const Cycles xfer = transfer_cycles(bytes, bw);
  if (rho > 0 && rho + bw > B) npu_delay_ += (rho + bw - B) * static_cast<double>(xfer) / rho;
  cpu_busy_until_ = start + xfer;
  note_cpu_bytes(bytes, now);
  if (posted) return start - now;
  return start - now + p_.latency + xfer;
}

Cycles SharedMemory::npu_transfer(uint64_t bytes, Cycles now, double port_bytes_per_cycle, uint32_t port_latency) {
  const double B = p_.bytes_per_cycle;
  const Cycles start = std::max(now, cpu_busy_until_);
  const double bw = std::min(port_bytes_per_cycle, std::max(B - cpu_rate(now) - npu_rate_at(start), B / 2));
  const Cycles xfer = transfer_cycles(bytes, bw);
  if (xfer > 0) {
    if (npu_windows_.size() >= kMaxWindows) npu_windows_.pop_front();  // bound memory; oldest first
    npu_windows_.push_back({start, start + xfer, bw});
  }
  return start - now + std::max<Cycles>(p_.latency, port_latency) + xfer;
}

}  // namespace corsim::memory::timing
