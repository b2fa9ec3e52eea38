#pragma once
// MPS3 FPGA I/O block (Arm MPS3 AN547/AN552 application notes, "FPGA I/O"; QEMU mps2-fpgaio):
// LEDs, buttons, switches, the 1 Hz / 100 Hz counters, a free-running COUNTER and a prescaled
// counter. All counters derive from simulated time, never from the host clock.
#include <cstdint>

#include "sim/devices/device_context.h"
#include "memory/register_bank.h"

namespace corsim::sim {

class FpgaIo final : public memory::RegisterTarget {
 public:
  FpgaIo(std::string name, const DeviceContext& ctx, unsigned num_leds = 10);

  static constexpr uint32_t kLed = 0x00, kButton = 0x08, kClk1Hz = 0x10, kClk100Hz = 0x14, kCounter = 0x18,
                            kPrescale = 0x1C, kPsCntr = 0x20, kSwitch = 0x28, kMisc = 0x4C;

  uint32_t leds() const { return leds_; }
  uint32_t switches = 0;  // settable by the host (tests, future CLI)
  uint32_t buttons = 0;

 private:
  uint64_t ticks(uint64_t hz) const;

  DeviceContext ctx_;
  uint32_t led_mask_;
  uint32_t leds_ = 0, misc_ = 0, prescale_ = 0;
  // Writes set a counter: keep the offset from the time-derived value.
  uint32_t clk1_offset_ = 0, clk100_offset_ = 0, counter_offset_ = 0;
  Cycles prescale_start_ = 0;
  uint32_t prescale_counter_offset_ = 0;
};

}  // namespace corsim::sim
