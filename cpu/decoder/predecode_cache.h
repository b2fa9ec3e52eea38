#pragma once
// One predecoded instruction: its handler and operands, the raw
// encoding and where its bytes live on the host. The run loop executes them in blocks
// (cpu/block_cache.h), which compare their code bytes with memory on every entry.
#include <cstdint>

#include "cpu/decoder/encoding.h"
#include "cpu/decoder/operands.h"
#include "cpu/retire_record.h"

namespace corsim::cpu {

// PredecodeEntry::index of an encoding no table entry accepts.
constexpr uint16_t kUndefinedIndex = 0xFFFF;

struct PredecodeEntry {
  // What the interpreter reads for every instruction first (the JIT reads entries only when it
  // compiles a block and calls a handler with `ops`).
  decoder::ExecFn exec = nullptr;
  Operands ops;
  uint8_t size = 2;                  // 2 or 4
  OpClass op = OpClass::IntAlu;
  uint16_t index = 0;                // position in its table (disassembly, statistics)
  uint32_t raw = 0;                  // the bytes as they sit in memory (hw1 | hw2 << 16)
  const uint8_t* host = nullptr;     // host address of those bytes, or null (fetch via the bus);
                                     // read when the block is built
  // Static timing information (cpu/decoder/instruction_info.h), filled only while a timing model is
  // attached; kept last so the untimed loop reads only the fields above.
  InstrInfo timing;

  // hw1:hw2 as the Arm ARM writes a T32 encoding (hw1 alone for T16).
  uint32_t encoding() const { return size == 4 ? (raw << 16) | (raw >> 16) : raw; }
};

// The record a timing model retires for `e` at `pc` (cpu/retire_record.h): its static facts and
// the outcome of this execution. The interpreter's timed loop builds one per execution; the JIT one
// per compiled path.
inline RetireInfo retire_info(const PredecodeEntry& e, uint32_t pc, bool executed, bool branch_taken,
                              bool in_it_block, uint32_t next_pc, const MemoryLog* memory) {
  RetireInfo r;
  r.pc = pc;
  r.encoding = e.encoding();
  r.size = e.size;
  r.op = e.op;
  r.executed = executed;
  r.branch_taken = branch_taken;
  r.in_it_block = in_it_block;
  r.next_pc = next_pc;
  r.info = &e.timing;
  r.memory = memory;
  return r;
}

// The table row `e` was decoded from, or null (an undefined encoding). Its handler is the generic
// one: `e.exec` may be a fast form (cpu/fast_forms.h) computing the same.
inline const decoder::Encoding* table_row(const PredecodeEntry& e) {
  const auto table = e.size == 4 ? decoder::t32_table() : decoder::t16_table();
  return e.index < table.size() ? &table[e.index] : nullptr;
}

}  // namespace corsim::cpu
