#pragma once
// The MPU's memory attributes as the memory-system timing needs them (docs/memory-timing.md
// "Memory attributes: the MPU"). cpu/scs (the MPU registers) fills an MpuRegions whenever
// MPU_CTRL, RBAR, RLAR or MAIR0/1 change and hands it to MemoryTiming::set_mpu_regions; the
// timing decodes each region's MAIR attribute byte into what its L1 caches do with it. Plain data
// and constexpr functions: the memory timing library does not depend on the cpu library.
#include <cstdint>
#include <vector>

namespace corsim::memory {

// One enabled MPU region: RBAR.BASE <= addr <= RLAR.LIMIT | 0x1F gets MAIR[RLAR.AttrIndx].
struct MpuRegion {
  uint32_t base = 0, limit = 0;  // limit inclusive (32-byte granules)
  uint8_t mair_attr = 0;         // the MAIR attribute byte the region selects
  uint8_t number = 0;            // the region number (RNR), for overlap resolution
};

// The MPU as the current security state sees it (corsim runs Secure: the Secure MPU).
struct MpuRegions {
  bool enabled = false;           // MPU_CTRL.ENABLE
  bool privdefena = false;        // MPU_CTRL.PRIVDEFENA
  std::vector<MpuRegion> regions; // enabled regions only (RLAR.EN), in region-number order
};

// How the L1 caches treat a location: the Armv8-M memory types (Device, Normal with inner and
// outer cacheability) reduced to the inner cacheability the Cortex-M55/M85 L1 caches follow.
enum class CachePolicy : uint8_t { NonCacheable, WriteThrough, WriteBack };

struct CacheAttributes {
  CachePolicy policy = CachePolicy::NonCacheable;
  bool device = false;            // Device memory (never cached)
  bool read_allocate = false, write_allocate = false;  // the MAIR hints (not used by the cache model)
};

// A MAIR attribute byte (Armv8-M ARM DDI 0553, D1.2 "MPU_MAIR0, MPU_MAIR1": Attr<n>[7:4] outer,
// [3:0] inner): [7:4] == 0b0000 is Device memory (nGnRnE..GRE in [3:2]); otherwise Normal memory
// with the inner attribute [3:0]:
//   0b0000             UNPREDICTABLE       -> Non-cacheable here
//   0b00RW (RW != 00)  Write-Through transient
//   0b0100             Non-cacheable
//   0b01RW (RW != 00)  Write-Back transient
//   0b10RW             Write-Through non-transient
//   0b11RW             Write-Back non-transient
// R = read-allocate, W = write-allocate hint. The transient hint is ignored.
constexpr CacheAttributes decode_mair_attribute(uint8_t attr) {
  CacheAttributes a;
  if ((attr >> 4) == 0) {
    a.device = true;
    return a;
  }
  const unsigned inner = attr & 0xFu, rw = inner & 3u;
  a.read_allocate = (rw & 2u) != 0;
  a.write_allocate = (rw & 1u) != 0;
  switch (inner >> 2) {
    case 0b00: a.policy = rw != 0 ? CachePolicy::WriteThrough : CachePolicy::NonCacheable; break;
    case 0b01: a.policy = rw != 0 ? CachePolicy::WriteBack : CachePolicy::NonCacheable; break;
    case 0b10: a.policy = CachePolicy::WriteThrough; break;
    default: a.policy = CachePolicy::WriteBack; break;
  }
  return a;
}

}  // namespace corsim::memory
