// System instructions (Arm DDI 0553, C2 per-instruction pseudocode; B5 "MRS"/"MSR" special
// register encodings). corsim runs Secure-only: the _NS registers are reachable from Secure state
// through their SYSm encodings and never become active.
#include "cpu/isa/system.h"

#include "cpu/cpu.h"
#include "cpu/exceptions/exception_unit.h"
#include "cpu/exceptions/stack_pointers.h"

namespace corsim::cpu {

namespace {

constexpr uint32_t kControlNpriv = 1u << 0, kControlSpsel = 1u << 1, kControlFpca = 1u << 2,
                   kControlSfpa = 1u << 3;
constexpr uint32_t kControlPacbti = ArchState::kControlBtiEn | ArchState::kControlUbtiEn | ArchState::kControlPacEn |
                                    ArchState::kControlUpacEn;

// SYSm values (B5.x): xPSR group 0-7, stack pointers 8-11, masks and CONTROL 16-20, bit 7 = _NS.
enum Sysm : unsigned {
  kMsp = 8, kPsp = 9, kMsplim = 10, kPsplim = 11,
  kPrimask = 16, kBasepri = 17, kBasepriMax = 18, kFaultmask = 19, kControl = 20,
  kNs = 0x80, kSpNs = 0x98,
};

bool has_fp(const Cpu& cpu) { return cpu.config().has_fpu || cpu.config().has_mve; }

}  // namespace

uint32_t read_special_register(Cpu& cpu, unsigned sysm) {
  ArchState& s = cpu.state();
  const bool priv = s.privileged();
  if (sysm < 8) {
    // APSR (SYSm<2> == 0), IPSR (SYSm<0> == 1); EPSR reads as zero (T and ITSTATE hidden).
    uint32_t v = 0;
    if (sysm & 1u) v |= s.ipsr & 0x1FF;
    if (!(sysm & 4u)) v |= s.apsr();
    return v;
  }
  const bool ns = (sysm & kNs) != 0;
  if (ns && !s.secure) return 0;  // _NS encodings from Non-secure state: RAZ
  const unsigned bank = ns ? 0u : s.sec();
  const bool bank_secure = bank == 1;
  switch (sysm & ~kNs) {
    case kMsp: return priv ? read_sp(s, false, bank_secure) : 0;
    case kPsp: return priv ? read_sp(s, true, bank_secure) : 0;
    case kMsplim: return priv ? s.msplim[bank] : 0;
    case kPsplim: return priv ? s.psplim[bank] : 0;
    case kPrimask: return s.primask[bank] & 1u;
    case kBasepri: case kBasepriMax: return s.basepri[bank] & 0xFF;
    case kFaultmask: return s.faultmask[bank] & 1u;
    case kControl: {
      uint32_t mask = kControlNpriv | kControlSpsel;
      if (has_fp(cpu)) mask |= kControlFpca | (bank_secure ? kControlSfpa : 0u);
      if (cpu.config().pacbti) mask |= kControlPacbti;
      return s.control[bank] & mask;
    }
    case kSpNs & ~kNs:  // SP_NS: the Non-secure stack pointer Thread mode would use
      return ns && priv ? read_sp(s, (s.control[0] & kControlSpsel) != 0, false) : 0;
    default: return 0;  // reserved SYSm: UNPREDICTABLE, we read zero
  }
}

void write_special_register(Cpu& cpu, unsigned sysm, unsigned mask, uint32_t value) {
  ArchState& s = cpu.state();
  ExceptionUnit& exc = cpu.exceptions();
  if (sysm < 8) {
    if (sysm & 4u) return;  // IPSR/EPSR are not writable
    if (mask & 2u) s.set_apsr_nzcvq(value);                       // APSR_nzcvq
    if (mask & 1u) s.ge = static_cast<uint8_t>((value >> 16) & 0xF);  // APSR_g (DSP extension)
    return;
  }
  if (!s.privileged()) return;  // every other special register ignores unprivileged writes
  const bool ns = (sysm & kNs) != 0;
  if (ns && !s.secure) return;
  const unsigned bank = ns ? 0u : s.sec();
  const bool bank_secure = bank == 1;
  switch (sysm & ~kNs) {
    case kMsp: write_sp(s, false, bank_secure, value & ~3u); break;
    case kPsp: write_sp(s, true, bank_secure, value & ~3u); break;
    case kMsplim: s.msplim[bank] = value & ~7u; break;
    case kPsplim: s.psplim[bank] = value & ~7u; break;
    case kPrimask: s.primask[bank] = value & 1u; break;
    case kBasepri: s.basepri[bank] = value & exc.priority_mask(); break;
    case kBasepriMax: {
      // Raises the masking only: ignored if it would lower the boost (B5.x "BASEPRI_MAX").
      const uint32_t v = value & exc.priority_mask();
      if (v != 0 && (v < s.basepri[bank] || s.basepri[bank] == 0)) s.basepri[bank] = v;
      break;
    }
    case kFaultmask:
      // FAULTMASK can be set only below HardFault priority (ExecutionPriority() > -1), as CPSID f;
      // clearing it is always allowed.
      if (!(value & 1u) || exc.execution_priority() > -1) s.faultmask[bank] = value & 1u;
      break;
    case kControl: {
      s.forget_fp_check();  // nPRIV, FPCA, SFPA are inputs of ExecuteFPCheck (cpu/isa/fp_check.h)
      uint32_t& c = s.control[bank];
      const bool switch_stack = !s.handler_mode() && bank == s.sec();
      if (switch_stack) save_active_sp(s);
      c = (c & ~kControlNpriv) | (value & kControlNpriv);
      // SPSEL is writable in Thread mode only (in Handler mode the write is ignored).
      if (!s.handler_mode() || ns) c = (c & ~kControlSpsel) | (value & kControlSpsel);
      if (has_fp(cpu)) {
        c = (c & ~kControlFpca) | (value & kControlFpca);
        if (bank_secure) c = (c & ~kControlSfpa) | (value & kControlSfpa);
      }
      // BTI_EN, UBTI_EN, PAC_EN, UPAC_EN (PACBTI; RES0 without it).
      if (cpu.config().pacbti) c = (c & ~kControlPacbti) | (value & kControlPacbti);
      if (switch_stack) load_active_sp(s);
      break;
    }
    case kSpNs & ~kNs:
      if (ns) write_sp(s, (s.control[0] & kControlSpsel) != 0, false, value & ~3u);
      break;
    default: break;  // reserved SYSm: UNPREDICTABLE, we ignore the write
  }
  exc.request_check();  // a mask may have changed what can be taken
}

void exec_MRS(Cpu& cpu, const Operands& o) { cpu.set_reg(o.rd, read_special_register(cpu, o.imm & 0xFF)); }

void exec_MSR(Cpu& cpu, const Operands& o) {
  write_special_register(cpu, o.imm & 0xFF, (o.imm >> 8) & 3u, cpu.reg(o.rn));
}

void exec_CPS(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  if (!s.privileged()) return;  // CPS is ignored in unprivileged code
  const bool disable = (o.flags & kAlt) != 0;
  const unsigned bank = s.sec();
  if (o.imm & 2u) s.primask[bank] = disable ? 1u : 0u;
  // Setting FAULTMASK needs ExecutionPriority() > -1; clearing it is always allowed (CPS pseudocode).
  if ((o.imm & 1u) && (!disable || cpu.exceptions().execution_priority() > -1)) s.faultmask[bank] = disable ? 1u : 0u;
  cpu.exceptions().request_check();
}

void exec_SVC(Cpu& cpu, const Operands&) { cpu.request_svc(); }

void exec_BKPT(Cpu& cpu, const Operands& o) {
  // BKPT 0xAB is the Arm semihosting trap (as the FVP's cpu0.semihosting-enable=1 treats it).
  if (o.imm == 0xAB && cpu.semihosting() != nullptr) {
    cpu.semihosting()->semihosting_call(cpu.state(), cpu.bus());
    return;
  }
  // No debugger: a debug event escalates to HardFault (DebugMonitor is not enabled by firmware).
  cpu.raise(FaultKind::Breakpoint);
}

void exec_UDF(Cpu& cpu, const Operands&) { cpu.raise(FaultKind::UndefinedInstruction); }

void exec_WFI(Cpu& cpu, const Operands&) { cpu.request_sleep(); }

void exec_WFE(Cpu& cpu, const Operands&) {
  ArchState& s = cpu.state();
  if (s.event_register) {
    s.event_register = false;  // an earlier event (SEV, exception return) consumes it
    return;
  }
  cpu.request_sleep();
}

void exec_SEV(Cpu& cpu, const Operands&) { cpu.state().event_register = true; }

void exec_hint_nop(Cpu&, const Operands&) {}

void exec_barrier(Cpu&, const Operands&) {
  // DMB/DSB/ISB: accesses complete in order in this model and the predecode cache checks every
  // hit against memory, so there is nothing to wait for or to flush.
}

void exec_CLREX(Cpu& cpu, const Operands&) { cpu.state().exclusive_valid = false; }

void exec_CLRM(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  for (unsigned r = 0; r <= 12; ++r)
    if (o.imm & (1u << r)) s.r[r] = 0;
  if (o.imm & (1u << 14)) s.r[14] = 0;
  if (o.imm & (1u << 15)) {  // APSR: NZCVQ and GE
    s.set_apsr_nzcvq(0);
    s.ge = 0;
  }
}

void exec_TT(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  const bool alt = (o.flags & kAlt) != 0;
  if (alt && !s.secure) {  // TTA/TTAT from Non-secure state are UNDEFINED
    cpu.raise(FaultKind::UndefinedInstruction);
    return;
  }
  const bool unpriv = (o.imm & 1u) || !s.privileged();
  cpu.set_reg(o.rd, cpu.exceptions().tt(cpu.reg(o.rn), unpriv, alt));
}

namespace decoder {

namespace {
uint8_t u8(uint32_t v) { return static_cast<uint8_t>(v); }
}  // namespace

std::optional<Operands> sys_none(const Fields&) { return Operands{}; }
std::optional<Operands> sys_imm(const Fields& f) {
  Operands o;
  o.imm = f('i');
  return o;
}
std::optional<Operands> sys_other_hint(const Fields& f) {
  // NOP 0, YIELD 1, WFE 2, WFI 3, SEV 4 have their own rows, and so have the PACBTI hints
  // (PACBTI 13, BTI 15, PAC 29, AUT 45: cpu/decoder/t32_pacbti.inc); the rest (DBG, CSDB, ...)
  // are NOPs.
  const uint32_t h = f('h');
  if (h <= 4 || h == 13 || h == 15 || h == 29 || h == 45) return std::nullopt;
  Operands o;
  o.imm = f('h');
  return o;
}
namespace {
// SYSm values with a register behind them (B5.x); the others are reserved: UNPREDICTABLE, and we
// choose UNDEFINED so a reserved encoding cannot silently read or write nothing.
bool valid_sysm(uint32_t sysm) {
  switch (sysm) {
    case 0: case 1: case 2: case 3: case 5: case 6: case 7:
    case 8: case 9: case 10: case 11: case 16: case 17: case 18: case 19: case 20:
    case 0x88: case 0x89: case 0x8A: case 0x8B: case 0x90: case 0x91: case 0x93: case 0x94: case 0x98:
      return true;
    default:
      return false;
  }
}
}  // namespace

std::optional<Operands> sys_mrs(const Fields& f) {
  if (!valid_sysm(f('s'))) return std::nullopt;
  Operands o;
  o.rd = u8(f('d'));
  o.imm = f('s');
  return o;
}
std::optional<Operands> sys_msr(const Fields& f) {
  if (!valid_sysm(f('s'))) return std::nullopt;
  Operands o;
  o.rn = u8(f('n'));
  o.imm = f('s') | (f('k') << 8);
  // mask == 00 is UNPREDICTABLE for the APSR; we execute it as writing nothing.
  return o;
}
std::optional<Operands> sys_cps(const Fields& f) {
  Operands o;
  o.imm = (f('i') << 1) | f('f');
  if (f('m')) o.flags |= kAlt;
  if (o.imm == 0) return std::nullopt;  // neither I nor F: UNPREDICTABLE; we UNDEF
  return o;
}
std::optional<Operands> sys_tt(const Fields& f) {
  Operands o;
  o.rd = u8(f('d'));
  o.rn = u8(f('n'));
  o.imm = f('T');
  if (f('A')) o.flags |= kAlt;
  return o;
}
std::optional<Operands> sys_clrm(const Fields& f) {
  Operands o;
  o.imm = (f('p') << 15) | (f('l') << 14) | f('r');
  if (o.imm == 0) return std::nullopt;  // empty list: UNPREDICTABLE; we UNDEF
  return o;
}

}  // namespace decoder

}  // namespace corsim::cpu
