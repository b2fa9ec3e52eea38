#pragma once
// The Ethos-U55 AXI timing adapters of Corstone-300 (0x4810_3000 for AXI0, +0x200 for AXI1; one
// 4 KiB page holds both). One word per register from +0x00 to +0x34, +0x2C (MAXPENDING) read-only
// (register order from Arm's ml-embedded-evaluation-kit timing_adapter driver). Values are stored
// and exposed for the NPU's port model; on the FVP MODE reads back 1.
#include <array>
#include <cstdint>

#include "memory/register_bank.h"

namespace corsim::sim {

struct TimingAdapterSettings {
  uint32_t maxr = 0, maxw = 0, maxrw = 0, rlatency = 0, wlatency = 0, pulse_on = 0, pulse_off = 0, bwcap = 0;
  uint32_t perfctrl = 0, perfcnt = 0, mode = 1, histbin = 0, histcnt = 0;
};

class TimingAdapters final : public memory::RegisterTarget {
 public:
  static constexpr unsigned kCount = 2;
  static constexpr uint32_t kStride = 0x200;
  static constexpr uint32_t kMaxPending = 63;  // 6-bit MAXR/MAXW fields

  TimingAdapters();
  const TimingAdapterSettings& settings(unsigned index) const { return adapters_[index]; }
  TimingAdapterSettings& settings(unsigned index) { return adapters_[index]; }

 private:
  std::array<TimingAdapterSettings, kCount> adapters_{};
};

}  // namespace corsim::sim
