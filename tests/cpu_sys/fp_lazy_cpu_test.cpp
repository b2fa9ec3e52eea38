// Lazy floating-point state preservation on the Cpu: programs assembled by arm-none-eabi-as whose
// SVC handler does or does not use the FPU (Arm DDI 0553: ExecuteFPCheck calls PreserveFPState
// while FPCCR.LSPACT is set; ExceptionReturn clears LSPACT or reloads the extended frame).
// Expected values are hand-computed from the pseudocode and the IEEE encodings of the constants.
#include <gtest/gtest.h>

#include <string>

#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::systest {
namespace {

using test::CpuHarness;

constexpr uint32_t kOne = 0x3F80'0000u, kTwo = 0x4000'0000u, kThree = 0x4040'0000u, kFour = 0x4080'0000u;

// Thread: creates an FP context, remembers SP in r7, calls SVC, then reads S0-S2 and CONTROL.
const std::string kThread = R"(
    .fpu fpv5-d16
    vmov.f32 s0, #1.0
    vmov.f32 s1, #2.0
    mov r7, sp
    svc #0
    vmov r4, s0
    vmov r5, s1
    vmov r6, s2
    mrs r8, control
    b corsim_end
)";

bool load(CpuHarness& h, const std::string& handler) {
  if (!h.load(kThread + "svc_handler:\n" + handler)) return false;
  h.set_word(11 * 4, h.symbol("svc_handler") | 1u);
  h.cpu().exceptions().regs().cpacr = 0xFu << 20;
  return true;
}

TEST(FpLazyCpu, FirstFpInstructionInHandlerSavesThreadRegisters) {
  CpuHarness h;
  ASSERT_TRUE(load(h, R"(
    mrs r9, control          @ FPCA and SFPA cleared on entry
    vmov.f32 s0, #3.0        @ PreserveFPState, then the new context
    vmov.f32 s2, #4.0
    vmov r11, s0
    mov r10, lr
    bx lr
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  const uint32_t frame = h.s().r[7] - 0x68;  // extended frame below the thread's SP
  EXPECT_EQ(h.word(frame + 0x20), kOne);     // S0 as the thread left it
  EXPECT_EQ(h.word(frame + 0x24), kTwo);     // S1
  EXPECT_EQ(h.word(frame + 0x28), 0u);       // S2
  EXPECT_EQ(h.s().r[10], 0xFFFF'FFE9u);      // EXC_RETURN with FType = 0
  EXPECT_EQ(h.s().r[9] & 0xCu, 0u);
  EXPECT_EQ(h.s().r[11], kThree);
  EXPECT_EQ(h.s().r[4], kOne);  // restored from the frame on return
  EXPECT_EQ(h.s().r[5], kTwo);
  EXPECT_EQ(h.s().r[6], 0u);    // the handler's S2 = 4.0 is gone
  EXPECT_EQ(h.s().r[8] & 0xCu, 0xCu);  // FPCA (= NOT FType) and SFPA (stacked xPSR[20])
  EXPECT_EQ(h.cpu().exceptions().regs().fpccr & 1u, 0u);  // LSPACT clear
  EXPECT_EQ(h.cpu().exceptions().regs().fpcar, frame + 0x20);
  EXPECT_EQ(h.s().r[13], h.s().r[7]);
}

TEST(FpLazyCpu, HandlerWithoutFpLeavesFrameUnwritten) {
  CpuHarness h;
  ASSERT_TRUE(load(h, R"(
    mov r10, lr
    bx lr
  )"));
  const uint32_t frame = test::kStackTop - 0x68;
  for (uint32_t a = frame + 0x20; a < frame + 0x68; a += 4) h.set_word(a, 0xA5A5'A5A5u);
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[7], test::kStackTop);
  EXPECT_EQ(h.word(frame + 0x20), 0xA5A5'A5A5u);  // never stored
  EXPECT_EQ(h.s().r[4], kOne);                    // still in the registers
  EXPECT_EQ(h.s().r[5], kTwo);
  EXPECT_EQ(h.cpu().exceptions().regs().fpccr & 1u, 0u);  // cleared by the return
}

TEST(FpLazyCpu, ImmediateStackingWhenLspenIsClear) {
  CpuHarness h;
  ASSERT_TRUE(load(h, R"(
    vmov r11, s0             @ stacked registers read as zero in the handler
    bx lr
  )"));
  h.cpu().exceptions().regs().fpccr &= ~(1u << 30);  // LSPEN = 0
  h.run();
  ASSERT_TRUE(h.reached_end());
  const uint32_t frame = h.s().r[7] - 0x68;
  EXPECT_EQ(h.word(frame + 0x20), kOne);
  EXPECT_EQ(h.word(frame + 0x24), kTwo);
  EXPECT_EQ(h.s().r[11], 0u);
  EXPECT_EQ(h.s().r[4], kOne);
  EXPECT_EQ(h.s().r[5], kTwo);
}

// The thread's FP area lies beyond the end of the data RAM (0x20100000): the basic frame is
// stored, lazy preservation hits a bus error. BusFault was disabled when the frame was reserved
// (FPCCR.BFRDY = 0), so it escalates to HardFault, which preempts SVCall: the handler's first FP
// instruction does not execute and is the HardFault's return address.
TEST(FpLazyCpu, BusErrorDuringPreservationTakesHardFaultBeforeTheInstruction) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    .fpu fpv5-d16
    vmov.f32 s0, #1.0
    ldr r0, =0x20100048
    mov sp, r0
    svc #0
    b corsim_end
  svc_handler:
    vmov.f32 s3, #4.0
    b corsim_end
  handler:
    ldr r1, [sp, #24]        @ stacked return address
    b corsim_end
  )"));
  h.set_word(11 * 4, h.symbol("svc_handler") | 1u);
  h.cpu().exceptions().regs().cpacr = 0xFu << 20;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], h.symbol("svc_handler"));
  const auto& regs = h.cpu().exceptions().regs();
  EXPECT_NE(regs.cfsr & (1u << 13), 0u) << "BFSR.LSPERR";
  EXPECT_NE(regs.hfsr & (1u << 30), 0u) << "HFSR.FORCED";
  EXPECT_EQ(regs.fpccr & 1u, 1u) << "LSPACT stays set";
  EXPECT_EQ(h.s().ipsr, 3u);
  EXPECT_EQ(h.s().ext[3], 0u) << "the FP instruction did not execute";
}

TEST(FpLazyCpu, FaultTakenInsideItBlockKeepsItState) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    .fpu fpv5-d16
    vmov.f32 s0, #1.0
    ldr r0, =0x20100048
    mov sp, r0
    svc #0
    b corsim_end
  svc_handler:
    cmp r0, r0
    it eq
  fp_insn:
    vmoveq.f32 s0, #3.0
    b corsim_end
  handler:
    ldr r1, [sp, #24]
    ldr r2, [sp, #28]
    b corsim_end
  )"));
  h.set_word(11 * 4, h.symbol("svc_handler") | 1u);
  h.cpu().exceptions().regs().cpacr = 0xFu << 20;
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], h.symbol("fp_insn"));
  // ITSTATE for "IT EQ" with one instruction: firstcond = 0000, mask = 1000 -> IT[7:0] = 0x08;
  // stacked as IT[1:0] in xPSR[26:25] and IT[7:2] in xPSR[15:10].
  EXPECT_EQ((h.s().r[2] >> 10) & 0x3Fu, 0x08u >> 2);
  EXPECT_EQ((h.s().r[2] >> 25) & 0x3u, 0u);
  EXPECT_EQ(h.s().ipsr, 3u);
}

}  // namespace
}  // namespace corsim::cpu::systest
