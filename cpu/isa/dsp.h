#pragma once
// DSP extension instruction handlers (Arm DDI 0553, C2) and their decode functions, used by
// cpu/decoder/t32_dsp.inc. Arithmetic is in dsp_ops.h; handlers move registers and flags.
//
// Operands conventions beyond decoder/operands.h:
//   kAlt flag     X (exchange) suffix of the dual multiplies; R (round) of SMMUL/SMMLA/SMMLS
//   imm bit 1/0   N/M "top halfword" selectors of SMLA<x><y>, SMUL<x><y>, SMLAW<y>, SMLAL<x><y>
//   imm           saturate_to bit count of SSAT/USAT(16)
//   shift_t/n     operand shift of SSAT/USAT and PKHBT/PKHTB; rotation of the extend-and-add
//   ra            accumulator (Ra, or RdHi of the long forms; rd is then RdLo); 15 = no accumulate
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/isa/dsp_ops.h"
#include "cpu/isa/pseudocode.h"

namespace corsim::cpu {

class Cpu;

// Parallel add/subtract: one handler per (prefix, operation).
template <dsp::ParKind kKind, dsp::ParOp kOp>
void exec_parallel(Cpu& cpu, const Operands& o);

void exec_QADD(Cpu& cpu, const Operands& o);
void exec_QSUB(Cpu& cpu, const Operands& o);
void exec_QDADD(Cpu& cpu, const Operands& o);
void exec_QDSUB(Cpu& cpu, const Operands& o);
void exec_SEL(Cpu& cpu, const Operands& o);
void exec_SSAT(Cpu& cpu, const Operands& o);
void exec_USAT(Cpu& cpu, const Operands& o);
void exec_SSAT16(Cpu& cpu, const Operands& o);
void exec_USAT16(Cpu& cpu, const Operands& o);
void exec_SMLAD(Cpu& cpu, const Operands& o);   // SMLAD(X); SMUAD(X) when ra == 15
void exec_SMLSD(Cpu& cpu, const Operands& o);   // SMLSD(X); SMUSD(X) when ra == 15
void exec_SMLALD(Cpu& cpu, const Operands& o);
void exec_SMLSLD(Cpu& cpu, const Operands& o);
void exec_SMLAxy(Cpu& cpu, const Operands& o);  // SMLA<x><y>; SMUL<x><y> when ra == 15
void exec_SMLAWy(Cpu& cpu, const Operands& o);  // SMLAW<y>; SMULW<y> when ra == 15
void exec_SMLALxy(Cpu& cpu, const Operands& o);
void exec_SMMLA(Cpu& cpu, const Operands& o);   // SMMLA(R); SMMUL(R) when ra == 15
void exec_SMMLS(Cpu& cpu, const Operands& o);
void exec_UMAAL(Cpu& cpu, const Operands& o);
void exec_USADA8(Cpu& cpu, const Operands& o);  // USADA8; USAD8 when ra == 15
void exec_PKH(Cpu& cpu, const Operands& o);     // PKHBT (shift_t LSL) / PKHTB (shift_t ASR)
template <uint32_t (*kFn)(uint32_t, uint32_t, unsigned)>
void exec_extend_add(Cpu& cpu, const Operands& o);  // SXTAB ... UXTAB16; rn 15 = SXTB16/UXTB16

namespace decoder {

// Decode functions of t32_dsp.inc. Bits the mnemonic fixes (X, R, N, M) are template arguments:
// each row pins them in its pattern, so the rows stay one per mnemonic for the disassembler.
inline uint8_t dsp_u8(uint32_t v) { return static_cast<uint8_t>(v); }

inline std::optional<Operands> t32_dsp_rrr(const Fields& f) {
  Operands o;
  o.rd = dsp_u8(f('d')); o.rn = dsp_u8(f('n')); o.rm = dsp_u8(f('m'));
  // Rd = PC is UNPREDICTABLE; we UNDEF (the Armv8.1-M PACBTI instructions AUTG/BXAUT/PACG live
  // in the SMMUL/SMMLA Rd = 1111 space and are UNDEFINED on a Cortex-M55).
  if (o.rd == 15) return std::nullopt;
  return o;
}
// Non-accumulating form (Ra = 1111 in the pattern): ra = 15.
template <unsigned kAltBit>
std::optional<Operands> t32_dsp_mul_fixed(const Fields& f) {
  auto o = t32_dsp_rrr(f);
  if (!o) return o;
  o->ra = 15;
  if (kAltBit) o->flags |= kAlt;
  return o;
}
// Accumulating form: Ra = 1111 is the other row ("SEE SMUAD" etc.).
template <unsigned kAltBit>
std::optional<Operands> t32_dsp_mac_fixed(const Fields& f) {
  auto o = t32_dsp_rrr(f);
  if (!o) return o;
  o->ra = dsp_u8(f('a'));
  if (o->ra == 15) return std::nullopt;
  if (kAltBit) o->flags |= kAlt;
  return o;
}
template <unsigned kNM>
std::optional<Operands> t32_dsp_mul_xy_fixed(const Fields& f) {
  auto o = t32_dsp_mul_fixed<0>(f);
  if (o) o->imm = kNM;
  return o;
}
template <unsigned kNM>
std::optional<Operands> t32_dsp_mac_xy_fixed(const Fields& f) {
  auto o = t32_dsp_mac_fixed<0>(f);
  if (o) o->imm = kNM;
  return o;
}
// Long forms: RdLo in rd, RdHi in ra. kBits: bit 2 = X, bits 1:0 = N:M. RdHi == RdLo is
// UNPREDICTABLE; we write RdLo then RdHi.
template <unsigned kBits>
std::optional<Operands> t32_dsp_long_fixed(const Fields& f) {
  Operands o;
  o.rd = dsp_u8(f('l')); o.ra = dsp_u8(f('h')); o.rn = dsp_u8(f('n')); o.rm = dsp_u8(f('m'));
  o.imm = kBits & 3u;
  if (kBits & 4u) o.flags |= kAlt;
  return o;
}
std::optional<Operands> t32_ssat(const Fields& f);
std::optional<Operands> t32_usat(const Fields& f);
std::optional<Operands> t32_ssat16(const Fields& f);
std::optional<Operands> t32_usat16(const Fields& f);
std::optional<Operands> t32_pkh_bt(const Fields& f);
std::optional<Operands> t32_pkh_tb(const Fields& f);
std::optional<Operands> t32_extend_add(const Fields& f);    // Rn = 1111 in the pattern
std::optional<Operands> t32_extend_add_n(const Fields& f);  // Rn = 1111 is the plain extend row
}  // namespace decoder

}  // namespace corsim::cpu
