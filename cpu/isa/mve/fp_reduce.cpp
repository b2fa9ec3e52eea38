// MVE floating-point max/min across a vector: VMAXNMV, VMINNMV, VMAXNMAV, VMINNMAV (Arm DDI 0553).
// Rda = FPMaxNum(... FPMaxNum(Rda<esize-1:0>, Qm[e0]) ..., Qm[ek]) over the active elements (lowest
// byte active); the result is zero-extended into Rda, so a .F16 form clears Rda[31:16] even when
// no element is active. A signalling NaN in Rda or an element raises IOC and is quietened before
// the comparison, so it then loses against a number like any quiet NaN (QEMU 7.2's behaviour,
// checked by tests/cpu_mve_fp/qemu). The A forms take FPAbs of the element (not of Rda).
#include "cpu/isa/mve/fp_handlers.h"
#include "cpu/isa/mve/fp_lanes.h"

namespace corsim::cpu::mve {

namespace fp = corsim::cpu::fp;

template <class T, bool kMax, bool kAbs> void exec_VMAXMINNMV_fp(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  fp::FpEnv env = fp::FpEnv::standard(s.fpscr);
  T acc = static_cast<T>(cpu.reg(o.rd));
  for (unsigned e = 0; e < fpv::kLanes<T>; ++e) {
    if (!lane_active<T>(mask, e)) continue;
    T v = lane<T>(s, o.rm, e);
    if (fpv::is_snan<T>(acc)) {
      env.flags |= fp::kIoc;
      acc = static_cast<T>(acc | fpv::kQuietBit<T>);
    }
    if (fpv::is_snan<T>(v)) {
      env.flags |= fp::kIoc;
      v = static_cast<T>(v | fpv::kQuietBit<T>);
    }
    if constexpr (kAbs) v = fp::abs<T>(v);
    acc = kMax ? fp::max_num<T>(acc, v, env) : fp::min_num<T>(acc, v, env);
  }
  s.fpscr |= env.flags;
  cpu.set_reg(o.rd, acc);
  advance_vpt(s);
}

template void exec_VMAXMINNMV_fp<uint16_t, true, false>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint16_t, false, false>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint16_t, true, true>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint16_t, false, true>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint32_t, true, false>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint32_t, false, false>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint32_t, true, true>(Cpu&, const Operands&);
template void exec_VMAXMINNMV_fp<uint32_t, false, true>(Cpu&, const Operands&);

}  // namespace corsim::cpu::mve
