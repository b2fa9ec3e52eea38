#include "sim/devices/timing_adapter.h"

namespace corsim::sim {

TimingAdapters::TimingAdapters() : memory::RegisterTarget("ethosu-timing-adapters") {
  for (unsigned i = 0; i < kCount; ++i) {
    TimingAdapterSettings& s = adapters_[i];
    const uint32_t b = i * kStride;
    registers().add_storage(b + 0x00, "MAXR", s.maxr, 0x3F);
    registers().add_storage(b + 0x04, "MAXW", s.maxw, 0x3F);
    registers().add_storage(b + 0x08, "MAXRW", s.maxrw, 0x3F);
    registers().add_storage(b + 0x0C, "RLATENCY", s.rlatency, 0xFFF);
    registers().add_storage(b + 0x10, "WLATENCY", s.wlatency, 0xFFF);
    registers().add_storage(b + 0x14, "PULSE_ON", s.pulse_on, 0xFFFF);
    registers().add_storage(b + 0x18, "PULSE_OFF", s.pulse_off, 0xFFFF);
    registers().add_storage(b + 0x1C, "BWCAP", s.bwcap, 0xFFFF);
    registers().add_storage(b + 0x20, "PERFCTRL", s.perfctrl, 0x3F);
    registers().add_storage(b + 0x24, "PERFCNT", s.perfcnt);
    // MODE is hard-wired to 1 on the FVP (timing_adapter.h "LIMITATIONS FOR FVP").
    registers().add(b + 0x28, "MODE", [&s] { return s.mode; }, [](uint32_t, uint32_t) {});
    registers().add_const(b + 0x2C, "MAXPENDING", kMaxPending);
    registers().add_storage(b + 0x30, "HISTBIN", s.histbin, 0xF);
    registers().add_storage(b + 0x34, "HISTCNT", s.histcnt);
  }
}

}  // namespace corsim::sim
