#pragma once
// The Cortex-M85's branch prediction as the model sees it (issue 7 item 3): a direct-mapped branch
// target buffer, a table of 2-bit direction counters and a return stack. Arm publishes no sizes;
// the geometry is in cortex_m85_tables.h. A branch is predicted correctly when the predicted
// direction matches and, if taken, the predicted target is where execution went.
#include <array>
#include <cstdint>

#include "cpu/retire_record.h"

namespace corsim::cpu::timing {

template <unsigned kBtb, unsigned kDirection, unsigned kStack>
class BranchPredictor {
 public:
  // Predicts the branch at `pc` and learns its outcome; returns true when the prediction was right.
  bool predict_and_update(uint32_t pc, BranchKind kind, bool taken, uint32_t target, uint32_t fall_through) {
    BtbEntry& e = btb_[(pc >> 1) % kBtb];
    const bool hit = e.tag == pc;
    uint8_t& counter = direction_[(pc >> 1) % kDirection];
    bool predicted_taken = hit && counter >= 2;
    uint32_t predicted_target = e.target;
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
    if (taken) {
      e.tag = pc;
      e.target = target;
      if (counter < 3) ++counter;
    } else if (counter > 0) {
      --counter;
    }
    return correct;
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
