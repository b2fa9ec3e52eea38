// Interpreter speed of the CPU core on a mixed integer loop (loads/stores with register offsets,
// a CRC step with an IT block, multiply, compare-and-branch, a call with PUSH/POP), assembled at
// run time with arm-none-eabi-as. Reports simulated MIPS (instructions per host second) with
// tracing and timing off, and the predecode miss count.
#include <benchmark/benchmark.h>

#include <memory>

#include "cpu/cpu.h"
#include "memory/interconnect.h"
#include "memory/ram.h"
#include "tests/cpu/assemble.h"

namespace {

using namespace corsim;

constexpr const char* kWorkload = R"(
    ldr r4, =0x20000000
    ldr r7, =0x04C11DB7
    movs r0, #0
init:
    str r0, [r4, r0, lsl #2]
    adds r0, #1
    cmp r0, #256
    blt init
outer:
    movs r0, #0
    ldr r6, =0xFFFFFFFF
inner:
    ldr r1, [r4, r0, lsl #2]
    eors r6, r6, r1
    lsls r6, r6, #1
    it cs
    eorcs r6, r6, r7
    mul r3, r6, r0
    add r1, r1, r3, lsr #3
    str r1, [r4, r0, lsl #2]
    adds r0, #1
    cmp r0, #256
    blt inner
    bl leaf
    b outer
leaf:
    push {r4, r5, lr}
    ldrd r4, r5, [r4]
    uxtb r5, r4
    cbz r5, 1f
    subs r5, #1
1:  pop {r4, r5, pc}
)";

struct System {
  memory::Interconnect bus;
  memory::Ram code{"code", 1 << 20};
  memory::Ram data{"data", 1 << 20};
  std::unique_ptr<cpu::Cpu> core;

  bool init() {
    bus.map(0, 1 << 20, code, "code");
    bus.map(0x20000000, 1 << 20, data, "data");
    std::string err;
    const auto bin = cpu::test::assemble(kWorkload, 0x100, &err);
    if (bin.empty()) return false;
    const uint32_t vectors[2] = {0x20010000, 0x101};
    bus.debug_write_block(0, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
    bus.debug_write_block(0x100, bin);
    cpu::CpuConfig cfg;
    cfg.initial_vtor = 0;
    core = std::make_unique<cpu::Cpu>(cfg, bus);
    return core->reset();
  }
};

void BM_CpuIntegerLoop(benchmark::State& state) {
  System sys;
  if (!sys.init()) {
    state.SkipWithError("cannot assemble the workload (arm-none-eabi-as missing?)");
    return;
  }
  constexpr corsim::Cycles kSlice = 10'000'000;
  for (auto _ : state) {
    const auto why = sys.core->run(kSlice);
    if (why != cpu::StopReason::CycleLimit) {
      state.SkipWithError("workload stopped unexpectedly");
      return;
    }
  }
  const double insns = static_cast<double>(sys.core->instructions());
  state.counters["MIPS"] = benchmark::Counter(insns / 1e6, benchmark::Counter::kIsRate);
  state.counters["predecode_misses"] = static_cast<double>(sys.core->block_cache().misses);
}
BENCHMARK(BM_CpuIntegerLoop)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
