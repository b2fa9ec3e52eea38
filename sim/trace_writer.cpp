#include "sim/trace_writer.h"

#include <cerrno>
#include <cstring>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace corsim::sim {

TraceWriter::TraceWriter(const std::string& path, const TimeSource& time) : time_(time) {
  if (path.empty() || path == "-") {
    file_ = stderr;
    return;
  }
  path_ = path;
  partial_ = path + ".corsim-partial";
  file_ = std::fopen(partial_.c_str(), "w");
  if (!file_) {
    error_ = fmt::format("cannot create trace file '{}': {}", path, std::strerror(errno));
    return;
  }
  close_ = true;
}

TraceWriter::~TraceWriter() {
  if (!close_ || !file_) return;
  const bool failed = std::ferror(file_) != 0;
  if (std::fclose(file_) != 0 || failed || std::rename(partial_.c_str(), path_.c_str()) != 0) {
    spdlog::error("cannot write trace file '{}': {}", path_, std::strerror(errno ? errno : EIO));
    std::remove(partial_.c_str());
  }
}

void TraceWriter::retired(uint32_t pc, uint32_t encoding, unsigned size, const std::string& disassembly,
                          const cpu::ArchState&) {
  // 16-bit encodings print as 4 hex digits, 32-bit ones as hw1 hw2 (Arm ARM order).
  if (size == 2) {
    fmt::print(file_, "{:>12} {:08x}  {:04x}       {}\n", time_.now(), pc, encoding & 0xFFFF, disassembly);
  } else {
    fmt::print(file_, "{:>12} {:08x}  {:04x} {:04x}  {}\n", time_.now(), pc, encoding >> 16, encoding & 0xFFFF,
               disassembly);
  }
}

}  // namespace corsim::sim
