// Error reporting for the runtime's readers (C++17, no exceptions, no heap, no printf).
//
// A Status names the failed check with static strings plus up to two indices, so a caller can
// print one clear line ("invalid program: plan 0 value 12: tensor memory_id ...") without the
// reader formatting text itself. format_status() renders it into a caller-supplied buffer.
#pragma once

#include <cstddef>
#include <cstdint>

namespace corsim::rt {

enum class Error : uint8_t {
  kOk = 0,
  kTruncated,             // the buffer is shorter than the structure it must hold
  kBadIdentifier,         // not an ExecuTorch program ("ET12" missing)
  kIncompatibleVersion,   // "ET" + two other characters: another schema version
  kBadExtendedHeader,     // "eh00" header inconsistent with the file
  kMisaligned,            // buffer or payload not aligned as the format requires
  kVerifyFailed,          // the flatbuffers verifier rejected the program
  kInvalidProgram,        // well-formed flatbuffer whose contents break a format rule
  kNotFound,              // a lookup (segment, named data, block) found nothing
  kBadVelaBinStream,      // an Ethos-U delegate payload that is not a valid VelaBinStream
  kBadCommandStream,      // cmd_data that is not a valid COP1 driver payload
  // Runtime (runtime/core) errors.
  kMissingKernel,         // an operator of the program has no registered kernel
  kMissingBackend,        // a delegate names a backend that is not registered or not available
  kOutOfMemory,           // the program does not fit the memory pools the caller provided
  kInvalidArgument,       // a kernel or API call got arguments of the wrong kind, type or shape
  kNotSupported,          // a valid program feature this runtime does not implement
  kKernelFailed,          // a kernel reported a failure while executing
  kBackendFailed,         // a backend's init or execute failed
  kInvalidState,          // an API call in the wrong state (e.g. execute before load)
};

const char* error_name(Error e);

struct Status {
  Error code = Error::kOk;
  const char* what = "";          // static text: what is wrong
  const char* item = nullptr;     // static text: what kind of thing is wrong ("value", "block")
  int64_t index = -1;             // which one (-1: none)
  const char* scope = nullptr;    // static text: enclosing thing ("chain", "delegate")
  int64_t scope_index = -1;
  const char* outer = nullptr;    // static text: the scope's enclosing thing ("plan")
  int64_t outer_index = -1;

  constexpr bool ok() const { return code == Error::kOk; }
};

constexpr Status ok_status() { return Status{}; }

inline Status make_error(Error code, const char* what, const char* item = nullptr,
                         int64_t index = -1) {
  Status s;
  s.code = code;
  s.what = what;
  s.item = item;
  s.index = index;
  return s;
}

inline Status in_scope(Status s, const char* scope, int64_t scope_index) {
  if (s.ok()) return s;
  if (s.scope == nullptr) {
    s.scope = scope;
    s.scope_index = scope_index;
  } else if (s.outer == nullptr) {
    s.outer = scope;
    s.outer_index = scope_index;
  }
  return s;
}

// "<error name>: [<outer> <i> ][<scope> <j> ][<item> <k>: ]<what>", NUL-terminated, truncated to cap.
// Returns the length written (without the NUL).
size_t format_status(const Status& s, char* buf, size_t cap);

}  // namespace corsim::rt
