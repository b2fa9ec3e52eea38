#pragma once
// CMSDK APB timer (Arm CMSDK TRM DDI 0479 "APB timer"): a 32-bit down-counter clocked at `hz`
// (the SSE-300's S32K timer at 0x4802_F000 runs from the 32 kHz slow clock, IRQ 2). When VALUE
// reaches 0 it raises INTSTATUS (and the IRQ when CTRL.INTEN) and reloads from RELOAD on the next
// tick, so the period is RELOAD+1 ticks.
#include <cstdint>

#include "sim/devices/device_context.h"
#include "memory/register_bank.h"

namespace corsim::sim {

class CmsdkTimer final : public memory::RegisterTarget {
 public:
  CmsdkTimer(std::string name, const DeviceContext& ctx, uint64_t hz, int irq);
  ~CmsdkTimer() override;

  static constexpr uint32_t kCtrl = 0x0, kValue = 0x4, kReload = 0x8, kIntStatus = 0xC;
  static constexpr uint32_t kCtrlEnable = 1u << 0, kCtrlIntEnable = 1u << 3;

 private:
  uint64_t ticks_now() const;             // timer ticks since cycle 0
  Cycles cycle_of_tick(uint64_t tick) const;
  uint32_t value_now() const;
  void restart(uint32_t value);           // VALUE = value at the current tick
  void schedule_zero();
  void on_zero(Cycles now);
  void update_irq();

  DeviceContext ctx_;
  uint64_t hz_;
  int irq_;
  uint32_t ctrl_ = 0, reload_ = 0, int_status_ = 0;
  uint32_t start_value_ = 0;   // VALUE at start_tick_
  uint64_t start_tick_ = 0;
  EventQueue::EventId event_ = EventQueue::kNoEvent;
};

}  // namespace corsim::sim
