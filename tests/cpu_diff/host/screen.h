#pragma once
// The screen: runs one candidate case on an in-process corsim core (the same initial state and code
// slot the runner will use) and says whether the case can be compared meaningfully: it stays in its
// slot (no branch), leaves SP alone, touches memory only inside the sandbox, and, if it faults,
// faults with a UsageFault (UNDEFINED, UNALIGNED, ...), which both simulators must then report.
// corsim only filters here; whether it is right is decided by the comparison with QEMU.
#include <cstdint>
#include <memory>

#include "tests/cpu_diff/diff_case.h"

namespace corsim::cpu_diff {

enum class Verdict : uint8_t {
  Keep,            // completed in the slot, memory inside the sandbox
  KeepFault,       // raised a UsageFault: kept, both must fault alike
  LeftSlot,        // branched, or wrote SP
  OutsideSandbox,  // a data access outside the sandbox (or a bus fault)
  OtherFault,
};

class Screen {
 public:
  Screen();
  ~Screen();
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  // `slot` holds DIFF_SLOT_SIZE bytes placed at `slot_addr`; the slot's return branch starts at
  // `insn_end` (after the instruction and any VPT-block fillers).
  Verdict check(const uint8_t* slot, uint32_t slot_addr, uint32_t insn_end, const DiffState& in);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace corsim::cpu_diff
