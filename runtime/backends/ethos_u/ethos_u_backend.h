// EthosUBackend: the ExecuTorch delegate backend for Ethos-U55/U65 (ExecuTorch
// runtime/backend/interface.h; backends/arm/runtime/EthosUBackend.cpp, EthosUBackend_Cortex_M.cpp,
// VelaBinStream.cpp), on top of EthosUDriver.
//
// init: parses the VelaBinStream (every variant the parser accepts: current 6-D IO + scratch_size,
//       old 4-D IO + embedded scratch_data, external cmd/weight blocks resolved through the
//       program's named data) and checks the payload's COP1 CONFIG/ID against the NPU's.
// execute: scratch from the temp allocator (16-aligned, scratch_size bytes; also for the old
//       layout, whose embedded zeros only reserve the size), each input memcpy'd to
//       scratch + io.offset after the type/element-size/count checks of ExecuTorch's backend,
//       the driver run with base addresses {weights, scratch, fast scratch (none)}, outputs
//       copied back from scratch + io.offset.
// Failures return a Status whose text says what failed; detail() has the numbers.
#pragma once

#include <cstdint>

#include "runtime/backends/ethos_u/ethos_u_driver.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/core/backend.h"

namespace corsim::ethos_u {

class EthosUBackend final : public rt::BackendInterface {
 public:
  static constexpr const char* kId = "EthosUBackend";

  explicit EthosUBackend(EthosUDriver& driver) : driver_(driver) {}

  bool is_available() const override { return driver_.initialized(); }
  rt::Status init(rt::BackendInitContext& ctx, rt::Bytes processed, rt::Span<const rt::CompileSpec> compile_specs,
                  rt::DelegateHandle** handle) override;
  rt::Status execute(rt::BackendExecutionContext& ctx, rt::DelegateHandle* handle,
                     rt::Span<rt::EValue* const> args) override;
  void destroy(rt::DelegateHandle* handle) override;

  // Called with true just before the NPU is started and false once its IRQ has been handled (the
  // runner writes the delegate trace markers and counts CPU cycles spent waiting).
  void set_npu_hook(void (*hook)(void* user, bool begin), void* user) {
    hook_ = hook;
    hook_user_ = user;
  }

  uint32_t invocations() const { return invocations_; }
  const char* detail() const { return detail_; }

 private:
  rt::Status fail(rt::Status s);

  EthosUDriver& driver_;
  void (*hook_)(void*, bool) = nullptr;
  void* hook_user_ = nullptr;
  uint32_t invocations_ = 0;
  char detail_[224] = {};
};

}  // namespace corsim::ethos_u
