#include "npu/pmu.h"

namespace corsim::npu {

namespace {
constexpr uint64_t kCcntMask = (uint64_t{1} << 48) - 1;
}  // namespace

void Pmu::reset() {
  pmcr_ = enable_ = overflow_ = int_enable_ = ccnt_cfg_ = axi_chan_ = 0;
  ccnt_ = 0;
  evcnt_.fill(0);
  evtype_.fill(0);
}

void Pmu::add_registers(memory::RegisterBank& bank, uint32_t base, std::function<void(uint32_t)> written) {
  // Each write acts on the PMU, then tells the device which register it was.
  auto reg = [&bank, base, written](uint32_t offset, std::string_view name, memory::RegisterBank::ReadFn read,
                                    std::function<void(uint32_t)> write) {
    bank.add(base + offset, name, std::move(read), [write, written, offset](uint32_t v, uint32_t) {
      write(v);
      if (written) written(offset);
    });
  };
  // PMCR: cnt_en and mask_en are state; the event/cycle counter reset bits act and read 0;
  // num_event_cnt [15:11] (U55 reset 0x2000, U85 0x4000).
  reg(0x00, "PMCR", [this] { return (pmcr_ & 0x9u) | (counters_ << 11); }, [this](uint32_t v) {
    pmcr_ = v & 0x9u;
    if (v & 2u) evcnt_.fill(0);
    if (v & 4u) ccnt_ = 0;
  });
  reg(0x04, "PMCNTENSET", [this] { return enable_; }, [this](uint32_t v) { enable_ |= v & counter_bits(); });
  reg(0x08, "PMCNTENCLR", [this] { return enable_; }, [this](uint32_t v) { enable_ &= ~(v & counter_bits()); });
  reg(0x0C, "PMOVSSET", [this] { return overflow_; }, [this](uint32_t v) { overflow_ |= v & counter_bits(); });
  reg(kPmovsclr, "PMOVSCLR", [this] { return overflow_; }, [this](uint32_t v) { overflow_ &= ~(v & counter_bits()); });
  reg(0x14, "PMINTSET", [this] { return int_enable_; }, [this](uint32_t v) { int_enable_ |= v & counter_bits(); });
  reg(0x18, "PMINTCLR", [this] { return int_enable_; }, [this](uint32_t v) { int_enable_ &= ~(v & counter_bits()); });
  reg(0x20, "PMCCNTR_LO", [this] { return static_cast<uint32_t>(ccnt_); },
      [this](uint32_t v) { ccnt_ = (ccnt_ & ~uint64_t{0xFFFFFFFF}) | v; });
  reg(0x24, "PMCCNTR_HI", [this] { return static_cast<uint32_t>(ccnt_ >> 32) & 0xFFFF; },
      [this](uint32_t v) { ccnt_ = (ccnt_ & 0xFFFFFFFFull) | (uint64_t{v & 0xFFFF} << 32); });
  // [9:0] start event, [25:16] stop event.
  reg(0x28, "PMCCNTR_CFG", [this] { return ccnt_cfg_; }, [this](uint32_t v) { ccnt_cfg_ = v & 0x03FF03FFu; });
  reg(0x2C, "PMCAXI_CHAN", [this] { return axi_chan_; }, [this](uint32_t v) { axi_chan_ = v; });
  for (unsigned n = 0; n < counters_; ++n) {
    reg(0x180 + 4 * n, "PMEVCNTR", [this, n] { return evcnt_[n]; }, [this, n](uint32_t v) { evcnt_[n] = v; });
    reg(0x200 + 4 * n, "PMEVTYPER", [this, n] { return evtype_[n]; }, [this, n](uint32_t v) { evtype_[n] = v & 0x3FF; });
  }
}

void Pmu::count_event(uint32_t event, uint64_t n) {
  if (!counting() || n == 0) return;
  for (unsigned i = 0; i < counters_; ++i) {
    if (evtype_[i] != event || !(enable_ & (1u << i))) continue;
    const uint64_t sum = uint64_t{evcnt_[i]} + n;
    if (sum >> 32) overflow_ |= 1u << i;
    evcnt_[i] = static_cast<uint32_t>(sum);
  }
}

// The cycle counter runs between its start and stop events (PMCCNTR_CFG). The ExecuTorch runner
// programs start = NPU_ACTIVE, stop = NPU_IDLE, i.e. active cycles only (arm_perf_monitor.cpp);
// with no start event it counts every cycle. docs/npu.md Q10, from the event names.
void Pmu::count_cycles(uint64_t n, bool active) {
  if (!counting() || !(enable_ & kCycleBit) || n == 0) return;
  const uint32_t start = ccnt_cfg_ & 0x3FF;
  if (start == kEvNpuActive && !active) return;
  if (start == kEvNpuIdle && active) return;
  const uint64_t sum = ccnt_ + n;
  if (sum > kCcntMask) overflow_ |= kCycleBit;
  ccnt_ = sum & kCcntMask;
}

void Pmu::add_idle(uint64_t cycles) {
  count_cycles(cycles, false);
  count_event(kEvNpuIdle, cycles);
  count_event(kEvCycle, cycles);
}

void Pmu::add_activity(const PmuActivity& a) {
  count_cycles(a.active_cycles, true);
  count_event(kEvCycle, a.active_cycles);
  count_event(kEvNpuActive, a.active_cycles);
  count_event(kEvMacActive, a.mac_cycles);
  count_event(kEvAoActive, a.ao_cycles);
  count_event(kEvWdActive, a.wd_cycles);
  count_event(kEvAxi0RdDataBeatReceived, a.read_beats[0]);
  count_event(kEvAxi0WrDataBeatWritten, a.write_beats[0]);
  count_event(kEvAxi1RdDataBeatReceived, a.read_beats[1]);
  count_event(kEvAxi1WrDataBeatWritten, a.write_beats[1]);
}

}  // namespace corsim::npu
