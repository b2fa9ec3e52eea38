#pragma once
// The one way corsim's tools read a number from the command line, an FVP parameter or a file:
// the whole string must be the number, nothing before or after it.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace corsim {

// An unsigned integer in decimal or, with a 0x/0X prefix, hexadecimal ("4096", "0x70000000").
inline std::optional<uint64_t> parse_uint(std::string_view v) {
  int base = 10;
  if (v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
    v.remove_prefix(2);
    base = 16;
  }
  if (v.empty()) return std::nullopt;
  uint64_t out = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out, base);
  if (ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
  return out;
}

// A signed decimal integer ("-128").
inline std::optional<int64_t> parse_int(std::string_view v) {
  if (v.empty()) return std::nullopt;
  int64_t out = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
  return out;
}

// A decimal number ("2.5", "100e6").
inline std::optional<double> parse_double(std::string_view v) {
  if (v.empty()) return std::nullopt;
  double out = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || p != v.data() + v.size()) return std::nullopt;
  return out;
}

}  // namespace corsim
