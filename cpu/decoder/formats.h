#pragma once
// Decode functions shared by many table rows (QEMU's "formats" / argument sets): they turn the
// fields of a matched encoding into Operands. Field letters used across the tables:
//   d n m a t u   registers Rd Rn Rm Ra Rt Rt2 (a single letter may be split, e.g. D:ddd in T16)
//   i             immediate (all its parts, concatenated in bit order)
//   y             shift type;  S  setflags;  P U W  index / add / writeback;  c  condition
//   r             register list
// A decode function returns nullopt where the Arm ARM says "SEE <other instruction>" or the
// encoding is UNDEFINED, so the next row (or UNDEFINED) applies.
#include <optional>

#include "cpu/decoder/encoding.h"
#include "cpu/isa/pseudocode.h"

namespace corsim::cpu::decoder {

using Opt = std::optional<Operands>;

inline uint8_t u8(uint32_t v) { return static_cast<uint8_t>(v); }

// T32 data processing (shifted register): Rd, Rn, Rm, imm3:imm2 shift, S.
inline Opt dp_shifted(const Fields& f, bool has_d, bool has_n) {
  Operands o;
  o.rd = has_d ? u8(f('d')) : 15;
  o.rn = has_n ? u8(f('n')) : 15;
  o.rm = u8(f('m'));
  const ImmShift sh = DecodeImmShift(f('y'), f('i'));
  o.shift_t = sh.type;
  o.shift_n = sh.amount;
  if (f.size('S') && f('S')) o.flags |= kSetFlags;
  return o;
}

// T32 data processing (modified immediate): ThumbExpandImm_C(i:imm3:imm8).
inline Opt dp_modified_imm(const Fields& f, bool has_d, bool has_n) {
  Operands o;
  o.rd = has_d ? u8(f('d')) : 15;
  o.rn = has_n ? u8(f('n')) : 15;
  const ExpandedImm e = ThumbExpandImm_C(f('i'));
  // imm8 == 0 with a replicated pattern is UNPREDICTABLE; we use the expanded value (0).
  o.imm = e.value;
  if (e.carry_valid) o.flags |= kCarryValid;
  if (e.carry) o.flags |= kCarry;
  if (f.size('S') && f('S')) o.flags |= kSetFlags;
  return o;
}

// Immediate-offset load/store, T32 imm8 form with P/U/W. P = 0 and W = 0 is UNDEFINED; P = 1,
// U = 1, W = 0 is the unprivileged (T) form, decoded by its own row.
inline Opt ldst_imm8(const Fields& f) {
  const uint32_t p = f('P'), u = f('U'), w = f('W');
  if (p == 0 && w == 0) return std::nullopt;
  if (p == 1 && u == 1 && w == 0) return std::nullopt;  // SEE LDRT/STRT...
  Operands o;
  o.rd = u8(f('t'));
  o.rn = u8(f('n'));
  o.imm = f('i');
  if (p) o.flags |= kIndex;
  if (u) o.flags |= kAdd;
  if (w) o.flags |= kWback;
  return o;
}

// Immediate offset, added, no writeback (T32 imm12, T16 imm5 scaled by `scale`, T variants).
inline Opt ldst_offset(const Fields& f, unsigned scale = 1) {
  Operands o;
  o.rd = u8(f('t'));
  o.rn = f.size('n') ? u8(f('n')) : 13;  // T16 SP-relative forms have no Rn field
  o.imm = f('i') * scale;
  o.flags = kIndex | kAdd;
  return o;
}

// Register offset: [Rn, Rm, LSL #imm2].
inline Opt ldst_reg(const Fields& f) {
  Operands o;
  o.rd = u8(f('t'));
  o.rn = u8(f('n'));
  o.rm = u8(f('m'));
  o.shift_n = f.size('i') ? u8(f('i')) : 0;
  return o;
}

// Literal: [PC, #+/-imm].
inline Opt ldst_literal(const Fields& f, unsigned scale = 1) {
  Operands o;
  o.rd = u8(f('t'));
  o.rn = 15;
  o.imm = f('i') * scale;
  o.flags = kIndex;
  if (!f.size('U') || f('U')) o.flags |= kAdd;
  return o;
}

}  // namespace corsim::cpu::decoder
