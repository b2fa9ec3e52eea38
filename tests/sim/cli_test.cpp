#include "sim/cli.h"

#include <gtest/gtest.h>

#include "sim/params.h"
#include "sim/platform/preset.h"

namespace corsim::sim {
namespace {

TEST(Cli, ParsesEveryOption) {
  auto r = parse_command_line({"--platform", "corstone-300", "--data", "model.pte@0x70000000", "--data=b.bin@4096",
                               "--semihosting-cmdline", "-m x.pte", "--semihosting-root=/tmp", "--max-cycles", "1000",
                               "--timeout", "2.5", "--trace=t.txt", "--stats", "s.json", "-C", "ethosu.num_macs=256",
                               "-Ccpu0.semihosting-enable=1", "-q", "fw.elf"});
  ASSERT_EQ(r.error, "");
  const RunConfig& c = r.config;
  EXPECT_EQ(c.firmware, "fw.elf");
  ASSERT_EQ(c.data.size(), 2u);
  EXPECT_EQ(c.data[0].path, "model.pte");
  EXPECT_EQ(c.data[0].address, 0x70000000u);
  EXPECT_EQ(c.data[1].address, 4096u);
  EXPECT_EQ(c.semihosting_cmdline, "-m x.pte");
  EXPECT_EQ(c.semihosting_root, "/tmp");
  EXPECT_EQ(c.max_cycles, 1000u);
  EXPECT_DOUBLE_EQ(*c.timeout_seconds, 2.5);
  EXPECT_TRUE(c.trace);
  EXPECT_EQ(c.trace_file, "t.txt");
  EXPECT_EQ(c.stats_file, "s.json");
  ASSERT_EQ(c.params.size(), 2u);
  EXPECT_EQ(c.params[0], (std::pair<std::string, std::string>{"ethosu.num_macs", "256"}));
  EXPECT_EQ(c.params[1].first, "cpu0.semihosting-enable");
  EXPECT_TRUE(c.quiet);
}

TEST(Cli, TraceWithoutFileGoesToStderr) {
  auto r = parse_command_line({"--trace", "fw.elf"});
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.config.trace);
  EXPECT_EQ(r.config.trace_file, "");
  EXPECT_EQ(r.config.firmware, "fw.elf");
}

TEST(Cli, FvpSpellings) {
  auto r = parse_command_line({"-a", "cpu0=fw.elf", "--timelimit", "10", "--data", "cpu0=m.pte@0x38000000"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.config.firmware, "fw.elf");
  EXPECT_EQ(r.config.data[0].path, "m.pte");
  EXPECT_DOUBLE_EQ(*r.config.timeout_seconds, 10);
  EXPECT_EQ(parse_command_line({"--stat", "fw.elf"}).config.stats_file, "-");
}

TEST(Cli, CpuEngine) {
  EXPECT_EQ(parse_command_line({"fw.elf"}).config.cpu_engine, cpu::CpuEngine::Jit);  // timed or not
  EXPECT_EQ(parse_command_line({"--cpu-engine", "interp", "fw.elf"}).config.cpu_engine, cpu::CpuEngine::Interpreter);
  EXPECT_EQ(parse_command_line({"--cpu-engine=jit", "fw.elf"}).config.cpu_engine, cpu::CpuEngine::Jit);
  EXPECT_NE(parse_command_line({"--cpu-engine", "fast", "fw.elf"}).error.find("--cpu-engine expects interp or jit"),
            std::string::npos);
}

TEST(Cli, Errors) {
  EXPECT_NE(parse_command_line({}).error.find("no firmware"), std::string::npos);
  EXPECT_NE(parse_command_line({"--bogus", "fw.elf"}).error.find("unknown option"), std::string::npos);
  EXPECT_NE(parse_command_line({"--data", "x.bin", "fw.elf"}).error.find("FILE@ADDRESS"), std::string::npos);
  EXPECT_NE(parse_command_line({"--data", "x.bin@zz", "fw.elf"}).error.find("bad address"), std::string::npos);
  EXPECT_NE(parse_command_line({"--data", "x.bin@0x100000000", "fw.elf"}).error.find("bad address"), std::string::npos);
  EXPECT_NE(parse_command_line({"--max-cycles", "-5", "fw.elf"}).error.find("positive"), std::string::npos);
  EXPECT_NE(parse_command_line({"--timeout", "abc", "fw.elf"}).error.find("seconds"), std::string::npos);
  EXPECT_NE(parse_command_line({"--platform", "corstone-999", "fw.elf"}).error.find("unknown platform"), std::string::npos);
  EXPECT_NE(parse_command_line({"-C", "novalue", "fw.elf"}).error.find("NAME=VALUE"), std::string::npos);
  EXPECT_NE(parse_command_line({"--stats"}).error.find("needs a value"), std::string::npos);
  EXPECT_NE(parse_command_line({"a.elf", "b.elf"}).error.find("unexpected argument"), std::string::npos);
  EXPECT_NE(parse_command_line({"--quiet=1", "a.elf"}).error.find("takes no value"), std::string::npos);
  for (const char* bad : {"--bogus", "--data"}) {
    EXPECT_EQ(parse_command_line({bad, "x"}).error.find('\n'), std::string::npos);
  }
}

// The limits and their FVP names take the same values and refuse the same ones, each error naming
// the option given.
TEST(Cli, LimitsAndTheirFvpNamesAgree) {
  for (const char* name : {"--max-cycles", "--cyclelimit"}) {
    const CliResult r = parse_command_line({name, "0x100", "fw.elf"});
    ASSERT_EQ(r.error, "") << name;
    EXPECT_EQ(r.config.max_cycles, 256u) << name;
    for (const char* bad : {"0", "-5", "1.5", "x"}) {
      EXPECT_EQ(parse_command_line({name, bad, "fw.elf"}).error,
                std::string(name) + " expects a positive integer, got '" + bad + "'");
    }
  }
  for (const char* name : {"--timeout", "--timelimit", "--cpulimit", "--simlimit"}) {
    const CliResult r = parse_command_line({name, "0.25", "fw.elf"});
    ASSERT_EQ(r.error, "") << name;
    const std::optional<double>& s = std::string_view(name) == "--simlimit" ? r.config.simulated_seconds
                                                                              : r.config.timeout_seconds;
    ASSERT_TRUE(s.has_value()) << name;
    EXPECT_DOUBLE_EQ(*s, 0.25) << name;
    for (const char* bad : {"0", "-1", "inf", "nan", "abc", ""}) {
      EXPECT_EQ(parse_command_line({name, bad, "fw.elf"}).error,
                std::string(name) + " expects a positive number of seconds, got '" + bad + "'");
    }
  }
}

TEST(Cli, HelpAndVersionNeedNoFirmware) {
  EXPECT_TRUE(parse_command_line({"--help"}).show_help);
  EXPECT_TRUE(parse_command_line({"-h"}).show_help);
  EXPECT_TRUE(parse_command_line({"--version"}).show_version);
  EXPECT_EQ(parse_command_line({"--version"}).error, "");
  EXPECT_NE(usage_text().find("--semihosting-root"), std::string::npos);
  EXPECT_NE(usage_text().find("ethosu.num_macs"), std::string::npos);
}

TEST(Params, FvpNamesChangeThePresetAndTheRun) {
  PlatformPreset p = corstone300_preset();
  RunConfig run;
  run.params = {{"ethosu.num_macs", "64"},
                {"mps3_board.uart0.out_file", "uart.log"},
                {"mps3_board.uart0.shutdown_on_eot", "0"},
                {"mps3_board.uart0.shutdown_tag", "\"EXITTHESIM\""},
                {"cpu0.semihosting-cmd_line", "\"-m a.pte -o out\""},
                {"cpu0.semihosting-cwd", "/data"},
                {"cpu0.semihosting-heap_limit", "0x1000"},
                {"cpu0.CFGDTCMSZ", "10"},
                {"cpu0.MVE", "0"},
                {"cpu0.semihosting-enable", "0"},
                {"mps3_board.visualisation.disable-visualisation", "1"},
                {"mps3_board.telnetterminal0.start_telnet", "0"}};
  const ParamResult r = apply_parameters(p, run);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(p.npu.num_macs, 64u);
  EXPECT_EQ(p.uarts[0].out_file, "uart.log");
  EXPECT_FALSE(p.uarts[0].shutdown_on_eot);
  EXPECT_EQ(p.uarts[0].shutdown_tag, "EXITTHESIM");
  EXPECT_EQ(run.semihosting_cmdline, "-m a.pte -o out");
  EXPECT_EQ(run.semihosting_root, "/data");
  EXPECT_EQ(run.heap_limit, 0x1000u);
  EXPECT_EQ(p.memory("DTCM")->size, 512u * 1024);  // 2^(10-1) KiB
  EXPECT_FALSE(p.cpu.has_mve);
  EXPECT_FALSE(run.semihosting_enabled);
}

TEST(Params, UnknownNamesWarnOnceAndBadValuesFail) {
  PlatformPreset p = corstone300_preset();
  RunConfig run;
  run.params = {{"foo.bar", "1"}, {"foo.bar", "2"}, {"cpu0.baz", "x"}};
  ParamResult r = apply_parameters(p, run);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.warnings.size(), 2u);
  run.params = {{"ethosu.num_macs", "100"}};
  EXPECT_NE(apply_parameters(p, run).error.find("ethosu.num_macs"), std::string::npos);
  run.params = {{"mps3_board.uart0.shutdown_on_eot", "maybe"}};
  EXPECT_NE(apply_parameters(p, run).error.find("expected 0 or 1"), std::string::npos);
  run.params = {{"cpu0.CFGITCMSZ", "16"}};
  EXPECT_FALSE(apply_parameters(p, run).error.empty());
}

TEST(Params, EveryPresetValueHasACorsimName) {
  PlatformPreset p = corstone300_preset();
  RunConfig run;
  run.params = {{"platform.clock_hz", "50000000"}, {"cpu.vtor", "0x11000000"},  {"cpu.priority_bits", "4"},
                {"memory.DDR.latency", "20"},      {"memory.QSPI.rom", "0"},      {"memory.SRAM.size", "0x100000"},
                {"device.uart1.irq", "100"},       {"device.fpgaio.base", "0x49312000"}};
  const ParamResult r = apply_parameters(p, run);
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(p.clock_hz, 50'000'000u);
  EXPECT_EQ(p.cpu.initial_vtor, 0x11000000u);
  EXPECT_EQ(p.cpu.priority_bits, 4u);
  EXPECT_EQ(p.memory("DDR")->latency, 20u);
  EXPECT_FALSE(p.memory("QSPI")->rom);
  EXPECT_EQ(p.memory("SRAM")->size, 0x100000u);
  EXPECT_EQ(p.device("uart1")->irq, 100);
  EXPECT_EQ(p.device("fpgaio")->ns_base, 0x49312000u);
  run.params = {{"memory.NOPE.size", "1"}};
  EXPECT_NE(apply_parameters(p, run).error.find("no memory 'NOPE'"), std::string::npos);
  run.params = {{"device.uart0.colour", "1"}};
  EXPECT_NE(apply_parameters(p, run).error.find("unknown device field"), std::string::npos);
  run.params = {{"device.uart0.irq", "480"}};
  EXPECT_FALSE(apply_parameters(p, run).error.empty());
}

}  // namespace
}  // namespace corsim::sim
