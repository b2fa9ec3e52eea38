#pragma once
// Arm semihosting (BKPT 0xAB; Arm "Semihosting for AArch32 and AArch64" v2.0) for the firmware:
// console and file calls, clock/time/elapsed in SIMULATED time (two runs print the same), the
// command line, heap info, exit. Host file access goes through a HostSandbox; SYS_SYSTEM is
// refused. The special files ":tt" (console) and ":semihosting-features" (v2 feature bits:
// EXIT_EXTENDED and STDOUT_STDERR) are provided.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/clock.h"
#include "cpu/cpu_api.h"
#include "sim/host_sandbox.h"

namespace corsim::sim {

struct SemihostingOptions {
  std::string cmdline;           // SYS_GET_CMDLINE (FVP cpu0.semihosting-cmd_line)
  std::string root;              // --semihosting-root / cpu0.semihosting-cwd; empty = cwd
  uint32_t heap_base = 0, heap_limit = 0, stack_base = 0, stack_limit = 0;  // SYS_HEAPINFO
  uint64_t clock_hz = 25'000'000;
  std::FILE* out = stdout;       // ":tt" write (stdout); nullptr discards
  std::FILE* err = stderr;       // ":tt" opened for append with STDOUT_STDERR
  std::FILE* in = stdin;         // ":tt" read, SYS_READC
  // Called with console bytes just before they go to `out` (the progress line clears; a copy is kept).
  std::function<void(std::string_view)> on_stdout;
};

class Semihosting final : public cpu::SemihostingHandler {
 public:
  // Operation numbers (semihosting v2.0, table "Semihosting operations").
  enum Op : uint32_t {
    kOpen = 0x01, kClose = 0x02, kWriteC = 0x03, kWrite0 = 0x04, kWrite = 0x05, kRead = 0x06, kReadC = 0x07,
    kIsError = 0x08, kIsTty = 0x09, kSeek = 0x0A, kFlen = 0x0C, kTmpNam = 0x0D, kRemove = 0x0E, kRename = 0x0F,
    kClock = 0x10, kTime = 0x11, kSystem = 0x12, kErrno = 0x13, kGetCmdline = 0x15, kHeapInfo = 0x16,
    kExit = 0x18, kExitExtended = 0x20, kElapsed = 0x30, kTickFreq = 0x31,
  };
  static constexpr uint32_t kApplicationExit = 0x20026;  // ADP_Stopped_ApplicationExit

  using ExitFn = std::function<void(int code)>;
  Semihosting(SemihostingOptions options, const TimeSource& time, ExitFn on_exit);
  ~Semihosting() override;

  bool ok() const { return sandbox_.ok(); }
  const std::string& error() const { return sandbox_.error(); }

  void semihosting_call(cpu::ArchState& state, memory::Interconnect& bus) override;
  // The same, returning r0 (tests).
  uint32_t call(uint32_t op, uint32_t arg, memory::Interconnect& bus);

  std::optional<int> exit_code() const { return exit_code_; }

  // Calls refused because the guest misused the interface (a handle that is not open, a parameter
  // block or buffer outside memory, a path outside the root): each got -1 and its errno as the
  // semihosting specification says, and one warning line; the run's exit status then says so
  // (docs/sim.md, status 8). The first one's description, "" when there was none.
  unsigned misuse_count() const { return misuse_count_; }
  const std::string& first_misuse() const { return first_misuse_; }

 private:
  enum class Kind : uint8_t { File, ConsoleIn, ConsoleOut, ConsoleErr, Features };
  struct Handle {
    Kind kind = Kind::File;
    std::FILE* file = nullptr;
    size_t features_pos = 0;
    bool in_use = false;
  };

  bool read_words(memory::Interconnect& bus, uint32_t addr, uint32_t* words, unsigned n);
  bool read_string(memory::Interconnect& bus, uint32_t addr, uint32_t len, std::string& out);
  Handle* handle(uint32_t h);
  uint32_t fail(int err) { errno_ = err; return 0xFFFFFFFFu; }
  uint32_t refuse(int err, const std::string& why);  // fail(err) for a misuse, counted and warned about
  uint32_t refuse_block(uint32_t arg);                // refuse(EFAULT): the parameter block is outside memory
  uint32_t new_handle(Handle h);

  uint32_t sys_open(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_close(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_write(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_read(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_seek(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_flen(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_tmpnam(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_remove(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_rename(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_get_cmdline(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_heapinfo(memory::Interconnect& bus, uint32_t arg);
  uint32_t sys_elapsed(memory::Interconnect& bus, uint32_t arg);
  void exit_with(int code);

  SemihostingOptions options_;
  const TimeSource& time_;
  ExitFn on_exit_;
  HostSandbox sandbox_;
  std::vector<Handle> handles_;  // handle n is handles_[n-1]
  int errno_ = 0;
  std::optional<int> exit_code_;
  uint32_t current_op_ = 0;
  unsigned misuse_count_ = 0;
  std::string first_misuse_;
};

}  // namespace corsim::sim
