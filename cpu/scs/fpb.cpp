#include "cpu/scs/fpb.h"

namespace corsim::cpu::scs {

namespace {
// FP_CTRL fields (DDI 0553 D1.2.x "FP_CTRL"): REV [31:28] = 1 (FPB version 2), NUM_CODE [14:12]
// high and [7:4] low bits, NUM_LIT [11:8] = 0, KEY [1] (write 1 for a write to take effect),
// ENABLE [0].
constexpr uint32_t kCtrlIdentity = (1u << 28) | ((Fpb::kComparators & 0x70u) << 8) | ((Fpb::kComparators & 0xFu) << 4);
}  // namespace

void Fpb::reset() {
  enabled_ = false;
  comp_.fill(0);
}

bool Fpb::any_enabled() const {
  if (!enabled_) return false;
  for (const uint32_t c : comp_) {
    if (c & kCompEnable) return true;
  }
  return false;
}

bool Fpb::matches(uint32_t pc) const {
  if (!enabled_) return false;
  for (const uint32_t c : comp_) {
    // BPADDR [31:1] holds the halfword address of the instruction.
    if ((c & kCompEnable) && (c & ~1u) == (pc & ~1u)) return true;
  }
  return false;
}

void Fpb::add_registers(memory::RegisterBank& bank) {
  bank.add(kCtrl, "FP_CTRL", [this] { return kCtrlIdentity | (enabled_ ? kCtrlEnable : 0u); },
           [this](uint32_t v, uint32_t lanes) {
             if ((lanes & 0xFF) != 0xFF || (v & kCtrlKey) == 0) return;  // KEY must be written as 1
             enabled_ = (v & kCtrlEnable) != 0;
           });
  bank.add_const(kRemap, "FP_REMAP", 0);  // RMPSPT = 0: no Flash Patch remapping
  for (unsigned i = 0; i < kComparators; ++i) bank.add_storage(comp(i), "FP_COMP", comp_[i]);
}

}  // namespace corsim::cpu::scs
