#include "cpu/isa/mve/mve_common.h"

#include "cpu/cpu.h"
#include "cpu/isa/vfp.h"

namespace corsim::cpu::mve {

bool check(Cpu& cpu) {
  if (!cpu.config().has_mve) {
    cpu.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  return vfp::check(cpu);
}

}  // namespace corsim::cpu::mve
