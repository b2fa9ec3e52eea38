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
#include "npu/ethos_u55_device.h"

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
    dev = std::make_unique<npu::EthosU55Device>(ic, irq, time, o);
    ic.map(kNpu, 0x1000, *dev, "ethos-u55");
  }
  void wr(uint32_t off, uint32_t v) { ASSERT_TRUE(ic.write(kNpu + off, 4, v, {}).ok()); }
  // Loads the KWS job and starts it at `start` (driver sequence of spec/ethos-u.md §1.5); returns the
  // job's duration in cycles, or 0 when the golden files are missing.
  Cycles run_kws(Cycles start) {
    if (!start_kws(start)) return 0;
    EXPECT_TRUE(dev->next_deadline());
    const Cycles end = dev->next_deadline().value_or(start);
    time.t = end;
    dev->update(end);
    std::vector<uint8_t> out(12);
    EXPECT_TRUE(ic.debug_read_block(kIsram, out));
    EXPECT_EQ(out, slurp(kKws + "expected_output.bin"));  // timing never changes results
    return end - start;
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
  std::unique_ptr<npu::EthosU55Device> dev;
};

TEST(NpuContention, AloneTheMemoryTimingAgreesWithTheSystemConfig) {
  System standalone(false), timed(true);
  const Cycles a = standalone.run_kws(10000);
  if (a == 0) GTEST_SKIP() << "KWS golden files not found";
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
  if (d == 0) GTEST_SKIP() << "KWS golden files not found";
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

TEST(NpuContention, CpuTrafficDuringTheJobStretchesIt) {
  // Each CPU read inside the NPU's AXI0 windows on ISRAM takes bandwidth from them: with NPU rate r
  // and CPU bandwidth bw = max(B - r, B/2), the NPU loses (r + bw - B) x xfer bytes, i.e. that / r
  // cycles (shared_memory.h). The job's completion moves by the whole cycles lost.
  System s(true);
  const Cycles start = 10000;
  if (!s.start_kws(start)) GTEST_SKIP() << "KWS golden files not found";
  const Cycles deadline = *s.dev->next_deadline();
  double lost = 0;
  for (Cycles t = start; t < deadline; t += 16) {
    const double r = s.mt.shared_memory(3)->npu_rate(t);
    const double B = test::kSramBw, bw = std::max(B - r, B / 2);
    const double xfer = std::ceil(32 / bw);
    if (r > 0 && r + bw > B) lost += (r + bw - B) * xfer / r;
    s.mt.cpu_access({kIsram + 0x100000, 32, AccessKind::Read}, t);
  }
  ASSERT_GT(lost, 1.0);
  s.time.t = deadline;
  s.dev->update(deadline);
  ASSERT_TRUE(s.dev->next_deadline()) << "the job must still be running";
  EXPECT_EQ(*s.dev->next_deadline(), deadline + static_cast<Cycles>(lost));
  EXPECT_EQ(s.dev->status() & 1u, 1u);
  s.time.t = *s.dev->next_deadline();
  s.dev->update(s.time.t);
  EXPECT_FALSE(s.dev->next_deadline());  // completes at the stretched time
  EXPECT_EQ(s.dev->last_job().back().end, deadline + static_cast<Cycles>(lost));
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
  if (q == 0) GTEST_SKIP() << "KWS golden files not found";
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
