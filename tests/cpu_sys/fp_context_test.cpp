// The floating-point context on exception entry and return (Arm DDI 0553 pseudocode PushStack,
// UpdateFPCCR, PreserveFPState, PopStack/ExceptionReturn; B3 "Floating-point lazy context save").
// Each expected frame offset, FPCCR bit and EXC_RETURN value is worked out by hand from the
// pseudocode in the comments, not taken from corsim's output.
#include <gtest/gtest.h>

#include "harness.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kCpacrFull = 0xFu << 20;
constexpr uint32_t kCpacrPrivileged = 0x5u << 20;
constexpr uint32_t kFpca = 1u << 2, kSfpa = 1u << 3, kNpriv = 1u << 0;

// A thread with an active FP context: FPCA and SFPA set (as ExecuteFPCheck leaves them),
// S0-S31 = 0x40000000 + i, FPSCR and VPR recognisable, FPU enabled.
void make_fp_thread(Harness& h) {
  h.exc.regs().cpacr = kCpacrFull;
  h.state.control[1] |= kFpca | kSfpa;
  for (unsigned i = 0; i < 32; ++i) h.state.ext[i] = 0x4000'0000u + i;
  h.state.fpscr = 0x8040'0010u;  // N, RMode = RP, IXC
  h.state.vpr = 0x0012'00FFu;
  for (unsigned i = 0; i < 13; ++i) h.state.r[i] = 0x100 + i;
}

// Fills the area an extended frame would occupy with a pattern, to see what was written.
void fill_stack(Harness& h, uint32_t from, uint32_t to) {
  for (uint32_t a = from; a < to; a += 4) h.poke(a, 0xDEAD'0000u | (a & 0xFFFF));
}

uint32_t enter_pendsv(Harness& h, uint32_t return_address = 0x10000400u) {
  h.exc.set_pending(kExcPendSv, true);
  return h.step_interrupts(return_address);
}

TEST(FpEntry, ImmediateStackingWritesExtendedFrame) {
  Harness h;
  make_fp_thread(h);
  h.exc.regs().fpccr &= ~fpccr::kLspen;  // LSPEN = 0: PushStack stores the registers now
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  // framesize = 0x68 (FPCA, TS = 0); SP was 8-aligned: frame = SP - 0x68.
  const uint32_t frame = kStackTop - 0x68;
  EXPECT_EQ(h.state.r[13], frame);
  EXPECT_EQ(h.peek(frame + 0x00), 0x100u);
  EXPECT_EQ(h.peek(frame + 0x18), 0x10000400u);
  // xPSR: T, and bit 20 = CONTROL_S.SFPA (Armv8.1-M).
  EXPECT_EQ(h.peek(frame + 0x1C), (1u << 24) | (1u << 20));
  for (unsigned i = 0; i < 16; ++i) EXPECT_EQ(h.peek(frame + 0x20 + 4 * i), 0x4000'0000u + i) << "S" << i;
  EXPECT_EQ(h.peek(frame + 0x60), 0x8040'0010u);  // FPSCR
  EXPECT_EQ(h.peek(frame + 0x64), 0x0012'00FFu);  // VPR (MVE)
  // EXC_RETURN: prefix, S, DCRS, FType = 0, Mode = Thread, SPSEL = 0, ES = 1 -> 0xFFFFFFE9.
  EXPECT_EQ(h.state.r[14], 0xFFFF'FFE9u);
  // ExceptionTaken clears FPCA and SFPA; LSPACT stays 0; the stacked registers read as zero.
  EXPECT_EQ(h.state.control[1] & (kFpca | kSfpa), 0u);
  EXPECT_EQ(h.exc.regs().fpccr & fpccr::kLspact, 0u);
  EXPECT_EQ(h.state.ext[0], 0u);
  EXPECT_EQ(h.state.ext[15], 0u);
  EXPECT_EQ(h.state.ext[16], 0x4000'0010u);  // S16-S31 are not part of this frame
  EXPECT_EQ(h.state.fpscr, 0u);
}

TEST(FpEntry, LazyStackingReservesFrameAndRecordsContext) {
  Harness h;
  make_fp_thread(h);
  fill_stack(h, kStackTop - 0x68, kStackTop);
  // UsageFault enabled at priority 0x40: it could preempt the thread (UFRDY); BusFault enabled
  // at 0x20 (BFRDY); MemManage disabled (MMRDY = 0); DebugMonitor off (MONRDY = 0).
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna | shcsr::kBusFaultEna;
  h.exc.set_raw_priority(kExcUsageFault, 0x40);
  h.exc.set_raw_priority(kExcBusFault, 0x20);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  const uint32_t frame = kStackTop - 0x68;
  EXPECT_EQ(h.state.r[13], frame);
  EXPECT_EQ(h.state.r[14], 0xFFFF'FFE9u);
  // Nothing stored in the FP area; the registers keep their values.
  EXPECT_EQ(h.peek(frame + 0x20), 0xDEAD'0000u | ((frame + 0x20) & 0xFFFF));
  EXPECT_EQ(h.peek(frame + 0x64), 0xDEAD'0000u | ((frame + 0x64) & 0xFFFF));
  EXPECT_EQ(h.state.ext[3], 0x4000'0003u);
  EXPECT_EQ(h.state.fpscr, 0x8040'0010u);
  // UpdateFPCCR: FPCAR = frame + 0x20; LSPACT, S (Secure), THREAD, HFRDY (ExecutionPriority
  // 256 > -1), UFRDY, BFRDY; USER = 0 (privileged thread); ASPEN and LSPEN kept.
  EXPECT_EQ(h.exc.regs().fpcar, frame + 0x20);
  EXPECT_EQ(h.exc.regs().fpccr, fpccr::kAspen | fpccr::kLspen | fpccr::kLspact | fpccr::kS | fpccr::kThread |
                                    fpccr::kHfrdy | fpccr::kUfrdy | fpccr::kBfrdy);
}

TEST(FpEntry, LazyStackingFromHandlerRecordsPriorities) {
  Harness h;
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna | shcsr::kBusFaultEna | shcsr::kMemFaultEna;
  h.exc.set_raw_priority(kExcPendSv, 0x80);
  h.exc.set_raw_priority(kExcSysTick, 0x40);
  h.exc.set_raw_priority(kExcUsageFault, 0x20);    // 0x20 < 0x80: can preempt PendSV
  h.exc.set_raw_priority(kExcBusFault, 0xA0);      // cannot
  h.exc.set_raw_priority(kExcMemManage, 0x80);     // equal priority: cannot
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  make_fp_thread(h);  // the PendSV handler now has an FP context
  h.state.control[1] &= ~kNpriv;
  const uint32_t sp = h.state.r[13];
  h.exc.set_pending(kExcSysTick, true);
  ASSERT_EQ(h.step_interrupts(0x10000500u), uint32_t{kExcSysTick});
  // From Handler mode: EXC_RETURN Mode = 0, SPSEL = 0, FType = 0 -> 0xFFFFFFE1.
  EXPECT_EQ(h.state.r[14], 0xFFFF'FFE1u);
  EXPECT_EQ(h.exc.regs().fpcar, sp - 0x68 + 0x20);
  // THREAD = 0; HFRDY (0x80 > -1); UFRDY only.
  EXPECT_EQ(h.exc.regs().fpccr, fpccr::kAspen | fpccr::kLspen | fpccr::kLspact | fpccr::kS | fpccr::kHfrdy |
                                    fpccr::kUfrdy);
}

TEST(FpEntry, ProcessStackFrameAndReturn) {
  Harness h;
  make_fp_thread(h);
  // Thread on PSP (CONTROL.SPSEL): the extended frame goes to the process stack.
  const uint32_t psp = kStackTop - 0x400;
  h.state.msp[1] = kStackTop;
  h.state.control[1] |= 2u;
  h.state.r[13] = psp;
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  // EXC_RETURN: S, DCRS, FType = 0, Mode = Thread, SPSEL = 1, ES -> 0xFFFFFFED.
  EXPECT_EQ(h.state.r[14], 0xFFFF'FFEDu);
  EXPECT_EQ(h.state.r[13], kStackTop);          // the handler runs on MSP
  EXPECT_EQ(h.state.psp[1], psp - 0x68);
  EXPECT_EQ(h.exc.regs().fpcar, psp - 0x68 + 0x20);
  ASSERT_TRUE(h.exc.preserve_fp_state());
  EXPECT_EQ(h.peek(psp - 0x68 + 0x20 + 4 * 9), 0x4000'0009u);  // S9
  h.state.ext[9] = 0;
  ASSERT_TRUE(h.exc.exception_return(0xFFFF'FFEDu));
  EXPECT_EQ(h.state.r[13], psp);
  EXPECT_EQ(h.state.ext[9], 0x4000'0009u);
  EXPECT_EQ(h.state.control[1] & (2u | kFpca), 2u | kFpca);
}

TEST(FpEntry, UnprivilegedThreadSetsUser) {
  Harness h;
  make_fp_thread(h);
  h.state.control[1] |= kNpriv;
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  EXPECT_NE(h.exc.regs().fpccr & fpccr::kUser, 0u);
  EXPECT_NE(h.exc.regs().fpccr & fpccr::kThread, 0u);
}

TEST(FpEntry, NoFpContextStacksBasicFrame) {
  Harness h;
  h.exc.regs().cpacr = kCpacrFull;
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  EXPECT_EQ(h.state.r[13], kStackTop - 0x20);
  EXPECT_EQ(h.state.r[14], 0xFFFF'FFF9u);  // FType = 1
  EXPECT_EQ(h.exc.regs().fpccr, fpccr::kReset);  // UpdateFPCCR not called
}

TEST(FpEntry, TreatAsSecureStacksS16ToS31) {
  Harness h;
  make_fp_thread(h);
  h.exc.regs().fpccr = (h.exc.regs().fpccr | fpccr::kTs) & ~fpccr::kLspen;
  h.state.r[13] = kStackTop - 4;  // unaligned: one padding word
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  // framesize 0xA8; frame = (SP - 0xA8) AND NOT 4 = kStackTop - 0xB0.
  const uint32_t frame = kStackTop - 0xB0;
  EXPECT_EQ(h.state.r[13], frame);
  EXPECT_NE(h.peek(frame + 0x1C) & (1u << 9), 0u);
  EXPECT_EQ(h.peek(frame + 0x5C), 0x4000'000Fu);  // S15
  EXPECT_EQ(h.peek(frame + 0x68), 0x4000'0010u);  // S16
  EXPECT_EQ(h.peek(frame + 0xA4), 0x4000'001Fu);  // S31
  EXPECT_EQ(h.state.ext[31], 0u);  // S0-S31 cleared
  // Return pops 0xA8 bytes plus the padding word and restores all 32 registers.
  h.state.ext[20] = 7;
  ASSERT_TRUE(h.exc.exception_return(h.state.r[14]));
  EXPECT_EQ(h.state.r[13], kStackTop - 4);
  EXPECT_EQ(h.state.ext[20], 0x4000'0014u);
  EXPECT_EQ(h.state.ext[0], 0x4000'0000u);
}

TEST(FpEntry, NocpWhenInterruptedContextMayNotUseFpu) {
  Harness h;
  make_fp_thread(h);
  h.exc.regs().cpacr = kCpacrPrivileged;
  h.state.control[1] |= kNpriv;           // unprivileged thread: CheckCPEnabled(10) fails
  h.exc.regs().fpccr &= ~fpccr::kLspen;   // checked when stacking immediately
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  fill_stack(h, kStackTop - 0x68, kStackTop);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  EXPECT_NE(h.exc.regs().cfsr & cfsr::kNocp, 0u);
  EXPECT_TRUE(h.exc.is_pending(kExcUsageFault));  // derived, taken next (priority 0 < PendSV's)
  EXPECT_EQ(h.peek(kStackTop - 0x68 + 0x20), 0xDEAD'0000u | ((kStackTop - 0x48) & 0xFFFF));
  EXPECT_EQ(h.state.ext[0], 0x4000'0000u);  // not stacked, not cleared
}

TEST(FpEntry, StackLimitRecordsSplimviolAndPreservationStoresNothing) {
  Harness h;
  make_fp_thread(h);
  h.state.msplim[1] = kStackTop - 0x40;  // the 0x68-byte frame does not fit
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  fill_stack(h, kStackTop - 0x68, kStackTop);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  // SP = limit, STKOF pending; FPCAR = frame + 0x20 = kStackTop - 0x48 < limit -> SPLIMVIOL.
  EXPECT_EQ(h.exc.regs().cfsr & cfsr::kStkof, cfsr::kStkof);
  EXPECT_EQ(h.exc.regs().fpcar, kStackTop - 0x48);
  EXPECT_NE(h.exc.regs().fpccr & fpccr::kSplimviol, 0u);
  EXPECT_NE(h.exc.regs().fpccr & fpccr::kLspact, 0u);
  // PreserveFPState with SPLIMVIOL: no stores, LSPACT cleared, the instruction may proceed.
  EXPECT_TRUE(h.exc.preserve_fp_state());
  EXPECT_EQ(h.exc.regs().fpccr & fpccr::kLspact, 0u);
  EXPECT_EQ(h.peek(kStackTop - 0x48), 0xDEAD'0000u | ((kStackTop - 0x48) & 0xFFFF));
}

TEST(FpLazy, PreserveStoresRegistersThenReturnRestoresThem) {
  Harness h;
  make_fp_thread(h);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  const uint32_t frame = h.state.r[13];
  ASSERT_TRUE(h.exc.lazy_fp_active());
  ASSERT_TRUE(h.exc.preserve_fp_state());
  EXPECT_FALSE(h.exc.lazy_fp_active());
  for (unsigned i = 0; i < 16; ++i) EXPECT_EQ(h.peek(frame + 0x20 + 4 * i), 0x4000'0000u + i) << "S" << i;
  EXPECT_EQ(h.peek(frame + 0x60), 0x8040'0010u);
  EXPECT_EQ(h.peek(frame + 0x64), 0x0012'00FFu);
  // The handler's own FP work, then the return brings the thread's values back.
  for (unsigned i = 0; i < 16; ++i) h.state.ext[i] = 0x1111'0000u + i;
  h.state.fpscr = 0x0300'0000u;
  h.state.vpr = 0;
  ASSERT_TRUE(h.exc.exception_return(0xFFFF'FFE9u));
  EXPECT_EQ(h.state.ext[5], 0x4000'0005u);
  EXPECT_EQ(h.state.fpscr, 0x8040'0010u);
  EXPECT_EQ(h.state.vpr, 0x0012'00FFu);
  EXPECT_EQ(h.state.r[13], kStackTop);
  // PopStack: CONTROL.FPCA = NOT FType; SFPA from the stacked xPSR[20].
  EXPECT_EQ(h.state.control[1] & (kFpca | kSfpa), kFpca | kSfpa);
}

TEST(FpLazy, ReturnWithLspactKeepsRegistersAndClearsIt) {
  Harness h;
  make_fp_thread(h);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  fill_stack(h, h.state.r[13] + 0x20, h.state.r[13] + 0x68);  // garbage in the reserved area
  ASSERT_TRUE(h.exc.exception_return(0xFFFF'FFE9u));
  EXPECT_EQ(h.exc.regs().fpccr & fpccr::kLspact, 0u);
  EXPECT_EQ(h.state.ext[7], 0x4000'0007u);  // never saved, so never reloaded
  EXPECT_EQ(h.state.fpscr, 0x8040'0010u);
  EXPECT_EQ(h.state.r[13], kStackTop);
  EXPECT_NE(h.state.control[1] & kFpca, 0u);
}

TEST(FpLazy, BusErrorWhilePreservingPendsBusFaultWithLsperr) {
  Harness h;
  make_fp_thread(h);
  h.exc.regs().fault_enables = shcsr::kBusFaultEna;  // BusFault priority 0 preempts the thread
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  ASSERT_NE(h.exc.regs().fpccr & fpccr::kBfrdy, 0u);
  h.exc.regs().fpcar = 0x5000'0000u;  // nothing mapped there
  // BusFault (0) preempts PendSV (0): no - equal priority. Taken later, so the instruction goes on.
  EXPECT_TRUE(h.exc.preserve_fp_state());
  EXPECT_NE(h.exc.regs().cfsr & cfsr::kLsperr, 0u);
  EXPECT_TRUE(h.exc.is_pending(kExcBusFault));
  EXPECT_FALSE(h.exc.lazy_fp_active());
}

TEST(FpLazy, FaultThatCanPreemptIsTakenBeforeTheInstruction) {
  Harness h;
  make_fp_thread(h);
  h.exc.regs().fault_enables = shcsr::kBusFaultEna;
  h.exc.set_raw_priority(kExcPendSv, 0x80);  // BusFault (0) can preempt the PendSV handler
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  h.exc.regs().fpcar = 0x5000'0000u;
  EXPECT_FALSE(h.exc.preserve_fp_state());
  EXPECT_TRUE(h.exc.lazy_fp_active());  // retried when the FP instruction runs again
  // The Cpu then raises LazyStatePreservation: BusFault entered, returning to the FP instruction.
  ASSERT_TRUE(h.exc.raise_fault(Fault{FaultKind::LazyStatePreservation, 0}, 0x10000600u));
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcBusFault});
  EXPECT_EQ(h.peek(h.state.r[13] + 0x18), 0x10000600u);
}

TEST(FpLazy, FaultTheContextCouldNotPendEscalates) {
  Harness h;
  make_fp_thread(h);
  // BusFault disabled when the frame was reserved: BFRDY = 0, so LSPERR escalates to HardFault.
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  ASSERT_EQ(h.exc.regs().fpccr & fpccr::kBfrdy, 0u);
  h.exc.regs().fpcar = 0x5000'0000u;
  EXPECT_FALSE(h.exc.preserve_fp_state());  // HardFault (-1) preempts PendSV at once
  EXPECT_NE(h.exc.regs().hfsr & hfsr::kForced, 0u);
  EXPECT_TRUE(h.exc.is_pending(kExcHardFault));
}

TEST(FpLazy, NocpForTheInterruptedContext) {
  Harness h;
  make_fp_thread(h);
  h.state.control[1] |= kNpriv;
  h.exc.regs().fault_enables = shcsr::kUsgFaultEna;
  h.exc.set_raw_priority(kExcPendSv, 0x80);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  // The handler (privileged) may use the FPU, the unprivileged thread that owns the registers
  // may not: PreserveFPState's CheckCPEnabled fails with NOCP, nothing is stored.
  h.exc.regs().cpacr = kCpacrPrivileged;
  const uint32_t area = h.exc.regs().fpcar;
  h.poke(area, 0x5555'5555u);
  EXPECT_FALSE(h.exc.preserve_fp_state());
  EXPECT_NE(h.exc.regs().cfsr & cfsr::kNocp, 0u);
  EXPECT_TRUE(h.exc.is_pending(kExcUsageFault));
  EXPECT_EQ(h.peek(area), 0x5555'5555u);
}

TEST(FpReturn, NocpWhenReturnContextMayNotUseFpu) {
  Harness h;
  make_fp_thread(h);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  ASSERT_TRUE(h.exc.preserve_fp_state());
  h.exc.regs().cpacr = 0;
  ASSERT_TRUE(h.exc.exception_return(0xFFFF'FFE9u));
  EXPECT_NE(h.exc.regs().cfsr & cfsr::kNocp, 0u);
  EXPECT_EQ(h.state.ipsr, uint32_t{kExcHardFault});  // UsageFault disabled: escalated
}

TEST(FpReturn, ClearOnReturnZeroesHandlerRegisters) {
  Harness h;
  h.exc.regs().cpacr = kCpacrFull;
  h.exc.regs().fpccr |= fpccr::kClronret;
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  // The handler used the FPU (FPCA set by its first FP instruction) and leaves values behind.
  h.state.control[1] |= kFpca;
  for (unsigned i = 0; i < 32; ++i) h.state.ext[i] = 0x2000'0000u + i;
  h.state.fpscr = 0x10;
  ASSERT_TRUE(h.exc.exception_return(0xFFFF'FFF9u));  // basic frame: nothing restored
  EXPECT_EQ(h.state.ext[0], 0u);
  EXPECT_EQ(h.state.ext[15], 0u);
  EXPECT_EQ(h.state.ext[16], 0x2000'0010u);  // only S0-S15
  EXPECT_EQ(h.state.fpscr, 0u);
  EXPECT_EQ(h.state.control[1] & kFpca, 0u);
}

TEST(FpReturn, NoFpuTreatsFtypeZeroAsBasicFrame) {
  CpuConfig cfg;
  cfg.has_fpu = false;
  cfg.has_mve = false;
  Harness h(cfg);
  ASSERT_EQ(enter_pendsv(h), uint32_t{kExcPendSv});
  ASSERT_TRUE(h.exc.exception_return(0xFFFF'FFE9u));
  EXPECT_EQ(h.state.r[13], kStackTop);
  EXPECT_EQ(h.state.control[1] & kFpca, 0u);
}

}  // namespace
}  // namespace corsim::cpu::test
