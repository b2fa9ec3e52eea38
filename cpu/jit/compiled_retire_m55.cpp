// Compiled retirement for the Cortex-M55 model (cpu/jit/block_jit.h RetireCompiler): the model's
// common case of a data-processing or single-access load/store record
// (CortexM55Model::compiled_case) as native code, so that such an instruction costs no call. What
// the code computes is retire_as<kDataProcessing / kDataAccess> (cpu/timing/cortex_m55.cpp)
// restricted to that case, step for step:
//   issue = later(now_ + (pair_state_ & pair_mask ? 0 : 1), blocked_until_, reads..., unit_free_[unit])
//   the fetch block unchanged (known when compiled, or compared), and in ITCM the fetch wait
//   (itcm_fetch_wait: issue raised until the port has brought the instruction's bytes):
//     fetch_full_ = later(fetch_full_, kItcmPortBytes * issue) + size
//   a load/store: one access to a zero-wait fast range with its bank free (transfer_cost,
//     data_access, FastRange::try_access, DtcmBanks::wait, tcm_port_delay without a delay), or
//     one two-word access with both banks free (LDRD/STRD, a two-register LDM/STM: one beat);
//     a multiple transfer of one beat: blocked_until_ = later(blocked_until_, issue + 1)
//   a called branch, taken or not, without data; a load of the PC (POP {..., PC}, LDR PC) that
//     branched: its load as above and the taken branch's redirect (branch_cost, restart_fetch)
//   writes = issue + latency, base = issue + 1, pair_state_, dual_issued, commit.
// Anything else (a new fetch block outside ITCM, a wait for memory or a bank, ITCM data, a load
// right after a store to its bank, several accesses or beats) jumps to the call of retire_as
// before any state has changed. tests/cpu/jit_test.cpp (BlockJit.TimedBlocks*, FetchWaits*,
// TwoWordTransfers*, LoadsOfThePc*) and timing.TimedJit compare it with the interpreter cycle for
// cycle.
#include <xbyak/xbyak.h>

#include "cpu/jit/block_jit.h"
#include "cpu/jit/model_memory_code.h"
#include "cpu/timing/cortex_m55.h"
#include "memory/timing/dtcm_banks.h"

namespace corsim::cpu::jit {

using namespace Xbyak::util;
using Xbyak::CodeGenerator;
using timing::CortexM55Model;

namespace {

class CortexM55RetireCompiler final : public ModelRetireCompiler<CortexM55Model> {
 public:
  using ModelRetireCompiler::ModelRetireCompiler;

  bool compile(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow,
               std::deque<std::function<void()>>& cold) const override {
    const RetireInfo& r = site.record;
    if (site.shape == RecordShape::kAny && !site.outcome_known) return branch_handler(g, cpu, site, slow, cold);
    const std::optional<CortexM55Model::CompiledCase> c = model_.compiled_case(r, site.shape);
    if (!c) return false;
    // The data side: one access of the kind its class makes (checked against the log), of one
    // word or less or of two words; a multiple transfer only of one beat (one or two registers).
    if (site.shape == RecordShape::kDataAccess && !compiled_transfer(r.op, site.transfer_bytes)) return false;
    body(g, cpu, site, *c, slow, cold, false);
    return true;
  }

 private:
  // A branch handler's record, whose outcome (Cpu::branched_, next_pc_) is known only after the
  // call: the taken and the not-taken case, chosen when it runs; a data access (TBB/TBH) is slow.
  // A load of the PC (POP {..., PC}, LDR PC): load_to_pc.
  bool branch_handler(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow,
                      std::deque<std::function<void()>>& cold) const {
    const RetireInfo& r = site.record;
    if (r.op == OpClass::Load || r.op == OpClass::LoadMultiple) return load_to_pc(g, cpu, site, slow, cold);
    if (r.op != OpClass::Branch) return false;
    RetireInfo taken = r, not_taken = r;
    taken.branch_taken = true;
    taken.next_pc = 0;  // its fetch restart adds the target's offset in its word when it runs
    not_taken.branch_taken = false;
    not_taken.next_pc = r.pc + r.size;
    const std::optional<CortexM55Model::CompiledCase> ct = model_.compiled_case(taken, RecordShape::kAny);
    const std::optional<CortexM55Model::CompiledCase> cn = model_.compiled_case(not_taken, RecordShape::kAny);
    if (!ct || !cn) return false;
    g.cmp(g.byte[rbx + cpu.mem_log + offsetof(MemoryLog, count)], 0);
    g.jne(slow, CodeGenerator::T_NEAR);
    Xbyak::Label taken_path, done;
    g.cmp(g.byte[rbx + cpu.branched], 0);
    g.jne(taken_path, CodeGenerator::T_NEAR);
    body(g, cpu, RetireSite{not_taken, RecordShape::kAny, site.prior_pc, true}, *cn, slow, cold, false);
    g.jmp(done, CodeGenerator::T_NEAR);
    g.L(taken_path);
    body(g, cpu, RetireSite{taken, RecordShape::kAny, site.prior_pc, true}, *ct, slow, cold, true);
    g.L(done);
    return true;
  }

  // A load of the PC whose handler branched (Cpu::branched_; an exception return does not): the
  // load as a load's record (compiled_transfer) and the taken branch to Cpu::next_pc_; anything else
  // is slow.
  bool load_to_pc(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, Xbyak::Label& slow,
                  std::deque<std::function<void()>>& cold) const {
    const RetireInfo& r = site.record;
    if (r.info->branch == BranchKind::None || !compiled_transfer(r.op, site.transfer_bytes)) return false;
    RetireInfo taken = r;
    taken.branch_taken = true;
    taken.next_pc = 0;  // its fetch restart adds the target's offset in its word when it runs
    const std::optional<CortexM55Model::CompiledCase> c = model_.compiled_case(taken, RecordShape::kAny);
    if (!c) return false;
    g.cmp(g.byte[rbx + cpu.branched], 0);
    g.je(slow, CodeGenerator::T_NEAR);
    body(g, cpu, RetireSite{taken, RecordShape::kAny, site.prior_pc, true, 0, site.transfer_bytes}, *c, slow, cold, true,
         true);
    return true;
  }

  // The compiled case `c` of `site` (rbp = the model's state_base()). `target_in_cpu`: a taken
  // branch's target is Cpu::next_pc_ when it runs (its record's next_pc is 0). `loads_pc`: a kAny
  // record of a load of the PC, whose access is a load's (load_to_pc).
  void body(CodeGenerator& g, const CpuLayout& cpu, const RetireSite& site, const CortexM55Model::CompiledCase& c,
            Xbyak::Label& slow, std::deque<std::function<void()>>& cold, bool target_in_cpu,
            bool loads_pc = false) const {
    const RetireInfo& r = site.record;
    const bool data = site.shape == RecordShape::kDataAccess || loads_pc;
    const bool write = writes_memory(r.op);
    // Two words in one access (LDRD/STRD, a two-register LDM/STM): their two banks.
    const bool two_words = data && site.transfer_bytes == 8;
    g.mov(rax, g.qword[rbp + at_.shared.now]);  // now_ (rax until the commit)
    issue(g, c);                         // rcx (until the commit)
    // Checks first (slow: nothing has changed yet), then the state changes.
    // Without a data access nothing is checked after the fetch: its update goes with its check
    // (a redirect's restart_fetch replaces the update). With one, a fetch wait's stall is kept in
    // xmm0 until the data checks have passed (FetchWait::kDeferred).
    const FetchWait wait = data ? FetchWait::kDeferred : FetchWait::kCounted;
    fetch_checks(g, r, site.prior_pc, slow, !data, !data && c.redirect == 0, wait, cold);
    if (data) data_checks(g, cpu, write, site.access_bytes, two_words, slow);
    if (data) fetch_block_update(g, r, site.prior_pc, cold);
    if (data && c.redirect == 0) fetch_update(g, r, true);
    if (data && c.redirect != 0) deferred_fetch_stall(g);  // (restart_fetch replaces the update)
    if (data) data_update(g, cpu, write, site.access_bytes, two_words);
    if (data && c.multiple) mem(g).one_beat_block(g.qword[rbp + at_.blocked_until]);
    if (c.branch || c.redirect != 0) branch(g, cpu, c, target_in_cpu);
    results(g, cpu, c);
  }


  // rcx = later(now_ + (pair_state_ & pair_mask ? 0 : 1), blocked_until_, reads..., unit_free_[unit]).
  void issue(CodeGenerator& g, const CortexM55Model::CompiledCase& c) const {
    if (c.pair_mask == 0) {
      g.lea(rcx, g.ptr[rax + 1]);
    } else {
      g.xor_(ecx, ecx);
      g.test(g.byte[rbp + at_.pair_state], c.pair_mask);
      g.setz(cl);
      g.add(rcx, rax);
    }
    const auto wait_for = [&](const Xbyak::Address& t) {
      g.mov(rdx, t);
      g.cmp(rcx, rdx);
      g.cmovb(rcx, rdx);
    };
    wait_for(g.qword[rbp + at_.blocked_until]);
    for (const uint8_t s : c.reads) wait_for(board(g, s));
    if (c.unit_can_be_busy) wait_for(g.qword[rbp + at_.unit_free + 8 * c.unit]);
  }

  // The fetch block: fetch() asks the memory system when it changes (not when the instruction
  // before is in the same block, known when compiled). A new block in the fetch fast range without
  // wait states or banks, code already in ITCM, costs nothing; anything else is slow. Then, code in
  // ITCM, the FIFO must hold the instruction's bytes at issue (itcm_fetch_wait without a wait).
  static bool same_fetch_block(const RetireInfo& r, int64_t prior_pc) {
    return ModelMemoryCode::same_fetch_block(r.pc, prior_pc);
  }
  // How the code counts a fetch wait's stall (itcm_fetch_wait): kCounted, in the model's
  // frontend_stall_cycles where it is taken (nothing that may go slow follows); kDeferred, in xmm0
  // (0 without a wait) for fetch_update (or, with a redirect, deferred_fetch_stall) to count once
  // every check has passed.
  enum class FetchWait { kCounted, kDeferred };
  // `counts`: a new block's counts (fetch_block_update) written with its checks; `update`:
  // fetch_update's change written here. Either only when nothing that may go slow follows. A
  // fetch wait raises the issue cycle (rcx) out of line in `cold`.
  void fetch_checks(CodeGenerator& g, const RetireInfo& r, int64_t prior_pc, Xbyak::Label& slow, bool counts,
                    bool update, FetchWait counted, std::deque<std::function<void()>>& cold) const {
    constexpr unsigned kShift = CortexM55Model::kFetchBlockShift;
    const uint32_t block = r.pc >> kShift;
    if (!same_fetch_block(r, prior_pc)) {
      // Out of line: the new block's checks and, without a data access to check after them, its
      // counts (fetch_block_update).
      auto changed = std::make_shared<Xbyak::Label>(), resume = std::make_shared<Xbyak::Label>();
      g.cmp(g.dword[rbp + at_.shared.last_fetch_block], block);
      g.jne(*changed, CodeGenerator::T_NEAR);
      g.L(*resume);
      cold.push_back([this, &g, &slow, pc = r.pc, counts, changed, resume] {
        g.L(*changed);
        g.cmp(g.byte[rbp + at_.itcm_code], 0);  // code entering ITCM: not compiled
        g.je(slow, CodeGenerator::T_NEAR);
        const ModelMemoryCode m = mem(g);
        m.new_fetch_block_checks(pc, r8d, slow);
        m.in_fast_range(memory::AccessKind::Fetch, pc, r8d, slow);  // ITCM code (itcm_code_ stays set)
        if (counts) m.fetch_block_counts(pc, rdx);
        g.jmp(*resume, CodeGenerator::T_NEAR);
      });
    }
    static_assert(timing::m55::kItcmPortBytes == 4, "the fetch stream scales the issue cycle by 4");
    Xbyak::Label not_itcm;
    if (counted == FetchWait::kDeferred) g.pxor(xmm0, xmm0);
    g.cmp(g.byte[rbp + at_.itcm_code], 0);
    g.je(not_itcm);
    g.mov(rdx, g.qword[rbp + at_.fetch_full]);
    // A wait when kItcmPortBytes * issue < fetch_full_ + size - kFetchBufferBytes (signed: the
    // right side may be below 0; both are far below 2^63).
    g.lea(rsi, g.ptr[rdx + static_cast<int>(r.size) - static_cast<int>(timing::m55::kFetchBufferBytes)]);
    g.lea(r8, g.ptr[rcx * 4]);
    g.cmp(r8, rsi);
    // itcm_fetch_wait: issue waits until the port has brought the instruction's last byte:
    // issue = ceil((fetch_full_ + size - kFetchBufferBytes) / kItcmPortBytes).
    auto wait = std::make_shared<Xbyak::Label>(), resume = std::make_shared<Xbyak::Label>();
    g.jl(*wait, CodeGenerator::T_NEAR);
    g.L(*resume);
    cold.push_back([this, &g, wait, resume, counted] {
      g.L(*wait);
      g.lea(r8, g.ptr[rsi + (timing::m55::kItcmPortBytes - 1)]);
      g.shr(r8, 2);
      g.mov(r9, r8);
      g.sub(r9, rcx);
      if (counted == FetchWait::kCounted) g.add(g.qword[rbp + at_.shared.frontend_stall_cycles], r9);
      else g.movq(xmm0, r9);
      g.mov(rcx, r8);
      g.lea(r8, g.ptr[rcx * 4]);
      g.jmp(*resume, CodeGenerator::T_NEAR);
    });
    if (update) {
      g.cmp(rdx, r8);
      g.cmovb(rdx, r8);
      g.add(rdx, r.size);
      g.mov(g.qword[rbp + at_.fetch_full], rdx);
    }
    g.L(not_itcm);
  }
  // A new fetch block (fetch(), FastRange::try_access of kFetchBytes at its start): remembered and
  // counted by its range.
  void fetch_block_update(CodeGenerator& g, const RetireInfo& r, int64_t prior_pc,
                          std::deque<std::function<void()>>& cold) const {
    if (same_fetch_block(r, prior_pc)) return;
    const uint32_t block = r.pc >> CortexM55Model::kFetchBlockShift;
    auto changed = std::make_shared<Xbyak::Label>(), resume = std::make_shared<Xbyak::Label>();
    g.cmp(g.dword[rbp + at_.shared.last_fetch_block], block);
    g.jne(*changed, CodeGenerator::T_NEAR);
    g.L(*resume);
    cold.push_back([this, &g, pc = r.pc, changed, resume] {
      g.L(*changed);
      mem(g).fetch_block_counts(pc, rdx);
      g.jmp(*resume, CodeGenerator::T_NEAR);
    });
  }
  // A fetch wait's stall kept in xmm0 (FetchWait::kDeferred; 0 without one) counted.
  void deferred_fetch_stall(CodeGenerator& g) const {
    g.movq(rdx, xmm0);
    g.add(g.qword[rbp + at_.shared.frontend_stall_cycles], rdx);
  }
  // fetch_full_ = later(fetch_full_, kItcmPortBytes * issue) + size, code in ITCM; `deferred`: the
  // fetch wait's stall in xmm0 counted (FetchWait::kDeferred).
  void fetch_update(CodeGenerator& g, const RetireInfo& r, bool deferred) const {
    Xbyak::Label not_itcm;
    g.cmp(g.byte[rbp + at_.itcm_code], 0);
    g.je(not_itcm);
    if (deferred) deferred_fetch_stall(g);
    g.mov(rdx, g.qword[rbp + at_.fetch_full]);
    g.lea(r8, g.ptr[rcx * 4]);
    g.cmp(rdx, r8);
    g.cmovb(rdx, r8);
    g.add(rdx, r.size);
    g.mov(g.qword[rbp + at_.fetch_full], rdx);
    g.L(not_itcm);
  }

  // The log holds one naturally aligned access of 1, 2 or 4 bytes of the expected kind (or, with
  // `two_words`, one word-aligned access of 8 bytes), to a fast range without wait states (not
  // ITCM; FastRange::try_access asks for the first byte) whose banks are free at issue
  // (DtcmBanks::wait without a wait: one word's bank, or two words' in one beat); a load not
  // delayed by the read-after-store rule (tcm_port_delay: only a banked range's bank written by a
  // store the cycle before delays it). Leaves r9 = the fast range, r10 = the access's platform
  // time, r11 = its (first) bank's free time (or 0: no banks).
  // `bytes`: RetireSite::access_bytes (when known, the log's shape is not checked).
  void data_checks(CodeGenerator& g, const CpuLayout& cpu, bool write, unsigned bytes, bool two_words,
                   Xbyak::Label& slow) const {
    const ModelMemoryCode m = mem(g);
    if (two_words) m.two_word_access_checks(cpu, write, esi, slow);
    else if (bytes == 0) m.single_access_checks(cpu, write, edx, esi, r8d, slow);
    else m.known_access(esi);
    // Data in ITCM takes the fetch port (FastRange::contains, the other way round).
    g.mov(r8d, esi);
    g.sub(r8d, range(g, memory::AccessKind::Fetch, offsetof(memory::FastRange, base)));
    g.cmp(r8d, range(g, memory::AccessKind::Fetch, offsetof(memory::FastRange, size)));
    g.jb(slow, CodeGenerator::T_NEAR);
    const memory::AccessKind kind = write ? memory::AccessKind::Write : memory::AccessKind::Read;
    m.in_fast_range(kind, esi, r8d, slow);
    g.mov(r10, g.qword[rbp + at_.shared.clock_offset]);
    g.add(r10, rcx);
    constexpr memory::DtcmBanks::Layout kBanks = memory::DtcmBanks::layout();
    m.zero_wait_range(kind, esi, r9, r11, slow, [&] {
      g.cmp(g.qword[r11], r10);  // the bank busy at issue: slow
      g.ja(slow, CodeGenerator::T_NEAR);
      if (two_words) {  // edx = the second word's bank (esi the first's), busy: slow
        g.mov(r8, g.qword[r9 + offsetof(memory::FastRange, banks)]);
        m.next_word_bank(edx, esi, r8);
        g.cmp(g.qword[r8 + rdx * 8 + kBanks.free], r10);
        g.ja(slow, CodeGenerator::T_NEAR);
      }
      if (write) return;
      // The read-after-store rule: a load issued the cycle after a store that wrote its bank
      // waits (slow); other banks, or a store longer ago, do not delay it.
      Xbyak::Label no_delay;
      g.mov(r8, g.qword[rbp + at_.store_cycle]);
      g.add(r8, 1);
      g.cmp(rcx, r8);
      g.jne(no_delay);
      g.mov(r8, g.qword[rbp + at_.store_banks]);
      g.bt(r8, rsi);
      g.jc(slow, CodeGenerator::T_NEAR);
      if (two_words) {
        g.bt(r8, rdx);
        g.jc(slow, CodeGenerator::T_NEAR);
      }
      g.L(no_delay);
    });
  }
  // transfer_cost and tcm_port_delay without a stall: the counters, the bank held for the
  // access's cycle, the access counted by its range; a store to a banked range is the last store.
  // `two_words`: both words' banks held, both the last store's.
  void data_update(CodeGenerator& g, const CpuLayout& cpu, bool write, unsigned bytes, bool two_words) const {
    const int32_t first = cpu.mem_log + static_cast<int32_t>(offsetof(MemoryLog, access));
    constexpr memory::DtcmBanks::Layout kBanks = memory::DtcmBanks::layout();
    g.add(g.qword[rbp + (write ? at_.shared.stores : at_.shared.loads)], 1);
    g.add(g.qword[rbp + at_.shared.data_accesses], 1);
    Xbyak::Label no_banks;
    g.test(r11, r11);
    g.jz(no_banks);
    g.lea(rdx, g.ptr[r10 + 1]);
    g.mov(g.qword[r11], rdx);
    if (write || two_words) {
      // esi = the first word's bank, r8 = the banks; with two words edx = the second's
      if (bytes != 0) g.mov(esi, edi);  // (RetireSite::access_bytes)
      else g.mov(esi, g.dword[rbx + first + offsetof(MemAccess, addr)]);
      g.shr(esi, 2);
      g.mov(r8, g.qword[r9 + offsetof(memory::FastRange, banks)]);
      g.and_(esi, g.dword[r8 + kBanks.mask]);
      if (two_words) {
        mem(g).next_word_bank(edx, esi, r8);
        g.lea(r11, g.ptr[r10 + 1]);
        g.mov(g.qword[r8 + rdx * 8 + kBanks.free], r11);
      }
    }
    if (write) {
      g.xor_(r11d, r11d);
      g.bts(r11, rsi);
      if (two_words) g.bts(r11, rdx);
      g.mov(g.qword[rbp + at_.store_banks], r11);
      g.mov(g.qword[rbp + at_.store_cycle], rcx);
    }
    g.L(no_banks);
    mem(g).count_access(cpu, r9, rdx, rsi, two_words ? 8 : bytes);
  }

  // branch_cost (not LE): a branch counted; taken, a redirect: blocked_until_ until issue +
  // redirect and, code in ITCM, fetch restarted at the target (restart_fetch).
  void branch(CodeGenerator& g, const CpuLayout& cpu, const CortexM55Model::CompiledCase& c, bool target_in_cpu) const {
    if (c.branch) g.add(g.qword[rbp + at_.shared.branches], 1);
    if (c.redirect == 0) return;
    g.add(g.qword[rbp + at_.shared.branch_mispredicts], 1);
    g.add(g.qword[rbp + at_.shared.frontend_stall_cycles], c.redirect - 1);
    g.lea(rdx, g.ptr[rcx + c.redirect]);
    g.mov(rsi, g.qword[rbp + at_.blocked_until]);
    g.cmp(rsi, rdx);
    g.cmovb(rsi, rdx);
    g.mov(g.qword[rbp + at_.blocked_until], rsi);
    Xbyak::Label not_itcm;
    g.cmp(g.byte[rbp + at_.itcm_code], 0);
    g.je(not_itcm);
    g.lea(rdx, g.ptr[rdx * 4 + c.restart_bytes]);
    if (target_in_cpu) {
      g.mov(esi, g.dword[rbx + cpu.next_pc]);
      g.and_(esi, timing::m55::kItcmPortBytes - 1);
      g.add(rdx, rsi);
    }
    g.mov(g.qword[rbp + at_.fetch_full], rdx);
    g.L(not_itcm);
  }

  // The results at issue + latency, a written-back base at issue + 1, pair_state_, dual_issued,
  // the commit (now_, instructions) and the Cpu's counters as Cpu::jit_retire; rax = cycles.
  void results(CodeGenerator& g, const CpuLayout& cpu, const CortexM55Model::CompiledCase& c) const {
    if (c.writes.count != 0) {
      g.lea(rdx, g.ptr[rcx + c.latency]);
      for (const uint8_t s : c.writes) g.mov(board(g, s), rdx);
    }
    if (c.base != kNoReg) {
      g.lea(rdx, g.ptr[rcx + 1]);
      g.mov(board(g, c.base), rdx);
    }
    // pair_state_: open after an instruction that did not pair (issue != now_), else closed;
    // dual_issued counts a pair. An instruction that cannot pair (pair_mask 0) issues after now_.
    if (c.pair_mask == 0) {
      g.mov(g.byte[rbp + at_.pair_state], c.open_pair_state);
    } else {
      g.cmp(rax, rcx);  // issue >= now_: CF = it did not pair
      g.sbb(rdx, rdx);  // -1: did not pair; 0: paired
      g.lea(rsi, g.ptr[rdx + 1]);
      g.add(g.qword[rbp + at_.shared.dual_issued], rsi);
      if (c.open_pair_state == 0) {
        g.mov(g.byte[rbp + at_.pair_state], 0);
      } else {
        g.and_(edx, c.open_pair_state);
        g.mov(g.byte[rbp + at_.pair_state], dl);
      }
    }
    mem(g).commit();
  }
};

}  // namespace

std::unique_ptr<RetireCompiler> make_retire_compiler(CortexM55Model& model) {
  return std::make_unique<CortexM55RetireCompiler>(model);
}

}  // namespace corsim::cpu::jit
