// corsim-mc: the model compiler's command line (docs/model-compiler.md).
//   corsim-mc build model.json -o out_dir   model.pte, input*.bin, expected_output*.bin, stream.txt
//   corsim-mc check model.json              parse and validate only
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "tools/model_compiler/model.h"
#include "tools/model_compiler/package.h"

namespace {

using namespace corsim::model_compiler;

int usage() {
  fmt::print(stderr, "usage: corsim-mc build model.json -o out_dir | corsim-mc check model.json\n");
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

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() < 2) return usage();
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
