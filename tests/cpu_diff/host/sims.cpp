// Test images and simulator runs (sims.h).
#include "tests/cpu_diff/host/sims.h"

#include <spawn.h>
#include <sys/wait.h>
#include <fcntl.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

extern char** environ;

namespace corsim::cpu_diff {
namespace fs = std::filesystem;

bool write_image(const std::string& path, std::vector<GeneratedCase>& cases, bool verbose) {
  if (cases.size() > DIFF_MAX_CASES) return false;
  DiffHeader h{};
  h.magic = DIFF_IMAGE_MAGIC;
  h.n_cases = static_cast<uint32_t>(cases.size());
  h.flags = verbose ? DIFF_FLAG_VERBOSE : 0;
  h.trampoline[0] = 0xF008F85Fu;  // ldr.w pc, [pc, #-8]: the return address at image + 0x0C
  h.trampoline[1] = 0xBF00BF00u;
  h.cases_offset = sizeof(DiffHeader);
  h.slots_offset = (h.cases_offset + h.n_cases * sizeof(DiffCase) + 15u) & ~15u;
  std::strncpy(h.out_name, "results.bin", sizeof h.out_name - 1);
  std::vector<uint8_t> img(h.slots_offset + h.n_cases * DIFF_SLOT_SIZE, 0);
  std::memcpy(img.data(), &h, sizeof h);
  for (size_t i = 0; i < cases.size(); ++i) {
    const uint32_t slot_addr = DIFF_IMAGE_ADDR + h.slots_offset + static_cast<uint32_t>(i) * DIFF_SLOT_SIZE;
    build_slot(cases[i], slot_addr);
    std::memcpy(img.data() + h.cases_offset + i * sizeof(DiffCase), &cases[i].c, sizeof(DiffCase));
    std::memcpy(img.data() + h.slots_offset + i * DIFF_SLOT_SIZE, cases[i].slot.data(), DIFF_SLOT_SIZE);
  }
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(img.data()), static_cast<std::streamsize>(img.size()));
  return static_cast<bool>(f);
}

namespace {

const std::string kImageAddrText = "0x70000000";  // DIFF_IMAGE_ADDR

pid_t spawn(const std::vector<std::string>& argv, const std::string& dir) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addchdir_np(&fa, dir.c_str());
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, (dir + "/stdout.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, (dir + "/stderr.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  if (posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&fa);
  return pid;
}

std::string slurp(const std::string& path, size_t max = 2000) {
  std::ifstream f(path);
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return s.size() > max ? s.substr(s.size() - max) : s;
}

void finish(pid_t pid, const std::string& dir, const char* who, SimOutput& out) {
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) {
    out.error = std::string(who) + ": could not start";
    return;
  }
  std::ifstream f(dir + "/results.bin", std::ios::binary);
  if (f) {
    std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    out.words.resize(bytes.size() / 4);
    std::memcpy(out.words.data(), bytes.data(), out.words.size() * 4);
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code != 0) {
    std::ostringstream e;
    e << who << " exit status " << code << (code == 124 ? " (timeout)" : "") << "; output: "
      << slurp(dir + "/stdout.txt") << slurp(dir + "/stderr.txt");
    out.error = e.str();
    return;
  }
  out.ok = true;
}

}  // namespace

void run_both(const Tools& tools, const std::string& image, const std::string& workdir,
              SimOutput& qemu, SimOutput& corsim) {
  const std::string qdir = workdir + "/qemu", cdir = workdir + "/corsim";
  fs::create_directories(qdir);
  fs::create_directories(cdir);
  fs::remove(qdir + "/results.bin");
  fs::remove(cdir + "/results.bin");
  const std::string abs_image = fs::absolute(image).string(), runner = fs::absolute(tools.runner).string();
  const std::string t = std::to_string(tools.timeout_s);
  const pid_t q = spawn({"timeout", "-k", "10", t, tools.qemu, "-M", "mps3-an547", "-nographic",
                         "-monitor", "none", "-serial", "none", "-semihosting-config",
                         "enable=on,target=native", "-kernel", runner, "-device",
                         "loader,file=" + abs_image + ",addr=" + kImageAddrText},
                        qdir);
  const pid_t c = spawn({"timeout", "-k", "10", t, fs::absolute(tools.corsim).string(), "-q", "--timing", "off",
                         "--semihosting-root", cdir, "--data", abs_image + "@" + kImageAddrText,
                         runner},
                        cdir);
  finish(q, qdir, "qemu", qemu);
  finish(c, cdir, "corsim", corsim);
}

}  // namespace corsim::cpu_diff
