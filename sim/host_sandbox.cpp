#include "sim/host_sandbox.h"

#include <cerrno>

#include <fmt/format.h>

namespace corsim::sim {

namespace fs = std::filesystem;

HostSandbox::HostSandbox(const std::string& root) {
  std::error_code ec;
  const fs::path base = root.empty() ? fs::current_path(ec) : fs::path(root);
  if (ec) {
    error_ = fmt::format("cannot determine the current directory: {}", ec.message());
    return;
  }
  root_ = fs::canonical(base, ec);
  if (ec || !fs::is_directory(root_)) {
    error_ = fmt::format("semihosting root '{}' is not an accessible directory", base.string());
  }
}

bool HostSandbox::inside(const fs::path& p) const {
  auto r = root_.begin();
  auto q = p.begin();
  for (; r != root_.end(); ++r, ++q) {
    if (q == p.end() || *r != *q) return false;
  }
  return true;
}

std::optional<fs::path> HostSandbox::resolve(const std::string& guest_path, int& errno_out) const {
  if (guest_path.empty() || guest_path.find('\0') != std::string::npos) {
    errno_out = ENOENT;
    return std::nullopt;
  }
  const fs::path g(guest_path);
  // Absolute paths (and Windows drive/UNC forms a guest might pass) are escapes.
  if (g.is_absolute() || g.has_root_name() || g.has_root_directory() || guest_path[0] == '\\' ||
      (guest_path.size() > 1 && guest_path[1] == ':')) {
    errno_out = EACCES;
    return std::nullopt;
  }
  for (const fs::path& part : g) {
    if (part == "..") {
      errno_out = EACCES;
      return std::nullopt;
    }
  }
  std::error_code ec;
  const fs::path joined = root_ / g;
  // Follows every symlink that exists on the way; the tail that does not exist stays lexical.
  const fs::path resolved = fs::weakly_canonical(joined, ec);
  if (ec || !inside(resolved)) {
    errno_out = EACCES;
    return std::nullopt;
  }
  // A dangling symlink as the last component would be followed by open(O_CREAT) to wherever it
  // points: refuse it unless its target resolves inside the root.
  const fs::file_status st = fs::symlink_status(resolved, ec);
  if (!ec && fs::is_symlink(st)) {
    fs::path target = fs::read_symlink(resolved, ec);
    if (ec) { errno_out = EACCES; return std::nullopt; }
    if (target.is_relative()) target = resolved.parent_path() / target;
    const fs::path t = fs::weakly_canonical(target, ec);
    if (ec || !inside(t)) {
      errno_out = EACCES;
      return std::nullopt;
    }
  }
  return resolved;
}

}  // namespace corsim::sim
