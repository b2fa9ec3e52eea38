#pragma once
// Arm ARM pseudocode helpers (DDI 0553, chapter E2 "Pseudocode library" / "Shift and rotate
// operations" / "Thumb expand immediate"). Pure constexpr functions, named as in the pseudocode.
#include <cstdint>

#include "cpu/decoder/operands.h"

namespace corsim::cpu {

struct ResultCarry { uint32_t result; bool carry; };
struct ResultCarryOverflow { uint32_t result; bool carry; bool overflow; };

// AddWithCarry(x, y, carry_in): result, carry out (unsigned overflow), overflow (signed).
constexpr ResultCarryOverflow AddWithCarry(uint32_t x, uint32_t y, bool carry_in) {
  const uint64_t usum = uint64_t{x} + uint64_t{y} + (carry_in ? 1u : 0u);
  const int64_t ssum = int64_t{static_cast<int32_t>(x)} + int64_t{static_cast<int32_t>(y)} + (carry_in ? 1 : 0);
  const uint32_t result = static_cast<uint32_t>(usum);
  return {result, (usum >> 32) != 0, static_cast<int64_t>(static_cast<int32_t>(result)) != ssum};
}

// Shift_C(value, type, amount, carry_in) for amount < 256 (register-specified shifts pass the
// bottom byte). Amount 0 returns the value and carry_in unchanged (the pseudocode's "if amount == 0"
// rule); RRX ignores the amount (always 1).
constexpr ResultCarry Shift_C(uint32_t value, uint8_t type, unsigned amount, bool carry_in) {
  if (type == kRrx) return {(value >> 1) | (uint32_t{carry_in} << 31), (value & 1u) != 0};
  if (amount == 0) return {value, carry_in};
  switch (type) {
    case kLsl:
      if (amount < 32) return {value << amount, ((value >> (32 - amount)) & 1u) != 0};
      if (amount == 32) return {0, (value & 1u) != 0};
      return {0, false};
    case kLsr:
      if (amount < 32) return {value >> amount, ((value >> (amount - 1)) & 1u) != 0};
      if (amount == 32) return {0, (value >> 31) != 0};
      return {0, false};
    case kAsr: {
      const int32_t s = static_cast<int32_t>(value);
      if (amount < 32) return {static_cast<uint32_t>(s >> amount), ((value >> (amount - 1)) & 1u) != 0};
      return {static_cast<uint32_t>(s >> 31), (value >> 31) != 0};
    }
    default: {  // ROR: ROR_C uses amount MOD 32, carry = result<31>
      const unsigned r = amount & 31u;
      const uint32_t res = r == 0 ? value : (value >> r) | (value << (32 - r));
      return {res, (res >> 31) != 0};
    }
  }
}
constexpr uint32_t Shift(uint32_t value, uint8_t type, unsigned amount, bool carry_in) {
  return Shift_C(value, type, amount, carry_in).result;
}

// DecodeImmShift(type, imm5): the SRType and amount an immediate shift field means.
struct ImmShift { uint8_t type; uint8_t amount; };
constexpr ImmShift DecodeImmShift(uint32_t type, uint32_t imm5) {
  switch (type & 3u) {
    case 0: return {kLsl, static_cast<uint8_t>(imm5)};
    case 1: return {kLsr, static_cast<uint8_t>(imm5 == 0 ? 32 : imm5)};
    case 2: return {kAsr, static_cast<uint8_t>(imm5 == 0 ? 32 : imm5)};
    default: return imm5 == 0 ? ImmShift{kRrx, 1} : ImmShift{kRor, static_cast<uint8_t>(imm5)};
  }
}

// ThumbExpandImm_C(imm12, carry_in). `carry_valid` is false when the carry out is carry_in (the
// replicated-byte forms), so predecode can store the expansion without knowing APSR.C.
struct ExpandedImm { uint32_t value; bool carry_valid; bool carry; bool unpredictable; };
constexpr ExpandedImm ThumbExpandImm_C(uint32_t imm12) {
  const uint32_t imm8 = imm12 & 0xFFu;
  if ((imm12 >> 10) == 0) {
    switch ((imm12 >> 8) & 3u) {
      case 0: return {imm8, false, false, false};
      case 1: return {(imm8 << 16) | imm8, false, false, imm8 == 0};
      case 2: return {(imm8 << 24) | (imm8 << 8), false, false, imm8 == 0};
      default: return {(imm8 << 24) | (imm8 << 16) | (imm8 << 8) | imm8, false, false, imm8 == 0};
    }
  }
  const uint32_t unrotated = 0x80u | (imm12 & 0x7Fu);
  const unsigned r = (imm12 >> 7) & 31u;
  const uint32_t v = (unrotated >> r) | (unrotated << (32 - r));  // r >= 8 here
  return {v, true, (v >> 31) != 0, false};
}

// ConditionPassed for a 4-bit condition against the APSR flags.
constexpr bool ConditionHolds(unsigned cond, bool n, bool z, bool c, bool v) {
  bool r = false;
  switch (cond >> 1) {
    case 0: r = z; break;
    case 1: r = c; break;
    case 2: r = n; break;
    case 3: r = v; break;
    case 4: r = c && !z; break;
    case 5: r = n == v; break;
    case 6: r = n == v && !z; break;
    default: return true;  // AL (and 0b1111, treated as always)
  }
  return (cond & 1u) ? !r : r;
}

// ITSTATE advance after an instruction in an IT block (ITAdvance()).
constexpr uint8_t ITAdvance(uint8_t it) {
  if ((it & 0x7u) == 0) return 0;
  return static_cast<uint8_t>((it & 0xE0u) | ((it << 1) & 0x1Fu));
}

}  // namespace corsim::cpu
