// MVE floating-point comparisons into VPR.P0: VCMP and VPT, .F16/.F32, vector (Qn, Qm) and scalar
// (Qn, Rm; Rm = 15 is zr, +0.0) forms, conditions eq ne ge lt gt le (Arm DDI 0553, MVE).
// Per element: FPCompare with every NaN signalling IOC (also for eq/ne); unordered makes eq, ge, gt
// false and ne, lt, le true. P0 gets the result on the element's bytes that are active and 0 on
// predicated ones; then the VPT block steps; VPT then sets MASK01 = MASK23 = its mask.
#include "cpu/isa/mve/fp_handlers.h"
#include "cpu/isa/mve/fp_lanes.h"

namespace corsim::cpu::mve {

namespace fp = corsim::cpu::fp;

namespace {

fp::CmpCond to_cmp(uint8_t cond) {
  switch (cond) {
    case 0x0: return fp::CmpCond::kEq;
    case 0x1: return fp::CmpCond::kNe;
    case 0xA: return fp::CmpCond::kGe;
    case 0xB: return fp::CmpCond::kLt;
    case 0xC: return fp::CmpCond::kGt;
    default: return fp::CmpCond::kLe;
  }
}

// Compares Qn[e] with operand(e) on every element with an active byte; flags from elements whose
// lowest byte is active (fp_lanes.h).
template <class T, class Operand>
void compare(Cpu& cpu, const Operands& o, Operand operand) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const fp::FpEnv base = fp::FpEnv::standard(s.fpscr);
  const fp::CmpCond cond = to_cmp(o.cond);
  uint32_t p0 = 0, flags = 0;
  for (unsigned e = 0; e < fpv::kLanes<T>; ++e) {
    const unsigned bytes = fpv::lane_bytes<T>(mask, e);
    if (bytes == 0) continue;
    fp::FpEnv env = base;
    if (fp::compare_cond<T>(lane<T>(s, o.rn, e), operand(e), cond, env)) p0 |= fpv::kLaneByteMask<T> << (e * sizeof(T));
    if (bytes & 1u) flags |= env.flags;
  }
  s.fpscr |= flags;
  s.vpr = (s.vpr & ~0xFFFFu) | (p0 & mask);
  advance_vpt(s);
  if (o.imm != 0) {  // VPT: open a block of the encoded mask on both beat pairs
    const uint32_t vpt_mask = o.imm & 0xFu;
    s.vpr = (s.vpr & ~0x00FF0000u) | (vpt_mask << 16) | (vpt_mask << 20);
  }
}

}  // namespace

template <class T> void exec_VCMP_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  compare<T>(cpu, o, [&](unsigned e) { return lane<T>(s, o.rm, e); });
}

template <class T> void exec_VCMP_fp_scalar(Cpu& cpu, const Operands& o) {
  const T m = o.rm == 15 ? T(0) : fpv::scalar<T>(cpu, o.rm);
  compare<T>(cpu, o, [m](unsigned) { return m; });
}

template void exec_VCMP_fp<uint16_t>(Cpu&, const Operands&);
template void exec_VCMP_fp<uint32_t>(Cpu&, const Operands&);
template void exec_VCMP_fp_scalar<uint16_t>(Cpu&, const Operands&);
template void exec_VCMP_fp_scalar<uint32_t>(Cpu&, const Operands&);

}  // namespace corsim::cpu::mve
