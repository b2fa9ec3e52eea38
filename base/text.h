#pragma once
// The one way corsim's tools cut blanks off a piece of text they read (a parameter file line, a
// vela.ini entry, a GDB monitor command): spaces, tabs and carriage returns at either end.
#include <string_view>

namespace corsim {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

inline std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace corsim
