#include "cpu/scs/systick.h"

#include "cpu/exceptions/exception_unit.h"

namespace corsim::cpu::scs {

void SysTick::reset() {
  enabled_ = tickint_ = countflag_ = false;
  rvr_ = 0;
  start_value_ = 0;  // CVR is UNKNOWN at reset; corsim chooses 0
  start_ = accounted_ = time_.now();
  notify();
}

// Counter model (B11): each clock, a counter at 0 reloads RVR, otherwise it decrements; the
// 1 -> 0 transition sets COUNTFLAG and, with TICKINT, pends SysTick. Started at value V at cycle
// S, zeros are reached at S + V (if V > 0) and every RVR + 1 cycles after that (if RVR > 0).
std::optional<Cycles> SysTick::first_zero() const {
  if (!enabled_) return std::nullopt;
  if (start_value_ > 0) return start_ + start_value_;
  if (rvr_ > 0) return start_ + 1 + rvr_;
  return std::nullopt;
}

uint32_t SysTick::value_at(Cycles now) const {
  if (!enabled_ || now <= start_) return start_value_;
  const Cycles k = now - start_;
  if (k <= start_value_) return static_cast<uint32_t>(start_value_ - k);
  const Cycles after_first_reload = k - start_value_ - 1;  // cycles since the first reload
  const Cycles period = Cycles{rvr_} + 1;
  return static_cast<uint32_t>(rvr_ - (after_first_reload % period));
}

uint64_t SysTick::wraps_between(Cycles from, Cycles to) const {
  const std::optional<Cycles> first = first_zero();
  if (!first || to < *first || to <= from) return 0;
  const Cycles period = Cycles{rvr_} + 1;
  auto zeros_up_to = [&](Cycles t) -> uint64_t {  // zeros in [first, t]
    if (t < *first) return 0;
    if (rvr_ == 0) return 1;  // reload value 0: the counter stays at 0 after the first zero
    return (t - *first) / period + 1;
  };
  return zeros_up_to(to) - zeros_up_to(from);
}

std::optional<Cycles> SysTick::next_deadline() const {
  if (!enabled_ || !tickint_) return std::nullopt;
  const std::optional<Cycles> first = first_zero();
  if (!first) return std::nullopt;
  if (*first > accounted_) return *first;
  if (rvr_ == 0) return std::nullopt;
  const Cycles period = Cycles{rvr_} + 1;
  return *first + ((accounted_ - *first) / period + 1) * period;
}

void SysTick::update(Cycles now) {
  if (now <= accounted_) return;
  if (wraps_between(accounted_, now) > 0) {
    countflag_ = true;
    if (tickint_) exceptions_.set_pending(kExcSysTick, true);
  }
  accounted_ = now;
}

void SysTick::rebase(Cycles now) {
  update(now);
  start_value_ = value_at(now);
  start_ = now;
}

uint32_t SysTick::read_csr() {
  update(time_.now());
  const uint32_t v = (enabled_ ? kCsrEnable : 0u) | (tickint_ ? kCsrTickint : 0u) | kCsrClksource |
                     (countflag_ ? kCsrCountflag : 0u);
  countflag_ = false;  // COUNTFLAG clears on read
  return v;
}

void SysTick::write_csr(uint32_t value) {
  rebase(time_.now());
  enabled_ = value & kCsrEnable;
  tickint_ = value & kCsrTickint;
  notify();
}

void SysTick::write_rvr(uint32_t value) {
  rebase(time_.now());
  rvr_ = value & 0x00FF'FFFFu;
  notify();
}

void SysTick::write_cvr() {
  // Any write clears the counter and COUNTFLAG; the next clock reloads RVR.
  rebase(time_.now());
  start_value_ = 0;
  countflag_ = false;
  notify();
}

void SysTick::add_registers(memory::RegisterBank& bank) {
  bank.add(kBase + 0x0, "SYST_CSR", [this] { return read_csr(); },
           [this](uint32_t v, uint32_t lanes) {
             if (lanes & 0xFF) write_csr(v);
           });
  bank.add(kBase + 0x4, "SYST_RVR", [this] { return rvr_; },
           [this](uint32_t v, uint32_t lanes) { write_rvr(memory::merge_lanes(rvr_, v, lanes)); });
  bank.add(kBase + 0x8, "SYST_CVR", [this] { return cvr(); }, [this](uint32_t, uint32_t) { write_cvr(); });
  bank.add_const(kBase + 0xC, "SYST_CALIB", kCalib);
}

}  // namespace corsim::cpu::scs
