#pragma once
// What sits on the interconnect: RAMs, ROMs and MMIO devices all implement Target.
//
// Three paths, after gem5 (src/mem/port.hh: timing, atomic and functional accesses) and Spike:
//   read/write         the timed path: functional effect now, returns the target's latency;
//   debug_read/write   side-effect free (loader, reports, GDB); no time passes, no device action;
//   host_page          the fast path: a host pointer to a whole 4 KiB page of plain memory, or null.
#include <cstdint>
#include <string_view>

namespace corsim::memory {

constexpr uint32_t kPageBits = 12;
constexpr uint32_t kPageSize = 1u << kPageBits;

// Who is accessing. The interconnect uses it for arbitration and statistics.
enum class Master : uint8_t { CpuInstr, CpuData, NpuAxi0, NpuAxi1, Debug, Count };

struct AccessAttrs {
  Master master = Master::CpuData;
  bool privileged = true;
  bool secure = true;
};

enum class BusStatus : uint8_t {
  Ok,
  SlaveError,   // the target refused (bad register, write to ROM): a BusFault for the CPU
  DecodeError,  // nothing mapped at the address: also a BusFault
};

struct BusResponse {
  BusStatus status = BusStatus::Ok;
  uint32_t latency = 0;  // cycles of the platform clock spent by the target beyond the ideal
  constexpr bool ok() const { return status == BusStatus::Ok; }
};

class Target {
 public:
  virtual ~Target() = default;
  virtual std::string_view name() const = 0;

  // `offset` is relative to the start of the target; `size` is 1, 2 or 4 bytes; values are
  // little-endian in the low bits of `value`.
  virtual BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const AccessAttrs& attrs) = 0;
  virtual BusResponse write(uint32_t offset, unsigned size, uint32_t value, const AccessAttrs& attrs) = 0;

  // Side-effect-free access. Devices answer what a read would return without acting (default:
  // refuse). Memories read and write their bytes.
  virtual bool debug_read(uint32_t offset, unsigned size, uint32_t& value) { return false; }
  virtual bool debug_write(uint32_t offset, unsigned size, uint32_t value) { return false; }

  // Plain memory: the host address of the 4 KiB page holding `offset` (page aligned), allocated on
  // first touch; null for MMIO. `writable` is false for ROM-like targets, which then refuse writes
  // through the fast path too.
  virtual uint8_t* host_page(uint32_t offset) { return nullptr; }
  virtual bool writable() const { return true; }
};

}  // namespace corsim::memory
