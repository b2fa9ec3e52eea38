// `--gdb PORT` and `--gdb-wait` on the command line: values, bad input as one error line.
#include <gtest/gtest.h>

#include "sim/cli.h"

namespace corsim::sim {
namespace {

TEST(GdbCli, PortAndWait) {
  const CliResult r = parse_command_line({"--gdb", "3333", "--gdb-wait", "fw.elf"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.config.gdb_port, 3333);
  EXPECT_TRUE(r.config.gdb_wait);
  const CliResult none = parse_command_line({"fw.elf"});
  EXPECT_FALSE(none.config.gdb_port.has_value());
  EXPECT_FALSE(none.config.gdb_wait);
  EXPECT_EQ(parse_command_line({"--gdb=0", "fw.elf"}).config.gdb_port, 0);  // any free port
}

TEST(GdbCli, BadInputIsOneLine) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--gdb", "65536", "fw.elf"}, {"--gdb", "port", "fw.elf"}, {"--gdb-wait", "fw.elf"}, {"fw.elf", "--gdb"}}) {
    const CliResult r = parse_command_line(args);
    EXPECT_NE(r.error, "") << args[0];
    EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
  }
  EXPECT_NE(usage_text().find("--gdb PORT"), std::string::npos);
}

}  // namespace
}  // namespace corsim::sim
