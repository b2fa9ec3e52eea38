#pragma once
// MPU (0xE000ED90) and SAU (0xE000EDD0) registers as storage (Arm DDI 0553, B10 "MPU", B9
// "SAU"). Protection is NOT enforced this round: accesses are never checked against the regions.
// The stored configuration answers MPU_TYPE/SAU_TYPE and the TT instruction (best effort, see
// tt_response()), and gives the memory-system timing its memory attributes: every write to
// MPU_CTRL, RBAR, RLAR (and aliases) or MAIR0/1 hands the regions to the MPU listener
// (docs/memory-timing.md "Memory attributes: the MPU"). Only the Secure MPU is stored (corsim
// runs Secure; the Non-secure alias is RAZ/WI).
#include <array>
#include <cstdint>
#include <functional>

#include "memory/register_bank.h"
#include "memory/timing/memory_attributes.h"

namespace corsim::cpu::scs {

class MpuSau {
 public:
  static constexpr unsigned kMpuRegions = 16;  // Cortex-M55 MPU_TYPE.DREGION (Secure MPU)
  static constexpr unsigned kSauRegions = 8;   // SAU_TYPE.SREGION as QEMU's Cortex-M55 and the FVP
  using MpuListener = std::function<void(const memory::MpuRegions&)>;

  // Resets the registers (the listener stays) and tells the listener.
  void reset();
  void add_registers(memory::RegisterBank& bank);
  // Called with mpu_regions() after every write to MPU_CTRL, RBAR, RLAR or MAIR0/1 and at reset.
  void set_mpu_listener(MpuListener listener) { listener_ = std::move(listener); }
  // MPU_CTRL and the enabled regions with their MAIR attribute bytes.
  memory::MpuRegions mpu_regions() const;

  // TT/TTT/TTA/TTAT response word (B9.x "Security attribution and memory protection"):
  // MREGION [7:0], SREGION [15:8], MRVALID 16, SRVALID 17, R 18, RW 19, NSR 20, NSRW 21, S 22,
  // IRVALID 23, IREGION [31:24]. `alt` selects the Non-secure MPU view (TTA); `unpriv` the
  // unprivileged permissions (TTT).
  uint32_t tt_response(uint32_t address, bool secure_state, bool unpriv, bool alt) const;

  uint32_t mpu_ctrl() const { return mpu_ctrl_; }
  uint32_t sau_ctrl() const { return sau_ctrl_; }

 private:
  struct Region { uint32_t rbar = 0, rlar = 0; };
  void mpu_changed() const {
    if (listener_) listener_(mpu_regions());
  }

  MpuListener listener_;
  uint32_t mpu_ctrl_ = 0, mpu_rnr_ = 0, mair0_ = 0, mair1_ = 0;
  std::array<Region, kMpuRegions> mpu_{};
  uint32_t sau_ctrl_ = 0, sau_rnr_ = 0, sfsr_ = 0, sfar_ = 0;
  std::array<Region, kSauRegions> sau_{};
};

}  // namespace corsim::cpu::scs
