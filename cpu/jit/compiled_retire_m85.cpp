// Compiled retirement for the Cortex-M85 model (cpu/jit/block_jit.h RetireCompiler): the model's
// common case of a scalar data-processing record, a single-access load/store or a direct branch
// (CortexM85Model::compiled_case) as native code, so that such an instruction costs no call. What
// the code computes is retire_as<kDataProcessing / kDataAccess / kAny> (cpu/timing/cortex_m85.cpp)
// restricted to that case, step for step:
//   operands = later over the groups of (latest slot - advance, not below 0)   (operands_ready)
//   a branch's prediction from its BTB entry and counter (predict, BranchPredictor)
//   issue = later(now_ + (fits_in_current_cycle or a branch's third issue ? 0 : 1),
//                 blocked_until_, operands - read_advance, unit_free_[unit], scalar_gate_)
//   the fetch block unchanged (known when compiled, or compared), or new in the fetch fast range
//     without wait states or banks (fetch, FastRange::try_access without a cost)
//   a load/store: one access to a zero-wait fast range (transfer_cost, data_access,
//     FastRange::try_access, DtcmBanks::wait's one-word case: a busy bank's wait is a memory stall),
//     or one two-word access (LDRD/STRD, a two-register LDM/STM: one beat, both words' banks);
//     a multiple transfer of one beat: blocked_until_ = later(blocked_until_, issue + 1)
//   a branch: the predictor trained, the redirect of a static or wrong prediction (branch_cost);
//     a called return (BX LR, POP {..., PC}, LDR PC) only when the return stack predicts it, a load
//     of the PC with its load as above
//   cycle_ (a new cycle, the second closing it, a branch third, its destination joining as a
//   third), t16_run_, the results at later(operands, issue) + latency (the skewed ALU), a base at
//   issue + 1, flags_in_time_, commit.
// Anything else (a fetch or memory wait, several accesses or beats, no memory system, a called
// branch not predicted correctly) jumps to the call of retire_as before any state has changed.
// tests/cpu/jit_test.cpp (BlockJit.Timed*) and timing.TimedJit compare it with the interpreter
// cycle for cycle.
#include <xbyak/xbyak.h>

#include "cpu/jit/block_jit.h"
#include "cpu/jit/model_memory_code.h"
#include "cpu/timing/cortex_m85.h"
#include "memory/timing/dtcm_banks.h"

namespace corsim::cpu::jit {

using namespace Xbyak::util;
using Xbyak::CodeGenerator;
using timing::CortexM85Model;

namespace {

// Registers: rbp = the model's state_base() (RetireCompiler::base), rsi = the operands' ready
// cycle (signed, see wait_for), rax = now_, rcx = the issue cycle (the last three until the
// commit), rdx/r8 scratch; a load/store's checks leave r9 = its fast range and r11 = its bank's
// free time (or 0: no banks) for its update, which leaves r10 = the bank's wait; a branch keeps
// r9 = 1 when it issues third, r10 = t16_run_ after it (before a taken one resets it).
class CortexM85RetireCompiler final : public ModelRetireCompiler<CortexM85Model> {
 public:
  using ModelRetireCompiler::ModelRetireCompiler;

  bool compile(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow,
               std::deque<std::function<void()>>& /*cold*/) const override {
    const RetireInfo& r = site.record;
    if (site.shape == RecordShape::kAny && !site.outcome_known) return called_branch(g, cpu, site, slow);
    // The data side: one access of the kind its class makes (checked against the log), of one
    // word or less or of two words; a multiple transfer only of one beat (one or two registers).
    DataAccess access;
    if (site.shape == RecordShape::kDataAccess && !data_access(site, access)) return false;
    const std::optional<CortexM85Model::CompiledCase> c = model_.compiled_case(r, site.shape, access.bytes());
    if (!c || c->returns) return false;  // (a return's target is known only when called: called_return)
    retire(g, cpu, r, site.prior_pc, *c, access, nullptr, slow);
    return true;
  }

 private:
  // A load or store's record (`data`), with RetireSite::access_bytes (0: the log's shape checked);
  // `two_words`: one word-aligned access of 8 bytes (RetireSite::transfer_bytes).
  struct DataAccess {
    bool data = false;
    uint8_t access_bytes = 0;
    bool two_words = false;
    uint32_t bytes() const { return two_words ? 8 : 4; }  // what compiled_case assumes it moves
  };
  // `access` = the data side of the load or store record at `site`; false: not compiled
  // (compiled_transfer).
  static bool data_access(const RetireSite& site, DataAccess& access) {
    if (!compiled_transfer(site.record.op, site.transfer_bytes)) return false;
    access = {true, site.access_bytes, site.transfer_bytes == 8};
    return true;
  }
  // The case `c` of the record `r`. `target_from`: a taken direct branch whose target the handler
  // wrote in that record (nullptr: c.target).
  void retire(CodeGenerator& g, const CpuLayout& cpu, const RetireInfo& r, int64_t prior_pc,
              const CortexM85Model::CompiledCase& c, DataAccess access, const RetireInfo* target_from,
              Xbyak::Label& slow) const {
    const bool write = writes_memory(r.op), data = access.data;
    const ModelMemoryCode m = mem(g);
    operands(g, c);
    // Checks first (slow: nothing has changed yet), then the state changes.
    if (c.branch) prediction(g, c, r.pc, target_from, slow);
    if (c.branch) t16_run_and_third(g, c);
    issue(g, c);
    // Without a data access nothing is checked after the fetch block: its counts go with its checks.
    m.fetch_block_checks(r.pc, prior_pc, r8, slow, !data);
    // A load of the PC (called_return, predicted correctly) is a branch and a load: the branch's
    // r9d and r10d kept in xmm1/xmm2 across the data path, which uses both, and r11d Correct again
    // after it; the bank's wait (r10) in xmm3 until results().
    const bool branch_and_data = c.branch && data;
    if (branch_and_data) {
      g.movd(xmm1, r9d);
      g.movd(xmm2, r10d);
    }
    if (data) data_checks(m, g, cpu, write, access, slow);
    if (data) m.fetch_block_update(r.pc, prior_pc, r8);
    if (data) data_update(m, g, cpu, write, access);
    if (data && c.multiple) m.one_beat_block(g.qword[rbp + at_.blocked_until]);
    if (branch_and_data) {
      g.movq(xmm3, r10);
      g.movd(r9d, xmm1);
      g.movd(r10d, xmm2);
      g.mov(r11d, static_cast<uint32_t>(timing::Prediction::Correct));
    }
    if (c.branch) prediction_update(g, c, r.pc, target_from);
    cycle_update(g, c);
    if (c.branch) redirect(g, c);
    if (branch_and_data) g.movq(r10, xmm3);
    results(g, c, data);
    m.commit();
  }

  // A called direct branch (CBZ/CBNZ; B<cond> the JIT does not write inline): a kAny record whose
  // outcome the handler wrote (branch_taken, next_pc; called means executed). Both outcomes'
  // cases are compiled, chosen by the record's branch_taken; slow when the handler logged a data
  // access or (not taken) went anywhere but the next instruction.
  bool called_branch(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow) const {
    const RetireInfo& r = site.record;
    if (r.info->branch == BranchKind::Return && r.executed) return called_return(g, cpu, site, slow);
    if (r.info->branch != BranchKind::Direct || !r.executed) return false;
    RetireInfo falls = r, taken = r;
    falls.branch_taken = false;
    falls.next_pc = r.pc + r.size;
    taken.branch_taken = true;
    const std::optional<CortexM85Model::CompiledCase> not_taken_case = model_.compiled_case(falls, RecordShape::kAny);
    const std::optional<CortexM85Model::CompiledCase> taken_case = model_.compiled_case(taken, RecordShape::kAny);
    if (!not_taken_case || !taken_case) return false;
    Xbyak::Label jump, done;
    g.cmp(g.byte[rbx + cpu.mem_log + offsetof(MemoryLog, count)], 0);
    g.jne(slow, CodeGenerator::T_NEAR);
    g.mov(r8, reinterpret_cast<uint64_t>(&r));
    g.cmp(g.byte[r8 + offsetof(RetireInfo, branch_taken)], 0);
    g.jne(jump, CodeGenerator::T_NEAR);
    g.cmp(g.dword[r8 + offsetof(RetireInfo, next_pc)], falls.next_pc);
    g.jne(slow, CodeGenerator::T_NEAR);
    retire(g, cpu, falls, site.prior_pc, *not_taken_case, DataAccess{}, nullptr, slow);
    g.jmp(done, CodeGenerator::T_NEAR);
    g.L(jump);
    retire(g, cpu, taken, site.prior_pc, *taken_case, DataAccess{}, &r, slow);
    g.L(done);
    return true;
  }

  // A called return (BX LR, POP {..., PC}, LDR PC from the stack) that branched (Cpu::branched_;
  // an exception return does not) to where the return stack predicts (its target, the record's
  // next_pc, known when it runs): a load of the PC's access as a load's record (compiled_transfer);
  // anything else is slow.
  bool called_return(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow) const {
    const RetireInfo& r = site.record;
    DataAccess access;
    if (r.op == OpClass::Load || r.op == OpClass::LoadMultiple) {
      if (!data_access(site, access)) return false;
    } else if (r.op != OpClass::Branch) {
      return false;
    }
    RetireInfo taken = r;
    taken.branch_taken = true;
    const std::optional<CortexM85Model::CompiledCase> c = model_.compiled_case(taken, RecordShape::kAny, access.bytes());
    if (!c) return false;
    g.cmp(g.byte[rbx + cpu.branched], 0);
    g.je(slow, CodeGenerator::T_NEAR);
    if (!access.data) {
      g.cmp(g.byte[rbx + cpu.mem_log + offsetof(MemoryLog, count)], 0);
      g.jne(slow, CodeGenerator::T_NEAR);
    }
    retire(g, cpu, taken, site.prior_pc, *c, access, &r, slow);
    return true;
  }

  // reg = later(reg, t), signed: cycle counts are far below 2^63, and a time below 0 (an operand
  // time less an advance) stands for 0 (retire_as's "operands > advance ? operands - advance : 0")
  // wherever it is compared with an issue cycle, which is at least 0.
  static void wait_for(CodeGenerator& g, const Xbyak::Reg64& reg, const Xbyak::Address& t) {
    g.cmp(reg, t);
    g.cmovl(reg, t);
  }

  // rsi = operands_ready: each group's latest slot less its advance, the latest of those (signed;
  // below 0 when nothing is read late enough to matter).
  void operands(CodeGenerator& g, const CortexM85Model::CompiledCase& c) const {
    bool set = false;
    for (unsigned i = 0; i < c.operand_groups; ++i) {
      const CortexM85Model::OperandGroup& group = c.operands[i];
      if (group.slots.count == 0) continue;
      const Xbyak::Reg64& t = (set && group.advance != 0) ? rdx : rsi;
      bool first = t != rsi || !set;
      for (const uint8_t s : group.slots) {
        if (first) g.mov(t, board(g, s));
        else wait_for(g, t, board(g, s));
        first = false;
      }
      if (group.advance != 0) g.sub(t, group.advance);
      if (t == rdx) {
        g.cmp(rsi, rdx);
        g.cmovl(rsi, rdx);
      }
      set = true;
    }
    if (!set) g.xor_(esi, esi);
  }

  // A branch: r10d = t16_run_ counting it; r9d = 1 when it may issue third after two (kBranchThirdOk
  // without the branch unit taken, predicted taken, a run of third_run 16-bit instructions).
  void t16_run_and_third(CodeGenerator& g, const CortexM85Model::CompiledCase& c) const {
    if (c.t16) {
      g.mov(r10d, g.dword[rbp + at_.t16_run]);
      g.add(r10d, 1);
    } else {
      g.xor_(r10d, r10d);
    }
    g.xor_(r9d, r9d);
    if (!c.third_possible) return;
    g.mov(r8d, g.dword[rbp + at_.cycle]);
    g.and_(r8d, CortexM85Model::kBranchThirdOk | c.branch_unit);
    g.cmp(r8d, CortexM85Model::kBranchThirdOk);
    g.sete(r9b);
    g.cmp(r10d, c.third_run);
    g.setae(r8b);
    g.and_(r9b, r8b);
    g.test(r11d, r11d);  // predicted correctly
    g.sete(r8b);
    g.and_(r9b, r8b);
  }

  // Sets the flags for whether the instruction fits in now_'s cycle, (cycle_ & join_mask) ==
  // kCycleOpen (the cycle open and its single-instance units free): it fits when ZF is the value
  // returned. Clobbers r8d.
  bool fits_in_cycle(CodeGenerator& g, const CortexM85Model::CompiledCase& c) const {
    static_assert(CortexM85Model::kCycleOpen == 0x80, "the open flag is bit 7 of cycle_'s low byte");
    if (c.join_mask == CortexM85Model::kCycleOpen) {  // the open flag alone: it fits when it is set
      g.test(g.byte[rbp + at_.cycle], CortexM85Model::kCycleOpen);
      return false;
    }
    g.mov(r8d, g.dword[rbp + at_.cycle]);
    g.and_(r8d, c.join_mask);
    g.cmp(r8d, CortexM85Model::kCycleOpen);
    return true;
  }

  // rax = now_ (until the commit); rcx = later(now_ + (fits_in_current_cycle or third ? 0 : 1),
  // blocked_until_, operands - read_advance, unit_free_[unit], scalar_gate_), the waits first in rdx.
  void issue(CodeGenerator& g, const CortexM85Model::CompiledCase& c) const {
    g.lea(rdx, g.ptr[rsi - c.read_advance]);
    wait_for(g, rdx, g.qword[rbp + at_.blocked_until]);
    if (c.unit_can_be_busy) wait_for(g, rdx, g.qword[rbp + at_.unit_free + 8 * c.unit]);
    wait_for(g, rdx, g.qword[rbp + at_.scalar_gate]);
    g.mov(rax, g.qword[rbp + at_.shared.now]);
    if (!c.second_ok) {
      g.mov(ecx, 1);
      if (c.third_possible) g.sub(ecx, r9d);
    } else if (!c.load_port && !c.third_possible) {  // now_ when it fits, else now_ + 1
      g.lea(rcx, g.ptr[rax + 1]);
      if (fits_in_cycle(g, c)) g.cmove(rcx, rax);
      else g.cmovne(rcx, rax);
      g.cmp(rcx, rdx);
      g.cmovl(rcx, rdx);
      return;
    } else {
      // Not fitting: the cycle is closed, or its single-instance unit taken, or (the load port)
      // its load bytes leave no room.
      g.xor_(ecx, ecx);
      if (fits_in_cycle(g, c)) g.setne(cl);
      else g.sete(cl);
      if (c.load_port) {
        static_assert(CortexM85Model::kLoadBytesShift == 8 && CortexM85Model::kLoadBytesMask == 0xFF);
        g.movzx(r8d, g.byte[rbp + at_.cycle + 1]);  // load_bytes(cycle_)
        g.cmp(r8d, c.load_limit);
        g.seta(r8b);
        g.or_(cl, r8b);
      }
      if (c.third_possible) {  // not fitting and not third
        g.mov(r8d, r9d);
        g.xor_(r8d, 1);
        g.and_(ecx, r8d);
      }
    }
    g.add(rcx, rax);
    g.cmp(rcx, rdx);
    g.cmovl(rcx, rdx);
  }

  // The log holds one naturally aligned access of 1, 2 or 4 bytes of the expected kind (so the
  // load port's bytes are 4, as compiled_case assumed; known when compiled for an inline load or
  // store, RetireSite::access_bytes), or with `two_words` one word-aligned access of 8 bytes (the
  // load port's 8), to a fast range without wait states (FastRange::try_access asks for the first
  // byte). Leaves r9 = the fast range, r10d = the (first) word's bank, r11 = its free time (or 0:
  // no banks).
  void data_checks(const ModelMemoryCode& m, CodeGenerator& g, const CpuLayout& cpu, bool write, DataAccess access,
                   Xbyak::Label& slow) const {
    const uint8_t access_bytes = access.access_bytes;
    if (access.two_words) m.two_word_access_checks(cpu, write, r10d, slow);
    else if (access_bytes == 1 || access_bytes == 2 || access_bytes == 4) m.known_access(r10d);
    else m.single_access_checks(cpu, write, edx, r10d, r8d, slow);
    const memory::AccessKind kind = write ? memory::AccessKind::Write : memory::AccessKind::Read;
    m.in_fast_range(kind, r10d, r8d, slow);
    m.zero_wait_range(kind, r10d, r9, r11, slow);
  }
  // transfer_cost: the counters; DtcmBanks::wait's one-word case (the access at platform time
  // `when` waits w = later(free, when) - when for its bank and holds it until when + w + 1), or
  // with two words the same over both words' banks; a wait is a memory stall (blocked_until_ =
  // later(blocked_until_, issue + 1 + w), the result w later: r10 = w for results()); the access
  // counted by its range.
  void data_update(const ModelMemoryCode& m, CodeGenerator& g, const CpuLayout& cpu, bool write,
                   DataAccess access) const {
    constexpr memory::DtcmBanks::Layout kBanks = memory::DtcmBanks::layout();
    g.add(g.qword[rbp + (write ? at_.shared.stores : at_.shared.loads)], 1);
    g.add(g.qword[rbp + at_.shared.data_accesses], 1);
    Xbyak::Label no_banks;
    if (!access.two_words) {
      g.xor_(r10d, r10d);
      g.test(r11, r11);
      g.jz(no_banks, CodeGenerator::T_NEAR);
    } else {  // r10 = the second word's bank's free time (no banks: r10 = 0, no wait)
      Xbyak::Label banks;
      g.test(r11, r11);
      g.jnz(banks);
      g.xor_(r10d, r10d);
      g.jmp(no_banks, CodeGenerator::T_NEAR);
      g.L(banks);
      g.mov(r8, g.qword[r9 + offsetof(memory::FastRange, banks)]);
      m.next_word_bank(r10d, r10d, r8);
      g.lea(r10, g.ptr[r8 + r10 * 8 + kBanks.free]);
    }
    g.mov(rdx, g.qword[rbp + at_.shared.clock_offset]);
    g.add(rdx, rcx);  // when
    g.mov(r8, g.qword[r11]);
    g.cmp(r8, rdx);
    g.cmovl(r8, rdx);
    if (access.two_words) {  // both banks wait for the later and are held until it + 1
      g.cmp(r8, g.qword[r10]);
      g.cmovl(r8, g.qword[r10]);
      g.add(r8, 1);
      g.mov(g.qword[r10], r8);
      g.sub(r8, 1);
    }
    g.mov(r10, r8);
    g.sub(r10, rdx);
    g.add(r8, 1);
    g.mov(g.qword[r11], r8);
    g.test(r10, r10);
    g.jz(no_banks);
    g.add(g.qword[rbp + at_.shared.memory_stall_cycles], r10);
    g.lea(r8, g.ptr[rcx + r10 + 1]);
    g.cmp(r8, g.qword[rbp + at_.blocked_until]);
    g.cmovl(r8, g.qword[rbp + at_.blocked_until]);
    g.mov(g.qword[rbp + at_.blocked_until], r8);
    g.L(no_banks);
    m.count_access(cpu, r9, rdx, r8, access.two_words ? 8 : access.access_bytes);
  }

  // cycle_ and dual_issued: issued after now_, a new cycle; in now_'s cycle and the cycle open,
  // the second: kCycleOpen and kBranchThirdOk cleared, its single-instance unit taken, and
  // kBranchThirdOk when it takes partners and no third joined (kTripled clear); in now_'s cycle
  // closed (only a branch issuing third), kBranchThirdOk cleared. A taken branch predicted
  // correctly (r11d), issued second, not third (r9d), after a run of across_run 16-bit
  // instructions and with no third yet: its destination may join (kCycleOpen | kTripled).
  // t16_run_.
  void cycle_update(CodeGenerator& g, const CortexM85Model::CompiledCase& c) const {
    if (c.branch && c.taken) g.mov(g.dword[rbp + at_.t16_run], 0);  // fetch goes on at the destination
    else if (c.branch) g.mov(g.dword[rbp + at_.t16_run], r10d);
    else if (c.t16) g.add(g.dword[rbp + at_.t16_run], 1);
    else g.mov(g.dword[rbp + at_.t16_run], 0);
    if (!c.second_ok && !c.third_possible) {
      g.mov(g.dword[rbp + at_.cycle], c.new_cycle);
      return;
    }
    Xbyak::Label same, dual, done;
    g.cmp(rcx, rax);
    g.je(same);
    g.mov(g.dword[rbp + at_.cycle], c.new_cycle);
    g.jmp(done, CodeGenerator::T_NEAR);
    g.L(same);
    g.mov(edx, g.dword[rbp + at_.cycle]);
    if (c.third_possible) {
      Xbyak::Label second;
      g.test(edx, CortexM85Model::kCycleOpen);
      g.jnz(second);
      g.and_(edx, ~CortexM85Model::kBranchThirdOk);
      g.mov(g.dword[rbp + at_.cycle], edx);
      g.jmp(dual);
      g.L(second);
    }
    if (c.takes_partner) {
      static_assert(CortexM85Model::kTripled == CortexM85Model::kBranchThirdOk << 1);
      g.mov(r8d, edx);
      g.not_(r8d);
      g.shr(r8d, 1);
      g.and_(r8d, CortexM85Model::kBranchThirdOk);
    }
    g.and_(edx, ~(CortexM85Model::kCycleOpen | CortexM85Model::kBranchThirdOk));
    if (c.single_units != 0) g.or_(edx, c.single_units);
    if (c.takes_partner) g.or_(edx, r8d);
    g.mov(g.dword[rbp + at_.cycle], edx);
    g.L(dual);
    g.add(g.qword[rbp + at_.shared.dual_issued], 1);
    if (c.branch && c.taken) {
      constexpr uint32_t kOpenOrTripled = CortexM85Model::kCycleOpen | CortexM85Model::kTripled;
      g.test(r11d, r11d);  // predicted correctly (no redirect)
      g.jnz(done);
      g.test(r9d, r9d);
      g.jnz(done);
      g.cmp(r10d, c.across_run);
      g.jb(done);
      g.mov(edx, g.dword[rbp + at_.cycle]);
      g.test(edx, kOpenOrTripled);
      g.jnz(done);
      g.and_(edx, ~CortexM85Model::kBranchThirdOk);
      g.or_(edx, kOpenOrTripled);
      g.mov(g.dword[rbp + at_.cycle], edx);
    }
    g.L(done);
  }

  // r11d = a direct branch's prediction (BranchPredictor::predict_and_update), a Prediction:
  // Correct when, taken, the BTB holds the branch and its target and the counter says taken or,
  // not taken, the counter says not taken when the BTB holds the branch and a miss is not
  // statically taken; a taken miss statically taken is StaticTaken; anything else is Wrong. A
  // called branch taken (`target_from`: its target in the record) only when Correct (else slow).
  void prediction(CodeGenerator& g, const CortexM85Model::CompiledCase& c, uint32_t pc,
                  const RetireInfo* target_from, Xbyak::Label& slow) const {
    constexpr auto kCorrect = static_cast<uint32_t>(timing::Prediction::Correct);
    constexpr auto kStaticTaken = static_cast<uint32_t>(timing::Prediction::StaticTaken);
    constexpr auto kWrong = static_cast<uint32_t>(timing::Prediction::Wrong);
    const Xbyak::Address tag = g.dword[rbp + btb(c)], target = g.dword[rbp + btb(c) + 4];
    const Xbyak::Address counter = g.byte[rbp + direction(c)];
    if (c.returns) {  // taken to the return stack's top (called: target_from), else slow
      constexpr auto kAt = CortexM85Model::Predictor::layout();
      g.cmp(g.dword[rbp + at_.predictor + kAt.count], 0);
      g.je(slow, CodeGenerator::T_NEAR);
      g.mov(r8d, g.dword[rbp + at_.predictor + kAt.top]);
      g.mov(edx, g.dword[rbp + r8 * 4 + at_.predictor + kAt.stack]);
      g.mov(r8, reinterpret_cast<uint64_t>(target_from));
      g.cmp(edx, g.dword[r8 + offsetof(RetireInfo, next_pc)]);
      g.jne(slow, CodeGenerator::T_NEAR);
      g.mov(r11d, kCorrect);
      return;
    }
    Xbyak::Label miss, done;
    if (c.taken) {
      g.mov(r11d, kWrong);
      g.cmp(tag, pc);
      g.jne(miss);
      g.cmp(counter, 2);
      g.jb(done);
      if (target_from != nullptr) {
        g.mov(r8, reinterpret_cast<uint64_t>(target_from));
        g.mov(r8d, g.dword[r8 + offsetof(RetireInfo, next_pc)]);
        g.cmp(target, r8d);
      } else {
        g.cmp(target, c.target);
      }
      g.jne(done);
      g.mov(r11d, kCorrect);
      g.jmp(done);
      g.L(miss);
      if (c.miss_static_taken && target_from == nullptr) g.mov(r11d, kStaticTaken);
    } else {
      g.mov(r11d, kCorrect);
      g.cmp(tag, pc);
      g.jne(miss);
      g.cmp(counter, 2);
      g.jb(done);
      g.mov(r11d, kWrong);
      g.jmp(done);
      g.L(miss);
      if (c.miss_static_taken) g.mov(r11d, kWrong);
    }
    g.L(done);
    if (target_from != nullptr) {
      g.test(r11d, r11d);
      g.jnz(slow, CodeGenerator::T_NEAR);
    }
  }
  // branch_cost for a prediction not Correct (r11d): StaticTaken costs static_taken_cost, Wrong
  // mispredict_cost (plus late_flags_cost when the flags it reads are set too late); a redirect
  // blocks issue until issue + the cost and closes the cycle.
  void redirect(CodeGenerator& g, const CortexM85Model::CompiledCase& c) const {
    Xbyak::Label none, wrong, apply;
    g.test(r11d, r11d);
    g.jz(none, CodeGenerator::T_NEAR);
    g.cmp(r11d, static_cast<uint32_t>(timing::Prediction::StaticTaken));
    g.jne(wrong);
    g.mov(edx, c.static_taken_cost);
    g.jmp(apply);
    g.L(wrong);
    g.add(g.qword[rbp + at_.shared.branch_mispredicts], 1);
    g.mov(edx, c.mispredict_cost);
    if (c.reads_flags) {
      Xbyak::Label in_time;
      g.cmp(rcx, g.qword[rbp + at_.flags_in_time]);
      g.jge(in_time);
      g.add(edx, c.late_flags_cost);
      g.L(in_time);
    }
    g.L(apply);
    g.lea(r8, g.ptr[rdx - 1]);
    g.add(g.qword[rbp + at_.shared.frontend_stall_cycles], r8);
    g.add(rdx, rcx);
    g.cmp(rdx, g.qword[rbp + at_.blocked_until]);
    g.cmovl(rdx, g.qword[rbp + at_.blocked_until]);
    g.mov(g.qword[rbp + at_.blocked_until], rdx);
    g.and_(g.dword[rbp + at_.cycle], ~(CortexM85Model::kCycleOpen | CortexM85Model::kBranchThirdOk));
    g.L(none);
  }
  // The predictor learns the outcome (taken: the BTB entry holds the branch and its target, the
  // counter counts up to 3; not taken: down to 0), a call pushes its return address, a branch
  // counted.
  void prediction_update(CodeGenerator& g, const CortexM85Model::CompiledCase& c, uint32_t pc,
                         const RetireInfo* target_from) const {
    const Xbyak::Address counter = g.byte[rbp + direction(c)];
    g.add(g.qword[rbp + at_.shared.branches], 1);
    if (c.taken) {
      if (c.returns) {  // the entry learns the return's target
        g.mov(g.dword[rbp + btb(c)], pc);
        g.mov(r8, reinterpret_cast<uint64_t>(target_from));
        g.mov(r8d, g.dword[r8 + offsetof(RetireInfo, next_pc)]);
        g.mov(g.dword[rbp + btb(c) + 4], r8d);
      } else if (target_from == nullptr) {  // (a called branch gets here only when its entry holds both)
        g.mov(g.dword[rbp + btb(c)], pc);
        g.mov(g.dword[rbp + btb(c) + 4], c.target);
      }
      g.cmp(counter, 3);  // up to 3
      g.adc(counter, 0);
    } else {
      g.sub(counter, 1);  // down to 0
      g.adc(counter, 0);
    }
    if (c.returns) {  // the return stack popped (prediction checked it held an entry)
      constexpr auto kAt = CortexM85Model::Predictor::layout();
      constexpr unsigned kDepth = CortexM85Model::Predictor::kStackDepth;
      g.mov(r8d, g.dword[rbp + at_.predictor + kAt.top]);
      g.add(r8d, kDepth - 1);
      g.and_(r8d, kDepth - 1);
      g.mov(g.dword[rbp + at_.predictor + kAt.top], r8d);
      g.sub(g.dword[rbp + at_.predictor + kAt.count], 1);
    }
    if (c.call) {
      constexpr auto kAt = CortexM85Model::Predictor::layout();
      constexpr unsigned kDepth = CortexM85Model::Predictor::kStackDepth;
      g.mov(r8d, g.dword[rbp + at_.predictor + kAt.top]);
      g.add(r8d, 1);
      g.and_(r8d, kDepth - 1);
      g.mov(g.dword[rbp + at_.predictor + kAt.top], r8d);
      g.mov(g.dword[rbp + r8 * 4 + at_.predictor + kAt.stack], c.return_address);
      g.cmp(g.dword[rbp + at_.predictor + kAt.count], kDepth);
      g.adc(g.dword[rbp + at_.predictor + kAt.count], 0);
    }
  }
  int32_t btb(const CortexM85Model::CompiledCase& c) const {
    return at_.predictor + CortexM85Model::Predictor::layout().btb + 8 * c.btb_entry;
  }
  int32_t direction(const CortexM85Model::CompiledCase& c) const {
    return at_.predictor + CortexM85Model::Predictor::layout().direction + c.direction_entry;
  }

  // The results at later(operands, issue) + latency (issue + skew + latency; a bank's wait later
  // for a load), a written-back base at issue + 1, flags_in_time_.
  void results(CodeGenerator& g, const CortexM85Model::CompiledCase& c, bool data) const {
    if (c.writes.count != 0) {
      g.mov(rdx, rcx);
      g.cmp(rdx, rsi);
      g.cmovl(rdx, rsi);
      g.add(rdx, c.latency);
      if (data) g.add(rdx, r10);  // a bank's wait
      for (const uint8_t s : c.writes) g.mov(board(g, s), rdx);
    }
    if (c.base != kNoReg) {
      g.lea(rdx, g.ptr[rcx + 1]);
      g.mov(board(g, c.base), rdx);
    }
    bool operands_not_negative = true;  // no group read early (see operands())
    for (unsigned i = 0; i < c.operand_groups; ++i) operands_not_negative &= c.operands[i].advance == 0;
    if (c.writes_flags && operands_not_negative && c.flags_late_skew == 2) {
      // issue + 1, + 1 more when operands > issue + 1 (CF of the unsigned comparison)
      g.lea(rdx, g.ptr[rcx + 1]);
      g.cmp(rdx, rsi);
      g.adc(rdx, 0);
      g.mov(g.qword[rbp + at_.flags_in_time], rdx);
    } else if (c.writes_flags) {  // issue + 2 when the skew reaches flags_late_skew, else issue + 1
      g.lea(rdx, g.ptr[rcx + c.flags_late_skew]);
      g.xor_(r8d, r8d);
      g.cmp(rsi, rdx);
      g.setge(r8b);
      g.lea(rdx, g.ptr[rcx + r8 + 1]);
      g.mov(g.qword[rbp + at_.flags_in_time], rdx);
    }
  }
};

}  // namespace

std::unique_ptr<RetireCompiler> make_retire_compiler(CortexM85Model& model) {
  return std::make_unique<CortexM85RetireCompiler>(model);
}

}  // namespace corsim::cpu::jit
