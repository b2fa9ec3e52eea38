#include "runtime/core/kernel.h"

#include <cstring>

namespace corsim::rt {

Status KernelRegistry::register_kernel(const char* name, KernelFn fn) {
  if (name == nullptr || fn == nullptr) return make_error(Error::kInvalidArgument, "kernel needs a name and a function");
  if (find(name) != nullptr) return make_error(Error::kInvalidArgument, "a kernel with this name is already registered");
  if (count_ == kCapacity) return make_error(Error::kOutOfMemory, "kernel registry is full");
  entries_[count_++] = KernelEntry{name, fn};
  return ok_status();
}

KernelFn KernelRegistry::find(const char* name, size_t name_len, const char* overload, size_t overload_len) const {
  const size_t total = overload_len == 0 ? name_len : name_len + 1 + overload_len;
  for (size_t i = 0; i < count_; ++i) {
    const char* e = entries_[i].name;
    if (std::strlen(e) != total || std::memcmp(e, name, name_len) != 0) continue;
    if (overload_len != 0 && (e[name_len] != '.' || std::memcmp(e + name_len + 1, overload, overload_len) != 0)) {
      continue;
    }
    return entries_[i].fn;
  }
  return nullptr;
}

KernelFn KernelRegistry::find(const char* full_name) const {
  for (size_t i = 0; i < count_; ++i) {
    if (std::strcmp(entries_[i].name, full_name) == 0) return entries_[i].fn;
  }
  return nullptr;
}

}  // namespace corsim::rt
