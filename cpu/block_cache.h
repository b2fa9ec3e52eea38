#pragma once
// Block cache: straight runs of predecoded instructions, each executed by the run loop without a
// cache lookup per instruction (QEMU's TranslationBlocks in accel/tcg, without the translation).
// A block starts where execution enters it and ends after a branch, a system
// instruction, an undefined encoding, at a page boundary or at kMaxInstructions; the loop leaves
// it early when an instruction branches or leaves work pending. Each block keeps a copy of its code
// bytes and the loop compares them with memory on every entry, so code copied at boot or rewritten
// at run time is seen at the next entry without any invalidation protocol (a store into the block
// being executed takes effect from the block's next entry: the architecture guarantees modified
// instructions are fetched only after an ISB, which ends a block; Arm DDI 0553, "ISB").
// docs/cpu.md "Run loop".
#include <cstdint>
#include <cstring>
#include <memory>

#include "cpu/decoder/predecode_cache.h"
#include "cpu/jit/block_jit.h"

namespace corsim::cpu {

struct Block {
  uint32_t pc = 1;                // start address, the tag; odd = empty (a Thumb PC is even)
  uint32_t first = 0;             // its first instruction in the pool
  uint8_t count = 0;              // instructions
  uint8_t bytes = 0;              // code bytes
  bool has_it = false;            // one of its instructions is an IT
  uint8_t visits = 0;             // interpreted visits so far (the JIT compiles hot blocks only)
  uint16_t checked = 0;           // compiled + checked: its native code past its code-byte check
  uint8_t entry_itstate = 0;      // the ITSTATE its native code was compiled for (entered with)
  const uint8_t* host = nullptr;  // host address of the code; null: decoded again on every visit
  jit::BlockCode compiled = nullptr;  // its native code (cpu/jit/), once it is hot
};
static_assert(sizeof(Block) == 32, "two blocks per cache line");

class BlockCache {
 public:
  // 16 Ki slots: blocks whose start addresses differ by a multiple of 32 KiB share a slot. With
  // 4 Ki (8 KiB apart) CoreMark's hot blocks evicted each other: about 100 k instructions decoded
  // again per run instead of under 8 k, each with its InstrInfo when timed (docs/timing.md "Speed").
  static constexpr unsigned kSlotBits = 14;
  static constexpr uint32_t kSlots = 1u << kSlotBits;   // direct-mapped on pc >> 1
  static constexpr unsigned kMaxInstructions = 16;
  static constexpr unsigned kMaxBytes = 4 * kMaxInstructions;
  static constexpr uint32_t kPoolEntries = 1u << 14;    // 16 Ki instructions: 32-64 KiB of code

  BlockCache()
      : slots_(new Block[kSlots]), pool_(new PredecodeEntry[kPoolEntries]),
        code_(new uint8_t[kSlots * kMaxBytes]) {}

  Block& slot(uint32_t pc) { return slots_[index(pc)]; }
  const Block* slots() const { return slots_.get(); }
  PredecodeEntry* instructions(const Block& b) { return &pool_[b.first]; }
  // True when memory still holds the code bytes `b` was decoded from (b.host not null).
  bool still_valid(const Block& b) const { return same_bytes(b.host, copy_of(b.pc), b.bytes); }

  // Room for a new block at `b` (the slot of `pc`): kMaxInstructions entries. When the pool is
  // full every block is forgotten first (they are rebuilt on their next visit).
  PredecodeEntry* begin(Block& b, uint32_t pc) {
    if (used_ + kMaxInstructions > kPoolEntries) flush();
    if (filled_count_ < kTrackedSlots) filled_[filled_count_] = index(pc);
    if (filled_count_ <= kTrackedSlots) ++filled_count_;
    b.pc = pc;
    b.first = used_;
    b.compiled = nullptr;
    b.visits = 0;
    return &pool_[used_];
  }
  // Completes the block begun at `b` with its first `count` entries and their `bytes` of code,
  // found at `host` (null: not kept, decoded again next time).
  void end(Block& b, unsigned count, unsigned bytes, const uint8_t* host) {
    if (host != nullptr) used_ += count;  // else the entries are reused by the next block
    b.count = static_cast<uint8_t>(count);
    b.bytes = static_cast<uint8_t>(bytes);
    b.host = host;
    if (host != nullptr) std::memcpy(copy_of(b.pc), host, bytes);
    else b.pc = 1;
  }
  // Drops every block's native code (the JIT's code buffer was reset); the blocks stay.
  void forget_compiled() {
    for (uint32_t i = 0; i < kSlots; ++i) slots_[i].compiled = nullptr;
  }
  // Forgets every block: only the slots filled since the last flush when they are few (a core
  // reset after a short run, as the cpu fuzz target does for every input), else all of them.
  void flush() {
    if (filled_count_ <= kTrackedSlots) {
      for (uint32_t k = 0; k < filled_count_; ++k) slots_[filled_[k]].pc = 1;
    } else {
      for (uint32_t i = 0; i < kSlots; ++i) slots_[i].pc = 1;
    }
    filled_count_ = 0;
    used_ = 0;
  }

  uint64_t misses = 0;  // instructions decoded (first sight, slot conflicts, rewritten code)

 private:
  // memcmp(a, b, n) == 0 for the sizes of a block (2..kMaxBytes, even), inline: word compares,
  // the last one overlapping.
  static bool same_bytes(const uint8_t* a, const uint8_t* b, unsigned n) {
    if (n >= 8) {
      uint64_t diff = 0;
      for (unsigned i = 0; i + 8 < n; i += 8) diff |= load<uint64_t>(a + i) ^ load<uint64_t>(b + i);
      return (diff | (load<uint64_t>(a + n - 8) ^ load<uint64_t>(b + n - 8))) == 0;
    }
    if (n >= 4) return ((load<uint32_t>(a) ^ load<uint32_t>(b)) | (load<uint32_t>(a + n - 4) ^ load<uint32_t>(b + n - 4))) == 0;
    return load<uint16_t>(a) == load<uint16_t>(b);
  }
  template <class T>
  static T load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static uint32_t index(uint32_t pc) { return (pc >> 1) & (kSlots - 1); }
  uint8_t* copy_of(uint32_t pc) const { return &code_[index(pc) * kMaxBytes]; }

  std::unique_ptr<Block[]> slots_;
  std::unique_ptr<PredecodeEntry[]> pool_;
  std::unique_ptr<uint8_t[]> code_;  // each slot's copy of its block's code bytes
  uint32_t used_ = 0;
  // The slots begin() filled since the last flush, while there are at most kTrackedSlots of them
  // (filled_count_ stops one above: then flush() clears every slot).
  static constexpr uint32_t kTrackedSlots = 256;
  uint32_t filled_[kTrackedSlots];
  uint32_t filled_count_ = 0;  // a new cache's slots are empty (Block::pc = 1)
};

}  // namespace corsim::cpu
