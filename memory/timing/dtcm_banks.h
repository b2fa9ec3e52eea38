#pragma once
// The DTCM's banks (docs/memory-timing.md "TCMs"): 32-bit words interleave across a power-of-two
// number of banks; an access waits while any bank it touches is still busy and then holds those
// banks for its cycle. An access is one 64-bit beat, or two in consecutive cycles when it is wider
// than 8 bytes (a whole MVE vector). Inline: the core models' fast ranges call it per access.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "base/clock.h"

namespace corsim::memory {

class DtcmBanks {
 public:
  static constexpr uint32_t kMaxBanks = 64;

  // `banks` is rounded down to a power of two in [1, kMaxBanks].
  explicit DtcmBanks(uint32_t banks = 4)
      : count_(std::min<uint32_t>(std::bit_floor(std::max<uint32_t>(banks, 1)), kMaxBanks)), mask_(count_ - 1) {}
  uint32_t count() const { return count_; }

  // The cycles the access of `size` bytes at `addr` issued at `now` waits for its banks.
  Cycles wait(uint32_t addr, unsigned size, Cycles now) {
    if (((addr & 3u) + size) <= 4u) [[likely]] {  // one word, one bank
      Cycles& free = free_[(addr >> 2) & mask_];
      const Cycles w = wait_until(free, now);
      free = now + w + 1;
      return w;
    }
    if (size == 8 && (addr & 7u) == 0 && count_ >= 2) {  // one aligned beat of two words (two banks)
      Cycles& f0 = free_[(addr >> 2) & mask_];
      Cycles& f1 = free_[((addr >> 2) + 1) & mask_];
      const Cycles w = wait_until(later(f0, f1), now);
      f0 = f1 = now + w + 1;
      return w;
    }
    const unsigned beats = size > 8 ? 2 : 1;
    const unsigned beat_bytes = size > 8 ? (size + 1) / 2 : size;
    Cycles stall = 0;
    for (unsigned b = 0; b < beats; ++b) {
      const uint32_t first = (addr + b * beat_bytes) >> 2, last = (addr + b * beat_bytes + beat_bytes - 1) >> 2;
      const Cycles t = now + b + stall;
      Cycles w = 0;
      for (uint32_t word = first; word <= last && word - first < count_; ++word) {
        w = later(w, wait_until(free_[word & mask_], t));
      }
      for (uint32_t word = first; word <= last && word - first < count_; ++word) free_[word & mask_] = t + w + 1;
      stall += w;
    }
    return stall;
  }

  // Where the block JIT's compiled retirement (cpu/jit/compiled_retire_m55.cpp) finds mask_ and
  // free_ (byte offsets from the object), to make wait()'s one-word case inline.
  struct Layout {
    int32_t mask, free;
  };
  static constexpr Layout layout() { return {offsetof(DtcmBanks, mask_), offsetof(DtcmBanks, free_)}; }

 private:
  uint32_t count_, mask_;
  std::array<Cycles, kMaxBanks> free_{};  // first cycle each bank is free
};

}  // namespace corsim::memory
