// VLDR/VSTR (System Register) (see transfer_sysreg.h). Order as QEMU: the register access checks
// (UNDEFINED, NOCP, new FP context), then the memory access, then the register write (VLDR); VSTR
// reads the register first. A faulting access writes nothing back.
#include "cpu/isa/mve/transfer_sysreg.h"

#include "cpu/cpu.h"
#include "cpu/isa/mve/immediate_addressing.h"
#include "cpu/isa/vfp.h"

namespace corsim::cpu {

namespace {

constexpr unsigned kVpr = 12, kP0 = 13;

bool register_exists(Cpu& cpu, unsigned reg) {
  if ((reg == kVpr || reg == kP0) && !cpu.config().has_mve) {
    cpu.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  return true;
}

}  // namespace

void exec_VLDR_sysreg(Cpu& cpu, const Operands& o) {
  if (!register_exists(cpu, o.ra) || !vfp::check_sysreg_write(cpu, o.ra)) return;
  const uint32_t v = cpu.read_aligned<4>(mve::indexed_address(cpu, o));
  if (cpu.faulted()) return;
  mve::write_back_offset(cpu, o);
  vfp::write_sysreg(cpu, o.ra, v);
}

void exec_VSTR_sysreg(Cpu& cpu, const Operands& o) {
  uint32_t v = 0;
  if (!register_exists(cpu, o.ra) || !vfp::read_sysreg(cpu, o.ra, v)) return;
  cpu.write_aligned<4>(mve::indexed_address(cpu, o), v);
  if (cpu.faulted()) return;
  mve::write_back_offset(cpu, o);
}

}  // namespace corsim::cpu
