#pragma once
// Encodings arm-none-eabi-objdump 2.40 decodes right but prints wrong, and how the objdump
// comparisons tell its text from ours without hiding any other difference. Our disassembler prints
// the architectural form (Arm ARM); each quirk below says exactly which part of objdump's line is
// wrong and compares everything else.
#include <regex>
#include <string>
#include <string_view>

namespace corsim::test {

inline bool binutils_misprint(std::string_view row, const std::string& ours, const std::string& theirs) {
  // VQABS: objdump inserts the Q register of bits 19:17 as a middle operand
  // ("vqabs.s16 q0, q2, q1" for vqabs.s16 q0, q1).
  if (row.starts_with("VQABS"))
    return std::regex_replace(theirs, std::regex("^(vqabs\\.s[0-9]+ q[0-9]), q[0-9], "), "$1, ") == ours;
  // VQSHRN/VQRSHRN/VQSHRUN/VQRSHRUN: objdump prints bits 18:16 of the immediate field as the
  // shift amount; everything before the immediate must still match.
  if (row.starts_with("VQSHRN") || row.starts_with("VQRSHRN") || row.starts_with("VQSHRUN") ||
      row.starts_with("VQRSHRUN")) {
    const std::regex imm("#[0-9]+$");
    return std::regex_replace(theirs, imm, "#") == std::regex_replace(ours, imm, "#");
  }
  // PAC key registers (PACBTI, SYSm 0x20-0x27 and 0xA0-0xA7): objdump prints "(UNDEF: 47)" for
  // MRS and "R8_fiq" for MSR in place of the register; the rest must match. The names themselves
  // are checked against llvm-objdump in tests/cpu/pacbti_decode_test.cpp. (binutils learnt them later:
  // commit 1fb5ccd6 "arm: Support pac_key_* register operand for MRS/MSR in Armv8.1-M Mainline",
  // on the 2.43 branch.)
  if (row.starts_with("MRS (PAC key)") || row.starts_with("MSR (PAC key)")) {
    const std::regex key("pac_key_[pu]_[0-3](_ns)?");
    const std::regex misprint("\\(undef: 47\\)|r8_fiq");
    return std::regex_replace(theirs, misprint, "KEY") == std::regex_replace(ours, key, "KEY");
  }
  return false;
}

}  // namespace corsim::test
