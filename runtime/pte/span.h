// A pointer + length view, for the runtime (C++17, freestanding: no std::span before C++20).
// Everything the .pte reader hands out is a view into the caller's file buffer; nothing is copied.
#pragma once

#include <cstddef>
#include <cstdint>

namespace corsim::rt {

template <class T>
class Span {
 public:
  constexpr Span() = default;
  constexpr Span(T* data, size_t size) : data_(data), size_(size) {}
  template <class U>
  constexpr Span(const Span<U>& other) : data_(other.data()), size_(other.size()) {}

  constexpr T* data() const { return data_; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr T& operator[](size_t i) const { return data_[i]; }
  constexpr T* begin() const { return data_; }
  constexpr T* end() const { return data_ + size_; }

  // Sub-view; the caller has checked offset + count <= size().
  constexpr Span subspan(size_t offset, size_t count) const { return Span(data_ + offset, count); }
  // True when [offset, offset + count) lies inside the view, without overflow.
  constexpr bool contains(uint64_t offset, uint64_t count) const {
    return offset <= size_ && count <= size_ - offset;
  }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
};

using Bytes = Span<const uint8_t>;

}  // namespace corsim::rt
