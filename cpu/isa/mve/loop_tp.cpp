// Tail-predicated low-overhead loops (Arm DDI 0553, C2 "DLSTP", "WLSTP", "LETP", "LCTP"; B5 "Loop
// tail predication"): FPSCR.LTPSIZE (bits 18:16) holds log2 of the element size of the loop, 4
// when no tail predication is active; mve::element_mask() masks the last iteration's lanes from
// LR. Also the MVE rule of plain LE: with an active FP context and LTPSIZE != 4 it is INVSTATE.
// Declarations in cpu/isa/branch.h (the rows are in cpu/decoder/t32_branch.inc). QEMU 7.2 is the
// reference for the CONSTRAINED UNPREDICTABLE choices (Rn = SP, WLSTP/LETP inside IT: UNDEFINED).
#include "cpu/cpu.h"
#include "cpu/isa/branch.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu {

namespace {

constexpr uint32_t kLtpsizeMask = 7u << mve::kLtpsizeShift;
constexpr uint32_t kControlFpca = 1u << 2, kControlSfpa = 1u << 3;
constexpr uint32_t kFpccrAspen = 1u << 31;

unsigned ltpsize(const ArchState& s) { return (s.fpscr >> mve::kLtpsizeShift) & 7u; }
void set_ltpsize(ArchState& s, unsigned v) { s.fpscr = (s.fpscr & ~kLtpsizeMask) | (v << mve::kLtpsizeShift); }

bool undefined(Cpu& cpu) {
  cpu.raise(FaultKind::UndefinedInstruction);
  return false;
}

// The pseudocode's ActiveFPState(): FP enabled, no lazy preservation pending, no new context due.
bool fp_state_active(Cpu& cpu) {
  // A passed ExecuteFPCheck whose inputs have not changed since (cpu/isa/fp_check.h) means all three.
  if (cpu.state().fp_check_passed & ArchState::kFpCheckVfp) return true;
  auto& exc = cpu.exceptions();
  if (!exc.fpu_enabled() || exc.lazy_fp_active()) return false;
  const ArchState& s = cpu.state();
  const uint32_t control = s.control[1];
  const bool new_context = !(control & kControlFpca) || (s.secure && !(control & kControlSfpa));
  return !((exc.regs().fpccr & kFpccrAspen) && new_context);
}

}  // namespace

bool le_ltpsize_ok(Cpu& cpu) {
  if (!cpu.config().has_mve || ltpsize(cpu.state()) == 4 || !fp_state_active(cpu)) return true;
  cpu.raise(FaultKind::InvalidState);
  return false;
}

void exec_DLSTP(Cpu& cpu, const Operands& o) {
  if (!cpu.config().has_mve || o.rn == 13) return (void)undefined(cpu);
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  s.r[14] = cpu.reg(o.rn);
  set_ltpsize(s, o.shift_n);
}

// WLSTP: NOCP is checked first, but a zero count branches without touching the FP context.
void exec_WLSTP(Cpu& cpu, const Operands& o) {
  if (!cpu.config().has_mve || o.rn == 13 || cpu.state().in_it_block()) return (void)undefined(cpu);
  if (!cpu.exceptions().fpu_enabled()) return cpu.raise(FaultKind::NoCoprocessor);
  const uint32_t count = cpu.reg(o.rn);
  if (count == 0) return cpu.branch_write_pc(cpu.reg(15) + o.imm);
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  s.r[14] = count;
  set_ltpsize(s, o.shift_n);
}

// LETP: LR counts elements; each iteration consumes 1 << (4 - LTPSIZE) of them. The last
// iteration (LR <= that) falls through and ends tail predication (LTPSIZE = 4), LR unchanged.
void exec_LETP(Cpu& cpu, const Operands& o) {
  if (!cpu.config().has_mve || cpu.state().in_it_block()) return (void)undefined(cpu);
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const unsigned size = ltpsize(s);
  const uint32_t decrement = size <= 4 ? (1u << (4 - size)) : 0u;  // LTPSIZE 5-7: reserved
  if (s.r[14] <= decrement) {
    set_ltpsize(s, 4);
    return;
  }
  s.r[14] -= decrement;
  cpu.branch_write_pc(cpu.reg(15) - o.imm);
}

void exec_LCTP(Cpu& cpu, const Operands&) {
  if (!cpu.config().has_mve) return (void)undefined(cpu);
  if (!mve::check(cpu)) return;
  set_ltpsize(cpu.state(), 4);
}

}  // namespace corsim::cpu
