#pragma once
// Bit-pattern strings in the Arm ARM's bit order, parsed at compile time (as dynarmic's tables).
//
// A T32 pattern is hw1:hw2 written as one 32-character string, most significant bit first, exactly
// as the encoding diagrams of Arm DDI 0553 read left to right; a T16 pattern has 16 characters.
//   '0' / '1'     fixed bits (they form mask and match)
//   '(0)' '(1)'   "should be" bits: matched like fixed bits. An encoding with a wrong should-be bit
//                 is CONSTRAINED UNPREDICTABLE; we choose UNDEFINED, which is also how binutils
//                 reads them (and in Armv8.1-M several such spaces hold newer instructions).
//   a-z A-Z       field bits. Every bit carrying the same letter belongs to one field, concatenated
//                 in string order, so "i" + "iii" + "iiiiiiii" reads i:imm3:imm8 as one value.
//   '-'           any value (not a field)
//   ' ' '_' '\''  ignored separators
// A malformed string (wrong length, bad character) is a compile error: the constructor is consteval.
#include <cstdint>
#include <string_view>

namespace corsim::cpu::decoder {

struct BitPattern {
  uint32_t mask = 0;
  uint32_t match = 0;
  uint8_t width = 0;  // 16 or 32
  std::string_view text;

  consteval BitPattern(std::string_view s) : text(s) {
    unsigned n = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (c == ' ' || c == '_' || c == '\'') continue;
      if (c == '(') {
        if (i + 2 >= s.size() || (s[i + 1] != '0' && s[i + 1] != '1') || s[i + 2] != ')')
          throw "bad (0)/(1) in bit pattern";
        i += 2;
      } else if (!(c == '0' || c == '1' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
        throw "bad character in bit pattern";
      }
      ++n;
    }
    if (n != 16 && n != 32) throw "bit pattern must have 16 or 32 bits";
    width = static_cast<uint8_t>(n);
    unsigned pos = n;
    for (size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (c == ' ' || c == '_' || c == '\'') continue;
      --pos;
      if (c == '(') {
        mask |= 1u << pos;
        if (s[i + 1] == '1') match |= 1u << pos;
        i += 2;
        continue;
      }
      if (c == '0' || c == '1') {
        mask |= 1u << pos;
        if (c == '1') match |= 1u << pos;
      }
    }
  }

  constexpr bool matches(uint32_t insn) const { return (insn & mask) == match; }
};

// Field extraction from a raw encoding: the slow path, used only at predecode.
class Fields {
 public:
  constexpr Fields(uint32_t insn, const BitPattern& p) : insn_(insn), pattern_(&p) {}

  uint32_t raw() const { return insn_; }
  unsigned width() const { return pattern_->width; }

  // The value of field `letter` (its bits concatenated MSB first). A letter absent from the
  // pattern is a table bug; it is recorded so the decoder-table test reports it.
  uint32_t operator()(char letter) const {
    uint32_t v = 0;
    bool found = false;
    unsigned pos = pattern_->width;
    const std::string_view s = pattern_->text;
    for (size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (c == ' ' || c == '_' || c == '\'') continue;
      --pos;
      if (c == '(') { i += 2; continue; }
      if (c == letter) {
        v = (v << 1) | ((insn_ >> pos) & 1u);
        found = true;
      }
    }
    if (!found) missing_ = true;
    return v;
  }
  // Number of bits of field `letter` (for sign extension of branch offsets etc.).
  unsigned size(char letter) const {
    unsigned n = 0;
    const std::string_view s = pattern_->text;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '(') { i += 2; continue; }
      if (s[i] == letter) ++n;
    }
    return n;
  }
  bool missing_field() const { return missing_; }

 private:
  uint32_t insn_;
  const BitPattern* pattern_;
  mutable bool missing_ = false;
};

}  // namespace corsim::cpu::decoder
