// DSP extension handlers (Arm DDI 0553, C2 per-instruction pseudocode). Each reads its registers,
// calls the pure function of dsp_ops.h and writes the result, GE and Q as the pseudocode does.
#include "cpu/isa/dsp.h"

#include "cpu/cpu.h"

namespace corsim::cpu {

using namespace dsp;

namespace {
void set_q(Cpu& cpu, bool q) {
  if (q) cpu.state().q = true;  // Q is sticky: only ever set by these instructions
}
uint32_t acc(Cpu& cpu, const Operands& o) { return o.ra == 15 ? 0u : cpu.reg(o.ra); }
uint64_t acc64(Cpu& cpu, const Operands& o) { return (uint64_t{cpu.reg(o.ra)} << 32) | cpu.reg(o.rd); }
void write64(Cpu& cpu, const Operands& o, uint64_t v) {
  cpu.set_reg(o.rd, static_cast<uint32_t>(v));
  cpu.set_reg(o.ra, static_cast<uint32_t>(v >> 32));
}
bool alt(const Operands& o) { return (o.flags & kAlt) != 0; }
}  // namespace

template <ParKind kKind, ParOp kOp>
void exec_parallel(Cpu& cpu, const Operands& o) {
  const ParResult r = parallel(kKind, kOp, cpu.reg(o.rn), cpu.reg(o.rm));
  cpu.set_reg(o.rd, r.value);
  if (r.sets_ge) cpu.state().ge = r.ge;
}

// Explicit instantiations for every row of t32_dsp.inc.
template void exec_parallel<ParKind::S, ParOp::Add16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::S, ParOp::Asx>(Cpu&, const Operands&);
template void exec_parallel<ParKind::S, ParOp::Sax>(Cpu&, const Operands&);
template void exec_parallel<ParKind::S, ParOp::Sub16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::S, ParOp::Add8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::S, ParOp::Sub8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::Q, ParOp::Add16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::Q, ParOp::Asx>(Cpu&, const Operands&);
template void exec_parallel<ParKind::Q, ParOp::Sax>(Cpu&, const Operands&);
template void exec_parallel<ParKind::Q, ParOp::Sub16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::Q, ParOp::Add8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::Q, ParOp::Sub8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::SH, ParOp::Add16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::SH, ParOp::Asx>(Cpu&, const Operands&);
template void exec_parallel<ParKind::SH, ParOp::Sax>(Cpu&, const Operands&);
template void exec_parallel<ParKind::SH, ParOp::Sub16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::SH, ParOp::Add8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::SH, ParOp::Sub8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::U, ParOp::Add16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::U, ParOp::Asx>(Cpu&, const Operands&);
template void exec_parallel<ParKind::U, ParOp::Sax>(Cpu&, const Operands&);
template void exec_parallel<ParKind::U, ParOp::Sub16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::U, ParOp::Add8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::U, ParOp::Sub8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UQ, ParOp::Add16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UQ, ParOp::Asx>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UQ, ParOp::Sax>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UQ, ParOp::Sub16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UQ, ParOp::Add8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UQ, ParOp::Sub8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UH, ParOp::Add16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UH, ParOp::Asx>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UH, ParOp::Sax>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UH, ParOp::Sub16>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UH, ParOp::Add8>(Cpu&, const Operands&);
template void exec_parallel<ParKind::UH, ParOp::Sub8>(Cpu&, const Operands&);

// QADD Rd, Rm, Rn: Rm is the first operand (o.rm), Rn the second.
void exec_QADD(Cpu& cpu, const Operands& o) { auto r = qadd(cpu.reg(o.rm), cpu.reg(o.rn)); cpu.set_reg(o.rd, r.value); set_q(cpu, r.q); }
void exec_QSUB(Cpu& cpu, const Operands& o) { auto r = qsub(cpu.reg(o.rm), cpu.reg(o.rn)); cpu.set_reg(o.rd, r.value); set_q(cpu, r.q); }
void exec_QDADD(Cpu& cpu, const Operands& o) { auto r = qdadd(cpu.reg(o.rm), cpu.reg(o.rn)); cpu.set_reg(o.rd, r.value); set_q(cpu, r.q); }
void exec_QDSUB(Cpu& cpu, const Operands& o) { auto r = qdsub(cpu.reg(o.rm), cpu.reg(o.rn)); cpu.set_reg(o.rd, r.value); set_q(cpu, r.q); }

void exec_SEL(Cpu& cpu, const Operands& o) { cpu.set_reg(o.rd, sel(cpu.reg(o.rn), cpu.reg(o.rm), cpu.state().ge)); }

void exec_SSAT(Cpu& cpu, const Operands& o) {
  const uint32_t operand = Shift(cpu.reg(o.rn), o.shift_t, o.shift_n, cpu.state().c);
  auto r = ssat(operand, o.imm);
  cpu.set_reg(o.rd, r.value);
  set_q(cpu, r.q);
}
void exec_USAT(Cpu& cpu, const Operands& o) {
  const uint32_t operand = Shift(cpu.reg(o.rn), o.shift_t, o.shift_n, cpu.state().c);
  auto r = usat(operand, o.imm);
  cpu.set_reg(o.rd, r.value);
  set_q(cpu, r.q);
}
void exec_SSAT16(Cpu& cpu, const Operands& o) { auto r = ssat16(cpu.reg(o.rn), o.imm); cpu.set_reg(o.rd, r.value); set_q(cpu, r.q); }
void exec_USAT16(Cpu& cpu, const Operands& o) { auto r = usat16(cpu.reg(o.rn), o.imm); cpu.set_reg(o.rd, r.value); set_q(cpu, r.q); }

void exec_SMLAD(Cpu& cpu, const Operands& o) {
  const QResult r = o.ra == 15 ? smuad(cpu.reg(o.rn), cpu.reg(o.rm), alt(o))
                               : smlad(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), alt(o));
  cpu.set_reg(o.rd, r.value);
  set_q(cpu, r.q);
}
void exec_SMLSD(Cpu& cpu, const Operands& o) {
  if (o.ra == 15) {
    cpu.set_reg(o.rd, smusd(cpu.reg(o.rn), cpu.reg(o.rm), alt(o)));  // cannot overflow
    return;
  }
  const QResult r = smlsd(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), alt(o));
  cpu.set_reg(o.rd, r.value);
  set_q(cpu, r.q);
}
void exec_SMLALD(Cpu& cpu, const Operands& o) { write64(cpu, o, smlald(cpu.reg(o.rn), cpu.reg(o.rm), acc64(cpu, o), alt(o))); }
void exec_SMLSLD(Cpu& cpu, const Operands& o) { write64(cpu, o, smlsld(cpu.reg(o.rn), cpu.reg(o.rm), acc64(cpu, o), alt(o))); }

void exec_SMLAxy(Cpu& cpu, const Operands& o) {
  const bool n_top = (o.imm >> 1) & 1u, m_top = o.imm & 1u;
  if (o.ra == 15) {
    cpu.set_reg(o.rd, smul_xy(cpu.reg(o.rn), cpu.reg(o.rm), n_top, m_top));
    return;
  }
  const QResult r = smla_xy(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), n_top, m_top);
  cpu.set_reg(o.rd, r.value);
  set_q(cpu, r.q);
}
void exec_SMLAWy(Cpu& cpu, const Operands& o) {
  const bool m_top = o.imm & 1u;
  if (o.ra == 15) {
    cpu.set_reg(o.rd, smulw_y(cpu.reg(o.rn), cpu.reg(o.rm), m_top));
    return;
  }
  const QResult r = smlaw_y(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), m_top);
  cpu.set_reg(o.rd, r.value);
  set_q(cpu, r.q);
}
void exec_SMLALxy(Cpu& cpu, const Operands& o) {
  write64(cpu, o, smlal_xy(cpu.reg(o.rn), cpu.reg(o.rm), acc64(cpu, o), (o.imm >> 1) & 1u, o.imm & 1u));
}
void exec_SMMLA(Cpu& cpu, const Operands& o) {
  cpu.set_reg(o.rd, o.ra == 15 ? smmul(cpu.reg(o.rn), cpu.reg(o.rm), alt(o))
                               : smmla(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), alt(o)));
}
void exec_SMMLS(Cpu& cpu, const Operands& o) { cpu.set_reg(o.rd, smmls(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), alt(o))); }
void exec_UMAAL(Cpu& cpu, const Operands& o) {
  write64(cpu, o, umaal(cpu.reg(o.rn), cpu.reg(o.rm), cpu.reg(o.ra), cpu.reg(o.rd)));
}
void exec_USADA8(Cpu& cpu, const Operands& o) { cpu.set_reg(o.rd, usada8(cpu.reg(o.rn), cpu.reg(o.rm), acc(cpu, o))); }

void exec_PKH(Cpu& cpu, const Operands& o) {
  const uint32_t n = cpu.reg(o.rn), m = cpu.reg(o.rm);
  cpu.set_reg(o.rd, o.shift_t == kAsr ? pkhtb(n, m, o.shift_n) : pkhbt(n, m, o.shift_n));
}

template <uint32_t (*kFn)(uint32_t, uint32_t, unsigned)>
void exec_extend_add(Cpu& cpu, const Operands& o) {
  cpu.set_reg(o.rd, kFn(o.rn == 15 ? 0u : cpu.reg(o.rn), cpu.reg(o.rm), o.shift_n));
}
template void exec_extend_add<sxtab>(Cpu&, const Operands&);
template void exec_extend_add<uxtab>(Cpu&, const Operands&);
template void exec_extend_add<sxtah>(Cpu&, const Operands&);
template void exec_extend_add<uxtah>(Cpu&, const Operands&);
template void exec_extend_add<sxtab16>(Cpu&, const Operands&);
template void exec_extend_add<uxtab16>(Cpu&, const Operands&);

// ---- decode functions ----
namespace decoder {

namespace {
std::optional<Operands> saturate(const Fields& f, uint32_t saturate_to) {
  const uint32_t sh = f('s'), imm5 = f('i');
  if (sh == 1 && imm5 == 0) return std::nullopt;  // SEE SSAT16 / USAT16
  Operands o;
  o.rd = dsp_u8(f('d')); o.rn = dsp_u8(f('n'));
  if (o.rd == 15) return std::nullopt;  // UNPREDICTABLE: we UNDEF
  o.imm = saturate_to;
  const ImmShift s = DecodeImmShift(sh << 1, imm5);  // sh:'0': LSL or ASR
  o.shift_t = s.type; o.shift_n = s.amount;
  return o;
}
std::optional<Operands> pkh(const Fields& f, uint32_t type) {
  auto o = t32_dsp_rrr(f);
  if (!o) return o;
  const ImmShift s = DecodeImmShift(type, f('i'));  // PKHTB: ASR #0 encodes #32
  o->shift_t = s.type; o->shift_n = s.amount;
  return o;
}
}  // namespace

std::optional<Operands> t32_ssat(const Fields& f) { return saturate(f, f('t') + 1); }  // sat_imm + 1
std::optional<Operands> t32_usat(const Fields& f) { return saturate(f, f('t')); }      // sat_imm
std::optional<Operands> t32_ssat16(const Fields& f) {
  Operands o;
  o.rd = dsp_u8(f('d')); o.rn = dsp_u8(f('n')); o.imm = f('t') + 1;
  if (o.rd == 15) return std::nullopt;
  return o;
}
std::optional<Operands> t32_usat16(const Fields& f) {
  Operands o;
  o.rd = dsp_u8(f('d')); o.rn = dsp_u8(f('n')); o.imm = f('t');
  if (o.rd == 15) return std::nullopt;
  return o;
}
std::optional<Operands> t32_pkh_bt(const Fields& f) { return pkh(f, 0); }
std::optional<Operands> t32_pkh_tb(const Fields& f) { return pkh(f, 2); }
std::optional<Operands> t32_extend_add(const Fields& f) {
  Operands o;
  o.rd = dsp_u8(f('d')); o.rn = 15; o.rm = dsp_u8(f('m'));
  if (o.rd == 15) return std::nullopt;
  o.shift_n = dsp_u8(f('r') * 8);
  return o;
}
std::optional<Operands> t32_extend_add_n(const Fields& f) {
  auto o = t32_dsp_rrr(f);
  if (!o || o->rn == 15) return std::nullopt;  // Rn = 1111: SEE SXTB/SXTH/SXTB16...
  o->shift_n = dsp_u8(f('r') * 8);
  return o;
}

}  // namespace decoder

}  // namespace corsim::cpu
