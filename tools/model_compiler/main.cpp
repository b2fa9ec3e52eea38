// corsim-mc: the model compiler's command line (docs/model-compiler.md).
//   corsim-mc build model.json -o out_dir   model.pte, input*.bin, expected_output*.bin, stream.txt
//   corsim-mc check model.json              parse and validate only
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
             "usage: corsim-mc build model.json -o out_dir | corsim-mc check model.json\n"
             "       corsim-mc wrap program.json --models DIR -o out_dir\n");
  return 2;
}

bool load(const std::string& path, Model& m) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    fmt::print(stderr, "corsim-mc: cannot read {}\n", path);
    return false;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  std::string error;
  const std::string dir = std::filesystem::path(path).parent_path().string();
  if (!parse_model(ss.str(), dir.empty() ? "." : dir, m, error)) {
    fmt::print(stderr, "corsim-mc: {}: {}\n", path, error);
    return false;
  }
  return true;
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
  Model m;
  if (args[0] == "check") {
    if (!load(args[1], m)) return 1;
    fmt::print("{}: ok ({} layers, ethos-u55-{})\n", args[1], m.layers.size(), m.macs);
    return 0;
  }
  if (args[0] != "build" || args.size() != 4 || args[2] != "-o") return usage();
  if (!load(args[1], m)) return 1;
  const BuiltModel b = build_model(m);
  std::string error;
  if (!write_model_files(m, b, args[3], error)) {
    fmt::print(stderr, "corsim-mc: {}\n", error);
    return 1;
  }
  return 0;
}
