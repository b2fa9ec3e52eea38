// A small JSON reader for model descriptions (RFC 8259 subset: objects, arrays, numbers, strings
// with the common escapes, true/false/null). Objects keep member order so error messages and
// generated files follow the description.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace corsim::model_compiler {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  double number = 0.0;
  std::string text;
  std::vector<JsonValue> items;                            // array
  std::vector<std::pair<std::string, JsonValue>> members;  // object, in order

  const JsonValue* find(std::string_view key) const;
  bool is_object() const { return kind == Kind::kObject; }
  bool is_array() const { return kind == Kind::kArray; }
  bool is_number() const { return kind == Kind::kNumber; }
  bool is_string() const { return kind == Kind::kString; }
};

// Parses `text`. On error returns false with one line in `error` ("line N: ...").
bool parse_json(std::string_view text, JsonValue& out, std::string& error);

}  // namespace corsim::model_compiler
