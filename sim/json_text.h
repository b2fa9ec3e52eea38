#pragma once
// A string as JSON text (RFC 8259 section 7): quote and backslash escaped, control characters as \u00XX.
// Used by every JSON file corsim writes (the per-operator report, the tensor-dump index).
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace corsim::sim {

// The string's characters escaped for use between JSON quotes.
inline std::string json_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    } else {
      out += c;
    }
  }
  return out;
}

// The string as a quoted JSON string.
inline std::string json_quoted(std::string_view s) { return "\"" + json_escape(s) + "\""; }

}  // namespace corsim::sim
