#pragma once
// Block JIT (issue 17 item 1): turns a predecoded block (cpu/block_cache.h) into x86-64 code, with
// xbyak as the assembler. The hottest integer forms are written inline (cpu/jit/inline_forms.cpp:
// MOV/ADD/SUB/CMP/logic with immediate or shifted register, LDR/STR with an immediate offset and
// an inline path to plain memory, B/B<cond>/BL); every other instruction is a direct call of its
// handler, exec(cpu, ops), followed by the checks the interpreter makes after it (pending work, a
// taken branch, an exception to take). The generated code follows run_block's semantics exactly
// (cpu/run_loop.h): the interpreter stays the reference, and runs every traced or timed run, every
// block with an IT instruction or entered inside an IT block, and every block cut by the cycle
// budget. docs/cpu.md "Block JIT".
#include <cstdint>
#include <memory>

#include "cpu/decoder/predecode_cache.h"

namespace corsim::cpu {
class Cpu;
}

namespace corsim::cpu::jit {

// A compiled block: runs the block's instructions on `cpu` and returns the address of the last one
// it ran. On return, state().r[15] is the next instruction's address, and Cpu's per-block counter
// holds the instructions run (the faulting one included, as run_block counts it); pending work, if
// any, is left for the run loop to serve.
using BlockFn = uint32_t (*)(Cpu* cpu);

// Where the generated code finds the Cpu's fields: byte offsets from the Cpu object, and the
// addresses of data that lives elsewhere. Filled by Cpu (the fields are private).
struct CpuLayout {
  int32_t regs = 0;           // ArchState::r[0]; r[n] at regs + 4n
  int32_t flags = 0;          // ArchState::n; z, c, v in the next three bytes (bools)
  int32_t next_pc = 0;        // Cpu::next_pc_
  int32_t pending = 0;        // Cpu::pending_
  int32_t block_retired = 0;  // Cpu::block_retired_
  const bool* attention = nullptr;           // ExceptionPort::attention()
  uint8_t* const* read_pages = nullptr;      // memory::Interconnect::read_page_table()
  uint8_t* const* write_pages = nullptr;     // memory::Interconnect::write_page_table()
};

// True when this build can generate code for the host (x86-64 with xbyak).
bool available();

class BlockJit {
 public:
  explicit BlockJit(const CpuLayout& layout);
  ~BlockJit();
  BlockJit(const BlockJit&) = delete;
  BlockJit& operator=(const BlockJit&) = delete;

  // Native code for the `count` instructions at `e` (the block at `pc`, no IT instruction, run
  // with ITSTATE 0). Null when the code buffer is full() (reset(), then retry) or, never expected,
  // when the assembler refuses an instruction (the block is then left to the interpreter).
  // The code refers to the entries' operands in place: it is valid while the entries are.
  BlockFn compile(const PredecodeEntry* e, unsigned count, uint32_t pc);
  bool full() const;
  // Forgets every compiled block (their BlockFn must no longer be called).
  void reset();

  uint64_t blocks_compiled = 0;
  uint64_t inlined = 0;  // instructions written inline (the rest are calls)

 private:
  struct Generator;
  std::unique_ptr<Generator> gen_;
  CpuLayout layout_;
};

}  // namespace corsim::cpu::jit
