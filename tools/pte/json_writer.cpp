#include "tools/pte/json_writer.h"

#include <cmath>

#include <fmt/format.h>

namespace corsim::pte_tool {

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(2 * stack_.size(), ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  Level& l = stack_.back();
  if (!l.first) out_ += l.inline_items ? ", " : ",";
  if (!l.inline_items) newline();
  l.first = false;
}

void JsonWriter::begin_object() {
  before_value();
  out_ += '{';
  stack_.push_back({false, false, true});
}

void JsonWriter::end_object() {
  const bool empty = stack_.back().first;
  stack_.pop_back();
  if (!empty) newline();
  out_ += '}';
  if (stack_.empty()) out_ += '\n';
}

void JsonWriter::begin_array() {
  before_value();
  out_ += '[';
  stack_.push_back({true, false, true});
}

void JsonWriter::begin_inline_array() {
  before_value();
  out_ += '[';
  stack_.push_back({true, true, true});
}

void JsonWriter::end_array() {
  const Level l = stack_.back();
  stack_.pop_back();
  if (!l.first && !l.inline_items) newline();
  out_ += ']';
}

void JsonWriter::key(std::string_view k) {
  before_value();
  write_escaped(reinterpret_cast<const uint8_t*>(k.data()), k.size());
  out_ += ": ";
  after_key_ = true;
}

void JsonWriter::value_bytes(const uint8_t* data, size_t size) {
  before_value();
  write_escaped(data, size);
}

void JsonWriter::write_escaped(const uint8_t* data, size_t size) {
  out_ += '"';
  for (size_t i = 0; i < size; ++i) {
    const uint8_t c = data[i];
    switch (c) {
      case '"': out_ += "\\\""; break;
      case '\\': out_ += "\\\\"; break;
      case '\n': out_ += "\\n"; break;
      case '\r': out_ += "\\r"; break;
      case '\t': out_ += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out_ += fmt::format("\\u{:04x}", c);
        } else {
          out_ += static_cast<char>(c);
        }
    }
  }
  out_ += '"';
}

void JsonWriter::value(std::string_view s) {
  before_value();
  write_escaped(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

void JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
}

void JsonWriter::value(int64_t v) {
  before_value();
  out_ += fmt::format("{}", v);
}

void JsonWriter::value(uint64_t v) {
  before_value();
  out_ += fmt::format("{}", v);
}

void JsonWriter::value(double d) {
  before_value();
  if (std::isnan(d)) {
    out_ += "nan";  // flatbuffers' JSON parser accepts nan/inf; strict JSON has no spelling
  } else if (std::isinf(d)) {
    out_ += d > 0 ? "inf" : "-inf";
  } else {
    // fmt's shortest representation reads back to the same double.
    std::string s = fmt::format("{}", d);
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    out_ += s;
  }
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
}

}  // namespace corsim::pte_tool
