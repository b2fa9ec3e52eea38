// corsim-pte build: turns the JSON of `corsim-pte dump --json` (or a bare Program JSON as flatc
// writes it) back into a .pte file, byte for byte for files the dump came from. Lets tests and
// users edit a program as text (e.g. to make corrupted or variant copies).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace corsim::pte_tool {

// Text of the value of top-level member `key` of a JSON object (empty if absent).
std::string_view json_member(std::string_view json, std::string_view key);

// Builds the file. On error returns empty and sets `error` to one line.
std::vector<uint8_t> build_pte_from_json(const std::string& json, std::string& error);

}  // namespace corsim::pte_tool
