#pragma once
// Block JIT (issue 17 items 1-2): turns a predecoded block (cpu/block_cache.h) into x86-64 code,
// with xbyak as the assembler. The hottest integer forms are written inline
// (cpu/jit/inline_forms.cpp: MOV/ADD/SUB/CMP/logic with immediate or shifted register, LDR/STR
// with an immediate offset and an inline path to plain memory, B/B<cond>/BL); every other
// instruction is a direct call of its handler, exec(cpu, ops), followed by the checks the
// interpreter makes after it (pending work, a taken branch, an exception to take). In a timed run
// each instruction is followed by a call of the timing model's retire() (RetireFn). The generated
// code follows run_block's semantics exactly (cpu/run_loop.h): the interpreter stays the
// reference, and runs every traced run, every run under a timing hook that is not a core model,
// every block entered inside an IT block (blocks with an IT instruction are compiled, ITSTATE
// followed at compile time), and every block cut by the cycle budget. docs/cpu.md "Block JIT".
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>

#include "cpu/decoder/predecode_cache.h"
#include "cpu/retire_record.h"

namespace corsim::cpu {
class Cpu;
}
namespace corsim::cpu::timing {
class CortexM55Model;
class CortexM85Model;
}
namespace Xbyak {
class CodeGenerator;
class Label;
}

namespace corsim::cpu::jit {

// A compiled block's code, run through BlockJit::run.
using BlockCode = const void*;

// Timed runs: called after each instruction with its retire record (kept with the compiled code;
// a called instruction's dynamic fields written after the call); retires it on the timing model
// and returns the model's clock (RetireCompiler::counters). Cpu::jit_retire<Model>
// (cpu/run_loop.h).
using RetireFn = uint64_t (*)(Cpu* cpu, const RetireInfo* record);
struct CpuLayout;

// Where a retire record is compiled (RetireCompiler::compile).
struct RetireSite {
  const RetireInfo& record;
  RecordShape shape;
  // The address of the instruction retired just before this one in the same block, or -1 (the
  // block's first instruction: what ran before is not known when the block is compiled).
  int64_t prior_pc;
  // The record is complete when compiled (an inline form, an IT, an instruction skipped in an IT
  // block: executed, branch_taken and next_pc as written, no data access); false: a handler's
  // record, whose outcome is written after the call (its shape says what it rules out).
  bool outcome_known;
  // An inline load or store's one naturally aligned access of this many bytes, of the
  // instruction's kind: its address is in edi, which the code keeps until its last jump to
  // `slow`, and the data access log does not hold it (the caller logs it before the call). 0: the
  // log holds what the instruction accessed, known only when it runs.
  uint8_t access_bytes = 0;
  // A called load or store whose encoding says what it moves when it completes: LDRD/STRD 8
  // bytes, LDM/STM/PUSH/POP 4 per register (Emitter::transfer_bytes), one access in the log when
  // the words are consecutive (MemoryLog::add merges them; the code checks the log's shape). 0:
  // not known when compiled.
  uint8_t transfer_bytes = 0;
};

// Compiled retirement (issue 17 item 2): a core model's common case written as native code
// beside the instruction, so the common record costs no call. cpu/jit/compiled_retire_m55.cpp.
class RetireCompiler {
 public:
  virtual ~RetireCompiler() = default;
  // Writes code that retires `site.record` as the model's retire_as<site.shape> would when the
  // model's state is in the compiled case, and jumps to `slow` (where the caller writes the call of
  // the model's retire, which has then seen nothing change) when it is not; either way the code
  // after it sees rax = the model's clock (ModelMemoryCode::commit). Registers: as the Emitter's
  // (cpu/jit/emitter.h); clobbers the caller-saved ones. False: nothing written (the record is
  // always a call).
  // `cold`: code to write after the block's straight-line code (rare paths), each jumping back.
  virtual bool compile(Xbyak::CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow,
                       std::deque<std::function<void()>>& cold) const = 0;
  // The model's clock (cycles charged so far) and its count of retired instructions
  // (CpuTimingModel::clock, retired). Timed compiled code advances these in place of the Cpu's
  // counters (Cpu::run_compiled adds their advance to the Cpu's after the run) and compares the
  // clock with the budget.
  struct Counters {
    const uint64_t* clock;
    const uint64_t* retired;
  };
  virtual Counters counters() const = 0;
  // The address the code addresses the model's state from: rbp holds it while timed code runs
  // (BlockJit::run's timing_base). It is the clock's address: the shared code compares [rbp]
  // with the budget.
  const void* base() const { return counters().clock; }
};
// The compiled retirement for a core model, or null (no compiled case; on hosts without the JIT).
std::unique_ptr<RetireCompiler> make_retire_compiler(timing::CortexM55Model& model);
std::unique_ptr<RetireCompiler> make_retire_compiler(timing::CortexM85Model& model);

// A timed run's retire calls, by RecordShape (cpu/retire_record.h): the model's retire for records
// of that shape (Cpu::jit_retire<Model, shape>). Null kAny: untimed. `compiler`: the model's
// compiled common case, or null.
struct RetireFns {
  RetireFn by_shape[kRecordShapeCount] = {};
  const RetireCompiler* compiler = nullptr;
  RetireFn operator[](RecordShape shape) const { return by_shape[static_cast<unsigned>(shape)]; }
};

// Where the generated code finds the Cpu's fields: byte offsets from the Cpu object, and the
// addresses of data that lives elsewhere. Filled by Cpu (the fields are private).
struct CpuLayout {
  int32_t regs = 0;           // ArchState::r[0]; r[n] at regs + 4n
  int32_t flags = 0;          // ArchState::n; z, c, v in the next three bytes (bools)
  int32_t itstate = 0;        // ArchState::itstate
  int32_t next_pc = 0;        // Cpu::next_pc_
  int32_t pending = 0;        // Cpu::pending_
  int32_t block_retired = 0;  // Cpu::block_retired_
  // Timed runs only:
  int32_t branched = 0;       // Cpu::branched_ (a bool)
  const MemoryLog* memory_log = nullptr;  // &Cpu::mem_log_ (RetireInfo::memory)
  int32_t mem_log = 0;        // Cpu::mem_log_ (MemoryLog: count, any_read, dropped and bytes in the
                              // 8 bytes from count, see Cpu::jit_layout)
  const bool* attention = nullptr;           // ExceptionPort::attention()
  uint8_t* const* read_pages = nullptr;      // memory::Interconnect::read_page_table()
  uint8_t* const* write_pages = nullptr;     // memory::Interconnect::write_page_table()
  // The block cache's slots (cpu/block_cache.h), for going from one compiled block to the next
  // without returning to the run loop: slot of pc = slots + ((pc >> 1) & slot_mask) * slot_size.
  const void* slots = nullptr;
  uint32_t slot_mask = 0, slot_size = 0;
  // offsets of Block::pc, count, compiled, entry_itstate
  int32_t slot_pc = 0, slot_count = 0, slot_compiled = 0, slot_entry_itstate = 0;
};

// True when this build can generate code for the host (x86-64 with xbyak).
bool available();

// True for the generic handlers of the non-branch instructions the JIT writes inline (in the
// operand shapes cpu/jit/inline_forms.cpp accepts; other shapes are calls): data processing with
// an immediate or a shifted register, loads and stores with an immediate offset.
bool is_inline_form(decoder::ExecFn generic_handler);

// Where blocks go when they end (BlockJit::write_shared_code).
struct SharedCode {
  const void* dispatch = nullptr;        // on to the compiled block at r[15] (untimed), or leave
  const void* timed_dispatch = nullptr;  // the same in a timed run
  const void* leave = nullptr;           // back to the run loop
};

class BlockJit {
 public:
  explicit BlockJit(const CpuLayout& layout);
  ~BlockJit();
  BlockJit(const BlockJit&) = delete;
  BlockJit& operator=(const BlockJit&) = delete;

  // A compiled block: `code` first compares the block's code bytes in memory with those it was
  // compiled from (what chained blocks enter); `code + checked` is past that comparison (what the
  // run loop enters, having just compared them itself).
  struct Compiled {
    BlockCode code = nullptr;
    uint16_t checked = 0;
  };
  // Native code for the `count` instructions at `e` (the block at `pc`, entered with ITSTATE
  // `entry_itstate`: a block that follows a branch inside an IT block is entered inside it),
  // whose `bytes` of code are at `host`; timed when `retire.any` is given (called after every
  // instruction, as the interpreter calls the timing model). No code when the buffer is full()
  // (reset(), then retry) or, never expected, when the assembler refuses an instruction (the block
  // is then left to the interpreter). The code refers to the entries' operands and InstrInfo in
  // place: it is valid while the entries are.
  Compiled compile(const PredecodeEntry* e, unsigned count, uint32_t pc, const uint8_t* host, unsigned bytes,
                   RetireFns retire, uint8_t entry_itstate = 0);
  bool full() const;
  // Forgets every compiled block (their BlockCode must no longer be run).
  void reset();

  // What run() returns: the last instruction run and the ITSTATE before it (what run_block passes
  // to Cpu::service_pending).
  struct Last {
    uint32_t pc;
    uint8_t itstate;
  };
  // Runs `code` (state().r[15] is its block's address and ITSTATE the one it was compiled for), then
  // the compiled blocks execution reaches (compiled for ITSTATE 0), as long as their code is
  // unchanged, ITSTATE is 0 between them, no
  // exception wants attention and the budget allows: untimed, `limit` is the instructions all may
  // run and each block must fit in what is left; timed, `limit` is the model's clock at which the
  // run loop stops (RetireCompiler::counters), checked after each instruction as run_block does.
  // On return r[15] is the next instruction's address and (untimed) Cpu's per-block counter the
  // instructions run (the faulting one included, as run_block counts it); pending work, if any, is
  // left for the run loop to serve.
  // Timed, `timing_base` is what the compiled retirement addresses its model's state from
  // (RetireCompiler::base, the model's clock; rbp while the code runs); Cpu's per-block counter is
  // then meaningless after the run (the model counts a timed run's instructions).
  Last run(Cpu* cpu, BlockCode code, uint64_t limit, const void* timing_base = nullptr) const {
    const uint64_t r = enter_(cpu, code, limit, timing_base);
    return {static_cast<uint32_t>(r), static_cast<uint8_t>(r >> 32)};
  }

  uint64_t blocks_compiled = 0;
  uint64_t inlined = 0;  // instructions written inline (the rest are calls)
  uint64_t compiled_inside_it = 0;  // blocks compiled for entry inside an IT block

 private:
  struct Generator;
  // Last: pc | itstate << 32
  using Enter = uint64_t (*)(Cpu* cpu, BlockCode code, uint64_t limit, const void* timing_base);
  // The code every block shares, written at the start of the buffer (again after each reset).
  void write_shared_code();

  std::unique_ptr<Generator> gen_;
  CpuLayout layout_;
  Enter enter_ = nullptr;
  SharedCode shared_;
  // The retire record of every compiled timed instruction (stable addresses, in the code as
  // constants), dropped with the code on reset().
  std::deque<RetireInfo> records_;
};

}  // namespace corsim::cpu::jit
