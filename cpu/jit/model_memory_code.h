#pragma once
// Code a core model's compiled retirement (cpu/jit/block_jit.h RetireCompiler) writes for the state
// every model keeps in CpuTimingModel (cpu/timing/timing_model.h): the fetch block (fetch(): one
// FastRange::try_access per 32-byte block entered), a single data access through a fast range
// (data_access, memory_access, FastRange::try_access) and the commit (commit(): the model's clock
// and instruction count). rbp holds the model's state base (RetireCompiler::base), rbx the Cpu
// (cpu/jit/emitter.h); the caller names the scratch registers. cpu/jit/compiled_retire_m55.cpp and
// compiled_retire_m85.cpp use it.
#include <xbyak/xbyak.h>

#include <cstddef>
#include <cstdint>
#include <functional>

#include "cpu/jit/block_jit.h"
#include "cpu/timing/timing_model.h"
#include "memory/timing/dtcm_banks.h"
#include "memory/timing/memory_timing.h"

namespace corsim::cpu::jit {

// The loads and stores a compiled retirement takes, by class and RetireSite::transfer_bytes: a
// single load or store of at most a word (0: the log's shape checked when it runs) or of two words
// (8: LDRD/STRD); a multiple transfer of one beat (4 or 8: one or two registers).
inline bool compiled_transfer(OpClass op, uint8_t transfer_bytes) {
  if (op == OpClass::Load || op == OpClass::Store) return transfer_bytes == 0 || transfer_bytes == 8;
  if (op == OpClass::LoadMultiple || op == OpClass::StoreMultiple) return transfer_bytes == 4 || transfer_bytes == 8;
  return false;
}
inline bool writes_memory(OpClass op) { return op == OpClass::Store || op == OpClass::StoreMultiple; }

class ModelMemoryCode {
 public:
  static constexpr unsigned kFetchBlockShift = timing::CpuTimingModel::kFetchBlockShift;
  static constexpr unsigned kFetchBytes = timing::CpuTimingModel::kFetchBytes;

  ModelMemoryCode(Xbyak::CodeGenerator& g, const timing::CpuTimingModel::SharedStateOffsets& at) : g_(g), at_(at) {}

  // A field of the model's fast range for `kind` (CpuTimingModel::fast_).
  Xbyak::Address range(memory::AccessKind kind, size_t field) const {
    return g_.qword[Xbyak::util::rbp + at_.fast_ranges + kFast * static_cast<unsigned>(kind) +
                    static_cast<int32_t>(field)];
  }

  // Scoreboard slot `slot` (CpuTimingModel::board_).
  Xbyak::Address slot(uint8_t slot) const { return g_.qword[Xbyak::util::rbp + at_.board + 8 * slot]; }

  // The instruction at `pc` is in the fetch block of the one before it in the block (`prior_pc`;
  // -1: the block's first), known when compiled: fetch() asks nothing.
  static bool same_fetch_block(uint32_t pc, int64_t prior_pc) {
    return prior_pc >= 0 && (static_cast<uint32_t>(prior_pc) >> kFetchBlockShift) == (pc >> kFetchBlockShift);
  }
  // Jumps to `slow` unless the fetch block of `pc` is the last one fetched or, new, starts in the
  // fetch fast range without wait states or banks (fetch() then costs nothing). With the new
  // block's checks go its counts (fetch_block_counts) when `counts` (the caller then writes no
  // fetch_block_update: nothing after this may go slow).
  void fetch_block_checks(uint32_t pc, int64_t prior_pc, const Xbyak::Reg64& scratch, Xbyak::Label& slow,
                          bool counts) const {
    using namespace Xbyak::util;
    if (same_fetch_block(pc, prior_pc)) return;
    Xbyak::Label same;
    g_.cmp(g_.dword[rbp + at_.last_fetch_block], pc >> kFetchBlockShift);
    g_.je(same, Xbyak::CodeGenerator::T_NEAR);
    new_fetch_block_checks(pc, scratch.cvt32(), slow);
    if (counts) fetch_block_counts(pc, scratch);
    g_.L(same);
  }
  // The checks of a new fetch block alone: jumps to `slow` unless the block of `pc` starts in the
  // fetch fast range (empty without a memory system, CpuTimingModel::set_memory_timing) and the
  // range has no wait states or banks.
  void new_fetch_block_checks(uint32_t pc, const Xbyak::Reg32& scratch, Xbyak::Label& slow) const {
    in_fast_range(memory::AccessKind::Fetch, pc & ~((1u << kFetchBlockShift) - 1), scratch, slow);
    g_.cmp(range(memory::AccessKind::Fetch, offsetof(memory::FastRange, wait)), 0);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
    g_.cmp(range(memory::AccessKind::Fetch, offsetof(memory::FastRange, banks)), 0);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
  }
  // A new fetch block (fetch(), FastRange::try_access of kFetchBytes at its start): remembered and
  // counted by its range.
  void fetch_block_update(uint32_t pc, int64_t prior_pc, const Xbyak::Reg64& scratch) const {
    using namespace Xbyak::util;
    if (same_fetch_block(pc, prior_pc)) return;
    Xbyak::Label same;
    g_.cmp(g_.dword[rbp + at_.last_fetch_block], pc >> kFetchBlockShift);
    g_.je(same);
    fetch_block_counts(pc, scratch);
    g_.L(same);
  }
  // What fetch_block_update writes for the new block of `pc`, unconditionally.
  void fetch_block_counts(uint32_t pc, const Xbyak::Reg64& scratch) const {
    using namespace Xbyak::util;
    Xbyak::Label no_fetch_bytes;
    g_.mov(g_.dword[rbp + at_.last_fetch_block], pc >> kFetchBlockShift);
    g_.mov(scratch, range(memory::AccessKind::Fetch, offsetof(memory::FastRange, accesses)));
    g_.add(g_.qword[scratch], 1);
    g_.mov(scratch, range(memory::AccessKind::Fetch, offsetof(memory::FastRange, bytes)));
    g_.add(g_.qword[scratch], kFetchBytes);
    g_.mov(scratch, range(memory::AccessKind::Fetch, offsetof(memory::FastRange, fetch_bytes)));
    g_.test(scratch, scratch);
    g_.jz(no_fetch_bytes);
    g_.add(g_.qword[scratch], kFetchBytes);
    g_.L(no_fetch_bytes);
  }

  // Jumps to `slow` unless the Cpu's access log holds one access, a write when `write`; returns
  // the offset of that access from the Cpu.
  int32_t one_access_checks(const CpuLayout& cpu, bool write, Xbyak::Label& slow) const {
    using namespace Xbyak::util;
    const int32_t first = cpu.mem_log + static_cast<int32_t>(offsetof(MemoryLog, access));
    g_.cmp(g_.byte[rbx + cpu.mem_log + offsetof(MemoryLog, count)], 1);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
    g_.cmp(g_.byte[rbx + first + offsetof(MemAccess, write)], write ? 1 : 0);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
    return first;
  }
  // Jumps to `slow` unless the Cpu's access log holds one naturally aligned access of 1, 2 or 4
  // bytes, a write when `write`. Leaves `size` and `addr` (the access's), `scratch` clobbered.
  // (Whether the model has a memory system is not asked: without one its fast ranges are empty,
  // CpuTimingModel::set_memory_timing, so in_fast_range goes slow.)
  void single_access_checks(const CpuLayout& cpu, bool write, const Xbyak::Reg32& size, const Xbyak::Reg32& addr,
                            const Xbyak::Reg32& scratch, Xbyak::Label& slow) const {
    using namespace Xbyak::util;
    const int32_t first = one_access_checks(cpu, write, slow);
    g_.movzx(size, g_.word[rbx + first + offsetof(MemAccess, size)]);
    g_.mov(addr, g_.dword[rbx + first + offsetof(MemAccess, addr)]);
    g_.mov(scratch, (1u << 1) | (1u << 2) | (1u << 4));
    g_.bt(scratch, size);
    g_.jnc(slow, Xbyak::CodeGenerator::T_NEAR);
    g_.lea(scratch, g_.ptr[size.cvt64() - 1]);
    g_.test(addr, scratch);
    g_.jnz(slow, Xbyak::CodeGenerator::T_NEAR);
  }
  // Jumps to `slow` unless the Cpu's access log holds one word-aligned access of 8 bytes (two
  // words: RetireSite::transfer_bytes), a write when `write`. Leaves `addr` = its address.
  void two_word_access_checks(const CpuLayout& cpu, bool write, const Xbyak::Reg32& addr, Xbyak::Label& slow) const {
    using namespace Xbyak::util;
    const int32_t first = one_access_checks(cpu, write, slow);
    g_.cmp(g_.word[rbx + first + offsetof(MemAccess, size)], 8);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
    g_.mov(addr, g_.dword[rbx + first + offsetof(MemAccess, addr)]);
    g_.test(addr, 3);
    g_.jnz(slow, Xbyak::CodeGenerator::T_NEAR);
  }
  // `out` = the bank of the word after the one in bank `bank` (DtcmBanks: words interleave across
  // the banks); `banks` points at the DtcmBanks. `out` may be `bank`.
  void next_word_bank(const Xbyak::Reg32& out, const Xbyak::Reg32& bank, const Xbyak::Reg64& banks) const {
    g_.lea(out, g_.ptr[bank.cvt64() + 1]);
    g_.and_(out, g_.dword[banks + memory::DtcmBanks::layout().mask]);
  }
  // A multiple transfer of one beat (transfer_cost): `blocked_until` = later(it, issue (rcx) + 1).
  // Clobbers rdx.
  void one_beat_block(const Xbyak::Address& blocked_until) const {
    using namespace Xbyak::util;
    g_.lea(rdx, g_.ptr[rcx + 1]);
    g_.cmp(rdx, blocked_until);
    g_.cmovl(rdx, blocked_until);
    g_.mov(blocked_until, rdx);
  }
  // An inline form's access (RetireSite::access_bytes, address in edi): `addr` = its address.
  void known_access(const Xbyak::Reg32& addr) const { g_.mov(addr, Xbyak::util::edi); }
  // Jumps to `slow` unless `addr` (a register or a constant) is in the fast range of `kind`
  // (FastRange::contains).
  template <class Addr>
  void in_fast_range(memory::AccessKind kind, const Addr& addr, const Xbyak::Reg32& scratch, Xbyak::Label& slow) const {
    g_.mov(scratch, addr);
    g_.sub(scratch, range(kind, offsetof(memory::FastRange, base)));
    g_.cmp(scratch, range(kind, offsetof(memory::FastRange, size)));
    g_.jae(slow, Xbyak::CodeGenerator::T_NEAR);
  }
  // Jumps to `slow` unless the fast range of `kind` has no wait states and counts no fetched bytes
  // (FastRange::try_access's cost is then its bank's wait alone). Leaves `range` = the range and
  // `bank` = the free time of the bank of `addr` (DtcmBanks::wait's one-word case; `addr` becomes
  // the bank's index), or 0 when the range has no banks; `in_bank` is written where the bank is
  // known (skipped without banks).
  void zero_wait_range(memory::AccessKind kind, const Xbyak::Reg32& addr, const Xbyak::Reg64& range,
                       const Xbyak::Reg64& bank, Xbyak::Label& slow,
                       const std::function<void()>& in_bank = {}) const {
    using namespace Xbyak::util;
    g_.lea(range, g_.ptr[rbp + at_.fast_ranges + kFast * static_cast<unsigned>(kind)]);
    g_.cmp(g_.qword[range + offsetof(memory::FastRange, wait)], 0);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
    g_.cmp(g_.qword[range + offsetof(memory::FastRange, fetch_bytes)], 0);
    g_.jne(slow, Xbyak::CodeGenerator::T_NEAR);
    g_.mov(bank, g_.qword[range + offsetof(memory::FastRange, banks)]);
    Xbyak::Label no_banks;
    g_.test(bank, bank);
    g_.jz(no_banks, Xbyak::CodeGenerator::T_NEAR);
    constexpr memory::DtcmBanks::Layout kBanks = memory::DtcmBanks::layout();
    g_.shr(addr, 2);
    g_.and_(addr, g_.dword[bank + kBanks.mask]);
    g_.lea(bank, g_.ptr[bank + addr.cvt64() * 8 + kBanks.free]);
    if (in_bank) in_bank();
    g_.L(no_banks);
  }

  // FastRange::try_access's counters for the log's single access; `fast_range` points at the range.
  // `known_bytes`: its size when the JIT knows it (RetireSite::access_bytes; `size` then unused),
  // 0: read from the log into `size`.
  void count_access(const CpuLayout& cpu, const Xbyak::Reg64& fast_range, const Xbyak::Reg64& scratch,
                    const Xbyak::Reg64& size, unsigned known_bytes = 0) const {
    using namespace Xbyak::util;
    const int32_t first = cpu.mem_log + static_cast<int32_t>(offsetof(MemoryLog, access));
    g_.mov(scratch, g_.qword[fast_range + offsetof(memory::FastRange, accesses)]);
    g_.add(g_.qword[scratch], 1);
    g_.mov(scratch, g_.qword[fast_range + offsetof(memory::FastRange, bytes)]);
    if (known_bytes != 0) {
      g_.add(g_.qword[scratch], known_bytes);
    } else {
      g_.movzx(size.cvt32(), g_.word[rbx + first + offsetof(MemAccess, size)]);
      g_.add(g_.qword[scratch], size);
    }
  }

  // commit(issue = rcx): the model's clock and its instruction count; leaves rax = the clock (what
  // the code after a retire expects, as Cpu::jit_retire returns it).
  void commit() const {
    using namespace Xbyak::util;
    g_.mov(g_.qword[rbp + at_.now], rcx);
    g_.add(g_.qword[rbp + at_.instructions], 1);
    g_.mov(rax, rcx);
  }

 private:
  static constexpr unsigned kFast = static_cast<unsigned>(sizeof(memory::FastRange));
  Xbyak::CodeGenerator& g_;
  const timing::CpuTimingModel::SharedStateOffsets at_;  // CpuTimingModel::shared_state_offsets
};

// What every core model's RetireCompiler keeps (the model, its state offsets) and how it reaches
// the model's state: cpu/jit/compiled_retire_m55.cpp and compiled_retire_m85.cpp derive from it.
template <class Model>
class ModelRetireCompiler : public RetireCompiler {
 public:
  explicit ModelRetireCompiler(Model& model) : model_(model), at_(model.state_offsets()) {}
  Counters counters() const final { return {model_.clock(), model_.retired()}; }

 protected:
  // The code for the state every model keeps.
  ModelMemoryCode mem(Xbyak::CodeGenerator& g) const { return {g, at_.shared}; }
  Xbyak::Address board(Xbyak::CodeGenerator& g, uint8_t slot) const { return mem(g).slot(slot); }
  Xbyak::Address range(Xbyak::CodeGenerator& g, memory::AccessKind kind, size_t field) const {
    return mem(g).range(kind, field);
  }

  Model& model_;
  const typename Model::StateOffsets at_;
};

}  // namespace corsim::cpu::jit
