#include "cpu/scs/mpu_sau.h"

namespace corsim::cpu::scs {

void MpuSau::reset() {
  MpuListener listener = std::move(listener_);
  *this = MpuSau{};
  listener_ = std::move(listener);
  mpu_changed();
}

memory::MpuRegions MpuSau::mpu_regions() const {
  memory::MpuRegions m;
  m.enabled = (mpu_ctrl_ & 1u) != 0;
  m.privdefena = (mpu_ctrl_ & 4u) != 0;
  for (unsigned i = 0; i < kMpuRegions; ++i) {
    const Region& g = mpu_[i];
    if (!(g.rlar & 1u)) continue;  // RLAR.EN
    // RLAR.AttrIndx [3:1] selects Attr<n> of MAIR0 (n = 0..3) or MAIR1 (n = 4..7), 8 bits each.
    const unsigned index = (g.rlar >> 1) & 7u;
    const uint32_t mair = index < 4 ? mair0_ : mair1_;
    m.regions.push_back({g.rbar & ~0x1Fu, g.rlar | 0x1Fu, static_cast<uint8_t>(mair >> (8 * (index & 3u))),
                         static_cast<uint8_t>(i)});
  }
  return m;
}

void MpuSau::add_registers(memory::RegisterBank& bank) {
  bank.add_const(0xED90, "MPU_TYPE", kMpuRegions << 8);  // DREGION [15:8], SEPARATE = 0
  bank.add(0xED94, "MPU_CTRL", [this] { return mpu_ctrl_; },
           [this](uint32_t v, uint32_t lanes) {
             mpu_ctrl_ = memory::merge_lanes(mpu_ctrl_, v, lanes & 0x7u);  // ENABLE, HFNMIENA, PRIVDEFENA
             mpu_changed();
           });
  bank.add_storage(0xED98, "MPU_RNR", mpu_rnr_, kMpuRegions - 1);
  // RBAR/RLAR and the aliases _A1.._A3 address regions (RNR & ~3) + n (B10.x).
  for (unsigned n = 0; n < 4; ++n) {
    const uint32_t off = 0xED9C + 8 * n;
    auto region = [this, n]() -> Region& {
      return mpu_[((n == 0 ? mpu_rnr_ : (mpu_rnr_ & ~3u) + n)) % kMpuRegions];
    };
    bank.add(off, n == 0 ? "MPU_RBAR" : "MPU_RBAR_An", [region] { return region().rbar; },
             [this, region](uint32_t v, uint32_t lanes) {
               region().rbar = memory::merge_lanes(region().rbar, v, lanes);
               mpu_changed();
             });
    bank.add(off + 4, n == 0 ? "MPU_RLAR" : "MPU_RLAR_An", [region] { return region().rlar; },
             [this, region](uint32_t v, uint32_t lanes) {
               region().rlar = memory::merge_lanes(region().rlar, v, lanes) & 0xFFFF'FFEFu;  // bit 4 RES0 (PXN in v8.1-M kept)
               mpu_changed();
             });
  }
  for (uint32_t* mair : {&mair0_, &mair1_}) {
    bank.add(mair == &mair0_ ? 0xEDC0 : 0xEDC4, mair == &mair0_ ? "MPU_MAIR0" : "MPU_MAIR1", [mair] { return *mair; },
             [this, mair](uint32_t v, uint32_t lanes) {
               *mair = memory::merge_lanes(*mair, v, lanes);
               mpu_changed();
             });
  }

  bank.add_storage(0xEDD0, "SAU_CTRL", sau_ctrl_, 0x3u);  // ENABLE, ALLNS
  bank.add_const(0xEDD4, "SAU_TYPE", kSauRegions);
  bank.add_storage(0xEDD8, "SAU_RNR", sau_rnr_, kSauRegions - 1);
  bank.add(0xEDDC, "SAU_RBAR", [this] { return sau_[sau_rnr_].rbar; },
           [this](uint32_t v, uint32_t lanes) { sau_[sau_rnr_].rbar = memory::merge_lanes(sau_[sau_rnr_].rbar, v, lanes) & ~0x1Fu; });
  bank.add(0xEDE0, "SAU_RLAR", [this] { return sau_[sau_rnr_].rlar; },
           [this](uint32_t v, uint32_t lanes) {
             sau_[sau_rnr_].rlar = memory::merge_lanes(sau_[sau_rnr_].rlar, v, lanes) & 0xFFFF'FFE3u;  // LADDR, NSC, ENABLE
           });
  bank.add(0xEDE4, "SAU_SFSR", [this] { return sfsr_; }, [this](uint32_t v, uint32_t lanes) { sfsr_ &= ~(v & lanes); });
  bank.add_storage(0xEDE8, "SAU_SFAR", sfar_);
}

uint32_t MpuSau::tt_response(uint32_t address, bool secure_state, bool unpriv, bool alt) const {
  uint32_t r = 0;
  // MPU: regions match when enabled (RLAR.EN) and base <= address <= limit (32-byte granules).
  // Only the Secure MPU is stored, so TTA (the Non-secure MPU view) reports no region.
  if (!alt && (mpu_ctrl_ & 1u)) {
    int hit = -1, hits = 0;
    for (unsigned i = 0; i < kMpuRegions; ++i) {
      const Region& g = mpu_[i];
      if (!(g.rlar & 1u)) continue;
      const uint32_t base = g.rbar & ~0x1Fu, limit = g.rlar | 0x1Fu;
      if (address >= base && address <= limit) { hit = static_cast<int>(i); ++hits; }
    }
    if (hits == 1) {
      r |= static_cast<uint32_t>(hit) | (1u << 16);
      // RBAR.AP [2:1]: 0b00 RW privileged only, 0b01 RW any, 0b10 RO privileged only, 0b11 RO any.
      const uint32_t ap = (mpu_[hit].rbar >> 1) & 3u;
      const bool readable = !unpriv || (ap & 1u);
      r |= (readable ? 1u << 18 : 0u) | (readable && !(ap & 2u) ? 1u << 19 : 0u);
    }
  } else {
    // MPU disabled: the default memory map, readable and writable (the XN/device distinction
    // does not matter to TT). Unprivileged access is allowed too when the MPU is off.
    r |= (1u << 18) | (1u << 19);
  }
  // Security attribution: the SAU, and no IDAU (the Corstone's IDAU is not modelled).
  bool secure = true;
  if (sau_ctrl_ & 1u) {
    int hit = -1, hits = 0;
    for (unsigned i = 0; i < kSauRegions; ++i) {
      const Region& g = sau_[i];
      if (!(g.rlar & 1u)) continue;
      if (address >= (g.rbar & ~0x1Fu) && address <= (g.rlar | 0x1Fu)) { hit = static_cast<int>(i); ++hits; }
    }
    if (hits == 1) {
      secure = (sau_[hit].rlar & 2u) != 0;  // NSC regions are Secure
      if (secure_state) r |= (static_cast<uint32_t>(hit) << 8) | (1u << 17);
    } else {
      secure = true;  // no or multiple matches: Secure
    }
  } else {
    secure = !(sau_ctrl_ & 2u);  // SAU off: ALLNS decides
  }
  if (secure_state) {
    if (secure) r |= 1u << 22;
    // NSR/NSRW: R/RW when the location is Non-secure.
    if (!secure) r |= ((r >> 18) & 1u) << 20 | ((r >> 19) & 1u) << 21;
  }
  return r;
}

}  // namespace corsim::cpu::scs
