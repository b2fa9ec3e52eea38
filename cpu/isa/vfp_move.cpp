// Floating-point register transfers, loads/stores and system-register moves (Arm DDI 0553, C2
// "VMOV", "VLDR", "VSTR", "VLDM", "VSTM", "VSCCLRM", "VMRS", "VMSR").
#include <array>

#include "cpu/cpu.h"
#include "cpu/isa/vfp.h"

namespace corsim::cpu {

using vfp::get;
using vfp::set;

namespace {

constexpr uint32_t kControlSfpa = 1u << 3;
// FPSCR bits an M-profile core implements: NZCV, QC, AHP, DN, FZ, RMode, FZ16, LTPSIZE and the
// cumulative flags (IDC, IXC, UFC, OFC, DZC, IOC). Trap enables [15:8] are RAZ/WI.
constexpr uint32_t kFpscrMask = 0xFFCF'009Fu;
constexpr uint32_t kNzcvqcMask = 0xF800'0000u;
constexpr uint32_t kVprMask = 0x00FF'FFFFu;

enum SysReg : unsigned { kFpscr = 0x1, kFpscrNzcvqc = 0x2, kVpr = 0xC, kP0 = 0xD, kFpcxtNs = 0xE, kFpcxtS = 0xF };

// Base address of a VLDR/VSTR: Align(PC, 4) for the literal form.
uint32_t base(Cpu& c, unsigned n) { return n == 15 ? c.reg(15) & ~3u : c.reg(n); }
uint32_t offset_address(Cpu& c, const Operands& o) {
  const uint32_t b = base(c, o.rn);
  return (o.flags & kAdd) ? b + o.imm : b - o.imm;
}

}  // namespace

void exec_VMOV_core_to_s(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.state().ext[o.rn] = c.reg(o.ra);
}
void exec_VMOV_s_to_core(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.set_reg(o.ra, c.state().ext[o.rn]);
}
// VMOV.F16: the low halfword moves, the other half of the destination is zeroed.
void exec_VMOV_core_to_h(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.state().ext[o.rn] = c.reg(o.ra) & 0xFFFFu;
}
void exec_VMOV_h_to_core(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.set_reg(o.ra, c.state().ext[o.rn] & 0xFFFFu);
}
void exec_VMOV_core2_to_s2(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.state().ext[o.rm] = c.reg(o.ra);
  c.state().ext[o.rm + 1] = c.reg(o.shift_n);
}
void exec_VMOV_s2_to_core2(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  const uint32_t lo = c.state().ext[o.rm], hi = c.state().ext[o.rm + 1];
  c.set_reg(o.ra, lo);
  c.set_reg(o.shift_n, hi);
}
void exec_VMOV_core2_to_d(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.state().ext[2 * o.rm] = c.reg(o.ra);
  c.state().ext[2 * o.rm + 1] = c.reg(o.shift_n);
}
void exec_VMOV_d_to_core2(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  const uint32_t lo = c.state().ext[2 * o.rm], hi = c.state().ext[2 * o.rm + 1];
  c.set_reg(o.ra, lo);
  c.set_reg(o.shift_n, hi);
}
void exec_VMOV_core_to_scalar(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.state().ext[2 * o.rd + o.imm] = c.reg(o.ra);
}
void exec_VMOV_scalar_to_core(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  c.set_reg(o.ra, c.state().ext[2 * o.rd + o.imm]);
}

// VLDR/VSTR: word accesses must be word aligned and halfword accesses halfword aligned (MemA).
template <class T> void exec_VLDR(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  const uint32_t a = offset_address(c, o);
  if constexpr (sizeof(T) == 2) {
    const uint32_t v = c.read_aligned<2>(a);
    if (!c.faulted()) set<uint16_t>(c.state(), o.rd, static_cast<uint16_t>(v));
  } else if constexpr (sizeof(T) == 4) {
    const uint32_t v = c.read_aligned<4>(a);
    if (!c.faulted()) c.state().ext[o.rd] = v;
  } else {
    const uint32_t lo = c.read_aligned<4>(a);
    const uint32_t hi = c.faulted() ? 0 : c.read_aligned<4>(a + 4);
    if (!c.faulted()) set<uint64_t>(c.state(), o.rd, lo | (uint64_t{hi} << 32));
  }
}
template <class T> void exec_VSTR(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  const uint32_t a = offset_address(c, o);
  const ArchState& s = c.state();
  if constexpr (sizeof(T) == 2) {
    c.write_aligned<2>(a, s.ext[o.rd] & 0xFFFFu);
  } else if constexpr (sizeof(T) == 4) {
    c.write_aligned<4>(a, s.ext[o.rd]);
  } else {
    c.write_aligned<4>(a, s.ext[2 * o.rd]);
    if (!c.faulted()) c.write_aligned<4>(a + 4, s.ext[2 * o.rd + 1]);
  }
}

// VLDM/VSTM (IA, or DB with writeback): imm registers from rd. The first word register is rd
// (single) or 2*rd (double); words are consecutive S registers either way.
template <bool kDouble> void exec_VLDM(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  const unsigned words = kDouble ? 2 * o.imm : o.imm;
  const uint32_t rn = c.reg(o.rn);
  // FLDMX/FSTMX (odd imm8, kAlt) span imm8 words: one more than the registers they transfer.
  const unsigned span = words + ((kDouble && (o.flags & kAlt)) ? 1u : 0u);
  const uint32_t start = (o.flags & kAdd) ? rn : rn - 4 * span;
  std::array<uint32_t, 32> buf{};
  for (unsigned i = 0; i < words; ++i) {
    buf[i] = c.read_aligned<4>(start + 4 * i);
    if (c.faulted()) return;
  }
  const unsigned first = kDouble ? 2 * o.rd : o.rd;
  for (unsigned i = 0; i < words; ++i) c.state().ext[first + i] = buf[i];
  if (o.flags & kWback) c.set_reg(o.rn, (o.flags & kAdd) ? rn + 4 * span : rn - 4 * span);
}
template <bool kDouble> void exec_VSTM(Cpu& c, const Operands& o) {
  if (!vfp::check(c)) return;
  const unsigned words = kDouble ? 2 * o.imm : o.imm;
  const uint32_t rn = c.reg(o.rn);
  // FLDMX/FSTMX (odd imm8, kAlt) span imm8 words: one more than the registers they transfer.
  const unsigned span = words + ((kDouble && (o.flags & kAlt)) ? 1u : 0u);
  const uint32_t start = (o.flags & kAdd) ? rn : rn - 4 * span;
  const unsigned first = kDouble ? 2 * o.rd : o.rd;
  for (unsigned i = 0; i < words; ++i) {
    c.write_aligned<4>(start + 4 * i, c.state().ext[first + i]);
    if (c.faulted()) return;
  }
  if (o.flags & kWback) c.set_reg(o.rn, (o.flags & kAdd) ? rn + 4 * span : rn - 4 * span);
}

// VSCCLRM: Secure state only; zeroes the listed registers and VPR (C2 "VSCCLRM").
template <bool kDouble> void exec_VSCCLRM(Cpu& c, const Operands& o) {
  if (!c.state().secure) {
    c.raise(FaultKind::UndefinedInstruction);
    return;
  }
  if (!vfp::check(c)) return;
  ArchState& s = c.state();
  const unsigned words = kDouble ? 2 * o.imm : o.imm;
  const unsigned first = kDouble ? 2 * o.rd : o.rd;
  for (unsigned i = 0; i < words; ++i) s.ext[first + i] = 0;
  s.vpr = 0;
}

namespace vfp {

// The value of system register `reg` as VMRS reads it (FPCXT_S hands the FP context over). False:
// the access faulted (UNDEFINED, NOCP). Shared with VSTR (System Register).
bool read_sysreg(Cpu& c, unsigned reg, uint32_t& v) {
  ArchState& s = c.state();
  if ((reg == kFpcxtNs || reg == kFpcxtS) && !s.secure) {
    c.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  if (!vfp::check(c)) return false;
  v = 0;
  switch (reg) {
    case kFpscr: v = s.fpscr; break;
    case kFpscrNzcvqc: v = s.fpscr & kNzcvqcMask; break;
    case kVpr: v = s.vpr & kVprMask; break;
    case kP0: v = s.vpr & 0xFFFFu; break;
    case kFpcxtNs:
    case kFpcxtS:
      // FPCXT: CONTROL_S.SFPA in bit 31, FPSCR[27:0] below. corsim runs Secure-only, so both
      // names read the one FPSCR (docs/vfp.md).
      v = (s.fpscr & 0x0FFF'FFFFu) | ((s.control[1] & kControlSfpa) ? 1u << 31 : 0u);
      break;
    default: break;
  }
  // Reading FPCXT_S hands the floating-point context over (to Non-secure code): FPSCR takes the
  // FPDSCR_NS defaults, VPR is zeroed and CONTROL_S.SFPA cleared (QEMU agrees).
  if (reg == kFpcxtS) {
    s.fpscr = vfp::default_fpscr(c);
    s.vpr = 0;
    s.control[1] &= ~kControlSfpa;
    s.forget_fp_check();  // SFPA is an input of ExecuteFPCheck (cpu/isa/fp_check.h)
  }
  return true;
}

// The access checks of VMSR to `reg` (UNDEFINED, NOCP, new FP context). False: faulted.
bool check_sysreg_write(Cpu& c, unsigned reg) {
  if ((reg == kFpcxtNs || reg == kFpcxtS) && !c.state().secure) {
    c.raise(FaultKind::UndefinedInstruction);
    return false;
  }
  return vfp::check(c);
}

// Writes system register `reg` as VMSR does (after check_sysreg_write).
void write_sysreg(Cpu& c, unsigned reg, uint32_t v) {
  ArchState& s = c.state();
  switch (reg) {
    case kFpscr: s.fpscr = v & kFpscrMask; break;
    case kFpscrNzcvqc: s.fpscr = (s.fpscr & ~kNzcvqcMask) | (v & kNzcvqcMask); break;
    case kVpr: s.vpr = v & kVprMask; break;
    case kP0: s.vpr = (s.vpr & ~0xFFFFu) | (v & 0xFFFFu); break;
    case kFpcxtNs:
    case kFpcxtS:
      s.fpscr = v & 0x0FFF'FFFFu & kFpscrMask;  // NZCV cleared
      s.control[1] = (v >> 31) ? (s.control[1] | kControlSfpa) : (s.control[1] & ~kControlSfpa);
      s.forget_fp_check();  // SFPA is an input of ExecuteFPCheck (cpu/isa/fp_check.h)
      break;
    default: break;
  }
}

}  // namespace vfp

// VMRS Rt, <reg>; VMRS APSR_nzcv, FPSCR (Rt = 15).
void exec_VMRS(Cpu& c, const Operands& o) {
  ArchState& s = c.state();
  uint32_t v = 0;
  if (!vfp::read_sysreg(c, o.imm, v)) return;
  if (o.ra == 15) {
    s.n = (v >> 31) & 1u; s.z = (v >> 30) & 1u; s.c = (v >> 29) & 1u; s.v = (v >> 28) & 1u;
  } else {
    c.set_reg(o.ra, v);
  }
}

void exec_VMSR(Cpu& c, const Operands& o) {
  if (!vfp::check_sysreg_write(c, o.imm)) return;
  vfp::write_sysreg(c, o.imm, c.reg(o.ra));
}

template void exec_VLDR<uint16_t>(Cpu&, const Operands&);
template void exec_VLDR<uint32_t>(Cpu&, const Operands&);
template void exec_VLDR<uint64_t>(Cpu&, const Operands&);
template void exec_VSTR<uint16_t>(Cpu&, const Operands&);
template void exec_VSTR<uint32_t>(Cpu&, const Operands&);
template void exec_VSTR<uint64_t>(Cpu&, const Operands&);
template void exec_VLDM<false>(Cpu&, const Operands&);
template void exec_VLDM<true>(Cpu&, const Operands&);
template void exec_VSTM<false>(Cpu&, const Operands&);
template void exec_VSTM<true>(Cpu&, const Operands&);
template void exec_VSCCLRM<false>(Cpu&, const Operands&);
template void exec_VSCCLRM<true>(Cpu&, const Operands&);

}  // namespace corsim::cpu
