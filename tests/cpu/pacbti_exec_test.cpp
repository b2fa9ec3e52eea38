// The Armv8.1-M PACBTI extension, executed (docs/cpu.md "PACBTI"): without it (Cortex-M55) the
// hint forms are NOPs and the rest UNDEFINED; with it (Cortex-M85) PAC/AUT round trips and
// authentication faults, the keys, the CONTROL enables per privilege, branch target checks per
// kind of branch, and EPSR.B across exception entry and return. Programs are assembled by
// arm-none-eabi-as at run time; expected PACs come from compute_pac_m, whose cipher is checked
// against the published QARMA vector in pacbti_decode_test.cpp.
#include <gtest/gtest.h>

#include "cpu/isa/pac_algorithm.h"
#include "tests/cpu/pacbti_helpers.h"

namespace corsim::cpu::test {
namespace {

using namespace pacbti;

// ---- without the extension (Cortex-M55) ----

TEST(PacbtiOff, HintFormsAreNops) {
  CpuHarness h(m55());
  ASSERT_TRUE(h.load(std::string(R"(
  movs r0, #0xF0
  msr control, r0
  mrs r1, control
  ldr r12, =0x12345678
  ldr lr, =0x00001235
  pac r12, lr, sp
  pacbti r12, lr, sp
  bti
  aut r12, lr, sp
  adr r2, plain
  adds r2, #1
  blx r2
.balign 4
plain:
  movs r3, #7
)") + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0u) << "CONTROL bits 7:4 are RES0 without PACBTI";
  EXPECT_EQ(h.s().r[12], 0x12345678u);
  EXPECT_EQ(h.s().r[3], 7u);
}

TEST(PacbtiOff, NonHintFormsAreUndefined) {
  for (const uint32_t e : {pacg(1, 2, 3), autg(1, 2, 3), bxaut(1, 2, 3), mrs(0, kKeyP0), msr(kKeyU0, 0)}) {
    CpuHarness h(m55());
    ASSERT_TRUE(h.load("  ldr r2, =0x101\nfaulting:\n  " + inst(e) + "\n" + kHandler));
    EXPECT_EQ(h.run(), StopReason::FaultHang) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::UndefinedInstruction) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("faulting")) << hex(e);
    EXPECT_TRUE(cfsr(h) & cfsr::kUndefinstr) << hex(e);
  }
}

// ---- with the extension (Cortex-M85) ----

// Keys set, PAC enabled for privileged and unprivileged code.
std::string pac_setup() {
  return set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + "  movs r0, #0xC0\n  msr control, r0\n  isb\n";
}

TEST(PacbtiOn, PacThenAutRoundTrip) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + R"(
  ldr lr, =0x00001235
  pac r12, lr, sp
  mov r5, r12
  aut r12, lr, sp
  pacbti r12, lr, sp
  mov r6, r12
  aut r12, lr, sp
  mov r7, sp
)" + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end()) << fault_name(h.cpu().last_fault().fault.kind);
  // PAC R12, LR, SP: the PAC of LR (data) with SP (modifier) under the privileged key.
  EXPECT_EQ(h.s().r[5], compute_pac_m(0x1235u, h.s().r[7], kKeyP));
  EXPECT_EQ(h.s().r[6], h.s().r[5]);
}

// A program that signs LR, changes one input, and authenticates at `aut_insn`.
void expect_aut_fault(const std::string& tamper) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + "  ldr lr, =0x00001235\n  pac r12, lr, sp\n" + tamper +
                     "\naut_insn:\n  aut r12, lr, sp\n" + kHandler));
  EXPECT_EQ(h.run(), StopReason::FaultHang) << tamper;
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::PacAuthFailure) << tamper;
  EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("aut_insn")) << tamper;
  EXPECT_EQ(cfsr(h), cfsr::kInvstate) << tamper;
  // The stacked return address is the AUT itself (the instruction did not complete).
  EXPECT_EQ(h.word(h.s().r[13] + 24), h.symbol("aut_insn")) << tamper;
}

TEST(PacbtiOn, TamperedInputFaultsAtAut) {
  expect_aut_fault("  eor lr, lr, #4");            // one bit of the return address
  expect_aut_fault("  eor lr, lr, #0x80000000");   // the top bit
  expect_aut_fault("  eor r12, r12, #1");          // the PAC
  expect_aut_fault("  sub sp, #8");                // the modifier
  expect_aut_fault("  ldr r0, =0x1\n  " + inst(msr(kKeyP0 + 3, 0)));  // the key
}

TEST(PacbtiOn, ControlSelectsKeyAndEnableByPrivilege) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + R"(
  ldr lr, =0x00002001
  pac r12, lr, sp
  mov r5, r12
  movs r0, #0xC1
  msr control, r0
  isb
  pac r12, lr, sp
  mov r6, r12
  mov r7, sp
)" + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[5], compute_pac_m(0x2001u, h.s().r[7], kKeyP)) << "privileged: PAC_KEY_P";
  EXPECT_EQ(h.s().r[6], compute_pac_m(0x2001u, h.s().r[7], kKeyU)) << "unprivileged: PAC_KEY_U";
}

TEST(PacbtiOn, HandlerModeIsPrivileged) {
  // Unprivileged Thread code calls SVC; the handler (Handler mode is privileged whatever
  // CONTROL.nPRIV says) signs its EXC_RETURN with PAC_KEY_P.
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + R"(
  movs r0, #0xC1
  msr control, r0
  isb
  svc #0
  b corsim_end
handler:
  mov r6, lr
  mov r7, sp
  pac r12, lr, sp
  mov r5, r12
  bx lr
)"));
  h.run();
  ASSERT_TRUE(h.reached_end()) << fault_name(h.cpu().last_fault().fault.kind);
  EXPECT_EQ(h.s().r[6] >> 24, 0xFFu) << "r6 holds the EXC_RETURN";
  EXPECT_EQ(h.s().r[5], compute_pac_m(h.s().r[6], h.s().r[7], kKeyP));
  EXPECT_NE(h.s().r[5], compute_pac_m(h.s().r[6], h.s().r[7], kKeyU));
}

TEST(PacbtiOn, EnableBitOfTheOtherPrivilegeLeavesPacANop) {
  // Privileged code with only UPAC_EN (0x80); unprivileged code with only PAC_EN (0x41).
  for (const char* control : {"0x80", "0x41"}) {
    CpuHarness h(m85());
    ASSERT_TRUE(h.load(set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + "  movs r0, #" + control +
                       "\n  msr control, r0\n  isb\n  ldr r12, =0x5A5A5A5A\n  ldr lr, =0x3001\n"
                       "  pac r12, lr, sp\n  aut r12, lr, sp\n" + kHandler));
    h.run();
    ASSERT_TRUE(h.reached_end()) << control;
    EXPECT_EQ(h.s().r[12], 0x5A5A5A5Au) << control;
  }
}

TEST(PacbtiOn, KeysThroughMrsMsr) {
  CpuHarness h(m85());
  const std::array<uint32_t, 4> ns_p = {1, 2, 3, 4}, ns_u = {5, 6, 7, 8};
  std::string src = set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + set_key(kKeyP0 + kNs, ns_p) +
                    set_key(kKeyU0 + kNs, ns_u);
  // Read back into memory at 0x20000000: P, U, P_NS, U_NS.
  src += "  ldr r1, =0x20000000\n";
  for (unsigned base : {kKeyP0, kKeyU0, kKeyP0 + kNs, kKeyU0 + kNs})
    for (unsigned i = 0; i < 4; ++i) src += "  " + inst(mrs(2, base + i)) + "\n  str r2, [r1], #4\n";
  // Unprivileged: reads as zero, writes ignored.
  src += "  movs r0, #1\n  msr control, r0\n  isb\n  ldr r0, =0xFFFFFFFF\n  " + inst(msr(kKeyP0, 0)) + "\n  " +
         inst(mrs(8, kKeyP0)) + "\n  " + inst(mrs(9, kKeyU0 + 1)) + "\n";
  ASSERT_TRUE(h.load(src + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end());
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(h.word(kDataBase + 4 * i), kKeyP[i]);
    EXPECT_EQ(h.word(kDataBase + 16 + 4 * i), kKeyU[i]);
    EXPECT_EQ(h.word(kDataBase + 32 + 4 * i), ns_p[i]);
    EXPECT_EQ(h.word(kDataBase + 48 + 4 * i), ns_u[i]);
  }
  EXPECT_EQ(h.s().pac_key_p[1], kKeyP) << "the unprivileged write was ignored";
  EXPECT_EQ(h.s().pac_key_p[0], ns_p);
  EXPECT_EQ(h.s().r[8], 0u);
  EXPECT_EQ(h.s().r[9], 0u);
}

TEST(PacbtiOn, PacgAutgBxaut) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + "  ldr r2, =0xCAFEF00D\n  ldr r3, =0x01234567\n  " + inst(pacg(1, 2, 3)) +
                     "\n  " + inst(autg(1, 2, 3)) + "\n  adr r2, landed\n  adds r2, #1\n  " + inst(pacg(4, 2, 3)) +
                     "\n  " + inst(bxaut(4, 2, 3)) + "\n  movs r6, #1\nlanded:\n  movs r7, #2\n" + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end()) << fault_name(h.cpu().last_fault().fault.kind);
  EXPECT_EQ(h.s().r[1], compute_pac_m(0xCAFEF00Du, 0x01234567u, kKeyP));
  EXPECT_EQ(h.s().r[6], 0u) << "BXAUT branched";
  EXPECT_EQ(h.s().r[7], 2u);
}

TEST(PacbtiOn, AutgAndBxautFaultOnAWrongPac) {
  for (const uint32_t e : {autg(1, 2, 3), bxaut(1, 2, 3)}) {
    CpuHarness h(m85());
    ASSERT_TRUE(h.load(pac_setup() + "  ldr r2, =0x101\n  movs r3, #9\n  " + inst(pacg(1, 2, 3)) +
                       "\n  adds r1, #1\nfaulting:\n  " + inst(e) + "\n" + kHandler));
    EXPECT_EQ(h.run(), StopReason::FaultHang) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::PacAuthFailure) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("faulting")) << hex(e);
    EXPECT_EQ(cfsr(h), cfsr::kInvstate) << hex(e);
  }
}

// ---- branch target identification ----

// Enables BTI with `control`, branches to `target` with `branch` (r1 = target | 1, r2 -> a word
// holding it), and lands on `landing` (empty for a plain instruction).
struct BtiCase {
  const char* control;
  std::string branch;
  const char* landing;
  bool faults;
};

void run_bti_case(const BtiCase& c) {
  CpuHarness h(m85());
  const std::string src = std::string("  movs r0, #") + c.control + "\n  msr control, r0\n  isb\n" +
                          "  adr r1, target\n  adds r1, #1\n  ldr r2, =0x20000000\n  str r1, [r2]\n" +
                          "  push {r1}\n  push {r1}\n  " + c.branch + "\n  b corsim_end\n.balign 4\ntarget:\n  " + c.landing +
                          "\n  movs r3, #1\n" + kHandler;
  ASSERT_TRUE(h.load(src));
  const StopReason why = h.run();
  const std::string what = c.branch + " / " + c.landing + " / CONTROL " + c.control;
  if (!c.faults) {
    EXPECT_TRUE(h.reached_end()) << what << ": " << fault_name(h.cpu().last_fault().fault.kind);
    EXPECT_EQ(h.s().r[3], 1u) << what;
    EXPECT_FALSE(h.s().epsr_b) << what;
    return;
  }
  EXPECT_EQ(why, StopReason::FaultHang) << what;
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::BranchTargetCheck) << what;
  EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("target")) << what;
  EXPECT_EQ(cfsr(h), cfsr::kInvstate) << what;
  // The frame holds the landing address and EPSR.B (xPSR bit 21); the handler runs with B clear.
  EXPECT_EQ(h.word(h.s().r[13] + 24), h.symbol("target")) << what;
  EXPECT_TRUE(h.word(h.s().r[13] + 28) & (1u << 21)) << what;
  EXPECT_FALSE(h.s().epsr_b) << what;
}

TEST(PacbtiBti, InterworkingBranchesMustLandOnBti) {
  // BXWritePC / BLXWritePC / LoadWritePC set EPSR.B: BX, BLX, BXNS and BLXNS (to Secure code, bit 0
  // set), LDR PC, LDM {PC}, BXAUT (not returns).
  for (const std::string& branch : {std::string("bx r1"), std::string("blx r1"), std::string("bxns r1"),
                                    std::string("blxns r1"), std::string("ldr pc, [r2]"), std::string("ldr.w pc, [r2]"), std::string("ldm r2, {pc}"),
                             std::string("add r2, #4\n  ldr pc, [r2, #-4]"), inst(bxaut(12, 1, 13))}) {
    run_bti_case({"0x10", branch, "nop", true});
    run_bti_case({"0x10", branch, "bti", false});
    run_bti_case({"0x10", branch, "pacbti r12, lr, sp", false});
    run_bti_case({"0x00", branch, "nop", false});  // BTI disabled
  }
}

TEST(PacbtiBti, DirectBranchesAndReturnsAreNotChecked) {
  // B/BL (direct), MOV PC (ALUWritePC = BranchWritePC) and the function returns (BX LR, POP {PC},
  // LDR PC from the stack, BXAUT through LR) do not set EPSR.B.
  for (const std::string& branch : {std::string("b target"), std::string("bl target"), std::string("mov pc, r1"),
                                    std::string("mov lr, r1\n  bx lr"), std::string("mov lr, r1\n  bxns lr"),
                                    std::string("pop {pc}"),
                                    std::string("ldr pc, [sp], #4"), std::string("pop.w {r4, pc}"),
                                    "mov lr, r1\n  " + inst(bxaut(12, 14, 13))})
    run_bti_case({"0x10", branch, "nop", false});
}

TEST(PacbtiBti, EnableFollowsPrivilege) {
  run_bti_case({"0x21", "bx r1", "nop", true});   // unprivileged with UBTI_EN
  run_bti_case({"0x11", "bx r1", "nop", false});  // unprivileged with only BTI_EN
  run_bti_case({"0x20", "bx r1", "nop", false});  // privileged with only UBTI_EN
}

// An exception taken between an interworking branch and its target stacks EPSR.B and clears it;
// the return restores it, so the target is still checked.
void run_interrupted_branch(const char* landing, bool faults) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(std::string("  movs r0, #0x10\n  msr control, r0\n  isb\n  adr r1, target\n  adds r1, #1\n") +
                     "branch:\n  bx r1\n.balign 4\ntarget:\n  " + landing + "\n  movs r3, #1\n" + kHandler));
  while (h.s().r[15] != h.symbol("branch")) ASSERT_EQ(h.cpu().run(1), StopReason::CycleLimit);
  h.cpu().run(1);  // the BX
  ASSERT_TRUE(h.s().epsr_b);
  h.cpu().exceptions().set_pending(kExcPendSv, true);
  const StopReason why = h.run();
  EXPECT_TRUE(h.s().r[4] & (1u << 21)) << landing << ": PendSV's frame holds EPSR.B";
  if (faults) {
    EXPECT_EQ(why, StopReason::FaultHang) << landing;
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::BranchTargetCheck) << landing;
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("target")) << landing;
  } else {
    EXPECT_TRUE(h.reached_end()) << landing;
    EXPECT_EQ(h.s().r[3], 1u);
  }
}

TEST(PacbtiBti, ExceptionEntryAndReturnKeepEpsrB) {
  run_interrupted_branch("bti", false);
  run_interrupted_branch("nop", true);
}


}  // namespace
}  // namespace corsim::cpu::test
