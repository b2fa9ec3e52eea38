#pragma once
// Decoding one encoding against the tables (the slow path behind the predecode cache).
#include <cstdint>

#include "cpu/decoder/encoding.h"

namespace corsim::cpu::decoder {

// True when a halfword is the first half of a 32-bit encoding (hw1[15:11] = 0b11101/0b11110/0b11111).
constexpr bool is_32bit(uint16_t hw1) { return (hw1 >> 11) >= 0b11101; }

struct DecodeResult {
  const Encoding* encoding = nullptr;  // null: UNDEFINED
  uint16_t index = 0;
  Operands ops;
};

// `insn` is hw1 for T16, hw1:hw2 for T32.
DecodeResult decode(uint32_t insn, bool t32);

// The handler installed for encodings no table entry accepts: raises UNDEFINSTR.
void exec_UNDEFINED(Cpu& cpu, const Operands&);

}  // namespace corsim::cpu::decoder
