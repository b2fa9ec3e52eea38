// EthosUDriver (runtime/backends/ethos_u) against the Ethos-U55 device model on the host: the real
// add_ethos-u55-128 payload runs through the driver's register sequence (README: both inputs
// quantise to 127, the NPU output is int8 127), and each failure the driver must catch is caught
// with a message naming it (ethos-u-core-driver ethosu_dev_verify_optimizer_config,
// ethosu_dev_handle_interrupt).
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "npu/ethos_u_device.h"
#include "runtime/backends/ethos_u/ethos_u_driver.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"

namespace corsim::ethos_u {
namespace {

constexpr uint32_t kNpuBase = 0x48102000, kFlash = 0x10000000, kScratch = 0x20000000, kCmd = 0x30000000;

struct FakeTime final : TimeSource {
  Cycles t = 100;
  Cycles now() const override { return t; }
};
struct FakeIrq final : IrqSink {
  bool level = false;
  void set_irq_level(unsigned, bool high) override { level = high; }
};

class DevicePort final : public NpuPort {
 public:
  DevicePort(memory::Interconnect& ic, FakeTime& t, FakeIrq& irq, npu::EthosUDevice& dev)
      : ic_(ic), time_(t), irq_(irq), dev_(dev) {}
  uint32_t read(uint32_t off) override {
    uint32_t v = 0;
    EXPECT_TRUE(ic_.read(kNpuBase + off, 4, v, {}).ok());
    return v;
  }
  void write(uint32_t off, uint32_t v) override { EXPECT_TRUE(ic_.write(kNpuBase + off, 4, v, {}).ok()); }
  // What WFI + the IRQ handler do on the target: time runs from one NPU event to the next (each
  // operation's end; the IRQ rises at the job's last), the handler runs.
  bool wait_for_interrupt(const volatile bool& done) override {
    for (int i = 0; i < 100000 && !done; ++i) {
      if (auto d = dev_.next_deadline()) {
        time_.t = *d;
        dev_.update(*d);
      } else if (!irq_.level) {
        break;  // nothing running and no interrupt: WFI would sleep forever
      }
      if (irq_.level) driver->handle_interrupt();
    }
    return done;
  }
  EthosUDriver* driver = nullptr;

 private:
  memory::Interconnect& ic_;
  FakeTime& time_;
  FakeIrq& irq_;
  npu::EthosUDevice& dev_;
};

std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

struct Rig {
  explicit Rig(uint32_t macs) : flash("flash", 1 << 20), sram("sram", 1 << 20), cmd("cmd", 1 << 16) {
    ic.map(kFlash, 1 << 20, flash, "flash");
    ic.map(kScratch, 1 << 20, sram, "sram");
    ic.map(kCmd, 1 << 16, cmd, "cmd");
    npu::DeviceOptions o;
    o.npu.macs = macs;
    dev = std::make_unique<npu::EthosUDevice>(ic, irq, time, o);
    ic.map(kNpuBase, 0x1000, *dev, "ethos-u55");
    port = std::make_unique<DevicePort>(ic, time, irq, *dev);
    driver = std::make_unique<EthosUDriver>(*port);
    port->driver = driver.get();
  }
  // Loads the U55 add payload: cmd_data at kCmd, weights at kFlash, both inputs = int8 127.
  bool load_add() {
    file = slurp(std::string(CORSIM_MODELS_DIR) + "/pte/add_ethos-u55-128.pte");
    if (file.empty()) return false;
    pte::Program program;
    if (!pte::Program::load(rt::Bytes(file.data(), file.size()), program).ok()) return false;
    const auto& plan = program.execution_plan(0);
    rt::Bytes blob;
    if (!program.delegate_data(*plan.delegates()->Get(0), blob).ok()) return false;
    aligned.assign(blob.size() + 16, 0);
    uint8_t* base = aligned.data() + (16 - reinterpret_cast<uintptr_t>(aligned.data()) % 16) % 16;
    std::memcpy(base, blob.data(), blob.size());
    if (!parse_vela_bin_stream(rt::Bytes(base, blob.size()), vbs).ok()) return false;
    cmd_data = vbs.cmd_data.data;
    ic.debug_write_block(kCmd, std::span<const uint8_t>(cmd_data.data(), cmd_data.size()));
    ic.debug_write_block(kFlash, std::span<const uint8_t>(vbs.weight_data.data.data(), vbs.weight_data.data.size()));
    const uint8_t v127 = 127;
    for (uint32_t i = 0; i < vbs.inputs.count; ++i)
      ic.debug_write_block(kScratch + vbs.inputs.get(i).offset, std::span<const uint8_t>(&v127, 1));
    return true;
  }
  int8_t output0() {
    uint8_t v = 0;
    ic.debug_read_block(kScratch + vbs.outputs.get(0).offset, std::span<uint8_t>(&v, 1));
    return static_cast<int8_t>(v);
  }

  memory::Interconnect ic;
  memory::Ram flash, sram, cmd;
  FakeTime time;
  FakeIrq irq;
  std::unique_ptr<npu::EthosUDevice> dev;
  std::unique_ptr<DevicePort> port;
  std::unique_ptr<EthosUDriver> driver;
  std::vector<uint8_t> file, aligned;
  VelaBinStream vbs;
  rt::Bytes cmd_data;
};

const uint32_t kBases[3] = {kFlash, kScratch, 0};

TEST(EthosUDriver, RunsTheRealAddPayload) {
  Rig r(128);
  ASSERT_TRUE(r.load_add());
  ASSERT_TRUE(r.driver->init().ok()) << r.driver->detail();
  EXPECT_EQ(r.driver->hw_config(), 0x1807u);  // U55-128 (Vela regor ArchEthosU55::ConfigRegister)
  const rt::Status s = r.driver->invoke(r.cmd_data, kCmd, kBases, 3);
  ASSERT_TRUE(s.ok()) << r.driver->detail();
  EXPECT_EQ(r.output0(), 127);  // README: NPU output int8 127
  EXPECT_GT(r.driver->pmu().cycles, 0u);
  EXPECT_NE(r.driver->last_status() & kStatusEndReached, 0u);
  EXPECT_FALSE(r.irq.level);  // the handler cleared the IRQ
  // A second inference works too (the driver leaves the NPU ready).
  ASSERT_TRUE(r.driver->invoke(r.cmd_data, kCmd, kBases, 3).ok()) << r.driver->detail();
}

TEST(EthosUDriver, RefusesAStreamForAnotherMacCount) {
  Rig r(256);
  ASSERT_TRUE(r.load_add());
  ASSERT_TRUE(r.driver->init().ok());
  const rt::Status s = r.driver->invoke(r.cmd_data, kCmd, kBases, 3);
  EXPECT_EQ(s.code, rt::Error::kBackendFailed);
  EXPECT_NE(std::string(r.driver->detail()).find("compiled for ethos-u55-128"), std::string::npos) << r.driver->detail();
  EXPECT_NE(std::string(r.driver->detail()).find("ethos-u55-256"), std::string::npos);
  EXPECT_FALSE(r.dev->next_deadline().has_value());  // never started
}

TEST(EthosUDriver, ReportsACommandParseError) {
  Rig r(128);
  ASSERT_TRUE(r.load_add());
  ASSERT_TRUE(r.driver->init().ok());
  Cop1Payload cop;
  ASSERT_TRUE(parse_cop1(r.cmd_data, cop).ok());
  // Replace the first NPU command with an opcode that does not exist (cmd0 0x3FF).
  const uint32_t bad = 0x000003FF;
  r.ic.debug_write_block(kCmd + cop.command_stream_offset,
                         std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(&bad), 4));
  const rt::Status s = r.driver->invoke(r.cmd_data, kCmd, kBases, 3);
  EXPECT_EQ(s.code, rt::Error::kBackendFailed);
  const std::string d = r.driver->detail();
  EXPECT_NE(d.find("command parse error"), std::string::npos) << d;
  EXPECT_NE(d.find("cmd_end_reached=0"), std::string::npos) << d;
  // The driver soft-reset the NPU: a good stream runs afterwards.
  r.ic.debug_write_block(kCmd, std::span<const uint8_t>(r.cmd_data.data(), r.cmd_data.size()));
  EXPECT_TRUE(r.driver->invoke(r.cmd_data, kCmd, kBases, 3).ok()) << r.driver->detail();
}

TEST(EthosUDriver, RefusesMisalignedBasesAndBadPayloads) {
  Rig r(128);
  ASSERT_TRUE(r.load_add());
  ASSERT_TRUE(r.driver->init().ok());
  const uint32_t odd[3] = {kFlash, kScratch + 4, 0};
  EXPECT_EQ(r.driver->invoke(r.cmd_data, kCmd, odd, 3).code, rt::Error::kMisaligned);
  EXPECT_NE(std::string(r.driver->detail()).find("base address 1"), std::string::npos);
  std::vector<uint8_t> junk(r.cmd_data.data(), r.cmd_data.data() + r.cmd_data.size());
  junk[0] = 'X';  // not COP1
  EXPECT_EQ(r.driver->invoke(rt::Bytes(junk.data(), junk.size()), kCmd, kBases, 3).code, rt::Error::kBadCommandStream);
}

// A port whose CONFIG says Ethos-U85: the U55/U65 driver must refuse it at init.
// CONFIG.product 3: no Ethos-U the driver knows (U55 0, U65 1, U85 2; the U85 sequence is tested in
// tests/runtime/ethos_u_driver_test.cpp).
class UnknownProductPort final : public NpuPort {
 public:
  uint32_t read(uint32_t off) override { return off == reg::kConfig ? 0x30000118u : off == reg::kId ? 0x30007001u : 0; }
  void write(uint32_t, uint32_t) override {}
  bool wait_for_interrupt(const volatile bool&) override { return false; }
};

TEST(EthosUDriver, InitRefusesAnotherProduct) {
  UnknownProductPort port;
  EthosUDriver d(port);
  EXPECT_EQ(d.init().code, rt::Error::kBackendFailed);
  EXPECT_NE(std::string(d.detail()).find("not an Ethos-U55/U65/U85"), std::string::npos) << d.detail();
  EXPECT_FALSE(d.initialized());
}

}  // namespace
}  // namespace corsim::ethos_u
