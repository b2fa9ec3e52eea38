// The delegate backend interface (ExecuTorch runtime/backend/interface.h) and a caller-owned
// registry.
//
// A backend is looked up by BackendDelegate.id (e.g. "EthosUBackend"). init() runs once per Method
// load with the processed blob (a view into the program; no copy) and the compile specs; execute()
// gets the DelegateCall arguments, delegate inputs followed by outputs (ExecuTorch
// exir/emit/_emitter.py appends the outputs after the call's arguments); destroy() runs when the
// Method is destroyed. No RTTI or exceptions: errors come back as Status.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/evalue.h"
#include "runtime/core/memory.h"
#include "runtime/pte/span.h"
#include "runtime/pte/status.h"

namespace corsim::pte {
class Program;
}

namespace corsim::rt {

struct CompileSpec {
  const char* key = nullptr;  // NUL-terminated (points into the program)
  Bytes value;
};

// Opaque per-delegate state a backend returns from init (allocate it from the runtime allocator).
using DelegateHandle = void;

struct BackendInitContext {
  MemoryAllocator* runtime_allocator = nullptr;  // the method allocator: lives as long as the Method
  const char* method_name = nullptr;
  const pte::Program* program = nullptr;         // for named data (external Vela blocks)
  uint32_t delegate_index = 0;
};

struct BackendExecutionContext {
  MemoryAllocator* temp_allocator = nullptr;     // reset after the instruction (ET method.cpp)
  const char* method_name = nullptr;
  uint32_t delegate_index = 0;
};

class BackendInterface {
 public:
  virtual bool is_available() const = 0;
  virtual Status init(BackendInitContext& ctx, Bytes processed, Span<const CompileSpec> compile_specs,
                      DelegateHandle** handle) = 0;
  virtual Status execute(BackendExecutionContext& ctx, DelegateHandle* handle, Span<EValue* const> args) = 0;
  virtual void destroy(DelegateHandle* handle) = 0;

 protected:
  // Not virtual: backends are never deleted through this interface (no heap in the runtime).
  ~BackendInterface() = default;
};

class BackendRegistry {
 public:
  static constexpr size_t kCapacity = 8;

  Status register_backend(const char* id, BackendInterface* backend);
  // Finds a backend by id given as bytes (flatbuffer strings carry their length).
  BackendInterface* find(const char* id, size_t id_len) const;
  BackendInterface* find(const char* id) const;

 private:
  struct Entry {
    const char* id = nullptr;
    BackendInterface* backend = nullptr;
  };
  Entry entries_[kCapacity];
  size_t count_ = 0;
};

}  // namespace corsim::rt
