#pragma once
// The code generator behind BlockJit (cpu/jit/block_jit.h), for x86-64 hosts only. One Emitter
// writes one block: cpu/jit/block_jit.cpp the frame, handler calls and block exits,
// cpu/jit/inline_forms.cpp the instructions written inline.
//
// Generated code, System V ABI: rbx = the Cpu (fields at CpuLayout offsets), rbp = instructions
// run since BlockJit::run was entered (untimed; timed runs count on the model, and rbp is the base
// the compiled retirement addresses its model's state from, RetireCompiler::base), r12 =
// its limit (untimed: instructions; timed: the model's clock to stop at), r13 / r14 = the
// interconnect's read / write page tables, r15 = the exception unit's attention flag; all
// callee-saved, so they survive handler calls. eax, ecx, edx, esi, edi, r8d are scratch.
#include <deque>
#include <functional>
#include <xbyak/xbyak.h>

#include "cpu/block_cache.h"
#include "cpu/jit/block_jit.h"

namespace corsim::cpu::jit {

// An inline load or store's one access (RetireSite::access_bytes): its address in edi, not in
// the data access log until a call of the model's retire needs it (Emitter::log_access).
struct InlineAccess {
  uint8_t bytes = 0;  // 0: none
  bool write = false;
};

class Emitter {
 public:
  // `shared`: BlockJit's shared code (block_jit.cpp write_shared_code); `retire`: null untimed;
  // timed, the static parts of the retire records go to `records`.
  Emitter(Xbyak::CodeGenerator& g, const CpuLayout& layout, const SharedCode& shared, RetireFns retire,
          std::deque<RetireInfo>& records)
      : g_(g), layout_(layout), shared_(shared), retire_(retire), records_(records) {}

  // Writes the block's code for entry with ITSTATE `entry_itstate`. `inlined` counts the inline
  // instructions.
  BlockJit::Compiled block(const PredecodeEntry* e, unsigned count, uint32_t pc, const uint8_t* host,
                           unsigned bytes, uint8_t entry_itstate, uint64_t& inlined);

 private:
  // The instruction being written.
  struct Insn {
    const PredecodeEntry* e = nullptr;
    unsigned index = 0;         // in the block
    uint32_t pc = 0;
    uint32_t fallthrough = 0;   // pc + size
    bool last = false;          // the block's last instruction
    uint8_t it_before = 0;      // ITSTATE before it (known when the block is compiled: it ran
    uint8_t it_after = 0;       // from its entry ITSTATE) and after it (ITAdvance, or the IT's own)
    RetireInfo* record = nullptr;  // timed: its retire record (not taken, to the fall-through)
  };

  // ---- block_jit.cpp ----
  // One instruction: inline or called, conditional inside an IT block, retired when timed, then
  // the checks that may end the block.
  void instruction(Insn& in, uint64_t& inlined);
  // A retire record for `in` (`executed` false: skipped inside an IT block). Complete for the
  // inline forms; a call writes its dynamic fields (branch_taken, next_pc) after the handler.
  RetireInfo* record(const Insn& in, bool executed, bool branch_taken, uint32_t next_pc);
  // Timed, before an instruction whose record reads the data access log: clears it as run_block
  // does. Written before a handler call and an inline form retired with a kAny record (IT, a
  // branch); an inline data-processing form's record does not read the log, and an inline load
  // or store writes all of it (log_access). A record of an instruction skipped in an IT block
  // reads none of it.
  void begin_timed();
  // Timed: retires `record` of `shape`, in the model's compiled case inline (RetireFns::compiler)
  // and otherwise by call_retire; rax = the model's clock after it. `outcome_known`: as
  // RetireSite::outcome_known (false for a handler's record). `access`: an inline form's access,
  // logged only where the record is retired by the call.
  // `transfer_bytes`: RetireSite::transfer_bytes.
  void retire(const RetireInfo* record, RecordShape shape = RecordShape::kAny, bool outcome_known = true,
              InlineAccess access = {}, uint8_t transfer_bytes = 0);
  // Calls the timing model's retire() for records of `shape` with `record`.
  void call_retire(const RetireInfo* record, RecordShape shape);
  // Calls the instruction's handler as run_block does (PC, next PC and, timed, the branch flag
  // set first; untimed also the per-block counter, which a device reading the time sees), then
  // retires it when timed. `rare`: a path seldom run (an inline form's way out), whose record is
  // retired by the plain call of the model's retire, without compiled code.
  void call(const Insn& in, bool rare = false);
  // The shape a called instruction's record has when its handler did not branch and logged data
  // accesses as its class leads to expect (call() checks those two per execution).
  static RecordShape called_shape(const PredecodeEntry& e);
  // RetireSite::transfer_bytes of a called instruction (inline_forms.cpp: by its handler).
  static uint8_t transfer_bytes(const PredecodeEntry& e);
  // After call(): leaves the block on pending work, a taken branch or an exception wanting
  // attention; the last instruction leaves in any case. False when nothing follows in line.
  bool after_call(const Insn& in);
  // Compares the block's code bytes in memory with those it was compiled from.
  void check_code(const uint8_t* host, unsigned bytes);
  // Ends the block after `in` (no pending work) with r[15] = `next`: on to the block there, or
  // back to the run loop when an IT block goes on past this block.
  void end_block(const Insn& in, uint32_t next);
  // Leaves the block after `in` with r[15] = the Cpu's next PC: to dispatch, or back to the loop
  // when work is pending. exit() is the out-of-line copy other instructions jump to (written
  // once, when first asked for); exit_code() writes it in place.
  Xbyak::Label& exit(const Insn& in);
  void exit_code(const Insn& in);

  // ---- inline_forms.cpp ----
  // Writes `in` inline when it is one of the inline forms in a shape they cover; false (nothing
  // written) otherwise. Timed, each form retires the instruction itself (a memory access first
  // writes the data access log, as the memory facade does).
  bool try_inline(const Insn& in);
  // The ITSTATE an IT instruction `in` sets when it is written inline (outside an IT block), or
  // -1 (not such an IT: nothing written).
  int try_it(const Insn& in);
  bool alu(const Insn& in, unsigned op, bool register_form);
  bool load(const Insn& in, unsigned bytes, bool sign);
  bool store(const Insn& in, unsigned bytes);
  // Ends the block on every path (timed: after retiring the branch).
  bool branch(const Insn& in, unsigned cond, bool link);
  // Sets al to ConditionHolds(cond) from the flag bytes.
  void condition(unsigned cond);
  // The inline path to plain memory for `in` (address R[n] + imm): `access` is written where
  // rcx + rsi is the host address of its `bytes`; an unaligned address or a page that is not plain
  // memory calls the handler instead (out of line). Clobbers eax, ecx, esi (timed: every
  // caller-saved register, retire() being called).
  void memory_access(const Insn& in, unsigned bytes, bool write, const std::function<void()>& access);
  // Timed: logs the access at address edi as the memory facade would (Cpu::read / Cpu::write).
  void log_access(InlineAccess access);

  Xbyak::Address reg(unsigned n) const { return g_.dword[g_.rbx + layout_.regs + 4 * static_cast<int>(n)]; }
  // ArchState::n, z, c, v
  Xbyak::Address flag(unsigned i) const { return g_.byte[g_.rbx + layout_.flags + static_cast<int>(i)]; }
  Xbyak::Address field(int32_t offset) const { return g_.dword[g_.rbx + offset]; }
  bool timed() const { return retire_[RecordShape::kAny] != nullptr; }

  Xbyak::CodeGenerator& g_;
  const CpuLayout& layout_;
  const SharedCode& shared_;
  RetireFns retire_;
  std::deque<RetireInfo>& records_;
  std::deque<Xbyak::Label> labels_;  // stable addresses for labels referenced before definition
  Xbyak::Label* exits_[BlockCache::kMaxInstructions] = {};  // exit() of each instruction, once asked for
  int64_t prior_pc_ = -1;  // the instruction before the one being written (RetireSite::prior_pc)
  // Out-of-line code (slow paths, exits), written after the block's straight-line code.
  std::deque<std::function<void()>> cold_;
};

enum FlagByte : unsigned { kN = 0, kZ = 1, kC = 2, kV = 3 };

}  // namespace corsim::cpu::jit
