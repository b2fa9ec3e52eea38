// Exception entry/return, priorities, escalation and lockup (Arm DDI 0553 B3 pseudocode:
// PushStack, ExceptionTaken, ExceptionReturn, ExecutionPriority). Expected values are derived by
// hand from the pseudocode in the comments.
#include <gtest/gtest.h>

#include "cpu/exceptions/stack_pointers.h"
#include "harness.h"

namespace corsim::cpu::test {
namespace {

TEST(ExceptionReset, LoadsSpAndEntryFromVectorTable) {
  Harness h;
  EXPECT_EQ(h.state.r[13], kStackTop);
  EXPECT_EQ(h.state.msp[1], kStackTop);
  EXPECT_EQ(h.state.r[15], handler_address(1));  // bit 0 cleared
  EXPECT_TRUE(h.state.t);
  EXPECT_EQ(h.state.r[14], 0xFFFFFFFFu);         // TakeReset: LR = 0xFFFFFFFF
  EXPECT_EQ(h.state.ipsr, 0u);
  EXPECT_TRUE(h.state.secure);
  EXPECT_EQ(h.exc.regs().vtor[1], kVtor);
  EXPECT_EQ(h.exc.regs().ccr[1], 0x201u);        // STKALIGN and bit 0 RES1 in Armv8-M
}

TEST(ExceptionReset, EntryWithoutThumbBitClearsT) {
  Harness h;
  h.poke(kVtor + 4, 0x10000200u);
  ASSERT_TRUE(h.exc.reset(kVtor));
  EXPECT_FALSE(h.state.t);
  EXPECT_EQ(h.state.r[15], 0x10000200u);
}

TEST(ExceptionReset, UnreadableTableFails) {
  Harness h;
  EXPECT_FALSE(h.exc.reset(0x5000'0000u));
}

// Puts recognisable values into the registers the frame holds.
void fill_registers(ArchState& s) {
  for (unsigned i = 0; i < 13; ++i) s.r[i] = 0x100 + i;
  s.r[14] = 0x10002001u;
  s.n = true; s.c = true; s.q = true; s.ge = 0x5;
}

TEST(ExceptionEntry, InterruptFromThreadOnMspStacksBasicFrame) {
  Harness h;
  fill_registers(h.state);
  h.exc.set_irq_enabled(3, true);
  h.exc.irq_sink().set_irq_level(3, true);
  ASSERT_EQ(h.step_interrupts(0x10000400u), 16u + 3);
  // SP was 8-byte aligned: frame = SP - 0x20, no padding.
  const uint32_t frame = kStackTop - 0x20;
  EXPECT_EQ(h.state.r[13], frame);
  EXPECT_EQ(h.peek(frame + 0x00), 0x100u);         // R0
  EXPECT_EQ(h.peek(frame + 0x04), 0x101u);         // R1
  EXPECT_EQ(h.peek(frame + 0x08), 0x102u);         // R2
  EXPECT_EQ(h.peek(frame + 0x0C), 0x103u);         // R3
  EXPECT_EQ(h.peek(frame + 0x10), 0x10Cu);         // R12
  EXPECT_EQ(h.peek(frame + 0x14), 0x10002001u);    // LR
  EXPECT_EQ(h.peek(frame + 0x18), 0x10000400u);    // ReturnAddress
  // xPSR: N (31), C (29), Q (27), GE = 0b0101 ([19:16]), T (24), IPSR 0, bit 9 clear.
  EXPECT_EQ(h.peek(frame + 0x1C), (1u << 31) | (1u << 29) | (1u << 27) | (0x5u << 16) | (1u << 24));
  // EXC_RETURN: Secure, DCRS, basic frame, Thread, MSP -> 0xFFFFFFF9.
  EXPECT_EQ(h.state.r[14], 0xFFFFFFF9u);
  EXPECT_EQ(h.state.r[15], handler_address(19));
  EXPECT_TRUE(h.exc.is_active(19));
  EXPECT_FALSE(h.exc.is_pending(19));
  EXPECT_TRUE(h.state.handler_mode());
}

TEST(ExceptionEntry, UnalignedSpInsertsPaddingAndReturnRestoresIt) {
  Harness h;
  fill_registers(h.state);
  h.state.r[13] = kStackTop - 4;  // SP[2] = 1
  h.exc.set_pending(kExcPendSv, true);
  ASSERT_EQ(h.step_interrupts(0x10000500u), uint32_t{kExcPendSv});
  const uint32_t frame = (kStackTop - 4 - 0x20) & ~4u;  // = kStackTop - 0x28
  EXPECT_EQ(frame, kStackTop - 0x28);
  EXPECT_EQ(h.state.r[13], frame);
  EXPECT_EQ(h.peek(frame + 0x1C) & (1u << 9), 1u << 9);  // padding recorded in xPSR[9]
  for (unsigned i = 0; i < 4; ++i) h.state.r[i] = 0;
  ASSERT_TRUE(h.exc.exception_return(h.state.r[14]));
  EXPECT_EQ(h.state.r[13], kStackTop - 4);
  EXPECT_EQ(h.state.r[15], 0x10000500u);
  EXPECT_EQ(h.state.r[0], 0x100u);
  EXPECT_EQ(h.state.r[3], 0x103u);
  EXPECT_EQ(h.state.ipsr, 0u);
  EXPECT_TRUE(h.state.n && h.state.c && h.state.q && !h.state.z && !h.state.v);
  EXPECT_EQ(h.state.ge, 0x5);
}

TEST(ExceptionEntry, ThreadOnPspUsesPspFrameAndMspInHandler) {
  Harness h;
  const uint32_t psp = 0x30004000u;
  write_sp(h.state, true, true, psp);
  save_active_sp(h.state);
  h.state.control[1] |= 2u;  // SPSEL
  load_active_sp(h.state);
  ASSERT_EQ(h.state.r[13], psp);
  h.exc.set_pending(kExcPendSv, true);
  ASSERT_EQ(h.step_interrupts(0x10000600u), uint32_t{kExcPendSv});
  EXPECT_EQ(h.state.r[14], 0xFFFFFFFDu);  // Thread, PSP
  EXPECT_EQ(h.state.r[13], kStackTop);     // handler runs on MSP
  EXPECT_EQ(h.state.psp[1], psp - 0x20);
  EXPECT_EQ(h.peek(psp - 0x20 + 0x18), 0x10000600u);
  EXPECT_EQ(h.state.control[1] & 2u, 0u);  // SPSEL cleared in Handler mode
  ASSERT_TRUE(h.exc.exception_return(0xFFFFFFFDu));
  EXPECT_EQ(h.state.r[13], psp);
  EXPECT_EQ(h.state.control[1] & 2u, 2u);
  EXPECT_EQ(h.state.msp[1], kStackTop);
}

TEST(ExceptionEntry, NestedEntryGivesHandlerExcReturn) {
  Harness h;
  h.exc.set_raw_priority(kExcPendSv, 0xE0);
  h.exc.set_irq_enabled(0, true);
  h.exc.set_raw_priority(16, 0x20);
  h.exc.set_pending(kExcPendSv, true);
  ASSERT_EQ(h.step_interrupts(0x10000700u), uint32_t{kExcPendSv});
  h.exc.set_pending(16, true);
  ASSERT_EQ(h.step_interrupts(0x10001040u), 16u);
  EXPECT_EQ(h.state.r[14], 0xFFFFFFF1u);  // Handler mode, MSP
  ASSERT_TRUE(h.exc.exception_return(0xFFFFFFF1u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcPendSv});
  EXPECT_EQ(h.state.r[15], 0x10001040u);
  EXPECT_EQ(h.state.r[14], 0xFFFFFFF9u);  // restored from the frame
}

TEST(ExceptionEntry, VectorWithoutThumbBitClearsT) {
  Harness h;
  h.poke(kVtor + 4 * kExcPendSv, 0x10003000u);
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  EXPECT_FALSE(h.state.t);
  EXPECT_EQ(h.state.r[15], 0x10003000u);
}

TEST(ExceptionEntry, ItStateIsClearedAndRestored) {
  Harness h;
  h.state.itstate = 0x68;  // IT[7:0] = 0b0110'1000
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  EXPECT_EQ(h.state.itstate, 0);
  // xPSR: IT[1:0] at [26:25] = 0, IT[7:2] = 0b011010 at [15:10].
  EXPECT_EQ(h.peek(kStackTop - 0x20 + 0x1C) & 0x0600FC00u, 0x1Au << 10);
  ASSERT_TRUE(h.exc.exception_return(h.state.r[14]));
  EXPECT_EQ(h.state.itstate, 0x68);
}

TEST(Priority, DisabledInterruptIsNotTaken) {
  Harness h;
  h.exc.set_pending(16 + 5, true);
  EXPECT_FALSE(h.exc.should_take());
  EXPECT_FALSE(h.exc.attention());
  h.exc.set_irq_enabled(5, true);
  EXPECT_TRUE(h.exc.attention());
  EXPECT_TRUE(h.exc.should_take());
}

TEST(Priority, PrimaskBlocksConfigurablePriorityButNotNmi) {
  Harness h;
  h.state.primask[1] = 1;
  h.exc.set_irq_enabled(0, true);
  h.exc.set_pending(16, true);
  EXPECT_FALSE(h.exc.should_take());
  EXPECT_TRUE(h.exc.wakeup_pending());  // WFI still wakes (PRIMASK ignored for wake-up)
  h.exc.set_pending(kExcNmi, true);
  EXPECT_TRUE(h.exc.should_take());
  h.exc.take(0x10000400u);
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcNmi});
}

TEST(Priority, BasepriMasksEqualAndLowerPriority) {
  Harness h;
  h.exc.set_irq_enabled(0, true);
  h.exc.set_irq_enabled(1, true);
  h.exc.set_raw_priority(16, 0x40);
  h.exc.set_raw_priority(17, 0x20);
  h.state.basepri[1] = 0x40;
  h.exc.set_pending(16, true);
  EXPECT_FALSE(h.exc.should_take());  // 0x40 is not < 0x40
  h.exc.set_pending(17, true);
  EXPECT_TRUE(h.exc.should_take());   // 0x20 < 0x40
  h.exc.take(0);
  EXPECT_EQ(h.state.ipsr, 17u);
}

TEST(Priority, FaultmaskBlocksEverythingButNmi) {
  Harness h;
  h.state.faultmask[1] = 1;
  EXPECT_EQ(h.exc.execution_priority(), -1);
  h.exc.set_pending(kExcPendSv, true);
  EXPECT_FALSE(h.exc.should_take());
}

TEST(Priority, ImplementedBitsAndPrigroup) {
  Harness h;  // 3 priority bits: [7:5]
  h.exc.set_raw_priority(16, 0xFF);
  EXPECT_EQ(h.exc.raw_priority(16), 0xE0);
  // PRIGROUP = 5: group priority is bits [7:6], subpriority [5:0].
  h.exc.regs().prigroup = 5;
  EXPECT_EQ(h.exc.group_priority(0xE0), 0xC0);
  // An active exception of priority 0x40 is not preempted by 0x60 (same group 0x40).
  h.exc.set_raw_priority(kExcPendSv, 0x40);
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0);
  h.exc.set_irq_enabled(0, true);
  h.exc.set_raw_priority(16, 0x60);
  h.exc.set_pending(16, true);
  EXPECT_FALSE(h.exc.should_take());
  h.exc.set_raw_priority(16, 0x20);  // group 0x00 < 0x40
  EXPECT_TRUE(h.exc.should_take());
}

TEST(Priority, TieBrokenByLowerExceptionNumber) {
  Harness h;
  h.exc.set_irq_enabled(2, true);
  h.exc.set_irq_enabled(7, true);
  h.exc.set_pending(16 + 7, true);
  h.exc.set_pending(16 + 2, true);
  EXPECT_EQ(h.exc.vect_pending(), 18u);
}

TEST(Faults, DisabledUsageFaultEscalatesToHardFault) {
  Harness h;
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::UndefinedInstruction, 0}, 0x10000410u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});
  EXPECT_EQ(h.exc.regs().cfsr, cfsr::kUndefinstr);
  EXPECT_EQ(h.exc.regs().hfsr, hfsr::kForced);
  EXPECT_EQ(h.peek(kStackTop - 0x20 + 0x18), 0x10000410u);  // faulting instruction
  EXPECT_TRUE(h.exc.is_fault_handler_active());
}

TEST(Faults, EnabledUsageFaultIsTakenItself) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::DivideByZero, 0}, 0x10000420u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcUsageFault});
  EXPECT_EQ(h.exc.regs().cfsr, cfsr::kDivbyzero);
  EXPECT_EQ(h.exc.regs().hfsr, 0u);
}

TEST(Faults, BusFaultRecordsBfar) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kBusFaultEna;
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::PreciseDataBusError, 0x50000000u}, 0x10000430u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcBusFault});
  EXPECT_EQ(h.exc.regs().cfsr, cfsr::kPreciserr | cfsr::kBfarvalid);
  EXPECT_EQ(h.exc.regs().bfar, 0x50000000u);
}

TEST(Faults, FaultInHardFaultIsLockup) {
  Harness h;
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::UndefinedInstruction, 0}, 0x10000410u));
  EXPECT_FALSE(h.exc.raise_fault(Fault{FaultKind::UndefinedInstruction, 0}, handler_address(3)));
  EXPECT_TRUE(h.exc.locked_up());
}

TEST(Faults, FaultWithFaultmaskIsLockup) {
  Harness h;
  h.state.faultmask[1] = 1;
  EXPECT_FALSE(h.exc.raise_fault(Fault{FaultKind::InvalidState, 0}, 0x10000410u));
}

TEST(Faults, BreakpointEscalatesWithDebugEvent) {
  Harness h;
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::Breakpoint, 0}, 0x10000410u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});
  EXPECT_EQ(h.exc.regs().hfsr, hfsr::kDebugevt);
  EXPECT_EQ(h.exc.regs().dfsr, 2u);  // DFSR.BKPT
}

TEST(Svc, TakenWithNextPc) {
  Harness h;
  ASSERT_TRUE(h.exc.svc_call(0x10000802u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcSvCall});
  EXPECT_EQ(h.peek(kStackTop - 0x20 + 0x18), 0x10000802u);
}

TEST(Svc, WithPrimaskEscalatesToHardFault) {
  Harness h;
  h.state.primask[1] = 1;  // execution priority 0: SVCall (0) cannot preempt
  ASSERT_TRUE(h.exc.svc_call(0x10000802u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});
  EXPECT_EQ(h.exc.regs().hfsr, hfsr::kForced);
}

TEST(ExceptionReturn, NonSecureReturnIsInvpc) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  h.exc.set_raw_priority(kExcPendSv, 0x80);
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  ASSERT_TRUE(h.exc.exception_return(0xFFFFFFB8u));  // ES = 0, S = 0
  EXPECT_EQ(h.exc.regs().cfsr, cfsr::kInvpc);
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcUsageFault});
  EXPECT_TRUE(h.exc.is_active(kExcPendSv));  // the failed return did not deactivate it
}

TEST(ExceptionReturn, ThreadReturnWithNonZeroStackedIpsrIsInvpc) {
  Harness h;
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  h.poke(h.state.r[13] + 0x1C, (1u << 24) | 3u);  // corrupt the stacked IPSR
  ASSERT_TRUE(h.exc.exception_return(0xFFFFFFF9u));
  EXPECT_EQ(h.exc.regs().cfsr, cfsr::kInvpc);
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});  // UsageFault disabled: escalated
}

TEST(ExceptionReturn, ReturnClearsFaultmaskAndExclusiveMonitor) {
  Harness h;
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  h.state.faultmask[1] = 1;
  h.state.exclusive_valid = true;
  ASSERT_TRUE(h.exc.exception_return(h.state.r[14]));
  EXPECT_EQ(h.state.faultmask[1], 0u);
  EXPECT_FALSE(h.state.exclusive_valid);
}

TEST(Interrupts, LevelStillHighPendsAgainAfterReturn) {
  Harness h;
  h.exc.set_irq_enabled(4, true);
  h.exc.irq_sink().set_irq_level(4, true);
  ASSERT_EQ(h.step_interrupts(0x10000400u), 20u);
  EXPECT_FALSE(h.exc.is_pending(20));  // active, not pending, while the handler runs
  ASSERT_TRUE(h.exc.exception_return(h.state.r[14]));
  EXPECT_TRUE(h.exc.is_pending(20));
  h.exc.set_pending(20, false);        // ICPR while the line is high: pends again
  EXPECT_TRUE(h.exc.is_pending(20));
  h.exc.irq_sink().set_irq_level(4, false);
  h.exc.set_pending(20, false);
  EXPECT_FALSE(h.exc.is_pending(20));
}

TEST(Interrupts, PendingIsLatchedWhenLineDrops) {
  Harness h;
  h.exc.irq_sink().set_irq_level(9, true);
  h.exc.irq_sink().set_irq_level(9, false);
  EXPECT_TRUE(h.exc.is_pending(25));
}

TEST(StackLimit, OverflowOnEntrySetsStkofAndSpToLimit) {
  Harness h;
  h.state.msplim[1] = kStackTop - 0x10;  // the frame would go below the limit
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  EXPECT_EQ(h.state.r[13], kStackTop - 0x10);
  EXPECT_EQ(h.exc.regs().cfsr & cfsr::kStkof, cfsr::kStkof);
  // UsageFault disabled: the derived exception escalates to a pending HardFault.
  EXPECT_TRUE(h.exc.is_pending(kExcHardFault));
  EXPECT_TRUE(h.exc.should_take());
}

// A STKOF UsageFault whose own stacking overflows the limit (the firmware test stack_limit at -O2:
// PUSH faults a few bytes above PSPLIM). The derived STKOF is the exception being entered, so it
// merges with it (DerivedLateArrival judges against the interrupted context's priority, before
// the original is active): UsageFault runs, nothing escalates, no second UsageFault stays pending.
TEST(StackLimit, StkofWhileEnteringStkofUsageFaultMerges) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  h.state.msplim[1] = kStackTop - 0x10;
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::StackOverflow, 0}, 0x10000440u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcUsageFault});
  EXPECT_EQ(h.state.r[13], kStackTop - 0x10);
  EXPECT_EQ(h.exc.regs().cfsr & cfsr::kStkof, cfsr::kStkof);
  EXPECT_EQ(h.exc.regs().hfsr & hfsr::kForced, 0u);
  EXPECT_FALSE(h.exc.is_pending(kExcHardFault));
  EXPECT_FALSE(h.exc.is_pending(kExcUsageFault));
}

// A different derived fault (STKOF while entering PendSV) with UsageFault enabled is judged against
// Thread priority, so it is pended as a UsageFault (late arrival), not escalated.
TEST(StackLimit, DerivedUsageFaultIsJudgedAgainstTheInterruptedContext) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  h.state.msplim[1] = kStackTop - 0x10;
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  EXPECT_TRUE(h.exc.is_pending(kExcUsageFault));
  EXPECT_FALSE(h.exc.is_pending(kExcHardFault));
  EXPECT_EQ(h.exc.regs().hfsr & hfsr::kForced, 0u);
}

TEST(StackLimit, WithinLimitUsesTheSelectedStack) {
  ArchState s;
  s.msplim[1] = 0x30001000u;
  s.psplim[1] = 0x30002000u;
  EXPECT_TRUE(sp_within_limit(s, 0x30001000u));   // equal to the limit is allowed
  EXPECT_FALSE(sp_within_limit(s, 0x30000FFCu));
  s.control[1] |= 2u;  // Thread mode on PSP
  EXPECT_FALSE(sp_within_limit(s, 0x30001800u));
  EXPECT_TRUE(sp_within_limit(s, 0x30002008u));
  s.ipsr = 3;          // Handler mode always uses MSP
  EXPECT_TRUE(sp_within_limit(s, 0x30001800u));
}

TEST(Icsr, RettobaseAndIsrPending) {
  Harness h;
  EXPECT_FALSE(h.exc.rettobase());
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0);
  EXPECT_TRUE(h.exc.rettobase());
  h.exc.set_pending(16 + 1, true);
  EXPECT_TRUE(h.exc.isr_pending());
}

TEST(Fpu, CpacrControlsAccess) {
  Harness h;
  EXPECT_FALSE(h.exc.fpu_enabled());
  h.exc.regs().cpacr = 0x00F00000u;  // CP10, CP11 full access
  EXPECT_TRUE(h.exc.fpu_enabled());
  h.exc.regs().cpacr = 0x00500000u;  // privileged only
  EXPECT_TRUE(h.exc.fpu_enabled());
  h.state.control[1] |= 1u;          // unprivileged Thread mode
  EXPECT_FALSE(h.exc.fpu_enabled());
}


TEST(ExceptionReturn, ExtendedFrameRestoresFpRegistersAndFpca) {
  Harness h;
  h.exc.regs().cpacr = 0xFu << 20;  // the FP registers are restored only when CP10 is enabled
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  // Build an extended frame (as an RTOS would) below the basic one: R0-R3, R12, LR, PC, xPSR,
  // S0-S15, FPSCR, reserved: 0x68 bytes.
  const uint32_t frame = h.state.r[13] - 0x48;
  for (unsigned i = 0; i < 8; ++i) h.poke(frame + 4 * i, h.peek(h.state.r[13] + 4 * i));
  for (unsigned i = 0; i < 16; ++i) h.poke(frame + 0x20 + 4 * i, 0x3F800000u + i);
  h.poke(frame + 0x60, 0x03000000u);  // FPSCR
  h.state.r[13] = frame;
  ASSERT_TRUE(h.exc.exception_return(0xFFFFFFE9u));  // FType = 0, Thread, MSP
  EXPECT_EQ(h.state.ext[0], 0x3F800000u);
  EXPECT_EQ(h.state.ext[15], 0x3F80000Fu);
  EXPECT_EQ(h.state.fpscr, 0x03000000u);
  EXPECT_EQ(h.state.control[1] & 4u, 4u);  // CONTROL.FPCA = !FType
  EXPECT_EQ(h.state.r[13], frame + 0x68);
  EXPECT_EQ(h.state.r[15], 0x10000400u);
}

TEST(ExceptionReturn, NonExcReturnAddressIsExecuteNever) {
  Harness h;
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  ASSERT_TRUE(h.exc.exception_return(0xF0001000u));  // System region: XN
  EXPECT_EQ(h.exc.regs().cfsr, cfsr::kIaccviol);
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});   // MemManage disabled: escalated
}

TEST(ExceptionReturn, SleepOnExitSleepsAfterReturnToThread) {
  Harness h;
  h.exc.regs().scr[1] = 1u << 1;  // SCR.SLEEPONEXIT
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  ASSERT_TRUE(h.exc.exception_return(h.state.r[14]));
  EXPECT_TRUE(h.state.sleeping);
}

TEST(Interrupts, SevOnPendSetsEventRegister) {
  Harness h;
  h.exc.regs().scr[1] = 1u << 4;  // SCR.SEVONPEND
  h.exc.set_pending(16 + 3, true);  // pending even though disabled
  EXPECT_TRUE(h.state.event_register);
  EXPECT_TRUE(h.exc.wfe_wakeup());
}

TEST(Faults, StackingBusErrorPendsBusFault) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kBusFaultEna;
  h.exc.set_raw_priority(kExcPendSv, 0x80);
  h.state.r[13] = 0x50000100u;  // nothing mapped: the frame cannot be written
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0x10000400u);
  EXPECT_EQ(h.exc.regs().cfsr & cfsr::kStkerr, cfsr::kStkerr);
  EXPECT_TRUE(h.exc.is_pending(kExcBusFault));  // derived: taken before the PendSV handler runs
  EXPECT_TRUE(h.exc.should_take());
}

TEST(Faults, UnreadableVectorIsHardFaultWithVecttbl) {
  Harness h;
  h.exc.regs().vtor[1] = 0x1007FFC0u;  // ITCM ends at 0x10080000: vector 16+ unreadable
  h.exc.set_irq_enabled(0, true);
  h.exc.set_pending(16, true);
  h.poke(0x1007FFC0u + 4 * kExcHardFault, handler_address(3) | 1u);
  h.step_interrupts(0x10000400u);
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});
  EXPECT_EQ(h.exc.regs().hfsr, hfsr::kVecttbl);
  EXPECT_EQ(h.state.r[15], handler_address(3));
}

}  // namespace
}  // namespace corsim::cpu::test
