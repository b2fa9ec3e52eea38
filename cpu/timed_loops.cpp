// The one place the run loop is instantiated with a timing model (issue 13 item 4): each core
// model of cpu/timing/ gets a loop over its final class, so retire() is called without the vtable
// (and inlined where the compiler sees its body), and the block JIT's retire call for the same class;
// any other TimingHook (tests, tools, the GDB server's) gets the loop that calls retire() through
// the vtable, and no JIT. The models themselves see only cpu/retire_record.h.
#include "cpu/run_loop.h"
#include "cpu/timing/cortex_m55.h"
#include "cpu/timing/cortex_m85.h"

namespace corsim::cpu {

template <class Model>
jit::RetireFns Cpu::jit_retire_fns() {
  return {{&Cpu::jit_retire<Model, RecordShape::kAny>, &Cpu::jit_retire<Model, RecordShape::kDataProcessing>,
           &Cpu::jit_retire<Model, RecordShape::kDataAccess>}};
}

Cpu::TimedLoops Cpu::timed_loops_for(TimingHook& hook) {
  using timing::CortexM55Model, timing::CortexM85Model;
  if (auto* m55 = dynamic_cast<CortexM55Model*>(&hook); m55 != nullptr)
    return {&Cpu::run_timed_as<false, CortexM55Model>, &Cpu::run_timed_as<true, CortexM55Model>,
            jit_retire_fns<CortexM55Model>(), jit::make_retire_compiler(*m55)};
  if (auto* m85 = dynamic_cast<CortexM85Model*>(&hook); m85 != nullptr)
    return {&Cpu::run_timed_as<false, CortexM85Model>, &Cpu::run_timed_as<true, CortexM85Model>,
            jit_retire_fns<CortexM85Model>(), jit::make_retire_compiler(*m85)};
  return {&Cpu::run_timed_as<false, TimingHook>, &Cpu::run_timed_as<true, TimingHook>, {}, nullptr};
}

}  // namespace corsim::cpu
