#pragma once
// Configuration of the memory system's timing (docs/memory-timing.md): which memories exist, where,
// their latency and bandwidth, the L1 caches and the NPU's two AXI ports. sim/ fills it from the
// platform preset and the -C parameters (sim/memory_timing_setup.cpp).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memory/timing/cache.h"

namespace corsim::memory::timing {

// How the D-cache treats stores to cacheable memory. Auto follows the Armv8-M default memory map
// attributes (B3.x "The system address map"): Code (0x0000_0000-0x1FFF_FFFF) and RAM
// 0x8000_0000-0x9FFF_FFFF are write-through, SRAM (0x2000_0000-0x3FFF_FFFF) and RAM
// 0x6000_0000-0x7FFF_FFFF write-back write-allocate, 0xA000_0000-0xDFFF_FFFF Device (not cached).
enum class WritePolicy : uint8_t { Auto, WriteBack, WriteThrough };

enum class MemoryKind : uint8_t { Itcm, Dtcm, Axi };

struct CacheConfig {
  CacheGeometry geometry;
  // false: the cache is present but its state is not modelled (FVP `cpu0.dcache-state_modelled=0`
  // style): every cacheable access costs what a hit costs.
  bool modelled = true;
};

struct MemoryRegion {
  std::string name;  // ITCM, SRAM, DTCM, ISRAM, QSPI, DDR
  MemoryKind kind = MemoryKind::Axi;
  uint32_t ns_base = 0;
  std::optional<uint32_t> s_base;
  uint64_t size = 0;
  uint32_t latency = 0;         // platform cycles to the first data (AXI memories); TCMs: wait states
  double bytes_per_cycle = 8;   // bandwidth in bytes per platform cycle
};

// One NPU AXI port as the Vela system config describes it (Vela ethosu/config_files/Arm/vela.ini):
// the FVP's timing adapters sit here. Bandwidth and latencies in platform cycles.
struct NpuPort {
  double bytes_per_cycle = 8;
  uint32_t read_latency = 32;
  uint32_t write_latency = 32;
};

struct MemorySystemConfig {
  CacheConfig icache{{32 * 1024, 32, 2}, true};
  CacheConfig dcache{{32 * 1024, 32, 4}, true};
  WritePolicy write_policy = WritePolicy::Auto;
  uint32_t dtcm_banks = 4;        // DTCM banked as 4 x 32-bit (WikiChip Cortex-M55); a power of two
  uint32_t fetch_bytes = 8;       // AXI fetches: 64 bits at a time (the ITCM port width is the core model's: docs/timing.md)
  std::vector<MemoryRegion> memories;
  std::array<NpuPort, 2> npu_ports{NpuPort{8, 32, 32}, NpuPort{1, 64, 64}};
};

// Parses "write-back"/"wb", "write-through"/"wt", "auto".
std::optional<WritePolicy> write_policy_from_name(std::string_view name);
const char* write_policy_name(WritePolicy p);

}  // namespace corsim::memory::timing
