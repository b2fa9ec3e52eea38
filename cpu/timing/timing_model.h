#pragma once
// What both core models share: the TimingHook they implement, their counters (read by the PMU),
// the register scoreboard and the memory-system calls (memory/timing/memory_timing.h), so each
// model file only says how its core issues. docs/timing.md.
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/clock.h"
#include "cpu/timing/class_timing.h"
#include "cpu/retire_record.h"
#include "memory/timing/memory_timing.h"

namespace corsim::cpu::timing {

// Counters the PMU and --stats read (cumulative since the model was made).
struct TimingStats {
  uint64_t instructions = 0;
  uint64_t cycles = 0;              // sum of retire() results
  uint64_t stall_cycles = 0;        // cycles in which nothing issued (dependencies, units, memory, exception entry excluded)
  uint64_t frontend_stall_cycles = 0;  // of those: branch redirects and fetch waits
  uint64_t memory_stall_cycles = 0;    // of those: data/fetch latency reported by the memory system
  uint64_t dual_issued = 0;         // instructions issued in the same cycle as the one before
  uint64_t branches = 0;            // branch instructions executed (taken or not)
  uint64_t branch_mispredicts = 0;  // M85: predictor wrong; M55: taken branches (fetch redirect)
  uint64_t loads = 0, stores = 0;   // instructions with a data read / write
  uint64_t mve_instructions = 0;
  uint64_t data_accesses = 0;       // memory-system calls for data
};

// Scoreboard slots (cpu/retire_record.h), listed: what an instruction reads or writes.
struct SlotList {
  static constexpr unsigned kMax = kScoreboardSlots;
  std::array<uint8_t, kMax> slot{};
  uint8_t count = 0;
  void add(uint8_t s) { slot[count++] = s; }
  const uint8_t* begin() const { return slot.data(); }
  const uint8_t* end() const { return slot.data() + count; }
};

class CpuTimingModel : public TimingHook {
 public:
  ~CpuTimingModel() override = default;
  // Instruction fetch is asked for once per block of 1 << kFetchBlockShift bytes (fetch()), as
  // one access of kFetchBytes.
  static constexpr unsigned kFetchBlockShift = 5, kFetchBytes = 8;
  virtual std::string_view core_name() const = 0;
  // The counters; cycles and stall_cycles are derived here rather than counted per instruction.
  TimingStats stats() const {
    TimingStats s = stats_;
    s.cycles = now_;
    s.stall_cycles = now_ - exception_cycles_ - s.instructions + s.dual_issued;
    return s;
  }
  // The memory system (caches, TCM, bus); null = every access is zero-wait.
  void set_memory_timing(memory::MemoryTiming* m) {
    memory_ = m;
    fast_ = {};
    for (auto& memo : no_fast_block_) memo.fill(kNoFastBlock);
  }
  memory::MemoryTiming* memory_timing() const { return memory_; }
  // The model's clock (now_: the cycles charged so far) and its count of retired instructions.
  // A timed run of compiled code advances these alone; the Cpu adds their advance to its own
  // counters afterwards (Cpu::run_compiled).
  const Cycles* clock() const { return &now_; }
  const uint64_t* retired() const { return &stats_.instructions; }
  // The address the JIT's compiled retirement (cpu/jit/model_memory_code.h) reaches a model's
  // state from: the clock, amid what every instruction reads and writes (the fields' order below).
  const void* state_base() const { return clock(); }
  // Where the compiled retirement finds the state every model keeps: byte offsets from
  // state_base() (each model's state_offsets() adds its own fields).
  struct SharedStateOffsets {
    int32_t now, instructions, dual_issued, last_fetch_block, board, memory, fast_ranges, clock_offset, loads,
        stores, data_accesses, branches, branch_mispredicts, frontend_stall_cycles, memory_stall_cycles;
  };
  SharedStateOffsets shared_state_offsets() const {
    return {offset_of(&now_),           offset_of(&stats_.instructions),  offset_of(&stats_.dual_issued),
            offset_of(&last_fetch_block_), offset_of(&board_.at[0]),      offset_of(&memory_),
            offset_of(&fast_[0]),       offset_of(&clock_offset_),        offset_of(&stats_.loads),
            offset_of(&stats_.stores),  offset_of(&stats_.data_accesses), offset_of(&stats_.branches),
            offset_of(&stats_.branch_mispredicts), offset_of(&stats_.frontend_stall_cycles),
            offset_of(&stats_.memory_stall_cycles)};
  }
  // Platform time for the memory system's calls (the Simulator: CPU cycles plus sleep); null =
  // the model's own cycle count.
  void set_clock(const TimeSource* clock) { clock_ = clock; }

 protected:
  // The byte offset of `field` (of this model) from state_base(), for the offsets above.
  int32_t offset_of(const void* field) const {
    return static_cast<int32_t>(static_cast<const char*>(field) - static_cast<const char*>(state_base()));
  }
  // Register scoreboard: the cycle at which each register's value can be used, by scoreboard slot
  // (cpu/retire_record.h: R0-R14, the flags, an always-ready kNoReg slot, D0-D15, FPSCR/VPR).
  struct Scoreboard {
    std::array<Cycles, kScoreboardSlots> at{};

    Cycles& gpr(unsigned r) { return at[r]; }
    Cycles gpr(unsigned r) const { return at[r]; }
    Cycles ready_gpr(uint32_t mask) const {
      Cycles t = 0;
      for (uint32_t m = mask; m; m &= m - 1) t = later(t, at[std::countr_zero(m)]);
      return t;
    }
    Cycles ready(const RegUsage& u) const {
      Cycles t = ready_gpr(u.gpr_read);
      for (uint32_t m = u.ext_read; m; m &= m - 1) t = later(t, at[kExtSlot + std::countr_zero(m)]);
      return t;
    }
    void write(const RegUsage& u, Cycles at_cycle) {
      for (uint32_t m = u.gpr_write; m; m &= m - 1) at[std::countr_zero(m)] = at_cycle;
      for (uint32_t m = u.ext_write; m; m &= m - 1) at[kExtSlot + std::countr_zero(m)] = at_cycle;
    }
    // Branch-free forms for InstrInfo::src/dst (kTraitCompactRegs): unused entries name the
    // kNoReg slot, which is reset to "ready" after the writes.
    // Most instructions use the first three sources and two destinations (kTraitWideRegs: more).
    Cycles ready_compact(const InstrInfo& i) const {
      Cycles t = later(later(at[i.src[0]], at[i.src[1]]), at[i.src[2]]);
      if (i.traits & kTraitWideRegs) t = later(t, later(later(at[i.src[3]], at[i.src[4]]), at[i.src[5]]));
      return t;
    }
    void write_compact(const InstrInfo& i, Cycles at_cycle) {
      at[i.dst[0]] = at_cycle;
      at[i.dst[1]] = at_cycle;
      if (i.traits & kTraitWideRegs) {
        at[i.dst[2]] = at_cycle;
        at[i.dst[3]] = at_cycle;
      }
    }
    // The slots ready_any reads and write_any writes at the result time (without the written-back
    // base, which write_any writes last), for the JIT's compiled cases.
    static SlotList read_slots(const InstrInfo& i) {
      SlotList l;
      if (i.traits & kTraitCompactRegs) {
        for (unsigned k = 0; k < ((i.traits & kTraitWideRegs) ? 6u : 3u); ++k)
          if (i.src[k] != kNoReg) l.add(i.src[k]);
        return l;
      }
      for (uint32_t m = i.regs.gpr_read; m; m &= m - 1) l.add(static_cast<uint8_t>(std::countr_zero(m)));
      for (uint32_t m = i.regs.ext_read; m; m &= m - 1) l.add(static_cast<uint8_t>(kExtSlot + std::countr_zero(m)));
      return l;
    }
    static SlotList write_slots(const InstrInfo& i) {
      SlotList l;
      if (i.traits & kTraitCompactRegs) {
        for (unsigned k = 0; k < ((i.traits & kTraitWideRegs) ? 4u : 2u); ++k)
          if (i.dst[k] != kNoReg && i.dst[k] != i.writeback_base) l.add(i.dst[k]);
        return l;
      }
      for (uint32_t m = i.regs.gpr_write; m; m &= m - 1)
        if (std::countr_zero(m) != i.writeback_base) l.add(static_cast<uint8_t>(std::countr_zero(m)));
      for (uint32_t m = i.regs.ext_write; m; m &= m - 1) l.add(static_cast<uint8_t>(kExtSlot + std::countr_zero(m)));
      return l;
    }
    Cycles ready_any(const InstrInfo& i) const {
      return (i.traits & kTraitCompactRegs) ? ready_compact(i) : ready(i.regs);
    }
    // The destinations, then the written-back base (InstrInfo::writeback_base, or kNoReg) at
    // `base_cycle`.
    void write_any(const InstrInfo& i, Cycles at_cycle, Cycles base_cycle) {
      if (i.traits & kTraitCompactRegs) write_compact(i, at_cycle);
      else write(i.regs, at_cycle);
      at[i.writeback_base] = base_cycle;
      at[kNoReg] = 0;
    }
  };

  // Platform time = model cycles + clock_offset_, refreshed once per quantum (the offset is time
  // the core spent asleep); memory_access adds it to the cycle an access is made in.
  void begin_quantum() override { clock_offset_ = clock_ ? clock_->now() - now_ : 0; }

  // Instruction fetch: one memory-system call per 32-byte block entered (an I-cache line; the
  // cores fetch 64 bits at a time, and code in TCM or a cache hit costs nothing either way, so
  // asking once per line keeps the timed loop fast). Returns the stall the memory system reports.
  bool fetch_block_changed(uint32_t pc) const { return (pc >> kFetchBlockShift) != last_fetch_block_; }
  Cycles fetch(uint32_t pc) {
    const uint32_t block = pc >> kFetchBlockShift;
    if (block == last_fetch_block_) return 0;
    last_fetch_block_ = block;
    if (memory_ == nullptr) return 0;
    return memory_access(block << kFetchBlockShift, kFetchBytes, memory::AccessKind::Fetch, now_);
  }
  // One access through the memory system: inline when a fast range holds it (TCMs), otherwise
  // cpu_access and a look for a fast range there (remembering 64 KiB blocks that have none, so
  // code alternating between a TCM and cached memories does not ask every time).
  // `at`: the model cycle the access is made in: its instruction's issue for data, the cycle of
  // the instruction before it for a fetch (fetch runs ahead of issue).
  Cycles memory_access(uint32_t addr, unsigned size, memory::AccessKind kind, Cycles at) {
    const unsigned k = static_cast<unsigned>(kind);
    const Cycles when = at + clock_offset_;
    Cycles cost = 0;
    if (fast_[k].try_access(addr, size, when, cost)) [[likely]] return cost;
    return memory_access_outside_fast_range(addr, size, kind, when);
  }
  // The rest of memory_access, out of line (noinline: a virtual call either way, and kept out of
  // the retire() it would otherwise be flattened into, whose registers it would take).
  [[gnu::noinline]] Cycles memory_access_outside_fast_range(uint32_t addr, unsigned size, memory::AccessKind kind,
                                                            Cycles when) {
    const unsigned k = static_cast<unsigned>(kind);
    const Cycles cost = memory_->cpu_access(memory::CpuAccess{addr, static_cast<uint8_t>(size), kind}, when);
    uint32_t& memo = no_fast_block_[k][(addr >> 16) % kNoFastMemo];
    if ((addr >> 16) != memo) {
      const memory::FastRange r = memory_->fast_range(addr, kind);
      if (r.size != 0) fast_[k] = r;
      else memo = addr >> 16;
    }
    return cost;
  }
  // `issue` delayed by the fetch of the block holding `pc` (nothing when the block is unchanged).
  Cycles fetch_stall(uint32_t pc, Cycles issue) {
    const Cycles f = fetch(pc);
    if (f == 0) return issue;
    stats_.memory_stall_cycles += f;
    stats_.frontend_stall_cycles += f;
    return later(issue, now_ + 1 + f);
  }
  // Data accesses of one instruction, in bus beats of `beat` bytes; returns the summed stall.
  Cycles data_access(const MemoryLog& log, unsigned beat, Cycles issue) {
    if (memory_ == nullptr) return 0;
    // Most data instructions: one access of at most one beat, which is one memory call (what the
    // loop below makes of it), without the loop's bookkeeping.
    const MemAccess& first = log.access[0];
    if (log.count == 1 && first.size - 1u < beat) [[likely]] {
      ++stats_.data_accesses;
      const auto kind = first.write ? memory::AccessKind::Write : memory::AccessKind::Read;
      return memory_access(first.addr, static_cast<uint8_t>(std::bit_floor(first.size)), kind, issue);
    }
    return data_access_in_beats(log, beat, issue);
  }
  // Every access of the log in beats (out of line: the rarer multi-beat and multi-access forms).
  [[gnu::noinline]] Cycles data_access_in_beats(const MemoryLog& log, unsigned beat, Cycles issue) {
    Cycles stall = 0;
    for (unsigned i = 0; i < log.count; ++i) {
      const MemAccess& a = log.access[i];
      const auto kind = a.write ? memory::AccessKind::Write : memory::AccessKind::Read;
      for (uint32_t off = 0; off < a.size; off += beat) {
        const uint32_t n = std::min<uint32_t>(beat, a.size - off);
        const uint8_t size = static_cast<uint8_t>(std::bit_floor(n));
        stall += memory_access(a.addr + off, size, kind, issue);
        ++stats_.data_accesses;
      }
    }
    return stall;
  }
  // InstrInfo::latency/unit/occupancy from the class's table row and the latency after the
  // instruction's traits (annotate()).
  static void set_class_timing(InstrInfo& info, const ClassTiming& ct, unsigned latency) {
    info.latency = static_cast<uint8_t>(latency);
    info.unit = static_cast<uint8_t>(ct.unit);
    info.occupancy = ct.occupancy;
  }
  static bool is_mve(OpClass op) { return op >= OpClass::MveLogic && op <= OpClass::MveTransfer; }

  // The data side of a load or store issued at `issue` moving `bytes` (log.bytes): a
  // multi-register transfer (`multiple`) moves `beat` bytes per cycle and its last register
  // arrives last; a memory stall blocks issue until the data is there. Adds to `latency` and
  // raises `blocked_until` (the model's earliest next issue).
  void transfer_cost(const MemoryLog& log, uint32_t bytes, bool multiple, Cycles issue, unsigned beat,
                     unsigned& latency, Cycles& blocked_until) {
    if (multiple) {
      const Cycles beats = std::max<Cycles>(1, (bytes + beat - 1) / beat);
      blocked_until = later(blocked_until, issue + beats);
      latency += static_cast<unsigned>(beats - 1);
    }
    if (log.count == 0) return;
    if (log.any_read) ++stats_.loads;
    else ++stats_.stores;
    const Cycles stall = data_access(log, beat, issue);
    if (stall != 0) {
      blocked_until = later(blocked_until, issue + 1 + stall);
      latency += static_cast<unsigned>(stall);
      stats_.memory_stall_cycles += stall;
    }
  }

  // Advances the model's clock to `issue` and returns the cycles charged for this instruction.
  // (Stall cycles, max(delta - 1, 0) summed, follow from the totals and stats_.dual_issued, which
  // the model counts: see stats().)
  Cycles commit(Cycles issue) {
    const Cycles delta = issue - now_;
    now_ = issue;
    ++stats_.instructions;
    return delta;
  }
  // The exception entry sequence: `cycles` with no instruction retired.
  Cycles charge_exception_entry(Cycles cycles) {
    now_ += cycles;
    exception_cycles_ += cycles;
    return cycles;
  }

  // (Order: what every instruction reads and writes last, stats_, now_ and last_fetch_block_, so
  // that a subclass's own state follows them and the JIT's compiled retirement reaches all of it
  // from one base with short displacements: cpu/jit/compiled_retire_m55.cpp.)
  Scoreboard board_;
  Cycles exception_cycles_ = 0;
  memory::MemoryTiming* memory_ = nullptr;
  static constexpr uint32_t kNoFastBlock = 0xFFFFFFFFu;
  std::array<memory::FastRange, 3> fast_{};         // by AccessKind: the last fast range found
  static constexpr unsigned kNoFastMemo = 16;
  // By AccessKind: 64 KiB blocks known to have no fast range (direct mapped).
  std::array<std::array<uint32_t, kNoFastMemo>, 3> no_fast_block_ = [] {
    std::array<std::array<uint32_t, kNoFastMemo>, 3> a{};
    for (auto& memo : a) memo.fill(kNoFastBlock);
    return a;
  }();
  const TimeSource* clock_ = nullptr;
  Cycles clock_offset_ = 0;
  TimingStats stats_;
  Cycles now_ = 0;            // issue cycle of the last instruction (= cycles charged so far)
  uint32_t last_fetch_block_ = 0xFFFFFFFFu;
};

// "cortex-m55" / "cortex-m85" (null for another name).
std::unique_ptr<CpuTimingModel> make_timing_model(std::string_view core);

}  // namespace corsim::cpu::timing
