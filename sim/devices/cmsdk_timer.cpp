#include "sim/devices/cmsdk_timer.h"

namespace corsim::sim {

namespace {
// PID4..7, PID0..3, CID0..3 of the CMSDK APB timer (part 0x822).
constexpr uint8_t kTimerIds[12] = {0x04, 0x00, 0x00, 0x00, 0x22, 0xB8, 0x1B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
}

CmsdkTimer::CmsdkTimer(std::string name, const DeviceContext& ctx, uint64_t hz, int irq)
    : memory::RegisterTarget(std::move(name)), ctx_(ctx), hz_(hz == 0 ? ctx.clock_hz : hz), irq_(irq) {
  registers().add(kCtrl, "CTRL", [this] { return ctrl_; }, [this](uint32_t v, uint32_t) {
    const uint32_t value = value_now();
    ctrl_ = v & 0xF;
    restart(value);
    update_irq();
  });
  registers().add(kValue, "VALUE", [this] { return value_now(); }, [this](uint32_t v, uint32_t) { restart(v); });
  // Writing RELOAD also loads VALUE (CMSDK TRM: "a write to RELOAD also updates VALUE").
  registers().add(kReload, "RELOAD", [this] { return reload_; }, [this](uint32_t v, uint32_t) {
    reload_ = v;
    restart(v);
  });
  registers().add(kIntStatus, "INTSTATUS", [this] { return int_status_; }, [this](uint32_t v, uint32_t) {
    if (v & 1u) int_status_ = 0;
    update_irq();
  });
  registers().add_id_registers(kTimerIds);
}

CmsdkTimer::~CmsdkTimer() { ctx_.events.cancel(event_); }

uint64_t CmsdkTimer::ticks_now() const {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(ctx_.time.now()) * hz_) / ctx_.clock_hz);
}

Cycles CmsdkTimer::cycle_of_tick(uint64_t tick) const {
  // First cycle whose tick count reaches `tick` (ceiling division).
  const unsigned __int128 num = static_cast<unsigned __int128>(tick) * ctx_.clock_hz;
  return static_cast<Cycles>((num + hz_ - 1) / hz_);
}

uint32_t CmsdkTimer::value_now() const {
  if (!(ctrl_ & kCtrlEnable)) return start_value_;
  const uint64_t elapsed = ticks_now() - start_tick_;
  if (elapsed <= start_value_) return static_cast<uint32_t>(start_value_ - elapsed);
  // After reaching 0: reload on the next tick, then count down with period RELOAD+1.
  const uint64_t period = uint64_t{reload_} + 1;
  const uint64_t since = (elapsed - start_value_ - 1) % period;
  return static_cast<uint32_t>(reload_ - since);
}

void CmsdkTimer::restart(uint32_t value) {
  start_value_ = value;
  start_tick_ = ticks_now();
  schedule_zero();
}

void CmsdkTimer::schedule_zero() {
  ctx_.events.cancel(event_);
  event_ = EventQueue::kNoEvent;
  if (!(ctrl_ & kCtrlEnable)) return;
  const uint64_t elapsed = ticks_now() - start_tick_;
  uint64_t zero_tick;
  if (elapsed < start_value_) {
    zero_tick = start_tick_ + start_value_;
  } else {
    if (reload_ == 0 && start_value_ <= elapsed) return;  // stays at 0: one interrupt only
    const uint64_t period = uint64_t{reload_} + 1;
    const uint64_t after = elapsed - start_value_;  // ticks since the first zero
    zero_tick = start_tick_ + start_value_ + (after / period + 1) * period;
  }
  event_ = ctx_.events.schedule(cycle_of_tick(zero_tick), [this](Cycles now) { on_zero(now); });
}

void CmsdkTimer::on_zero(Cycles) {
  event_ = EventQueue::kNoEvent;
  int_status_ = 1;
  update_irq();
  schedule_zero();
}

void CmsdkTimer::update_irq() {
  if (irq_ >= 0) ctx_.irq.set_irq_level(irq_, int_status_ && (ctrl_ & kCtrlIntEnable));
}

}  // namespace corsim::sim
