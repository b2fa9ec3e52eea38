#pragma once
// The shape of a per-core latency table: one row per OpClass with its result latency, how long it
// holds its unit, which unit, and where the numbers come from. A table must name every OpClass
// exactly once: `table_is_exhaustive` is checked by a static_assert next to each table, so a new
// OpClass without a timing row is a build failure, never a silent zero.
#include <array>
#include <cstdint>
#include <string_view>

#include "cpu/retire_record.h"

namespace corsim::cpu::timing {

// Functional units the models arbitrate (a core uses the subset it has).
enum class Unit : uint8_t {
  Alu,        // integer ALU (M85: two)
  Mac,        // integer multiplier / MAC
  Divider,    // integer divider (blocks issue while busy)
  Load,       // scalar load port (M85: L/H halves)
  Store,      // scalar store port
  Branch,     // branch unit
  System,     // serialising system instructions
  Fpu,        // scalar FP
  VecLoadStore, VecInt, VecMul, VecCtrl,   // M55 vector pipes ([LLVM-M55] header)
  VecA, VecB, VecC, VecD,                  // M85 FP/MVE pipes ([LLVM-M85])
  VecLoad, VecStore,                       // M85 vector load and store pipes ([SLOTHY] M85)
  LongShift,  // 64-bit scalar shifts on the vector unit / M85 long-shift unit
};

struct ClassTiming {
  OpClass op;
  uint8_t latency;    // cycles from issue until a dependent instruction may issue
  uint8_t occupancy;  // cycles the unit stays busy (2 = one MVE instruction's two beats)
  Unit unit;
  std::string_view source;  // where the numbers come from (a key of the table's header)
};

template <size_t N>
using ClassTable = std::array<ClassTiming, N>;

// True when every OpClass appears exactly once.
template <size_t N>
constexpr bool table_is_exhaustive(const ClassTable<N>& table) {
  if (N != kOpClassCount) return false;
  std::array<int, kOpClassCount> seen{};
  for (const ClassTiming& row : table) {
    const unsigned i = static_cast<unsigned>(row.op);
    if (i >= kOpClassCount || seen[i]++ != 0) return false;
    if (row.source.empty()) return false;
  }
  return true;
}

// The table reordered by OpClass value, for O(1) lookup.
template <size_t N>
consteval std::array<ClassTiming, kOpClassCount> index_by_class(const ClassTable<N>& table) {
  std::array<ClassTiming, kOpClassCount> out{};
  for (const ClassTiming& row : table) out[static_cast<unsigned>(row.op)] = row;
  return out;
}

}  // namespace corsim::cpu::timing
