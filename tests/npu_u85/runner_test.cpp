// corsim-npu with U85 programs, in process: the per-operation report names the U85 and its
// system config; bad combinations give one line on stderr and exit code 2. (The byte-exact
// outputs through the tool are the CTest cases npu_u85.runner.*.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "npu/runner/runner.h"
#include "u85_program.h"

namespace corsim::npu::runner {
namespace {

struct Result {
  int rc;
  std::string out, err;
};

Result run(const std::vector<std::string>& args) {
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

const std::string kKws = u85test::kU85Dir + "kws_micronet_m/";

std::vector<std::string> kws_args() {
  return {"--cmd", kKws + "cmd_stream.bin", "--region", "0=" + kKws + "weights.bin", "--scratch-size", "496",
          "--region-size", "2=187264", "--input", kKws + "input.bin@region1:0"};
}

TEST(U85Runner, ReportsPerOperationCyclesForTheU85) {
  const Result r = run(kws_args());
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("npu: ethos-u85-256 (Ethos_U85_SYS_DRAM_Mid)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("DEPTHWISE"), std::string::npos);
  EXPECT_NE(r.out.find("total: 21 operations"), std::string::npos) << r.out;
}

TEST(U85Runner, MacsOverrideWithinTheU85Range) {
  auto args = kws_args();
  args.insert(args.end(), {"--macs", "2048", "--system", "AmbiqLP_SRAM", "--quiet"});
  const Result r = run(args);
  // The stream was compiled for 256 MACs: its weight order is U85-256's, so on 2048 MACs (4
  // decoders) the weights no longer decode; the run must say so, not crash.
  EXPECT_NE(r.err.find("compiled for 256 MACs"), std::string::npos) << r.err;
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("NPU fault"), std::string::npos) << r.err;
}

TEST(U85Runner, BadInputIsOneLineAndExitCode2) {
  auto bad_macs = kws_args();
  bad_macs.insert(bad_macs.end(), {"--macs", "64"});
  Result r = run(bad_macs);
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("not a configuration of the U85"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);

  auto contradicting = kws_args();
  contradicting.insert(contradicting.end(), {"--npu", "u55"});
  r = run(contradicting);
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("contradicts"), std::string::npos) << r.err;

  // The u85 folders hold only the network before Vela: not a runnable .tflite.
  r = run({"--tflite", kKws + "model_original.tflite"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("not a Vela-compiled .tflite"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace corsim::npu::runner
