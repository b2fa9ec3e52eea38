// A test double for the Ethos-U backend: records what init and execute receive. The real backend
// and driver come with the NPU device (issue 6 item 3); here the Method's side of the contract is
// what is tested (ExecuTorch runtime/backend/interface.h; backends/arm/runtime/EthosUBackend.cpp).
#pragma once

#include <string>
#include <vector>

#include "runtime/core/backend.h"

namespace corsim::rt::test {

class FakeEthosU final : public BackendInterface {
 public:
  struct ArgInfo {
    Tag tag;
    ScalarType type;
    std::vector<int32_t> sizes;
    const void* data;
    std::vector<uint8_t> bytes;  // the tensor's contents when execute() was called
  };

  bool is_available() const override { return available; }

  Status init(BackendInitContext& ctx, Bytes processed, Span<const CompileSpec> specs, DelegateHandle** handle) override {
    ++init_calls;
    processed_size = processed.size();
    processed_head.assign(processed.data(), processed.data() + (processed.size() < 16 ? processed.size() : 16));
    for (const CompileSpec& s : specs) {
      spec_keys.emplace_back(s.key);
      spec_values.emplace_back(reinterpret_cast<const char*>(s.value.data()), s.value.size());
    }
    method_name = ctx.method_name;
    // The handle lives in the runtime allocator, as a real backend's state would.
    int* state = ctx.runtime_allocator->allocate_array<int>(1);
    if (state == nullptr) return make_error(Error::kOutOfMemory, "fake backend state");
    *state = 42;
    *handle = state;
    return init_status;
  }

  Status execute(BackendExecutionContext& ctx, DelegateHandle* handle, Span<EValue* const> args) override {
    ++execute_calls;
    handle_value = *static_cast<int*>(handle);
    had_temp_allocator = ctx.temp_allocator != nullptr;
    this->args.clear();
    for (EValue* v : args) {
      ArgInfo a{v->tag(), ScalarType::kFloat, {}, nullptr, {}};
      if (v->is_tensor()) {
        const Tensor& t = v->to_tensor();
        a.type = t.scalar_type();
        a.sizes.assign(t.sizes(), t.sizes() + t.dim());
        a.data = t.data();
        const uint8_t* p = t.data_as<const uint8_t>();
        a.bytes.assign(p, p + t.nbytes());
      }
      this->args.push_back(a);
    }
    if (on_execute) on_execute(args);
    return execute_status;
  }

  void destroy(DelegateHandle*) override { ++destroy_calls; }

  bool available = true;
  Status init_status;
  Status execute_status;
  int init_calls = 0;
  int execute_calls = 0;
  int destroy_calls = 0;
  int handle_value = 0;
  bool had_temp_allocator = false;
  size_t processed_size = 0;
  std::vector<uint8_t> processed_head;
  std::vector<std::string> spec_keys;
  std::vector<std::string> spec_values;
  std::string method_name;
  std::vector<ArgInfo> args;
  void (*on_execute)(Span<EValue* const>) = nullptr;
};

}  // namespace corsim::rt::test
