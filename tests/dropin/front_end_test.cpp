// The FVP front ends' name table and stop lines (sim/fvp_front_end.h), and output files written
// whole or not at all (sim/output_file.h).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/cli.h"
#include "sim/exit_status.h"
#include "sim/fvp_front_end.h"
#include "sim/output_file.h"

namespace corsim::sim {
namespace {

TEST(DropinFrontEnd, NamesSelectThePlatform) {
  // ExecuTorch v1.4.1 run_fvp.sh lines 66-72 name these three FVPs.
  EXPECT_EQ(fvp_front_end_for("FVP_Corstone_SSE-300_Ethos-U55")->platform, "corstone-300");
  EXPECT_EQ(fvp_front_end_for("/opt/x/FVP_Corstone_SSE-300_Ethos-U65")->platform, "corstone-300");
  EXPECT_EQ(fvp_front_end_for("../fvp/FVP_Corstone_SSE-320")->platform, "corstone-320");
  EXPECT_FALSE(fvp_front_end_for("corsim"));
  EXPECT_FALSE(fvp_front_end_for("/usr/bin/corsim"));
  EXPECT_FALSE(fvp_front_end_for("FVP_Corstone_SSE-300"));
}

TEST(DropinFrontEnd, StopLinesAsTheFvpPrintsThem) {
  EXPECT_EQ(fvp_stop_lines(RunEnd::Timeout, false),
            "\nInfo: Simulation is stopping. Reason: CPU time has been exceeded.\n\n"
            "Info: /OSCI/SystemC: Simulation stopped by user.\n");
  EXPECT_EQ(fvp_stop_lines(RunEnd::CycleLimit, false),
            "\nInfo: Simulation is stopping. Reason: Cycle limit has been exceeded.\n\n"
            "Info: /OSCI/SystemC: Simulation stopped by user.\n");
  EXPECT_EQ(fvp_stop_lines(RunEnd::CycleLimit, true),
            "\nInfo: Simulation is stopping. Reason: Simulated time has been exceeded.\n\n"
            "Info: /OSCI/SystemC: Simulation stopped by user.\n");
  EXPECT_EQ(fvp_stop_lines(RunEnd::Eot, false), "\nInfo: /OSCI/SystemC: Simulation stopped by user.\n");
}

TEST(DropinExitStatus, WhatCorsimSawBesideTheGuest) {
  // An NPU error is the cause of a run the guest ended itself, whatever it said.
  for (int s : {kExitOk, kExitFirmwareFailed, kExitModelLoad, kExitModelRun}) {
    EXPECT_EQ(combine_exit_status(s, true, false), kExitNpuError) << s;
    EXPECT_EQ(combine_exit_status(s, true, true), kExitNpuError) << s;
  }
  // corsim's own ends keep their status.
  for (int s : {kExitBadInput, kExitGuestFault, kExitTimeout, kExitInterrupted}) {
    EXPECT_EQ(combine_exit_status(s, true, true), s) << s;
  }
  // Refused semihosting calls fail only a run that otherwise succeeded.
  EXPECT_EQ(combine_exit_status(kExitOk, false, true), kExitSemihostingMisuse);
  EXPECT_EQ(combine_exit_status(kExitModelLoad, false, true), kExitModelLoad);
  EXPECT_EQ(combine_exit_status(9, false, true), 9);  // a guest's own code
  EXPECT_EQ(combine_exit_status(kExitOk, false, false), kExitOk);
  // Every row of the table has a meaning; a guest's own code has none.
  for (int s : {0, 1, 2, 3, 4, 5, 6, 7, 8, 130}) EXPECT_FALSE(exit_status_meaning(s).empty()) << s;
  EXPECT_TRUE(exit_status_meaning(9).empty());
}

TEST(DropinCli, FvpParameterFileAndLimits) {
  const auto file = std::filesystem::temp_directory_path() / ("corsim_params_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream out(file);
    out << "# FVP parameter file\n\n  ethosu.num_macs = 256\nmps3_board.uart0.out_file=-\r\n";
  }
  CliResult r = parse_command_line({"-f", file.string(), "--cyclelimit", "1000", "--cpulimit", "2.5", "--simlimit", "0.001", "fw.elf"});
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.config.params.size(), 2u);
  EXPECT_EQ(r.config.params[0], (std::pair<std::string, std::string>{"ethosu.num_macs", "256"}));
  EXPECT_EQ(r.config.params[1], (std::pair<std::string, std::string>{"mps3_board.uart0.out_file", "-"}));
  EXPECT_EQ(r.config.max_cycles, 1000u);
  EXPECT_EQ(r.config.timeout_seconds, 2.5);
  EXPECT_EQ(r.config.simulated_seconds, 0.001);
  {
    std::ofstream out(file);
    out << "no equals sign\n";
  }
  r = parse_command_line({"-f", file.string(), "fw.elf"});
  EXPECT_NE(r.error.find(":1: expected NAME=VALUE"), std::string::npos) << r.error;
  std::filesystem::remove(file);
  r = parse_command_line({"-f", file.string(), "fw.elf"});
  EXPECT_NE(r.error.find("cannot read parameter file"), std::string::npos) << r.error;
  EXPECT_NE(parse_command_line({"--simlimit", "-1", "fw.elf"}).error, "");
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DropinOutputFile, WholeOrNothing) {
  const auto dir = std::filesystem::temp_directory_path() / ("corsim_out_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "r.json";
  EXPECT_EQ(write_file_atomically(file.string(), "first"), "");
  EXPECT_EQ(slurp(file), "first");
  EXPECT_EQ(write_file_atomically(file.string(), std::string(100000, 'x')), "");
  EXPECT_EQ(slurp(file).size(), 100000u);
  // Unwritable: one line naming the file, nothing left behind.
  const std::string e = write_file_atomically((dir / "no-such" / "r.json").string(), "x");
  EXPECT_NE(e.find("cannot write '"), std::string::npos) << e;
  EXPECT_NE(e.find("no-such/r.json"), std::string::npos) << e;
  size_t entries = 0;
  for ([[maybe_unused]] const auto& d : std::filesystem::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1u);  // r.json only, no temporary file
  // The permissions of an ordinary fopen (0666 & ~umask), not mkstemp's 0600.
  const mode_t mask = umask(0);
  umask(mask);
  struct stat st {};
  ASSERT_EQ(stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0666 & ~mask);
  // A set: one unwritable member leaves none of them, not even the writable ones.
  const auto a = dir / "a.json", b = dir / "b.json";
  const std::string set_error =
      write_files_atomically({{a.string(), "A"}, {(dir / "no-such" / "c.json").string(), "C"}, {b.string(), "B"}});
  EXPECT_NE(set_error.find("no-such/c.json"), std::string::npos) << set_error;
  EXPECT_FALSE(std::filesystem::exists(a));
  EXPECT_FALSE(std::filesystem::exists(b));
  entries = 0;
  for ([[maybe_unused]] const auto& d : std::filesystem::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1u);  // still r.json only
  EXPECT_EQ(write_files_atomically({{a.string(), "A"}, {b.string(), "B"}}), "");
  EXPECT_EQ(slurp(a), "A");
  EXPECT_EQ(slurp(b), "B");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace corsim::sim
