#pragma once
// MVE scalar shifts (Arm DDI 0553, C2 "LSLL", "ASRL", "SQRSHRL", ...): 64-bit shifts of a register
// pair RdaHi:RdaLo and saturating/rounding 32-bit shifts of one register, in the ORR/MOV (register)
// space of T32 data processing with Rm = PC (immediate forms) or SP (register forms); the core ORR
// row gives that space up. Saturation sets APSR.Q. Handlers: long_shift_ops.cpp; rows: mve_ldst.inc.
//
// Operands: rd = RdaLo (pair forms) or Rda (32-bit forms), ra = RdaHi, rm = Rm (register forms),
// imm = shift amount 1-32 (immediate forms); kAlt = saturate at 48 bits (SQRSHRL/UQRSHLL #48).
// The shift count of register forms is the signed low byte of Rm.
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"

namespace corsim::cpu {

class Cpu;

enum class LongShiftOp : uint8_t {
  Lsll, Lsrl, Asrl, Uqshll, Sqshll, Urshrl, Srshrl,  // pair, immediate (Lsll/Asrl also register)
  Uqrshll, Sqrshrl,                                   // pair, register
  Uqshl, Sqshl, Urshr, Srshr,                         // one register, immediate
  Uqrshl, Sqrshr,                                     // one register, register
};

template <LongShiftOp kOp> void exec_MVE_long_shift_imm(Cpu& cpu, const Operands& o);
template <LongShiftOp kOp> void exec_MVE_long_shift_reg(Cpu& cpu, const Operands& o);

// The arithmetic, exposed for tests: value shifted by `shift` (negative = right), rounding,
// saturating to `bits` (32, 48 or 64) when `sat` is not null (sets *sat on saturation).
int64_t mve_sat_rshl_signed(int64_t value, int shift, bool round, unsigned bits, bool* sat);
uint64_t mve_sat_rshl_unsigned(uint64_t value, int shift, bool round, unsigned bits, bool* sat);

namespace decoder {

// Pair forms: RdaLo = lll:0, RdaHi = hhh:1. RdaHi = 15 is the 32-bit form (its own rows), RdaHi =
// SP is UNDEFINED (QEMU).
template <bool kRegister>
inline std::optional<Operands> mve_long_shift_pair(const Fields& f) {
  Operands o;
  o.rd = static_cast<uint8_t>(f('l') << 1);
  o.ra = static_cast<uint8_t>((f('h') << 1) | 1u);
  if (o.ra == 15 || o.ra == 13) return std::nullopt;
  if constexpr (kRegister) {
    o.rm = static_cast<uint8_t>(f('m'));
    if (o.rm == 13 || o.rm == 15 || o.rm == o.ra || o.rm == o.rd) return std::nullopt;
  } else {
    const uint32_t sh = f('i');
    o.imm = sh == 0 ? 32u : sh;
  }
  return o;
}
template <bool kRegister, bool k48>
inline std::optional<Operands> mve_long_shift_pair_sat(const Fields& f) {
  auto o = mve_long_shift_pair<kRegister>(f);
  if (o && k48) o->flags = kAlt;
  return o;
}
// 32-bit forms: Rda = SP/PC and (register forms) Rm = SP/PC or Rm = Rda are UNDEFINED (QEMU).
template <bool kRegister>
inline std::optional<Operands> mve_long_shift_single(const Fields& f) {
  Operands o;
  o.rd = static_cast<uint8_t>(f('d'));
  if (o.rd == 13 || o.rd == 15) return std::nullopt;
  if constexpr (kRegister) {
    o.rm = static_cast<uint8_t>(f('m'));
    if (o.rm == 13 || o.rm == 15 || o.rm == o.rd) return std::nullopt;
  } else {
    const uint32_t sh = f('i');
    o.imm = sh == 0 ? 32u : sh;
  }
  return o;
}

}  // namespace decoder
}  // namespace corsim::cpu
