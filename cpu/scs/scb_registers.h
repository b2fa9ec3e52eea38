#pragma once
// Register declarations of the System Control Space proper, 0xE000E000-0xE000EFFF minus SysTick
// and MPU/SAU (Arm DDI 0553, B3 "System Control Space" and D1 register descriptions): NVIC, SCB,
// ID registers, DCB, STIR, FPU control and cache maintenance. The state they read and write is
// the ExceptionUnit's; offsets are PPB offsets (address - 0xE0000000).
#include <cstdint>
#include <functional>

#include "memory/register_bank.h"

namespace corsim::cpu {
class ExceptionUnit;
}

namespace corsim::cpu::scs {

// Cortex-M55 identification (values of QEMU's cortex-m55 model for the ID_* and MVFR registers;
// CPUID as r1p1).
constexpr uint32_t kCpuidCortexM55 = 0x411F'D221u;
// Cortex-M85: implementer Arm, architecture 0xF, part number 0xD23 (Arm Cortex-M85 TRM, CPUID;
// Linux arch/arm/mm/proc-v7m.S matches 0x410FD230 with the revision masked). Revision r0p0 is an
// assumption: no public source gives the Corstone-320 FVP's.
constexpr uint32_t kCpuidCortexM85 = 0x410F'D230u;
// Default CCSIDR values: the Corstone-300 M55's 32 KiB caches with 32-byte lines.
constexpr uint32_t kCcsidrData = 0xF01F'E019u;   // WT WB RA WA, 256 sets, 4 ways, 32-byte lines
constexpr uint32_t kCcsidrInstr = 0x203F'E009u;  // RA, 512 sets, 2 ways, 32-byte lines

struct ScbHooks {
  std::function<void()> settle_counters;  // DWT/PMU settle around DEMCR (TRCENA) writes
  // The memory-system timing model (memory/timing): the Secure CCR after each write (IC/DC enable
  // bits), and each cache maintenance write as (operation index in the order ICIALLU, ICIMVAU,
  // DCIMVAC, DCISW, DCCMVAU, DCCMVAC, DCCSW, DCCIMVAC, DCCISW, BPIALL = memory::CacheOp, value).
  std::function<void(uint32_t)> ccr_written;
  std::function<void(unsigned, uint32_t)> cache_maintenance;
  // CCSIDR for the configured caches (argument: CSSELR.InD, true = instruction cache); unset: the
  // Corstone-300 defaults below.
  std::function<uint32_t(bool)> ccsidr;
};

void add_nvic_registers(memory::RegisterBank& bank, ExceptionUnit& exceptions);
void add_scb_registers(memory::RegisterBank& bank, ExceptionUnit& exceptions, ScbHooks hooks);

}  // namespace corsim::cpu::scs
