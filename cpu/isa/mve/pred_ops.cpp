// MVE predication handlers (see pred_ops.h). Every handler here follows the rule of VCMP in the
// Arm ARM and QEMU: the new P0 is the result ANDed with the current element mask (a predicated-off
// byte of P0 becomes 0, it is not kept), then the VPT state advances.
#include "cpu/isa/mve/pred_ops.h"

#include "cpu/cpu.h"

namespace corsim::cpu {

namespace {

template <class S, class U>
bool compare(uint8_t cond, U a_bits, U b_bits) {
  const S a = static_cast<S>(a_bits), b = static_cast<S>(b_bits);
  switch (cond) {
    case 0x0: return a_bits == b_bits;
    case 0x1: return a_bits != b_bits;
    case 0x2: return a_bits >= b_bits;  // cs: unsigned >=
    case 0x8: return a_bits > b_bits;   // hi: unsigned >
    case 0xA: return a >= b;
    case 0xB: return a < b;
    case 0xC: return a > b;
    case 0xD: return a <= b;
    default: return false;
  }
}

template <class S, class U>
uint16_t compare_all(const ArchState& s, const Operands& o, uint32_t scalar) {
  uint16_t result = 0;
  constexpr unsigned kBytes = sizeof(U);
  constexpr uint16_t kElementBits = static_cast<uint16_t>((1u << kBytes) - 1u);
  for (unsigned e = 0; e < 16 / kBytes; ++e) {
    const U a = mve::lane<U>(s, o.rn, e);
    const U b = (o.flags & kAlt) ? static_cast<U>(scalar) : mve::lane<U>(s, o.rm, e);
    if (compare<S, U>(o.cond, a, b)) result |= static_cast<uint16_t>(kElementBits << (e * kBytes));
  }
  return result;
}

// VPR.P0 = value & mask (the pseudocode's per-beat P0 write under predication), then advance.
void write_p0(ArchState& s, uint16_t value, uint16_t mask) {
  s.vpr = (s.vpr & ~0xFFFFu) | (value & mask);
  mve::advance_vpt(s);
}

void set_vpt_mask(ArchState& s, uint32_t mask) {
  s.vpr = (s.vpr & ~0x00FF0000u) | ((mask & 0xFu) << 16) | ((mask & 0xFu) << 20);
}

}  // namespace

void exec_MVE_VCMP(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  const uint32_t scalar = (o.flags & kAlt) ? (o.rm == 15 ? 0u : cpu.reg(o.rm)) : 0u;
  uint16_t result = 0;
  switch (o.shift_n) {
    case 0: result = compare_all<int8_t, uint8_t>(s, o, scalar); break;
    case 1: result = compare_all<int16_t, uint16_t>(s, o, scalar); break;
    default: result = compare_all<int32_t, uint32_t>(s, o, scalar); break;
  }
  write_p0(s, result, mask);
  if (o.imm != 0) set_vpt_mask(s, o.imm);  // VPT: the compare, then the block starts
}

void exec_MVE_VPST(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  set_vpt_mask(cpu.state(), o.imm);
}

void exec_MVE_VPNOT(Cpu& cpu, const Operands&) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  write_p0(s, static_cast<uint16_t>(~s.vpr), mve::element_mask(s));
}

void exec_MVE_VPSEL(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  const uint16_t p0 = static_cast<uint16_t>(s.vpr);
  uint8_t result[16];
  for (unsigned b = 0; b < 16; ++b)
    result[b] = (p0 >> b) & 1u ? mve::qbytes(s, o.rn)[b] : mve::qbytes(s, o.rm)[b];
  for (unsigned b = 0; b < 16; ++b)
    if ((mask >> b) & 1u) mve::qbytes(s, o.rd)[b] = result[b];
  mve::advance_vpt(s);
}

// VCTP: P0 = the first Rn elements active (all when Rn covers the vector), under the mask.
void exec_MVE_VCTP(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint32_t n = cpu.reg(o.rn);
  const unsigned bytes = n <= (16u >> o.shift_n) ? (n << o.shift_n) : 16u;
  const uint16_t active = static_cast<uint16_t>(bytes >= 16 ? 0xFFFFu : (1u << bytes) - 1u);
  write_p0(s, active, mve::element_mask(s));
}

}  // namespace corsim::cpu
