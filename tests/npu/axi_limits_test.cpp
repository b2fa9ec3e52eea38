// The AXI ports' outstanding-transaction and burst limits (npu/timing/axi_limits.h): the register
// fields as the Arm Ethos-U driver headers define them (ethosu55_interface.h axi_limit0_r,
// ethosu85_interface.h axi_sram_r / axi_ext_r) and the values the
// driver programs (ethosu_config_u55.h / _u85.h), and their cost by Little's law: a port
// moves at most ports x outstanding x burst / latency bytes per cycle in each direction. Every
// expected cycle count below is worked out by hand in the comment beside it.
#include <gtest/gtest.h>

#include <memory>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "memory/timing/platform_memory_timing.h"
#include "npu/ethos_u_device.h"
#include "npu/executor.h"
#include "npu/timing/axi_limits.h"
#include "npu/timing/timing_model.h"
#include "device_fakes.h"

namespace corsim::npu {
namespace {

using timing::AxiLimits;
using timing::SystemConfig;

// A U55 system whose AXI1 is a DRAM with Vela's DRAM latencies (vela.ini Ethos_U85_SYS_DRAM_Mid:
// read 500, write 250 cycles) at 12 B/cycle; AXI0 the High_End SRAM (8 B/cycle, latency 32).
SystemConfig dram_system(unsigned read_latency, unsigned write_latency = 250) {
  SystemConfig s = *timing::system_preset("Ethos_U55_High_End_Embedded");
  s.axi1 = {"Dram", 12, read_latency, write_latency, 64};
  return s;
}

OperationConfig dma_op() {
  OperationConfig op;
  op.kind = OpKind::kDma;
  return op;
}

Traffic reads_on(unsigned port, uint64_t bytes) {
  Traffic t;
  t.read[port] = bytes;
  return t;
}

// AXI_LIMITn word: max_beats [1:0], max_outstanding_read_m1 [20:16], max_outstanding_write_m1 [27:24].
constexpr uint32_t axi_limit(uint32_t max_beats, uint32_t reads, uint32_t writes) {
  return max_beats | (reads - 1) << 16 | (writes - 1) << 24;
}
// AXI_SRAM / AXI_EXT word: max_outstanding_read_m1 [5:0], max_outstanding_write_m1 [12:8], max_beats [17:16].
constexpr uint32_t u85_axi(uint32_t reads, uint32_t writes, uint32_t max_beats) {
  return (reads - 1) | (writes - 1) << 8 | max_beats << 16;
}

void expect_limit(const timing::AxiPortLimit& l, unsigned reads, unsigned writes, unsigned burst, unsigned ports) {
  EXPECT_EQ(l.max_reads, reads);
  EXPECT_EQ(l.max_writes, writes);
  EXPECT_EQ(l.burst_bytes, burst);
  EXPECT_EQ(l.ports, ports);
}

TEST(AxiLimits, DecodesTheDriversU55Values) {
  // ethosu_config_u55.h: every AXI_LIMITn = 64 B bursts (max_beats 0), 32 reads, 16 writes.
  EXPECT_EQ(timing::kDriverAxiLimit, axi_limit(0, 32, 16));
  const AxiLimits l = timing::u55_axi_limits({timing::kDriverAxiLimit, timing::kDriverAxiLimit, timing::kDriverAxiLimit,
                                              timing::kDriverAxiLimit},
                                             kDriverRegionCfg);
  for (const auto& p : l) expect_limit(p, 32, 16, 64, 1);
  // 32 x 64 B / 500 cycles = 4.096 B/cycle; 16 x 64 B / 250 = 4.096.
  EXPECT_DOUBLE_EQ(l[1].read_bytes_per_cycle(500), 4.096);
  EXPECT_DOUBLE_EQ(l[1].write_bytes_per_cycle(250), 4.096);
  EXPECT_EQ(timing::burst_bytes_from_max_beats(1), 128u);
  EXPECT_EQ(timing::burst_bytes_from_max_beats(2), 256u);
}

TEST(AxiLimits, DecodesTheDriversU85ValuesPerPort) {
  // ethosu_config_u85.h: AXI_SRAM 12 reads, 16 writes, 256 B; AXI_EXT 64 reads, 32 writes, 256 B.
  EXPECT_EQ(timing::kDriverAxiSram, u85_axi(12, 16, 2));
  EXPECT_EQ(timing::kDriverAxiExt, u85_axi(64, 32, 2));
  // CONFIG (ethosu85_interface.h config_r): U85-256 has 2 SRAM ports and 1 EXT port, U85-1024 2 EXT ports, U85-2048 4 SRAM.
  const AxiLimits u256 = timing::driver_axi_limits(NpuConfig{256, Product::kU85});
  expect_limit(u256[0], 12, 16, 256, 2);
  expect_limit(u256[1], 64, 32, 256, 1);
  EXPECT_EQ(timing::driver_axi_limits(NpuConfig{1024, Product::kU85})[1].ports, 2u);
  EXPECT_EQ(timing::driver_axi_limits(NpuConfig{2048, Product::kU85})[0].ports, 4u);
  // 1 port x 64 x 256 B / 500 cycles = 32.768 B/cycle.
  EXPECT_DOUBLE_EQ(u256[1].read_bytes_per_cycle(500), 32.768);
}

// REGIONCFG gives each region one AXI_LIMIT counter; a port whose regions use two counters gets the
// more restrictive value of each field, a port no region uses its first counter.
TEST(AxiLimits, RegionCfgSelectsTheCountersOfEachPort) {
  const std::array<uint32_t, 4> regs = {axi_limit(0, 32, 16), axi_limit(1, 4, 8), axi_limit(2, 20, 3),
                                        axi_limit(0, 7, 5)};
  // The driver's REGIONCFG: region 0 -> counter 3 (AXI1), region 1 -> 0, regions 2..7 -> 1 (AXI0).
  AxiLimits l = timing::u55_axi_limits(regs, kDriverRegionCfg);
  expect_limit(l[0], 4, 8, 64, 1);  // min(32, 4), min(16, 8), min(64 B, 128 B)
  expect_limit(l[1], 7, 5, 64, 1);  // counter 3 only
  // Every region on counter 1: AXI0 is counter 1 alone; AXI1, unused, its first counter (2).
  l = timing::u55_axi_limits(regs, 0x5555);
  expect_limit(l[0], 4, 8, 128, 1);
  expect_limit(l[1], 20, 3, 256, 1);
}

// The brief's case: a 500-cycle DRAM behind AXI1. 32 reads x 64 B / 500 = 4.096 B/cycle is below the
// DRAM's 12 B/cycle, so a 40,960-byte read costs 40960 / 4.096 + 500 = 10,000 + 500 cycles, not
// ceil(40960 / 12) + 500 = 3,414 + 500.
TEST(AxiLimits, TheOutstandingReadLimitBindsOnAHighLatencyPort) {
  const timing::TimingModel tm(NpuConfig{128}, dram_system(500));
  const auto t = tm.estimate(dma_op(), reads_on(1, 40960));
  EXPECT_EQ(t.axi1, 10000u + 500u);
  EXPECT_EQ(t.total, 10500u);
  EXPECT_STREQ(t.bound, "axi1");
}

// With a 64-cycle latency the limit is 32 x 64 / 64 = 32 B/cycle, above the 12 B/cycle memory:
// the memory decides, ceil(40960 / 12) = 3,414, + 64.
TEST(AxiLimits, ALimitAboveTheMemoryBandwidthChangesNothing) {
  const timing::TimingModel tm(NpuConfig{128}, dram_system(64));
  EXPECT_EQ(tm.estimate(dma_op(), reads_on(1, 40960)).axi1, 3414u + 64u);
}

// A driver that programs 8 outstanding reads on AXI1's counters: 8 x 64 / 500 = 1.024 B/cycle,
// 40960 / 1.024 = 40,000 + 500. 128-byte bursts with 32 reads: 32 x 128 / 500 = 8.192 B/cycle,
// 40960 / 8.192 = 5,000 + 500.
TEST(AxiLimits, FewerOutstandingReadsOrLongerBurstsMoveTheCostAsComputed) {
  timing::TimingModel tm(NpuConfig{128}, dram_system(500));
  const uint32_t d = timing::kDriverAxiLimit;
  tm.set_axi_limits(timing::u55_axi_limits({d, d, axi_limit(0, 8, 16), axi_limit(0, 8, 16)}, kDriverRegionCfg));
  EXPECT_EQ(tm.estimate(dma_op(), reads_on(1, 40960)).axi1, 40000u + 500u);
  tm.set_axi_limits(timing::u55_axi_limits({d, d, axi_limit(1, 32, 16), axi_limit(1, 32, 16)}, kDriverRegionCfg));
  EXPECT_EQ(tm.estimate(dma_op(), reads_on(1, 40960)).axi1, 5000u + 500u);
}

// Writes have their own limit: 16 writes x 64 B / 250 = 4.096 B/cycle. A port that reads and writes
// 40,960 bytes each: the memory alone would take 81920 / 12 = 6,827 cycles, each direction's limit
// 40960 / 4.096 = 10,000; the slowest decides, plus both latencies: 10,000 + 500 + 250.
TEST(AxiLimits, WritesAreLimitedByTheOutstandingWriteCount) {
  const timing::TimingModel tm(NpuConfig{128}, dram_system(500));
  Traffic w;
  w.write[1] = 40960;
  EXPECT_EQ(tm.estimate(dma_op(), w).axi1, 10000u + 250u);
  Traffic rw = w;
  rw.read[1] = 40960;
  EXPECT_EQ(tm.estimate(dma_op(), rw).axi1, 10000u + 500u + 250u);
}

// The U85 on Ethos_U85_SYS_DRAM_Mid (EXT: 12 B/cycle, read latency 500): the driver's AXI_EXT allows
// 64 x 256 / 500 = 32.768 B/cycle, so the DRAM decides: 120,000 / 12 = 10,000 + 500. AXI_EXT with 16
// reads: 16 x 256 / 500 = 8.192 B/cycle, 120000 / 8.192 = 14,648.4 -> 14,649 + 500. A U85-1024 has
// two EXT ports: 2 x 8.192 = 16.384 > 12, the DRAM decides again.
TEST(AxiLimits, U85ExtPortLimitPerPortTimesPorts) {
  const SystemConfig mid = *timing::system_preset("Ethos_U85_SYS_DRAM_Mid");
  ASSERT_DOUBLE_EQ(mid.axi1.bytes_per_cycle, 12.0);
  ASSERT_EQ(mid.axi1.read_latency, 500u);
  const NpuConfig u256{256, Product::kU85}, u1024{1024, Product::kU85};
  timing::TimingModel tm(u256, mid);
  EXPECT_EQ(tm.estimate(dma_op(), reads_on(1, 120000)).axi1, 10000u + 500u);
  tm.set_axi_limits(timing::u85_axi_limits(timing::kDriverAxiSram, u85_axi(16, 32, 2), u256));
  EXPECT_EQ(tm.estimate(dma_op(), reads_on(1, 120000)).axi1, 14649u + 500u);
  timing::TimingModel wide(u1024, mid);
  wide.set_axi_limits(timing::u85_axi_limits(timing::kDriverAxiSram, u85_axi(16, 32, 2), u1024));
  EXPECT_EQ(wide.estimate(dma_op(), reads_on(1, 120000)).axi1, 10000u + 500u);
}

// No preset binds with the driver's limits (docs/npu.md "AXI limits"): each port's Little's-law
// bandwidth is above the memory's, so the presets' estimates are what they were without the limits.
TEST(AxiLimits, TheDriversLimitsBindInNoPreset) {
  for (std::string_view name : timing::system_preset_names()) {
    const SystemConfig s = *timing::system_preset(name);
    const bool u85 = name.find("U85") != std::string_view::npos || name.find("Ambiq") != std::string_view::npos;
    const NpuConfig npu = u85 ? NpuConfig{256, Product::kU85} : NpuConfig{128};
    const AxiLimits l = timing::driver_axi_limits(npu);
    const timing::MemoryPort* ports[2] = {&s.axi0, &s.axi1};
    for (unsigned p = 0; p < 2; ++p) {
      EXPECT_GT(l[p].read_bytes_per_cycle(ports[p]->read_latency), ports[p]->bytes_per_cycle) << name << " port " << p;
      EXPECT_GT(l[p].write_bytes_per_cycle(ports[p]->write_latency), ports[p]->bytes_per_cycle) << name << " port " << p;
    }
  }
}

// Inside corsim the memory system prices the transfers (12 B/cycle, max(500, 500) latency:
// 500 + ceil(40960 / 12) = 3,914); the limit still holds the port to 40960 / 4.096 + 500 = 10,500.
TEST(AxiLimits, ThePlatformPathKeepsTheLimit) {
  memory::timing::MemorySystemConfig c;
  c.memories = {{"SRAM", memory::timing::MemoryKind::Axi, 0x30000000, std::nullopt, 1 << 20, 32, 8},
                {"DDR", memory::timing::MemoryKind::Axi, 0x70000000, std::nullopt, 1 << 20, 500, 12}};
  c.npu_ports = {memory::timing::NpuPort{8, 32, 32}, memory::timing::NpuPort{12, 500, 250}};
  const timing::AxiTransfer transfers[] = {{1, 0x70000000, 40960, false}};
  for (unsigned latency : {500u, 64u}) {
    memory::timing::PlatformMemoryTiming mt(c);
    const timing::TimingModel tm(NpuConfig{128}, dram_system(latency));
    const auto t = tm.estimate(dma_op(), reads_on(1, 40960), transfers, mt, 0, 1.0);
    // At a 64-cycle system latency the limit (32 B/cycle) does not bind: the memory's price stays.
    EXPECT_EQ(t.axi1, latency == 500 ? 10500u : 3914u) << latency;
  }
}

// ---- The device: the limits the firmware wrote into AXI_LIMITn ---------------------------------

constexpr uint32_t kNpuBase = 0x48102000, kFlash = 0x10000000, kScratch = 0x20000000, kCmd = 0x30000000;

struct DmaRig {
  explicit DmaRig(SystemConfig sys, NpuConfig npu = NpuConfig{128})
      : flash("flash", 1 << 20), sram("sram", 1 << 20), cmdmem("cmd", 1 << 16) {
    ic.map(kFlash, 1 << 20, flash, "flash");
    ic.map(kScratch, 1 << 20, sram, "sram");
    ic.map(kCmd, 1 << 16, cmdmem, "cmd");
    DeviceOptions o;
    o.npu = npu;
    o.system = std::move(sys);
    dev = std::make_unique<EthosUDevice>(ic, irq, time, o);
    ic.map(kNpuBase, dev->register_space(), *dev, "ethos-u");
    if (npu.is_u85()) {  // the driver's MEM_ATTR: entries 0/1 on the SRAM port, 2/3 on EXT (ethosu_device_u85.c ethosu_dev_axi_init)
      for (uint32_t i = 0; i < 4; ++i) wr(0x040 + 4 * i, i < 2 ? 0u : 0x4u);
    }
  }
  void wr(uint32_t off, uint32_t v) { EXPECT_TRUE(ic.write(kNpuBase + off, 4, v, {}).ok()); }
  // One DMA of `len` bytes, region 0 (AXI1 / U85 EXT under the driver's REGIONCFG) -> region 1
  // (AXI0 / U85 SRAM):
  // DMA0_SRC_REGION/DST_REGION, DMA0_SRC/DST/LEN, NPU_OP_DMA_START, NPU_OP_STOP (ethosu55_interface.h cmd0 opcodes).
  // Returns the job's length in cycles.
  Cycles run_dma(uint32_t len) {
    const uint32_t w[] = {0x0130u, 0x0131u | 1u << 16, 0x4030u, 0, 0x4031u, 0, 0x4032u, len, 0x0010u, 0xFFFF0000u};
    std::vector<uint8_t> bytes;
    for (uint32_t x : w)
      for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(x >> (8 * i)));
    EXPECT_TRUE(ic.debug_write_block(kCmd, bytes));
    wr(0x03C, kDriverRegionCfg);
    wr(0x010, kCmd);
    wr(0x020, static_cast<uint32_t>(bytes.size()));
    wr(0x080, kFlash);
    wr(0x084, 0);
    wr(0x088, kScratch);
    wr(0x08C, 0);
    const Cycles t0 = time.t;
    wr(0x008, 0xC | 1);
    for (int i = 0; i < 100; ++i) {
      const auto d = dev->next_deadline();
      if (!d) break;
      time.t = *d;
      dev->update(*d);
    }
    EXPECT_TRUE(irq.level);
    return time.t - t0;
  }

  memory::Interconnect ic;
  memory::Ram flash, sram, cmdmem;
  test::FakeTime time;
  test::FakeIrq irq;
  std::unique_ptr<EthosUDevice> dev;
};

// 40,960 bytes DRAM (AXI1, latency 500, 12 B/cycle) -> SRAM (AXI0, 8 B/cycle, latency 32).
//   driver's AXI_LIMITn (32 reads, 16 writes, 64 B): AXI1 40960 / 4.096 + 500 = 10,500;
//     AXI0 write 16 x 64 / 32 = 32 B/cycle > 8: 40960 / 8 + 32 = 5,152          -> 10,500
//   AXI_LIMIT2/3 with 8 reads: AXI1 40960 / (8 x 64 / 500) + 500 = 40,500       -> 40,500
//   never programmed (reset value 0: one read, one write outstanding): AXI1 64 / 500 = 0.128
//     B/cycle, 40960 / 0.128 + 500 = 320,500; AXI0 64 / 32 = 2 B/cycle, 20,480 + 32 -> 320,500
TEST(AxiLimits, TheDeviceUsesTheLimitsTheFirmwareProgrammed) {
  {
    DmaRig rig(dram_system(500));
    for (uint32_t i = 0; i < 4; ++i) rig.wr(0x040 + 4 * i, timing::kDriverAxiLimit);
    EXPECT_EQ(rig.run_dma(40960), 10500u);
  }
  {
    DmaRig rig(dram_system(500));
    for (uint32_t i = 0; i < 4; ++i) rig.wr(0x040 + 4 * i, i < 2 ? timing::kDriverAxiLimit : axi_limit(0, 8, 16));
    EXPECT_EQ(rig.run_dma(40960), 40500u);
  }
  {
    DmaRig rig(dram_system(500));
    EXPECT_EQ(rig.run_dma(40960), 320500u);
  }
}

// The U85 on Ethos_U85_SYS_DRAM_Mid, 120,000 bytes DRAM (EXT: 12 B/cycle, latency 500) -> SRAM
// (2 ports x 16 B: 32 B/cycle, latency 32; the driver's AXI_SRAM allows 2 x 16 x 256 / 32 = 256
// B/cycle of writes, so 120000 / 32 + 32 = 3,782):
//   the driver's AXI_EXT (64 reads x 256 B / 500 = 32.768 B/cycle > 12): 120000 / 12 + 500 = 10,500
//   AXI_EXT with 16 reads (8.192 B/cycle): ceil(120000 / 8.192) = 14,649, + 500 = 15,149
TEST(AxiLimits, TheU85DeviceUsesItsAxiExtRegister) {
  const NpuConfig u85{256, Product::kU85};
  const SystemConfig mid = *timing::system_preset("Ethos_U85_SYS_DRAM_Mid");
  {
    DmaRig rig(mid, u85);
    rig.wr(0x050, timing::kDriverAxiSram);
    rig.wr(0x054, timing::kDriverAxiExt);
    EXPECT_EQ(rig.run_dma(120000), 10500u);
  }
  {
    DmaRig rig(mid, u85);
    rig.wr(0x050, timing::kDriverAxiSram);
    rig.wr(0x054, u85_axi(16, 32, 2));
    EXPECT_EQ(rig.run_dma(120000), 15149u);
  }
}

}  // namespace
}  // namespace corsim::npu
