// The Ethos-U85 device as the Arm Ethos-U core driver sees it (ethosu_device_u85.c,
// ethosu85_interface.h; ExecuTorch arm_perf_monitor.cpp): CONFIG/ID per MAC count, the soft reset
// and PROT handshake, the AXI setup (MEM_ATTR, QCONFIG, REGIONCFG, AXI_SRAM/EXT), one inference of
// a real Vela U85 program through MMIO with the IRQ and its golden output, the U85 PMU at 0x1180
// with 8 counters and 16-byte beats per port as MEM_ATTR routes the regions, and fault STATUS bits.
#include <gtest/gtest.h>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "npu/driver_payload.h"
#include "npu/ethos_u_device.h"
#include "device_fakes.h"
#include "u85_program.h"

namespace corsim::npu {
namespace {

using test::FakeIrq;
using test::FakeTime;

constexpr uint32_t kNpuBase = 0x50004000;  // Corstone-320 (Secure alias), IRQ 16
constexpr uint32_t kWeights = 0x10000000, kArena = 0x20000000, kFast = 0x30000000, kCmd = 0x40000000;

// Register offsets of ethosu85_interface.h (struct NPU_REG).
enum : uint32_t {
  kId = 0x000, kStatus = 0x004, kCmdReg = 0x008, kReset = 0x00C, kQbase = 0x010, kQconfig = 0x01C, kQsize = 0x020,
  kProt = 0x024, kConfig = 0x028, kRegioncfg = 0x03C, kMemAttr0 = 0x040, kAxiSram = 0x050, kAxiExt = 0x054,
  kBasep0 = 0x080, kPmcr = 0x1180, kPmcntenset = 0x1184, kPmccntrLo = 0x11A0, kPmccntrCfg = 0x11A8,
  kPmevcntr0 = 0x1300, kPmevtyper0 = 0x1380,
};
// STATUS bits (status_r).
constexpr uint32_t kRunning = 1u << 0, kIrqRaised = 1u << 1, kBusStatus = 1u << 2, kParseError = 1u << 4,
                   kEndReached = 1u << 5, kBranchFault = 1u << 9;

struct Rig {
  explicit Rig(uint32_t macs = 256)
      : weights("weights", 1 << 20), arena("arena", 1 << 20), fast("fast", 1 << 20), cmdmem("cmd", 1 << 16) {
    ic.map(kWeights, 1 << 20, weights, "weights");
    ic.map(kArena, 1 << 20, arena, "arena");
    ic.map(kFast, 1 << 20, fast, "fast");
    ic.map(kCmd, 1 << 16, cmdmem, "cmd");
    DeviceOptions o;
    std::string error;
    o.npu = *npu_config_for("ethos-u85", macs, error);
    o.irq_line = 16;
    dev = std::make_unique<EthosUDevice>(ic, irq, time, o);
    ic.map(kNpuBase, dev->register_space(), *dev, "ethos-u85");
  }
  uint32_t rd(uint32_t off) {
    uint32_t v = 0;
    EXPECT_TRUE(ic.read(kNpuBase + off, 4, v, {}).ok()) << std::hex << off;
    return v;
  }
  void wr(uint32_t off, uint32_t v) { EXPECT_TRUE(ic.write(kNpuBase + off, 4, v, {}).ok()) << std::hex << off; }
  // ethosu_dev_init + ethosu_dev_soft_reset + ethosu_dev_axi_init with ethosu_config_u85.h's
  // defaults: MEM_ATTR[0,1] SRAM, [2,3] EXT; QCONFIG 2; REGIONCFG region 0 -> 3, region 1
  // -> 0, the rest -> 1; AXI_SRAM read 12, write 16, max_beats 2; AXI_EXT read 64, write 32.
  void driver_init(uint32_t ext_attr = 0x4) {
    ASSERT_EQ(rd(kConfig) >> 28, 2u);  // product U85
    wr(kReset, 0x3);                   // pending CPL privileged, CSL non-secure
    int polls = 0;
    while ((rd(kStatus) >> 3) & 1) ASSERT_LT(++polls, 100000);
    ASSERT_EQ(rd(kProt) & 3, 3u);
    wr(kMemAttr0 + 0, 0x0);
    wr(kMemAttr0 + 4, 0x0);
    wr(kMemAttr0 + 8, ext_attr);
    wr(kMemAttr0 + 12, ext_attr);
    wr(kQconfig, 2);
    wr(kRegioncfg, 0x3u | 1u << 4 | 1u << 6 | 1u << 8 | 1u << 10 | 1u << 12 | 1u << 14);
    wr(kAxiSram, (12 - 1) | (16 - 1) << 8 | 2u << 16);
    wr(kAxiExt, (64 - 1) | (32 - 1) << 8 | 2u << 16);
  }
  // ethosu_dev_run_command_stream: QBASE, QSIZE, BASEP[i], then CMD = (CMD & 0xC) | 1.
  void invoke(uint32_t qsize, std::initializer_list<uint32_t> bases) {
    wr(kQbase, kCmd);
    wr(kQbase + 4, 0);
    wr(kQsize, qsize);
    unsigned i = 0;
    for (uint32_t b : bases) {
      wr(kBasep0 + 8 * i, b);
      wr(kBasep0 + 8 * i + 4, 0);
      ++i;
    }
    wr(kCmdReg, (rd(kCmdReg) & 0xC) | 1);
  }
  void load(uint32_t addr, const std::vector<uint8_t>& data) { ASSERT_TRUE(ic.debug_write_block(addr, data)); }
  void load_words(const std::vector<uint32_t>& words) {
    std::vector<uint8_t> bytes;
    for (uint32_t w : words)
      for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<uint8_t>(w >> (8 * b)));
    load(kCmd, bytes);
  }
  void run_to_completion() {
    for (int i = 0; i < 100000; ++i) {
      const auto d = dev->next_deadline();
      if (!d) break;
      time.t = *d;
      dev->update(*d);
    }
  }
  // The ExecuTorch runner's U85 PMU (arm_perf_monitor.cpp): EVTYPER0..6 = SRAM read/write beats, EXT
  // read/write beats, NPU_IDLE, MAC_ACTIVE, WD_ACTIVE; cycle counter from NPU_ACTIVE to NPU_IDLE.
  void pmu_setup() {
    const uint32_t events[7] = {130, 135, 386, 391, 32, 48, 80};
    for (unsigned i = 0; i < 7; ++i) wr(kPmevtyper0 + 4 * i, events[i]);
    wr(kPmccntrCfg, 35u | 32u << 16);
    wr(kPmcr, 1u | 2u | 4u);               // enable, reset event counters and the cycle counter
    wr(kPmcntenset, 0x7Fu | 1u << 31);
  }

  memory::Interconnect ic;
  memory::Ram weights, arena, fast, cmdmem;
  FakeTime time;
  FakeIrq irq;
  std::unique_ptr<EthosUDevice> dev;
};

TEST(U85Device, ConfigAndIdForEveryMacCountPassTheDriverChecks) {
  // regor EthosU85RCSGenerator::ConfigRegister, written out by hand.
  const std::pair<uint32_t, uint32_t> expected[] = {
      {128, 0x20000117}, {256, 0x20000118}, {512, 0x20001119}, {1024, 0x2000251A}, {2048, 0x2000261B}};
  for (const auto& [macs, config] : expected) {
    Rig r(macs);
    EXPECT_EQ(r.rd(kConfig), config) << macs;
    const uint32_t id = r.rd(kId);
    EXPECT_EQ(id, 0x20007001u);
    // ethosu_dev_verify_optimizer_config against Vela's U85 ID 0x20007000: arch_major equal,
    // arch_minor not lower.
    EXPECT_EQ(id >> 28, 0x20007000u >> 28);
    EXPECT_GE((id >> 20) & 0xFF, (0x20007000u >> 20) & 0xFF);
    EXPECT_EQ(r.rd(0xFE0), 0x82u);  // PID0 of the U85
  }
}

TEST(U85Device, TheDriversAxiSetupReadsBack) {
  Rig r;
  r.driver_init();
  EXPECT_EQ(r.rd(kMemAttr0 + 8), 0x4u);
  EXPECT_EQ(r.rd(kQconfig), 2u);
  EXPECT_EQ(r.rd(kAxiSram), 0x0002'0F0Bu);
  EXPECT_EQ(r.rd(kAxiExt), 0x0002'1F3Fu);
  EXPECT_EQ(r.rd(kPmcr), 8u << 11);  // num_event_cnt = 8 (header reset value 0x4000)
  EXPECT_EQ(r.rd(kStatus) & (kRunning | kIrqRaised), 0u);
  r.wr(kMemAttr0, 0xFFFFFFFF);
  EXPECT_EQ(r.rd(kMemAttr0), 0xF7u);  // mem_domain, axi_port, memtype
  // A soft reset returns the AXI setup to its reset values.
  r.wr(kReset, 0x3);
  EXPECT_EQ(r.rd(kMemAttr0), 0u);
  EXPECT_EQ(r.rd(kAxiSram), 0u);
  // The register interface takes words only.
  uint32_t v = 0;
  EXPECT_FALSE(r.ic.read(kNpuBase + kStatus, 1, v, {}).ok());
}

// Loads one real program (u85_program.h) with region 0 = weights, 1 = arena, 2 = fast scratch.
void load_program(Rig& r, const u85test::Program& p, std::vector<uint32_t>& commands) {
  const std::string dir = u85test::kU85Dir + p.name + "/";
  std::string err;
  const auto payload = parse_driver_payload(u85test::slurp(dir + "cmd_stream.bin"), err);
  ASSERT_TRUE(payload) << err;
  commands = payload->commands;
  r.load_words(commands);
  const auto w = u85test::slurp(dir + "weights.bin");
  ASSERT_FALSE(w.empty()) << "missing " << dir << "weights.bin";
  r.load(kWeights, w);
  for (const auto& in : p.inputs) r.load(kArena + in.offset, u85test::slurp(dir + in.file));
}

TEST(U85Device, KwsInferenceThroughMmioGivesTheGoldenOutputAndRaisesIrq16) {
  const u85test::Program& p = u85test::programs()[1];
  ASSERT_EQ(p.name, "kws_micronet_m");
  Rig r;
  r.driver_init();
  r.pmu_setup();
  std::vector<uint32_t> commands;
  load_program(r, p, commands);
  r.invoke(static_cast<uint32_t>(4 * commands.size()), {kWeights, kArena, kFast});
  EXPECT_EQ(r.rd(kStatus) & kRunning, kRunning);
  EXPECT_FALSE(r.irq.level);
  r.run_to_completion();
  EXPECT_TRUE(r.irq.level);
  EXPECT_EQ(r.irq.line, 16u);
  const uint32_t status = r.rd(kStatus);
  EXPECT_EQ(status & (kRunning | kBusStatus | kParseError | kBranchFault), 0u);
  EXPECT_EQ(status & (kEndReached | kIrqRaised), kEndReached | kIrqRaised);
  std::vector<uint8_t> got(p.outputs[0].size);
  ASSERT_TRUE(r.ic.debug_read_block(kArena + p.outputs[0].offset, got));
  EXPECT_EQ(got, u85test::slurp(u85test::kU85Dir + p.name + "/" + p.outputs[0].file));
  // The driver clears the IRQ with CMD.clear_irq.
  r.wr(kCmdReg, (r.rd(kCmdReg) & 0xC) | 2);
  EXPECT_FALSE(r.irq.level);

  // PMU: weights come from region 0 (MEM_ATTR[3], EXT), feature maps from regions 1 and 2
  // (SRAM), so both ports read; only SRAM is written. Beats are 16 bytes: each port's beats are
  // the operations' bytes on that port as the hardware moves them (the functional traffic plus
  // the block re-fetch, OpTiming::read/write), rounded up per operation to whole beats.
  uint64_t bytes[2][2] = {}, beats[2][2] = {}, active = 0;
  Cycles covered = 0;
  for (const DeviceOp& op : r.dev->last_job()) {  // ACTIVE: the union of the operations' intervals
    if (op.end > covered) active += op.end - std::max(op.start, covered);
    covered = std::max(covered, op.end);
    for (int port = 0; port < 2; ++port) {
      EXPECT_GE(op.timing.read[port], op.record.traffic.read[port]);  // re-fetch only adds
      bytes[port][0] += op.timing.read[port];
      bytes[port][1] += op.timing.write[port];
      beats[port][0] += (op.timing.read[port] + 15) / 16;
      beats[port][1] += (op.timing.write[port] + 15) / 16;
    }
  }
  EXPECT_GT(bytes[1][0], 0u);                 // EXT reads: the weights
  EXPECT_EQ(bytes[1][1], 0u);                 // nothing written to the EXT port
  EXPECT_GT(bytes[0][0], 0u);
  EXPECT_GT(bytes[0][1], 0u);
  EXPECT_EQ(r.rd(kPmevcntr0 + 0), beats[0][0]);  // SRAM_RD_DATA_BEAT_RECEIVED
  EXPECT_EQ(r.rd(kPmevcntr0 + 4), beats[0][1]);  // SRAM_WR_DATA_BEAT_WRITTEN
  EXPECT_EQ(r.rd(kPmevcntr0 + 8), beats[1][0]);  // EXT_RD_DATA_BEAT_RECEIVED
  EXPECT_EQ(r.rd(kPmevcntr0 + 12), 0u);          // EXT_WR_DATA_BEAT_WRITTEN
  EXPECT_EQ(r.rd(kPmccntrLo), active);           // active cycles only (start NPU_ACTIVE)
}

TEST(U85Device, MemAttrDecidesThePortOfEachRegion) {
  // With every MEM_ATTR entry on the SRAM port, the weights' region 0 reads on SRAM too.
  const u85test::Program& p = u85test::programs()[1];
  Rig r;
  r.driver_init(/*ext_attr=*/0x0);
  r.pmu_setup();
  std::vector<uint32_t> commands;
  load_program(r, p, commands);
  r.invoke(static_cast<uint32_t>(4 * commands.size()), {kWeights, kArena, kFast});
  r.run_to_completion();
  EXPECT_EQ(r.rd(kStatus) & kEndReached, kEndReached);
  EXPECT_EQ(r.rd(kPmevcntr0 + 8), 0u);  // no EXT read beats
  uint64_t reads = 0;
  for (const DeviceOp& op : r.dev->last_job()) {
    EXPECT_EQ(op.timing.read[1], 0u);
    reads += (op.timing.read[0] + 15) / 16;
  }
  EXPECT_EQ(r.rd(kPmevcntr0), reads);
}

TEST(U85Device, AnUnknownOpcodeSetsCmdParseErrorAndRaisesTheIrq) {
  Rig r;
  r.driver_init();
  r.load_words({0x0000'01FFu});  // cmd0 opcode 0x1FF: not an arch 2.0 command
  r.invoke(4, {kWeights});
  r.run_to_completion();
  const uint32_t status = r.rd(kStatus);
  EXPECT_EQ(status & kParseError, kParseError);
  EXPECT_EQ(status & kEndReached, 0u);
  EXPECT_TRUE(r.irq.level);
}

TEST(U85Device, ACommandStreamOutsideMemoryIsABusError) {
  Rig r;
  r.driver_init();
  r.wr(kQbase, 0x7000'0000);  // nothing mapped there
  r.wr(kQsize, 16);
  r.wr(kCmdReg, (r.rd(kCmdReg) & 0xC) | 1);
  r.run_to_completion();
  const uint32_t status = r.rd(kStatus);
  EXPECT_EQ(status & kBusStatus, kBusStatus);
  EXPECT_EQ(status & kEndReached, 0u);
  EXPECT_TRUE(r.irq.level);
}

}  // namespace
}  // namespace corsim::npu
