// The FVP front ends' name table and stop lines (sim/fvp_front_end.h), and output files written
// whole or not at all (sim/output_file.h).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace corsim::sim
