// Contention between the CPU and the NPU's AXI ports on one memory (memory/timing/shared_memory.h
// formulas, re-derived here by hand): two masters on one memory each take longer than alone.
#include <gtest/gtest.h>

#include <cmath>

#include "corstone300_config.h"
#include "memory/timing/platform_memory_timing.h"

namespace corsim::memory::timing {
namespace {

using test::corstone300;
using test::kDdrBw;
using test::kDdrLatency;

constexpr uint32_t kDdr = 0x70000000, kIsram = 0x31000000;

Cycles ceil_div(double a, double b) { return static_cast<Cycles>(std::ceil(a / b)); }

TEST(Contention, NpuAloneUsesThePortOrTheMemoryWhicheverIsSlower) {
  MemorySystemConfig c = corstone300();
  c.npu_ports = {NpuPort{8, 32, 32}, NpuPort{1, 64, 64}};  // Ethos_U55_High_End_Embedded (Vela)
  PlatformMemoryTiming t(c);
  // Port 1 (1 byte/cycle) reading 1000 bytes of DDR (8 bytes/cycle): max(L, port latency) + 1000/1.
  EXPECT_EQ(t.npu_transfer(1, kDdr, 1000, false, 0), std::max<Cycles>(kDdrLatency, 64) + 1000u);
  // Port 0 writing 800 bytes of ISRAM: 32 + 800/8.
  EXPECT_EQ(t.npu_transfer(0, kIsram, 800, true, 5000), 32u + 100u);
  const auto& tr = t.traffic();
  EXPECT_EQ(tr[5].npu_read, 1000u);  // DDR
  EXPECT_EQ(tr[3].npu_write, 800u);  // ISRAM
}

TEST(Contention, CpuDuringAnNpuTransferGetsWhatTheNpuLeavesButAtLeastHalf) {
  MemorySystemConfig c = corstone300();
  c.npu_ports = {NpuPort{6, 32, 32}, NpuPort{8, 32, 32}};
  PlatformMemoryTiming t(c);
  const Cycles alone = t.cpu_access({kDdr, 32, AccessKind::Read}, 100);  // caches off
  EXPECT_EQ(alone, kDdrLatency + ceil_div(32, kDdrBw));
  // NPU port 0 (6 bytes/cycle) streams 6000 bytes from DDR starting at 1000: window [1000, 2000)
  // at rate 6. A CPU read inside it gets max(8 - 6, 8/2) = 4 bytes/cycle.
  const Cycles npu = t.npu_transfer(0, kDdr + 0x1000, 6000, false, 1000);
  EXPECT_EQ(npu, 32u + 1000u);
  const Cycles during = t.cpu_access({kDdr + 0x100, 32, AccessKind::Read}, 1500);
  EXPECT_EQ(during, kDdrLatency + ceil_div(32, std::max(kDdrBw - 6, kDdrBw / 2)));
  EXPECT_GT(during, alone);
  // After the window the CPU has the whole memory again.
  EXPECT_EQ(t.cpu_access({kDdr + 0x200, 32, AccessKind::Read}, 2500), alone);
}

TEST(Contention, NpuAfterBusyCpuGetsTheBandwidthTheCpuLeaves) {
  MemorySystemConfig c = corstone300();
  c.npu_ports = {NpuPort{8, 32, 32}, NpuPort{8, 32, 32}};
  PlatformMemoryTiming alone_t(c), shared_t(c);
  const uint64_t bytes = 4096;
  const Cycles start = 10 * 256 + 128;  // in rate window 10
  const Cycles alone = alone_t.npu_transfer(1, kDdr, bytes, false, start);
  EXPECT_EQ(alone, kDdrLatency + ceil_div(bytes, 8));
  // The CPU read 64 x 16 bytes of DDR (uncached) in window 10, one access every 2 cycles: 1024
  // bytes in the 256-cycle window = 4 bytes/cycle of the 8.
  for (int i = 0; i < 64; ++i) shared_t.cpu_access({kDdr + 0x10000 + 16u * i, 16, AccessKind::Read}, 10 * 256 + 2 * i);
  const double cpu_rate = 1024.0 / 256.0;
  ASSERT_DOUBLE_EQ(shared_t.shared_memory(5)->cpu_rate(start), cpu_rate);
  const Cycles busy_wait = shared_t.shared_memory(5)->cpu_busy_until() > start ? shared_t.shared_memory(5)->cpu_busy_until() - start : 0;
  const Cycles shared = shared_t.npu_transfer(1, kDdr, bytes, false, start);
  EXPECT_EQ(shared, busy_wait + kDdrLatency + ceil_div(bytes, std::max(8 - cpu_rate, 8 / 2.0)));
  EXPECT_GT(shared, alone);
}

TEST(Contention, CpuTrafficInsideAnNpuWindowMakesTheNpuLate) {
  MemorySystemConfig c = corstone300();
  c.npu_ports = {NpuPort{8, 32, 32}, NpuPort{8, 32, 32}};
  PlatformMemoryTiming t(c);
  t.npu_transfer(0, kDdr, 8000, false, 1000);  // window [1000, 2000) at 8 bytes/cycle = all of DDR
  EXPECT_EQ(t.take_npu_delay(), 0u);
  // A 32-byte CPU read at 1500 gets 8/2 = 4 bytes/cycle for 8 cycles: it takes (8 + 4 - 8) x 8 = 32
  // bytes from the NPU, 32 / 8 = 4 NPU cycles.
  t.cpu_access({kDdr + 0x100, 32, AccessKind::Read}, 1500);
  EXPECT_EQ(t.take_npu_delay(), 4u);
  EXPECT_EQ(t.take_npu_delay(), 0u);  // taken
  // Outside the window nothing is lost.
  t.cpu_access({kDdr + 0x100, 32, AccessKind::Read}, 2500);
  EXPECT_EQ(t.take_npu_delay(), 0u);
}

TEST(Contention, TwoMastersTakeLongerThanEitherAlone) {
  // The CPU streams uncached 32-byte reads back to back while the NPU streams 8000 bytes on one
  // port at the memory's full bandwidth: each ends later than when it runs alone.
  MemorySystemConfig c = corstone300();
  c.npu_ports = {NpuPort{8, 32, 32}, NpuPort{8, 32, 32}};
  auto cpu_stream = [](PlatformMemoryTiming& t, Cycles now, int n) {
    for (int i = 0; i < n; ++i) now += t.cpu_access({kDdr + 32u * i, 32, AccessKind::Read}, now);
    return now;
  };
  PlatformMemoryTiming cpu_only(c), npu_only(c), both(c);
  const Cycles cpu_end_alone = cpu_stream(cpu_only, 1000, 20);
  const Cycles npu_alone = npu_only.npu_transfer(0, kDdr + 0x100000, 8000, false, 1000);
  const Cycles npu_both = both.npu_transfer(0, kDdr + 0x100000, 8000, false, 1000);
  const Cycles cpu_end_both = cpu_stream(both, 1000, 20);
  EXPECT_EQ(npu_alone, npu_both);  // the CPU had not used DDR before the NPU started
  // By hand: alone each read costs 32 + 32/8 = 36; inside the NPU's window [1000, 2000) at rate 8
  // each gets 8/2 = 4 bytes/cycle: 32 + 8 = 40. 20 reads end at 1000 + 20 x 40 = 1800 < 2000.
  EXPECT_EQ(cpu_end_alone, 1000u + 20u * 36u);
  EXPECT_EQ(cpu_end_both, 1000u + 20u * 40u);
  // And an NPU transfer issued while the CPU is streaming is slower than alone.
  PlatformMemoryTiming cpu_first(c);
  const Cycles end = cpu_stream(cpu_first, 256 * 8, 7);  // 7 x 32 = 224 bytes in window 8
  const Cycles npu_after = cpu_first.npu_transfer(0, kDdr + 0x100000, 8000, false, end);
  EXPECT_EQ(npu_after, kDdrLatency + ceil_div(8000, 8 - 224.0 / 256.0));
  EXPECT_GT(npu_after, npu_alone);
}

}  // namespace
}  // namespace corsim::memory::timing
