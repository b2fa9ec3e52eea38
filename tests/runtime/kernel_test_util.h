// Helpers for calling runtime kernels directly: tensors over std::vector storage and EValues wired
// the way Method builds them (boxed int lists, out tensor repeated in the return slot).
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <initializer_list>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/core/evalue.h"
#include "runtime/core/kernel.h"
#include "runtime/kernels/register.h"

namespace corsim::rt::test {

// Owns every tensor, list and EValue a test builds (deque: stable addresses).
class Values {
 public:
  template <class T>
  EValue* tensor(ScalarType type, std::vector<int32_t> sizes, std::vector<T> data, std::vector<uint8_t> dim_order = {}) {
    auto& storage = bytes_.emplace_back(data.size() * sizeof(T) + 16);
    std::memcpy(storage.data(), data.data(), data.size() * sizeof(T));
    Tensor& t = tensors_.emplace_back();
    EXPECT_TRUE(t.init(type, sizes.size(), sizes.data(), dim_order.empty() ? nullptr : dim_order.data(), storage.data()));
    return &evalues_.emplace_back(EValue::from_tensor(&t));
  }
  // An out tensor of `sizes`, filled with a marker byte.
  EValue* out(ScalarType type, std::vector<int32_t> sizes, std::vector<uint8_t> dim_order = {}) {
    size_t n = 1;
    for (int32_t s : sizes) n *= static_cast<size_t>(s);
    auto& storage = bytes_.emplace_back(n * scalar_type_size(type) + 16, uint8_t{0xA5});
    Tensor& t = tensors_.emplace_back();
    EXPECT_TRUE(t.init(type, sizes.size(), sizes.data(), dim_order.empty() ? nullptr : dim_order.data(), storage.data()));
    return &evalues_.emplace_back(EValue::from_tensor(&t));
  }
  EValue* i(int64_t v) { return &evalues_.emplace_back(EValue::from_int(v)); }
  EValue* d(double v) { return &evalues_.emplace_back(EValue::from_double(v)); }
  EValue* b(bool v) { return &evalues_.emplace_back(EValue::from_bool(v)); }
  EValue* none() { return &evalues_.emplace_back(); }
  EValue* ints(std::vector<int64_t> v) {
    auto& ptrs = lists_.emplace_back();
    for (int64_t x : v) ptrs.push_back(i(x));
    auto& scratch = scratch_.emplace_back(v.size() + 1);
    return &evalues_.emplace_back(EValue::from_int_list(BoxedIntList{ptrs.data(), scratch.data(), static_cast<uint32_t>(v.size())}));
  }

 private:
  std::deque<std::vector<uint8_t>> bytes_;
  std::deque<Tensor> tensors_;
  std::deque<EValue> evalues_;
  std::deque<std::vector<EValue*>> lists_;
  std::deque<std::vector<int64_t>> scratch_;
};

// Calls a registered kernel by name with the given argument list.
inline Status call(const char* name, std::vector<EValue*> args) {
  static KernelRegistry* registry = [] {
    static KernelRegistry r;
    EXPECT_TRUE(kernels::register_all_kernels(r).ok());
    return &r;
  }();
  KernelFn fn = registry->find(name);
  EXPECT_NE(fn, nullptr) << name;
  if (fn == nullptr) return make_error(Error::kMissingKernel, "test: kernel not registered");
  KernelContext ctx;
  fn(ctx, KernelArgs(args.data(), args.size()));
  return ctx.status();
}

template <class T>
std::vector<T> data_of(const EValue* v) {
  const Tensor& t = v->to_tensor();
  const T* p = t.data_as<const T>();
  return std::vector<T>(p, p + t.numel());
}

}  // namespace corsim::rt::test
