#include "cpu/isa/branch.h"

#include "cpu/cpu.h"

namespace corsim::cpu {

void exec_B(Cpu& cpu, const Operands& o) { cpu.branch_write_pc(cpu.reg(15) + o.imm); }

void exec_Bcond(Cpu& cpu, const Operands& o) {
  if (cpu.condition_passed(o.cond)) cpu.branch_write_pc(cpu.reg(15) + o.imm);
}

void exec_BL(Cpu& cpu, const Operands& o) {
  cpu.state().r[14] = cpu.next_pc() | 1u;
  cpu.branch_write_pc(cpu.reg(15) + o.imm);
}

// BX LR is a function return: not subject to the PACBTI branch target check.
void exec_BX(Cpu& cpu, const Operands& o) { cpu.bx_write_pc(cpu.reg(o.rm), o.rm != 14); }

void exec_BLX(Cpu& cpu, const Operands& o) {
  const uint32_t target = cpu.reg(o.rm);
  cpu.state().r[14] = cpu.next_pc() | 1u;
  // BLXWritePC: bit 0 clear clears EPSR.T (INVSTATE on the next instruction). An EXC_RETURN-like
  // value is not special for BLX; bx_write_pc only treats it so in Handler mode, where BLX to
  // such an address is UNPREDICTABLE anyway.
  cpu.bx_write_pc(target, true);
}

// BXNS/BLXNS (Security Extension): a target with bit 0 set stays in Secure state and behaves as
// BX/BLX. Bit 0 clear transitions to Non-secure state, which corsim does not model (the core runs
// Secure, as the FVP boots; docs/exceptions-and-scs.md): we raise INVSTATE there so the run stops
// with a clear fault instead of continuing in the wrong security state.
void exec_BXNS(Cpu& cpu, const Operands& o) {
  const uint32_t target = cpu.reg(o.rm);
  if ((target & 1u) == 0) return cpu.raise(FaultKind::InvalidState);
  cpu.bx_write_pc(target, o.rm != 14);
}

void exec_BLXNS(Cpu& cpu, const Operands& o) {
  const uint32_t target = cpu.reg(o.rm);
  if ((target & 1u) == 0) return cpu.raise(FaultKind::InvalidState);
  cpu.state().r[14] = cpu.next_pc() | 1u;
  cpu.bx_write_pc(target, true);
}

void exec_CBZ(Cpu& cpu, const Operands& o) {
  const bool nonzero = (o.flags & kAlt) != 0;
  if ((cpu.state().r[o.rn] != 0) == nonzero) cpu.branch_write_pc(cpu.reg(15) + o.imm);
}

void exec_TBB(Cpu& cpu, const Operands& o) {
  const uint32_t offset = cpu.read<1>(cpu.reg(o.rn) + cpu.reg(o.rm));
  if (!cpu.faulted()) cpu.branch_write_pc(cpu.reg(15) + 2 * offset);
}

void exec_TBH(Cpu& cpu, const Operands& o) {
  const uint32_t offset = cpu.read<2>(cpu.reg(o.rn) + (cpu.reg(o.rm) << 1));
  if (!cpu.faulted()) cpu.branch_write_pc(cpu.reg(15) + 2 * offset);
}

void exec_IT(Cpu& cpu, const Operands& o) {
  // IT inside an IT block is CONSTRAINED UNPREDICTABLE: we choose UNDEFINED (it would otherwise
  // restart the block in a way the run loop's ITAdvance cannot express).
  if (cpu.state().in_it_block()) return cpu.raise(FaultKind::UndefinedInstruction);
  cpu.state().itstate = static_cast<uint8_t>((o.cond << 4) | (o.imm & 0xFu));
}

void exec_NOP(Cpu&, const Operands&) {}

void exec_DLS(Cpu& cpu, const Operands& o) { cpu.state().r[14] = cpu.reg(o.rn); }

void exec_WLS(Cpu& cpu, const Operands& o) {
  const uint32_t count = cpu.reg(o.rn);
  if (count == 0) {
    cpu.branch_write_pc(cpu.reg(15) + o.imm);
  } else {
    cpu.state().r[14] = count;
  }
}

// LE: when LR > 1, decrement LR and branch back; otherwise fall through with LR unchanged (the
// loop body has run LR times). The loop-forever form (no LR) always branches. CCR.LOB and the
// loop-branch cache are not modelled: they change timing only.
void exec_LE(Cpu& cpu, const Operands& o) {
  if (!le_ltpsize_ok(cpu)) return;  // MVE: a tail-predicated loop must end with LETP
  uint32_t& lr = cpu.state().r[14];
  if (!(o.flags & kAlt)) {
    if (lr <= 1) return;
    --lr;
  }
  cpu.branch_write_pc(cpu.reg(15) - o.imm);
}

}  // namespace corsim::cpu
