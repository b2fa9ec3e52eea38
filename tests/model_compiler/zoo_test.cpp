// Every bundled model (demo + zoo): its command stream runs on the NPU model and its outputs equal
// the host reference bit for bit; its .pte reads back with the runtime's reader in the Arm flow's
// shape; the standalone runner reproduces the expected output from the .pte alone.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include <fmt/format.h>

#include "npu/runner/runner.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"
#include "test_util.h"

namespace corsim::model_compiler {
namespace {

using test::bundled_descriptions;
using test::load_model;

std::string name_of(const std::filesystem::path& p) { return p.stem().string(); }

TEST(Zoo, CoversEveryLayerKindShapeAndConfiguration) {
  std::set<LayerKind> kinds;
  std::set<uint32_t> macs, macs_u85;
  std::set<std::string> modes, flavours;
  bool cpu_only = false, brick = false, dilation = false, stride = false, one_by_one = false, odd_channels = false,
       padding = false, per_channel = false, two_inputs = false;
  size_t zoo = 0;
  for (const auto& p : bundled_descriptions()) {
    zoo += p.parent_path().filename() == "zoo";
    const Model m = load_model(p);
    (m.u85() ? macs_u85 : macs).insert(m.macs);
    modes.insert(m.memory_mode);
    flavours.insert(m.flavour);
    cpu_only |= !m.delegate;
    brick |= m.nhcwb16;
    two_inputs |= m.inputs.size() > 1;
    for (const Layer& l : m.layers) {
      kinds.insert(l.kind);
      dilation |= l.dy > 1 || l.dx > 1;
      stride |= l.sy > 1 || l.sx > 1;
      padding |= l.pad_top + l.pad_left + l.pad_bottom + l.pad_right > 0;
      per_channel |= l.weight_scales.size() > 1;
      const FeatureMap& o = m.maps[l.output];
      one_by_one |= o.h == 1 && o.w == 1 && l.kind == LayerKind::kConv2d;
      odd_channels |= o.c % 16 != 0;
    }
  }
  EXPECT_GE(zoo, 10u);
  EXPECT_EQ(kinds.size(), 12u);
  EXPECT_EQ(macs, (std::set<uint32_t>{32, 64, 128, 256}));
  EXPECT_EQ(macs_u85, (std::set<uint32_t>{128, 256, 512, 1024, 2048}));  // zoo_u85: every U85 size
  EXPECT_EQ(modes, (std::set<std::string>{"Shared_Sram", "Sram_Only"}));
  EXPECT_EQ(flavours, (std::set<std::string>{"cortex_m", "quantized_decomposed"}));
  EXPECT_TRUE(cpu_only && brick && dilation && stride && one_by_one && odd_channels && padding && per_channel && two_inputs);
}

class BundledModel : public ::testing::TestWithParam<std::filesystem::path> {};
// The models with an NPU command stream (delegate), and those the runner can feed (one input).
class DelegatedModel : public BundledModel {};
class OneInputDelegatedModel : public BundledModel {};

std::vector<std::filesystem::path> descriptions_where(bool (*keep)(const Model&)) {
  std::vector<std::filesystem::path> v;
  for (const auto& p : bundled_descriptions()) {
    Model m;
    std::string error;
    // An unreadable description is kept so the test fails on it instead of leaving it out.
    if (!parse_model(test::read_text(p), p.parent_path().string(), m, error) || keep(m)) v.push_back(p);
  }
  return v;
}

TEST_P(BundledModel, NpuOutputEqualsHostReferenceBitForBit) {
  const Model m = load_model(GetParam());
  const BuiltModel b = build_model(m);
  if (!m.delegate) {
    EXPECT_TRUE(b.stream.words.empty());
    return;
  }
  std::string error;
  const auto got = test::run_on_npu(m, b, error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_EQ(got.size(), b.outputs_int8.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i], b.outputs_int8[i]) << "output " << i;
    // The comparison means something only if the data is not flat.
    EXPECT_GE(std::set<int32_t>(got[i].begin(), got[i].end()).size(), std::min<size_t>(3, got[i].size()));
  }
}

TEST_P(BundledModel, PteHasTheArmFlowShape) {
  const Model m = load_model(GetParam());
  const BuiltModel b = build_model(m);
  pte::Program prog;
  ASSERT_TRUE(pte::Program::load(pte::Bytes(b.pte.data(), b.pte.size()), prog).ok());
  const auto& plan = prog.execution_plan(0);
  const std::string ns = m.flavour == "cortex_m" ? "cortex_m::" : "quantized_decomposed::";
  ASSERT_NE(plan.operators(), nullptr);
  EXPECT_EQ(plan.operators()->Get(0)->name()->str(), ns + "quantize_per_tensor");
  EXPECT_EQ(plan.operators()->Get(1)->name()->str(), ns + "dequantize_per_tensor");
  const size_t delegates = plan.delegates() == nullptr ? 0 : plan.delegates()->size();
  EXPECT_EQ(delegates, m.delegate ? 1u : 0u);
  if (m.delegate) {
    EXPECT_EQ(plan.delegates()->Get(0)->id()->str(), "EthosUBackend");
  }
  EXPECT_EQ(plan.inputs()->size(), m.inputs.size());
  if (m.softmax_on_cpu) {
    EXPECT_EQ(plan.operators()->Get(plan.operators()->size() - 1)->name()->str(), "aten::_softmax");
  }
}

TEST_P(BundledModel, BuildIsDeterministic) {
  const Model m = load_model(GetParam());
  EXPECT_EQ(build_model(m).pte, build_model(m).pte);
}

// The build-time files (tools/models/CMakeLists.txt, another process) are the same bytes.
TEST_P(BundledModel, BuildTimeFilesMatchAnInProcessBuild) {
  const auto dir = std::filesystem::path(CORSIM_GENERATED_MODELS_DIR) / name_of(GetParam());
  ASSERT_TRUE(std::filesystem::exists(dir / "model.pte")) << dir << ": corsim_models not built";
  const BuiltModel b = build_model(load_model(GetParam()));
  EXPECT_EQ(test::read_text(dir / "model.pte"), std::string(b.pte.begin(), b.pte.end()));
  const auto& ref = b.outputs_int8[0];
  std::string bytes;
  for (int32_t v : ref) bytes.push_back(static_cast<char>(v));
  EXPECT_EQ(test::read_text(dir / (b.outputs_int8.size() == 1 ? "expected_output_int8.bin" : "expected_output0_int8.bin")), bytes);
}

std::string run_cli_out(const std::vector<std::string>& args, int& rc) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  rc = npu::runner::run_cli(args, out, err);
  std::string s;
  for (std::FILE* f : {out, err}) {
    std::rewind(f);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    std::fclose(f);
  }
  return s;
}

// The .pte alone (as the runtime sees it) gives the expected output through corsim-npu --pte.
TEST_P(OneInputDelegatedModel, StandaloneRunnerReproducesExpectedOutputFromThePte) {
  const Model m = load_model(GetParam());
  ASSERT_TRUE(m.delegate && m.inputs.size() == 1);
  const BuiltModel b = build_model(m);
  const auto dir = std::filesystem::temp_directory_path() / ("corsim_mc_" + name_of(GetParam()));
  std::string error;
  ASSERT_TRUE(write_model_files(m, b, dir.string(), error)) << error;
  // One --output per NPU output, in order (expected_output<i>_int8.bin when there are several).
  std::vector<std::string> args = {"--pte", (dir / "model.pte").string(), "--input", (dir / "input_int8.bin").string(), "--quiet"};
  const size_t n = b.outputs_int8.size();
  auto name = [&](const char* stem, size_t i) { return n == 1 ? fmt::format("{}_int8.bin", stem) : fmt::format("{}{}_int8.bin", stem, i); };
  for (size_t i = 0; i < n; ++i) args.insert(args.end(), {"--output", (dir / name("out", i)).string()});
  int rc = 0;
  const std::string log = run_cli_out(args, rc);
  ASSERT_EQ(rc, 0) << log;
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(test::read_text(dir / name("out", i)), test::read_text(dir / name("expected_output", i))) << "output " << i;
  std::filesystem::remove_all(dir);
}

// Our streams decode with the same disassembler as Vela's (below): every word decodes, and there
// is one operation line per NPU layer.
TEST_P(DelegatedModel, StreamDisassemblesWithTheNpuDisassembler) {
  const Model m = load_model(GetParam());
  ASSERT_TRUE(m.delegate);
  const BuiltModel b = build_model(m);
  const auto path = std::filesystem::temp_directory_path() / ("corsim_mc_" + name_of(GetParam()) + ".pte");
  { std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(b.pte.data()), b.pte.size()); }
  int rc = 0;
  const std::string text = run_cli_out({"--pte", path.string(), "--disasm"}, rc);
  std::filesystem::remove(path);
  ASSERT_EQ(rc, 0) << text;
  EXPECT_EQ(text.find("invalid"), std::string::npos) << text;
  size_t ops = 0;
  for (const Layer& l : m.layers) ops += l.kind != LayerKind::kReshape && l.kind != LayerKind::kSoftmax;
  size_t lines = 0;
  for (const char* op : {"NPU_OP_CONV", "NPU_OP_DEPTHWISE", "NPU_OP_POOL", "NPU_OP_ELEMENTWISE"})
    for (size_t pos = text.find(op); pos != std::string::npos; pos = text.find(op, pos + 1)) ++lines;
  EXPECT_EQ(lines, ops) << text;
  EXPECT_NE(text.find("NPU_OP_STOP"), std::string::npos);
}

// The U85 zoo (tools/models/zoo_u85) exercises every NPU layer kind on the U85 target.
TEST(ZooU85, CoversEveryNpuLayerKind) {
  std::set<LayerKind> kinds;
  bool tiles = false, brick = false, dilation = false, two_outputs = false, chaining = false, fwd = false;
  for (const auto& p : bundled_descriptions()) {
    const Model m = load_model(p);
    if (!m.u85()) continue;
    EXPECT_EQ(p.parent_path().filename(), "zoo_u85") << p;
    tiles |= m.tiles;
    brick |= m.nhcwb16;
    two_outputs |= m.outputs.size() > 1;
    chaining |= m.chaining;
    fwd |= m.fwd_weights;
    for (const Layer& l : m.layers) {
      kinds.insert(l.kind);
      dilation |= l.dy > 1 || l.dx > 1;
    }
  }
  for (LayerKind k : {LayerKind::kConv2d, LayerKind::kDepthwiseConv2d, LayerKind::kFullyConnected, LayerKind::kAvgPool,
                      LayerKind::kMaxPool, LayerKind::kAdd, LayerKind::kMul, LayerKind::kTanh, LayerKind::kSigmoid,
                      LayerKind::kTranspose})
    EXPECT_TRUE(kinds.count(k)) << layer_kind_name(k);
  EXPECT_TRUE(tiles && brick && dilation && two_outputs && chaining && fwd);
}

// The U85 target's .pte names the U85 as Vela does: COP1 CONFIG per MAC count from regor's
// EthosU85RCSGenerator::ConfigRegister (written out here), ID 0x20007000, compile-spec target
// "ethos-u85-N".
TEST(U85Target, PteNamesTheU85InCop1AndCompileSpecs) {
  const std::pair<uint32_t, uint32_t> table[] = {
      {128, 0x20000117u}, {256, 0x20000118u}, {512, 0x20001119u}, {1024, 0x2000251Au}, {2048, 0x2000261Bu}};
  for (const auto& [macs, config] : table) {
    Model m = load_model(std::filesystem::path(CORSIM_BUNDLED_MODELS_DIR) / "zoo_u85" / "u85_256_classifier.json");
    std::string error;
    ASSERT_TRUE(parse_model_for_target(test::read_text(std::filesystem::path(CORSIM_BUNDLED_MODELS_DIR) / "zoo_u85" /
                                                       "u85_256_classifier.json"),
                                       CORSIM_BUNDLED_MODELS_DIR, fmt::format("ethos-u85-{}", macs), m, error))
        << error;
    const BuiltModel b = build_model(m);
    ethos_u::VelaBinStream vbs;
    ASSERT_TRUE(ethos_u::parse_vela_bin_stream(rt::Bytes(b.vela_bin_stream.data(), b.vela_bin_stream.size()), vbs).ok());
    ethos_u::Cop1Payload cop;
    ASSERT_TRUE(ethos_u::parse_cop1(vbs.cmd_data.data, cop).ok());
    EXPECT_EQ(cop.config.word, config) << macs;
    EXPECT_EQ(cop.id.word, 0x20007000u);
    const std::string pte(b.pte.begin(), b.pte.end());
    EXPECT_NE(pte.find(fmt::format("--accelerator-config=ethos-u85-{}", macs)), std::string::npos);
    EXPECT_NE(pte.find("Ethos_U85_SYS_DRAM_Mid"), std::string::npos);
  }
}

// Every U55 zoo model with an NPU part also compiles for the U85 (at 128, 512 and 2048 MACs: one,
// two and four weight decoders; SWD and FWD weights) and its stream on the U85 model equals the
// host reference.
TEST(U85Target, EveryU55ZooModelAlsoRunsOnTheU85) {
  size_t compiled = 0;
  for (const auto& p : bundled_descriptions()) {
    const Model u55 = load_model(p);
    if (u55.u85() || !u55.delegate || u55.weight_buffering) continue;
    for (uint32_t macs : {128u, 512u, 2048u}) {
      Model m;
      std::string error;
      ASSERT_TRUE(parse_model_for_target(test::read_text(p), p.parent_path().string(), fmt::format("ethos-u85-{}", macs), m,
                                         error))
          << p << ": " << error;
      for (bool fwd : {false, true}) {  // SWD and FWD weights
        m.fwd_weights = fwd;
        const BuiltModel b = build_model(m);
        const auto got = test::run_on_npu(m, b, error);
        ASSERT_TRUE(error.empty()) << p << " U85-" << macs << (fwd ? " FWD" : " SWD") << ": " << error;
        EXPECT_EQ(got, b.outputs_int8) << p << " U85-" << macs << (fwd ? " FWD" : " SWD");
        ++compiled;
      }
    }
  }
  EXPECT_GE(compiled, 2u * 3u * 12u);
}

INSTANTIATE_TEST_SUITE_P(Models, BundledModel, ::testing::ValuesIn(bundled_descriptions()),
                         [](const auto& info) { return name_of(info.param); });
INSTANTIATE_TEST_SUITE_P(Models, DelegatedModel,
                         ::testing::ValuesIn(descriptions_where([](const Model& m) { return m.delegate; })),
                         [](const auto& info) { return name_of(info.param); });
INSTANTIATE_TEST_SUITE_P(Models, OneInputDelegatedModel,
                         ::testing::ValuesIn(descriptions_where([](const Model& m) {
                           return m.delegate && m.inputs.size() == 1;
                         })),
                         [](const auto& info) { return name_of(info.param); });

TEST(Disassembler, DecodesVelaStreamsToo) {
  const std::filesystem::path shared(CORSIM_MODELS_DIR);
  std::vector<std::vector<std::string>> runs;
  for (const char* f : {"pte/add_ethos-u55-128.pte", "pte/mnist_ethos-u55-128.pte"}) {
    ASSERT_TRUE(std::filesystem::exists(shared / f)) << "missing " << shared / f;
    runs.push_back({"--pte", (shared / f).string(), "--disasm"});
  }
  const auto kws = shared / "vela/kws_cnn_small_u55-128/cmd_stream.bin";
  ASSERT_TRUE(std::filesystem::exists(kws)) << "missing " << kws;
  runs.push_back({"--cmd", kws.string(), "--disasm"});
  for (const auto& args : runs) {
    int rc = 0;
    const std::string text = run_cli_out(args, rc);
    ASSERT_EQ(rc, 0) << args[1];
    EXPECT_EQ(text.find("invalid"), std::string::npos) << args[1];
    EXPECT_NE(text.find("NPU_OP_STOP"), std::string::npos) << args[1];
    EXPECT_NE(text.find("NPU_SET_IFM_BASE0"), std::string::npos) << args[1];
  }
}

}  // namespace
}  // namespace corsim::model_compiler
