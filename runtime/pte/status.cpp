#include "runtime/pte/status.h"

namespace corsim::rt {

const char* error_name(Error e) {
  switch (e) {
    case Error::kOk: return "ok";
    case Error::kTruncated: return "truncated";
    case Error::kBadIdentifier: return "not an ExecuTorch program";
    case Error::kIncompatibleVersion: return "incompatible program version";
    case Error::kBadExtendedHeader: return "bad extended header";
    case Error::kMisaligned: return "misaligned";
    case Error::kVerifyFailed: return "flatbuffer verification failed";
    case Error::kInvalidProgram: return "invalid program";
    case Error::kNotFound: return "not found";
    case Error::kBadVelaBinStream: return "bad VelaBinStream";
    case Error::kBadCommandStream: return "bad Ethos-U command stream";
    case Error::kMissingKernel: return "missing kernel";
    case Error::kMissingBackend: return "missing backend";
    case Error::kOutOfMemory: return "does not fit the memory pools";
    case Error::kInvalidArgument: return "invalid argument";
    case Error::kNotSupported: return "not supported";
    case Error::kKernelFailed: return "kernel failed";
    case Error::kBackendFailed: return "backend failed";
    case Error::kInvalidState: return "invalid state";
  }
  return "unknown error";
}

namespace {

class Writer {
 public:
  Writer(char* buf, size_t cap) : buf_(buf), cap_(cap) {}
  void put(const char* s) {
    while (s != nullptr && *s != '\0') put_char(*s++);
  }
  void put(int64_t v) {
    char digits[24];
    size_t n = 0;
    uint64_t u = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0);
    if (v < 0) put_char('-');
    while (n > 0) put_char(digits[--n]);
  }
  size_t finish() {
    if (cap_ > 0) buf_[len_ < cap_ ? len_ : cap_ - 1] = '\0';
    return len_ < cap_ ? len_ : (cap_ > 0 ? cap_ - 1 : 0);
  }

 private:
  void put_char(char c) {
    if (len_ + 1 < cap_) buf_[len_] = c;
    ++len_;
  }
  char* buf_;
  size_t cap_;
  size_t len_ = 0;
};

}  // namespace

size_t format_status(const Status& s, char* buf, size_t cap) {
  Writer w(buf, cap);
  w.put(error_name(s.code));
  if (s.ok()) return w.finish();
  w.put(": ");
  if (s.outer != nullptr) {
    w.put(s.outer);
    if (s.outer_index >= 0) {
      w.put(" ");
      w.put(s.outer_index);
    }
    w.put(s.scope != nullptr || s.item != nullptr ? " " : ": ");
  }
  if (s.scope != nullptr) {
    w.put(s.scope);
    if (s.scope_index >= 0) {
      w.put(" ");
      w.put(s.scope_index);
    }
    w.put(s.item != nullptr ? " " : ": ");
  }
  if (s.item != nullptr) {
    w.put(s.item);
    if (s.index >= 0) {
      w.put(" ");
      w.put(s.index);
    }
    w.put(": ");
  }
  w.put(s.what);
  return w.finish();
}

}  // namespace corsim::rt
