// Fuzz target: the CPU decoder and executor (cpu/) on random instruction words, with the exception
// model and the system control space live (faults enter handlers, exception returns, NVIC/SCB/MPU
// registers reachable by the guest). Memory is a sandbox: 64 KiB of code RAM at 0 and 64 KiB of
// data RAM at 0x20000000; everything else answers a bus error, which must become a guest fault.
// Input layout:
//   byte 0     bit 0: core (0 Cortex-M55, 1 Cortex-M85); bit 1: FPU and MVE enabled in CPACR
//   the rest   Thumb code at 0x100 (up to 4 KiB), also copied to the data RAM so loads see it
// The rest of the code RAM holds WFI (0xBF30): code that runs off the end of the input, or branches
// outside it, sleeps and ends the run, instead of spending the cycles left on a sled of zeros
// (LSLS r0, r0, #0), half of this target's time before (perf, session 7).
// Every vector (reset, faults, SVCall, PendSV, SysTick, IRQs) points at the code, so handlers run
// fuzzed code too. The run stops after kMaxCycles, at lockup, a fault hang or sleep.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "base/clock.h"
#include "cpu/cpu.h"
#include "cpu/scs/system_control_space.h"
#include "memory/interconnect.h"
#include "memory/ram.h"

using namespace corsim;

namespace {
constexpr uint32_t kCode = 0x00000100, kRamSize = 64 * 1024, kData = 0x20000000;
constexpr size_t kMaxCode = 4096;
// 1000 cycles run up to a thousand instructions, fault entries and returns included; 3000 cost 1.7x
// the time per input for little more (session 6).
constexpr Cycles kMaxCycles = 1000;

struct FixedTime final : TimeSource {
  Cycles now() const override { return 0; }
};

// The PPB window, mapped once on the shared bus, answered by this run's system control space.
class PpbWindow final : public memory::Target {
 public:
  memory::Target* scs = nullptr;
  std::string_view name() const override { return "PPB"; }
  memory::BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs& a) override {
    return scs->read(offset, size, value, a);
  }
  memory::BusResponse write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs& a) override {
    return scs->write(offset, size, value, a);
  }
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override { return scs->debug_read(offset, size, value); }
  bool debug_write(uint32_t offset, unsigned size, uint32_t value) override {
    return scs->debug_write(offset, size, value);
  }
};

// One bus and one core of each kind for every run (an Interconnect holds a 2^20-entry page table,
// a Cpu its predecode cache): each run rewrites both RAMs whole and resets the core (Cpu::reset:
// registers, exception model, predecode cache) and the system control space, so no state passes
// from one input to the next.
struct Core {
  Core(cpu::CoreModel model, memory::Interconnect& bus)
      : cpu(config(model), bus), scs(cpu.exceptions(), time) {}
  static cpu::CpuConfig config(cpu::CoreModel model) {
    cpu::CpuConfig c;
    c.model = model;
    c.initial_vtor = 0;
    c.num_external_irqs = 32;
    return c;
  }
  FixedTime time;
  cpu::Cpu cpu;
  cpu::scs::SystemControlSpace scs;
};

struct Sandbox {
  memory::Ram code_ram{"code", kRamSize}, data_ram{"data", kRamSize};
  PpbWindow ppb;
  memory::Interconnect bus;
  Sandbox() {
    bus.map(0, kRamSize, code_ram, "code");
    bus.map(kData, kRamSize, data_ram, "data");
    bus.map(cpu::scs::SystemControlSpace::kBaseAddress, cpu::scs::SystemControlSpace::kSize, ppb, "PPB");
  }
  Core m55{cpu::CoreModel::CortexM55, bus}, m85{cpu::CoreModel::CortexM85, bus};
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const size_t code_size = std::min(size - 1, kMaxCode);
  std::span<const uint8_t> code(data + 1, code_size);

  static Sandbox& sandbox = *new Sandbox;
  memory::Interconnect& bus = sandbox.bus;
  static const std::vector<uint8_t> zeros(kRamSize, 0);
  static const std::vector<uint8_t> wfi = [] {
    std::vector<uint8_t> v(kRamSize);
    for (size_t i = 0; i < v.size(); i += 2) v[i] = 0x30, v[i + 1] = 0xBF;  // WFI, T1 (little endian)
    return v;
  }();
  bus.debug_write_block(0, wfi);
  bus.debug_write_block(kData, zeros);
  uint32_t vectors[64];
  vectors[0] = kData + kRamSize;  // initial MSP: top of the data RAM
  for (unsigned v = 1; v < 64; ++v) vectors[v] = kCode | 1u;
  bus.debug_write_block(0, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
  bus.debug_write_block(kCode, code);
  bus.debug_write_block(kData, code);

  Core& selected = (data[0] & 1u) ? sandbox.m85 : sandbox.m55;
  cpu::Cpu& core = selected.cpu;
  cpu::scs::SystemControlSpace& scs = selected.scs;
  sandbox.ppb.scs = &scs;
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
