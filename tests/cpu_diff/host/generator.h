#pragma once
// Random valid cases of one class (docs/cpu-diff.md): a row of the class is picked, its pattern's
// free bits are filled at random, and the encoding is kept when our decoder gives it to that row;
// integer classes refuse SP/PC register fields; memory classes point their base register into the
// sandbox; an IT (integer/VFP) or VPST (MVE) prefix predicates a quarter of the cases. Each
// candidate then passes the corsim screen (screen.h) or is drawn again.
#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "tests/cpu_diff/diff_case.h"
#include "tests/cpu_diff/host/classes.h"
#include "tests/cpu_diff/host/screen.h"

namespace corsim::cpu_diff {

struct GeneratedCase {
  DiffCase c{};
  std::array<uint8_t, DIFF_SLOT_SIZE> slot{};
  uint32_t insn = 0;          // hw1 (T16) or hw1:hw2 (T32)
  bool t32 = false;
  uint32_t prefix = 0;        // 0, an IT halfword, or the VPST word
  uint8_t insn_offset = 0;    // where the instruction starts in the slot
  uint8_t insn_end = 0;       // where the instruction ends
  uint8_t return_at = 0;      // where the return branch starts (after the VPT-closing fillers)
  bool vpt_under_test = false;  // VPT/VPST: four VORR q0,q0,q0 follow, inside its block
  const cpu::decoder::Encoding* row = nullptr;
  bool faults = false;        // the screen saw a UsageFault
};

struct GeneratorStats {
  uint64_t drawn = 0, wrong_row = 0, bad_regs = 0, left_slot = 0, outside = 0, other_fault = 0;
  std::map<std::string, uint64_t> kept_per_row;
};

class Generator {
 public:
  explicit Generator(uint64_t seed);
  // A case of `cls` for the slot at `slot_addr`; false when no row of the class yields a keepable
  // case after many draws.
  bool make(const ClassRows& cls, uint32_t slot_addr, GeneratedCase& out, GeneratorStats& stats);

 private:
  uint64_t next();
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
  uint64_t rng_;
  Screen screen_;
};

// B.W from `from` (the branch's address) to `to`.
uint32_t encode_b_w(uint32_t from, uint32_t to);
// Builds a slot: prefix, instruction, VPT fillers, return branch to the image trampoline, NOP fill.
void build_slot(GeneratedCase& g, uint32_t slot_addr);

}  // namespace corsim::cpu_diff
