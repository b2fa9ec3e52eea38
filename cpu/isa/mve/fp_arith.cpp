// MVE floating-point element-wise arithmetic: VADD, VSUB, VMUL, VABD, VMAXNM, VMINNM, VMAXNMA,
// VMINNMA, VFMA, VFMS (vector), VABS, VNEG, and the Qd, Qn, Rm forms of VADD, VSUB, VMUL, VFMA,
// VFMAS (Arm DDI 0553, MVE). Arithmetic: corsim_cpu_fp; lanes and flags: fp_lanes.h.
#include "cpu/isa/mve/fp_handlers.h"
#include "cpu/isa/mve/fp_lanes.h"

namespace corsim::cpu::mve {

using fpv::map_lanes;
using fpv::run_elementwise;
namespace fp = corsim::cpu::fp;

namespace {

// Qd[e] = op(Qn[e], Qm[e]).
template <class T, class Op>
void vector_op(Cpu& cpu, const Operands& o, Op op) {
  const ArchState& s = cpu.state();
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return op(lane<T>(s, o.rn, e), lane<T>(s, o.rm, e), env);
  });
}

// Qd[e] = op(Qn[e], Rm).
template <class T, class Op>
void scalar_op(Cpu& cpu, const Operands& o, Op op) {
  const ArchState& s = cpu.state();
  const T m = fpv::scalar<T>(cpu, o.rm);
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) { return op(lane<T>(s, o.rn, e), m, env); });
}

}  // namespace

template <class T> void exec_VADD_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::add<T>(a, b, env); });
}
template <class T> void exec_VSUB_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::sub<T>(a, b, env); });
}
template <class T> void exec_VMUL_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::mul<T>(a, b, env); });
}
// FPAbs(FPSub(a, b)): the sign of a NaN result is cleared too.
template <class T> void exec_VABD_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::abs<T>(fp::sub<T>(a, b, env)); });
}
template <class T> void exec_VMAXNM_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::max_num<T>(a, b, env); });
}
template <class T> void exec_VMINNM_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::min_num<T>(a, b, env); });
}
// Qda = FPMaxNum(FPAbs(Qda), FPAbs(Qm)) (rn = rd).
template <class T> void exec_VMAXNMA_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::max_num<T>(fp::abs<T>(a), fp::abs<T>(b), env); });
}
template <class T> void exec_VMINNMA_fp(Cpu& cpu, const Operands& o) {
  vector_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::min_num<T>(fp::abs<T>(a), fp::abs<T>(b), env); });
}

// Fused: Qd = Qd + Qn * Qm (VFMA), Qd = Qd + (-Qn) * Qm (VFMS).
template <class T> void exec_VFMA_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return fp::mul_add<T>(lane<T>(s, o.rd, e), lane<T>(s, o.rn, e), lane<T>(s, o.rm, e), env);
  });
}
template <class T> void exec_VFMS_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return fp::mul_add<T>(lane<T>(s, o.rd, e), fp::neg<T>(lane<T>(s, o.rn, e)), lane<T>(s, o.rm, e), env);
  });
}

// Sign operations: no flags, no flushing.
template <class T> void exec_VABS_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv&) { return fp::abs<T>(lane<T>(s, o.rm, e)); });
}
template <class T> void exec_VNEG_fp(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv&) { return fp::neg<T>(lane<T>(s, o.rm, e)); });
}

template <class T> void exec_VADD_fp_scalar(Cpu& cpu, const Operands& o) {
  scalar_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::add<T>(a, b, env); });
}
template <class T> void exec_VSUB_fp_scalar(Cpu& cpu, const Operands& o) {
  scalar_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::sub<T>(a, b, env); });
}
template <class T> void exec_VMUL_fp_scalar(Cpu& cpu, const Operands& o) {
  scalar_op<T>(cpu, o, [](T a, T b, fp::FpEnv& env) { return fp::mul<T>(a, b, env); });
}
// VFMA Qda, Qn, Rm: Qda = Qda + Qn * Rm.
template <class T> void exec_VFMA_fp_scalar(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const T m = fpv::scalar<T>(cpu, o.rm);
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return fp::mul_add<T>(lane<T>(s, o.rd, e), lane<T>(s, o.rn, e), m, env);
  });
}
// VFMAS Qda, Qn, Rm: Qda = Qda * Qn + Rm (FPMulAdd(Rm, Qn, Qda): NaN priority addend first).
template <class T> void exec_VFMAS_fp_scalar(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  const T m = fpv::scalar<T>(cpu, o.rm);
  run_elementwise<T>(cpu, o.rd, [&](unsigned e, fp::FpEnv& env) {
    return fp::mul_add<T>(m, lane<T>(s, o.rn, e), lane<T>(s, o.rd, e), env);
  });
}

#define CORSIM_MVEFP_INSTANTIATE(T)                                   \
  template void exec_VADD_fp<T>(Cpu&, const Operands&);               \
  template void exec_VSUB_fp<T>(Cpu&, const Operands&);               \
  template void exec_VMUL_fp<T>(Cpu&, const Operands&);               \
  template void exec_VABD_fp<T>(Cpu&, const Operands&);               \
  template void exec_VMAXNM_fp<T>(Cpu&, const Operands&);             \
  template void exec_VMINNM_fp<T>(Cpu&, const Operands&);             \
  template void exec_VMAXNMA_fp<T>(Cpu&, const Operands&);            \
  template void exec_VMINNMA_fp<T>(Cpu&, const Operands&);            \
  template void exec_VFMA_fp<T>(Cpu&, const Operands&);               \
  template void exec_VFMS_fp<T>(Cpu&, const Operands&);               \
  template void exec_VABS_fp<T>(Cpu&, const Operands&);               \
  template void exec_VNEG_fp<T>(Cpu&, const Operands&);               \
  template void exec_VADD_fp_scalar<T>(Cpu&, const Operands&);        \
  template void exec_VSUB_fp_scalar<T>(Cpu&, const Operands&);        \
  template void exec_VMUL_fp_scalar<T>(Cpu&, const Operands&);        \
  template void exec_VFMA_fp_scalar<T>(Cpu&, const Operands&);        \
  template void exec_VFMAS_fp_scalar<T>(Cpu&, const Operands&);
CORSIM_MVEFP_INSTANTIATE(uint16_t)
CORSIM_MVEFP_INSTANTIATE(uint32_t)
#undef CORSIM_MVEFP_INSTANTIATE

}  // namespace corsim::cpu::mve
