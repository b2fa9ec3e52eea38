#pragma once
// Keeps a copy of everything written to this process's stdout (the guest's console) while still
// passing it through, for the HTML report's console section. stdout (fd 1) is pointed at a pipe
// whose reader thread copies each chunk to the original stdout and to memory; finish() restores
// fd 1 and returns the copy. Only made when --report-html asks for it.
#include <mutex>
#include <string>
#include <thread>

namespace corsim::sim {

class ConsoleCapture {
 public:
  ConsoleCapture() = default;
  ConsoleCapture(const ConsoleCapture&) = delete;
  ConsoleCapture& operator=(const ConsoleCapture&) = delete;
  ~ConsoleCapture() { finish(); }

  // "" on success, else why stdout could not be captured (the run goes on without the copy).
  std::string start();
  // Flushes stdout, restores fd 1, waits for the copy; returns everything written since start().
  std::string finish();

 private:
  int saved_fd_ = -1, pipe_read_ = -1;
  std::thread reader_;
  std::mutex mutex_;
  std::string text_;
};

}  // namespace corsim::sim
