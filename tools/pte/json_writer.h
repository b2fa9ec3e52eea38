// A small streaming JSON writer (pretty-printed, two-space indent) for the dump tool.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace corsim::pte_tool {

class JsonWriter {
 public:
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // Inside an object: the next value's key.
  void key(std::string_view k);

  void value(std::string_view s);
  void value(const char* s) { value(std::string_view(s)); }
  void value(bool b);
  void value(int64_t v);
  void value(uint64_t v);
  void value(int32_t v) { value(static_cast<int64_t>(v)); }
  void value(uint32_t v) { value(static_cast<uint64_t>(v)); }
  void value(double d);
  void null();
  // Raw bytes as a JSON string, escaping what JSON requires.
  void value_bytes(const uint8_t* data, size_t size);

  template <class T>
  void field(std::string_view k, const T& v) {
    key(k);
    value(v);
  }

  // Array of numbers on one line (vectors of ids, sizes, bytes).
  template <class Vec>
  void number_array(const Vec& items) {
    begin_inline_array();
    for (auto x : items) value(x);
    end_array();
  }

  const std::string& str() const { return out_; }

 private:
  struct Level {
    bool array;
    bool inline_items;
    bool first;
  };
  void before_value();
  void write_escaped(const uint8_t* data, size_t size);
  void newline();
  void begin_inline_array();

  std::string out_;
  std::vector<Level> stack_;
  bool after_key_ = false;
};

}  // namespace corsim::pte_tool
