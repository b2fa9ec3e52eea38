// A tiny fixed-buffer text builder for error details (no printf, no heap).
#pragma once

#include <cstddef>
#include <cstdint>

namespace corsim::rt {

class TextBuilder {
 public:
  TextBuilder(char* buf, size_t cap) : buf_(buf), cap_(cap) { terminate(); }

  TextBuilder& put(const char* s);
  TextBuilder& put(const char* s, size_t n);
  TextBuilder& put_int(int64_t v);
  const char* c_str() const { return buf_; }

 private:
  void put_char(char c) {
    if (len_ + 1 < cap_) buf_[len_++] = c;
  }
  void terminate() {
    if (cap_ > 0) buf_[len_] = '\0';
  }
  char* buf_;
  size_t cap_;
  size_t len_ = 0;
};

}  // namespace corsim::rt
