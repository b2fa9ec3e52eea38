#pragma once
// Static timing information of one instruction (cpu/retire_record.h InstrInfo), derived once at
// predecode from its decoder-table row and operands: which registers it reads and writes, its
// branch kind and the traits the timing tables key on. The register roles are read off the row's
// disassembly template (cpu/disasm/disasm.h keys: {d} {n} {m} {a}, {mem...}, {list}, {Sd} {Dd}
// {Qd}, ...) and its name, so every row of every table file gets a descriptor without a new
// column in the tables. docs/timing.md "Register usage".
#include "cpu/decoder/encoding.h"
#include "cpu/retire_record.h"

namespace corsim::cpu::timing {

// `row` null (UNDEFINED) gives an InstrInfo with no registers.
InstrInfo describe_instruction(const decoder::Encoding* row, const Operands& ops, bool t32);

// Fills InstrInfo::src/dst from InstrInfo::regs and sets kTraitCompactRegs when every register
// fits the short lists (describe_instruction calls it; tests that build an InstrInfo by hand too).
void compact_lists(InstrInfo& info);

}  // namespace corsim::cpu::timing
