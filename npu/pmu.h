#pragma once
// The Ethos-U55 PMU (driver ethosu55_interface.h registers, pmu_ethosu.h events; the ET runner's
// use: arm_perf_monitor.cpp): PMCR, enable/overflow/interrupt sets, a 48-bit cycle counter with
// start/stop events and four 32-bit event counters. The device feeds it NPU activity as intervals
// (active, idle) and per-job event totals; counting happens only while enabled.
#include <array>
#include <cstdint>
#include <functional>

#include "memory/register_bank.h"

namespace corsim::npu {

// Event numbers (driver pmu_ethosu.h pmu_event).
enum PmuEvent : uint32_t {
  kEvNoEvent = 0,
  kEvCycle = 17,
  kEvNpuIdle = 32,
  kEvNpuActive = 35,
  kEvMacActive = 48,
  kEvMacActive8Bit = 49,
  kEvAoActive = 64,
  kEvWdActive = 80,
  kEvAxi0RdTransAccepted = 128,
  kEvAxi0RdTransCompleted = 129,
  kEvAxi0RdDataBeatReceived = 130,
  kEvAxi0WrTransAccepted = 132,
  kEvAxi0WrDataBeatWritten = 135,
  kEvAxi0EnabledCycles = 140,
  kEvAxi1RdDataBeatReceived = 386,
  kEvAxi1WrDataBeatWritten = 391,
};

// Activity of one NPU job, in NPU cycles and AXI beats.
struct PmuActivity {
  uint64_t active_cycles = 0;
  uint64_t mac_cycles = 0;
  uint64_t ao_cycles = 0;
  uint64_t wd_cycles = 0;
  std::array<uint64_t, 2> read_beats{};   // per AXI port
  std::array<uint64_t, 2> write_beats{};
};

class Pmu {
 public:
  static constexpr unsigned kMaxEventCounters = 8;
  static constexpr uint32_t kCycleBit = 1u << 31;
  // Register offsets from PMCR (U55: PMCR at 0x180, U85: at 0x1180; ethosu55/85_interface.h).
  static constexpr uint32_t kPmovsclr = 0x10;

  // U55/U65: 4 event counters; U85: 8.
  explicit Pmu(unsigned event_counters = 4) : counters_(event_counters) {}

  void reset();

  // Declares the PMU registers in the device's bank with PMCR at `base`. `written` is called
  // after every write with the register's offset from PMCR, so the device can update its IRQ.
  void add_registers(memory::RegisterBank& bank, uint32_t base, std::function<void(uint32_t)> written);

  // Idle time (NPU not running).
  void add_idle(uint64_t cycles);
  // One job's activity.
  void add_activity(const PmuActivity& a);

  bool irq_pending() const { return (overflow_ & int_enable_) != 0; }
  uint64_t cycle_counter() const { return ccnt_; }
  uint32_t event_counter(unsigned i) const { return evcnt_[i]; }

 private:
  bool counting() const { return (pmcr_ & 1u) != 0; }
  uint32_t counter_bits() const { return ((1u << counters_) - 1) | kCycleBit; }
  void count_event(uint32_t event, uint64_t n);
  void count_cycles(uint64_t n, bool active);

  unsigned counters_;
  uint32_t pmcr_ = 0;
  uint32_t enable_ = 0, overflow_ = 0, int_enable_ = 0;
  uint64_t ccnt_ = 0;  // 48 bit
  uint32_t ccnt_cfg_ = 0;
  uint32_t axi_chan_ = 0;
  std::array<uint32_t, kMaxEventCounters> evcnt_{};
  std::array<uint32_t, kMaxEventCounters> evtype_{};
};

}  // namespace corsim::npu
