// The Ethos-U55 device with the memory system's timing (integration): the KWS golden job
// (../shared/models/vela/kws_cnn_small_u55-128) on a Corstone-300-like map, alone and with the CPU
// competing for the same memories. Checks: without CPU traffic the job takes what the standalone
// system-config formula gives (within rounding); CPU accesses inside the job's AXI windows are
// slower than alone; a job started right after heavy CPU traffic on its SRAM is slower.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>

#include "corstone300_config.h"
#include "memory/interconnect.h"
#include "memory/ram.h"
#include "memory/timing/platform_memory_timing.h"
#include "npu/driver_payload.h"
#include "npu/ethos_u_device.h"

namespace corsim::memory::timing {
namespace {

struct FakeTime final : TimeSource {
  Cycles t = 1000;
  Cycles now() const override { return t; }
};
struct NullIrq final : IrqSink {
  void set_irq_level(unsigned, bool) override {}
};

constexpr uint32_t kNpu = 0x48102000;
constexpr uint32_t kDdr = 0x70000000;    // model constants (flash.bin), AXI1
constexpr uint32_t kIsram = 0x31000000;  // scratch (input/output), AXI0
constexpr uint32_t kCmd = 0x31200000;    // command stream in ISRAM
const std::string kKws = std::string(CORSIM_MODELS_DIR) + "/vela/kws_cnn_small_u55-128/";

std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

struct System {
  explicit System(bool with_memory_timing, MemorySystemConfig config = test::corstone300())
      : ddr("DDR", 16 << 20), isram("ISRAM", 4 << 20), mt(std::move(config)) {
    ic.map(kDdr, 16 << 20, ddr, "DDR");
    ic.map(kIsram, 4 << 20, isram, "ISRAM");
    npu::DeviceOptions o;
    o.npu.macs = 128;
    if (with_memory_timing) o.memory_timing = &mt;
    dev = std::make_unique<npu::EthosUDevice>(ic, irq, time, o);
    ic.map(kNpu, 0x1000, *dev, "ethos-u55");
  }
  void wr(uint32_t off, uint32_t v) { ASSERT_TRUE(ic.write(kNpu + off, 4, v, {}).ok()); }
  // The driver's AXI_LIMIT0..3 (32 reads, 16 writes, 64 B; ethosu_config_u55.h): left at their
  // reset value 0 the ports would allow one outstanding transaction (npu/timing/axi_limits.h).
  void driver_axi_limits() {
    for (uint32_t i = 0; i < 4; ++i) wr(0x040 + 4 * i, 31u << 16 | 15u << 24);
  }
  // Loads the KWS job and starts it at `start` (driver sequence of ethos-u-core-driver
  // ethosu_dev_run_command_stream); returns the job's duration in cycles, or 0 when the golden
  // files are missing.
  Cycles run_kws(Cycles start) {
    if (!start_kws(start)) return 0;
    EXPECT_TRUE(dev->next_deadline());
    const Cycles end = run_to_completion();
    std::vector<uint8_t> out(12);
    EXPECT_TRUE(ic.debug_read_block(kIsram, out));
    EXPECT_EQ(out, slurp(kKws + "expected_output.bin"));  // timing never changes results
    return end - start;
  }
  // What the simulator's event queue does: time runs from one device event to the next (each
  // operation's end, then the job's completion). Returns the time of the last event.
  Cycles run_to_completion() {
    for (int i = 0; i < 100000 && dev->next_deadline(); ++i) at(*dev->next_deadline());
    return time.t;
  }
  void at(Cycles t) {  // the event queue fires every device event due by t
    time.t = t;
    dev->update(t);
  }
  bool start_kws(Cycles start) {
    const auto cmd = slurp(kKws + "cmd_stream.bin");
    if (cmd.empty()) return false;
    std::string err;
    auto payload = npu::parse_driver_payload(cmd, err);
    EXPECT_TRUE(payload) << err;
    if (!payload) return false;
    EXPECT_TRUE(ic.debug_write_block(kCmd, cmd));
    EXPECT_TRUE(ic.debug_write_block(kDdr, slurp(kKws + "flash.bin")));
    EXPECT_TRUE(ic.debug_write_block(kIsram, slurp(kKws + "input.bin")));
    time.t = start;
    wr(0x00C, 0x3);
    wr(0x03C, 0x3u | 1u << 4 | 1u << 6 | 1u << 8 | 1u << 10 | 1u << 12 | 1u << 14);  // region 0 on AXI1
    driver_axi_limits();
    wr(0x010, kCmd + payload->command_offset);
    wr(0x020, static_cast<uint32_t>(payload->commands.size() * 4));
    const uint32_t bases[] = {kDdr, kIsram};
    for (unsigned i = 0; i < 2; ++i) {
      wr(0x080 + 8 * i, bases[i]);
      wr(0x084 + 8 * i, 0);
    }
    wr(0x008, 0xC | 1);
    return true;
  }

  Interconnect ic;
  Ram ddr, isram;
  PlatformMemoryTiming mt;
  FakeTime time;
  NullIrq irq;
  std::unique_ptr<npu::EthosUDevice> dev;
};

TEST(NpuContention, AloneTheMemoryTimingAgreesWithTheSystemConfig) {
  System standalone(false), timed(true);
  const Cycles a = standalone.run_kws(10000);
  ASSERT_NE(a, 0u) << "KWS golden files not found under " << kKws;
  const Cycles b = timed.run_kws(10000);
  // Per operation the timed model pays each port's latency once per direction and memory and
  // rounds per transfer; the standalone formula once per direction: a few cycles per operation.
  EXPECT_NEAR(static_cast<double>(b), static_cast<double>(a), 0.02 * static_cast<double>(a));
  EXPECT_GT(timed.mt.traffic()[3].npu_read, 0u);   // ISRAM
  EXPECT_GT(timed.mt.traffic()[3].npu_write, 0u);
  EXPECT_GT(timed.mt.traffic()[5].npu_read, 0u);   // DDR (constants on AXI1)
}

TEST(NpuContention, CpuInsideTheJobIsSlowerThanAlone) {
  System s(true);
  const Cycles start = 10000;
  const Cycles d = s.run_kws(start);
  ASSERT_NE(d, 0u) << "KWS golden files not found under " << kKws;
  // Uncached 32-byte ISRAM reads (caches are off) every 64 cycles through the job, against the
  // same reads on an idle system.
  PlatformMemoryTiming idle(test::corstone300());
  Cycles with_npu = 0, alone = 0;
  for (Cycles t = start; t < start + d; t += 64) {
    with_npu += s.mt.cpu_access({kIsram + 0x100000, 32, AccessKind::Read}, t);
    alone += idle.cpu_access({kIsram + 0x100000, 32, AccessKind::Read}, t);
  }
  EXPECT_GT(with_npu, alone);
  // Per access at most the round-robin floor: L + 32/(B/2) = 4 + 8 = 12 instead of 4 + 4.
  const Cycles n = (d + 63) / 64;
  EXPECT_EQ(alone, n * (test::kSramLatency + 4));
  EXPECT_LE(with_npu, n * (test::kSramLatency + 8));
}

TEST(NpuContention, CpuTrafficDuringTheJobStretchesTheOperationItMeets) {
  // Each CPU read inside the NPU's AXI0 windows on ISRAM takes bandwidth from them: with NPU rate r
  // and CPU bandwidth bw = max(B - r, B/2), the NPU loses (r + bw - B) x xfer bytes, i.e. that / r
  // cycles (shared_memory.h). The device runs each operation when time reaches its start and, at
  // its end, takes the whole cycles lost so far (take_npu_delay, the fraction carries on) as the
  // operation's contention: total = overhead + max(compute, weights, max(axi0, axi1) + contention).
  // Until the per-operation model this test expected the whole job's completion to move by the sum
  // (the job was priced at its start); since the DMA/kernel overlap (npu/timing/job_schedule.h) the
  // lost cycles are taken by the operation whose results are held when it reaches its own end (an
  // operation that a later one overlaps hands its share on), so the check is on the job's sum, on
  // each operation's duration formula and on each engine running one operation at a time.
  System s(true);
  const Cycles start = 10000;
  ASSERT_TRUE(s.start_kws(start)) << "KWS golden files not found under " << kKws;
  double total_lost = 0;
  for (Cycles t = start; s.dev->next_deadline(); t += 16) {
    s.at(t);  // operations that ended by t are done, the ones running at t have been priced
    if (!s.dev->next_deadline()) break;
    const double r = s.mt.shared_memory(3)->npu_rate(t);
    const double B = test::kSramBw, bw = std::max(B - r, B / 2);
    const double xfer = std::ceil(32 / bw);
    if (r > 0 && r + bw > B) total_lost += (r + bw - B) * xfer / r;
    s.mt.cpu_access({kIsram + 0x100000, 32, AccessKind::Read}, t);
  }
  const auto& job = s.dev->last_job();
  ASSERT_EQ(job.size(), 43u);
  std::vector<uint8_t> out(12);
  ASSERT_TRUE(s.ic.debug_read_block(kIsram, out));
  EXPECT_EQ(out, slurp(kKws + "expected_output.bin"));
  uint64_t taken = 0, stretched = 0;
  Cycles dma_free = 0, kernel_free = 0;
  for (size_t k = 0; k < job.size(); ++k) {
    const auto& t = job[k].timing;
    taken += t.contention;
    const uint64_t expected = t.overhead + std::max({t.compute, t.weights, std::max(t.axi0, t.axi1) + t.contention});
    EXPECT_EQ(job[k].end - job[k].start, expected) << "operation " << k;
    Cycles& engine_free = job[k].record.issue.dma ? dma_free : kernel_free;
    EXPECT_GE(job[k].start, engine_free) << "operation " << k;
    engine_free = job[k].end;
    if (expected > t.overhead + std::max({t.compute, t.weights, t.axi0, t.axi1})) ++stretched;
  }
  ASSERT_GT(total_lost, 1.0);
  // Every whole cycle lost is taken by some operation; the fraction stays in the memory model.
  EXPECT_EQ(taken, static_cast<uint64_t>(total_lost + 1e-9));
  EXPECT_GT(stretched, 0u);
  EXPECT_EQ(job.front().start, start);
}

// Hand-computed: three 1024-byte DMAs ISRAM -> ISRAM (region 1 on AXI0: REGIONCFG 0), the CPU reading
// 32 bytes of ISRAM (uncached) once, inside the second DMA's read window. Numbers of the test config
// (corstone300_config.h: ISRAM L = 4, B = 8) and the AXI0 port (config.h: P = 8, Lp = 32 read and
// write); formulas of docs/memory-timing.md:
//   each DMA alone: read  1024 B at s:     bw = min(8, max(8 - 0 - 0, 4)) = 8, window [s, s + 128),
//                                            done = max(4, 32) + 128 = 160
//                   write 1024 B at s+160: the same, window [s + 160, s + 288), done 160
//                   AXI0 = 320 cycles (no compute, no overhead): the DMA takes 320.
//   CPU read of 32 B at t = s1 + 80 (s1 = the second DMA's start), inside its read window (r = 8):
//     bw = max(8 - 8, 4) = 4, xfer = ceil(32 / 4) = 8, stall = 0 + 4 + 8 = 12 (alone: 4 + 4 = 8);
//     the NPU loses (8 + 4 - 8) x 8 / 8 = 4 cycles: the second DMA takes 324.
// The first DMA is unchanged; the third starts at the second's moved end, s2 = t0 + 644 = 10884, in
// the 256-cycle rate window after the CPU's read (10640 / 256 = 41, 10884 / 256 = 42), so it sees
// cpu_rate = 32 / 256: read bw = min(8, max(8 - 0.125, 4)) = 7.875, ceil(1024 / 7.875) = 131,
// done 32 + 131 = 163; its write at 11047 (window 43: cpu_rate 0) takes 160: 323 cycles.
TEST(NpuContention, CpuReadDuringAnOperationLengthensThatOperationOnly) {
  auto run = [](bool cpu, Cycles& cpu_stall) {
    System s(true);
    std::vector<uint32_t> w;
    for (uint32_t i = 0; i < 3; ++i)  // DMA0_SRC/DST_REGION = 1, SRC, DST, LEN, NPU_OP_DMA_START
      w.insert(w.end(), {0x0130u | 1u << 16, 0x0131u | 1u << 16, 0x4030u, 0x10000u * i, 0x4031u,
                         0x10000u * (i + 1), 0x4032u, 1024u, 0x0010u});
    w.push_back(0xFFFF0000u);  // NPU_OP_STOP
    std::vector<uint8_t> bytes;
    for (uint32_t x : w)
      for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(x >> (8 * i)));
    EXPECT_TRUE(s.ic.debug_write_block(kCmd, bytes));
    std::vector<uint8_t> data(1024);
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 13 + 5);
    EXPECT_TRUE(s.ic.debug_write_block(kIsram, data));
    const Cycles t0 = 256 * 40;
    s.time.t = t0;
    s.wr(0x03C, 0);  // every region on AXI0
    s.driver_axi_limits();
    s.wr(0x010, kCmd);
    s.wr(0x020, static_cast<uint32_t>(bytes.size()));
    s.wr(0x088, kIsram);  // BASEP1
    s.wr(0x08C, 0);
    s.wr(0x008, 0xC | 1);
    if (cpu) {
      s.at(t0 + 320 + 80);  // the first DMA has ended, the second started at t0 + 320
      cpu_stall = s.mt.cpu_access({kIsram + 0x100000, 32, AccessKind::Read}, t0 + 320 + 80);
    }
    s.run_to_completion();
    std::vector<uint8_t> out(1024);
    EXPECT_TRUE(s.ic.debug_read_block(kIsram + 0x30000, out));
    EXPECT_EQ(out, data);  // copied three times
    return s.dev->last_job();
  };
  Cycles stall = 0;
  const auto quiet = run(false, stall);
  const auto busy = run(true, stall);
  ASSERT_EQ(quiet.size(), 3u);
  ASSERT_EQ(busy.size(), 3u);
  const Cycles t0 = 256 * 40;
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(quiet[k].start, t0 + 320 * k);
    EXPECT_EQ(quiet[k].end, t0 + 320 * (k + 1));
  }
  EXPECT_EQ(stall, 12u);
  EXPECT_EQ(busy[0].start, quiet[0].start);  // before the CPU traffic: unchanged
  EXPECT_EQ(busy[0].end, quiet[0].end);
  EXPECT_EQ(busy[1].start, t0 + 320);
  EXPECT_EQ(busy[1].end, t0 + 320 + 324);  // 4 cycles later
  EXPECT_EQ(busy[1].timing.contention, 4u);
  EXPECT_EQ(busy[1].timing.axi0, 320u);    // as priced at its start
  EXPECT_EQ(busy[2].start, busy[1].end);
  EXPECT_EQ(busy[2].end - busy[2].start, 323u);
}

TEST(NpuContention, JobAfterHeavyCpuTrafficIsSlower) {
  // Vela's Shared_Sram view (-C memory.system_config=Ethos_U55_High_End_Embedded): the constants'
  // memory (DDR here) is as fast as the AXI1 port, 1 byte/cycle with latency 64, so CPU traffic on
  // it takes bandwidth from the NPU. KWS's first operation is bound by its AXI1 weight reads.
  MemorySystemConfig c = test::corstone300();
  c.memories[5].latency = 64;
  c.memories[5].bytes_per_cycle = 1;
  System quiet(true, c), busy(true, c);
  const Cycles start = 256 * 40;
  // The CPU streams DDR at its full 1 byte/cycle (uncached 32-byte reads back to back) for the two
  // rate windows before the job: cpu_rate = 1, so the NPU gets max(1 - 1, 1/2) = 1/2.
  Cycles t = start - 512;
  while (t < start) t += busy.mt.cpu_access({kDdr + 0x800000, 32, AccessKind::Read}, t) - 64;
  ASSERT_DOUBLE_EQ(busy.mt.shared_memory(5)->cpu_rate(start), 1.0);
  const Cycles q = quiet.run_kws(start);
  ASSERT_NE(q, 0u) << "KWS golden files not found under " << kKws;
  const Cycles b = busy.run_kws(start);
  EXPECT_GT(b, q);
  // The first operation starts inside the CPU's next rate window: its AXI1 reads run at half speed.
  const auto& x = quiet.dev->last_job().front().timing;
  const auto& y = busy.dev->last_job().front().timing;
  EXPECT_STREQ(x.bound, "axi1");
  EXPECT_NEAR(static_cast<double>(y.axi1 - 64), 2.0 * static_cast<double>(x.axi1 - 64), 4.0);
}

}  // namespace
}  // namespace corsim::memory::timing
