// corsim-mc: the model compiler's command line (docs/model-compiler.md).
//   corsim-mc build model.json -o out_dir [--target T]
//                                           model.pte, input*.bin, expected_output*.bin, stream.txt
//   corsim-mc check model.json [--target T] parse and validate only
//     --target ethos-u55-32|64|128|256 | ethos-u85-128|256|512|1024|2048 overrides the description's
//     "target"/"macs"
//   corsim-mc wrap program.json --models DIR -o out_dir
//                                           a raw Vela program (cmd_stream.bin, weights.bin under
//                                           DIR/<source>) as model.pte (raw_program.h)
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "tools/model_compiler/model.h"
#include "tools/model_compiler/package.h"
#include "tools/model_compiler/raw_program.h"

namespace {

using namespace corsim::model_compiler;

int usage() {
  fmt::print(stderr,
             "usage: corsim-mc build model.json -o out_dir [--target T] | corsim-mc check model.json [--target T]\n"
             "       T: ethos-u55-32|64|128|256 or ethos-u85-128|256|512|1024|2048 (default: the description's)\n"
             "       corsim-mc wrap program.json --models DIR -o out_dir\n");
  return 2;
}

bool read_text(const std::string& path, std::string& text) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    fmt::print(stderr, "corsim-mc: cannot read {}\n", path);
    return false;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  text = ss.str();
  return true;
}

bool load(const std::string& path, const std::string& target, Model& m) {
  std::string text, error;
  if (!read_text(path, text)) return false;
  const std::string dir = std::filesystem::path(path).parent_path().string();
  if (!parse_model_for_target(text, dir.empty() ? "." : dir, target, m, error)) {
    fmt::print(stderr, "corsim-mc: {}: {}\n", path, error);
    return false;
  }
  return true;
}

// corsim-mc wrap program.json --models DIR -o out_dir: model.pte and stream.txt.
int wrap(const std::string& desc_path, const std::string& models_dir, const std::string& out_dir) {
  std::string text, error;
  if (!read_text(desc_path, text)) return 1;
  RawProgram p;
  if (!parse_raw_program(text, p, error)) {
    fmt::print(stderr, "corsim-mc: {}: {}\n", desc_path, error);
    return 1;
  }
  const std::vector<uint8_t> pte = build_raw_program_pte(p, models_dir, error);
  if (pte.empty()) {
    fmt::print(stderr, "corsim-mc: {}: {}\n", desc_path, error);
    return 1;
  }
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  std::ofstream f(std::filesystem::path(out_dir) / "model.pte", std::ios::binary);
  f.write(reinterpret_cast<const char*>(pte.data()), static_cast<std::streamsize>(pte.size()));
  std::string listing = fmt::format("raw program {} for {} from {}: scratch {} B, fast scratch {} B\n", p.name, p.target,
                                    p.source, p.scratch_size, p.fast_scratch_size);
  for (const RawTensor& t : p.inputs) listing += fmt::format("input  {} {} at region 1 offset {}\n", t.file, t.dtype, t.offset);
  for (const RawTensor& t : p.outputs) listing += fmt::format("output {} {} at region 1 offset {}\n", t.file, t.dtype, t.offset);
  std::ofstream l(std::filesystem::path(out_dir) / "stream.txt");
  l << listing;
  if (!f || !l) {
    fmt::print(stderr, "corsim-mc: cannot write into {}\n", out_dir);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() < 2) return usage();
  if (args[0] == "wrap") {
    if (args.size() != 6 || args[2] != "--models" || args[4] != "-o") return usage();
    return wrap(args[1], args[3], args[5]);
  }
  // build/check: the description, then "-o DIR" (build only) and "--target T" in any order.
  std::string out_dir, target;
  for (size_t i = 2; i < args.size(); ++i) {
    if (i + 1 >= args.size()) return usage();
    if (args[i] == "-o" && args[0] == "build") out_dir = args[++i];
    else if (args[i] == "--target") target = args[++i];
    else return usage();
  }
  Model m;
  if (args[0] == "check") {
    if (!load(args[1], target, m)) return 1;
    fmt::print("{}: ok ({} layers, {})\n", args[1], m.layers.size(), m.target());
    return 0;
  }
  if (args[0] != "build" || out_dir.empty()) return usage();
  if (!load(args[1], target, m)) return 1;
  const BuiltModel b = build_model(m);
  std::string error;
  if (!write_model_files(m, b, out_dir, error)) {
    fmt::print(stderr, "corsim-mc: {}\n", error);
    return 1;
  }
  return 0;
}
