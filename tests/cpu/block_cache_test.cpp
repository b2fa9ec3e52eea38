// BlockCache::flush (cpu/block_cache.h) forgets every block: when few slots were filled since the
// last flush it clears only those, otherwise all of them; either way no slot keeps a block.
#include <gtest/gtest.h>

#include <cstdint>

#include "cpu/block_cache.h"

namespace corsim::cpu {
namespace {

// Fills the slots of `count` blocks two bytes apart from 0x100, as Cpu::build_block does.
void fill(BlockCache& cache, uint32_t count, const uint8_t* code) {
  for (uint32_t k = 0; k < count; ++k) {
    const uint32_t pc = 0x100 + 2 * k;
    Block& b = cache.slot(pc);
    cache.begin(b, pc);
    cache.end(b, 1, 2, code);
  }
}

unsigned filled_slots(BlockCache& cache) {
  unsigned n = 0;
  for (uint32_t i = 0; i < BlockCache::kSlots; ++i) n += (cache.slot(2 * i).pc & 1u) == 0;
  return n;
}

TEST(BlockCache, FlushForgetsAFewBlocks) {
  static const uint8_t code[2] = {0x00, 0xBF};  // NOP
  BlockCache cache;
  fill(cache, 10, code);
  EXPECT_EQ(filled_slots(cache), 10u);
  cache.flush();
  EXPECT_EQ(filled_slots(cache), 0u);
  fill(cache, 3, code);  // and the next round starts from nothing
  cache.flush();
  EXPECT_EQ(filled_slots(cache), 0u);
}

TEST(BlockCache, FlushForgetsMoreBlocksThanItTracks) {
  static const uint8_t code[2] = {0x00, 0xBF};
  BlockCache cache;
  fill(cache, 5000, code);  // above the 256 slots flush() clears one by one
  EXPECT_EQ(filled_slots(cache), 5000u);
  cache.flush();
  EXPECT_EQ(filled_slots(cache), 0u);
}

TEST(BlockCache, FlushForgetsASlotFilledTwice) {
  static const uint8_t code[2] = {0x00, 0xBF};
  BlockCache cache;
  // Two addresses 32 KiB apart share a slot: the second block replaces the first.
  for (const uint32_t pc : {0x100u, 0x100u + 2 * BlockCache::kSlots}) {
    Block& b = cache.slot(pc);
    cache.begin(b, pc);
    cache.end(b, 1, 2, code);
  }
  EXPECT_EQ(filled_slots(cache), 1u);
  cache.flush();
  EXPECT_EQ(filled_slots(cache), 0u);
}

}  // namespace
}  // namespace corsim::cpu
