// The Corstone-320 preset as built on an interconnect, and its FVP parameter names. Expected
// addresses are written here from the sources, not read back from the preset: Zephyr
// boards/arm/mps4 (mps4_corstone320_fvp.dts, mps4_common.dtsi, mps4_common_soc_peripheral.dtsi;
// ExecuTorch examples/arm/executor_runner/Corstone-320.ld).
#include <gtest/gtest.h>

#include "sim/devices/fpgaio.h"
#include "memory/register_bank.h"
#include "sim/devices/system_blocks.h"
#include "sim/params.h"
#include "platform_fixture.h"

namespace corsim::sim {
namespace {

using test::PlatformFixture;
constexpr uint32_t KiB = 1024, MiB = 1024 * KiB;

TEST(Corstone320Preset, SelectedByNameWithTheM85AndTheU85) {
  auto p = make_preset("corstone-320");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->name, "corstone-320");
  EXPECT_EQ(p->cpu.model, cpu::CoreModel::CortexM85);
  EXPECT_EQ(p->cpu.priority_bits, 3u);            // mps4_common.dtsi arm,num-irq-priority-bits
  EXPECT_EQ(p->cpu.initial_vtor, 0x11000000u);    // Corstone-320.ld: .vectors in BROM
  EXPECT_EQ(p->clock_hz, 25'000'000u);            // sysclk 25 MHz
  EXPECT_EQ(p->npu.type, "ethos-u85");
  EXPECT_EQ(p->npu.num_macs, 256u);
  const DeviceSpec* npu = p->device("ethosu");
  ASSERT_NE(npu, nullptr);
  EXPECT_EQ(npu->kind, DeviceKind::Npu);
  EXPECT_EQ(npu->ns_base, 0x40004000u);
  EXPECT_EQ(npu->s_base, 0x50004000u);            // ethosu@50004000
  EXPECT_EQ(npu->irq, 16);                        // interrupts = <16 3>
  // Corstone-300 is unchanged: M55, U55 at 0x4810_2000 on IRQ 56.
  auto c300 = make_preset("corstone-300");
  ASSERT_TRUE(c300.has_value());
  EXPECT_EQ(c300->cpu.model, cpu::CoreModel::CortexM55);
  EXPECT_EQ(c300->npu.type, "ethos-u55");
  EXPECT_EQ(c300->device("ethosu")->s_base, 0x58102000u);
  EXPECT_EQ(c300->device("ethosu")->irq, 56);
}

TEST_F(PlatformFixture, Corstone320MemoriesAndTheirAliases) {
  auto p = build(corstone320_preset());
  // {Non-secure, Secure, size}: the same storage at both addresses.
  const struct { uint32_t ns, s, size; } aliased[] = {
      {0x00000000, 0x10000000, 32 * KiB},  // ITCM
      {0x01000000, 0x12000000, 2 * MiB},   // BRAM (code SRAM); NS alias per the dts comment
      {0x20000000, 0x30000000, 32 * KiB},  // DTCM
      {0x21000000, 0x31000000, 4 * MiB},   // ISRAM
  };
  for (const auto& r : aliased) {
    ASSERT_TRUE(write32(r.s + r.size - 4, 0xCAFE0000u + r.size / KiB)) << std::hex << r.s;
    EXPECT_EQ(read32(r.ns + r.size - 4), 0xCAFE0000u + r.size / KiB) << std::hex << r.ns;
    bool ok = true;
    read32(r.s + r.size, &ok);  // just past the end
    EXPECT_FALSE(ok) << std::hex << r.s + r.size;
  }
  // BROM: 128 KiB at 0x1100_0000, Secure only, ROM for the CPU but loadable.
  EXPECT_FALSE(write32(0x11000000, 1));
  const uint8_t word[4] = {0x78, 0x56, 0x34, 0x12};
  ASSERT_TRUE(bus.debug_write_block(0x1101FFFC, word));
  EXPECT_EQ(read32(0x1101FFFC), 0x12345678u);
  bool ok = true;
  read32(0x11020000, &ok);
  EXPECT_FALSE(ok);
  // QSPI: 8 MiB ROM at 0x2800_0000 / 0x3800_0000.
  ASSERT_TRUE(bus.debug_write_block(0x387FFFFC, word));
  EXPECT_EQ(read32(0x287FFFFC), 0x12345678u);
  EXPECT_FALSE(write32(0x38000000, 1));
}

TEST_F(PlatformFixture, Corstone320DdrBanksAlternateSecurityAndAreDistinct) {
  auto p = build(corstone320_preset());
  // 2 GiB, 256 MiB blocks alternating NS (0x6, 0x8, 0xA, 0xC) and S (0x7, 0x9, 0xB, 0xD):
  // eight different blocks of storage (mps4_common.dtsi "DDR4 - 2G").
  const uint32_t blocks[] = {0x60000000, 0x70000000, 0x80000000, 0x90000000,
                             0xA0000000, 0xB0000000, 0xC0000000, 0xD0000000};
  for (uint32_t i = 0; i < 8; ++i) ASSERT_TRUE(write32(blocks[i] + 0x0FFFFFFC, i + 1)) << std::hex << blocks[i];
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(read32(blocks[i] + 0x0FFFFFFC), i + 1) << std::hex << blocks[i];
  bool ok = true;
  read32(0xE0000000 + 0x100000, &ok);  // beyond the DDR (the PPB at 0xE000_0000 is the SCS's)
  EXPECT_FALSE(ok);
  read32(0x5FFFFFFC, &ok);
  EXPECT_FALSE(ok);
}

TEST_F(PlatformFixture, Corstone320PeripheralsAtTheirAddresses) {
  auto p = build(corstone320_preset());
  EXPECT_EQ(read32(0x48203FE0), 0x21u);  // UART0 PID0 (NS 0x4820_3000)
  EXPECT_EQ(read32(0x58208FE0), 0x21u);  // UART5 PID0 (S 0x5820_8000)
  ASSERT_TRUE(write32(0x58202000, 0x3)); // FPGAIO LEDs (S 0x5820_2000)
  EXPECT_EQ(p->fpgaio()->leds(), 0x3u);
  EXPECT_EQ(read32(0x58021110), 0x11000000u);  // SYSCTRL INITSVTOR0 = the BROM
  EXPECT_EQ(read32(0x48000FE0), 0xB7u);        // system timer 0 PID0
  bool ok = false;
  EXPECT_EQ(read32(0x50004000, &ok), 0u);      // NPU window without a model: RAZ stub
  EXPECT_TRUE(ok);
  EXPECT_EQ(p->npu(), p->device("ethosu"));
  read32(0x59303000, &ok);                     // Corstone-300's UART0: nothing there
  EXPECT_FALSE(ok);
}

TEST_F(PlatformFixture, Corstone320UartInterruptPair) {
  auto p = build(corstone320_preset());
  PlatformPreset preset = p->preset();
  const DeviceSpec* u0 = preset.device("uart0");
  ASSERT_NE(u0, nullptr);
  EXPECT_EQ(u0->irq, 34);   // TX (interrupts = <34 3 33 3>, "tx", "rx")
  EXPECT_EQ(u0->irq2, 33);  // RX
  ASSERT_TRUE(write32(0x58203008, 1));  // CTRL.TXEN
  ASSERT_TRUE(write32(0x58203000, 4));  // EOT
  EXPECT_NE(stop_reason.find("uart0"), std::string::npos);
}

TEST(Corstone320Params, Mps4NamesMapToTheSameSettings) {
  PlatformPreset p = corstone320_preset();
  RunConfig run;
  // What ExecuTorch's backends/arm/scripts/run_fvp.sh passes for an ethos-u85 target.
  run.params = {{"mps4_board.subsystem.ethosu.num_macs", "512"},
                {"mps4_board.visualisation.disable-visualisation", "1"},
                {"vis_hdlcd.disable_visualisation", "1"},
                {"mps4_board.telnetterminal0.start_telnet", "0"},
                {"mps4_board.uart0.out_file", "'-'"},
                {"mps4_board.uart0.shutdown_on_eot", "1"},
                {"mps4_board.uart0.unbuffered_output", "0"},
                {"mps4_board.uart1.out_file", "uart1.log"},
                {"mps4_board.subsystem.ethosu.extra_args", "--fast"},
                {"mps4_board.subsystem.cpu0.semihosting-enable", "0"},
                {"mps4_board.subsystem.cpu0.semihosting-cmd_line", "\"-m x.pte\""},
                {"mps4_board.subsystem.cpu0.CFGDTCMSZ", "8"}};
  const ParamResult r = apply_parameters(p, run);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  EXPECT_EQ(p.npu.num_macs, 512u);
  EXPECT_EQ(p.npu.extra_args, "--fast");
  EXPECT_EQ(p.uarts[0].out_file, "-");
  EXPECT_TRUE(p.uarts[0].shutdown_on_eot);
  EXPECT_FALSE(p.uarts[0].unbuffered);
  EXPECT_EQ(p.uarts[1].out_file, "uart1.log");
  EXPECT_FALSE(run.semihosting_enabled);
  EXPECT_EQ(run.semihosting_cmdline, "-m x.pte");
  EXPECT_EQ(p.memory("DTCM")->size, 128u * KiB);  // 2^(8-1) KiB
}

TEST(Corstone320Params, U85MacCountsAndUnknownNames) {
  for (const char* macs : {"128", "256", "512", "1024", "2048"}) {
    PlatformPreset p = corstone320_preset();
    RunConfig run;
    run.params = {{"mps4_board.subsystem.ethosu.num_macs", macs}};
    EXPECT_EQ(apply_parameters(p, run).error, "") << macs;
    EXPECT_EQ(p.npu.num_macs, std::stoul(macs));
  }
  for (const char* macs : {"32", "64", "4096", "300"}) {
    PlatformPreset p = corstone320_preset();
    RunConfig run;
    run.params = {{"mps4_board.subsystem.ethosu.num_macs", macs}};
    EXPECT_NE(apply_parameters(p, run).error.find("ethos-u85 has 128, 256, 512, 1024 or 2048 MACs"), std::string::npos)
        << macs;
  }
  // The U55 counts stay as they were on Corstone-300.
  PlatformPreset c300 = corstone300_preset();
  RunConfig run300;
  run300.params = {{"ethosu.num_macs", "512"}};
  EXPECT_NE(apply_parameters(c300, run300).error.find("ethos-u55 has 32, 64, 128 or 256 MACs"), std::string::npos);
  // Corstone-300's board name is not a Corstone-320 parameter (and the other way round): warned, ignored.
  PlatformPreset p = corstone320_preset();
  RunConfig run;
  run.params = {{"mps3_board.uart0.out_file", "x.log"}, {"mps4_board.no_such_thing", "1"}};
  const ParamResult r = apply_parameters(p, run);
  EXPECT_EQ(r.error, "");
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_NE(r.warnings[0].find("mps3_board.uart0.out_file"), std::string::npos);
  EXPECT_EQ(p.uarts[0].out_file, "-");
  PlatformPreset q = corstone300_preset();
  RunConfig run2;
  run2.params = {{"mps4_board.uart0.out_file", "x.log"}};
  EXPECT_EQ(apply_parameters(q, run2).warnings.size(), 1u);
}

TEST(Corstone320Preset, CoreMemorySystemAsData) {
  const PlatformPreset p = corstone320_preset();
  // Cortex-M85: I-cache 2-way, D-cache 4-way, 32-byte lines (CMSIS core_cm85.h; ways as WikiChip
  // gives them for the M55); 64 KiB each.
  EXPECT_EQ(p.memory_system.icache.geometry.size, 64u * KiB);
  EXPECT_EQ(p.memory_system.icache.geometry.ways, 2u);
  EXPECT_EQ(p.memory_system.dcache.geometry.size, 64u * KiB);
  EXPECT_EQ(p.memory_system.dcache.geometry.ways, 4u);
  EXPECT_EQ(p.memory_system.dcache.geometry.line, 32u);
}

}  // namespace
}  // namespace corsim::sim
