#pragma once
// Moves between core registers and vector lanes (Arm DDI 0553, C2 "VMOV (general-purpose register
// to vector lane)", "VMOV (vector lane to general-purpose register)", "VMOV (two 32-bit vector
// lanes to two general-purpose registers)" and back, "VDUP"). The 32-bit single-lane VMOVs are the
// VFP rows (cpu/isa/vfp_move.cpp, same semantics); the 8/16-bit ones are here. Lane moves are not
// predicated and do not advance the VPT state (QEMU); VDUP is predicated (byte merge).
// Handlers: transfer_ops.cpp; rows: cpu/decoder/mve_ldst.inc.
//
// Operands: lane moves rd = Rt, rn = Qn, imm = lane index in Qn, shift_n = size, shift_t = s/u
// (to core) or untyped; two-lane moves rd = Rt, ra = Rt2, rm = Qd, imm = idx (lanes idx and idx+2);
// VDUP rd = Qd, rn = Rt, shift_n = size.
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu {

class Cpu;

template <unsigned kBytes, bool kSigned> void exec_MVE_VMOV_lane_to_core(Cpu& cpu, const Operands& o);
template <unsigned kBytes> void exec_MVE_VMOV_core_to_lane(Cpu& cpu, const Operands& o);
void exec_MVE_VMOV_two_lanes_to_core(Cpu& cpu, const Operands& o);
void exec_MVE_VMOV_core_to_two_lanes(Cpu& cpu, const Operands& o);
void exec_MVE_VDUP(Cpu& cpu, const Operands& o);

namespace decoder {

// Lane of D<N:nnnn> (D16+ do not exist: UNDEFINED) at index `x`; kSize 0 = 8 bits, 1 = 16 bits.
template <unsigned kSize, uint8_t kType>
inline std::optional<Operands> mve_vmov_lane(const Fields& f) {
  if (f('N')) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('t'));
  if (o.rd == 13 || o.rd == 15) return std::nullopt;  // UNPREDICTABLE: UNDEFINED (as the VFP rows)
  const unsigned d = f('n');
  const unsigned per_d = 8u >> kSize;
  o.rn = static_cast<uint8_t>(d >> 1);
  o.imm = (d & 1u) * per_d + f('x');
  o.shift_n = kSize;
  o.shift_t = kType;
  return o;
}
template <bool kToCore>
inline std::optional<Operands> mve_vmov_two(const Fields& f) {
  if (f('D')) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('t'));
  o.ra = static_cast<uint8_t>(f('u'));
  if (o.rd == 13 || o.rd == 15 || o.ra == 13 || o.ra == 15) return std::nullopt;
  if (kToCore && o.rd == o.ra) return std::nullopt;
  o.rm = static_cast<uint8_t>(f('d'));
  o.imm = f('x');
  return o;
}
// VDUP: size from B:E (10 = 8, 01 = 16, 00 = 32; 11 UNDEFINED); Rt = SP/PC UNDEFINED (QEMU).
inline std::optional<Operands> mve_vdup(const Fields& f) {
  const unsigned be = (f('B') << 1) | f('E');
  if (be == 3 || f('N')) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('n'));
  o.rn = static_cast<uint8_t>(f('t'));
  if (o.rn == 13 || o.rn == 15) return std::nullopt;
  o.shift_n = static_cast<uint8_t>(be == 2 ? 0 : be == 1 ? 1 : 2);
  o.shift_t = mve::kMveUntyped;
  return o;
}

}  // namespace decoder
}  // namespace corsim::cpu
