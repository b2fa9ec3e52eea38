#include "cpu/isa/mve/mve_common.h"

#include "cpu/cpu.h"
#include "cpu/isa/vfp.h"

namespace corsim::cpu::mve {

bool check_full(Cpu& cpu) {
  if (!cpu.config().has_mve) {
    cpu.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  return vfp::check_full(cpu);
}

}  // namespace corsim::cpu::mve
