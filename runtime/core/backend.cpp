#include "runtime/core/backend.h"

#include <cstring>

namespace corsim::rt {

Status BackendRegistry::register_backend(const char* id, BackendInterface* backend) {
  if (id == nullptr || backend == nullptr) return make_error(Error::kInvalidArgument, "backend needs an id and an instance");
  if (find(id) != nullptr) return make_error(Error::kInvalidArgument, "a backend with this id is already registered");
  if (count_ == kCapacity) return make_error(Error::kOutOfMemory, "backend registry is full");
  entries_[count_++] = Entry{id, backend};
  return ok_status();
}

BackendInterface* BackendRegistry::find(const char* id, size_t id_len) const {
  for (size_t i = 0; i < count_; ++i) {
    if (std::strlen(entries_[i].id) == id_len && std::memcmp(entries_[i].id, id, id_len) == 0) {
      return entries_[i].backend;
    }
  }
  return nullptr;
}

BackendInterface* BackendRegistry::find(const char* id) const { return find(id, std::strlen(id)); }

}  // namespace corsim::rt
