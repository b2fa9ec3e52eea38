#pragma once
// Confines semihosting file access to one host directory (issue 2 item 6; docs/sim.md
// "Semihosting"): absolute guest paths and any ".." component are refused, and the resolved host
// path, with every symlink followed, must stay under the canonical root.
#include <filesystem>
#include <optional>
#include <string>

namespace corsim::sim {

class HostSandbox {
 public:
  // `root` empty: the current directory. Returns an error through ok()/error() if it is unusable.
  explicit HostSandbox(const std::string& root);
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  const std::filesystem::path& root() const { return root_; }

  // Host path for a guest path, or nullopt (errno_out = EACCES for an escape, ENOENT/EINVAL for
  // bad names). The file need not exist (SYS_OPEN for writing, SYS_RENAME targets).
  std::optional<std::filesystem::path> resolve(const std::string& guest_path, int& errno_out) const;

 private:
  bool inside(const std::filesystem::path& canonical) const;
  std::filesystem::path root_;
  std::string error_;
};

}  // namespace corsim::sim
