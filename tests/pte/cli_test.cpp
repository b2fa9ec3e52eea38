// The corsim-pte command line: real programs dump with exit 0; corrupted copies (truncated, bad
// identifier, flipped bytes, broken Ethos-U payload) exit 1 with exactly one line on stderr.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "pte_test_util.h"

namespace corsim::pte {
namespace {

namespace fs = std::filesystem;

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("corsim_pte_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  RunResult run(const std::string& args) {
    const fs::path out = dir_ / "stdout.txt";
    const fs::path err = dir_ / "stderr.txt";
    const std::string cmd = std::string(CORSIM_PTE_TOOL) + " " + args + " >" + out.string() + " 2>" + err.string();
    RunResult r;
    const int status = std::system(cmd.c_str());
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  std::string write(const std::string& name, const std::vector<uint8_t>& bytes) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
    return p.string();
  }

  fs::path dir_;
};

size_t lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

TEST_F(CliTest, DumpsEveryRealProgram) {
  for (const char* name : {"add_cpu.pte", "add_ethos-u55-128.pte", "add_ethos-u85-256.pte", "mnist_ethos-u55-128.pte"}) {
    for (const char* json : {"", "--json "}) {
      RunResult r = run(std::string("dump ") + json + test::model_path(name));
      EXPECT_EQ(r.exit_code, 0) << name << " " << r.err;
      EXPECT_TRUE(r.err.empty()) << name;
      EXPECT_GT(r.out.size(), 500u) << name;
    }
  }
}

// npu-target (run_fvp.sh picks the platform from it): the NPU named in each real program's COP1
// CONFIG word, as ../shared/models/README.md lists them; nothing for the CPU-only program.
TEST_F(CliTest, NpuTargetNamesTheDelegatesNpu) {
  const struct { const char* file; const char* target; } cases[] = {
      {"add_ethos-u85-256.pte", "ethos-u85-256\n"}, {"add_ethos-u55-128.pte", "ethos-u55-128\n"},
      {"mnist_ethos-u55-128.pte", "ethos-u55-128\n"}, {"add_cpu.pte", ""}};
  for (const auto& c : cases) {
    const RunResult r = run(std::string("npu-target ") + test::model_path(c.file));
    EXPECT_EQ(r.exit_code, 0) << c.file << " " << r.err;
    EXPECT_EQ(r.out, c.target) << c.file;
    EXPECT_TRUE(r.err.empty()) << c.file;
  }
  const std::vector<uint8_t> add = test::read_file(test::model_path("add_ethos-u85-256.pte"));
  const RunResult bad = run("npu-target " + write("half.pte", std::vector<uint8_t>(add.begin(), add.begin() + add.size() / 2)));
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(lines(bad.err), 1u) << bad.err;
  EXPECT_TRUE(bad.out.empty());
  EXPECT_EQ(run("npu-target").exit_code, 2);
}

TEST_F(CliTest, CorruptedCopiesFailWithOneLine) {
  const std::vector<uint8_t> add = test::read_file(test::model_path("add_ethos-u55-128.pte"));
  struct Case {
    std::string name;
    std::vector<uint8_t> bytes;
    std::string expect;  // part of the message
  };
  std::vector<Case> cases;
  cases.push_back({"truncated.pte", std::vector<uint8_t>(add.begin(), add.begin() + add.size() / 2),
                   "flatbuffer verification failed"});
  std::vector<uint8_t> f = add;
  std::memcpy(f.data() + 4, "XXXX", 4);
  cases.push_back({"bad_identifier.pte", f, "not an ExecuTorch program"});
  f = add;
  f[0x2c] ^= 0xFF;  // the root table's vtable/field offsets: the verifier must catch it
  cases.push_back({"flipped.pte", f, ""});
  f = add;
  f[0x70 + 0x40] = 'X';  // "COP1" at the start of cmd_data (blob 0x70 + header 0x20 + 0x20)
  cases.push_back({"broken_vela.pte", f, "bad VelaBinStream: plan 0 delegate 0 cmd_data"});
  f = add;
  f[0xC0] = 0x08;  // cmd_data at 0xB0: the first NOP tag (word 4) becomes unknown action 8
  cases.push_back({"bad_cop1.pte", f, "bad Ethos-U command stream"});
  for (const Case& c : cases) {
    RunResult r = run("dump " + write(c.name, c.bytes));
    EXPECT_EQ(r.exit_code, 1) << c.name;
    EXPECT_TRUE(r.out.empty()) << c.name;
    EXPECT_EQ(lines(r.err), 1u) << c.name << ": " << r.err;
    EXPECT_EQ(r.err.rfind("corsim-pte: ", 0), 0u) << c.name;
    EXPECT_NE(r.err.find(c.expect), std::string::npos) << c.name << ": " << r.err;
  }
}

TEST_F(CliTest, BuildInvertsDumpJson) {
  // dump --json then build gives back the very file (no eh00 in the shared files; the writer test
  // covers segments through the library).
  for (const char* name : {"add_cpu.pte", "add_ethos-u55-128.pte", "add_ethos-u85-256.pte", "mnist_ethos-u55-128.pte"}) {
    RunResult d = run(std::string("dump --json ") + test::model_path(name));
    ASSERT_EQ(d.exit_code, 0) << name;
    const std::string json = write(std::string(name) + ".json", std::vector<uint8_t>(d.out.begin(), d.out.end()));
    const std::string out = (dir_ / (std::string(name) + ".rebuilt")).string();
    RunResult b = run("build " + json + " " + out);
    ASSERT_EQ(b.exit_code, 0) << name << ": " << b.err;
    EXPECT_TRUE(slurp(out) == slurp(test::model_path(name))) << name;
  }
}

TEST_F(CliTest, BuildRejectsWhatTheReaderRejects) {
  RunResult d = run("dump --json " + test::model_path("add_cpu.pte"));
  std::string json = d.out;
  const size_t at = json.find("\"op_index\": 0");
  ASSERT_NE(at, std::string::npos);
  json.replace(at, 13, "\"op_index\": 7");  // no operator 7
  const std::string in = write("bad.json", std::vector<uint8_t>(json.begin(), json.end()));
  const std::string out = (dir_ / "bad.pte").string();
  RunResult b = run("build " + in + " " + out);
  EXPECT_EQ(b.exit_code, 1);
  EXPECT_EQ(lines(b.err), 1u);
  EXPECT_NE(b.err.find("KernelCall op_index beyond the operator table"), std::string::npos) << b.err;
  EXPECT_EQ(run("build --force " + in + " " + out).exit_code, 0);
  EXPECT_EQ(run("dump " + out).exit_code, 1);
  RunResult garbage = run("build " + write("garbage.json", {'{', 'x'}) + " " + out);
  EXPECT_EQ(garbage.exit_code, 1);
  EXPECT_EQ(lines(garbage.err), 1u) << garbage.err;
}

TEST_F(CliTest, UsageErrors) {
  EXPECT_EQ(run("").exit_code, 2);
  EXPECT_EQ(run("frobnicate x.pte").exit_code, 2);
  EXPECT_EQ(run("dump --bogus x.pte").exit_code, 2);
  EXPECT_EQ(run("--help").exit_code, 0);
  RunResult r = run("dump " + (dir_ / "missing.pte").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("cannot open file"), std::string::npos);
}

}  // namespace
}  // namespace corsim::pte
