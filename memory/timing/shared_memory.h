#pragma once
// One memory on the interconnect (code SRAM, ISRAM, QSPI, DDR) as a shared resource: a latency to
// the first data, a bandwidth, and the traffic of the masters that compete for it. The formulas
// (docs/memory-timing.md "Contention", checked by tests/memory_timing/contention_test.cpp):
//
//   CPU transfer of b bytes at t:
//     bw    = max(B - npu_rate(t), B/2)          NPU windows covering t take their rate; round-robin
//                                                 arbitration guarantees the CPU half the bandwidth
//     start = max(t, cpu_busy_until)             the CPU's own transfers queue behind each other
//     xfer  = ceil(b / bw)
//     done  = start + L + xfer;  cpu_busy_until = start + xfer
//   NPU transfer of b bytes at t through a port capped at P bytes/cycle (the Vela system config):
//     start = max(t, cpu_busy_until)
//     bw    = min(P, max(B - cpu_rate(t) - npu_rate(start), B/2))
//                                                 cpu_rate = the CPU's bytes on this memory in the
//                                                 current window of W cycles (or the previous one
//                                                 when it was busier), / W; npu_rate(start) = the
//                                                 other NPU transfers still running then
//     done  = start + max(L, port latency) + ceil(b / bw)
//     the window [start, start + ceil(b / bw)) at rate bw is recorded for later CPU accesses.
//   A CPU transfer inside NPU windows of total rate r that gets bw with r + bw > B takes
//   (r + bw - B) x xfer bytes from the NPU: the NPU is late by that / r cycles (npu_delay).
//
// All times are platform cycles. B may be fractional (QSPI: 1 byte per cycle or less).
#include <cstdint>
#include <deque>
#include <string>

#include "base/clock.h"

namespace corsim::memory::timing {

struct SharedMemoryParams {
  std::string name;
  uint32_t latency = 0;          // cycles to the first data
  double bytes_per_cycle = 8;    // bandwidth B
};

class SharedMemory {
 public:
  static constexpr Cycles kRateWindow = 256;  // W
  static constexpr size_t kMaxWindows = 4096;

  explicit SharedMemory(SharedMemoryParams p) : p_(std::move(p)) {}
  const SharedMemoryParams& params() const { return p_; }

  // Returns the cycles from `now` until the transfer is complete (see the formulas above).
  // `posted`: a buffered write; the CPU waits only until the memory accepts it (queueing), not for
  // the latency and transfer.
  Cycles cpu_transfer(uint64_t bytes, Cycles now, bool posted = false);
  Cycles npu_transfer(uint64_t bytes, Cycles now, double port_bytes_per_cycle, uint32_t port_latency);

  // The pieces, for tests and reports.
  double npu_rate(Cycles t);        // sum of the NPU windows' rates covering t (prunes old ones)
  double npu_rate_at(Cycles t) const;  // the same without pruning (NPU times run ahead of the CPU)
  double cpu_rate(Cycles t) const;  // the CPU's recent rate as defined above
  Cycles cpu_busy_until() const { return cpu_busy_until_; }
  // NPU cycles lost to later CPU traffic (fractional), and taking its whole part.
  double npu_delay() const { return npu_delay_; }
  Cycles take_npu_delay() {
    const Cycles whole = static_cast<Cycles>(npu_delay_);
    npu_delay_ -= static_cast<double>(whole);
    return whole;
  }

 private:
  struct Window {
    Cycles start, end;
    double rate;
  };
  void note_cpu_bytes(uint64_t bytes, Cycles t);

  SharedMemoryParams p_;
  Cycles cpu_busy_until_ = 0;
  std::deque<Window> npu_windows_;  // in insertion order (start times non-decreasing per job)
  uint64_t window_index_ = 0, window_bytes_ = 0, prev_window_bytes_ = 0;
  double npu_delay_ = 0;
};

}  // namespace corsim::memory::timing
