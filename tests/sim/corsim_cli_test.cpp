// End-to-end runs of the corsim executable (path in CORSIM_BINARY) on small assembly programs
// (tests/sim/firmware/, built into SIM_FW_DIR): exit statuses, console, semihosting, EOT, limits,
// fault reports, --data, --trace, --stats, and the one-line errors for bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

namespace {

namespace fs = std::filesystem;

struct RunOutput {
  int status = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

class CorsimCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("corsim-cli-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  static std::string fw(const std::string& name) { return std::string(SIM_FW_DIR) + "/" + name + ".elf"; }
  RunOutput run(const std::string& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = fmt::format("cd '{}' && '{}' {} </dev/null >'{}' 2>'{}'", dir_.string(), CORSIM_BINARY, args,
                                        out.string(), err.string());
    const int raw = std::system(cmd.c_str());
    RunOutput r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }
  static size_t lines(const std::string& s) {
    size_t n = 0;
    for (char c : s) n += c == '\n';
    return n;
  }
  fs::path dir_;
};

TEST_F(CorsimCli, UartOutputAndEotExitZero) {
  const RunOutput r = run("-q " + fw("uart_eot"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "OK\n");
  EXPECT_EQ(r.err, "");  // -q: nothing on stderr for a clean run
}

TEST_F(CorsimCli, SemihostingCommandLineAndExitCode) {
  const RunOutput r = run("-q --semihosting-cmdline 'abc def' " + fw("semihost_exit"));
  EXPECT_EQ(r.status, 7);
  EXPECT_EQ(r.out, "abc def\n");
  const RunOutput c = run("-q -C cpu0.semihosting-cmd_line='\"-m x.pte\"' " + fw("semihost_exit"));
  EXPECT_EQ(c.out, "-m x.pte\n");
}

TEST_F(CorsimCli, CycleLimitAndTimeoutExitFour) {
  // Exact cycle count: the functional mode (one cycle per instruction; timed instructions may
  // take several cycles, so a timed run ends within one instruction after the limit).
  RunOutput r = run("-q --timing off --max-cycles 5000 --stats s.json " + fw("spin"));
  EXPECT_EQ(r.status, 4);
  EXPECT_NE(r.err.find("cycle limit"), std::string::npos) << r.err;
  const std::string stats = slurp(dir_ / "s.json");
  EXPECT_NE(stats.find("\"cycles\": 5000,"), std::string::npos) << stats;
  EXPECT_NE(stats.find("\"stop_reason\": \"cycle-limit\""), std::string::npos) << stats;
  r = run("-q --timeout 0.2 " + fw("spin"));
  EXPECT_EQ(r.status, 4);
  EXPECT_NE(r.err.find("timeout"), std::string::npos) << r.err;
}

TEST_F(CorsimCli, GuestFaultReportsKindPcSymbolAndRegisters) {
  const RunOutput r = run("-q " + fw("fault"));
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("UNDEFINSTR"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(bad_instruction+0x2)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("r0  = 00000011"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("r7  = 00000077"), std::string::npos) << r.err;
  const RunOutput l = run("-q " + fw("lockup"));
  EXPECT_EQ(l.status, 3);
  EXPECT_NE(l.err.find("locked up"), std::string::npos) << l.err;
}

TEST_F(CorsimCli, SystemResetRequestEndsTheRun) {
  const RunOutput r = run("-q --stats - " + fw("sysreset"));
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("AIRCR.SYSRESETREQ"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"stop_reason\": \"system-reset\""), std::string::npos) << r.err;
}

TEST_F(CorsimCli, SleepingForeverIsAGuestError) {
  const RunOutput r = run("-q " + fw("wfi"));
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("sleeping forever"), std::string::npos) << r.err;
}

TEST_F(CorsimCli, TimerInterruptWakesTheSleepingCoreAndTimeJumps) {
  const RunOutput r = run("-q --stats - " + fw("timer_irq"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Twoke\n");
  // The timer was programmed 100000 counter ticks ahead while ~60 instructions ran: the run
  // must have slept through the gap.
  const size_t at = r.err.find("\"cycles\": ");
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_GE(std::stoull(r.err.substr(at + 10)), 100000u);
}

TEST_F(CorsimCli, SysTickWakesTheCoreOnEveryWrap) {
  const RunOutput r = run("-q --stats - " + fw("systick_wfi"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "SSSdone\n");
  const size_t at = r.err.find("\"cycles\": ");
  ASSERT_NE(at, std::string::npos) << r.err;
  const unsigned long long cycles = std::stoull(r.err.substr(at + 10));
  EXPECT_GE(cycles, 15000u);  // three periods of 5000 processor cycles
  EXPECT_LT(cycles, 16000u);
}

TEST_F(CorsimCli, InterruptOfABusyCoreIsTakenAtItsCycle) {
  // The timer is programmed during a quantum; the run loop must end the quantum at the timer's
  // cycle. Latency = exception entry and the handler's first load (a few cycles); without the
  // early stop it would be up to a quantum (10000 cycles).
  const RunOutput r = run("-q " + fw("timer_busy"));
  ASSERT_EQ(r.status, 0);
  const unsigned long latency = std::stoul(r.out, nullptr, 16);
  EXPECT_LT(latency, 16u) << r.out;
}

TEST_F(CorsimCli, DataFilePlacedBeforeBoot) {
  std::ofstream(dir_ / "magic.bin") << "CSIM";
  EXPECT_EQ(run("-q --data magic.bin@0x60000000 " + fw("data")).out, "data ok\n");
  EXPECT_EQ(run("-q " + fw("data")).out, "data bad\n");
}

TEST_F(CorsimCli, TraceHasOneLinePerInstruction) {
  const RunOutput r = run("-q --trace=t.txt --stats s.json " + fw("uart_eot"));
  ASSERT_EQ(r.status, 0);
  const std::string trace = slurp(dir_ / "t.txt");
  const std::string stats = slurp(dir_ / "s.json");
  const size_t at = stats.find("\"instructions\": ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(lines(trace), std::stoull(stats.substr(at + 16)));
  // First instruction: BL uart_init at the reset entry, 32-bit encoding.
  const std::string first = trace.substr(0, trace.find('\n'));
  EXPECT_NE(first.find("bl"), std::string::npos) << first;
  EXPECT_EQ(r.out, "OK\n");  // the trace never mixes into the guest's stdout
}

TEST_F(CorsimCli, BadInputIsOneLineAndStatusTwo) {
  std::ofstream(dir_ / "text.elf") << "not an elf";
  std::ofstream(dir_ / "blob.bin") << "1234";
  const std::string cases[] = {
      "missing.elf",
      "text.elf",
      "/bin/sh",                                              // x86-64 (or other host) ELF
      "--data blob.bin@0x50000000 " + fw("uart_eot"),         // --data outside memory
      "--data missing.bin@0x60000000 " + fw("uart_eot"),
      "--bogus-option " + fw("uart_eot"),
      "--platform nope " + fw("uart_eot"),
      "-C ethosu.num_macs=7 " + fw("uart_eot"),
      "-C cpu.vtor=0x11000000 " + fw("uart_eot"),              // nothing loaded where the core boots
      "",
  };
  for (const std::string& c : cases) {
    const RunOutput r = run(c);
    EXPECT_EQ(r.status, 2) << c << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1u) << c << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("corsim: error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.out, "") << c;
  }
}

// The program ran well but wrote no operator markers: --etdump has nothing to write.
TEST_F(CorsimCli, EtdumpWithoutOperatorMarkersIsOneLineAndStatusTwo) {
  const RunOutput r = run("-q --etdump e.etdp " + fw("uart_eot"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "OK\n");
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("corsim: error: e.etdp not written: the firmware wrote no operator trace markers", 0), 0u)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "e.etdp"));
}

// Every output file is written the same way: one that cannot be written fails a good run. (The
// per-operator outputs of a program without markers are refused before any file is opened:
// EtdumpWithoutOperatorMarkers above; their unwritable case with markers: tests/dropin status_table.)
TEST_F(CorsimCli, UnwritableOutputFileIsOneLineAndStatusTwo) {
  for (const std::string option : {"--stats"}) {
    const RunOutput r = run("-q " + option + " no/such/dir/out " + fw("uart_eot"));
    EXPECT_EQ(r.status, 2) << option << ": " << r.err;
    EXPECT_EQ(r.out, "OK\n") << option;
    EXPECT_EQ(lines(r.err), 1u) << option << ": " << r.err;
    EXPECT_EQ(r.err.rfind("corsim: error: cannot write 'no/such/dir/out'", 0), 0u) << option << ": " << r.err;
  }
}

TEST_F(CorsimCli, UnknownParameterWarnsButRuns) {
  const RunOutput r = run("-C some.unknown=1 -C some.unknown=2 " + fw("uart_eot"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "OK\n");
  size_t warnings = 0;
  for (size_t p = r.err.find("some.unknown"); p != std::string::npos; p = r.err.find("some.unknown", p + 1)) ++warnings;
  EXPECT_EQ(warnings, 1u) << r.err;
}

// Corstone-320 (--platform corstone-320): the sim programs are linked for the Corstone-300 ITCM, so
// they boot there with cpu.vtor; without it the core finds the empty Boot ROM and says so.
TEST_F(CorsimCli, Corstone320RunsCpuOnlyFirmware) {
  const RunOutput r = run("-q --platform corstone-320 -C cpu.vtor=0x10000000 --semihosting-cmdline m85 " +
                          fw("semihost_exit"));
  EXPECT_EQ(r.status, 7);
  EXPECT_EQ(r.out, "m85\n");
  const RunOutput other = run("-q --platform corstone-320 " + fw("semihost_exit"));
  EXPECT_EQ(other.status, 2);
  EXPECT_EQ(lines(other.err), 1u) << other.err;
  EXPECT_NE(other.err.find("0x11000000"), std::string::npos) << other.err;
  EXPECT_NE(other.err.find("corstone-320"), std::string::npos) << other.err;
}

TEST_F(CorsimCli, Corstone320NpuIsAnEthosU85WithThePresetsAndTheParametersMacCount) {
  // npu_probe exits with (ID >> 28) << 4 | CONFIG.macs_per_cc (ethosu85_interface.h).
  const RunOutput r = run("-q --platform corstone-320 -C cpu.vtor=0x10000000 " + fw("npu_probe"));
  EXPECT_EQ(r.status, 0x28) << r.err;  // arch 2, 256 MACs
  const RunOutput macs =
      run("-q --platform corstone-320 -C cpu.vtor=0x10000000 -C mps4_board.subsystem.ethosu.num_macs=1024 " +
          fw("npu_probe"));
  EXPECT_EQ(macs.status, 0x2A) << macs.err;
  const RunOutput bad =
      run("-q --platform corstone-320 -C mps4_board.subsystem.ethosu.num_macs=64 " + fw("npu_probe"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(lines(bad.err), 1u) << bad.err;
  EXPECT_NE(bad.err.find("ethos-u85 has 128, 256, 512, 1024 or 2048 MACs, not 64"), std::string::npos) << bad.err;
}

TEST_F(CorsimCli, HelpAndVersion) {
  RunOutput r = run("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("usage: corsim"), std::string::npos);
  r = run("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("corsim ", 0), 0u);
}

}  // namespace
