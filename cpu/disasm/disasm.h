#pragma once
// Disassembly from the decoder tables: every row carries a format template that this formatter
// fills from the row's Operands, so decoding and disassembly cannot disagree about fields.
//
// Template keys (objdump-like output, GNU syntax):
//   {d} {n} {m} {a}   registers rd rn rm ra (r0..r12, sp, lr, pc)
//   {s}               "s" when the instruction sets flags (16-bit forms: only outside IT blocks)
//   {c}               condition suffix: the IT condition inside an IT block, else Operands::cond
//   {i}               "#imm" (decimal);  {imm} imm;  {simm} imm negated unless kAdd
//   {shn}             shift amount;  {sh} ", <shift> #n" when there is a shift;  {ror} ", ror #n"
//   {tgt} / {tgtb}    branch target PC + imm / PC - imm (hex)
//   {mem} {memr} {memx}  [Rn, #imm] with P/U/W; [Rn, Rm, lsl #n]; [Rn, #imm] (exclusives)
//   {list} {!}        register list; "!" when writing back
//   {lsb} {width}     bitfield position/width;  {it} IT then/else letters;  {cond} Operands::cond
//   {esize}           element size of the tail-predicated loops
//   {MOVSH} {CSEL}    whole-instruction aliases (shift-by-immediate MOV, CSET/CINC/...)
#include <cstdint>
#include <string>

#include "cpu/decoder/encoding.h"
#include "cpu/decoder/predecode_cache.h"

namespace corsim::cpu::disasm {

// `itstate` is ITSTATE when the instruction executes (selects the condition suffix and the
// 16-bit flag-setting forms).
std::string format(const decoder::Encoding& e, const Operands& o, uint32_t pc, uint8_t itstate);

// Decodes and formats; "udf" text for encodings no row accepts.
std::string disassemble(uint32_t insn, bool t32, uint32_t pc, uint8_t itstate = 0);
std::string disassemble(const PredecodeEntry& e, uint32_t pc, uint8_t itstate);

}  // namespace corsim::cpu::disasm
