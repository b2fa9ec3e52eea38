#include "sim/output_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace corsim::sim {

std::string write_file_atomically(const std::string& path, const std::string& bytes) {
  std::string tmp = path + ".corsim-XXXXXX";
  const int fd = mkstemp(tmp.data());
  if (fd < 0) return fmt::format("cannot write '{}': {}", path, std::strerror(errno));
  std::FILE* f = fdopen(fd, "wb");
  if (!f) {
    const int e = errno;
    close(fd);
    std::remove(tmp.c_str());
    return fmt::format("cannot write '{}': {}", path, std::strerror(e));
  }
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  int e = written ? 0 : errno;
  if (std::fclose(f) != 0 && e == 0) e = errno ? errno : EIO;
  if (!written && e == 0) e = EIO;
  // mkstemp creates 0600; give the file the permissions an ordinary fopen would (0666 & ~umask).
  const mode_t mask = umask(0);
  umask(mask);
  if (e == 0 && chmod(tmp.c_str(), 0666 & ~mask) != 0) e = errno;
  if (e == 0 && std::rename(tmp.c_str(), path.c_str()) != 0) e = errno;
  if (e != 0) {
    std::remove(tmp.c_str());
    return fmt::format("cannot write '{}': {}", path, std::strerror(e));
  }
  return {};
}

}  // namespace corsim::sim
