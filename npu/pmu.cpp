#include "npu/pmu.h"

namespace corsim::npu {

namespace {
constexpr uint64_t kCcntMask = (uint64_t{1} << 48) - 1;
constexpr uint32_t kCounterBits = 0xFu | Pmu::kCycleBit;
}  // namespace

bool Pmu::read(uint32_t offset, uint32_t& v) const {
  switch (offset) {
    case 0x180: v = (pmcr_ & 0x9u) | (kEventCounters << 11); return true;  // num_event_cnt [15:11]
    case 0x184: case 0x188: v = enable_; return true;
    case 0x18C: case 0x190: v = overflow_; return true;
    case 0x194: case 0x198: v = int_enable_; return true;
    case 0x1A0: v = static_cast<uint32_t>(ccnt_); return true;
    case 0x1A4: v = static_cast<uint32_t>(ccnt_ >> 32) & 0xFFFF; return true;
    case 0x1A8: v = ccnt_cfg_; return true;
    case 0x1AC: v = axi_chan_; return true;
    default: break;
  }
  if (offset >= 0x300 && offset < 0x300 + 4 * kEventCounters) { v = evcnt_[(offset - 0x300) / 4]; return true; }
  if (offset >= 0x380 && offset < 0x380 + 4 * kEventCounters) { v = evtype_[(offset - 0x380) / 4]; return true; }
  return false;
}

bool Pmu::write(uint32_t offset, uint32_t v) {
  switch (offset) {
    case 0x180:
      pmcr_ = v & 0x9u;  // cnt_en and mask_en are state; the reset bits act and read 0
      if (v & 2u) evcnt_.fill(0);
      if (v & 4u) ccnt_ = 0;
      return true;
    case 0x184: enable_ |= v & kCounterBits; return true;
    case 0x188: enable_ &= ~(v & kCounterBits); return true;
    case 0x18C: overflow_ |= v & kCounterBits; return true;
    case 0x190: overflow_ &= ~(v & kCounterBits); return true;
    case 0x194: int_enable_ |= v & kCounterBits; return true;
    case 0x198: int_enable_ &= ~(v & kCounterBits); return true;
    case 0x1A0: ccnt_ = (ccnt_ & ~uint64_t{0xFFFFFFFF}) | v; return true;
    case 0x1A4: ccnt_ = (ccnt_ & 0xFFFFFFFFull) | (uint64_t{v & 0xFFFF} << 32); return true;
    case 0x1A8: ccnt_cfg_ = v & 0x03FF03FFu; return true;  // [9:0] start, [25:16] stop
    case 0x1AC: axi_chan_ = v; return true;
    default: break;
  }
  if (offset >= 0x300 && offset < 0x300 + 4 * kEventCounters) { evcnt_[(offset - 0x300) / 4] = v; return true; }
  if (offset >= 0x380 && offset < 0x380 + 4 * kEventCounters) { evtype_[(offset - 0x380) / 4] = v & 0x3FF; return true; }
  return false;
}

void Pmu::count_event(uint32_t event, uint64_t n) {
  if (!counting() || n == 0) return;
  for (unsigned i = 0; i < kEventCounters; ++i) {
    if (evtype_[i] != event || !(enable_ & (1u << i))) continue;
    const uint64_t sum = uint64_t{evcnt_[i]} + n;
    if (sum >> 32) overflow_ |= 1u << i;
    evcnt_[i] = static_cast<uint32_t>(sum);
  }
}

// The cycle counter runs between its start and stop events (PMCCNTR_CFG). The ExecuTorch runner
// programs start = NPU_ACTIVE, stop = NPU_IDLE, i.e. active cycles only (§1.6); with no start
// event it counts every cycle. Q10 decision, from the event names.
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
