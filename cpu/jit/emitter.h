#pragma once
// The code generator behind BlockJit (cpu/jit/block_jit.h), for x86-64 hosts only. One Emitter
// writes one block: cpu/jit/block_jit.cpp the frame, handler calls and block exits,
// cpu/jit/inline_forms.cpp the instructions written inline.
//
// Generated code, System V ABI: rbx = the Cpu (fields at CpuLayout offsets), rbp = instructions
// run since BlockJit::run was entered, r12 = its budget, r13 / r14 = the interconnect's read /
// write page tables, r15 = the exception unit's attention flag; all callee-saved, so they survive
// handler calls. eax, ecx, edx, esi, r8d are scratch.
#include <deque>
#include <functional>
#include <xbyak/xbyak.h>

#include "cpu/jit/block_jit.h"

namespace corsim::cpu::jit {

class Emitter {
 public:
  // `dispatch` and `leave`: BlockJit's shared code (block_jit.cpp write_shared_code).
  Emitter(Xbyak::CodeGenerator& g, const CpuLayout& layout, const void* dispatch, const void* leave)
      : g_(g), layout_(layout), dispatch_(dispatch), leave_(leave) {}

  // Writes the block's code; returns its entry point. `inlined` counts the inline instructions.
  BlockCode block(const PredecodeEntry* e, unsigned count, uint32_t pc, const uint8_t* host, unsigned bytes,
                  uint64_t& inlined);

 private:
  // The instruction being written.
  struct Insn {
    const PredecodeEntry* e = nullptr;
    unsigned index = 0;         // in the block
    uint32_t pc = 0;
    uint32_t fallthrough = 0;   // pc + size
    bool last = false;          // the block's last instruction
    uint8_t it_before = 0;      // ITSTATE before it (known when the block is compiled: it ran
    uint8_t it_after = 0;       // from ITSTATE 0) and after it (ITAdvance, or the IT's own)
    Xbyak::Label* exit = nullptr;  // leaves the block after this instruction (see exit_stub)
  };

  // ---- block_jit.cpp ----
  // Calls the instruction's handler as run_block does (PC, next PC and the per-block counter set
  // first), then leaves the block on pending work or a taken branch, or when it was the last
  // instruction or the exception unit wants attention.
  void call_handler(const Insn& in);
  // The call alone (for the slow path of an inline form), then its checks; continues at `resume`.
  void call_then_resume(const Insn& in, Xbyak::Label& resume);
  void call_only(const Insn& in);
  // Compares the block's code bytes in memory with those it was compiled from.
  void check_code(const uint8_t* host, unsigned bytes);
  // Ends the block after `in` (no pending work) with r[15] = `next`: on to the block there, or
  // back to the run loop when an IT block goes on past this block.
  void end_block(const Insn& in, uint32_t next);
  // Out-of-line exit after `in`: r[15] = next_pc_; to dispatch, or back to the loop when work is
  // pending.
  void exit_stub(const Insn& in);

  // ---- inline_forms.cpp ----
  // Writes `in` inline when it is one of the inline forms in a shape they cover; false (nothing
  // written) otherwise.
  bool try_inline(const Insn& in);
  // The ITSTATE an IT instruction `in` sets when it is written inline (outside an IT block), or
  // -1 (not such an IT: nothing written).
  int try_it(const Insn& in);
  bool alu(const Insn& in, unsigned op, bool register_form);
  bool load(const Insn& in, unsigned bytes, bool sign);
  bool store(const Insn& in, unsigned bytes);
  bool branch(const Insn& in, unsigned cond, bool link);
  // Sets al to ConditionHolds(cond) from the flag bytes.
  void condition(unsigned cond);
  // The inline path to plain memory for `in` (address R[n] + imm): `access` is written where
  // rcx + rsi is the host address of its `bytes`; an unaligned address or a page that is not plain
  // memory calls the handler instead (out of line). Clobbers eax, ecx, esi.
  void memory_access(const Insn& in, unsigned bytes, bool write, const std::function<void()>& access);

  Xbyak::Address reg(unsigned n) const { return g_.dword[g_.rbx + layout_.regs + 4 * static_cast<int>(n)]; }
  // ArchState::n, z, c, v
  Xbyak::Address flag(unsigned i) const { return g_.byte[g_.rbx + layout_.flags + static_cast<int>(i)]; }
  Xbyak::Address field(int32_t offset) const { return g_.dword[g_.rbx + offset]; }

  Xbyak::CodeGenerator& g_;
  const CpuLayout& layout_;
  const void* dispatch_;
  const void* leave_;
  std::deque<Xbyak::Label> labels_;  // stable addresses for labels referenced before definition
  // Out-of-line code (slow paths, exits), written after the block's straight-line code.
  std::deque<std::function<void()>> cold_;
};

enum FlagByte : unsigned { kN = 0, kZ = 1, kC = 2, kV = 3 };

}  // namespace corsim::cpu::jit
