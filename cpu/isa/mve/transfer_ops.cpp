// Core <-> vector lane moves and VDUP (see transfer_ops.h).
#include "cpu/isa/mve/transfer_ops.h"

#include <type_traits>

#include "cpu/cpu.h"
#include "cpu/isa/vfp.h"

namespace corsim::cpu {

// The 8/16-bit lane moves exist with MVE (or Advanced SIMD, which Armv8.1-M does not have).
namespace {
bool lane_check(Cpu& cpu) {
  if (!cpu.config().has_mve) {
    cpu.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  return vfp::check(cpu);
}
}  // namespace

template <unsigned kBytes, bool kSigned>
void exec_MVE_VMOV_lane_to_core(Cpu& cpu, const Operands& o) {
  if (!lane_check(cpu)) return;
  using U = std::conditional_t<kBytes == 1, uint8_t, uint16_t>;
  using S = std::conditional_t<kBytes == 1, int8_t, int16_t>;
  const U v = mve::lane<U>(cpu.state(), o.rn, o.imm);
  cpu.set_reg(o.rd, kSigned ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<S>(v))) : uint32_t{v});
}

template <unsigned kBytes>
void exec_MVE_VMOV_core_to_lane(Cpu& cpu, const Operands& o) {
  if (!lane_check(cpu)) return;
  using U = std::conditional_t<kBytes == 1, uint8_t, uint16_t>;
  mve::set_lane<U>(cpu.state(), o.rn, o.imm, static_cast<U>(cpu.reg(o.rd)), 0xFFFFu);
}

// Rt = Qd[idx], Rt2 = Qd[idx + 2] (QEMU's D<2d>[idx], D<2d+1>[idx]).
void exec_MVE_VMOV_two_lanes_to_core(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  const ArchState& s = cpu.state();
  const uint32_t lo = mve::lane<uint32_t>(s, o.rm, o.imm), hi = mve::lane<uint32_t>(s, o.rm, o.imm + 2);
  cpu.set_reg(o.rd, lo);
  cpu.set_reg(o.ra, hi);
}

void exec_MVE_VMOV_core_to_two_lanes(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint32_t lo = cpu.reg(o.rd), hi = cpu.reg(o.ra);
  mve::set_lane<uint32_t>(s, o.rm, o.imm, lo, 0xFFFFu);
  mve::set_lane<uint32_t>(s, o.rm, o.imm + 2, hi, 0xFFFFu);
}

void exec_MVE_VDUP(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  uint32_t v = cpu.reg(o.rn);
  if (o.shift_n == 0) v = (v & 0xFFu) * 0x01010101u;
  if (o.shift_n == 1) v = (v & 0xFFFFu) * 0x00010001u;
  const uint16_t mask = mve::element_mask(s);
  for (unsigned w = 0; w < 4; ++w) mve::set_lane<uint32_t>(s, o.rd, w, v, mask);
  mve::advance_vpt(s);
}

template void exec_MVE_VMOV_lane_to_core<1, false>(Cpu&, const Operands&);
template void exec_MVE_VMOV_lane_to_core<1, true>(Cpu&, const Operands&);
template void exec_MVE_VMOV_lane_to_core<2, false>(Cpu&, const Operands&);
template void exec_MVE_VMOV_lane_to_core<2, true>(Cpu&, const Operands&);
template void exec_MVE_VMOV_core_to_lane<1>(Cpu&, const Operands&);
template void exec_MVE_VMOV_core_to_lane<2>(Cpu&, const Operands&);

}  // namespace corsim::cpu
