// Compiled retirement for the Cortex-M55 model (cpu/jit/block_jit.h RetireCompiler): the model's
// common case of a data-processing record (CortexM55Model::compiled_case) as native code, so that
// such an instruction costs no call. What the code computes is retire_as<kDataProcessing>
// (cpu/timing/cortex_m55.cpp) restricted to that case, step for step:
//   issue = later(now_ + (pair_state_ & pair_mask ? 0 : 1), blocked_until_, reads..., unit_free_[unit])
//   the fetch block unchanged (known when compiled, or compared), and in ITCM no fetch wait:
//     fetch_full_ = later(fetch_full_, kItcmPortBytes * issue) + size
//   writes = issue + latency, base = issue + 1, pair_state_, dual_issued, commit.
// Anything else (a new fetch block, a fetch wait) jumps to the call of retire_as before any state
// has changed. tests/cpu/jit_test.cpp (BlockJit.TimedBlocks*) and timing.TimedJit compare it with
// the interpreter cycle for cycle.
#include <xbyak/xbyak.h>

#include "cpu/jit/block_jit.h"
#include "cpu/timing/cortex_m55.h"

namespace corsim::cpu::jit {

using namespace Xbyak::util;
using Xbyak::CodeGenerator;
using timing::CortexM55Model;

namespace {

class CortexM55RetireCompiler final : public RetireCompiler {
 public:
  explicit CortexM55RetireCompiler(CortexM55Model& model) : model_(model), at_(model.state_offsets()) {}

  bool compile(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow) const override {
    if (site.shape != RecordShape::kDataProcessing) return false;
    const RetireInfo& r = site.record;
    const std::optional<CortexM55Model::CompiledCase> c = model_.compiled_case(*r.info, r.in_it_block);
    if (!c) return false;
    static_assert(timing::m55::kItcmPortBytes == 4, "the fetch stream below scales the issue cycle by 4");
    const auto board = [&](uint8_t slot) { return g.qword[rdi + at_.board + 8 * slot]; };
    g.mov(rdi, reinterpret_cast<uint64_t>(&model_));
    g.mov(rax, g.qword[rdi + at_.now]);  // now_ (rax until the commit)
    // rcx = issue
    if (c->pair_mask == 0) {
      g.lea(rcx, g.ptr[rax + 1]);
    } else {
      g.xor_(ecx, ecx);
      g.test(g.byte[rdi + at_.pair_state], c->pair_mask);
      g.setz(cl);
      g.add(rcx, rax);
    }
    const auto wait_for = [&](const Xbyak::Address& t) {
      g.mov(rdx, t);
      g.cmp(rcx, rdx);
      g.cmovb(rcx, rdx);
    };
    wait_for(g.qword[rdi + at_.blocked_until]);
    for (const uint8_t s : c->reads) wait_for(board(s));
    wait_for(g.qword[rdi + at_.unit_free + 8 * c->unit]);
    // The fetch block: fetch() asks the memory system only when it changes.
    constexpr unsigned kShift = CortexM55Model::kFetchBlockShift;
    const bool same_block = site.prior_pc >= 0 && (static_cast<uint32_t>(site.prior_pc) >> kShift) == (r.pc >> kShift);
    if (!same_block) {
      g.cmp(g.dword[rdi + at_.last_fetch_block], r.pc >> kShift);
      g.jne(slow, CodeGenerator::T_NEAR);
    }
    // Code in ITCM: the FIFO must hold the instruction's bytes at issue (else a fetch wait: slow).
    Xbyak::Label not_itcm;
    g.cmp(g.byte[rdi + at_.itcm_code], 0);
    g.je(not_itcm);
    g.mov(rdx, g.qword[rdi + at_.fetch_full]);
    g.lea(rsi, g.ptr[rdx + r.size]);
    g.lea(r8, g.ptr[rcx * 4 + timing::m55::kFetchBufferBytes]);
    g.cmp(r8, rsi);
    g.jb(slow, CodeGenerator::T_NEAR);
    g.lea(r8, g.ptr[rcx * 4]);
    g.cmp(rdx, r8);
    g.cmovb(rdx, r8);
    g.add(rdx, r.size);
    g.mov(g.qword[rdi + at_.fetch_full], rdx);
    g.L(not_itcm);
    // The results, the written-back base.
    if (c->writes.count != 0) {
      g.lea(rdx, g.ptr[rcx + c->latency]);
      for (const uint8_t s : c->writes) g.mov(board(s), rdx);
    }
    if (c->base != kNoReg) {
      g.lea(rdx, g.ptr[rcx + 1]);
      g.mov(board(c->base), rdx);
    }
    // pair_state_: open after an instruction that did not pair (issue != now_), else closed.
    if (c->open_pair_state == 0) {
      g.mov(g.byte[rdi + at_.pair_state], 0);
    } else {
      g.cmp(rcx, rax);
      g.setne(dl);
      if (c->open_pair_state != 1) {
        g.movzx(edx, dl);
        g.imul(edx, edx, c->open_pair_state);
      }
      g.mov(g.byte[rdi + at_.pair_state], dl);
    }
    // dual_issued, the commit (now_, instructions), and the Cpu's counters as Cpu::jit_retire.
    g.xor_(edx, edx);
    g.cmp(rcx, rax);
    g.sete(dl);
    g.add(g.qword[rdi + at_.dual_issued], rdx);
    g.mov(g.qword[rdi + at_.now], rcx);
    g.add(g.qword[rdi + at_.instructions], 1);
    g.sub(rcx, rax);
    g.add(g.qword[rbx + cpu.instructions], 1);
    g.mov(rax, g.qword[rbx + cpu.cycles]);
    g.add(rax, rcx);
    g.mov(g.qword[rbx + cpu.cycles], rax);
    return true;
  }

 private:
  CortexM55Model& model_;
  const CortexM55Model::StateOffsets at_;
};

}  // namespace

std::unique_ptr<RetireCompiler> make_retire_compiler(CortexM55Model& model) {
  return std::make_unique<CortexM55RetireCompiler>(model);
}

}  // namespace corsim::cpu::jit
