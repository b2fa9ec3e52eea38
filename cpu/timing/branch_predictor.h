#pragma once
// The Cortex-M85's branch prediction as the model sees it (issue 7 item 3, issue 16): a direct-mapped
// branch target buffer, a table of 2-bit direction counters, a return stack, and static prediction
// for a branch the BTB does not hold. Arm publishes no sizes for the M85; the geometry is in
// cortex_m85_tables.h. The Cortex-M7, whose predictor [M85-SI] compares the M85's to, has a BTAC
// and falls back to static prediction (Cortex-M7 TRM, Arm DDI 0489, ACTLR: "DISBTACREAD ... BTAC is
// not used and only static branch prediction can occur"); the static rule assumed here is the
// usual one: unconditional direct branches, calls and backward conditional branches taken,
// everything else not taken.
#include <array>
#include <cstddef>
#include <cstdint>

#include "cpu/retire_record.h"

namespace corsim::cpu::timing {

// How a branch's prediction turned out.
enum class Prediction : uint8_t {
  Correct,       // from the BTB (or the return stack), or statically not taken and not taken
  StaticTaken,   // a BTB miss statically predicted taken, and taken: redirected when decoded
  Wrong,         // mispredicted: redirected when it executes
};

template <unsigned kBtb, unsigned kDirection, unsigned kStack>
class BranchPredictor {
 public:
  // Predicts the branch at `pc` and learns its outcome. `conditional`: a direct branch that may
  // fall through (B<cond>, CBZ/CBNZ, or any branch in an IT block).
  Prediction predict_and_update(uint32_t pc, BranchKind kind, bool conditional, bool taken, uint32_t target,
                                uint32_t fall_through) {
    BtbEntry& e = btb_[(pc >> 1) % kBtb];
    const bool hit = e.tag == pc;
    uint8_t& counter = direction_[(pc >> 1) % kDirection];
    // A BTB miss is predicted when the branch is decoded: its target is known there for a direct
    // branch or call, taken when it cannot fall through (B, BL) or when backward (a loop).
    const bool decoded_target = kind == BranchKind::Direct || kind == BranchKind::Call;
    const bool static_taken = !hit && decoded_target && (!conditional || target < pc);
    bool predicted_taken = hit ? counter >= 2 : static_taken;
    uint32_t predicted_target = hit ? e.target : target;
    if (kind == BranchKind::Return) {
      predicted_taken = count_ > 0;
      predicted_target = predicted_taken ? stack_[top_] : 0;
      if (count_ > 0) {
        top_ = (top_ + kStack - 1) % kStack;
        --count_;
      }
    }
    if (kind == BranchKind::Call) {  // a full stack overwrites its oldest entry
      top_ = (top_ + 1) % kStack;
      stack_[top_] = fall_through;
      if (count_ < kStack) ++count_;
    }
    const bool correct = predicted_taken == taken && (!taken || predicted_target == target);
    const Prediction outcome = !correct ? Prediction::Wrong : (static_taken && taken) ? Prediction::StaticTaken
                                                                                         : Prediction::Correct;
    if (taken) {
      e.tag = pc;
      e.target = target;
      if (counter < 3) ++counter;
    } else if (counter > 0) {
      --counter;
    }
    return outcome;
  }

  // Where the block JIT's compiled retirement (cpu/jit/compiled_retire_m85.cpp) finds the tables
  // (byte offsets from the object): a BTB entry is a 32-bit tag then a 32-bit target, a
  // direction counter a byte, the return stack 32-bit addresses, top_ and count_ 32-bit.
  struct Layout {
    int32_t btb, direction, stack, top, count;
  };
  static constexpr unsigned kBtbEntries = kBtb, kDirectionEntries = kDirection, kStackDepth = kStack;
  static constexpr Layout layout() {
    static_assert(sizeof(BtbEntry) == 8 && sizeof(unsigned) == 4 && (kStack & (kStack - 1)) == 0);
    return {offsetof(BranchPredictor, btb_), offsetof(BranchPredictor, direction_), offsetof(BranchPredictor, stack_),
            offsetof(BranchPredictor, top_), offsetof(BranchPredictor, count_)};
  }

 private:
  struct BtbEntry {
    uint32_t tag = 1;  // odd: empty
    uint32_t target = 0;
  };
  std::array<BtbEntry, kBtb> btb_{};
  // 2-bit counters start weakly taken: a branch in the BTB is predicted taken at once.
  std::array<uint8_t, kDirection> direction_ = [] {
    std::array<uint8_t, kDirection> a{};
    a.fill(2);
    return a;
  }();
  std::array<uint32_t, kStack> stack_{};
  unsigned top_ = 0, count_ = 0;
};

}  // namespace corsim::cpu::timing
