#pragma once
// One normalisation for every comparison of our disassembler's text with arm-none-eabi-objdump's
// (the decode tests of cpu_vfp, cpu_mve_core, cpu_mve_int and cpu_mve_fp, disasm_objdump_test and
// gcc_corpus_test): what is left is what both are meant to agree on.
#include <string>
#include <string_view>

namespace corsim::cpu::test {

// Lower case; the comment cut off (from the first ';' or '@': objdump's "; 0x..." target and "@ ..."
// notes); <symbol> annotations removed; tabs and runs of spaces folded into one space, none at either
// end; and the ".w"/".n" width qualifier of a mnemonic or operand dropped (binutils and ours do not
// always agree on when to write it; the encoding fixes the width anyway). The decode tests'
// VFP/MVE texts carry neither symbols nor width qualifiers, so the last two steps change nothing
// there. Without std::regex: gcc_corpus_test normalises about 100 000 lines.
inline std::string normalise_objdump_text(std::string_view text) {
  std::string folded;
  folded.reserve(text.size());
  bool in_symbol = false;
  for (char c : text) {
    if (c == ';' || c == '@') break;
    if (c == '<') in_symbol = true;
    if (in_symbol) {
      in_symbol = c != '>';
      continue;
    }
    if (c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') c = ' ';
    if (c == ' ' && (folded.empty() || folded.back() == ' ')) continue;
    folded += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  while (!folded.empty() && folded.back() == ' ') folded.pop_back();
  std::string out;
  out.reserve(folded.size());
  for (size_t i = 0; i < folded.size(); ++i) {
    const bool width = folded[i] == '.' && i + 1 < folded.size() && (folded[i + 1] == 'w' || folded[i + 1] == 'n') &&
                       (i + 2 == folded.size() || folded[i + 2] == ' ');
    if (width) {
      ++i;
      continue;
    }
    out += folded[i];
  }
  return out;
}

}  // namespace corsim::cpu::test
