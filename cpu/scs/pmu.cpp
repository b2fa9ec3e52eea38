#include "cpu/scs/pmu.h"

namespace corsim::cpu::scs {

void Pmu::reset() {
  ctrl_ = cnten_ = inten_ = ovs_ = ccfiltr_ = 0;
  ccntr_ = 0;
  evcntr_.fill(0);
  evtyper_.fill(0);
  last_cycles_ = time_.now();
  last_instructions_ = instructions_now();
  last_event_.fill(0);
  was_enabled_ = false;
}

uint64_t Pmu::event_now(uint32_t event) const {
  if (instructions_ == nullptr) return 0;
  return instructions_->event_count(event).value_or(0);
}

uint64_t Pmu::instructions_now() const {
  return instructions_ ? instructions_->instructions_retired() : time_.now();
}

void Pmu::settle() {
  const Cycles cycles = time_.now();
  const uint64_t insns = instructions_now();
  if (was_enabled_) {
    const uint64_t dc = cycles - last_cycles_, di = insns - last_instructions_;
    if (cnten_ & kCycleCounterBit) {
      const uint64_t sum = uint64_t{ccntr_} + dc;
      if (sum >> 32) ovs_ |= kCycleCounterBit;
      ccntr_ = static_cast<uint32_t>(sum);
    }
    uint64_t overflows = 0;  // of the previous (even) counter, for CHAIN
    for (unsigned n = 0; n < kNumCounters; ++n) {
      uint64_t delta = 0;
      if (evtyper_[n] == kEventCpuCycles) delta = dc;
      else if (evtyper_[n] == kEventInstRetired) delta = di;
      else if (evtyper_[n] == kEventChain && (n & 1u)) delta = overflows;
      else if (evtyper_[n] != kEventSwIncr) {
        const uint64_t v = event_now(evtyper_[n]);
        delta = v - last_event_[n];
      }
      overflows = 0;
      if (!(cnten_ & (1u << n))) continue;
      const uint64_t sum = evcntr_[n] + delta;
      overflows = sum >> 16;
      if (overflows) ovs_ |= 1u << n;
      evcntr_[n] = static_cast<uint32_t>(sum & 0xFFFF);
    }
  }
  last_cycles_ = cycles;
  last_instructions_ = insns;
  for (unsigned n = 0; n < kNumCounters; ++n) {
    const uint32_t type = evtyper_[n];
    if (type != kEventSwIncr && type != kEventCpuCycles && type != kEventInstRetired && type != kEventChain)
      last_event_[n] = event_now(type);
  }
  was_enabled_ = enabled();
}

void Pmu::add_registers(memory::RegisterBank& bank) {
  // Every action settles first so the counters see the old configuration up to now.
  auto rw = [&](uint32_t offset, std::string_view name, auto read, auto write) {
    bank.add(kBase + offset, name, [this, read] { settle(); return read(); },
             [this, write](uint32_t v, uint32_t lanes) { settle(); write(v, lanes); was_enabled_ = enabled(); });
  };
  for (unsigned n = 0; n < kNumCounters; ++n) {
    rw(0x000 + 4 * n, "PMU_EVCNTR", [this, n] { return evcntr_[n]; },
       [this, n](uint32_t v, uint32_t lanes) { evcntr_[n] = memory::merge_lanes(evcntr_[n], v, lanes) & 0xFFFF; });
    rw(0x400 + 4 * n, "PMU_EVTYPER", [this, n] { return evtyper_[n]; },
       [this, n](uint32_t v, uint32_t lanes) {
         evtyper_[n] = memory::merge_lanes(evtyper_[n], v, lanes) & 0xFFFF;
         last_event_[n] = event_now(evtyper_[n]);  // a new event counts from now
       });
  }
  rw(0x07C, "PMU_CCNTR", [this] { return ccntr_; },
     [this](uint32_t v, uint32_t lanes) { ccntr_ = memory::merge_lanes(ccntr_, v, lanes); });
  rw(0x47C, "PMU_CCFILTR", [this] { return ccfiltr_; },
     [this](uint32_t v, uint32_t lanes) { ccfiltr_ = memory::merge_lanes(ccfiltr_, v, lanes); });
  constexpr uint32_t kImplemented = kCycleCounterBit | ((1u << kNumCounters) - 1);
  rw(0xC00, "PMU_CNTENSET", [this] { return cnten_; }, [this](uint32_t v, uint32_t lanes) { cnten_ |= v & lanes & kImplemented; });
  rw(0xC20, "PMU_CNTENCLR", [this] { return cnten_; }, [this](uint32_t v, uint32_t lanes) { cnten_ &= ~(v & lanes); });
  rw(0xC40, "PMU_INTENSET", [this] { return inten_; }, [this](uint32_t v, uint32_t lanes) { inten_ |= v & lanes & kImplemented; });
  rw(0xC60, "PMU_INTENCLR", [this] { return inten_; }, [this](uint32_t v, uint32_t lanes) { inten_ &= ~(v & lanes); });
  rw(0xC80, "PMU_OVSCLR", [this] { return ovs_; }, [this](uint32_t v, uint32_t lanes) { ovs_ &= ~(v & lanes); });
  rw(0xCC0, "PMU_OVSSET", [this] { return ovs_; }, [this](uint32_t v, uint32_t lanes) { ovs_ |= v & lanes & kImplemented; });
  rw(0xCA0, "PMU_SWINC", [] { return 0u; }, [this](uint32_t v, uint32_t lanes) {
    if (!enabled()) return;
    for (unsigned n = 0; n < kNumCounters; ++n) {
      if ((v & lanes & (1u << n)) && (cnten_ & (1u << n)) && evtyper_[n] == kEventSwIncr) {
        if (++evcntr_[n] > 0xFFFF) { evcntr_[n] = 0; ovs_ |= 1u << n; }
      }
    }
  });
  bank.add_const(kBase + 0xE00, "PMU_TYPE", kType);
  // AUTHSTATUS: invasive and non-invasive debug implemented and enabled in both security states
  // (as on a development platform; software checks SNID/NSNID before using the PMU).
  bank.add_const(kBase + 0xFB8, "PMU_AUTHSTATUS", 0x0000'00FFu);
  // CTRL: E bit 0, P bit 1 (reset event counters, write-only), C bit 2 (reset CCNTR, write-only),
  // D bit 3, X bit 4, DP bit 5 are kept; P and C act and read as zero.
  rw(0xE04, "PMU_CTRL", [this] { return ctrl_; }, [this](uint32_t v, uint32_t lanes) {
    v &= lanes;
    if (v & 2u) evcntr_.fill(0);
    if (v & 4u) ccntr_ = 0;
    ctrl_ = memory::merge_lanes(ctrl_, v, lanes & 0x39u);
  });
}

}  // namespace corsim::cpu::scs
