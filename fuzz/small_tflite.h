#pragma once
// A small copy of a Vela .tflite for the tflite fuzz target's seeds (make_seeds.cpp): the same
// model structure (operator codes, first subgraph, metadata) with every buffer but the ethos-u
// operator's command stream cut to a few bytes, so a seed costs a few KiB per execution instead of
// a whole model's weights.
#include <cstdint>
#include <vector>

namespace corsim::fuzz {

// The shrunk file, or empty when `file` is not a .tflite with an "ethos-u" operator.
std::vector<uint8_t> small_vela_tflite(const std::vector<uint8_t>& file);

}  // namespace corsim::fuzz
