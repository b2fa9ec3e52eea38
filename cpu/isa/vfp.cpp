// Floating-point data-processing handlers (Arm DDI 0553, C2 "VADD" ... "VCVT" pseudocode). Every
// handler starts with ExecuteFPCheck, reads its operands, calls corsim_cpu_fp with the FPSCR
// controls and ORs the exception flags back into FPSCR (docs/fp.md "How handlers call it").
#include "cpu/isa/vfp.h"

#include "cpu/cpu.h"
#include "cpu/fp/fp.h"

namespace corsim::cpu {

using vfp::get;
using vfp::set;

namespace vfp {

namespace {
constexpr uint32_t kControlFpca = 1u << 2, kControlSfpa = 1u << 3;
constexpr uint32_t kFpccrAspen = 1u << 31;
// FPDSCR fields copied into FPSCR for a new floating-point context: AHP, DN, FZ, RMode, FZ16.
constexpr uint32_t kFpdscrMask = 0x07C8'0000u;
constexpr uint32_t kLtpsizeNone = 4u << 16;
}  // namespace

uint32_t default_fpscr(Cpu& cpu) {
  return (cpu.exceptions().regs().fpdscr & kFpdscrMask) | kLtpsizeNone;
}

bool check_full(Cpu& cpu) {
  if (!cpu.config().has_fpu) {
    cpu.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  ExceptionUnit& exc = cpu.exceptions();
  // CheckCPEnabled(10): CPACR.CP10 (B3 "Coprocessor Access Control Register").
  if (!exc.fpu_enabled()) {
    cpu.raise(FaultKind::NoCoprocessor);
    return false;
  }
  // Lazy state preservation pending (FPCCR.LSPACT): save the interrupted context's registers into
  // the frame first (cpu/exceptions/fp_context.cpp). A fault there may have to be taken first.
  if (exc.lazy_fp_active() && !exc.preserve_fp_state()) {
    cpu.raise(FaultKind::LazyStatePreservation);
    return false;
  }
  // A new floating-point context (FPCCR.ASPEN and CONTROL.FPCA clear, or Secure with SFPA clear):
  // FPSCR takes its defaults from FPDSCR, VPR is zeroed (MVE) and CONTROL.FPCA (and SFPA in Secure
  // state) is set.
  // corsim keeps FPCA in the Secure CONTROL bank, like the exception entry/return code.
  ArchState& s = cpu.state();
  uint32_t& control = s.control[1];
  const bool new_context = !(control & kControlFpca) || (s.secure && !(control & kControlSfpa));
  if ((exc.regs().fpccr & kFpccrAspen) && new_context) {
    s.fpscr = default_fpscr(cpu);
    if (cpu.config().has_mve) s.vpr = 0;  // the new context has no predication state (QEMU agrees)
    control |= kControlFpca | (s.secure ? kControlSfpa : 0u);
  }
  // Passed: until an input changes, the next check has nothing to do (cpu/isa/fp_check.h).
  cpu.state().fp_check_passed =
      ArchState::kFpCheckVfp | (cpu.config().has_mve ? ArchState::kFpCheckMve : uint8_t{0});
  return true;
}

}  // namespace vfp

namespace {

// Runs `body(env)` with the FPSCR controls, then merges the flags.
template <class F>
inline void with_env(ArchState& s, F body) {
  fp::FpEnv env = fp::FpEnv::from_fpscr(s.fpscr);
  body(env);
  s.fpscr |= env.flags;
}

template <class T, class F>
inline void binary(Cpu& cpu, const Operands& o, F op) {
  if (!vfp::check(cpu)) return;
  ArchState& s = cpu.state();
  with_env(s, [&](fp::FpEnv& env) { set<T>(s, o.rd, op(get<T>(s, o.rn), get<T>(s, o.rm), env)); });
}

// Multiply-accumulate: op(d, n, m).
template <class T, class F>
inline void ternary(Cpu& cpu, const Operands& o, F op) {
  if (!vfp::check(cpu)) return;
  ArchState& s = cpu.state();
  with_env(s, [&](fp::FpEnv& env) {
    set<T>(s, o.rd, op(get<T>(s, o.rd), get<T>(s, o.rn), get<T>(s, o.rm), env));
  });
}

inline fp::Rounding rounding_of(const Operands& o, const fp::FpEnv& env) {
  return o.shift_t == vfp::kRoundFpscr ? env.rounding : static_cast<fp::Rounding>(o.shift_t);
}

}  // namespace

template <class T> void exec_VADD(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::add<T>(a, b, e); }); }
template <class T> void exec_VSUB(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::sub<T>(a, b, e); }); }
template <class T> void exec_VMUL(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::mul<T>(a, b, e); }); }
template <class T> void exec_VNMUL(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::neg<T>(fp::mul<T>(a, b, e)); }); }
template <class T> void exec_VDIV(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::div<T>(a, b, e); }); }
template <class T> void exec_VMAXNM(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::max_num<T>(a, b, e); }); }
template <class T> void exec_VMINNM(Cpu& c, const Operands& o) { binary<T>(c, o, [](T a, T b, fp::FpEnv& e) { return fp::min_num<T>(a, b, e); }); }

// VMLA/VMLS/VNMLA/VNMLS: the product is rounded, then added (two roundings; C2 "VMLA").
template <class T> void exec_VMLA(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::add<T>(d, fp::mul<T>(n, m, e), e); });
}
template <class T> void exec_VMLS(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::add<T>(d, fp::neg<T>(fp::mul<T>(n, m, e)), e); });
}
template <class T> void exec_VNMLA(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::add<T>(fp::neg<T>(d), fp::neg<T>(fp::mul<T>(n, m, e)), e); });
}
template <class T> void exec_VNMLS(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::add<T>(fp::neg<T>(d), fp::mul<T>(n, m, e), e); });
}
// Fused forms (one rounding; C2 "VFMA, VFMS", "VFNMA, VFNMS").
template <class T> void exec_VFMA(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::mul_add<T>(d, n, m, e); });
}
template <class T> void exec_VFMS(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::mul_add<T>(d, fp::neg<T>(n), m, e); });
}
template <class T> void exec_VFNMA(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::mul_add<T>(fp::neg<T>(d), fp::neg<T>(n), m, e); });
}
template <class T> void exec_VFNMS(Cpu& c, const Operands& o) {
  ternary<T>(c, o, [](T d, T n, T m, fp::FpEnv& e) { return fp::mul_add<T>(fp::neg<T>(d), n, m, e); });
}

template <class T> void exec_VSEL(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  set<T>(s, o.rd, c.condition_passed(o.cond) ? get<T>(s, o.rn) : get<T>(s, o.rm));
}

template <class T> void exec_VABS(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  set<T>(c.state(), o.rd, fp::abs<T>(get<T>(c.state(), o.rm)));
}
template <class T> void exec_VNEG(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  set<T>(c.state(), o.rd, fp::neg<T>(get<T>(c.state(), o.rm)));
}
template <class T> void exec_VSQRT(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) { set<T>(s, o.rd, fp::sqrt<T>(get<T>(s, o.rm), e)); });
}
template <class T> void exec_VMOV_reg(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  set<T>(c.state(), o.rd, get<T>(c.state(), o.rm));
}
template <class T> void exec_VMOV_imm(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  set<T>(c.state(), o.rd, fp::expand_imm<T>(static_cast<uint8_t>(o.imm)));
}

// VCMP/VCMPE: NZCV into FPSCR[31:28]; VMRS APSR_nzcv copies them to the APSR.
template <class T> void exec_VCMP(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  const T b = (o.flags & kIndex) ? fp::zero<T>(false) : get<T>(s, o.rm);
  uint32_t nzcv = 0;
  with_env(s, [&](fp::FpEnv& e) { nzcv = fp::compare<T>(get<T>(s, o.rd), b, (o.flags & kAlt) != 0, e); });
  s.fpscr = (s.fpscr & 0x0FFF'FFFFu) | (nzcv << 28);
}

template <class T> void exec_VRINT(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) {
    set<T>(s, o.rd, fp::round_int<T>(get<T>(s, o.rm), rounding_of(o, e), (o.flags & kAlt) != 0, e));
  });
}

// VCVT{R,A,N,P,M}.S32/U32.Fxx Sd, <Sm|Dm>: the result is always a 32-bit S register.
template <class T> void exec_VCVT_to_int(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) {
    const uint64_t r = fp::to_fixed<T>(get<T>(s, o.rm), 32, 0, (o.flags & kAlt) != 0, rounding_of(o, e), e);
    s.ext[o.rd] = static_cast<uint32_t>(r);
  });
}
// VCVT.Fxx.S32/U32 <Sd|Dd>, Sm: rounds with FPSCR.RMode.
template <class T> void exec_VCVT_from_int(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) {
    set<T>(s, o.rd, fp::from_fixed<T>(s.ext[o.rm], 32, 0, (o.flags & kAlt) != 0, e.rounding, e));
  });
}

// VCVT (floating-point <-> fixed-point), in place; size (16/32) in shift_n, fbits in imm.
template <class T> void exec_VCVT_to_fixed(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  const bool u = (o.flags & kAlt) != 0;
  with_env(s, [&](fp::FpEnv& e) {
    const uint64_t r = fp::to_fixed<T>(get<T>(s, o.rd), o.shift_n, o.imm, u, fp::Rounding::kZero, e);
    // The size-bit result is sign- or zero-extended to the register (C2 "VCVT (between
    // floating-point and fixed-point)").
    const unsigned sh = 64 - o.shift_n;
    const uint64_t ext = u ? (r << sh) >> sh : static_cast<uint64_t>(static_cast<int64_t>(r << sh) >> sh);
    if constexpr (sizeof(T) == 8) set<uint64_t>(s, o.rd, ext);
    else s.ext[o.rd] = static_cast<uint32_t>(ext);
  });
}
// Fixed -> float always rounds to nearest (FixedToFP with FPRounding_TIEEVEN; QEMU agrees).
template <class T> void exec_VCVT_from_fixed(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  const uint64_t in = sizeof(T) == 8 ? get<uint64_t>(s, o.rd) : s.ext[o.rd];
  with_env(s, [&](fp::FpEnv& e) {
    set<T>(s, o.rd, fp::from_fixed<T>(in, o.shift_n, o.imm, (o.flags & kAlt) != 0, fp::Rounding::kTieEven, e));
  });
}

void exec_VCVT_f64_f32(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) {
    set<uint64_t>(s, o.rd, fp::convert<uint64_t, uint32_t>(s.ext[o.rm], e.rounding, e));
  });
}
void exec_VCVT_f32_f64(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) {
    s.ext[o.rd] = fp::convert<uint32_t, uint64_t>(get<uint64_t>(s, o.rm), e.rounding, e);
  });
}

// VCVTB/VCVTT: only the selected half of Sd is written (kAlt = top).
template <class T> void exec_VCVT_to_half(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  with_env(s, [&](fp::FpEnv& e) {
    const uint32_t h = fp::convert<uint16_t, T>(get<T>(s, o.rm), e.rounding, e);
    uint32_t& d = s.ext[o.rd];
    d = (o.flags & kAlt) ? (d & 0x0000'FFFFu) | (h << 16) : (d & 0xFFFF'0000u) | h;
  });
}
template <class T> void exec_VCVT_from_half(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  const uint16_t h = static_cast<uint16_t>((o.flags & kAlt) ? s.ext[o.rm] >> 16 : s.ext[o.rm]);
  with_env(s, [&](fp::FpEnv& e) { set<T>(s, o.rd, fp::convert<T, uint16_t>(h, e.rounding, e)); });
}

// VINS.F16 Sd, Sm: Sd[31:16] = Sm[15:0]; VMOVX.F16 Sd, Sm: Sd = Zeros(16):Sm[31:16].
void exec_VINS(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  s.ext[o.rd] = (s.ext[o.rd] & 0xFFFFu) | (s.ext[o.rm] << 16);
}
void exec_VMOVX(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  s.ext[o.rd] = s.ext[o.rm] >> 16;
}

// Explicit instantiations for the three precisions.
#define CORSIM_VFP_INST(fn)                                      \
  template void fn<uint16_t>(Cpu&, const Operands&);             \
  template void fn<uint32_t>(Cpu&, const Operands&);             \
  template void fn<uint64_t>(Cpu&, const Operands&);
CORSIM_VFP_INST(exec_VADD)
CORSIM_VFP_INST(exec_VSUB)
CORSIM_VFP_INST(exec_VMUL)
CORSIM_VFP_INST(exec_VNMUL)
CORSIM_VFP_INST(exec_VDIV)
CORSIM_VFP_INST(exec_VMLA)
CORSIM_VFP_INST(exec_VMLS)
CORSIM_VFP_INST(exec_VNMLA)
CORSIM_VFP_INST(exec_VNMLS)
CORSIM_VFP_INST(exec_VFMA)
CORSIM_VFP_INST(exec_VFMS)
CORSIM_VFP_INST(exec_VFNMA)
CORSIM_VFP_INST(exec_VFNMS)
CORSIM_VFP_INST(exec_VMAXNM)
CORSIM_VFP_INST(exec_VMINNM)
CORSIM_VFP_INST(exec_VSEL)
CORSIM_VFP_INST(exec_VABS)
CORSIM_VFP_INST(exec_VNEG)
CORSIM_VFP_INST(exec_VSQRT)
CORSIM_VFP_INST(exec_VMOV_reg)
CORSIM_VFP_INST(exec_VMOV_imm)
CORSIM_VFP_INST(exec_VCMP)
CORSIM_VFP_INST(exec_VRINT)
CORSIM_VFP_INST(exec_VCVT_to_int)
CORSIM_VFP_INST(exec_VCVT_from_int)
CORSIM_VFP_INST(exec_VCVT_to_fixed)
CORSIM_VFP_INST(exec_VCVT_from_fixed)
#undef CORSIM_VFP_INST
template void exec_VCVT_to_half<uint32_t>(Cpu&, const Operands&);
template void exec_VCVT_to_half<uint64_t>(Cpu&, const Operands&);
template void exec_VCVT_from_half<uint32_t>(Cpu&, const Operands&);
template void exec_VCVT_from_half<uint64_t>(Cpu&, const Operands&);

}  // namespace corsim::cpu
