#include "tools/pte/json_build.h"

#include <fmt/format.h>

#include "flatbuffers/flexbuffers.h"
#include "flatbuffers/idl.h"
#include "tools/pte/pte_writer.h"

namespace corsim::pte_tool {
namespace {

// Index just past the JSON value starting at `i` (string, number, literal, object or array).
size_t skip_value(std::string_view s, size_t i) {
  int depth = 0;
  bool in_string = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') {
        in_string = false;
        if (depth == 0) return i + 1;
      }
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth == 0 && (c == ',' || c == '\n')) {
      return i;
    }
  }
  return i;
}

size_t skip_space(std::string_view s, size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')) ++i;
  return i;
}

bool hex_decode(std::string_view hex, std::vector<uint8_t>& out) {
  if (hex.size() % 2 != 0) return false;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  out.clear();
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out.push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

}  // namespace

std::string_view json_member(std::string_view s, std::string_view key) {
  size_t i = skip_space(s, 0);
  if (i >= s.size() || s[i] != '{') return {};
  ++i;
  while (true) {
    i = skip_space(s, i);
    if (i >= s.size() || s[i] != '"') return {};
    const size_t key_end = skip_value(s, i);
    const std::string_view k = s.substr(i + 1, key_end - i - 2);
    i = skip_space(s, key_end);
    if (i >= s.size() || s[i] != ':') return {};
    i = skip_space(s, i + 1);
    const size_t value_end = skip_value(s, i);
    if (k == key) return s.substr(i, value_end - i);
    i = skip_space(s, value_end);
    if (i >= s.size() || s[i] != ',') return {};
    ++i;
  }
}

std::vector<uint8_t> build_pte_from_json(const std::string& json, std::string& error) {
  const std::string_view program = json_member(json, "program");
  const std::string program_text(program.empty() ? std::string_view(json) : program);
  std::vector<uint8_t> flat = flatbuffer_from_json(program_text, error);
  if (flat.empty()) {
    if (!error.empty() && error.back() == '\n') error.pop_back();
    return {};
  }
  // Segment bytes, when the JSON is a dump: "segments": [{"offset", "size", "data": hex}, ...].
  const std::string_view segments_text = json_member(json, "segments");
  if (program.empty() || segments_text.empty()) return flat;
  flatbuffers::Parser parser;
  flexbuffers::Builder builder;
  if (!parser.ParseFlexBuffer(std::string(segments_text).c_str(), nullptr, &builder)) {
    error = "\"segments\" is not valid JSON";
    return {};
  }
  const std::vector<uint8_t> storage = builder.GetBuffer();
  const flexbuffers::Vector segs = flexbuffers::GetRoot(storage).AsVector();
  std::vector<std::vector<uint8_t>> data(segs.size());
  std::vector<uint64_t> offsets(segs.size());
  for (size_t i = 0; i < segs.size(); ++i) {
    const flexbuffers::Map m = segs[i].AsMap();
    offsets[i] = m["offset"].AsUInt64();
    if (!hex_decode(m["data"].AsString().str(), data[i]) || data[i].size() != m["size"].AsUInt64()) {
      error = fmt::format("segment {}: \"data\" is not {} bytes of hex", i, m["size"].AsUInt64());
      return {};
    }
  }
  return assemble_pte(flat, data, offsets);
}

}  // namespace corsim::pte_tool
