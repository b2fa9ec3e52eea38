// The Corstone-300 preset as built on an interconnect: addresses from Zephyr
// boards/arm/mps3/mps3_corstone300_fvp.dts and the AN552 peripheral_memmap.h.
#include <gtest/gtest.h>

#include <memory>

#include "sim/devices/fpgaio.h"
#include "sim/devices/timing_adapter.h"
#include "memory/register_bank.h"
#include "sim/devices/system_blocks.h"
#include "sim/params.h"
#include "sim/platform/platform.h"
#include "platform_fixture.h"

namespace corsim::sim {
namespace {

using test::PlatformFixture;

TEST_F(PlatformFixture, MemoriesAndTheirSecureAliasesShareStorage) {
  auto p = build(corstone300_preset());
  const struct { uint32_t ns, s, size; } regions[] = {
      {0x00000000, 0x10000000, 512 << 10}, {0x01000000, 0x11000000, 2 << 20}, {0x20000000, 0x30000000, 512 << 10},
      {0x21000000, 0x31000000, 4 << 20},
  };
  for (const auto& r : regions) {
    ASSERT_TRUE(write32(r.s + r.size - 4, 0x12345678)) << std::hex << r.s;
    EXPECT_EQ(read32(r.ns + r.size - 4), 0x12345678u) << std::hex << r.ns;
    bool ok = true;
    read32(r.ns + r.size, &ok);  // just past the end: nothing mapped there
    EXPECT_FALSE(ok) << std::hex << r.ns + r.size;
  }
}

TEST_F(PlatformFixture, QspiIsRomForTheCpuButLoadable) {
  auto p = build(corstone300_preset());
  EXPECT_FALSE(write32(0x38000000, 1));
  const uint8_t bytes[4] = {1, 2, 3, 4};
  ASSERT_TRUE(bus.debug_write_block(0x38000000, bytes));
  EXPECT_EQ(read32(0x28000000), 0x04030201u);
  bool ok = true;
  read32(0x28800000, &ok);
  EXPECT_FALSE(ok);  // 8 MiB
}

TEST_F(PlatformFixture, DdrIsTwoGibibytesAndBackedLazily) {
  auto p = build(corstone300_preset());
  ASSERT_TRUE(write32(0x70000000, 7));
  ASSERT_TRUE(write32(0xDFFFFFFC, 9));
  EXPECT_EQ(read32(0xDFFFFFFC), 9u);
  bool ok = true;
  read32(0xE0000000 - 0x100000 - 4, &ok);
  EXPECT_TRUE(ok);
  EXPECT_EQ(p->memory("DDR")->resident_bytes(), 3 * memory::kPageSize);
  read32(0x5FFFFFFC, &ok);
  EXPECT_FALSE(ok);
}

TEST_F(PlatformFixture, PeripheralsAtTheirAddresses) {
  auto p = build(corstone300_preset());
  EXPECT_EQ(read32(0x49303FE0), 0x21u);  // UART0 PID0 (NS)
  EXPECT_EQ(read32(0x59308FE0), 0x21u);  // UART5 PID0 (S)
  EXPECT_EQ(read32(0x48020000), SseSysInfo::kSysVersion);
  EXPECT_EQ(read32(0x58021110), 0x10000000u);  // SYSCTRL INITSVTOR0
  EXPECT_EQ(read32(0x48000FE0), 0xB7u);        // system timer 0 PID0
  EXPECT_EQ(read32(0x4802FFE0), 0x22u);        // S32K CMSDK timer PID0
  EXPECT_EQ(read32(0x49300FFC), 0x41055470u);  // SCC ID
  ASSERT_TRUE(write32(0x49302000, 0x5));       // FPGAIO LEDs
  EXPECT_EQ(p->fpgaio()->leds(), 0x5u);
  ASSERT_TRUE(write32(0x5810320C, 77));        // TA1 RLATENCY via the secure alias
  EXPECT_EQ(p->timing_adapters()->settings(1).rlatency, 77u);
  bool ok = false;
  EXPECT_EQ(read32(0x48102000, &ok), 0u);      // NPU window without a model: RAZ stub
  EXPECT_TRUE(ok);
  read32(0x4F000000, &ok);                     // nothing there: bus error
  EXPECT_FALSE(ok);
}

TEST_F(PlatformFixture, UartEotRequestsTheStop) {
  auto p = build(corstone300_preset());
  ASSERT_TRUE(write32(0x59303008, 1));  // CTRL.TXEN
  ASSERT_TRUE(write32(0x59303000, 4));
  EXPECT_NE(stop_reason.find("uart0"), std::string::npos);
}

TEST_F(PlatformFixture, SystemTimerInterruptReachesItsLine) {
  auto p = build(corstone300_preset());
  ASSERT_TRUE(write32(0x58100000, 1));   // system counter on
  ASSERT_TRUE(write32(0x48001028, 30));  // timer1 TVAL
  ASSERT_TRUE(write32(0x4800102C, 1));   // enable
  time.t = 30;
  events.run_until(30);
  EXPECT_TRUE(irq.high(4));
}

TEST_F(PlatformFixture, NpuHookReceivesItsEntry) {
  PlatformHooks hooks;
  DeviceSpec seen;
  unsigned macs = 0;
  hooks.make_npu = [&](const DeviceSpec& d, const NpuSpec& n, const DeviceContext&,
                       std::string&) -> std::unique_ptr<memory::Target> {
    seen = d;
    macs = n.num_macs;
    return std::make_unique<StubDevice>("fake-npu");
  };
  PlatformPreset preset = corstone300_preset();
  RunConfig run;
  run.params = {{"ethosu.num_macs", "256"}};
  ASSERT_EQ(apply_parameters(preset, run).error, "");
  auto p = build(preset, hooks);
  EXPECT_EQ(seen.ns_base, 0x48102000u);
  EXPECT_EQ(seen.s_base, 0x58102000u);
  EXPECT_EQ(seen.irq, 56);
  EXPECT_EQ(macs, 256u);
  EXPECT_EQ(p->npu()->name(), "fake-npu");
}

// A configuration the NPU model refuses is the platform's one-line error, not an exception.
TEST_F(PlatformFixture, NpuHookRefusalIsThePlatformsError) {
  PlatformHooks hooks;
  hooks.make_npu = [](const DeviceSpec&, const NpuSpec&, const DeviceContext&,
                      std::string& error) -> std::unique_ptr<memory::Target> {
    error = "ethos-u55 has no 100-MAC configuration";
    return nullptr;
  };
  PlatformPreset preset = corstone300_preset();
  preset.uarts[0].out_file = "";
  std::string err;
  Platform p(preset, bus, DeviceContext{time, events, irq, preset.clock_hz}, hooks, err);
  EXPECT_EQ(err, "ethos-u55 has no 100-MAC configuration");
}

TEST_F(PlatformFixture, TcmSizeParameterResizesItcm) {
  PlatformPreset preset = corstone300_preset();
  RunConfig run;
  run.params = {{"cpu0.CFGITCMSZ", "15"}};  // 2^14 KiB = 16 MiB
  ASSERT_EQ(apply_parameters(preset, run).error, "");
  auto p = build(preset);
  EXPECT_TRUE(write32(0x10FFFFFC, 3));
  EXPECT_EQ(read32(0x00FFFFFC), 3u);
}

TEST_F(PlatformFixture, TwoPlatformsAreIndependent) {
  auto p1 = build(corstone300_preset());
  memory::Interconnect bus2;
  std::string err;
  PlatformPreset preset = corstone300_preset();
  preset.uarts[0].out_file = "";
  Platform p2(preset, bus2, DeviceContext{time, events, irq, preset.clock_hz}, {}, err);
  ASSERT_EQ(err, "");
  ASSERT_TRUE(write32(0x30000000, 1));
  uint32_t v = 5;
  ASSERT_TRUE(bus2.read(0x30000000, 4, v, {}).ok());
  EXPECT_EQ(v, 0u);
}

}  // namespace
}  // namespace corsim::sim
