// Fuzz target: the CPU decoder and executor (cpu/) on random instruction words, with the exception
// model and the system control space live (faults enter handlers, exception returns, NVIC/SCB/MPU
// registers reachable by the guest). Memory is a sandbox: 64 KiB of code RAM at 0 and 64 KiB of
// data RAM at 0x20000000; everything else answers a bus error, which must become a guest fault.
// Input layout:
//   byte 0     bit 0: core (0 Cortex-M55, 1 Cortex-M85); bit 1: FPU and MVE enabled in CPACR
//   the rest   Thumb code at 0x100 (up to 4 KiB), also copied to the data RAM so loads see it
// Every vector (reset, faults, SVCall, PendSV, SysTick, IRQs) points at the code, so handlers run
// fuzzed code too. The run stops after kMaxCycles, at lockup, a fault hang or sleep.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "base/clock.h"
#include "cpu/cpu.h"
#include "cpu/scs/system_control_space.h"
#include "memory/interconnect.h"
#include "memory/ram.h"

using namespace corsim;

namespace {
constexpr uint32_t kCode = 0x00000100, kRamSize = 64 * 1024, kData = 0x20000000;
constexpr size_t kMaxCode = 4096;
constexpr Cycles kMaxCycles = 20000;

struct FixedTime final : TimeSource {
  Cycles now() const override { return 0; }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const size_t code_size = std::min(size - 1, kMaxCode);
  std::span<const uint8_t> code(data + 1, code_size);

  memory::Interconnect bus;
  memory::Ram code_ram("code", kRamSize), data_ram("data", kRamSize);
  bus.map(0, kRamSize, code_ram, "code");
  bus.map(kData, kRamSize, data_ram, "data");
  uint32_t vectors[64];
  vectors[0] = kData + kRamSize;  // initial MSP: top of the data RAM
  for (unsigned v = 1; v < 64; ++v) vectors[v] = kCode | 1u;
  bus.debug_write_block(0, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
  bus.debug_write_block(kCode, code);
  bus.debug_write_block(kData, code);

  cpu::CpuConfig config;
  config.model = (data[0] & 1u) ? cpu::CoreModel::CortexM85 : cpu::CoreModel::CortexM55;
  config.initial_vtor = 0;
  config.num_external_irqs = 32;
  cpu::Cpu core(config, bus);
  FixedTime time;
  cpu::scs::SystemControlSpace scs(core.exceptions(), time);
  bus.map(cpu::scs::SystemControlSpace::kBaseAddress, cpu::scs::SystemControlSpace::kSize, scs, "PPB");
  if (!core.reset()) return 0;
  scs.reset();
  if (data[0] & 2u) core.exceptions().regs().cpacr = 0xFu << 20;  // CP10/CP11 full access (B3 CPACR)

  Cycles budget = kMaxCycles;
  while (budget > 0) {
    const Cycles before = core.cycles();
    const cpu::StopReason why = core.run(budget);
    const Cycles used = core.cycles() - before;
    if (why != cpu::StopReason::CycleLimit && why != cpu::StopReason::StopRequested) break;
    if (used == 0) break;
    budget = used >= budget ? 0 : budget - used;
  }
  return 0;
}
