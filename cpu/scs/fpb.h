#pragma once
// FPB, the Flash Patch and Breakpoint unit at 0xE0002000 (Arm DDI 0553 Armv8-M ARM, D1.2
// "FPB"; FPB version 2, FP_CTRL.REV = 1: comparators match instruction addresses only, no remap).
// A debugger programs FP_COMPn (BPADDR [31:1], BE [0]) and sets FP_CTRL.ENABLE; an enabled match
// is a breakpoint debug event before the instruction executes. corsim has no halting debug of its
// own: the GDB server (sim/gdb) programs these registers for hardware breakpoints (Z1) and asks
// matches() before each instruction, so firmware reading the FPB sees what the debugger set.
#include <array>
#include <cstdint>

#include "memory/register_bank.h"

namespace corsim::cpu::scs {

class Fpb {
 public:
  static constexpr uint32_t kBase = 0x2000;
  static constexpr unsigned kComparators = 8;  // NUM_CODE: the Cortex-M55's maximum configuration
  // Register offsets from the PPB base (0xE0000000) and the fields a debugger writes (Arm DDI 0553
  // D1.2 "FP_CTRL", "FP_COMPn"): FP_CTRL.ENABLE [0], written only together with KEY [1];
  // FP_COMPn at 0x008 + 4n, BPADDR [31:1] and BE (breakpoint enable) [0].
  static constexpr uint32_t kCtrl = kBase + 0x000, kRemap = kBase + 0x004;
  static constexpr uint32_t kCtrlEnable = 1u << 0, kCtrlKey = 1u << 1;
  static constexpr uint32_t comp(unsigned n) { return kBase + 0x008 + 4 * n; }
  static constexpr uint32_t kCompEnable = 1u << 0;
  void reset();
  void add_registers(memory::RegisterBank& bank);
  // True when FP_CTRL.ENABLE is set and an enabled comparator holds `pc`.
  bool matches(uint32_t pc) const;
  bool any_enabled() const;

 private:
  bool enabled_ = false;
  std::array<uint32_t, kComparators> comp_{};
};

}  // namespace corsim::cpu::scs
