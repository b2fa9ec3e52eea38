#pragma once
// Static timing information of one instruction (cpu/retire_record.h InstrInfo), derived once at
// predecode from its decoder-table row and operands: which registers it reads and writes, its
// branch kind and the traits the timing tables key on. Everything comes from what the row
// declares (cpu/decoder/row_facts.h: its register operands, their roles, implicit registers,
// branch kind and issue traits); nothing here reads a row's name or text, so a new instruction
// needs no edit in cpu/timing. docs/timing.md "Register usage".
#include "cpu/decoder/encoding.h"
#include "cpu/retire_record.h"

namespace corsim::cpu::decoder {

// `row` null (UNDEFINED) gives an InstrInfo with no registers.
InstrInfo describe_instruction(const Encoding* row, const Operands& ops, bool t32);

// Fills InstrInfo::src/dst from InstrInfo::regs and sets kTraitCompactRegs when every register
// fits the short lists (describe_instruction calls it; tests that build an InstrInfo by hand too).
void compact_lists(InstrInfo& info);

}  // namespace corsim::cpu::decoder
