#pragma once
// The Private Peripheral Bus, 0xE0000000-0xE00FFFFF, as one memory::Target that sim/ maps
// (Arm DDI 0553, B3 "System address map" / D1 "Register specification"). It dispatches by
// address range to small register banks:
//
//   0xE0000000 ITM          0xE0001000 DWT            0xE0002000 FPB      0xE0003000 PMU
//   0xE000E010 SysTick      0xE000ED90 MPU, SAU       0xE000E000 everything else of the SCS
//   (NVIC, SCB, ID registers, DCB, STIR, FPU control, cache maintenance)
//   0xE001E000 Cortex-M55 implementation-defined block and power control
//   0xE002xxxx the Non-secure SCS alias: RAZ/WI (corsim runs Secure-only)
//
// All blocks declare their registers (at their PPB offsets) in one memory::RegisterBank with
// byte-lane write strobes. Unknown offsets anywhere in the PPB are RAZ/WI and reported once per
// offset through spdlog:
// the Arm ARM makes reserved SCS space RES0/UNPREDICTABLE, and RAZ/WI is what keeps firmware
// probing optional features running. Unprivileged accesses are BusFaults (B3.x "The System
// Control Space"), except STIR with CCR.USERSETMPEND and the ITM stimulus ports.
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "base/clock.h"
#include "cpu/scs/counters.h"
#include "cpu/scs/dwt.h"
#include "cpu/scs/fpb.h"
#include "cpu/scs/impdef.h"
#include "cpu/scs/itm.h"
#include "cpu/scs/mpu_sau.h"
#include "cpu/scs/pmu.h"
#include "memory/register_bank.h"
#include "cpu/scs/systick.h"
#include "memory/target.h"

namespace corsim::cpu {
class ExceptionUnit;
}

namespace corsim::cpu::scs {

class SystemControlSpace final : public memory::Target {
 public:
  static constexpr uint32_t kBaseAddress = 0xE000'0000u;
  static constexpr uint32_t kSize = 0x0010'0000u;

  SystemControlSpace(ExceptionUnit& exceptions, const TimeSource& time, ItmSink* itm = nullptr,
                     const InstructionCounter* instructions = nullptr);
  ~SystemControlSpace() override;
  SystemControlSpace(const SystemControlSpace&) = delete;
  SystemControlSpace& operator=(const SystemControlSpace&) = delete;

  std::string_view name() const override { return "PPB (System Control Space)"; }
  memory::BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs& attrs) override;
  memory::BusResponse write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs& attrs) override;
  // A debugger's read: what the register holds, refused for registers whose read acts.
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override { return bank_.debug_read(offset, size, value); }

  // Device reset (the ExceptionUnit's own registers are reset by ExceptionUnit::reset()).
  void reset();

  SysTick& systick() { return systick_; }
  Pmu& pmu() { return pmu_; }
  Dwt& dwt() { return dwt_; }
  Fpb& fpb() { return fpb_; }
  Itm& itm() { return itm_; }
  MpuSau& mpu_sau() { return mpu_sau_; }
  // Distinct unknown offsets reported so far (tests check log-once).
  size_t unknown_reports() const { return bank_.unknown_reports(); }
  // The memory-system timing model's view of CCR writes and cache maintenance (ScbHooks).
  // `ccsidr` (optional) answers CCSIDR reads for the configured cache geometry.
  void set_cache_hooks(std::function<void(uint32_t)> ccr_written, std::function<void(unsigned, uint32_t)> maintenance,
                       std::function<uint32_t(bool)> ccsidr = nullptr) {
    ccr_written_ = std::move(ccr_written);
    cache_maintenance_ = std::move(maintenance);
    ccsidr_ = std::move(ccsidr);
  }

 private:

  ExceptionUnit& exceptions_;
  Itm itm_;
  Dwt dwt_;
  Fpb fpb_;
  Pmu pmu_;
  SysTick systick_;
  MpuSau mpu_sau_;
  ImplementationDefined impdef_;
  memory::RegisterBank bank_;
  std::function<void(uint32_t)> ccr_written_;
  std::function<void(unsigned, uint32_t)> cache_maintenance_;
  std::function<uint32_t(bool)> ccsidr_;
};

}  // namespace corsim::cpu::scs
