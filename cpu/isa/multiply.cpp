#include "cpu/isa/multiply.h"

#include "cpu/cpu.h"

namespace corsim::cpu {

void exec_MUL(Cpu& cpu, const Operands& o) {
  const uint32_t r = cpu.reg(o.rn) * cpu.reg(o.rm);
  cpu.state().r[o.rd] = r;
  if (cpu.setflags(o)) cpu.set_nz(r);  // C and V unchanged (Armv8-M MUL pseudocode)
}
void exec_MLA(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = cpu.reg(o.rn) * cpu.reg(o.rm) + cpu.reg(o.ra);
}
void exec_MLS(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = cpu.reg(o.ra) - cpu.reg(o.rn) * cpu.reg(o.rm);
}

namespace {
inline void write64(Cpu& cpu, const Operands& o, uint64_t v) {
  // RdHi == RdLo is UNPREDICTABLE; we write RdLo then RdHi (RdHi wins), as QEMU does.
  cpu.state().r[o.rd] = static_cast<uint32_t>(v);
  cpu.state().r[o.ra] = static_cast<uint32_t>(v >> 32);
}
inline uint64_t read64(const Cpu& cpu, const Operands& o) {
  return (uint64_t{cpu.reg(o.ra)} << 32) | cpu.reg(o.rd);
}
inline int64_t s32(uint32_t v) { return static_cast<int32_t>(v); }
}  // namespace

void exec_SMULL(Cpu& cpu, const Operands& o) {
  write64(cpu, o, static_cast<uint64_t>(s32(cpu.reg(o.rn)) * s32(cpu.reg(o.rm))));
}
void exec_UMULL(Cpu& cpu, const Operands& o) {
  write64(cpu, o, uint64_t{cpu.reg(o.rn)} * cpu.reg(o.rm));
}
void exec_SMLAL(Cpu& cpu, const Operands& o) {
  write64(cpu, o, static_cast<uint64_t>(s32(cpu.reg(o.rn)) * s32(cpu.reg(o.rm))) + read64(cpu, o));
}
void exec_UMLAL(Cpu& cpu, const Operands& o) {
  write64(cpu, o, uint64_t{cpu.reg(o.rn)} * cpu.reg(o.rm) + read64(cpu, o));
}

// SDIV/UDIV: division by zero gives 0, or a DIVBYZERO UsageFault when CCR.DIV_0_TRP is set;
// INT_MIN / -1 gives INT_MIN (RoundTowardsZero of +2^31 truncated to 32 bits).
void exec_SDIV(Cpu& cpu, const Operands& o) {
  const int32_t n = static_cast<int32_t>(cpu.reg(o.rn)), m = static_cast<int32_t>(cpu.reg(o.rm));
  if (m == 0) {
    if (cpu.ccr() & 0x10u) return cpu.raise(FaultKind::DivideByZero);
    cpu.state().r[o.rd] = 0;
    return;
  }
  cpu.state().r[o.rd] = (n == INT32_MIN && m == -1) ? 0x80000000u : static_cast<uint32_t>(n / m);
}
void exec_UDIV(Cpu& cpu, const Operands& o) {
  const uint32_t n = cpu.reg(o.rn), m = cpu.reg(o.rm);
  if (m == 0) {
    if (cpu.ccr() & 0x10u) return cpu.raise(FaultKind::DivideByZero);
    cpu.state().r[o.rd] = 0;
    return;
  }
  cpu.state().r[o.rd] = n / m;
}

}  // namespace corsim::cpu
