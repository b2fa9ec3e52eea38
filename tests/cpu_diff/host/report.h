#pragma once
// Describing a mismatch: the case (row, encoding, disassembly, prefix) and every state field that
// differs between QEMU and corsim, with its initial value (docs/cpu-diff.md "Reading a mismatch").
#include <string>

#include "tests/cpu_diff/diff_case.h"
#include "tests/cpu_diff/host/generator.h"

namespace corsim::cpu_diff {

std::string describe_case(const std::string& cls, const GeneratedCase& g, uint32_t slot_addr);
std::string describe_difference(const DiffState& in, const DiffState& qemu, const DiffState& corsim);
std::string field_name(unsigned word);

}  // namespace corsim::cpu_diff
