// EthosUDriver (runtime/backends/ethos_u) against a fake register file that records every write:
// the sequence the driver programs for an Ethos-U85 (product 2) and, unchanged, for an Ethos-U55.
// Expected offsets and values are written here from Arm's ethos-u-core-driver (the U85 register map
// of src/ethosu85_interface.h, the CONFIG/ID checks of ethosu_dev_verify_optimizer_config, the
// sequence of src/ethosu_device_u85.c) and ExecuTorch's arm_perf_monitor.cpp (PMU events), not read
// back from the driver.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "runtime/backends/ethos_u/ethos_u_driver.h"

namespace corsim::ethos_u {
namespace {

using Write = std::pair<uint32_t, uint32_t>;

// A register file: ID/CONFIG as given, a soft reset that completes after one busy poll, PROT
// following RESET, CMD keeping its q-enable bits, PMU counters with fixed values. Starting the
// stream (CMD bit 0) "completes" it with `completion_status` when the driver waits.
class FakeRegisterFile final : public NpuPort {
 public:
  FakeRegisterFile(uint32_t id, uint32_t config) : id_(id), config_(config) {}
  uint32_t read(uint32_t off) override {
    switch (off) {
      case reg::kId: return id_;
      case reg::kConfig: return config_;
      case reg::kStatus:
        if (reset_polls_ > 0) {
          --reset_polls_;
          return kStatusResetting;
        }
        return status_;
      case reg::kProt: return prot_;
      case reg::kCmd: return cmd_;
      case reg::kQread: return 0;
      default: break;
    }
    auto it = values.find(off);
    return it != values.end() ? it->second : 0;
  }
  void write(uint32_t off, uint32_t v) override {
    writes.emplace_back(off, v);
    if (off == reg::kReset) {
      reset_polls_ = 1;
      prot_ = v & 3u;
      status_ = 0;
    } else if (off == reg::kCmd) {
      cmd_ = v & 0xCu;
      if (v & 1u) started_ = true;
      if (v & 2u) status_ &= ~kStatusIrqRaised;
    } else {
      values[off] = v;
    }
  }
  bool wait_for_interrupt(const volatile bool& done) override {
    if (!started_ || driver == nullptr) return false;
    status_ = completion_status;
    driver->handle_interrupt();
    return done;
  }
  // The writes to `off`, in order.
  std::vector<uint32_t> writes_to(uint32_t off) const {
    std::vector<uint32_t> v;
    for (const Write& w : writes) if (w.first == off) v.push_back(w.second);
    return v;
  }
  bool wrote_in(uint32_t lo, uint32_t hi) const {
    for (const Write& w : writes) if (w.first >= lo && w.first < hi) return true;
    return false;
  }

  EthosUDriver* driver = nullptr;
  uint32_t completion_status = kStatusIrqRaised | kStatusEndReached;
  std::map<uint32_t, uint32_t> values;
  std::vector<Write> writes;

 private:
  uint32_t id_, config_;
  uint32_t status_ = 0, prot_ = 0, cmd_ = 0xC;  // CMD reset value 0xC (ethosu55_interface.h)
  int reset_polls_ = 0;
  bool started_ = false;
};

// A COP1 payload (Vela CreateDriverPayload1): "COP1", OPTIMIZER_CONFIG (Vela 0.1) with CONFIG and
// ID, three NOPs, then COMMAND_STREAM with `words` words of stream (contents do not matter to the
// driver).
std::vector<uint8_t> cop1(uint32_t config, uint32_t id, uint32_t words = 2) {
  std::vector<uint32_t> w = {0x31504F43u, 0x00100001u, config, id, 5u, 5u, 5u, 0x02u | (words & 0xFFFFu) << 16};
  for (uint32_t i = 0; i < words; ++i) w.push_back(0x00000000u);
  std::vector<uint8_t> bytes(w.size() * 4);
  std::memcpy(bytes.data(), w.data(), bytes.size());
  return bytes;
}

constexpr uint32_t kU85Id = 0x20007001u;       // ethosu85_interface.h default (arch 2.0.0)
constexpr uint32_t kU85_256 = 0x20000118u;     // Vela's U85-256 CONFIG (EthosU85RCSGenerator)
constexpr uint32_t kVelaU85Id = 0x20007000u;   // what Vela emits for U85
constexpr uint32_t kPayloadAddress = 0x70001000u;

struct U85 : ::testing::Test {
  FakeRegisterFile regs{kU85Id, kU85_256};
  EthosUDriver driver{regs};
  void SetUp() override { regs.driver = &driver; }
  rt::Status invoke(const std::vector<uint8_t>& payload) {
    const uint32_t base[3] = {0x70100000u, 0x31000000u, 0x31200000u};
    return driver.invoke(rt::Bytes(payload.data(), payload.size()), kPayloadAddress, base, 3);
  }
};

TEST_F(U85, InitResetsAndProgramsMemAttrAndAxiPorts) {
  ASSERT_TRUE(driver.init().ok()) << driver.detail();
  ASSERT_NE(driver.layout(), nullptr);
  EXPECT_EQ(driver.layout()->product, NpuProduct::kU85);
  // RESET: pending_CPL=1 (privileged), pending_CSL=0 (secure); then, in ethosu_dev_axi_init's order:
  // MEM_ATTR[0..3] at 0x040.. (SRAM port 0, 0; EXT port: axi_port bit 2), QCONFIG = MEM_ATTR 2,
  // REGIONCFG region0 = 3, region1 = 0, regions 2..7 = 1 (2 bits each), AXI_SRAM 0x050 =
  // reads 12-1 | (writes 16-1) << 8 | max_beats 2 << 16, AXI_EXT 0x054 = 64-1 | (32-1) << 8 |
  // 2 << 16, POWER_CTRL 0x038 = 0.
  const std::vector<Write> expected = {
      {0x00C, 0x1},     {0x040, 0x0},  {0x044, 0x0},  {0x048, 0x4},     {0x04C, 0x4},     {0x01C, 0x2},
      {0x03C, 0x5553},  {0x050, 11u | 15u << 8 | 2u << 16}, {0x054, 63u | 31u << 8 | 2u << 16}, {0x038, 0x0}};
  EXPECT_EQ(regs.writes, expected);
}

TEST_F(U85, InvokeProgramsThePmuAt0x1180AndRunsTheStream) {
  ASSERT_TRUE(driver.init().ok());
  regs.values[0x11A0] = 0x89ABCDEFu;  // PMCCNTR lo
  regs.values[0x11A4] = 0xFFFF0012u;  // PMCCNTR hi: bits 47:32 in its low 16 bits
  for (uint32_t i = 0; i < 8; ++i) regs.values[0x1300 + 4 * i] = 100 + i;  // PMEVCNTR0..7
  regs.writes.clear();
  const auto payload = cop1(kU85_256, kVelaU85Id, 6);
  ASSERT_TRUE(invoke(payload).ok()) << driver.detail();
  // ExecuTorch's ethosu_inference_begin on U85 (arm_perf_monitor.cpp): PMCR cnt_en, PMCCNTR_CFG
  // start NPU_ACTIVE (35) stop NPU_IDLE (32), EVTYPER0..6 = 130 135 386 391 32 48 80, counters 0..6
  // then the cycle counter enabled, cycle then event counter reset.
  EXPECT_EQ(regs.writes_to(0x11A8), std::vector<uint32_t>({32u << 16 | 35u}));
  const uint32_t events[7] = {130, 135, 386, 391, 32, 48, 80};
  for (uint32_t i = 0; i < 7; ++i) EXPECT_EQ(regs.writes_to(0x1380 + 4 * i), std::vector<uint32_t>({events[i]})) << i;
  EXPECT_TRUE(regs.writes_to(0x1380 + 4 * 7).empty());
  EXPECT_EQ(regs.writes_to(0x1184), std::vector<uint32_t>({0x7Fu, 0x80000000u}));
  EXPECT_EQ(regs.writes_to(0x1180), std::vector<uint32_t>({1u, 1u | 4u, 1u | 4u | 2u, 0u}));  // ... PMCR = 0 at the end
  EXPECT_FALSE(regs.wrote_in(0x180, 0x400));  // nothing at the U55 PMU offsets
  // ethosu_dev_run_command_stream (ethosu_device_u85.c): QBASE lo/hi (the stream follows the
  // 32-byte header), QSIZE in bytes, BASEP[0..2] lo/hi, then CMD = (CMD & 0xC) | 1.
  EXPECT_EQ(regs.writes_to(reg::kQbase), std::vector<uint32_t>({kPayloadAddress + 32}));
  EXPECT_EQ(regs.writes_to(reg::kQbaseHi), std::vector<uint32_t>({0u}));
  EXPECT_EQ(regs.writes_to(reg::kQsize), std::vector<uint32_t>({6u * 4}));
  EXPECT_EQ(regs.writes_to(0x080), std::vector<uint32_t>({0x70100000u}));
  EXPECT_EQ(regs.writes_to(0x088), std::vector<uint32_t>({0x31000000u}));
  EXPECT_EQ(regs.writes_to(0x090), std::vector<uint32_t>({0x31200000u}));
  EXPECT_EQ(regs.writes_to(0x084), std::vector<uint32_t>({0u}));
  const std::vector<uint32_t> cmd = regs.writes_to(reg::kCmd);
  ASSERT_EQ(cmd.size(), 2u);
  EXPECT_EQ(cmd[0], 0xCu | 1u);  // start, keeping the clock/power q-enable bits
  EXPECT_EQ(cmd[1], 0xCu | 2u);  // the IRQ handler clears the IRQ
  // The run starts after everything else it needs is written.
  size_t start = 0, qsize = 0;
  for (size_t i = 0; i < regs.writes.size(); ++i) {
    if (regs.writes[i] == Write{reg::kCmd, 0xDu}) start = i;
    if (regs.writes[i].first == reg::kQsize) qsize = i;
  }
  EXPECT_LT(qsize, start);
  // The PMU read-out: 48-bit cycle counter and seven event counters.
  EXPECT_EQ(driver.pmu().cycles, 0x0012'89ABCDEFull);
  ASSERT_EQ(driver.pmu().num_events, 7u);
  for (uint32_t i = 0; i < 7; ++i) EXPECT_EQ(driver.pmu().events[i], 100 + i);
  EXPECT_STREQ(driver.layout()->event_names[2], "ETHOSU_PMU_EXT_RD_DATA_BEAT_RECEIVED");
}

TEST_F(U85, FastMemoryReplacesBaseAddressTwo) {
  // ethosu_invoke_async (ethosu_driver.c): a fast memory given at init replaces base address 2 when
  // more than two are passed (ExecuTorch passes {weights, scratch, fast scratch}); with two,
  // nothing changes.
  driver.set_fast_memory(0x31100000u, 384 * 1024);
  ASSERT_TRUE(driver.init().ok());
  const auto payload = cop1(kU85_256, kVelaU85Id);
  ASSERT_TRUE(invoke(payload).ok()) << driver.detail();
  EXPECT_EQ(regs.writes_to(0x090), std::vector<uint32_t>({0x31100000u}));
  regs.writes.clear();
  const uint32_t two[2] = {0x70100000u, 0x31000000u};
  ASSERT_TRUE(driver.invoke(rt::Bytes(payload.data(), payload.size()), kPayloadAddress, two, 2).ok());
  EXPECT_TRUE(regs.writes_to(0x090).empty());
  // A misaligned fast memory is refused like any base address.
  driver.set_fast_memory(0x31100008u, 1024);
  EXPECT_EQ(invoke(payload).code, rt::Error::kMisaligned);
  EXPECT_NE(std::string(driver.detail()).find("base address 2 (0x31100008)"), std::string::npos) << driver.detail();
}

TEST_F(U85, BranchFaultIsAnErrorAndResetsTheNpu) {
  ASSERT_TRUE(driver.init().ok());
  regs.completion_status = kStatusIrqRaised | kStatusEndReached | (1u << 9);  // U85 STATUS.branch_fault
  regs.writes.clear();
  const rt::Status s = invoke(cop1(kU85_256, kVelaU85Id));
  EXPECT_FALSE(s.ok());
  EXPECT_NE(std::string(driver.detail()).find("branch fault"), std::string::npos) << driver.detail();
  EXPECT_EQ(regs.writes_to(reg::kReset), std::vector<uint32_t>({1u}));  // soft reset after the error
}

TEST_F(U85, Bit7IsNotAWeightDecoderFaultOnU85) {
  ASSERT_TRUE(driver.init().ok());
  regs.completion_status = kStatusIrqRaised | kStatusEndReached | (1u << 7);  // reserved on U85
  EXPECT_TRUE(invoke(cop1(kU85_256, kVelaU85Id)).ok()) << driver.detail();
  regs.completion_status = kStatusIrqRaised;  // stopped without reaching the end
  EXPECT_FALSE(invoke(cop1(kU85_256, kVelaU85Id)).ok());
  EXPECT_NE(std::string(driver.detail()).find("cmd_end_reached=0"), std::string::npos) << driver.detail();
}

TEST_F(U85, OptimizerConfigChecks) {
  ASSERT_TRUE(driver.init().ok());
  // ethosu_dev_verify_optimizer_config: MACs (U85-512, 0x20001119), product (U55-256, 0x00003008),
  // AXI SRAM port count (CONFIG[9:8]) and EXT port count (CONFIG[10]) must match; arch_minor must
  // not exceed the NPU's.
  for (uint32_t bad : {0x20001119u, 0x00003008u, 0x20000218u, 0x20000518u}) {
    EXPECT_FALSE(invoke(cop1(bad, kVelaU85Id)).ok()) << std::hex << bad;
    EXPECT_NE(std::string(driver.detail()).find("compiled for"), std::string::npos) << driver.detail();
  }
  EXPECT_FALSE(invoke(cop1(kU85_256, 0x20107000u)).ok());  // arch 2.1 on a 2.0 NPU
  EXPECT_NE(std::string(driver.detail()).find("architecture 2.1"), std::string::npos) << driver.detail();
  // num_wd (CONFIG[13:12]) is only logged by the real driver: accepted.
  EXPECT_TRUE(invoke(cop1(kU85_256 | (1u << 12), kVelaU85Id)).ok()) << driver.detail();
}

TEST(EthosUDriverU55, SequenceIsUnchanged) {
  FakeRegisterFile regs(0x10104201u, 0x00001807u);  // U55-128 (ethosu55_interface.h ID, Vela CONFIG)
  EthosUDriver driver(regs);
  regs.driver = &driver;
  ASSERT_TRUE(driver.init().ok()) << driver.detail();
  // ethosu_device_u55_u65.c: 32 reads, 16 writes outstanding.
  const uint32_t limit = 31u << 16 | 15u << 24;
  const std::vector<Write> expected = {{0x00C, 0x1}, {0x01C, 0x2}, {0x03C, 0x5553},
                                       {0x040, limit}, {0x044, limit}, {0x048, limit}, {0x04C, limit}};
  EXPECT_EQ(regs.writes, expected);
  regs.writes.clear();
  const uint32_t base[2] = {0x70100000u, 0x31000000u};
  const auto payload = cop1(0x00001807u, 0x10066001u);
  ASSERT_TRUE(driver.invoke(rt::Bytes(payload.data(), payload.size()), kPayloadAddress, base, 2).ok()) << driver.detail();
  const uint32_t events[4] = {130, 386, 135, 32};
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(regs.writes_to(0x380 + 4 * i), std::vector<uint32_t>({events[i]}));
  EXPECT_EQ(regs.writes_to(0x184), std::vector<uint32_t>({0xFu, 0x80000000u}));
  EXPECT_TRUE(regs.writes_to(reg::kQbaseHi).empty());  // U55: QBASE_HI not written
  EXPECT_FALSE(regs.wrote_in(0x1000, 0x2000));
  EXPECT_EQ(driver.pmu().num_events, 4u);
}

TEST(EthosUDriverU55, UnknownProductIsRefused) {
  FakeRegisterFile regs(0x30000000u, 0x30000000u);  // product 3
  EthosUDriver driver(regs);
  EXPECT_FALSE(driver.init().ok());
  EXPECT_NE(std::string(driver.detail()).find("not an Ethos-U55/U65/U85"), std::string::npos) << driver.detail();
  EXPECT_TRUE(regs.writes.empty());
}

}  // namespace
}  // namespace corsim::ethos_u
