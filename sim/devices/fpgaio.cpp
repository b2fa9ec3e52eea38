#include "sim/devices/fpgaio.h"

namespace corsim::sim {

FpgaIo::FpgaIo(std::string name, const DeviceContext& ctx, unsigned num_leds)
    : memory::RegisterTarget(std::move(name)), ctx_(ctx), led_mask_(num_leds >= 32 ? ~0u : (1u << num_leds) - 1) {
  registers().add_storage(kLed, "LED", leds_, led_mask_);
  registers().add(kButton, "BUTTON", [this] { return buttons & 0x3; }, nullptr);
  registers().add(kClk1Hz, "CLK1HZ", [this] { return static_cast<uint32_t>(ticks(1)) - clk1_offset_; },
      [this](uint32_t v, uint32_t) { clk1_offset_ = static_cast<uint32_t>(ticks(1)) - v; });
  registers().add(kClk100Hz, "CLK100HZ", [this] { return static_cast<uint32_t>(ticks(100)) - clk100_offset_; },
      [this](uint32_t v, uint32_t) { clk100_offset_ = static_cast<uint32_t>(ticks(100)) - v; });
  // COUNTER increments once per PRESCALE+1 cycles of the platform clock (PSCNTR counts down from
  // PRESCALE to 0 and reloads; COUNTER steps on each reload).
  registers().add(kCounter, "COUNTER", [this] {
        const uint64_t elapsed = ctx_.time.now() - prescale_start_;
        return static_cast<uint32_t>(elapsed / (uint64_t{prescale_} + 1)) + prescale_counter_offset_ - counter_offset_;
      },
      [this](uint32_t v, uint32_t) {
        const uint64_t elapsed = ctx_.time.now() - prescale_start_;
        counter_offset_ = static_cast<uint32_t>(elapsed / (uint64_t{prescale_} + 1)) + prescale_counter_offset_ - v;
      });
  registers().add(kPrescale, "PRESCALE", [this] { return prescale_; }, [this](uint32_t v, uint32_t) {
    // Fold the counts so far into the offset, then restart the prescaler.
    const uint64_t elapsed = ctx_.time.now() - prescale_start_;
    prescale_counter_offset_ += static_cast<uint32_t>(elapsed / (uint64_t{prescale_} + 1));
    prescale_ = v;
    prescale_start_ = ctx_.time.now();
  });
  registers().add(kPsCntr, "PSCNTR", [this] {
        const uint64_t elapsed = ctx_.time.now() - prescale_start_;
        return static_cast<uint32_t>(prescale_ - elapsed % (uint64_t{prescale_} + 1));
      }, nullptr);
  registers().add(kSwitch, "SWITCH", [this] { return switches & 0xFF; }, nullptr);
  registers().add_storage(kMisc, "MISC", misc_);
}

uint64_t FpgaIo::ticks(uint64_t hz) const {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(ctx_.time.now()) * hz) / ctx_.clock_hz);
}

}  // namespace corsim::sim
