#pragma once
// PMU event numbers (Arm DDI 0553, "PMU events"; the same numbers as CMSIS pmu_armv8.h) answered
// from a timing model's counters and the memory system's cache counters, for the PMU's event
// counters (cpu/scs/pmu.h through scs::InstructionCounter::event_count). docs/timing.md lists them.
#include <cstdint>
#include <optional>

#include "cpu/timing/timing_model.h"
#include "memory/timing/memory_timing.h"

namespace corsim::cpu::timing {

enum PmuEvent : uint32_t {
  kPmuL1ICacheRefill = 0x0001,
  kPmuL1DCacheRefill = 0x0003,
  kPmuL1DCache = 0x0004,
  kPmuLdRetired = 0x0006,
  kPmuStRetired = 0x0007,
  kPmuInstRetired = 0x0008,
  kPmuBrMisPred = 0x0010,
  kPmuCpuCycles = 0x0011,
  kPmuBrPred = 0x0012,
  kPmuMemAccess = 0x0013,
  kPmuL1ICache = 0x0014,
  kPmuL1DCacheWb = 0x0015,
  kPmuBrRetired = 0x0021,
  kPmuBrMisPredRetired = 0x0022,
  kPmuStallFrontend = 0x0023,
  kPmuStallBackend = 0x0024,
  kPmuStall = 0x003C,
  kPmuMveInstRetired = 0x0200,
};

// Cumulative count of `event`, or nullopt when not modelled. `caches` may be null.
std::optional<uint64_t> pmu_event_count(const TimingStats& stats, const memory::MemoryTiming* caches, uint32_t event);

}  // namespace corsim::cpu::timing
