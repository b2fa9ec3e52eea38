#include "cpu/jit/block_jit.h"

#include <cstring>

#include "cpu/isa/pseudocode.h"
#include "cpu/jit/emitter.h"

namespace corsim::cpu::jit {

using namespace Xbyak::util;
using Xbyak::CodeGenerator;

bool available() { return true; }

namespace {
// 8 MiB of code: a block takes under 2 KiB (16 instructions), so over 4000 blocks, more than the
// block cache's pool holds at once. When it is full every block is compiled again.
constexpr size_t kCodeBytes = size_t{8} << 20;
constexpr size_t kMaxBlockBytes = 16 << 10;  // room asked before a block is written
}  // namespace

namespace {
// With rdx = the block cache slot of address `next` (a register or a constant): on to its compiled
// block when the slot holds that address and is compiled, and (untimed) the block fits in the
// budget (rbp + its count <= r12); else to `leave`. Clobbers ecx, r8.
template <class Next>
void enter_slot(CodeGenerator& g, const CpuLayout& l, const void* leave, const Next& next, bool timed) {
  g.cmp(g.dword[rdx + l.slot_pc], next);
  g.jne(leave);
  g.mov(r8, g.qword[rdx + l.slot_compiled]);
  g.test(r8, r8);
  g.jz(leave);
  g.cmp(g.byte[rdx + l.slot_entry_itstate], 0);  // compiled for entry inside an IT block
  g.jne(leave);
  if (!timed) {
    g.movzx(ecx, g.byte[rdx + l.slot_count]);
    g.add(ecx, ebp);
    g.cmp(ecx, r12d);
    g.ja(leave);
  }
  g.jmp(r8);
}

// Timed: to `leave` unless the model's clock ([rbp], RetireCompiler::base) is below the limit
// (r12), as the run loop goes on `while (cycles_ < end)`.
void leave_at_limit(CodeGenerator& g, const void* leave) {
  g.cmp(g.qword[rbp], r12);
  g.jae(leave);
}
}  // namespace

struct BlockJit::Generator : CodeGenerator {
  Generator() : CodeGenerator(kCodeBytes) {}
};

BlockJit::BlockJit(const CpuLayout& layout) : gen_(std::make_unique<Generator>()), layout_(layout) {
  write_shared_code();
}
BlockJit::~BlockJit() = default;

void BlockJit::reset() {
  gen_->reset();
  records_.clear();
  write_shared_code();
}

bool BlockJit::full() const { return gen_->getSize() + kMaxBlockBytes > kCodeBytes; }

// enter(cpu, code, limit, timing_base): saves the callee-saved registers the blocks use (rbx =
// Cpu, rbp = instructions run so far or, timed, the timing base, r12 = limit, r13/r14 = page
// tables, r15 = attention flag) and jumps to the block. leave: stores the instruction count and
// returns eax (the last instruction's address). dispatch / timed_dispatch: after a block that
// ended without pending work, go on to the compiled block at r[15] when the run loop would run it
// next the same way (no exception wanting attention, ITSTATE 0, the budget not spent, a block
// cached at that address, compiled and, untimed, fitting in the budget); else leave. The next
// block checks its own code bytes first.
void BlockJit::write_shared_code() {
  CodeGenerator& g = *gen_;
  const CpuLayout& l = layout_;
  g.align(16);
  enter_ = reinterpret_cast<Enter>(const_cast<uint8_t*>(g.getCurr()));
  for (const Xbyak::Reg64& r : {rbx, rbp, r12, r13, r14, r15}) g.push(r);
  g.sub(rsp, 8);  // six pushes after the return address: 16-byte aligned at every call
  g.mov(rbx, rdi);
  g.mov(r12, rdx);
  g.mov(rbp, rcx);  // untimed: 0 (the instruction count); timed: the compiled retirement's base
  g.mov(r13, reinterpret_cast<uint64_t>(l.read_pages));
  g.mov(r14, reinterpret_cast<uint64_t>(l.write_pages));
  g.mov(r15, reinterpret_cast<uint64_t>(l.attention));
  g.jmp(rsi);

  g.align(16);
  shared_.leave = g.getCurr();
  g.mov(g.dword[rbx + l.block_retired], ebp);
  g.add(rsp, 8);
  for (const Xbyak::Reg64& r : {r15, r14, r13, r12, rbp, rbx}) g.pop(r);
  g.ret();

  for (const bool timed : {false, true}) {
    g.align(16);
    (timed ? shared_.timed_dispatch : shared_.dispatch) = g.getCurr();
    g.cmp(g.byte[r15], 0);
    g.jne(shared_.leave);
    g.cmp(g.byte[rbx + l.itstate], 0);
    g.jne(shared_.leave);
    if (timed) leave_at_limit(g, shared_.leave);
    g.mov(ecx, g.dword[rbx + l.regs + 4 * 15]);
    g.mov(edx, ecx);
    g.shr(edx, 1);
    g.and_(edx, l.slot_mask);
    g.imul(edx, edx, l.slot_size);
    g.mov(r8, reinterpret_cast<uint64_t>(l.slots));
    g.add(rdx, r8);
    enter_slot(g, l, shared_.leave, ecx, timed);
  }
}

BlockJit::Compiled BlockJit::compile(const PredecodeEntry* e, unsigned count, uint32_t pc, const uint8_t* host,
                                     unsigned bytes, RetireFns retire, uint8_t entry_itstate) {
  if (full() || count > BlockCache::kMaxInstructions) return {};
  const size_t start = gen_->getSize();
  const size_t records = records_.size();
  try {
    Emitter emitter(*gen_, layout_, shared_, retire, records_);
    const Compiled code = emitter.block(e, count, pc, host, bytes, entry_itstate, inlined);
    ++blocks_compiled;
    if (entry_itstate != 0) ++compiled_inside_it;
    return code;
  } catch (const Xbyak::Error&) {
    gen_->setSize(start);  // forget what was written; the block stays interpreted
    records_.resize(records);
    return {};
  }
}

BlockJit::Compiled Emitter::block(const PredecodeEntry* e, unsigned count, uint32_t pc, const uint8_t* host,
                                  unsigned bytes, uint8_t entry_itstate, uint64_t& inlined) {
  g_.align(16);
  const uint8_t* const entry = g_.getCurr();
  check_code(host, bytes);
  const uint8_t* const checked = g_.getCurr();
  uint8_t it = entry_itstate;  // ITSTATE before each instruction, followed through the block
  for (unsigned i = 0; i < count; ++i) {
    Insn in;
    in.e = &e[i];
    in.index = i;
    in.pc = pc;
    in.fallthrough = pc + e[i].size;
    in.last = i + 1 == count;
    in.it_before = it;
    in.it_after = it != 0 ? ITAdvance(it) : 0;
    if (timed()) in.record = record(in, true, false, in.fallthrough);
    instruction(in, inlined);
    prior_pc_ = in.pc;
    it = in.it_after;
    pc = in.fallthrough;
  }
  for (size_t i = 0; i < cold_.size(); ++i) cold_[i]();  // (an exit asked for here adds one)
  return {entry, static_cast<uint16_t>(checked - entry)};
}

void Emitter::instruction(Insn& in, uint64_t& inlined) {
  bool continues = true;  // the code after the instruction is reached (not every path left)
  Xbyak::Label* skip = nullptr;
  if (const int set = try_it(in); set >= 0) {
    in.it_after = static_cast<uint8_t>(set);
    ++inlined;
  } else {
    // Inside an IT block: the condition is ITSTATE[7:4]; the instruction runs only if it passes,
    // and ITSTATE advances either way (run_block, Arm DDI 0553 "Conditional execution").
    if (in.it_before != 0) {
      skip = &labels_.emplace_back();
      condition(in.it_before >> 4);
      g_.test(al, al);
      g_.jz(*skip, CodeGenerator::T_NEAR);
    }
    if (try_inline(in)) {
      ++inlined;
      continues = in.e->op != OpClass::Branch;  // branch() ended the block on both paths
    } else {
      call(in);
      continues = after_call(in);
    }
  }
  if (skip != nullptr) {
    Xbyak::Label& join = labels_.emplace_back();
    if (timed()) {
      if (continues) g_.jmp(join, CodeGenerator::T_NEAR);
      g_.L(*skip);
      retire(record(in, false, false, in.fallthrough));
    } else {
      g_.L(*skip);
    }
    g_.L(join);
    g_.mov(g_.byte[rbx + layout_.itstate], in.it_after);
    continues = true;
  }
  if (!continues) return;
  if (in.last) {
    end_block(in, in.fallthrough);
  } else if (timed()) {
    // As run_block: the budget is checked after every instruction of a timed run; the
    // instruction did not branch and left no work pending (else it has left already).
    Xbyak::Label& spent = labels_.emplace_back();
    g_.cmp(rax, r12);
    g_.jae(spent, CodeGenerator::T_NEAR);
    cold_.push_back([this, in, &spent] {
      g_.L(spent);
      g_.mov(reg(15), in.fallthrough);
      g_.mov(eax, in.pc);
      if (in.it_before != 0) g_.mov(g_.byte[rbx + layout_.itstate], in.it_after);
      g_.jmp(shared_.leave, CodeGenerator::T_NEAR);
    });
  }
}

RetireInfo* Emitter::record(const Insn& in, bool executed, bool branch_taken, uint32_t next_pc) {
  return &records_.emplace_back(
      retire_info(*in.e, in.pc, executed, branch_taken, in.it_before != 0, next_pc, layout_.memory_log));
}

void Emitter::begin_timed() {
  g_.mov(g_.qword[rbx + layout_.mem_log + offsetof(MemoryLog, count)], 0);  // MemoryLog::clear()
}

void Emitter::retire(const RetireInfo* record, RecordShape shape, bool outcome_known, InlineAccess access,
                     uint8_t transfer_bytes) {
  if (retire_.compiler != nullptr) {
    Xbyak::Label& slow = labels_.emplace_back();
    const RetireSite site{*record, shape, prior_pc_, outcome_known, access.bytes, transfer_bytes};
    if (retire_.compiler->compile(g_, layout_, site, slow, cold_)) {
      Xbyak::Label& done = labels_.emplace_back();
      cold_.push_back([this, record, shape, access, &slow, &done] {
        g_.L(slow);
        if (access.bytes != 0) log_access(access);
        call_retire(record, shape);
        g_.jmp(done, CodeGenerator::T_NEAR);
      });
      g_.L(done);
      return;
    }
  }
  if (access.bytes != 0) log_access(access);
  call_retire(record, shape);
}

void Emitter::call_retire(const RetireInfo* record, RecordShape shape) {
  g_.mov(rdi, rbx);
  g_.mov(rsi, reinterpret_cast<uint64_t>(record));
  g_.mov(rax, reinterpret_cast<uint64_t>(retire_[shape]));
  g_.call(rax);  // rax = the model's clock (jit::RetireFn)
}

// The code bytes the block was compiled from must still be in memory (as BlockCache::still_valid
// checks before the run loop runs a block); else back to the run loop, which decodes them again.
void Emitter::check_code(const uint8_t* host, unsigned bytes) {
  Xbyak::Label& changed = labels_.emplace_back();
  g_.mov(rdx, reinterpret_cast<uint64_t>(host));
  unsigned at = 0;
  for (; at + 8 <= bytes; at += 8) {
    uint64_t v;
    std::memcpy(&v, host + at, 8);
    g_.mov(rax, v);
    g_.cmp(g_.qword[rdx + at], rax);
    g_.jne(changed, CodeGenerator::T_NEAR);
  }
  if (at + 4 <= bytes) {
    uint32_t v;
    std::memcpy(&v, host + at, 4);
    g_.cmp(g_.dword[rdx + at], v);
    g_.jne(changed, CodeGenerator::T_NEAR);
    at += 4;
  }
  if (at < bytes) {  // a halfword
    uint16_t v;
    std::memcpy(&v, host + at, 2);
    g_.cmp(g_.word[rdx + at], static_cast<uint32_t>(static_cast<int16_t>(v)));  // xbyak takes it sign-extended
    g_.jne(changed, CodeGenerator::T_NEAR);
  }
  cold_.push_back([this, &changed] {
    g_.L(changed);
    g_.jmp(shared_.leave, CodeGenerator::T_NEAR);  // r[15] is this block's address; nothing ran
  });
}

void Emitter::call(const Insn& in, bool rare) {
  if (timed()) begin_timed();
  g_.mov(reg(15), in.pc);  // the handler's pc(); reg(15) adds 4
  g_.mov(field(layout_.next_pc), in.fallthrough);
  if (timed()) {
    g_.mov(g_.byte[rbx + layout_.branched], 0);
  } else {  // (timed, the Cpu counts the instructions)
    g_.lea(eax, g_.ptr[rbp + in.index]);  // what cycles() shows the handler
    g_.mov(field(layout_.block_retired), eax);
  }
  g_.mov(rdi, rbx);
  g_.mov(rsi, reinterpret_cast<uint64_t>(&in.e->ops));
  g_.mov(rax, reinterpret_cast<uint64_t>(in.e->exec));
  g_.call(rax);
  if (!timed()) return;
  // The record's dynamic fields, as the handler left them (run_block reads them the same way);
  // only a kAny record reads them.
  RetireInfo* const record = in.record;
  const auto record_outcome = [this, record] {
    g_.mov(rsi, reinterpret_cast<uint64_t>(record));
    g_.mov(eax, field(layout_.next_pc));
    g_.mov(g_.dword[rsi + offsetof(RetireInfo, next_pc)], eax);
    g_.mov(al, g_.byte[rbx + layout_.branched]);
    g_.mov(g_.byte[rsi + offsetof(RetireInfo, branch_taken)], al);
  };
  if (rare) {
    record_outcome();
    call_retire(record, RecordShape::kAny);
    return;
  }
  const RecordShape shape = called_shape(*in.e);
  if (shape == RecordShape::kAny) {  // (a load of the PC: its access as a load's)
    record_outcome();
    retire(record, shape, false, {}, transfer_bytes(*in.e));
    return;
  }
  // A handler that did not branch (a write to the PC does) and whose data access log is as its
  // class leads to expect (empty for data processing, not empty for a load or store) left a
  // record of that shape (call() runs only executed instructions). Both are checked per
  // execution: nothing is assumed of what a handler does. Other records retire out of line.
  Xbyak::Label& other = labels_.emplace_back();
  Xbyak::Label& done = labels_.emplace_back();
  g_.cmp(g_.byte[rbx + layout_.branched], 0);
  g_.jne(other, CodeGenerator::T_NEAR);
  g_.cmp(g_.byte[rbx + layout_.mem_log + offsetof(MemoryLog, count)], 0);
  if (shape == RecordShape::kDataProcessing) g_.jne(other, CodeGenerator::T_NEAR);
  else g_.je(other, CodeGenerator::T_NEAR);
  retire(record, shape, false, {}, transfer_bytes(*in.e));  // (0 but for a load or store)
  g_.L(done);
  cold_.push_back([this, record, record_outcome, &other, &done] {
    g_.L(other);
    record_outcome();
    retire(record, RecordShape::kAny, false);
    g_.jmp(done, CodeGenerator::T_NEAR);
  });
}

// By the instruction's static facts: kAny for a branch; kDataProcessing for a scalar
// data-processing class (not a multi-register transfer, whose timing does not come from its log
// alone); kDataAccess for a load or store class.
RecordShape Emitter::called_shape(const PredecodeEntry& e) {
  if (e.timing.branch != BranchKind::None) return RecordShape::kAny;
  switch (e.op) {
    case OpClass::IntAlu: case OpClass::IntMul: case OpClass::IntDiv: case OpClass::Dsp: case OpClass::LongShift:
      return RecordShape::kDataProcessing;
    case OpClass::Load: case OpClass::Store: case OpClass::LoadMultiple: case OpClass::StoreMultiple:
    case OpClass::FpLoadStore: case OpClass::MveLoad: case OpClass::MveStore:
      return RecordShape::kDataAccess;
    default:
      return RecordShape::kAny;
  }
}

bool Emitter::after_call(const Insn& in) {
  // As run_block after each instruction: pending work ends the block; so does its last
  // instruction, a taken branch, and an exception the unit may want to take.
  if (in.last) {
    exit_code(in);
    return false;
  }
  g_.cmp(field(layout_.pending), 0);
  g_.jne(exit(in), CodeGenerator::T_NEAR);
  g_.cmp(field(layout_.next_pc), in.fallthrough);
  g_.jne(exit(in), CodeGenerator::T_NEAR);
  g_.cmp(g_.byte[r15], 0);
  g_.jne(exit(in), CodeGenerator::T_NEAR);
  return true;
}

void Emitter::end_block(const Insn& in, uint32_t next) {
  g_.mov(reg(15), next);
  if (!timed()) g_.add(ebp, in.index + 1);
  g_.mov(eax, in.pc);
  if (in.it_before != 0) g_.mov(g_.byte[rbx + layout_.itstate], in.it_after);
  if (in.it_after != 0) {  // the IT block goes on in the next block: the interpreter runs it
    g_.jmp(shared_.leave, CodeGenerator::T_NEAR);
    return;
  }
  // dispatch (write_shared_code) for a next address known now: the slot's address is a constant
  // and the indirect jump is this block's own, which the host predicts far better than one
  // shared by every block. (ITSTATE is 0: only pending work, which never comes here, changes it.)
  g_.cmp(g_.byte[r15], 0);
  g_.jne(shared_.leave);
  if (timed()) leave_at_limit(g_, shared_.leave);
  const uint32_t slot = (next >> 1) & layout_.slot_mask;
  g_.mov(rdx, reinterpret_cast<uint64_t>(static_cast<const uint8_t*>(layout_.slots) + size_t{slot} * layout_.slot_size));
  enter_slot(g_, layout_, shared_.leave, next, timed());
}

Xbyak::Label& Emitter::exit(const Insn& in) {
  if (exits_[in.index] == nullptr) {
    Xbyak::Label& label = labels_.emplace_back();
    exits_[in.index] = &label;
    cold_.push_back([this, in, &label] {
      g_.L(label);
      exit_code(in);
    });
  }
  return *exits_[in.index];
}

void Emitter::exit_code(const Insn& in) {
  g_.mov(eax, field(layout_.next_pc));
  g_.mov(reg(15), eax);
  if (!timed()) g_.add(ebp, in.index + 1);
  if (in.it_before != 0) {
    g_.mov(g_.byte[rbx + layout_.itstate], in.it_after);
    g_.mov(rax, uint64_t{in.pc} | uint64_t{in.it_before} << 32);  // BlockJit::Last
  } else {
    g_.mov(eax, in.pc);
  }
  g_.cmp(field(layout_.pending), 0);
  g_.jne(shared_.leave);
  g_.jmp(timed() ? shared_.timed_dispatch : shared_.dispatch, CodeGenerator::T_NEAR);
}

}  // namespace corsim::cpu::jit
