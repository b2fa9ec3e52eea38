#include "cpu/jit/block_jit.h"

#include "cpu/jit/emitter.h"

namespace corsim::cpu::jit {

bool available() { return true; }

namespace {
// 8 MiB of code: a block takes under 2 KiB (16 instructions), so over 4000 blocks, more than the
// block cache's pool holds at once. When it is full every block is compiled again.
constexpr size_t kCodeBytes = size_t{8} << 20;
constexpr size_t kMaxBlockBytes = 16 << 10;  // room asked before a block is written
}  // namespace

struct BlockJit::Generator : Xbyak::CodeGenerator {
  Generator() : Xbyak::CodeGenerator(kCodeBytes) {}
};

BlockJit::BlockJit(const CpuLayout& layout) : gen_(std::make_unique<Generator>()), layout_(layout) {}
BlockJit::~BlockJit() = default;

void BlockJit::reset() { gen_->reset(); }

bool BlockJit::full() const { return gen_->getSize() + kMaxBlockBytes > kCodeBytes; }

BlockFn BlockJit::compile(const PredecodeEntry* e, unsigned count, uint32_t pc) {
  if (full()) return nullptr;
  const size_t start = gen_->getSize();
  try {
    Emitter emitter(*gen_, layout_);
    const BlockFn fn = emitter.block(e, count, pc, inlined);
    ++blocks_compiled;
    return fn;
  } catch (const Xbyak::Error&) {
    gen_->setSize(start);  // forget what was written; the block stays interpreted
    return nullptr;
  }
}

BlockFn Emitter::block(const PredecodeEntry* e, unsigned count, uint32_t pc, uint64_t& inlined) {
  using namespace Xbyak::util;
  g_.align(16);
  const BlockFn entry = reinterpret_cast<BlockFn>(const_cast<uint8_t*>(g_.getCurr()));
  // Five pushes after the return address: rsp is 16-byte aligned at every call.
  g_.push(rbx);
  g_.push(r12);
  g_.push(r13);
  g_.push(r14);
  g_.push(r15);
  g_.mov(rbx, rdi);
  g_.mov(r13, reinterpret_cast<uint64_t>(layout_.read_pages));
  g_.mov(r14, reinterpret_cast<uint64_t>(layout_.write_pages));
  g_.mov(r15, reinterpret_cast<uint64_t>(layout_.attention));
  for (unsigned i = 0; i < count; ++i) {
    Insn in;
    in.e = &e[i];
    in.index = i;
    in.pc = pc;
    in.fallthrough = pc + e[i].size;
    in.last = i + 1 == count;
    in.exit = &labels_.emplace_back();
    if (try_inline(in)) {
      ++inlined;
      // A branch has written r[15] and left; any other last instruction falls through to here.
      if (in.last && e[i].op != OpClass::Branch) {
        g_.mov(reg(15), in.fallthrough);
        leave(in);
      }
    } else {
      call_handler(in);
    }
    cold_.push_back([this, in] { exit_stub(in); });
    pc = in.fallthrough;
  }
  for (auto& write : cold_) write();
  g_.L(epilogue_);
  g_.pop(r15);
  g_.pop(r14);
  g_.pop(r13);
  g_.pop(r12);
  g_.pop(rbx);
  g_.ret();
  return entry;
}

void Emitter::call_only(const Insn& in) {
  using namespace Xbyak::util;
  g_.mov(reg(15), in.pc);  // the handler's pc(); reg(15) adds 4
  g_.mov(field(layout_.next_pc), in.fallthrough);
  g_.mov(field(layout_.block_retired), in.index);  // what cycles() shows the handler
  g_.mov(rdi, rbx);
  g_.mov(rsi, reinterpret_cast<uint64_t>(&in.e->ops));
  g_.mov(rax, reinterpret_cast<uint64_t>(in.e->exec));
  g_.call(rax);
}

void Emitter::call_handler(const Insn& in) {
  using namespace Xbyak::util;
  call_only(in);
  // As run_block after each instruction: pending work ends the block; so does its last
  // instruction, a taken branch, and an exception the unit may want to take.
  g_.cmp(field(layout_.pending), 0);
  g_.jne(*in.exit, Xbyak::CodeGenerator::T_NEAR);
  if (in.last) {
    g_.jmp(*in.exit, Xbyak::CodeGenerator::T_NEAR);
    return;
  }
  g_.cmp(field(layout_.next_pc), in.fallthrough);
  g_.jne(*in.exit, Xbyak::CodeGenerator::T_NEAR);
  g_.cmp(g_.byte[r15], 0);
  g_.jne(*in.exit, Xbyak::CodeGenerator::T_NEAR);
}

void Emitter::call_then_resume(const Insn& in, Xbyak::Label& resume) {
  using namespace Xbyak::util;
  call_only(in);
  g_.cmp(field(layout_.pending), 0);
  g_.jne(*in.exit, Xbyak::CodeGenerator::T_NEAR);
  if (!in.last) {
    g_.cmp(g_.byte[r15], 0);
    g_.jne(*in.exit, Xbyak::CodeGenerator::T_NEAR);
  }
  g_.jmp(resume, Xbyak::CodeGenerator::T_NEAR);
}

void Emitter::leave(const Insn& in) {
  using namespace Xbyak::util;
  g_.mov(field(layout_.block_retired), in.index + 1);
  g_.mov(eax, in.pc);
  g_.jmp(epilogue_, Xbyak::CodeGenerator::T_NEAR);
}

void Emitter::exit_stub(const Insn& in) {
  using namespace Xbyak::util;
  g_.L(*in.exit);
  g_.mov(eax, field(layout_.next_pc));
  g_.mov(reg(15), eax);
  leave(in);
}

}  // namespace corsim::cpu::jit
