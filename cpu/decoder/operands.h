#pragma once
// The one operand struct every handler takes (like decodetree argument sets). Filled at predecode
// by an entry's decode function; a 16-bit encoding fills it exactly like its 32-bit twin so both
// call the same handler.
#include <cstdint>

#include "cpu/retire_record.h"  // OpClass: the static fact every decoder row carries

namespace corsim::cpu {

// Register usage by convention (a handler documents any other use next to its table entry):
//   rd  destination; also Rt of loads/stores, RdLo of long multiplies
//   rn  first operand / base register
//   rm  second operand / index register
//   ra  accumulator; also Rt2 of LDRD/STRD/LDREXD, RdHi of long multiplies, Rd of STREX
//   imm immediate (already expanded / sign-extended / scaled), branch offset, register list,
//       BFI/UBFX width
//   shift_t / shift_n   SRType and amount (DecodeImmShift already applied); rotation of extends;
//       lsb of bitfield instructions
struct Operands {
  uint32_t imm = 0;
  uint8_t rd = 0, rn = 0, rm = 0, ra = 0;
  uint8_t shift_t = 0;
  uint8_t shift_n = 0;
  uint8_t cond = 0xE;  // B<cond>, CSEL family; 0xE (AL) otherwise
  uint8_t flags = 0;
};
static_assert(sizeof(Operands) == 12);

// Operands::flags bits.
enum OperandFlag : uint8_t {
  kSetFlags = 1u << 0,         // S == 1
  kSetFlagsOutsideIt = 1u << 1,  // 16-bit data processing: sets flags iff !InITBlock()
  kIndex = 1u << 2,            // P: offset (or pre-indexed) addressing
  kAdd = 1u << 3,              // U: add the offset
  kWback = 1u << 4,            // W: write the address back
  kCarryValid = 1u << 5,       // ThumbExpandImm_C produced a carry (else carry = APSR.C)
  kCarry = 1u << 6,            // that carry
  kAlt = 1u << 7,              // per-handler variant bit (documented at the handler)
};

// SRType (Arm ARM "Shift and rotate operations").
enum SrType : uint8_t { kLsl = 0, kLsr = 1, kAsr = 2, kRor = 3, kRrx = 4 };

}  // namespace corsim::cpu
