#pragma once
// Fast forms (issue 17 item 1): for the instructions a compiled program runs most (B<cond>, CMP,
// MOV, LDR/STR with an immediate offset) in their most common shape, a handler specialised when a
// block is built, so the run loop skips the generic handler's checks for shapes the operands
// already rule out (PC operands, writeback, shifts, IT-dependent flag setting). Each fast form
// computes exactly what the generic handler of cpu/isa/ computes for those operands;
// tests/cpu/fast_forms_test.cpp runs both on the same states and compares. docs/cpu.md "Run loop".
#include "cpu/decoder/encoding.h"

namespace corsim::cpu {

// The handler to run for a predecoded instruction with handler `exec` and operands `ops`: a fast
// form when one covers this shape, else `exec` itself.
decoder::ExecFn fast_form(decoder::ExecFn exec, const Operands& ops);

// A load/store shape both the fast forms and the block JIT (cpu/jit/inline_forms.cpp) specialise:
// offset addressing with a positive immediate, no writeback, neither register the PC.
inline bool plain_offset(const Operands& o) {
  return (o.flags & (kIndex | kAdd | kWback)) == (kIndex | kAdd) && o.rn != 15 && o.rd != 15;
}

}  // namespace corsim::cpu
