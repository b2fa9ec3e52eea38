#pragma once
// The per-operator report (docs/e2e.md, docs/report-schema.md): turns the runtime's ITM trace
// markers (runtime/trace/markers.h) into one entry per executed .pte instruction, with the CPU
// cycles it took, the NPU operations that ran inside it (from the Ethos-U55 model's job records)
// and the bytes each bus master moved meanwhile (memory::Interconnect traffic counters, sampled
// at every marker).
//
// Attribution: the run starts at the "execute begins" marker; each instruction is charged from
// the end of the previous one (or the run start) to its own end marker, so the time the runtime
// spends between instructions goes to the next instruction and the entries sum exactly to the
// run's total (run start to the last instruction's end).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "base/clock.h"
#include "memory/interconnect.h"
#include "memory/timing/platform_memory_timing.h"
#include "npu/ethos_u_device.h"
#include "sim/trace_markers.h"

namespace corsim::sim {

inline constexpr size_t kNumMasters = static_cast<size_t>(memory::Master::Count);
using TrafficSnapshot = std::array<memory::TrafficCounters, kNumMasters>;

using MemorySnapshot = std::vector<memory::timing::MemoryTraffic>;  // per memory

// Samples the interconnect's counters at each marker (install before the run), and the memory
// system's per-memory counters once set_memory_timing() gave it one (after Simulator::prepare).
class MarkerTraffic {
 public:
  void install(TraceMarkerLog& log, const memory::Interconnect& bus);
  void set_memory_timing(const memory::timing::PlatformMemoryTiming* m) { memory_ = m; }
  const std::vector<TrafficSnapshot>& snapshots() const { return snapshots_; }
  const std::vector<MemorySnapshot>& memory_snapshots() const { return memory_snapshots_; }
  const memory::timing::PlatformMemoryTiming* memory_timing() const { return memory_; }

 private:
  std::vector<TrafficSnapshot> snapshots_;
  std::vector<MemorySnapshot> memory_snapshots_;
  const memory::timing::PlatformMemoryTiming* memory_ = nullptr;
};

struct NpuOpEntry {
  uint32_t index = 0;      // position in the run's NPU operation list
  std::string kind;        // CONV, ELEMENTWISE, ...
  Cycles start = 0, end = 0;
  uint64_t macs = 0;
  npu::timing::OpTiming timing;
  std::array<uint64_t, 2> read{}, write{};  // bytes per AXI port
  // The memory its command stream addresses, per NPU region (BASEP index): the region's base
  // address in its job, and one past the highest byte offset its feature maps, weights, scales or
  // DMA reach (0 = region unused). See region_extents().
  std::array<uint64_t, 8> region_base{}, region_end{};
};

// Per region, one past the highest byte offset an operation's command stream addresses: IFM,
// IFM2, OFM (to their last element; NHCWB16 to the end of the last brick; a U85 OFM in its stored
// axis order), weights and scales (base + length), a DMA's source and destination.
std::array<uint64_t, 8> region_extents(const npu::OperationConfig& op);

struct OperatorEntry {
  uint32_t chain = 0, index = 0;
  std::string name;        // "aten::add.out", or the backend id for a DelegateCall
  std::string kind;        // KernelCall, DelegateCall, MoveCall, JumpFalseCall, FreeCall
  bool npu = false;        // a DelegateCall that ran NPU operations
  Cycles begin = 0, end = 0;  // marker times
  Cycles cycles = 0;       // charged cycles (see above)
  Cycles npu_cycles = 0;   // cycles in which at least one of its NPU operations ran (DMAs overlap kernels)
  TrafficSnapshot bytes{}; // per master, during the charged span
  MemorySnapshot memories; // per memory (OperatorReport::memory_names), during the charged span
  std::vector<NpuOpEntry> npu_ops;
};

struct OperatorReport {
  bool present = false;    // the firmware wrote instruction markers
  std::string error;       // markers present but inconsistent, or the run stopped inside an instruction
  bool stopped_inside = false;  // the run ended inside an instruction (interrupt, timeout): the
                                // operators before it are complete and reported, that one is not
  uint64_t clock_hz = 0;
  Cycles run_begin = 0, run_end = 0, total = 0;
  Cycles run_return = 0;   // the "Method::execute has returned" marker; 0 = not written
  std::vector<OperatorEntry> operators;
  // Bytes per memory (memory/timing): names in preset order; cpu_memory_counted is false when the
  // CPU ran untimed (--timing off), so its per-memory bytes are zero rather than measured.
  std::vector<std::string> memory_names;
  bool cpu_memory_counted = false;
};

// `memory` (optional): the MarkerTraffic that also sampled the memory system's counters.
OperatorReport build_operator_report(const std::vector<TraceMarker>& markers,
                                     const std::vector<TrafficSnapshot>& traffic,
                                     const std::vector<npu::DeviceOp>& npu_ops, uint64_t clock_hz,
                                     const MarkerTraffic* memory = nullptr);

std::string format_operator_table(const OperatorReport& r);
std::string operator_report_json(const OperatorReport& r);
std::string operator_chrome_trace(const OperatorReport& r);

const char* master_name(size_t m);

}  // namespace corsim::sim
