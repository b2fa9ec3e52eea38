// PMU events from the timing model's counters (see pmu_events.h).
#include "cpu/timing/pmu_events.h"

namespace corsim::cpu::timing {

std::optional<uint64_t> pmu_event_count(const TimingStats& s, const memory::MemoryTiming* caches, uint32_t event) {
  const memory::CacheCounters c = caches ? caches->cache_counters() : memory::CacheCounters{};
  switch (event) {
    case kPmuInstRetired: return s.instructions;
    case kPmuCpuCycles: return s.cycles;
    case kPmuLdRetired: return s.loads;
    case kPmuStRetired: return s.stores;
    case kPmuMemAccess: return s.data_accesses;
    case kPmuBrRetired:
    case kPmuBrPred: return s.branches;
    case kPmuBrMisPred:
    case kPmuBrMisPredRetired: return s.branch_mispredicts;
    case kPmuStall: return s.stall_cycles;
    case kPmuStallFrontend: return s.frontend_stall_cycles;
    case kPmuStallBackend: return s.stall_cycles > s.frontend_stall_cycles ? s.stall_cycles - s.frontend_stall_cycles : 0;
    case kPmuMveInstRetired: return s.mve_instructions;
    case kPmuL1ICache: return c.icache_accesses;
    case kPmuL1ICacheRefill: return c.icache_refills;
    case kPmuL1DCache: return c.dcache_accesses;
    case kPmuL1DCacheRefill: return c.dcache_refills;
    case kPmuL1DCacheWb: return c.dcache_writebacks;
    default: return std::nullopt;
  }
}

}  // namespace corsim::cpu::timing
