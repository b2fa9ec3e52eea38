// corsim-pte: inspect ExecuTorch .pte programs (docs/pte.md).
//
//   corsim-pte dump [--json] FILE.pte
//   corsim-pte build [--force] FILE.json OUT.pte
//   corsim-pte npu-target FILE.pte
//
// Errors (unreadable file, a program that fails verification, an undecodable delegate payload)
// print one line to stderr and exit with status 1; usage errors exit with status 2.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "runtime/pte/program.h"
#include "tools/pte/delegate_info.h"
#include "tools/pte/json_build.h"
#include "tools/pte/pte_dump.h"

namespace {

constexpr std::string_view kUsage =
    "usage: corsim-pte dump [--json] FILE.pte\n"
    "       corsim-pte build [--force] FILE.json OUT.pte\n"
    "       corsim-pte npu-target FILE.pte\n"
    "  dump     print the whole program: header, segments, execution plans, values, instructions,\n"
    "           operators, delegates with compile specs and decoded Ethos-U VelaBinStream blocks\n"
    "  --json   machine-readable form; its \"program\" member holds every schema field\n"
    "  build    encode the JSON of dump --json (or a bare Program JSON) back into a .pte;\n"
    "           the result must load with the reader unless --force is given\n"
    "  npu-target  the NPU its Ethos-U delegates were compiled for, from their COP1 CONFIG word\n"
    "           (e.g. ethos-u85-256); prints nothing for a program without one (scripts/run_fvp.sh)\n";

struct FreeDeleter {
  void operator()(uint8_t* p) const { std::free(p); }
};

int fail(std::string_view path, std::string_view message) {
  fmt::print(stderr, "corsim-pte: {}: {}\n", path, message);
  return 1;
}

// Reads and verifies `path` (delegates included) into `program`, whose bytes live in `buf`.
int load(const std::string& path, std::unique_ptr<uint8_t, FreeDeleter>& buf, corsim::pte::Program& program) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path, "cannot open file");
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // 16-byte aligned copy: flatbuffer scalars and Ethos-U payloads need it (ExecuTorch
  // schema/program.fbs force_align 16).
  buf.reset(static_cast<uint8_t*>(std::aligned_alloc(16, (bytes.size() + 16) / 16 * 16)));
  if (!bytes.empty()) std::memcpy(buf.get(), bytes.data(), bytes.size());
  corsim::rt::Status s = corsim::pte::Program::load(corsim::rt::Bytes(buf.get(), bytes.size()), program);
  if (s.ok()) s = corsim::pte_tool::check_delegates(program);
  if (!s.ok()) {
    char msg[256];
    corsim::rt::format_status(s, msg, sizeof msg);
    return fail(path, msg);
  }
  return 0;
}

int dump(const std::string& path, bool json) {
  std::unique_ptr<uint8_t, FreeDeleter> buf;
  corsim::pte::Program program;
  if (int status = load(path, buf, program); status != 0) return status;
  const std::string name = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
  const std::string out = json ? corsim::pte_tool::dump_json(program, name) : corsim::pte_tool::dump_text(program, name);
  fmt::print("{}", out);
  return 0;
}

// The NPU every Ethos-U delegate names (CONFIG word of its COP1 payload: Vela
// custom_operator_ethosu.hpp CreateDriverPayload1), one line; nothing when there is none; an error
// when two delegates name different NPUs.
int npu_target(const std::string& path) {
  std::unique_ptr<uint8_t, FreeDeleter> buf;
  corsim::pte::Program program;
  if (int status = load(path, buf, program); status != 0) return status;
  std::string target;
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) {
    const auto* delegates = program.execution_plan(p).delegates();
    for (uint32_t d = 0; delegates != nullptr && d < delegates->size(); ++d) {
      corsim::pte_tool::DelegateInfo info;
      if (!corsim::pte_tool::decode_delegate(program, p, d, info).ok() || !info.ethos_u) continue;
      const std::string t = corsim::pte_tool::npu_target_name(info.cop1.config);
      if (!target.empty() && t != target) return fail(path, fmt::format("delegates compiled for {} and {}", target, t));
      target = t;
    }
  }
  if (!target.empty()) fmt::print("{}\n", target);
  return 0;
}

int build(const std::string& in_path, const std::string& out_path, bool force) {
  std::ifstream in(in_path, std::ios::binary);
  if (!in) return fail(in_path, "cannot open file");
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string error;
  const std::vector<uint8_t> bytes = corsim::pte_tool::build_pte_from_json(json, error);
  if (bytes.empty()) return fail(in_path, error.empty() ? "not a Program JSON" : error);
  if (!force) {
    std::unique_ptr<uint8_t, FreeDeleter> buf(static_cast<uint8_t*>(std::aligned_alloc(16, (bytes.size() + 16) / 16 * 16)));
    std::memcpy(buf.get(), bytes.data(), bytes.size());
    corsim::pte::Program program;
    corsim::rt::Status s = corsim::pte::Program::load(corsim::rt::Bytes(buf.get(), bytes.size()), program);
    if (!s.ok()) {
      char msg[256];
      corsim::rt::format_status(s, msg, sizeof msg);
      return fail(in_path, std::string("result does not load (use --force to write it anyway): ") + msg);
    }
  }
  std::ofstream out(out_path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) return fail(out_path, "cannot write file");
  return 0;
}

int build_command(const std::vector<std::string>& args) {
  bool force = false;
  std::vector<std::string> paths;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--force") {
      force = true;
    } else if (!args[i].empty() && args[i][0] == '-') {
      fmt::print(stderr, "corsim-pte: unknown option '{}'\n{}", args[i], kUsage);
      return 2;
    } else {
      paths.push_back(args[i]);
    }
  }
  if (paths.size() != 2) {
    fmt::print(stderr, "corsim-pte: build needs FILE.json and OUT.pte\n{}", kUsage);
    return 2;
  }
  return build(paths[0], paths[1], force);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    fmt::print(args.empty() ? stderr : stdout, "{}", kUsage);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "build") return build_command(args);
  if (args[0] == "npu-target") {
    if (args.size() != 2 || args[1].empty() || args[1][0] == '-') {
      fmt::print(stderr, "corsim-pte: npu-target needs one FILE.pte\n{}", kUsage);
      return 2;
    }
    return npu_target(args[1]);
  }
  if (args[0] != "dump") {
    fmt::print(stderr, "corsim-pte: unknown command '{}'\n{}", args[0], kUsage);
    return 2;
  }
  bool json = false;
  std::string path;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--json") {
      json = true;
    } else if (!args[i].empty() && args[i][0] == '-') {
      fmt::print(stderr, "corsim-pte: unknown option '{}'\n{}", args[i], kUsage);
      return 2;
    } else if (path.empty()) {
      path = args[i];
    } else {
      fmt::print(stderr, "corsim-pte: more than one file given\n{}", kUsage);
      return 2;
    }
  }
  if (path.empty()) {
    fmt::print(stderr, "corsim-pte: no file given\n{}", kUsage);
    return 2;
  }
  return dump(path, json);
}
