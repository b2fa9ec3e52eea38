#include "cpu/isa/data_processing.h"

#include <bit>

#include "base/bits.h"
#include "cpu/cpu.h"

namespace corsim::cpu {

namespace {

// The shared body of the data-processing pseudocode: compute, write Rd (ALUWritePC for the PC),
// set N, Z, C (and V for arithmetic) when setflags.
template <AluOp op>
inline void alu(Cpu& cpu, const Operands& o, uint32_t op2, bool shifter_carry) {
  ArchState& s = cpu.state();
  constexpr bool kArith = op == AluOp::Add || op == AluOp::Adc || op == AluOp::Sub || op == AluOp::Sbc ||
                          op == AluOp::Rsb || op == AluOp::Cmp || op == AluOp::Cmn;
  constexpr bool kTest = op == AluOp::Tst || op == AluOp::Teq || op == AluOp::Cmp || op == AluOp::Cmn;
  uint32_t r = 0;
  bool c = shifter_carry, v = s.v;
  if constexpr (kArith) {
    const uint32_t n = cpu.reg(o.rn);
    ResultCarryOverflow a{};
    if constexpr (op == AluOp::Add || op == AluOp::Cmn) a = AddWithCarry(n, op2, false);
    if constexpr (op == AluOp::Adc) a = AddWithCarry(n, op2, s.c);
    if constexpr (op == AluOp::Sub || op == AluOp::Cmp) a = AddWithCarry(n, ~op2, true);
    if constexpr (op == AluOp::Sbc) a = AddWithCarry(n, ~op2, s.c);
    if constexpr (op == AluOp::Rsb) a = AddWithCarry(~n, op2, true);
    r = a.result;
    c = a.carry;
    v = a.overflow;
  } else {
    if constexpr (op == AluOp::And || op == AluOp::Tst) r = cpu.reg(o.rn) & op2;
    if constexpr (op == AluOp::Bic) r = cpu.reg(o.rn) & ~op2;
    if constexpr (op == AluOp::Orr) r = cpu.reg(o.rn) | op2;
    if constexpr (op == AluOp::Orn) r = cpu.reg(o.rn) | ~op2;
    if constexpr (op == AluOp::Eor || op == AluOp::Teq) r = cpu.reg(o.rn) ^ op2;
    if constexpr (op == AluOp::Mov) r = op2;
    if constexpr (op == AluOp::Mvn) r = ~op2;
  }
  if constexpr (!kTest) {
    if (o.rd == 15) {
      // ALUWritePC. Only the 16-bit ADD/MOV (register) forms may write the PC, and they never set
      // flags; a T32 form with Rd = PC is UNPREDICTABLE: we branch and leave the flags.
      cpu.branch_write_pc(r);
      return;
    }
    if (o.rd == 13 && !cpu.sp_ok(r)) return;  // ADD/SUB/MOV to SP: stack limit check
    s.r[o.rd] = r;
    if (!cpu.setflags(o)) return;
  }
  s.n = (r >> 31) != 0;
  s.z = r == 0;
  s.c = c;
  s.v = v;
}

inline bool imm_carry(const Cpu& cpu, const Operands& o) {
  return (o.flags & kCarryValid) ? (o.flags & kCarry) != 0 : cpu.state().c;
}

inline uint32_t ror(uint32_t v, unsigned r) { return std::rotr(v, static_cast<int>(r)); }

}  // namespace

template <AluOp op>
void exec_alu_reg(Cpu& cpu, const Operands& o) {
  const ResultCarry sh = Shift_C(cpu.reg(o.rm), o.shift_t, o.shift_n, cpu.state().c);
  alu<op>(cpu, o, sh.result, sh.carry);
}

template <AluOp op>
void exec_alu_imm(Cpu& cpu, const Operands& o) {
  alu<op>(cpu, o, o.imm, imm_carry(cpu, o));
}

#define CORSIM_ALU_INSTANTIATE(op)                              \
  template void exec_alu_reg<AluOp::op>(Cpu&, const Operands&); \
  template void exec_alu_imm<AluOp::op>(Cpu&, const Operands&);
CORSIM_ALU_INSTANTIATE(And) CORSIM_ALU_INSTANTIATE(Bic) CORSIM_ALU_INSTANTIATE(Orr) CORSIM_ALU_INSTANTIATE(Orn)
CORSIM_ALU_INSTANTIATE(Eor) CORSIM_ALU_INSTANTIATE(Add) CORSIM_ALU_INSTANTIATE(Adc) CORSIM_ALU_INSTANTIATE(Sub)
CORSIM_ALU_INSTANTIATE(Sbc) CORSIM_ALU_INSTANTIATE(Rsb) CORSIM_ALU_INSTANTIATE(Mov) CORSIM_ALU_INSTANTIATE(Mvn)
CORSIM_ALU_INSTANTIATE(Tst) CORSIM_ALU_INSTANTIATE(Teq) CORSIM_ALU_INSTANTIATE(Cmp) CORSIM_ALU_INSTANTIATE(Cmn)
#undef CORSIM_ALU_INSTANTIATE

// LSL/LSR/ASR/ROR (register): the shift amount is R[m]<7:0>; MOV (register-shifted register).
void exec_shift_reg(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  const ResultCarry r = Shift_C(cpu.reg(o.rn), o.shift_t, cpu.reg(o.rm) & 0xFFu, s.c);
  s.r[o.rd] = r.result;  // Rd = PC is UNPREDICTABLE (decode refuses it)
  if (cpu.setflags(o)) {
    cpu.set_nz(r.result);
    s.c = r.carry;
  }
}

void exec_ADR(Cpu& cpu, const Operands& o) {
  const uint32_t base = cpu.reg(15) & ~3u;  // Align(PC, 4)
  cpu.set_reg(o.rd, (o.flags & kAdd) ? base + o.imm : base - o.imm);
}

void exec_MOVT(Cpu& cpu, const Operands& o) {
  uint32_t& rd = cpu.state().r[o.rd];
  rd = (rd & 0xFFFFu) | (o.imm << 16);
}

void exec_BFI(Cpu& cpu, const Operands& o) {
  const unsigned lsb = o.shift_n, width = o.imm;
  const uint32_t field = width == 32 ? 0xFFFFFFFFu : ((1u << width) - 1u);
  const uint32_t src = o.rn == 15 ? 0u : cpu.reg(o.rn);  // BFC: Rn = 1111
  uint32_t& rd = cpu.state().r[o.rd];
  rd = (rd & ~(field << lsb)) | ((src & field) << lsb);
}

void exec_UBFX(Cpu& cpu, const Operands& o) {
  const unsigned lsb = o.shift_n, width = o.imm;
  const uint32_t v = cpu.reg(o.rn) >> lsb;
  cpu.state().r[o.rd] = width == 32 ? v : v & ((1u << width) - 1u);
}

void exec_SBFX(Cpu& cpu, const Operands& o) {
  const unsigned lsb = o.shift_n, width = o.imm;
  cpu.state().r[o.rd] = static_cast<uint32_t>(sign_extend(cpu.reg(o.rn) >> lsb, width));
}

void exec_SXTB(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = static_cast<uint32_t>(static_cast<int8_t>(ror(cpu.reg(o.rm), o.shift_n)));
}
void exec_SXTH(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = static_cast<uint32_t>(static_cast<int16_t>(ror(cpu.reg(o.rm), o.shift_n)));
}
void exec_UXTB(Cpu& cpu, const Operands& o) { cpu.state().r[o.rd] = ror(cpu.reg(o.rm), o.shift_n) & 0xFFu; }
void exec_UXTH(Cpu& cpu, const Operands& o) { cpu.state().r[o.rd] = ror(cpu.reg(o.rm), o.shift_n) & 0xFFFFu; }

void exec_REV(Cpu& cpu, const Operands& o) { cpu.state().r[o.rd] = __builtin_bswap32(cpu.reg(o.rm)); }
void exec_REV16(Cpu& cpu, const Operands& o) {
  const uint32_t v = cpu.reg(o.rm);
  cpu.state().r[o.rd] = ((v & 0x00FF00FFu) << 8) | ((v >> 8) & 0x00FF00FFu);
}
void exec_REVSH(Cpu& cpu, const Operands& o) {
  const uint32_t v = cpu.reg(o.rm);
  cpu.state().r[o.rd] = static_cast<uint32_t>(static_cast<int16_t>(((v & 0xFFu) << 8) | ((v >> 8) & 0xFFu)));
}
void exec_RBIT(Cpu& cpu, const Operands& o) {
  uint32_t v = cpu.reg(o.rm);
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4);
  cpu.state().r[o.rd] = __builtin_bswap32(v);
}
void exec_CLZ(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = static_cast<uint32_t>(std::countl_zero(cpu.reg(o.rm)));
}

// CSEL family (Armv8.1-M): R[d] = cond ? R[n] : f(R[m]); register 15 reads as zero (ZR).
namespace {
inline uint32_t zr(const Cpu& cpu, unsigned r) { return r == 15 ? 0u : cpu.state().r[r]; }
}  // namespace
void exec_CSEL(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = cpu.condition_passed(o.cond) ? zr(cpu, o.rn) : zr(cpu, o.rm);
}
void exec_CSINC(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = cpu.condition_passed(o.cond) ? zr(cpu, o.rn) : zr(cpu, o.rm) + 1u;
}
void exec_CSINV(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = cpu.condition_passed(o.cond) ? zr(cpu, o.rn) : ~zr(cpu, o.rm);
}
void exec_CSNEG(Cpu& cpu, const Operands& o) {
  cpu.state().r[o.rd] = cpu.condition_passed(o.cond) ? zr(cpu, o.rn) : 0u - zr(cpu, o.rm);
}

}  // namespace corsim::cpu
