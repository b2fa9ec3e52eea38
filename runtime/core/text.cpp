#include "runtime/core/text.h"

namespace corsim::rt {

TextBuilder& TextBuilder::put(const char* s) {
  while (s != nullptr && *s != '\0') put_char(*s++);
  terminate();
  return *this;
}

TextBuilder& TextBuilder::put(const char* s, size_t n) {
  for (size_t i = 0; i < n && s != nullptr; ++i) put_char(s[i]);
  terminate();
  return *this;
}

TextBuilder& TextBuilder::put_int(int64_t v) {
  char digits[24];
  size_t n = 0;
  uint64_t u = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  do {
    digits[n++] = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (v < 0) put_char('-');
  while (n > 0) put_char(digits[--n]);
  terminate();
  return *this;
}

}  // namespace corsim::rt
