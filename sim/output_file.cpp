#include "sim/output_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace corsim::sim {

namespace {

// Writes `bytes` to a new temporary file beside `path`; its name in `tmp`. errno-style code, 0 = ok.
int write_temporary(const std::string& path, const std::string& bytes, std::string& tmp) {
  tmp = path + ".corsim-XXXXXX";
  const int fd = mkstemp(tmp.data());
  if (fd < 0) {
    tmp.clear();
    return errno;
  }
  std::FILE* f = fdopen(fd, "wb");
  if (!f) {
    const int e = errno;
    close(fd);
    return e;
  }
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  int e = written ? 0 : (errno ? errno : EIO);
  if (std::fclose(f) != 0 && e == 0) e = errno ? errno : EIO;
  // mkstemp creates 0600; give the file the permissions an ordinary fopen would (0666 & ~umask).
  const mode_t mask = umask(0);
  umask(mask);
  if (e == 0 && chmod(tmp.c_str(), 0666 & ~mask) != 0) e = errno;
  return e;
}

}  // namespace

std::string write_file_atomically(const std::string& path, const std::string& bytes) {
  return write_files_atomically({{path, bytes}});
}

std::string write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::string> temporaries(files.size());
  auto remove_all = [&] {
    for (const std::string& t : temporaries) {
      if (!t.empty()) std::remove(t.c_str());
    }
  };
  // Every file first as a temporary: nothing is renamed until all of them were written.
  for (size_t i = 0; i < files.size(); ++i) {
    if (const int e = write_temporary(files[i].first, files[i].second, temporaries[i]); e != 0) {
      remove_all();
      return fmt::format("cannot write '{}': {}", files[i].first, std::strerror(e));
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temporaries[i].c_str(), files[i].first.c_str()) != 0) {
      // Renames within one directory fail only on a file system gone bad; what is left of the
      // set is removed, so no output of this run remains beside the ones already renamed.
      const int e = errno;
      remove_all();
      for (size_t j = 0; j < i; ++j) std::remove(files[j].first.c_str());
      return fmt::format("cannot write '{}': {}", files[i].first, std::strerror(e));
    }
    temporaries[i].clear();
  }
  return {};
}

}  // namespace corsim::sim
