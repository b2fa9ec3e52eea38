#pragma once
// Register declarations of the System Control Space proper, 0xE000E000-0xE000EFFF minus SysTick
// and MPU/SAU (Arm DDI 0553, B3 "System Control Space" and D1 register descriptions): NVIC, SCB,
// ID registers, DCB, STIR, FPU control and cache maintenance. The state they read and write is
// the ExceptionUnit's; offsets are PPB offsets (address - 0xE0000000).
#include <cstdint>
#include <functional>

#include "cpu/scs/register_bank.h"

namespace corsim::cpu {
class ExceptionUnit;
}

namespace corsim::cpu::scs {

// Cortex-M55 identification (values of QEMU's cortex-m55 model for the ID_* and MVFR registers;
// CPUID as r1p1).
constexpr uint32_t kCpuidCortexM55 = 0x411F'D221u;

struct ScbHooks {
  std::function<void()> settle_counters;  // DWT/PMU settle around DEMCR (TRCENA) writes
  // The memory-system timing model (memory/timing): the Secure CCR after each write (IC/DC enable
  // bits), and each cache maintenance write as (operation index in the order ICIALLU, ICIMVAU,
  // DCIMVAC, DCISW, DCCMVAU, DCCMVAC, DCCSW, DCCIMVAC, DCCISW, BPIALL = memory::CacheOp, value).
  std::function<void(uint32_t)> ccr_written;
  std::function<void(unsigned, uint32_t)> cache_maintenance;
};

void add_nvic_registers(RegisterBank& bank, ExceptionUnit& exceptions);
void add_scb_registers(RegisterBank& bank, ExceptionUnit& exceptions, ScbHooks hooks);

}  // namespace corsim::cpu::scs
