#pragma once
// The SSE-300 system counter and system timers (Arm SSE-123/SSE-300 TRM "System counter" and
// "System timer"; addresses from QEMU's armsse model: timers 0..3 at 0x4800_0000..0x4800_3000,
// IRQs 3, 4, 5, 27; counter control at 0x5810_0000, status at 0x4810_1000).
//
// The counter is a 64-bit up-counter that advances once per platform clock cycle while CNTCR.EN
// is set (scaling, CNTCR.SCEN, is accepted and reported once: corsim counts 1 per cycle). Each
// timer fires when CNTPCT >= CVAL (or at the auto-increment value), raising its IRQ level while
// enabled and unmasked; the fire time is scheduled on the event queue.
#include <cstdint>
#include <vector>

#include "sim/devices/device_context.h"
#include "memory/register_bank.h"

namespace corsim::sim {

class SseTimer;

class SseCounter {
 public:
  explicit SseCounter(const TimeSource& time) : time_(time) {}
  uint64_t value() const;
  bool enabled() const { return enabled_; }
  void set_enabled(bool on);
  void set_value(uint64_t v);
  // Cycle at which the counter reaches `count` (if it is running and has not passed it).
  bool cycle_at(uint64_t count, Cycles& when) const;
  void add_listener(SseTimer* t) { listeners_.push_back(t); }
  uint32_t control = 0;  // CNTCR
  uint32_t scale = 0x01000000, scale0 = 0x01000000, scale1 = 0x01000000;

 private:
  void notify();
  const TimeSource& time_;
  bool enabled_ = false;
  uint64_t base_value_ = 0;  // value at base_cycle_
  Cycles base_cycle_ = 0;
  std::vector<SseTimer*> listeners_;
};

// Control frame (secure, 0x5810_0000).
class SseCounterControl final : public memory::RegisterTarget {
 public:
  explicit SseCounterControl(SseCounter& counter);
  static constexpr uint32_t kCntcr = 0x00, kCntsr = 0x04, kCntcvLo = 0x08, kCntcvHi = 0x0C, kCntscr = 0x10,
                            kCntid = 0x1C, kCntscr0 = 0xD0, kCntscr1 = 0xD4;

 private:
  SseCounter& counter_;
  bool warned_scaling_ = false;
};

// Read-only status frame (0x4810_1000): CNTCV_LO/HI.
class SseCounterStatus final : public memory::RegisterTarget {
 public:
  explicit SseCounterStatus(SseCounter& counter);
};

class SseTimer final : public memory::RegisterTarget {
 public:
  SseTimer(std::string name, const DeviceContext& ctx, SseCounter& counter, int irq);
  ~SseTimer() override;

  static constexpr uint32_t kCntpctLo = 0x00, kCntpctHi = 0x04, kCntfrq = 0x10, kCvalLo = 0x20, kCvalHi = 0x24,
                            kTval = 0x28, kCtl = 0x2C, kAivalLo = 0x40, kAivalHi = 0x44, kAivalReload = 0x48,
                            kAivalCtl = 0x4C, kCfg = 0x50;
  static constexpr uint32_t kCtlEnable = 1, kCtlImask = 2, kCtlIstatus = 4;

  void counter_changed() { recalc(); }

 private:
  bool autoinc() const { return aival_ctl_ & 1u; }
  bool status() const;
  void recalc();
  void fire(Cycles now);
  void update_irq();

  DeviceContext ctx_;
  SseCounter& counter_;
  int irq_;
  uint32_t cntfrq_ = 0, ctl_ = 0, aival_ctl_ = 0, aival_reload_ = 0;
  uint64_t cval_ = 0, aival_ = 0;
  EventQueue::EventId event_ = EventQueue::kNoEvent;
};

}  // namespace corsim::sim
