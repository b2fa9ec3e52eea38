// The Ethos-U55 device as the driver sees it (ethosu_driver.c, ethosu_device_u55_u65.c): reset and
// PROT handshake, ID/CONFIG checks, one inference of the KWS golden stream with the IRQ raised at
// the simulated completion time, fault STATUS bits, and the PMU programmed as the ExecuTorch
// runner does.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "npu/driver_payload.h"
#include "npu/ethos_u_device.h"
#include "device_fakes.h"

namespace corsim::npu {
namespace {

using test::FakeIrq;
using test::FakeTime;

constexpr uint32_t kNpuBase = 0x48102000;
constexpr uint32_t kFlash = 0x10000000, kScratch = 0x20000000, kCmd = 0x30000000;
const std::string kKws = std::string(CORSIM_MODELS_DIR) + "/vela/kws_cnn_small_u55-128/";

std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

struct Platform {
  Platform() : flash("flash", 1 << 20), sram("sram", 1 << 20), cmdmem("cmd", 1 << 16) {
    ic.map(kFlash, 1 << 20, flash, "flash");
    ic.map(kScratch, 1 << 20, sram, "sram");
    ic.map(kCmd, 1 << 16, cmdmem, "cmd");
    DeviceOptions o;
    o.npu.macs = 128;
    dev = std::make_unique<EthosUDevice>(ic, irq, time, o);
    ic.map(kNpuBase, 0x1000, *dev, "ethos-u55");
  }
  uint32_t rd(uint32_t off) {
    uint32_t v = 0;
    EXPECT_TRUE(ic.read(kNpuBase + off, 4, v, {}).ok());
    return v;
  }
  void wr(uint32_t off, uint32_t v) { EXPECT_TRUE(ic.write(kNpuBase + off, 4, v, {}).ok()); }
  // ethosu_dev_init: CONFIG.product, soft reset with the wanted privilege/security, poll, check
  // PROT, then the driver's AXI setup.
  void driver_init() {
    ASSERT_EQ(rd(0x028) >> 28, 0u);  // U55
    wr(0x00C, 0x3);                  // privileged, non-secure
    int polls = 0;
    while ((rd(0x004) >> 3) & 1) ASSERT_LT(++polls, 100000);
    ASSERT_EQ(rd(0x024) & 3, 3u);
    wr(0x01C, 2);
    wr(0x03C, 0x3u | 1u << 4 | 1u << 6 | 1u << 8 | 1u << 10 | 1u << 12 | 1u << 14);
    for (int i = 0; i < 4; ++i) wr(0x040 + 4 * i, 31u << 16 | 15u << 24);
  }
  // ethosu_dev_run_command_stream: QBASE, QSIZE, BASEP[i], then CMD = (CMD & 0xC) | 1.
  void invoke(uint32_t qbase, uint32_t qsize, std::initializer_list<uint32_t> bases) {
    wr(0x010, qbase);
    wr(0x020, qsize);
    unsigned i = 0;
    for (uint32_t b : bases) {
      wr(0x080 + 8 * i, b);
      wr(0x084 + 8 * i, 0);
      ++i;
    }
    wr(0x008, (rd(0x008) & 0xC) | 1);
  }
  void load(uint32_t addr, const std::vector<uint8_t>& data) { ASSERT_TRUE(ic.debug_write_block(addr, data)); }
  // What the simulator's event queue does: time runs from one device event to the next (each
  // operation's end, then the job's completion). Returns the time of the last event.
  Cycles run_to_completion() {
    for (int i = 0; i < 100000; ++i) {
      const auto d = dev->next_deadline();
      if (!d) break;
      time.t = *d;
      dev->update(*d);
    }
    return time.t;
  }

  memory::Interconnect ic;
  memory::Ram flash, sram, cmdmem;
  FakeTime time;
  FakeIrq irq;
  std::unique_ptr<EthosUDevice> dev;
};

TEST(Device, IdAndConfigPassTheDriverChecks) {
  Platform p;
  const uint32_t id = p.rd(0x000), config = p.rd(0x028);
  EXPECT_EQ(id, 0x10104201u);
  EXPECT_EQ(config, 0x00001807u);  // what Vela's ConfigRegister writes for U55-128
  // ethosu_dev_verify_optimizer_config: arch_major equal, arch_minor >= the optimizer's.
  for (uint32_t opt_id : {0x10066001u, 0x10060000u}) {
    EXPECT_EQ(id >> 28, opt_id >> 28);
    EXPECT_GE((id >> 20) & 0xFF, (opt_id >> 20) & 0xFF);
  }
  EXPECT_EQ(p.rd(0x180) >> 11 & 0x1F, 4u);  // PMCR.num_event_cnt
  EXPECT_EQ(p.rd(0xFE0), 0x80u);            // PID0
  EXPECT_EQ(p.rd(0xFE4), 0xB5u);
  EXPECT_EQ(p.rd(0x008), 0xCu);              // CMD reset value
}

TEST(Device, ResetHandshakeReportsRequestedProtection) {
  Platform p;
  for (uint32_t req : {0u, 1u, 2u, 3u}) {
    p.wr(0x00C, req);
    EXPECT_EQ((p.rd(0x004) >> 3) & 1, 0u);
    EXPECT_EQ(p.rd(0x024), req);
  }
}

TEST(Device, RegistersReadBack) {
  Platform p;
  p.wr(0x010, 0x12345670);
  p.wr(0x020, 0x400);
  p.wr(0x02C, 0xCAFE);
  p.wr(0x03C, 0xABCD);
  p.wr(0x044, 0x0F1F00F3);
  p.wr(0x098, 0x11112222);
  p.wr(0x09C, 0x1);
  EXPECT_EQ(p.rd(0x010), 0x12345670u);
  EXPECT_EQ(p.rd(0x020), 0x400u);
  EXPECT_EQ(p.rd(0x02C), 0xCAFEu);
  EXPECT_EQ(p.rd(0x03C), 0xABCDu);
  EXPECT_EQ(p.rd(0x044), 0x0F1F00F3u);
  EXPECT_EQ(p.rd(0x098), 0x11112222u);
  EXPECT_EQ(p.rd(0x09C), 0x1u);
  uint32_t v;
  EXPECT_FALSE(p.ic.read(kNpuBase + 2, 2, v, {}).ok());  // registers are word accesses
}

TEST(Device, KwsInferenceRaisesIrqAtCompletionTime) {
  const auto cmd = slurp(kKws + "cmd_stream.bin");
  ASSERT_FALSE(cmd.empty()) << "missing " << kKws << "cmd_stream.bin";
  Platform p;
  p.driver_init();
  std::string err;
  auto payload = parse_driver_payload(cmd, err);
  ASSERT_TRUE(payload) << err;
  p.load(kCmd, cmd);
  p.load(kFlash, slurp(kKws + "flash.bin"));
  p.load(kScratch, slurp(kKws + "input.bin"));
  const uint64_t axi0_before = p.ic.traffic(memory::Master::NpuAxi0).read_bytes;
  std::optional<Cycles> scheduled;
  p.dev->set_schedule_callback([&](Cycles when) { scheduled = when; });
  p.invoke(kCmd + payload->command_offset, static_cast<uint32_t>(payload->commands.size() * 4), {kFlash, kScratch, 0});
  EXPECT_EQ(p.rd(0x004) & 1, 1u);  // running
  const Cycles start = p.time.t;
  // Events at operations' starts and ends (one when an operation starts where another ends); the
  // IRQ rises at the last.
  int events = 0;
  while (p.dev->next_deadline()) {
    const Cycles deadline = *p.dev->next_deadline();
    EXPECT_EQ(scheduled, deadline);  // the event queue is told every event time
    EXPECT_FALSE(p.irq.level);
    EXPECT_EQ(p.rd(0x004) & 1, 1u);
    p.dev->update(deadline - 1);
    EXPECT_EQ(p.dev->next_deadline(), deadline);  // nothing happens early
    p.time.t = deadline;
    p.dev->update(deadline);
    ASSERT_LT(++events, 1000);
  }
  EXPECT_GE(events, 2);
  EXPECT_LE(events, 2 * 43);
  EXPECT_GT(p.time.t, start + 1000);  // 43 operations take thousands of cycles
  // The schedule keeps the stream's rules (NPU_OP_DMA_WAIT/KERNEL_WAIT): one operation at a time
  // per engine in stream order; an operation after DMA_WAIT k starts once at most k earlier DMAs are
  // unfinished, after KERNEL_WAIT n once at most n earlier kernels are. The job ends with its last.
  const auto& ops = p.dev->last_job();
  Cycles last_end = 0;
  bool overlapped = false;
  for (size_t i = 0; i < ops.size(); ++i) {
    const Issue& is = ops[i].record.issue;
    EXPECT_EQ(is.dma, ops[i].record.op.kind == OpKind::kDma);
    int dmas_running = 0, kernels_running = 0;
    for (size_t j = 0; j < i; ++j) {
      const bool same_engine = ops[j].record.issue.dma == is.dma;
      if (same_engine) {
        EXPECT_LE(ops[j].end, ops[i].start) << i << " overlaps " << j << " on one engine";
      }
      if (ops[j].end > ops[i].start) (ops[j].record.issue.dma ? dmas_running : kernels_running)++;
      if (!same_engine && ops[j].end > ops[i].start && ops[j].start < ops[i].end) overlapped = true;
    }
    if (is.dma_wait >= 0) {
      EXPECT_LE(dmas_running, is.dma_wait) << i;
    }
    if (is.kernel_wait >= 0) {
      EXPECT_LE(kernels_running, is.kernel_wait) << i;
    }
    last_end = std::max(last_end, ops[i].end);
  }
  EXPECT_TRUE(overlapped);  // Vela's weight DMAs run while kernels compute
  EXPECT_EQ(p.time.t, last_end);
  EXPECT_TRUE(p.irq.level);
  EXPECT_EQ(p.irq.line, 56u);
  const uint32_t status = p.rd(0x004);
  EXPECT_EQ(status & 1, 0u);          // stopped
  EXPECT_EQ((status >> 1) & 1, 1u);   // irq_raised
  EXPECT_EQ((status >> 5) & 1, 1u);   // cmd_end_reached
  EXPECT_EQ(status & 0x94u, 0u);      // no bus/parse/wd fault
  EXPECT_EQ(p.dev->last_job().size(), 43u);
  // Output at scratch offset 0.
  std::vector<uint8_t> out(12);
  ASSERT_TRUE(p.ic.debug_read_block(kScratch, out));
  EXPECT_EQ(out, slurp(kKws + "expected_output.bin"));
  EXPECT_GT(p.ic.traffic(memory::Master::NpuAxi0).read_bytes, axi0_before);
  EXPECT_GT(p.ic.traffic(memory::Master::NpuAxi1).read_bytes, 0u);  // flash on AXI1 (REGIONCFG 3)
  // Driver IRQ handler: CMD = (CMD & 0xC) | 2 clears the IRQ.
  p.wr(0x008, (p.rd(0x008) & 0xC) | 2);
  EXPECT_FALSE(p.irq.level);
  EXPECT_EQ((p.rd(0x004) >> 5) & 1, 1u);
  // Writing QBASE while stopped clears cmd_end_reached (ethosu55_interface.h status_r).
  p.wr(0x010, kCmd);
  EXPECT_EQ((p.rd(0x004) >> 5) & 1, 0u);
}

void run_words(Platform& p, const std::vector<uint32_t>& words, std::initializer_list<uint32_t> bases) {
  std::vector<uint8_t> bytes;
  for (uint32_t w : words)
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(w >> (8 * i)));
  p.load(kCmd, bytes);
  p.invoke(kCmd, static_cast<uint32_t>(bytes.size()), bases);
  ASSERT_TRUE(p.dev->next_deadline());
  p.run_to_completion();
}

TEST(Device, UnknownOpcodeSetsParseErrorAndRaisesIrq) {
  Platform p;
  p.driver_init();
  run_words(p, {0x00000100u, 0x00000004u, 0x0000FFFFu}, {kFlash, kScratch});
  const uint32_t s = p.rd(0x004);
  EXPECT_EQ((s >> 4) & 1, 1u);  // cmd_parse_error
  EXPECT_EQ((s >> 5) & 1, 0u);  // cmd_end_reached = 0: the driver reports an error
  EXPECT_EQ((s >> 1) & 1, 1u);
  EXPECT_TRUE(p.irq.level);
  EXPECT_EQ(p.rd(0x018), 4u);   // QREAD at the faulting command
}

TEST(Device, AccessOutsideMemorySetsBusStatus) {
  Platform p;
  p.driver_init();
  // DMA from region 0 (BASEP0 = unmapped 0x70000000) to region 1.
  run_words(p, {0x0130u, 0x0131u | 1u << 16, 0x4030u, 0, 0x4031u, 0, 0x4032u, 64, 0x0010u, 0x0000FFFFu},
            {0x70000000u, kScratch});
  const uint32_t s = p.rd(0x004);
  EXPECT_EQ((s >> 2) & 1, 1u);  // bus_status
  EXPECT_TRUE(p.irq.level);
  // Bus errors clear only on reset (ethosu55_interface.h status_r).
  p.wr(0x008, 2);
  EXPECT_EQ((p.rd(0x004) >> 2) & 1, 1u);
  p.wr(0x00C, 0);
  EXPECT_EQ((p.rd(0x004) >> 2) & 1, 0u);
}

TEST(Device, CommandFetchOutsideMemoryIsABusFault) {
  Platform p;
  p.driver_init();
  p.invoke(0x7FFF0000, 64, {kFlash});
  EXPECT_EQ(p.dev->next_deadline(), p.time.t + 1);  // a job takes at least one cycle
  p.run_to_completion();
  EXPECT_EQ((p.rd(0x004) >> 2) & 1, 1u);
  EXPECT_EQ((p.rd(0x004) >> 12) & 0xF, 0u);  // faulting channel: command
}

// Two external DMAs (Vela GenerateDMA): DMA0_SRC_REGION/DST_REGION (cmd0 0x130/0x131, the
// region in the parameter), DMA0_SRC/DST/LEN (cmd1 48/49/50), NPU_OP_DMA_START (16), then STOP.
std::vector<uint32_t> two_dmas(uint32_t src_region, uint32_t src, uint32_t dst, uint32_t dst2, uint32_t len) {
  auto dma = [](std::vector<uint32_t>& w, uint32_t sr, uint32_t s, uint32_t dr, uint32_t d, uint32_t n) {
    w.insert(w.end(), {0x0130u | sr << 16, 0x0131u | dr << 16, 0x4030u, s, 0x4031u, d, 0x4032u, n, 0x0010u});
  };
  std::vector<uint32_t> w;
  dma(w, src_region, src, 1, dst, len);  // region -> scratch
  dma(w, 1, dst, 1, dst2, len);          // scratch -> scratch: reads the first DMA's output
  w.push_back(0xFFFF0000u);              // NPU_OP_STOP, mask 0xFFFF
  return w;
}

// Each operation's output appears in memory at its modelled end, not when CMD is written. Without a
// memory-system timing the duration is the system config's formula (Vela's vela.ini
// Ethos_U55_High_End_Embedded: AXI0 8 bytes/cycle, latency 32 read / 32 write; AXI1 1 byte/cycle,
// latency 64/64; docs/npu.md "Timing"): per port ceil(bytes / bandwidth) + the latency of each
// direction used, total = max over the ports (a DMA has no compute, overhead 0).
//   DMA 1, 256 bytes flash (region 0 -> AXI1) -> scratch (region 1 -> AXI0):
//     AXI1 = 256 / 1 + 64 = 320, AXI0 = 256 / 8 + 32 = 64            -> 320 cycles
//   DMA 2, 256 bytes scratch -> scratch (both AXI0): 512 / 8 + 32 + 32 -> 128 cycles
TEST(Device, EachOperationsOutputAppearsAtItsModelledEnd) {
  Platform p;
  p.driver_init();
  std::vector<uint8_t> src(256), old_bytes(256, 0xEE);
  for (int i = 0; i < 256; ++i) src[i] = static_cast<uint8_t>(i * 7 + 1);
  p.load(kFlash + 0x40, src);
  p.load(kScratch + 0x1000, old_bytes);
  p.load(kScratch + 0x2000, old_bytes);
  p.load(kScratch + 0x1100, {0x11});  // the byte after DMA 1's output
  const auto w = two_dmas(0, 0x40, 0x1000, 0x2000, 256);
  std::vector<uint8_t> bytes;
  for (uint32_t x : w)
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(x >> (8 * i)));
  p.load(kCmd, bytes);
  const Cycles t0 = p.time.t;
  p.invoke(kCmd, static_cast<uint32_t>(bytes.size()), {kFlash, kScratch});
  auto cpu_read = [&](uint32_t addr) {  // what a CPU load sees (the CPU's own bus path)
    std::vector<uint8_t> v(256);
    for (uint32_t i = 0; i < 256; i += 4) {
      uint32_t word = 0;
      EXPECT_TRUE(p.ic.read(addr + i, 4, word, {}).ok());
      for (int b = 0; b < 4; ++b) v[i + b] = static_cast<uint8_t>(word >> (8 * b));
    }
    return v;
  };
  auto at = [&](Cycles t) {  // the event queue fires every device event due by t
    p.time.t = t;
    p.dev->update(t);
  };
  ASSERT_EQ(p.dev->next_deadline(), t0 + 320);
  EXPECT_EQ(cpu_read(kScratch + 0x1000), old_bytes);  // at CMD time: nothing written yet
  at(t0 + 100);
  // The CPU writes during DMA 1: next to its output (kept) and inside it (the NPU writes later).
  ASSERT_TRUE(p.ic.write(kScratch + 0x1100, 1, 0x22, {}).ok());
  ASSERT_TRUE(p.ic.write(kScratch + 0x1000, 1, 0x33, {}).ok());
  at(t0 + 319);
  std::vector<uint8_t> seen = old_bytes;
  seen[0] = 0x33;
  EXPECT_EQ(cpu_read(kScratch + 0x1000), seen);  // one cycle before DMA 1's end: the old bytes
  at(t0 + 320);
  EXPECT_EQ(cpu_read(kScratch + 0x1000), src);  // DMA 1's end: its output
  uint32_t after = 0;
  ASSERT_TRUE(p.ic.read(kScratch + 0x1100, 1, after, {}).ok());
  EXPECT_EQ(after, 0x22u);  // the CPU's byte next to it survives
  EXPECT_EQ(p.dev->next_deadline(), t0 + 320 + 128);
  at(t0 + 447);
  EXPECT_EQ(cpu_read(kScratch + 0x2000), old_bytes);
  EXPECT_FALSE(p.irq.level);
  at(t0 + 448);
  EXPECT_EQ(cpu_read(kScratch + 0x2000), src);  // DMA 2 read DMA 1's output
  EXPECT_TRUE(p.irq.level);
  ASSERT_EQ(p.dev->last_job().size(), 2u);
  EXPECT_EQ(p.dev->last_job()[0].start, t0);
  EXPECT_EQ(p.dev->last_job()[0].end, t0 + 320);
  EXPECT_EQ(p.dev->last_job()[1].start, t0 + 320);
  EXPECT_EQ(p.dev->last_job()[1].end, t0 + 448);
}

// The per-operation observer (the tensor dump's hook): called once per operation, when its output
// is visible to the CPU, numbered across jobs, with the BASEP0..7 its job ran with.
TEST(Device, OperationObserverSeesEachOutputWhenVisibleNumberedAcrossJobs) {
  Platform p;
  p.driver_init();
  std::vector<uint8_t> src(256);
  for (int i = 0; i < 256; ++i) src[i] = static_cast<uint8_t>(i * 3 + 5);
  p.load(kFlash + 0x40, src);
  std::vector<uint8_t> bytes;
  for (uint32_t x : two_dmas(0, 0x40, 0x1000, 0x2000, 256))
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(x >> (8 * i)));
  p.load(kCmd, bytes);
  struct Seen {
    uint32_t index;
    Cycles when;
    std::array<uint64_t, 8> basep;
    bool output_visible;
  };
  std::vector<Seen> seen;
  p.dev->set_operation_observer([&](const DeviceOp& op, uint32_t index) {
    // Region 1 is each job's scratch (its own BASEP1); DMA 1 writes +0x1000, DMA 2 +0x2000.
    const uint64_t out = op.basep[1] + (index % 2 == 0 ? 0x1000 : 0x2000);
    bool same = true;
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t b = 0;
      same = same && p.ic.read(static_cast<uint32_t>(out + i), 1, b, {}).ok() && b == src[i];
    }
    seen.push_back({index, p.time.t, op.basep, same});
  });
  for (uint32_t job = 0; job < 2; ++job) {
    const uint32_t scratch = kScratch + job * 0x4000;  // fresh, zeroed memory for each job
    const Cycles t0 = p.time.t;
    p.invoke(kCmd, static_cast<uint32_t>(bytes.size()), {kFlash, scratch});
    p.time.t = t0 + 320;  // DMA 1 ends (the modelled times of the test above)
    p.dev->update(p.time.t);
    p.time.t = t0 + 448;  // DMA 2 ends
    p.dev->update(p.time.t);
    ASSERT_EQ(seen.size(), 2u * (job + 1));
    EXPECT_EQ(seen[2 * job].when, t0 + 320);
    EXPECT_EQ(seen[2 * job + 1].when, t0 + 448);
    EXPECT_EQ(seen[2 * job].basep[1], scratch);
    EXPECT_EQ(seen[2 * job + 1].basep[1], scratch);
    p.time.t += 1000;
  }
  for (uint32_t k = 0; k < seen.size(); ++k) {
    EXPECT_EQ(seen[k].index, k);
    EXPECT_TRUE(seen[k].output_visible) << "operation " << k;
    EXPECT_EQ(seen[k].basep[0], kFlash);
  }
}

// A reset or stop request while an operation runs: its results never appear.
TEST(Device, StopRequestDropsTheRunningOperationsOutput) {
  Platform p;
  p.driver_init();
  std::vector<uint8_t> src(256, 0x5A), old_bytes(256, 0xEE);
  p.load(kFlash + 0x40, src);
  p.load(kScratch + 0x1000, old_bytes);
  const auto w = two_dmas(0, 0x40, 0x1000, 0x2000, 256);
  std::vector<uint8_t> bytes;
  for (uint32_t x : w)
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(x >> (8 * i)));
  p.load(kCmd, bytes);
  p.invoke(kCmd, static_cast<uint32_t>(bytes.size()), {kFlash, kScratch});
  p.time.t += 100;
  p.wr(0x008, (p.rd(0x008) & 0xC) | 1u << 4);  // CMD.stop_request
  EXPECT_EQ(p.rd(0x004) & 1, 0u);
  EXPECT_FALSE(p.dev->next_deadline());
  p.time.t += 1000;
  p.dev->update(p.time.t);
  std::vector<uint8_t> out(256);
  ASSERT_TRUE(p.ic.debug_read_block(kScratch + 0x1000, out));
  EXPECT_EQ(out, old_bytes);
}

// ExecuTorch arm_perf_monitor.cpp's PMU setup; the counters report the modelled values.
TEST(Device, PmuCountsActiveCyclesAndBeatsAsTheRunnerProgramsIt) {
  const auto cmd = slurp(kKws + "cmd_stream.bin");
  ASSERT_FALSE(cmd.empty()) << "missing " << kKws << "cmd_stream.bin";
  Platform p;
  p.driver_init();
  p.wr(0x180, 1);                      // PMCR.cnt_en
  p.wr(0x1A8, 35u | 32u << 16);        // cycle counter: start NPU_ACTIVE, stop NPU_IDLE
  p.wr(0x380, 130);                    // AXI0_RD_DATA_BEAT_RECEIVED
  p.wr(0x384, 386);                    // AXI1_RD_DATA_BEAT_RECEIVED
  p.wr(0x388, 135);                    // AXI0_WR_DATA_BEAT_WRITTEN
  p.wr(0x38C, 32);                     // NPU_IDLE
  p.wr(0x184, 0xFu);
  p.wr(0x184, 1u << 31);
  p.wr(0x180, p.rd(0x180) | 4);
  p.wr(0x180, p.rd(0x180) | 2);
  std::string err;
  auto payload = parse_driver_payload(cmd, err);
  p.load(kCmd, cmd);
  p.load(kFlash, slurp(kKws + "flash.bin"));
  p.time.t += 500;  // idle before the job
  p.invoke(kCmd + payload->command_offset, static_cast<uint32_t>(payload->commands.size() * 4), {kFlash, kScratch, 0});
  p.run_to_completion();
  // ACTIVE counts the cycles in which the DMA engine or the kernel pipeline is busy: the union of
  // the operations' intervals (the NPU clock is the platform clock here), less than the sum of
  // their durations because weight DMAs overlap kernels.
  uint64_t active = 0, sum = 0, rd0 = 0, rd1 = 0, wr0 = 0;
  Cycles covered = 0;
  for (const DeviceOp& op : p.dev->last_job()) {  // starts are non-decreasing in stream order
    if (op.end > covered) active += op.end - std::max(op.start, covered);
    covered = std::max(covered, op.end);
    sum += op.timing.total;
    rd0 += (op.timing.read[0] + 7) / 8;  // the hardware's traffic: functional + block re-fetch
    rd1 += (op.timing.read[1] + 7) / 8;
    wr0 += (op.timing.write[0] + 7) / 8;
  }
  const uint64_t ccnt = p.rd(0x1A0) | uint64_t{p.rd(0x1A4)} << 32;
  EXPECT_EQ(ccnt, active);  // only active cycles
  EXPECT_LT(active, sum);
  EXPECT_EQ(p.rd(0x300), rd0);
  EXPECT_EQ(p.rd(0x304), rd1);
  EXPECT_EQ(p.rd(0x308), wr0);
  EXPECT_EQ(p.rd(0x30C), 500u);  // NPU_IDLE cycles before the job
  EXPECT_GT(rd1, 70000u / 8);    // the flash weights come over AXI1
  // Idle time after the job counts as NPU_IDLE, not cycles.
  p.time.t += 250;
  EXPECT_EQ(p.rd(0x30C), 750u);
  EXPECT_EQ(p.rd(0x1A0) | uint64_t{p.rd(0x1A4)} << 32, active);
  p.wr(0x180, 0);  // the runner stops counting
}

TEST(Device, CycleCounterIs48BitAndOverflowRaisesPmuIrq) {
  Platform p;
  p.driver_init();
  p.wr(0x180, 1);
  p.wr(0x184, 1u << 31);
  p.wr(0x194, 1u << 31);      // PMINTSET cycle counter
  p.wr(0x1A0, 0xFFFFFF00u);
  p.wr(0x1A4, 0xFFFF);        // 2^48 - 256
  p.wr(0x008, 2);
  EXPECT_FALSE(p.irq.level);
  p.time.t += 1000;           // 1000 idle cycles, counted (no start event programmed)
  EXPECT_EQ(p.rd(0x1A4), 0u); // wrapped at 48 bits
  EXPECT_EQ(p.rd(0x1A0), 1000u - 256u);
  EXPECT_EQ(p.rd(0x18C) >> 31, 1u);       // PMOVSSET
  EXPECT_EQ((p.rd(0x004) >> 6) & 1, 1u);  // STATUS.pmu_irq_raised
  EXPECT_TRUE(p.irq.level);
  p.wr(0x190, 1u << 31);                  // PMOVSCLR
  EXPECT_FALSE(p.irq.level);
}

}  // namespace
}  // namespace corsim::npu
