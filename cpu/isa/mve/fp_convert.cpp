// MVE floating-point conversions and rounding (Arm DDI 0553, MVE): VRINT{N,X,A,Z,M,P}; VCVT between
// .F16/.F32 and 16/32-bit integers (round towards zero, or VCVT{A,N,P,M}) and fixed point (#fbits);
// VCVTB/VCVTT between .F16 (bottom or top halves of the 32-bit lanes) and .F32.
// All under StandardFPSCRValue(): integer/fixed -> float rounds to nearest; FPToFixed saturates
// with IOC, gives 0 with IOC for NaN; FPConvert ignores FZ16, honours AHP, flushes a single-
// precision input to zero under FZ (IDC) but never the half-precision result.
#include "cpu/isa/mve/fp_handlers.h"
#include "cpu/isa/mve/fp_lanes.h"

namespace corsim::cpu::mve {

using fpv::run_elementwise;
namespace fp = corsim::cpu::fp;

namespace {
template <class T> inline constexpr unsigned kBits = 8 * sizeof(T);
}

// imm = rounding (fp::Rounding); kAlt = VRINTX (exact: IXC when inexact).
template <class T> void exec_VRINT_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const auto rounding = static_cast<fp::Rounding>(o.imm);
  const bool exact = (o.flags & kAlt) != 0;
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return fp::round_int<T>(lane<T>(s, o.rm, e), rounding, exact, env);
  });
}

// Float -> integer / fixed point, round towards zero; imm = fbits (0 for integers), kAlt = unsigned.
template <class T> void exec_VCVT_fp_to_int(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const bool is_unsigned = (o.flags & kAlt) != 0;
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return static_cast<T>(fp::to_fixed<T>(lane<T>(s, o.rm, e), kBits<T>, o.imm, is_unsigned, fp::Rounding::kZero, env));
  });
}

// VCVT{A,N,P,M}: float -> integer with the rounding in imm (fp::Rounding); kAlt = unsigned.
template <class T> void exec_VCVT_fp_to_int_rm(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const bool is_unsigned = (o.flags & kAlt) != 0;
  const auto rounding = static_cast<fp::Rounding>(o.imm);
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return static_cast<T>(fp::to_fixed<T>(lane<T>(s, o.rm, e), kBits<T>, 0, is_unsigned, rounding, env));
  });
}

// Integer / fixed point -> float, round to nearest; imm = fbits, kAlt = unsigned.
template <class T> void exec_VCVT_fp_from_int(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const bool is_unsigned = (o.flags & kAlt) != 0;
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return fp::from_fixed<T>(lane<T>(s, o.rm, e), kBits<T>, o.imm, is_unsigned, fp::Rounding::kTieEven, env);
  });
}

// VCVTB/VCVTT.F16.F32: Qd.H[2e + top] = FPConvert(Qm.S[e]); the other half of each lane is kept.
// An element is computed when any byte of its 32-bit lane is active; its flags count when the
// lane's lowest byte is active (QEMU); the written halfword merges with the mask.
void exec_VCVT_fp_f16_f32(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const unsigned top = (o.flags & kAlt) ? 1u : 0u;
  const fp::FpEnv base = fp::FpEnv::standard(s.fpscr);
  uint16_t result[4] = {};
  uint32_t flags = 0;
  for (unsigned e = 0; e < 4; ++e) {
    const unsigned bytes = fpv::lane_bytes<uint32_t>(mask, e);
    if (bytes == 0) continue;
    fp::FpEnv env = base;
    result[e] = fp::convert<uint16_t, uint32_t>(lane<uint32_t>(s, o.rm, e), fp::Rounding::kTieEven, env);
    if (bytes & 1u) flags |= env.flags;
  }
  for (unsigned e = 0; e < 4; ++e) {
    if (fpv::lane_bytes<uint32_t>(mask, e) != 0) set_lane<uint16_t>(s, o.rd, 2 * e + top, result[e], mask);
  }
  s.fpscr |= flags;
  advance_vpt(s);
}

// VCVTB/VCVTT.F32.F16: Qd.S[e] = FPConvert(Qm.H[2e + top]); flags count when the byte the source
// halfword starts at is active (QEMU).
void exec_VCVT_fp_f32_f16(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const unsigned top = (o.flags & kAlt) ? 1u : 0u;
  const fp::FpEnv base = fp::FpEnv::standard(s.fpscr);
  uint32_t result[4] = {};
  uint32_t flags = 0;
  for (unsigned e = 0; e < 4; ++e) {
    const unsigned bytes = fpv::lane_bytes<uint32_t>(mask, e);
    if (bytes == 0) continue;
    fp::FpEnv env = base;
    result[e] = fp::convert<uint32_t, uint16_t>(lane<uint16_t>(s, o.rm, 2 * e + top), fp::Rounding::kTieEven, env);
    if ((bytes >> (2 * top)) & 1u) flags |= env.flags;
  }
  for (unsigned e = 0; e < 4; ++e) {
    if (fpv::lane_bytes<uint32_t>(mask, e) != 0) set_lane<uint32_t>(s, o.rd, e, result[e], mask);
  }
  s.fpscr |= flags;
  advance_vpt(s);
}

template void exec_VRINT_fp<uint16_t>(Cpu&, const Operands&);
template void exec_VRINT_fp<uint32_t>(Cpu&, const Operands&);
template void exec_VCVT_fp_to_int<uint16_t>(Cpu&, const Operands&);
template void exec_VCVT_fp_to_int<uint32_t>(Cpu&, const Operands&);
template void exec_VCVT_fp_to_int_rm<uint16_t>(Cpu&, const Operands&);
template void exec_VCVT_fp_to_int_rm<uint32_t>(Cpu&, const Operands&);
template void exec_VCVT_fp_from_int<uint16_t>(Cpu&, const Operands&);
template void exec_VCVT_fp_from_int<uint32_t>(Cpu&, const Operands&);

}  // namespace corsim::cpu::mve
