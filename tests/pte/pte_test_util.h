// Helpers shared by the .pte tests: 16-byte aligned file buffers and paths to the shared models.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "flatbuffers/flatbuffers.h"
#include "runtime/pte/span.h"

namespace corsim::pte::test {

inline std::string model_path(const std::string& name) {
  return std::string(CORSIM_MODELS_DIR) + "/pte/" + name;
}

// A byte buffer whose storage is 16-byte aligned, like a .pte placed by the firmware (ExecuTorch
// schema/program.fbs force_align 16).
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  explicit AlignedBuffer(const std::vector<uint8_t>& bytes) { assign(bytes.data(), bytes.size()); }
  void assign(const uint8_t* data, size_t size) {
    size_ = size;
    storage_.reset(static_cast<uint8_t*>(std::aligned_alloc(16, (size + 15) / 16 * 16 + 16)));
    if (size != 0) std::memcpy(storage_.get(), data, size);
  }
  uint8_t* data() { return storage_.get(); }
  size_t size() const { return size_; }
  rt::Bytes bytes() const { return rt::Bytes(storage_.get(), size_); }
  std::vector<uint8_t> vec() const { return std::vector<uint8_t>(storage_.get(), storage_.get() + size_); }

 private:
  struct Free {
    void operator()(uint8_t* p) const { std::free(p); }
  };
  std::unique_ptr<uint8_t, Free> storage_;
  size_t size_ = 0;
};

inline std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline AlignedBuffer load_model(const std::string& name) { return AlignedBuffer(read_file(model_path(name))); }

inline std::string str(const flatbuffers::String* s) { return s == nullptr ? std::string() : s->str(); }

// Compares big texts by their first difference (gtest's diff of megabyte strings needs gigabytes).
inline ::testing::AssertionResult same_text(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  if (i == a.size() && i == b.size()) return ::testing::AssertionSuccess();
  const size_t from = i < 80 ? 0 : i - 80;
  return ::testing::AssertionFailure() << "texts differ at byte " << i << " (sizes " << a.size() << ", " << b.size()
                                       << ")\n--- first:\n" << a.substr(from, 160) << "\n--- second:\n"
                                       << b.substr(from, 160);
}

}  // namespace corsim::pte::test
