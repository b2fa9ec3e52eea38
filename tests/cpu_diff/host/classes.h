#pragma once
// Instruction classes of the random differential test (docs/cpu-diff.md), derived from the decoder
// tables at run time: every row of t16_table()/t32_table() is put in a class by its OpClass (and,
// for IntAlu and FpAlu, its name's mnemonic), or excluded with a reason. New rows (MVE table files)
// join their class with no list to edit.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cpu/decoder/encoding.h"

namespace corsim::cpu_diff {

struct Row {
  const cpu::decoder::Encoding* encoding;
  bool t32;
};

struct ClassRows {
  std::string name;
  std::vector<Row> rows;
  bool memory = false;  // loads/stores: the base register is pointed into the sandbox
  bool mve = false;     // MVE: VPST prefix instead of IT
  bool core_regs = false;  // integer classes: SP/PC register fields are refused (UNPREDICTABLE)
};

struct ExcludedRow {
  std::string row;
  std::string reason;
};

struct Classes {
  std::map<std::string, ClassRows> by_name;
  std::vector<ExcludedRow> excluded;
};

Classes build_classes();

}  // namespace corsim::cpu_diff
