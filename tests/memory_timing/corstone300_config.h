#pragma once
// A Corstone-300 memory system for the memory-timing tests: the map of Zephyr's
// mps3_corstone300_fvp.dts with round latencies and bandwidths chosen here so expected cycles are
// easy to compute by hand.
#include "memory/timing/config.h"

namespace corsim::memory::timing::test {

constexpr uint32_t kSramLatency = 4, kQspiLatency = 16, kDdrLatency = 32;
constexpr double kSramBw = 8, kQspiBw = 1, kDdrBw = 8;

inline MemorySystemConfig corstone300() {
  MemorySystemConfig c;
  c.memories = {
      {"ITCM", MemoryKind::Itcm, 0x00000000, 0x10000000, 512 * 1024, 0, 8},
      {"SRAM", MemoryKind::Axi, 0x01000000, 0x11000000, 2 * 1024 * 1024, kSramLatency, kSramBw},
      {"DTCM", MemoryKind::Dtcm, 0x20000000, 0x30000000, 512 * 1024, 0, 8},
      {"ISRAM", MemoryKind::Axi, 0x21000000, 0x31000000, 4 * 1024 * 1024, kSramLatency, kSramBw},
      {"QSPI", MemoryKind::Axi, 0x28000000, 0x38000000, 8 * 1024 * 1024, kQspiLatency, kQspiBw},
      {"DDR", MemoryKind::Axi, 0x60000000, std::nullopt, 2048ull * 1024 * 1024, kDdrLatency, kDdrBw},
  };
  return c;
}

}  // namespace corsim::memory::timing::test
