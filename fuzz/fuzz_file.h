#pragma once
// The readers that take a path (libelf's loader, the runner's .tflite and .pte inputs) get the fuzz
// input as an anonymous in-memory file (memfd_create(2)), named by its /proc/self/fd path: no disk
// traffic and nothing left behind between runs.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace corsim::fuzz {

class MemoryFile {
 public:
  MemoryFile() : fd_(memfd_create("corsim-fuzz", 0)) {
    if (fd_ < 0) std::abort();  // the harness cannot run at all: not a finding in the target
  }
  ~MemoryFile() { close(fd_); }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;

  // Replaces the file's contents with `data` and returns its path.
  std::string hold(const uint8_t* data, size_t size) {
    if (ftruncate(fd_, 0) != 0 || pwrite(fd_, data, size, 0) != static_cast<ssize_t>(size)) std::abort();
    return "/proc/self/fd/" + std::to_string(fd_);
  }

 private:
  int fd_;
};

}  // namespace corsim::fuzz
