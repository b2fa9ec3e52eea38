#pragma once
// The seam between the run loop and the exception model.
//
// The run loop talks to the exception model only through the interface below, agreed with the
// exceptions work (cpu/exceptions/exception_unit.h, class ExceptionUnit). When that class is part
// of the build (cpu/CMakeLists.txt defines CORSIM_HAVE_EXCEPTION_UNIT when cpu/sys_sources.cmake
// lists sources under exceptions/), ExceptionPort is ExceptionUnit. Until then a minimal stand-in
// does the reset sequence and turns every fault into lockup, so the integer ISA can be run and
// tested on its own.
#include <cstdint>

#include "base/irq.h"
#include "cpu/arch_state.h"
#include "cpu/cpu_api.h"
#include "cpu/fault.h"
#include "memory/interconnect.h"

#if CORSIM_HAVE_EXCEPTION_UNIT
#include "cpu/exceptions/exception_unit.h"
namespace corsim::cpu {
using ExceptionPort = ExceptionUnit;
}
#else
namespace corsim::cpu {

class MinimalExceptionUnit {
 public:
  MinimalExceptionUnit(ArchState& state, memory::Interconnect& bus, const CpuConfig&)
      : state_(state), bus_(bus) {}

  // Reset: MSP from vector 0, PC (and EPSR.T) from vector 1 (B3.x "Reset behavior").
  bool reset(uint32_t vtor) {
    uint32_t sp = 0, pc = 0;
    memory::AccessAttrs attrs{memory::Master::CpuData, true, state_.secure};
    if (!bus_.read(vtor, 4, sp, attrs).ok() || !bus_.read(vtor + 4, 4, pc, attrs).ok()) return false;
    state_.msp[state_.sec()] = sp & ~3u;
    state_.r[13] = sp & ~3u;
    state_.r[15] = pc & ~1u;
    state_.t = (pc & 1u) != 0;
    return true;
  }
  bool attention() const { return false; }
  bool should_take() { return false; }
  void take(uint32_t) {}
  bool raise_fault(const Fault&, uint32_t) { return false; }  // no handlers: lockup
  bool svc_call(uint32_t) { return true; }  // no SVCall handler: SVC behaves as a NOP
  bool exception_return(uint32_t) { return false; }
  bool wakeup_pending() const { return false; }
  bool wfe_wakeup() const { return state_.event_register; }
  bool is_fault_handler_active() const { return state_.ipsr >= 2 && state_.ipsr <= 7; }
  IrqSink& irq_sink() { return sink_; }

 private:
  class NullSink final : public IrqSink {
   public:
    void set_irq_level(unsigned, bool) override {}
  };
  ArchState& state_;
  memory::Interconnect& bus_;
  NullSink sink_;
};

using ExceptionPort = MinimalExceptionUnit;

}  // namespace corsim::cpu
#endif
