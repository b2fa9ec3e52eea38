#include "tools/model_compiler/json.h"

#include <cstdlib>

#include <fmt/format.h>

namespace corsim::model_compiler {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [k, v] : members)
    if (k == key) return &v;
  return nullptr;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view t) : t_(t) {}

  bool parse(JsonValue& out, std::string& error) {
    if (!value(out, 0)) {
      error = error_;
      return false;
    }
    skip();
    if (pos_ != t_.size()) {
      error = fmt::format("line {}: unexpected text after the JSON value", line());
      return false;
    }
    return true;
  }

 private:
  size_t line() const {
    size_t n = 1;
    for (size_t i = 0; i < pos_ && i < t_.size(); ++i) n += t_[i] == '\n';
    return n;
  }
  bool fail(std::string_view what) {
    if (error_.empty()) error_ = fmt::format("line {}: {}", line(), what);
    return false;
  }
  void skip() {
    while (pos_ < t_.size() && (t_[pos_] == ' ' || t_[pos_] == '\n' || t_[pos_] == '\r' || t_[pos_] == '\t')) ++pos_;
  }
  bool literal(std::string_view word) {
    if (t_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  bool string(std::string& s) {
    ++pos_;  // opening quote
    while (pos_ < t_.size() && t_[pos_] != '"') {
      char c = t_[pos_++];
      if (c == '\\') {
        if (pos_ >= t_.size()) break;
        const char e = t_[pos_++];
        switch (e) {
          case 'n': c = '\n'; break;
          case 't': c = '\t'; break;
          case 'r': c = '\r'; break;
          case 'b': c = '\b'; break;
          case 'f': c = '\f'; break;
          case 'u': {
            if (pos_ + 4 > t_.size()) return fail("truncated \\u escape");
            const unsigned long cp = std::strtoul(std::string(t_.substr(pos_, 4)).c_str(), nullptr, 16);
            pos_ += 4;
            if (cp < 0x80) { s.push_back(static_cast<char>(cp)); continue; }
            if (cp < 0x800) {
              s.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            } else {
              s.push_back(static_cast<char>(0xE0 | (cp >> 12)));
              s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            }
            s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
            continue;
          }
          default: c = e; break;  // \" \\ \/
        }
      }
      s.push_back(c);
    }
    if (pos_ >= t_.size()) return fail("unterminated string");
    ++pos_;
    return true;
  }
  bool value(JsonValue& v, int depth) {
    if (depth > 64) return fail("nesting deeper than 64");
    skip();
    if (pos_ >= t_.size()) return fail("unexpected end of input");
    const char c = t_[pos_];
    if (c == '{') {
      v.kind = JsonValue::Kind::kObject;
      ++pos_;
      skip();
      if (pos_ < t_.size() && t_[pos_] == '}') { ++pos_; return true; }
      for (;;) {
        skip();
        if (pos_ >= t_.size() || t_[pos_] != '"') return fail("expected a member name in quotes");
        std::string key;
        if (!string(key)) return false;
        skip();
        if (pos_ >= t_.size() || t_[pos_] != ':') return fail("expected ':' after a member name");
        ++pos_;
        JsonValue m;
        if (!value(m, depth + 1)) return false;
        v.members.emplace_back(std::move(key), std::move(m));
        skip();
        if (pos_ < t_.size() && t_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < t_.size() && t_[pos_] == '}') { ++pos_; return true; }
        return fail("expected ',' or '}' in an object");
      }
    }
    if (c == '[') {
      v.kind = JsonValue::Kind::kArray;
      ++pos_;
      skip();
      if (pos_ < t_.size() && t_[pos_] == ']') { ++pos_; return true; }
      for (;;) {
        JsonValue m;
        if (!value(m, depth + 1)) return false;
        v.items.push_back(std::move(m));
        skip();
        if (pos_ < t_.size() && t_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < t_.size() && t_[pos_] == ']') { ++pos_; return true; }
        return fail("expected ',' or ']' in an array");
      }
    }
    if (c == '"') {
      v.kind = JsonValue::Kind::kString;
      return string(v.text);
    }
    if (literal("true")) { v.kind = JsonValue::Kind::kBool; v.boolean = true; return true; }
    if (literal("false")) { v.kind = JsonValue::Kind::kBool; return true; }
    if (literal("null")) return true;
    if (c == '-' || (c >= '0' && c <= '9')) {
      const std::string rest(t_.substr(pos_, 64));
      char* end = nullptr;
      v.kind = JsonValue::Kind::kNumber;
      v.number = std::strtod(rest.c_str(), &end);
      if (end == rest.c_str()) return fail("bad number");
      pos_ += static_cast<size_t>(end - rest.c_str());
      return true;
    }
    return fail(fmt::format("unexpected character '{}'", c));
  }

  std::string_view t_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

bool parse_json(std::string_view text, JsonValue& out, std::string& error) { return Parser(text).parse(out, error); }

}  // namespace corsim::model_compiler
