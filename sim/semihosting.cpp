#include "sim/semihosting.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "memory/interconnect.h"

namespace corsim::sim {

namespace {
// ":semihosting-features": magic "SHFB" then feature byte 0: bit0 SH_EXT_EXIT_EXTENDED, bit1
// SH_EXT_STDOUT_STDERR (semihosting v2.0 "Semihosting extensions").
constexpr uint8_t kFeatures[5] = {'S', 'H', 'F', 'B', 0x03};
// fopen modes for SYS_OPEN modes 0..11 (semihosting v2.0, SYS_OPEN table).
constexpr const char* kModes[12] = {"r", "rb", "r+", "r+b", "w", "wb", "w+", "w+b", "a", "ab", "a+", "a+b"};
constexpr uint32_t kMaxString = 4096;
// SYS_READ/SYS_WRITE move guest buffers in pieces of this size, so a huge length costs no host
// memory and a buffer running off the end of memory is found where it leaves it.
constexpr uint32_t kChunk = 64 * 1024;
// Warnings about misuse stop after this many (the count is still reported at the end).
constexpr unsigned kMisuseWarnings = 5;
}  // namespace

Semihosting::Semihosting(SemihostingOptions options, const TimeSource& time, ExitFn on_exit)
    : options_(std::move(options)), time_(time), on_exit_(std::move(on_exit)), sandbox_(options_.root) {}

Semihosting::~Semihosting() {
  for (Handle& h : handles_) {
    if (h.in_use && h.kind == Kind::File && h.file) std::fclose(h.file);
  }
}

void Semihosting::semihosting_call(cpu::ArchState& state, memory::Interconnect& bus) {
  state.r[0] = call(state.r[0], state.r[1], bus);
}

bool Semihosting::read_words(memory::Interconnect& bus, uint32_t addr, uint32_t* words, unsigned n) {
  std::vector<uint8_t> raw(4 * n);
  if (!bus.debug_read_block(addr, raw)) return false;
  std::memcpy(words, raw.data(), raw.size());
  return true;
}

bool Semihosting::read_string(memory::Interconnect& bus, uint32_t addr, uint32_t len, std::string& out) {
  if (len > kMaxString) return false;
  out.resize(len);
  return bus.debug_read_block(addr, {reinterpret_cast<uint8_t*>(out.data()), len});
}

Semihosting::Handle* Semihosting::handle(uint32_t h) {
  if (h == 0 || h > handles_.size() || !handles_[h - 1].in_use) return nullptr;
  return &handles_[h - 1];
}

uint32_t Semihosting::new_handle(Handle h) {
  h.in_use = true;
  for (size_t i = 0; i < handles_.size(); ++i) {
    if (!handles_[i].in_use) {
      handles_[i] = h;
      return static_cast<uint32_t>(i + 1);
    }
  }
  handles_.push_back(h);
  return static_cast<uint32_t>(handles_.size());
}

uint32_t Semihosting::refuse(int err, const std::string& why) {
  const std::string line = fmt::format("semihosting: operation {:#04x} refused: {}", current_op_, why);
  if (misuse_count_ == 0) first_misuse_ = line;
  if (++misuse_count_ <= kMisuseWarnings) spdlog::warn("{}", line);
  return fail(err);
}

uint32_t Semihosting::refuse_block(uint32_t arg) {
  return refuse(EFAULT, fmt::format("its parameter block at {:#010x} is outside memory", arg));
}

uint32_t Semihosting::call(uint32_t op, uint32_t arg, memory::Interconnect& bus) {
  current_op_ = op;
  switch (op) {
    case kOpen: return sys_open(bus, arg);
    case kClose: return sys_close(bus, arg);
    case kWriteC: {
      uint8_t c = 0;
      if (!bus.debug_read_block(arg, {&c, 1})) return fail(EFAULT);
      if (options_.out) {
        if (options_.on_stdout) options_.on_stdout({reinterpret_cast<const char*>(&c), 1});
        std::fputc(c, options_.out);
      }
      return 0;
    }
    case kWrite0: {
      std::string s;
      for (uint32_t a = arg;; ++a) {
        uint8_t c = 0;
        if (!bus.debug_read_block(a, {&c, 1})) return fail(EFAULT);
        if (c == 0) break;
        s.push_back(static_cast<char>(c));
      }
      if (options_.out) {
        if (options_.on_stdout) options_.on_stdout(s);
        std::fwrite(s.data(), 1, s.size(), options_.out);
      }
      return 0;
    }
    case kWrite: return sys_write(bus, arg);
    case kRead: return sys_read(bus, arg);
    case kReadC: {
      if (options_.out) std::fflush(options_.out);  // a prompt the guest wrote shows before it waits
      const int c = options_.in ? std::fgetc(options_.in) : EOF;
      return c == EOF ? 0xFFFFFFFFu : static_cast<uint32_t>(c);
    }
    case kIsError: {
      uint32_t status = 0;
      if (!read_words(bus, arg, &status, 1)) return fail(EFAULT);
      return static_cast<int32_t>(status) < 0 ? 1u : 0u;
    }
    case kIsTty: {
      uint32_t h = 0;
      if (!read_words(bus, arg, &h, 1)) return refuse_block(arg);
      const Handle* hd = handle(h);
      if (!hd) return refuse(EBADF, "the handle is not open");
      return (hd->kind == Kind::ConsoleIn || hd->kind == Kind::ConsoleOut || hd->kind == Kind::ConsoleErr) ? 1u : 0u;
    }
    case kSeek: return sys_seek(bus, arg);
    case kFlen: return sys_flen(bus, arg);
    case kTmpNam: return sys_tmpnam(bus, arg);
    case kRemove: return sys_remove(bus, arg);
    case kRename: return sys_rename(bus, arg);
    // Simulated time, never the host clock, so two runs give identical output (docs/sim.md
    // "Semihosting").
    case kClock: return static_cast<uint32_t>(time_.now() * 100 / options_.clock_hz);
    case kTime: return static_cast<uint32_t>(time_.now() / options_.clock_hz);
    case kSystem:
      spdlog::warn("semihosting: SYS_SYSTEM refused (corsim never runs host commands)");
      return fail(EPERM);
    case kErrno: return static_cast<uint32_t>(errno_);
    case kGetCmdline: return sys_get_cmdline(bus, arg);
    case kHeapInfo: return sys_heapinfo(bus, arg);
    case kExit:
      // AArch32 SYS_EXIT: r1 is the reason itself; only ApplicationExit means success.
      exit_with(arg == kApplicationExit ? 0 : 1);
      return 0;
    case kExitExtended: {
      uint32_t block[2] = {};
      if (!read_words(bus, arg, block, 2)) return fail(EFAULT);
      exit_with(block[0] == kApplicationExit ? static_cast<int>(block[1]) : 1);
      return 0;
    }
    case kElapsed: return sys_elapsed(bus, arg);
    case kTickFreq: return static_cast<uint32_t>(options_.clock_hz);
    default:
      spdlog::warn("semihosting: unsupported operation {:#x}", op);
      return fail(ENOSYS);
  }
}

void Semihosting::exit_with(int code) {
  if (exit_code_) return;
  exit_code_ = code;
  if (on_exit_) on_exit_(code);
}

uint32_t Semihosting::sys_open(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[3];
  std::string name;
  if (!read_words(bus, arg, a, 3) || !read_string(bus, a[0], a[2], name)) return fail(EFAULT);
  const uint32_t mode = a[1];
  if (mode > 11) return fail(EINVAL);
  if (name == ":tt") {
    Handle h;
    h.kind = mode < 4 ? Kind::ConsoleIn : mode < 8 ? Kind::ConsoleOut : Kind::ConsoleErr;
    return new_handle(h);
  }
  if (name == ":semihosting-features") {
    if (mode > 1) return fail(EACCES);
    Handle h;
    h.kind = Kind::Features;
    return new_handle(h);
  }
  int err = 0;
  const auto path = sandbox_.resolve(name, err);
  if (!path) {
    if (err == EACCES) return refuse(err, fmt::format("'{}' is outside the semihosting root {}", name, sandbox_.root().string()));
    return fail(err);
  }
  std::FILE* f = std::fopen(path->c_str(), kModes[mode]);
  if (!f) return fail(errno);
  Handle h;
  h.file = f;
  return new_handle(h);
}

uint32_t Semihosting::sys_close(memory::Interconnect& bus, uint32_t arg) {
  uint32_t h = 0;
  if (!read_words(bus, arg, &h, 1)) return refuse_block(arg);
  Handle* hd = handle(h);
  if (!hd) return refuse(EBADF, "the handle is not open");
  if (hd->kind == Kind::File && hd->file) std::fclose(hd->file);
  *hd = Handle{};
  return 0;
}

uint32_t Semihosting::sys_write(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[3];
  if (!read_words(bus, arg, a, 3)) return refuse_block(arg);
  Handle* hd = handle(a[0]);
  if (!hd) return refuse(EBADF, "the handle is not open");
  std::FILE* f = hd->kind == Kind::File ? hd->file
               : hd->kind == Kind::ConsoleOut ? options_.out
               : hd->kind == Kind::ConsoleErr ? options_.err : nullptr;
  if (hd->kind == Kind::ConsoleIn || hd->kind == Kind::Features) return fail(EBADF);
  // stdout keeps its buffering; what went there before a write to stderr is shown first.
  if (hd->kind == Kind::ConsoleErr && options_.out) std::fflush(options_.out);
  std::vector<uint8_t> chunk;
  uint32_t done = 0;
  while (done < a[2]) {
    chunk.resize(std::min(kChunk, a[2] - done));
    if (!bus.debug_read_block(a[1] + done, chunk)) {
      return refuse(EFAULT, fmt::format("its buffer {:#010x}+{} runs outside memory", a[1], a[2]));
    }
    if (f) {
      if (f == options_.out && options_.on_stdout) {
        options_.on_stdout({reinterpret_cast<const char*>(chunk.data()), chunk.size()});
      }
      const size_t n = std::fwrite(chunk.data(), 1, chunk.size(), f);
      if (n < chunk.size()) {
        errno_ = errno;
        return a[2] - done - static_cast<uint32_t>(n);  // bytes NOT written
      }
    }
    done += static_cast<uint32_t>(chunk.size());
  }
  if (f && hd->kind == Kind::ConsoleErr) std::fflush(f);
  return 0;  // all written (or a discarded console)
}

uint32_t Semihosting::sys_read(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[3];
  if (!read_words(bus, arg, a, 3)) return refuse_block(arg);
  Handle* hd = handle(a[0]);
  if (!hd) return refuse(EBADF, "the handle is not open");
  std::FILE* f = hd->kind == Kind::File ? hd->file : hd->kind == Kind::ConsoleIn ? options_.in : nullptr;
  if (hd->kind != Kind::Features && !f) return fail(EBADF);
  if (hd->kind == Kind::ConsoleIn && options_.out) std::fflush(options_.out);  // the prompt first
  std::vector<uint8_t> chunk;
  uint32_t done = 0;
  while (done < a[2]) {
    chunk.resize(std::min(kChunk, a[2] - done));
    size_t n = 0;
    if (hd->kind == Kind::Features) {
      while (n < chunk.size() && hd->features_pos < sizeof(kFeatures)) chunk[n++] = kFeatures[hd->features_pos++];
    } else {
      n = std::fread(chunk.data(), 1, chunk.size(), f);
    }
    if (n > 0 && !bus.debug_write_block(a[1] + done, {chunk.data(), n})) {
      return refuse(EFAULT, fmt::format("its buffer {:#010x}+{} runs outside memory", a[1], a[2]));
    }
    done += static_cast<uint32_t>(n);
    if (n < chunk.size()) break;  // end of file
  }
  return a[2] - done;  // bytes NOT read (len = end of file)
}

uint32_t Semihosting::sys_seek(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[2];
  if (!read_words(bus, arg, a, 2)) return refuse_block(arg);
  Handle* hd = handle(a[0]);
  if (!hd) return refuse(EBADF, "the handle is not open");
  if (hd->kind == Kind::Features) {
    hd->features_pos = a[1];
    return 0;
  }
  if (hd->kind != Kind::File) return fail(ESPIPE);
  if (std::fseek(hd->file, static_cast<long>(a[1]), SEEK_SET) != 0) return fail(errno);
  return 0;
}

uint32_t Semihosting::sys_flen(memory::Interconnect& bus, uint32_t arg) {
  uint32_t h = 0;
  if (!read_words(bus, arg, &h, 1)) return refuse_block(arg);
  Handle* hd = handle(h);
  if (!hd) return refuse(EBADF, "the handle is not open");
  if (hd->kind == Kind::Features) return sizeof(kFeatures);
  if (hd->kind != Kind::File) return fail(EINVAL);
  const long pos = std::ftell(hd->file);
  if (pos < 0 || std::fseek(hd->file, 0, SEEK_END) != 0) return fail(errno);
  const long len = std::ftell(hd->file);
  std::fseek(hd->file, pos, SEEK_SET);
  return static_cast<uint32_t>(len);
}

uint32_t Semihosting::sys_tmpnam(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[3];
  if (!read_words(bus, arg, a, 3)) return refuse_block(arg);
  // A name inside the sandbox root, deterministic for a given identifier.
  const std::string name = fmt::format("corsim-tmp-{:03}.tmp", a[1] & 0xFF);
  if (name.size() + 1 > a[2]) return fail(EINVAL);
  if (!bus.debug_write_block(a[0], {reinterpret_cast<const uint8_t*>(name.c_str()), name.size() + 1})) return fail(EFAULT);
  return 0;
}

uint32_t Semihosting::sys_remove(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[2];
  std::string name;
  if (!read_words(bus, arg, a, 2) || !read_string(bus, a[0], a[1], name)) return fail(EFAULT);
  int err = 0;
  const auto path = sandbox_.resolve(name, err);
  if (!path) { errno_ = err; return static_cast<uint32_t>(err); }
  if (std::remove(path->c_str()) != 0) { errno_ = errno; return static_cast<uint32_t>(errno_); }
  return 0;
}

uint32_t Semihosting::sys_rename(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[4];
  std::string from, to;
  if (!read_words(bus, arg, a, 4) || !read_string(bus, a[0], a[1], from) || !read_string(bus, a[2], a[3], to)) {
    return fail(EFAULT);
  }
  int err = 0;
  const auto p1 = sandbox_.resolve(from, err);
  const auto p2 = p1 ? sandbox_.resolve(to, err) : std::nullopt;
  if (!p1 || !p2) { errno_ = err; return static_cast<uint32_t>(err); }
  if (std::rename(p1->c_str(), p2->c_str()) != 0) { errno_ = errno; return static_cast<uint32_t>(errno_); }
  return 0;
}

uint32_t Semihosting::sys_get_cmdline(memory::Interconnect& bus, uint32_t arg) {
  uint32_t a[2];
  if (!read_words(bus, arg, a, 2)) return refuse_block(arg);
  const std::string& s = options_.cmdline;
  if (s.size() + 1 > a[1]) return fail(E2BIG);
  if (!bus.debug_write_block(a[0], {reinterpret_cast<const uint8_t*>(s.c_str()), s.size() + 1})) return fail(EFAULT);
  const uint32_t len = static_cast<uint32_t>(s.size());
  if (!bus.debug_write_block(arg + 4, {reinterpret_cast<const uint8_t*>(&len), 4})) return fail(EFAULT);
  return 0;
}

uint32_t Semihosting::sys_heapinfo(memory::Interconnect& bus, uint32_t arg) {
  // r1 points at a word holding the address of a four-word block to fill.
  uint32_t block = 0;
  if (!read_words(bus, arg, &block, 1)) return fail(EFAULT);
  const uint32_t info[4] = {options_.heap_base, options_.heap_limit, options_.stack_base, options_.stack_limit};
  if (!bus.debug_write_block(block, {reinterpret_cast<const uint8_t*>(info), sizeof(info)})) return fail(EFAULT);
  return 0;
}

uint32_t Semihosting::sys_elapsed(memory::Interconnect& bus, uint32_t arg) {
  const uint64_t ticks = time_.now();  // one tick per platform clock cycle (SYS_TICKFREQ)
  const uint32_t words[2] = {static_cast<uint32_t>(ticks), static_cast<uint32_t>(ticks >> 32)};
  if (!bus.debug_write_block(arg, {reinterpret_cast<const uint8_t*>(words), sizeof(words)})) return fail(EFAULT);
  return 0;
}

}  // namespace corsim::sim
