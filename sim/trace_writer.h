#pragma once
// --trace: one line per retired instruction: the cycle count just after it retired, pc, encoding
// (hw1 or hw1 hw2), disassembly (the Cpu's disassembler, through cpu::TraceSink). Written to a file or stderr, never to the guest's stdout.
// A file is written as `<path>.corsim-partial` and renamed to `<path>` when the writer is
// destroyed (after the run, however it ended), so a reader never sees a trace still being written;
// a write error removes it with one error line.
#include <cstdio>
#include <string>

#include "base/clock.h"
#include "cpu/cpu_api.h"

namespace corsim::sim {

class TraceWriter final : public cpu::TraceSink {
 public:
  // `path` empty: stderr. ok() is false (with error()) if the file cannot be created.
  TraceWriter(const std::string& path, const TimeSource& time);
  ~TraceWriter() override;
  bool ok() const { return file_ != nullptr; }
  const std::string& error() const { return error_; }

  void retired(uint32_t pc, uint32_t encoding, unsigned size, const std::string& disassembly,
               const cpu::ArchState& after) override;

 private:
  std::FILE* file_ = nullptr;
  bool close_ = false;
  std::string path_, partial_;
  const TimeSource& time_;
  std::string error_;
};

}  // namespace corsim::sim
