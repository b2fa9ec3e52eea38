// The remembered answer of ExecuteFPCheck (cpu/isa/fp_check.h) is forgotten by every event that
// changes it: each program runs an FP or MVE instruction that passes the check, then changes one
// input of the check, and the very next FP/MVE instruction must see the change. Every program runs
// in ONE Cpu::run call (Cpu::run forgets the answer on entry, so stepping one instruction per run,
// as the other harnesses do, would hide a missing invalidation).
//
// Expected values follow the Armv8-M pseudocode (Arm DDI 0553):
//   ExecuteFPCheck(): CheckCPEnabled(10) first (NOCP UsageFault, the instruction does not
//     execute); then, with FPCCR.LSPACT set, PreserveFPState() (S0-S15, FPSCR, VPR stored at
//     FPCAR, LSPACT cleared); then, with FPCCR.ASPEN set and no active context (CONTROL.FPCA = 0,
//     or CONTROL_S.SFPA = 0 in Secure state), FPSCR takes FPDSCR's AHP/DN/FZ/RMode/FZ16 and
//     CONTROL.FPCA (and CONTROL_S.SFPA) become 1.
//   CheckCPEnabled(): CPACR.CP10 = 0b00 denies all access, 0b01 privileged access only; Handler
//     mode is privileged, Thread mode is unprivileged when CONTROL.nPRIV = 1.
//   ExceptionTaken(): CONTROL.FPCA = 0 (and SFPA = 0); PushStack with CONTROL.FPCA = 1 and
//     FPCCR.LSPEN = 1 reserves the FP area and sets FPCCR.LSPACT (UpdateFPCCR), FPCAR = frame + 0x20.
//   PopStack(): CONTROL.FPCA = NOT EXC_RETURN.FType (FType = 1 for a frame without FP state).
// Without USGFAULTENA the NOCP UsageFault escalates to HardFault; CFSR.UFSR.NOCP (bit 19) is set
// either way. FPSCR.RMode is bits [23:22] (0b11 = round towards zero).
#include <gtest/gtest.h>

#include <string>

#include "cpu/scs/system_control_space.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::systest {
namespace {

constexpr uint32_t kCfsrNocp = 1u << 19;
constexpr uint32_t kControlNpriv = 1u << 0, kControlFpca = 1u << 2, kControlSfpa = 1u << 3;
constexpr uint32_t kRmodeMask = 3u << 22, kRmodeRz = 3u << 22;
constexpr uint32_t kOne = 0x3F80'0000u;  // 1.0f

struct Platform {
  test::CpuHarness h;
  scs::SystemControlSpace scs{h.cpu().exceptions(), h.cpu(), nullptr};
  Platform() { h.bus().map(0xE000'0000u, 0x100000, scs, "PPB"); }
  // Loads `program` (SVCall at `svc_handler` when defined) and runs it in a single Cpu::run.
  bool run(const std::string& program) {
    if (!h.load(".fpu fpv5-d16\n.arch_extension mve\n" + program)) return false;
    if (program.find("svc_handler:") != std::string::npos) h.set_word(11 * 4, h.symbol("svc_handler") | 1u);
    h.cpu().run(5000);
    return h.reached_end();
  }
};

// Program preambles. CPACR (0xE000ED88): CP10/CP11 full access; leaves r0 = CPACR's address.
const std::string kFullFpuAccess = R"(
    ldr r0, =0xE000ED88
    ldr r1, =0x00F00000
    str r1, [r0]
)";
// FPDSCR (0xE000EF3C).RMode = RZ: what a new FP context's FPSCR takes.
const std::string kFpdscrRoundToZero = R"(
    ldr r0, =0xE000EF3C
    ldr r1, =0x00C00000
    str r1, [r0]
)";

// The fault handler: r1 = stacked return address (the faulting instruction), r2 = CFSR.
const std::string kFaultHandler = R"(
  handler:
    ldr r0, =0xE000ED28
    ldr r2, [r0]
    ldr r1, [sp, #24]
    b corsim_end
)";

TEST(FpCheckCache, CpacrWriteDenyingAccessFaultsTheNextVectorInstruction) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + R"(
    isb
    vmov.f32 s0, #1.0        @ passes (starts the FP context)
    vadd.i32 q1, q0, q0      @ passes
    movs r1, #0
    str r1, [r0]             @ CPACR: no access
    isb
  nocp_insn:
    vadd.i32 q2, q0, q0      @ NOCP: does not execute
    movs r5, #1
    b corsim_end
  )" + kFaultHandler));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.ext[4], 2 * kOne) << "q1 = q0 + q0 (an integer add of the bit patterns) ran";
  EXPECT_EQ(s.r[1], p.h.symbol("nocp_insn"));
  EXPECT_NE(s.r[2] & kCfsrNocp, 0u);
  EXPECT_EQ(s.ext[8], 0u) << "q2 unwritten";
  EXPECT_EQ(s.r[5], 0u);
}

TEST(FpCheckCache, MsrControlDroppingPrivilegeFaultsTheNextFpInstruction) {
  Platform p;
  ASSERT_TRUE(p.run(R"(
    ldr r0, =0xE000ED88
    ldr r1, =0x00500000
    str r1, [r0]             @ CPACR: CP10/CP11 privileged access only
    isb
    vmov.f32 s0, #1.0        @ privileged Thread mode: passes
    mrs r1, control
    orr r1, r1, #1
    msr control, r1          @ CONTROL.nPRIV = 1
    isb
  nocp_insn:
    vmov.f32 s1, #1.0        @ unprivileged: NOCP
    b corsim_end
  )" + kFaultHandler));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.ext[0], kOne);
  EXPECT_EQ(s.r[1], p.h.symbol("nocp_insn"));
  EXPECT_NE(s.r[2] & kCfsrNocp, 0u);
  EXPECT_EQ(s.ext[1], 0u);
}

TEST(FpCheckCache, ExceptionReturnToUnprivilegedThreadFaultsTheNextFpInstruction) {
  Platform p;
  ASSERT_TRUE(p.run(R"(
    ldr r0, =0xE000ED88
    ldr r1, =0x00500000
    str r1, [r0]             @ CPACR: privileged access only
    isb
    mrs r1, control
    orr r1, r1, #1
    msr control, r1          @ unprivileged Thread mode, no FP context
    isb
    svc #0
  nocp_insn:
    vmov.f32 s1, #1.0        @ back in unprivileged Thread mode: NOCP
    b corsim_end
  svc_handler:
    vmov.f32 s0, #1.0        @ Handler mode is privileged: passes
    bx lr
  )" + kFaultHandler));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.ext[0], kOne) << "the handler's instruction ran (basic frame: S0 not restored)";
  EXPECT_EQ(s.r[1], p.h.symbol("nocp_insn"));
  EXPECT_NE(s.r[2] & kCfsrNocp, 0u);
  EXPECT_EQ(s.ext[1], 0u);
}

TEST(FpCheckCache, LspactSetByExceptionEntryPreservesOnTheHandlersFirstFpInstruction) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + R"(
    isb
    vmov.f32 s0, #1.0        @ Thread FP context: FPCA = 1
    svc #0
    b corsim_end
  svc_handler:
    ldr r0, =0xE000EF34
    ldr r8, [r0]             @ FPCCR on entry (LSPACT set)
    vadd.i32 q3, q0, q0      @ first vector instruction: PreserveFPState
    ldr r9, [r0]             @ FPCCR after it
    ldr r0, =0xE000EF38
    ldr r10, [r0]            @ FPCAR
    bx lr
  )"));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.r[8] & 1u, 1u) << "UpdateFPCCR set LSPACT";
  EXPECT_EQ(s.r[9] & 1u, 0u) << "PreserveFPState cleared LSPACT";
  EXPECT_EQ(p.h.word(s.r[10]), kOne) << "S0 of the thread stored at FPCAR";
}

TEST(FpCheckCache, LspactSetThroughFpccrPreservesOnTheNextFpInstruction) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + R"(
    isb
    vmov.f32 s0, #1.0        @ passes
    ldr r0, =0xE000EF38
    ldr r1, =0x20000100
    str r1, [r0]             @ FPCAR
    ldr r0, =0xE000EF34
    ldr r1, [r0]
    orr r1, r1, #1
    str r1, [r0]             @ FPCCR.LSPACT = 1 (privileged, Secure context)
    vmov.f32 s1, #1.0        @ PreserveFPState first
    ldr r9, [r0]
    b corsim_end
  )"));
  ArchState& s = p.h.s();
  EXPECT_EQ(p.h.word(0x2000'0100u), kOne) << "S0 stored at FPCAR";
  EXPECT_EQ(s.r[9] & 1u, 0u) << "LSPACT cleared";
  EXPECT_EQ(s.ext[1], kOne);
}

TEST(FpCheckCache, MsrControlClearingFpcaStartsANewContext) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + kFpdscrRoundToZero + R"(
    isb
    vmov.f32 s0, #1.0        @ new context: FPCA = 1
    movs r1, #0
    vmsr fpscr, r1           @ FPSCR.RMode = RN
    mrs r1, control
    bic r1, r1, #4
    msr control, r1          @ CONTROL.FPCA = 0
    isb
    vmrs r2, fpscr           @ new context: RMode from FPDSCR
    mrs r3, control
    b corsim_end
  )"));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.r[2] & kRmodeMask, kRmodeRz);
  EXPECT_NE(s.r[3] & kControlFpca, 0u);
}

TEST(FpCheckCache, ExceptionReturnClearingFpcaStartsANewContext) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + kFpdscrRoundToZero + R"(
    isb
    svc #0                   @ Thread has no FP context: basic frame, FType = 1
    vmrs r2, fpscr           @ FPCA = 0 again: new context, RMode from FPDSCR
    mrs r3, control
    b corsim_end
  svc_handler:
    movs r1, #0
    vmsr fpscr, r1           @ new context in the handler, then RMode = RN
    mrs r4, control
    bx lr
  )"));
  ArchState& s = p.h.s();
  EXPECT_NE(s.r[4] & kControlFpca, 0u) << "the handler had an FP context";
  EXPECT_EQ(s.r[2] & kRmodeMask, kRmodeRz);
  EXPECT_NE(s.r[3] & kControlFpca, 0u);
}

TEST(FpCheckCache, MsrControlClearingSfpaStartsANewSecureContext) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + kFpdscrRoundToZero + R"(
    isb
    vmov.f32 s0, #1.0        @ new context: FPCA = SFPA = 1
    movs r1, #0
    vmsr fpscr, r1           @ RMode = RN
    mrs r1, control
    bic r1, r1, #8
    msr control, r1          @ CONTROL_S.SFPA = 0 (FPCA stays 1)
    isb
    vmrs r2, fpscr           @ Secure with SFPA = 0: new context
    mrs r3, control
    b corsim_end
  )"));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.r[2] & kRmodeMask, kRmodeRz);
  EXPECT_NE(s.r[3] & kControlSfpa, 0u);
}

TEST(FpCheckCache, VmrsFpcxtSClearingSfpaStartsANewSecureContext) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + R"(
    isb
    vmov.f32 s0, #1.0        @ new context: FPCA = SFPA = 1
    vmrs r1, fpcxt_s         @ hands the context over: CONTROL_S.SFPA = 0
    mrs r2, control
    vadd.i32 q1, q0, q0      @ Secure with SFPA = 0: new context, SFPA = 1
    mrs r3, control
    b corsim_end
  )"));
  ArchState& s = p.h.s();
  EXPECT_NE(s.r[1] >> 31, 0u) << "FPCXT_S.SFPA read as 1";
  EXPECT_EQ(s.r[2] & kControlSfpa, 0u);
  EXPECT_NE(s.r[3] & kControlSfpa, 0u);
}

TEST(FpCheckCache, VmsrFpcxtSClearingSfpaStartsANewSecureContext) {
  Platform p;
  ASSERT_TRUE(p.run(kFullFpuAccess + kFpdscrRoundToZero + R"(
    isb
    vmov.f32 s0, #1.0        @ new context: FPCA = SFPA = 1
    movs r1, #0
    vmsr fpcxt_s, r1         @ CONTROL_S.SFPA = 0, FPSCR = 0 (RMode = RN)
    mrs r2, control
    vmrs r3, fpscr           @ Secure with SFPA = 0: new context, RMode from FPDSCR
    mrs r4, control
    b corsim_end
  )"));
  ArchState& s = p.h.s();
  EXPECT_EQ(s.r[2] & kControlSfpa, 0u);
  EXPECT_EQ(s.r[3] & kRmodeMask, kRmodeRz);
  EXPECT_NE(s.r[4] & kControlSfpa, 0u);
}

// Tools and tests change the registers directly between runs; Cpu::run starts by forgetting.
TEST(FpCheckCache, CpacrChangedBetweenRunsFaultsTheNextFpInstruction) {
  Platform p;
  ASSERT_TRUE(p.h.load(".fpu fpv5-d16\n" R"(
    vmov.f32 s0, #1.0
  nocp_insn:
    vmov.f32 s1, #1.0
    b corsim_end
  )" + kFaultHandler));
  p.h.cpu().exceptions().regs().cpacr = 0x00F0'0000u;
  p.h.cpu().run(1);  // the first VMOV passes
  ASSERT_EQ(p.h.s().ext[0], kOne);
  p.h.cpu().exceptions().regs().cpacr = 0;
  p.h.cpu().run(5000);
  ArchState& s = p.h.s();
  ASSERT_TRUE(p.h.reached_end());
  EXPECT_EQ(s.r[1], p.h.symbol("nocp_insn"));
  EXPECT_NE(s.r[2] & kCfsrNocp, 0u);
  EXPECT_EQ(s.ext[1], 0u);
}

}  // namespace
}  // namespace corsim::cpu::systest
