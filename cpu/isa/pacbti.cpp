// PACBTI instructions (Arm DDI 0553, Armv8.1-M PACBTI extension; per-instruction pseudocode of
// PAC, PACBTI, BTI, AUT, PACG, AUTG, BXAUT, and MRS/MSR for PAC_KEY_P_n / PAC_KEY_U_n). The
// branch target check that BTI and PACBTI satisfy is in the run loop (Cpu::branch_target_ok), as
// it concerns whichever instruction follows an interworking branch.
#include "cpu/isa/pacbti.h"

#include "cpu/cpu.h"
#include "cpu/isa/pac_algorithm.h"

namespace corsim::cpu {

namespace {

bool has_pacbti(const Cpu& cpu) { return cpu.config().pacbti; }

// The PAC of `data` with `modifier` under the key of the current privilege level.
uint32_t pac_of(const Cpu& cpu, uint32_t data, uint32_t modifier) {
  return compute_pac_m(data, modifier, cpu.state().pac_key());
}

}  // namespace

// PAC R12, LR, SP: R12 = PAC of LR with SP as modifier. A NOP when the extension is absent or
// pointer authentication is disabled for the current privilege (CONTROL.PAC_EN / UPAC_EN).
void exec_PAC(Cpu& cpu, const Operands&) {
  if (!has_pacbti(cpu) || !cpu.state().pac_enabled()) return;
  cpu.set_reg(12, pac_of(cpu, cpu.reg(14), cpu.reg(13)));
}

// PACBTI R12, LR, SP: PAC, and a landing pad for BTI (checked in Cpu::branch_target_ok).
void exec_PACBTI(Cpu& cpu, const Operands& o) { exec_PAC(cpu, o); }

// BTI: only a landing pad; otherwise a NOP.
void exec_BTI(Cpu&, const Operands&) {}

// AUT R12, LR, SP: the PAC of LR with SP must equal R12, else an INVSTATE UsageFault at the AUT.
void exec_AUT(Cpu& cpu, const Operands&) {
  if (!has_pacbti(cpu) || !cpu.state().pac_enabled()) return;
  if (cpu.reg(12) != pac_of(cpu, cpu.reg(14), cpu.reg(13))) cpu.raise(FaultKind::PacAuthFailure);
}

// PACG Rd, Rn, Rm: Rd = PAC of Rn with Rm as modifier. With pointer authentication disabled for
// the current privilege we write zero (our choice: docs/cpu.md "PACBTI", not verified).
void exec_PACG(Cpu& cpu, const Operands& o) {
  if (!has_pacbti(cpu)) return cpu.raise(FaultKind::UndefinedInstruction);
  cpu.set_reg(o.rd, cpu.state().pac_enabled() ? pac_of(cpu, cpu.reg(o.rn), cpu.reg(o.rm)) : 0u);
}

// AUTG Rt, Rn, Rm: Rt must be the PAC of Rn with Rm as modifier (no check when disabled).
void exec_AUTG(Cpu& cpu, const Operands& o) {
  if (!has_pacbti(cpu)) return cpu.raise(FaultKind::UndefinedInstruction);
  if (cpu.state().pac_enabled() && cpu.reg(o.rd) != pac_of(cpu, cpu.reg(o.rn), cpu.reg(o.rm)))
    cpu.raise(FaultKind::PacAuthFailure);
}

// BXAUT Rt, Rn, Rm: AUTG Rt, Rn, Rm, then BX Rn (BXWritePC: interworking; like BX, a return
// through LR is not subject to the branch target check).
void exec_BXAUT(Cpu& cpu, const Operands& o) {
  if (!has_pacbti(cpu)) return cpu.raise(FaultKind::UndefinedInstruction);
  const uint32_t target = cpu.reg(o.rn);
  if (cpu.state().pac_enabled() && cpu.reg(o.rd) != pac_of(cpu, target, cpu.reg(o.rm)))
    return cpu.raise(FaultKind::PacAuthFailure);
  cpu.bx_write_pc(target, o.rn != 14);
}

namespace {
// The key word a PAC key SYSm names, or null when the access reads zero / ignores the write:
// unprivileged code (the keys are privileged-only), or an _NS alias from Non-secure state.
std::array<uint32_t, 4>* key_register(ArchState& s, unsigned sysm, unsigned& word) {
  if (!s.privileged()) return nullptr;
  const bool ns = (sysm & 0x80u) != 0;
  if (ns && !s.secure) return nullptr;
  const unsigned bank = ns ? 0u : s.sec();
  word = sysm & 3u;
  return (sysm & 4u) ? &s.pac_key_u[bank] : &s.pac_key_p[bank];
}
}  // namespace

void exec_MRS_pac_key(Cpu& cpu, const Operands& o) {
  if (!has_pacbti(cpu)) return cpu.raise(FaultKind::UndefinedInstruction);
  unsigned word = 0;
  const std::array<uint32_t, 4>* key = key_register(cpu.state(), o.imm, word);
  cpu.set_reg(o.rd, key ? (*key)[word] : 0u);
}

void exec_MSR_pac_key(Cpu& cpu, const Operands& o) {
  if (!has_pacbti(cpu)) return cpu.raise(FaultKind::UndefinedInstruction);
  unsigned word = 0;
  if (std::array<uint32_t, 4>* key = key_register(cpu.state(), o.imm, word)) (*key)[word] = cpu.reg(o.rn);
}

namespace decoder {

namespace {
uint8_t u8(uint32_t v) { return static_cast<uint8_t>(v); }
}  // namespace

std::optional<Operands> pacbti_hint(const Fields&) { return Operands{}; }

// Register choices the pseudocode calls UNPREDICTABLE (Rd/Rt = SP or PC, Rn or Rm = PC): we
// UNDEF, as for the other T32 register forms. Rm = SP is the usual modifier and is allowed.
std::optional<Operands> pacbti_dnm(const Fields& f) {
  Operands o;
  o.rd = u8(f('d')); o.rn = u8(f('n')); o.rm = u8(f('m'));
  if (o.rd == 13 || o.rd == 15 || o.rn == 15 || o.rm == 15) return std::nullopt;
  return o;
}

std::optional<Operands> pacbti_tnm(const Fields& f) {
  Operands o;
  o.rd = u8(f('t')); o.rn = u8(f('n')); o.rm = u8(f('m'));
  if (o.rd == 13 || o.rd == 15 || o.rn == 15 || o.rm == 15) return std::nullopt;
  return o;
}

// SYSm = N:0100:k (PAC_KEY_P_0..3 = 0x20..0x23, PAC_KEY_U_0..3 = 0x24..0x27, +0x80 for _NS).
std::optional<Operands> pacbti_mrs_key(const Fields& f) {
  Operands o;
  o.rd = u8(f('d'));
  if (o.rd == 13 || o.rd == 15) return std::nullopt;  // UNPREDICTABLE: we UNDEF
  o.imm = (f('N') << 7) | 0x20u | f('k');
  return o;
}

std::optional<Operands> pacbti_msr_key(const Fields& f) {
  Operands o;
  o.rn = u8(f('n'));
  if (o.rn == 13 || o.rn == 15) return std::nullopt;  // UNPREDICTABLE: we UNDEF
  o.imm = (f('N') << 7) | 0x20u | f('k') | (2u << 8);  // MSR mask 0b10 in bits 9:8, as MRS/MSR rows
  return o;
}

}  // namespace decoder

}  // namespace corsim::cpu
