// corsim-npu end to end, in process: the KWS golden through the .tflite and raw-stream inputs,
// the ExecuTorch U55 .pte files, and one-line errors with exit code 2 for bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "npu/runner/runner.h"

namespace corsim::npu::runner {
namespace {

const std::string kModels = std::string(CORSIM_MODELS_DIR) + "/";
const std::string kKws = kModels + "vela/kws_cnn_small_u55-128/";

std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

struct Result {
  int rc;
  std::string out, err;
};

Result run(std::vector<std::string> args) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  Result r;
  r.rc = run_cli(args, out, err);
  for (auto [f, s] : {std::pair{out, &r.out}, std::pair{err, &r.err}}) {
    std::rewind(f);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s->append(buf, n);
    std::fclose(f);
  }
  return r;
}

std::string tmp(const std::string& name) { return ::testing::TempDir() + name; }

bool have_models() { return !slurp(kKws + "cmd_stream.bin").empty(); }

TEST(Runner, KwsTfliteGivesTheGoldenOutput) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  const Result r = run({"--tflite", kKws + "model_vela.tflite", "--input", kKws + "input.bin", "--output",
                        tmp("kws_tflite.bin")});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(slurp(tmp("kws_tflite.bin")), slurp(kKws + "expected_output.bin"));
  EXPECT_NE(r.out.find("total: 43 operations"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CONV"), std::string::npos);
}

TEST(Runner, KwsRawStreamGivesTheGoldenOutput) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  const Result r = run({"--cmd", kKws + "cmd_stream.bin", "--region", "0=" + kKws + "flash.bin", "--scratch-size",
                        "48848", "--input", kKws + "input.bin@region1:0", "--output", tmp("kws_raw.bin") + "@1:0:12",
                        "--quiet"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(slurp(tmp("kws_raw.bin")), slurp(kKws + "expected_output.bin"));
}

// Shared models README: the Add model's NPU output is int8 127 for two inputs of 127.
TEST(Runner, AddPteGives127For127Plus127) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  const Result r = run({"--pte", kModels + "pte/add_ethos-u55-128.pte", "--input-value", "127", "--output",
                        tmp("add_out.bin")});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(slurp(tmp("add_out.bin")), std::vector<uint8_t>{127});
}

// Other pairs give the float reference: inputs scale 1/255 zp -128, output scale 2/255 zp -128
// (README), so out = round((a + 128 + b + 128) / 2) - 128.
TEST(Runner, AddPteGivesTheFloatReferenceSum) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  for (auto [a, b] : {std::pair{50, -20}, std::pair{0, 0}, std::pair{-128, -128}, std::pair{-100, 31}}) {
    std::ofstream(tmp("a.bin"), std::ios::binary).put(static_cast<char>(a));
    std::ofstream(tmp("b.bin"), std::ios::binary).put(static_cast<char>(b));
    const Result r = run({"--pte", kModels + "pte/add_ethos-u55-128.pte", "--input", tmp("a.bin"), "--input",
                          tmp("b.bin"), "--output", tmp("add_ab.bin"), "--quiet"});
    ASSERT_EQ(r.rc, 0) << r.err;
    const double real = (a + 128) / 255.0 + (b + 128) / 255.0;
    const int expect = static_cast<int>(std::lround(real / (2 / 255.0))) - 128;
    const auto out = slurp(tmp("add_ab.bin"));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NEAR(static_cast<int8_t>(out[0]), expect, 1) << a << "+" << b;
  }
}

TEST(Runner, MnistPteRunsToCompletion) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  const Result r = run({"--pte", kModels + "pte/mnist_ethos-u55-128.pte", "--quiet", "--output", tmp("mnist.bin")});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(slurp(tmp("mnist.bin")).size(), 10u);
}

// Memory parameters change the modelled cycles, not the results: a slower flash on AXI1 makes the
// flash-bound KWS stream take longer.
TEST(Runner, MemoryParametersChangeCycles) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  auto cycles = [](const std::string& out) {
    const auto p = out.find(" MACs, ");
    return std::stoull(out.substr(p + 7));
  };
  const Result fast = run({"--tflite", kKws + "model_vela.tflite", "--quiet", "--axi1", "8:32"});
  const Result slow = run({"--tflite", kKws + "model_vela.tflite", "--quiet", "--axi1", "0.5:64"});
  ASSERT_EQ(fast.rc, 0) << fast.err;
  ASSERT_EQ(slow.rc, 0) << slow.err;
  EXPECT_GT(cycles(slow.out), cycles(fast.out) + 70000);  // ~70 KB of flash at 0.5 vs 8 B/cycle
  const Result deep = run({"--tflite", kKws + "model_vela.tflite", "--quiet", "--system", "Ethos_U55_Deep_Embedded"});
  ASSERT_EQ(deep.rc, 0);
  EXPECT_NE(deep.out.find("at 200 MHz"), std::string::npos);
  EXPECT_EQ(run({"--tflite", kKws + "model_vela.tflite", "--axi0", "fast"}).rc, 2);
}

TEST(Runner, DisassemblesTheStream) {
  ASSERT_TRUE(have_models()) << "missing " << kKws << "cmd_stream.bin";
  const Result r = run({"--cmd", kKws + "cmd_stream.bin", "--disasm"});
  ASSERT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("NPU_OP_STOP 0xffff"), std::string::npos);
}

TEST(Runner, BadInputIsOneLineAndExitCode2) {
  const std::vector<std::vector<std::string>> cases = {
      {},
      {"--bogus"},
      {"--cmd", "/nonexistent/file"},
      {"--tflite", kKws + "cmd_stream.bin"},
      {"--pte", kKws + "model_vela.tflite"},
      {"--cmd", kKws + "cmd_stream.bin", "--macs", "100"},
      {"--cmd", kKws + "cmd_stream.bin", "--system", "Nope"},
      {"--cmd", kKws + "cmd_stream.bin", "--input", "x.bin"},
  };
  for (const auto& args : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.rc, 2) << (args.empty() ? "" : args[0]);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(Runner, MalformedStreamIsReportedNotCrashed) {
  const std::string path = tmp("bad_stream.bin");
  {
    std::ofstream f(path, std::ios::binary);
    const uint32_t words[] = {0x00000105u, 0x00000004u, 0x0000FFFFu};  // unknown opcode 4
    f.write(reinterpret_cast<const char*>(words), sizeof words);
  }
  const Result r = run({"--cmd", path});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("unknown command word"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace corsim::npu::runner

namespace corsim::npu::runner {
namespace {

TEST(RunnerInput, ADirectoryIsOneLineNotACrash) {
  // A folder given as a stream or a model (read_file reads a file's size first; a folder has
  // none): one line, status 2.
  for (const char* option : {"--cmd", "--pte", "--tflite"}) {
    const Result r = run({option, ::testing::TempDir()});
    EXPECT_EQ(r.rc, 2) << option;
    EXPECT_NE(r.err.find("is not a file"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace corsim::npu::runner
