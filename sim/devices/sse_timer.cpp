#include "sim/devices/sse_timer.h"

#include <spdlog/spdlog.h>

namespace corsim::sim {

namespace {
// PID4..7, PID0..3, CID0..3 of the SSE system timer (as QEMU's sse-timer model reports them).
constexpr uint8_t kTimerIds[12] = {0x04, 0x00, 0x00, 0x00, 0xB7, 0xB0, 0x0B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
uint64_t with_lo(uint64_t v, uint32_t x) { return (v & ~0xFFFFFFFFull) | x; }
uint64_t with_hi(uint64_t v, uint32_t x) { return (v & 0xFFFFFFFFull) | (uint64_t{x} << 32); }
}  // namespace

uint64_t SseCounter::value() const {
  return enabled_ ? base_value_ + (time_.now() - base_cycle_) : base_value_;
}

void SseCounter::set_enabled(bool on) {
  if (on == enabled_) return;
  base_value_ = value();
  base_cycle_ = time_.now();
  enabled_ = on;
  notify();
}

void SseCounter::set_value(uint64_t v) {
  base_value_ = v;
  base_cycle_ = time_.now();
  notify();
}

bool SseCounter::cycle_at(uint64_t count, Cycles& when) const {
  if (!enabled_) return false;
  const uint64_t now_value = value();
  if (count <= now_value) {
    when = time_.now();
    return true;
  }
  when = time_.now() + (count - now_value);
  return true;
}

void SseCounter::notify() {
  for (SseTimer* t : listeners_) t->counter_changed();
}

SseCounterControl::SseCounterControl(SseCounter& counter)
    : memory::RegisterTarget("sse-counter-control"), counter_(counter) {
  // CNTCR: EN bit0, HDBG bit1, SCEN bit2, INTRMASK bit3, PSLVERRDIS bit4, INTRCLR bit5.
  registers().add(kCntcr, "CNTCR", [this] { return counter_.control; }, [this](uint32_t v, uint32_t) {
    counter_.control = v & 0x3F;
    if ((v & 4u) && !warned_scaling_) {
      spdlog::warn("sse-counter: CNTCR.SCEN (scaled counting) set; corsim counts one per cycle");
      warned_scaling_ = true;
    }
    counter_.set_enabled(v & 1u);
  });
  registers().add(kCntsr, "CNTSR", [] { return 0u; }, nullptr);  // DBGH: never halted by a debugger here
  registers().add(kCntcvLo, "CNTCV_LO", [this] { return lo(counter_.value()); },
      [this](uint32_t v, uint32_t) { counter_.set_value(with_lo(counter_.value(), v)); });
  registers().add(kCntcvHi, "CNTCV_HI", [this] { return hi(counter_.value()); },
      [this](uint32_t v, uint32_t) { counter_.set_value(with_hi(counter_.value(), v)); });
  registers().add_storage(kCntscr, "CNTSCR", counter_.scale);
  registers().add_const(kCntid, "CNTID", 0x0);  // no scaling registers in the ID (CNTSC = 0)
  registers().add_storage(kCntscr0, "CNTSCR0", counter_.scale0);
  registers().add_storage(kCntscr1, "CNTSCR1", counter_.scale1);
}

SseCounterStatus::SseCounterStatus(SseCounter& counter) : memory::RegisterTarget("sse-counter-status") {
  registers().add(0x0, "CNTCV_LO", [&counter] { return lo(counter.value()); }, nullptr);
  registers().add(0x4, "CNTCV_HI", [&counter] { return hi(counter.value()); }, nullptr);
}

SseTimer::SseTimer(std::string name, const DeviceContext& ctx, SseCounter& counter, int irq)
    : memory::RegisterTarget(std::move(name)), ctx_(ctx), counter_(counter), irq_(irq) {
  counter_.add_listener(this);
  registers().add(kCntpctLo, "CNTPCT_LO", [this] { return lo(counter_.value()); }, nullptr);
  registers().add(kCntpctHi, "CNTPCT_HI", [this] { return hi(counter_.value()); }, nullptr);
  registers().add_storage(kCntfrq, "CNTFRQ", cntfrq_);
  registers().add(kCvalLo, "CNTP_CVAL_LO", [this] { return lo(cval_); }, [this](uint32_t v, uint32_t) { cval_ = with_lo(cval_, v); recalc(); });
  registers().add(kCvalHi, "CNTP_CVAL_HI", [this] { return hi(cval_); }, [this](uint32_t v, uint32_t) { cval_ = with_hi(cval_, v); recalc(); });
  // TVAL is the signed 32-bit distance CVAL - CNTPCT (Armv8-M generic timer semantics).
  registers().add(kTval, "CNTP_TVAL", [this] { return lo(cval_ - counter_.value()); }, [this](uint32_t v, uint32_t) {
    cval_ = counter_.value() + static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v)));
    recalc();
  });
  registers().add(kCtl, "CNTP_CTL", [this] { return ctl_ | (status() ? kCtlIstatus : 0u); }, [this](uint32_t v, uint32_t) {
    const bool was_enabled = ctl_ & kCtlEnable;
    ctl_ = v & (kCtlEnable | kCtlImask);
    if (!was_enabled && (ctl_ & kCtlEnable) && autoinc()) aival_ = counter_.value() + aival_reload_;
    recalc();
  });
  registers().add(kAivalLo, "CNTP_AIVAL_LO", [this] { return lo(aival_); }, nullptr);
  registers().add(kAivalHi, "CNTP_AIVAL_HI", [this] { return hi(aival_); }, nullptr);
  registers().add_storage(kAivalReload, "CNTP_AIVAL_RELOAD", aival_reload_);
  // AIVAL_CTL: EN bit0 (read/write); CLR bit1 is set by hardware when the auto-increment value is
  // reached and cleared by writing 0 to it.
  registers().add(kAivalCtl, "CNTP_AIVAL_CTL", [this] { return aival_ctl_; }, [this](uint32_t v, uint32_t) {
    const bool was = autoinc();
    aival_ctl_ = (aival_ctl_ & ~1u) | (v & 1u);
    if (!(v & 2u)) aival_ctl_ &= ~2u;
    if (!was && autoinc() && (ctl_ & kCtlEnable)) aival_ = counter_.value() + aival_reload_;
    recalc();
  });
  registers().add_const(kCfg, "CNTP_CFG", 1);  // AIVAL implemented
  registers().add_id_registers(kTimerIds);
}

SseTimer::~SseTimer() { ctx_.events.cancel(event_); }

bool SseTimer::status() const {
  if (!(ctl_ & kCtlEnable)) return false;
  if (autoinc()) return aival_ctl_ & 2u;
  return counter_.value() >= cval_;
}

void SseTimer::recalc() {
  ctx_.events.cancel(event_);
  event_ = EventQueue::kNoEvent;
  if (ctl_ & kCtlEnable) {
    const uint64_t target = autoinc() ? aival_ : cval_;
    Cycles when = 0;
    if (counter_.value() < target && counter_.cycle_at(target, when)) {
      event_ = ctx_.events.schedule(when, [this](Cycles now) { fire(now); });
    } else if (autoinc() && counter_.enabled() && counter_.value() >= target) {
      fire(ctx_.time.now());
      return;
    }
  }
  update_irq();
}

void SseTimer::fire(Cycles) {
  event_ = EventQueue::kNoEvent;
  if (autoinc()) {
    // Auto-increment: flag CLR, move AIVAL on by the reload value, re-arm.
    aival_ctl_ |= 2u;
    aival_ = counter_.value() + aival_reload_;
    if (aival_reload_ != 0) {
      Cycles when = 0;
      if (counter_.cycle_at(aival_, when)) event_ = ctx_.events.schedule(when, [this](Cycles now) { fire(now); });
    }
  }
  update_irq();
}

void SseTimer::update_irq() {
  if (irq_ >= 0) ctx_.irq.set_irq_level(irq_, status() && !(ctl_ & kCtlImask));
}

}  // namespace corsim::sim
