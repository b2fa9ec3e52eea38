#pragma once
// The checking loop the decode tests share (cpu_vfp, cpu_mve_core, cpu_mve_int, cpu_mve_fp): a case
// table is assembled by arm-none-eabi-as (an independent encoder) and printed by arm-none-eabi-objdump;
// every case must decode to its expected row and our disassembler must print what objdump prints.
//
// A case is {source, row} (more fields are ignored, except `extra` below). Its source is one
// instruction, optionally with instructions that belong to it:
//   - after "it ...": the IT instruction is not a case; its ITSTATE is handed to the disassembler
//     for the next instruction (the condition objdump prints inside an IT block);
//   - after a VPT or VPST: the block's instructions (as many as the decoded mask gives) must decode
//     and print as objdump prints them without the then/else slot letter it adds inside a VPT
//     block ("vpnott" -> "vpnot"; our disassembler sees one instruction at a time). A case with an
//     `extra` field states that count itself, and it must agree with the decoded mask.
// A difference in the text is allowed only where binutils misprints a row (binutils_quirks.h; its
// rows are MVE integer ones, so only cpu_mve_int's table meets it).
// The four loops this replaces differed only in which of these they needed, with two exceptions
// now made uniform: the MVE-FP and MVE-integer tests decoded every line as 32-bit (all theirs are;
// the width now comes from objdump's line), and the MVE-core test only decoded a VPT block's body
// (it is now printed and compared as the MVE-FP test did).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "tests/cpu/assemble.h"
#include "tests/cpu/binutils_quirks.h"
#include "tests/cpu/objdump_text.h"

namespace corsim::cpu::test {

// objdump's text of an instruction inside a VPT block without the slot letter ('t' or 'e') that ends
// its mnemonic: "vaddt.f32\tq0, q0, q0" -> "vadd.f32\tq0, q0, q0", "vpnott" -> "vpnot".
inline std::string drop_vpt_slot_letter(std::string text) {
  const size_t start = text.find_first_not_of(" \t");
  if (start == std::string::npos) return text;
  size_t end = text.find_first_of(". \t", start);
  if (end == std::string::npos) end = text.size();
  if (end > start && (text[end - 1] == 't' || text[end - 1] == 'e')) text.erase(end - 1, 1);
  return text;
}

// Instructions a VPT/VPST with this mask predicates: the mask's lowest set bit marks the last.
inline unsigned vpt_block_size(uint32_t mask) { return 4 - static_cast<unsigned>(__builtin_ctz(mask)); }

template <typename Case, size_t N>
void expect_cases_decode_like_objdump(const Case (&cases)[N]) {
  std::string err;
  const std::vector<ObjdumpLine> lines = assemble_and_objdump(cases, err);
  ASSERT_FALSE(lines.empty()) << err;
  size_t next = 0;
  uint8_t it = 0;
  unsigned block_left = 0;  // instructions of the current VPT block still to come
  const Case* owner = nullptr;
  for (const ObjdumpLine& l : lines) {
    const auto r = decoder::decode(l.insn, l.t32);
    ASSERT_NE(r.encoding, nullptr) << std::hex << l.insn << " " << l.text;
    const std::string ours = normalise_objdump_text(disasm::disassemble(l.insn, l.t32, 0, it));
    if (block_left > 0) {
      --block_left;
      EXPECT_EQ(ours, normalise_objdump_text(drop_vpt_slot_letter(l.text))) << owner->source;
      continue;
    }
    if (r.encoding->name == "IT T1") {
      it = static_cast<uint8_t>((r.ops.cond << 4) | r.ops.imm);
      continue;
    }
    ASSERT_LT(next, N) << "more instructions than cases: " << l.text;
    const Case& c = cases[next++];
    owner = &c;
    EXPECT_EQ(r.encoding->name, c.row) << c.source;
    const std::string theirs = normalise_objdump_text(l.text);
    if (!corsim::test::binutils_misprint(c.row, ours, theirs)) {
      EXPECT_EQ(ours, theirs) << c.source;
    }
    const std::string_view row = c.row;
    if (row.starts_with("VPT") || row.starts_with("VPST")) block_left = vpt_block_size(r.ops.imm);
    if constexpr (requires { c.extra; }) {
      EXPECT_EQ(static_cast<int>(block_left), c.extra) << c.source;
    }
    it = 0;
  }
  EXPECT_EQ(block_left, 0u) << "a VPT block is cut short";
  EXPECT_EQ(next, N);
}

}  // namespace corsim::cpu::test
