// MVE floating-point complex arithmetic: VCADD (#90, #270), VCMUL and VCMLA (#0, #90, #180, #270)
// on (real, imaginary) pairs of elements (even element = real part). Arm DDI 0553, MVE; the
// element formulas below are the pseudocode's, with QEMU's operand order for the fused forms
// (which only matters for NaN selection, and MVE float always uses the default NaN).
#include "cpu/isa/mve/fp_handlers.h"
#include "cpu/isa/mve/fp_lanes.h"

namespace corsim::cpu::mve {

using fpv::run_elementwise;
namespace fp = corsim::cpu::fp;

namespace {

// The two products of one output element of VCMUL/VCMLA with rotation `rot` (0-3 = 0, 90, 180,
// 270 degrees): Qd[e] (+)= a * b, with a from Qn and b (possibly negated) from Qm.
template <class T>
struct ComplexTerm {
  T a, b;
};
template <class T>
ComplexTerm<T> complex_term(const ArchState& s, const Operands& o, unsigned rot, unsigned e) {
  const unsigned re = e & ~1u, im = re + 1;
  const bool odd = (e & 1u) != 0;
  auto n = [&](unsigned i) { return lane<T>(s, o.rn, i); };
  auto m = [&](unsigned i) { return lane<T>(s, o.rm, i); };
  switch (rot) {
    case 0: return {n(re), odd ? m(im) : m(re)};                                  // re*re, re*im
    case 1: return {n(im), odd ? m(re) : fp::neg<T>(m(im))};                      // -im*im, im*re
    case 2: return {n(re), odd ? fp::neg<T>(m(im)) : fp::neg<T>(m(re))};          // -re*re, -re*im
    default: return {n(im), odd ? fp::neg<T>(m(re)) : m(im)};                     // im*im, -im*re
  }
}

unsigned rotation_index(uint32_t degrees) { return (degrees / 90u) & 3u; }

}  // namespace

// VCADD #90: re = Qn.re - Qm.im, im = Qn.im + Qm.re; #270: re = Qn.re + Qm.im, im = Qn.im - Qm.re.
template <class T> void exec_VCADD_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const bool rot270 = o.imm == 270;
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    const T n = lane<T>(s, o.rn, e);
    const T m = lane<T>(s, o.rm, e ^ 1u);
    const bool subtract = ((e & 1u) == 0) != rot270;
    return subtract ? fp::sub<T>(n, m, env) : fp::add<T>(n, m, env);
  });
}

template <class T> void exec_VCMUL_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const unsigned rot = rotation_index(o.imm);
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    const ComplexTerm<T> t = complex_term<T>(s, o, rot, e);
    return fp::mul<T>(t.a, t.b, env);
  });
}

// Fused: Qd[e] = Qd[e] + a * b.
template <class T> void exec_VCMLA_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const unsigned rot = rotation_index(o.imm);
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    const ComplexTerm<T> t = complex_term<T>(s, o, rot, e);
    return fp::mul_add<T>(lane<T>(s, o.rd, e), t.a, t.b, env);
  });
}

template void exec_VCADD_fp<uint16_t>(Cpu&, const Operands&);
template void exec_VCADD_fp<uint32_t>(Cpu&, const Operands&);
template void exec_VCMUL_fp<uint16_t>(Cpu&, const Operands&);
template void exec_VCMUL_fp<uint32_t>(Cpu&, const Operands&);
template void exec_VCMLA_fp<uint16_t>(Cpu&, const Operands&);
template void exec_VCMLA_fp<uint32_t>(Cpu&, const Operands&);

}  // namespace corsim::cpu::mve
