#include "sim/console_capture.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fmt/format.h>

namespace corsim::sim {

std::string ConsoleCapture::start() {
  int fds[2];
  std::fflush(stdout);
  if (::pipe(fds) != 0) return fmt::format("cannot capture the console: pipe: {}", std::strerror(errno));
  saved_fd_ = ::dup(STDOUT_FILENO);
  if (saved_fd_ < 0 || ::dup2(fds[1], STDOUT_FILENO) < 0) {
    const std::string e = fmt::format("cannot capture the console: dup: {}", std::strerror(errno));
    ::close(fds[0]);
    ::close(fds[1]);
    if (saved_fd_ >= 0) ::close(saved_fd_);
    saved_fd_ = -1;
    return e;
  }
  ::close(fds[1]);  // fd 1 is now the only writer: the reader sees end of file once it is restored
  pipe_read_ = fds[0];
  reader_ = std::thread([this] {
    char buf[4096];
    for (;;) {
      const ssize_t n = ::read(pipe_read_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      for (ssize_t done = 0; done < n;) {
        const ssize_t w = ::write(saved_fd_, buf + done, static_cast<size_t>(n - done));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;  // the original stdout is gone (a closed pipe): keep the copy anyway
        done += w;
      }
      const std::lock_guard<std::mutex> lock(mutex_);
      text_.append(buf, static_cast<size_t>(n));
    }
  });
  return {};
}

std::string ConsoleCapture::finish() {
  if (saved_fd_ < 0) return text_;
  std::fflush(stdout);
  ::dup2(saved_fd_, STDOUT_FILENO);  // closes the pipe's write end: the reader ends
  if (reader_.joinable()) reader_.join();
  ::close(saved_fd_);
  ::close(pipe_read_);
  saved_fd_ = pipe_read_ = -1;
  const std::lock_guard<std::mutex> lock(mutex_);
  return text_;
}

}  // namespace corsim::sim
