// The run loop: faults and their records, the fault-hang stop, stop requests from devices, the
// predecode cache (reuse, self-modifying code), tracing, interworking.
#include <gtest/gtest.h>

#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

// A fault enters its handler (here `b .` -> FaultHang); last_fault() names the fault.
constexpr StopReason kUnhandledFault = StopReason::FaultHang;

struct FaultCase {
  const char* name;
  const char* source;
  FaultKind kind;
  uint32_t address;  // expected Fault::address (data faults)
};

class FaultTest : public ::testing::TestWithParam<FaultCase> {};

TEST_P(FaultTest, RaisesAndRecords) {
  const FaultCase& c = GetParam();
  CpuHarness h;
  ASSERT_TRUE(h.load(std::string(c.source) + "\n  b corsim_end\nhandler: b handler\n"));
  EXPECT_EQ(h.run(), kUnhandledFault);
  const FaultRecord& f = h.cpu().last_fault();
  ASSERT_TRUE(f.valid);
  EXPECT_EQ(f.fault.kind, c.kind) << fault_name(f.fault.kind);
  if (c.address) {
    EXPECT_EQ(f.fault.address, c.address);
  }
  EXPECT_EQ(f.pc, h.symbol("bad")) << std::hex << f.pc;
}

INSTANTIATE_TEST_SUITE_P(
    Faults, FaultTest,
    ::testing::Values(
        FaultCase{"udf", "bad: udf #0", FaultKind::UndefinedInstruction, 0},
        FaultCase{"undefined32", "bad: .inst.w 0xfab0f081", FaultKind::UndefinedInstruction, 0},  // CLZ, Rm fields differ
        FaultCase{"ldrd_unaligned", "ldr r0, =0x20000002\nbad: ldrd r1, r2, [r0]", FaultKind::Unaligned, 0},
        FaultCase{"ldm_unaligned", "ldr r0, =0x20000001\nbad: ldm r0, {r1, r2}", FaultKind::Unaligned, 0},
        FaultCase{"ldrex_unaligned", "ldr r0, =0x20000002\nbad: ldrex r1, [r0]", FaultKind::Unaligned, 0},
        FaultCase{"strd_unaligned", "ldr r0, =0x20000006\nbad: strd r1, r2, [r0]", FaultKind::Unaligned, 0},
        FaultCase{"load_unmapped", "ldr r0, =0x60000010\nbad: ldr r1, [r0, #4]", FaultKind::PreciseDataBusError,
                  0x60000014},
        FaultCase{"store_unmapped", "ldr r0, =0x60000010\nbad: strb r1, [r0]", FaultKind::PreciseDataBusError,
                  0x60000010}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(RunLoop, UnalignedWordAndHalfwordAccessesAreAllowed) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    ldr r0, =0x20000001
    ldr r1, =0x44332211
    str r1, [r0]
    ldr r2, [r0]
    ldrh r3, [r0, #1]
    ldrsh r4, [r0, #3]
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[2], 0x44332211u);
  EXPECT_EQ(h.s().r[3], 0x3322u);
  EXPECT_EQ(h.s().r[4], 0x00000044u);  // bytes 0x44, 0x00 (RAM beyond the word is zero)
  EXPECT_EQ(h.word(0x20000000), 0x33221100u);
}

TEST(RunLoop, FetchFromUnmappedMemoryIsAnInstructionBusError) {
  CpuHarness h;
  ASSERT_TRUE(h.load("ldr r0, =0x70000001\n  bx r0\nhandler: b handler\n"));
  EXPECT_EQ(h.run(), kUnhandledFault);
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::InstructionBusError);
  EXPECT_EQ(h.cpu().last_fault().pc, 0x70000000u);
}

TEST(RunLoop, BxToEvenAddressFaultsWithTheTargetAsPc) {
  CpuHarness h;
  ASSERT_TRUE(h.load("adr r0, target\n  bx r0\n  .align 2\ntarget: nop\nhandler: b handler\n"));
  EXPECT_EQ(h.run(), kUnhandledFault);
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::InvalidState);
  EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("target"));
}

TEST(RunLoop, DivideByZero) {
  const char* src = "movs r0, #7\n  movs r1, #0\n  movs r2, #5\nbad: udiv r2, r0, r1\n  sdiv r3, r0, r1\n"
                    "  b corsim_end\nhandler: b handler\n";
  {
    CpuHarness h;  // CCR.DIV_0_TRP = 0: the quotient is 0
    ASSERT_TRUE(h.load(src));
    h.run();
    ASSERT_TRUE(h.reached_end());
    EXPECT_EQ(h.s().r[2], 0u);
    EXPECT_EQ(h.s().r[3], 0u);
  }
  {
    CpuHarness h;
    h.cpu().set_ccr_reader([] { return 0x10u; });  // DIV_0_TRP
    ASSERT_TRUE(h.load(src));
    EXPECT_EQ(h.run(), kUnhandledFault);
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::DivideByZero);
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("bad"));
  }
}

TEST(RunLoop, UnalignTrpMakesUnalignedLdrFault) {
  CpuHarness h;
  h.cpu().set_ccr_reader([] { return 0x8u; });  // UNALIGN_TRP
  ASSERT_TRUE(h.load("ldr r0, =0x20000001\nbad: ldr r1, [r0]\n  b corsim_end\nhandler: b handler\n"));
  EXPECT_EQ(h.run(), kUnhandledFault);
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::Unaligned);
}

TEST(RunLoop, StackLimitViolationRaisesStkofWithoutWritingSp) {
  for (const char* insn : {"sub sp, #64", "push {r0-r7, lr}", "str r0, [sp, #-64]!", "strd r0, r1, [sp, #-64]!"}) {
    CpuHarness h;
    ASSERT_TRUE(h.load(std::string("ldr r0, =0x11111111\nbad: ") + insn + "\n  b corsim_end\nhandler: b handler\n"));
    h.s().msplim[1] = kStackTop - 32;  // room for 8 words
    h.run();
    const FaultRecord& f = h.cpu().last_fault();
    ASSERT_TRUE(f.valid) << insn;
    EXPECT_EQ(f.fault.kind, FaultKind::StackOverflow) << insn;
    EXPECT_EQ(f.pc, h.symbol("bad")) << insn;
    EXPECT_EQ(f.state.r[13], kStackTop) << insn;
    // Nothing stored by the instruction (the exception frame occupies kStackTop - 32 .. - 4).
    EXPECT_EQ(h.word(kStackTop - 36), 0u) << insn;
    EXPECT_EQ(h.word(kStackTop - 64), 0u) << insn;
  }
  CpuHarness ok;  // within the limit: no fault
  ASSERT_TRUE(ok.load("sub sp, #32\n  push {r0}\n  add sp, #36\n"));
  ok.s().msplim[1] = kStackTop - 36;
  ok.run();
  EXPECT_TRUE(ok.reached_end());
  EXPECT_FALSE(ok.cpu().last_fault().valid);
}

TEST(RunLoop, FaultInsideAnItBlockKeepsItsItstate) {
  // ITTE EQ with Z set: the second instruction faults; the fault record (the state the exception
  // stacks) holds that instruction's ITSTATE, not the advanced one.
  CpuHarness h;
  ASSERT_TRUE(h.load("ldr r0, =0x60000000\n  cmp r0, r0\n  itte eq\n  moveq r1, #1\nbad: ldreq r2, [r0]\n"
                     "  movne r3, #3\n  b corsim_end\nhandler: b handler\n"));
  EXPECT_EQ(h.run(), kUnhandledFault);
  const FaultRecord& f = h.cpu().last_fault();
  EXPECT_EQ(f.fault.kind, FaultKind::PreciseDataBusError);
  EXPECT_EQ(f.pc, h.symbol("bad"));
  // ITTE EQ: firstcond 0000, mask 0110 -> 0x06 at the first, 0x0C at the second instruction.
  EXPECT_EQ(f.state.itstate, 0x0C);
  EXPECT_EQ(f.state.r[1], 1u);
}

TEST(RunLoop, ConditionFailedInstructionsInItBlocksDoNothing) {
  CpuHarness h;
  ASSERT_TRUE(h.load("ldr r0, =0x60000000\n  movs r1, #1\n  cmp r1, #2\n  itt eq\n  ldreq r2, [r0]\n"
                     "  moveq r3, #7\n  movs r4, #9\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());  // the load from unmapped memory did not execute: no fault
  EXPECT_EQ(h.s().r[3], 0u);
  EXPECT_EQ(h.s().r[4], 9u);
  EXPECT_EQ(h.s().itstate, 0u);
}

TEST(RunLoop, WfiWithNothingPendingSleeps) {
  CpuHarness h;
  ASSERT_TRUE(h.load("movs r0, #1\n  wfi\nafter: movs r0, #2\n"));
  EXPECT_EQ(h.cpu().run(100), StopReason::Sleeping);
  EXPECT_EQ(h.s().r[15], h.symbol("after"));
  EXPECT_TRUE(h.s().sleeping);
  EXPECT_EQ(h.cpu().run(100), StopReason::Sleeping);  // still nothing to wake it
  EXPECT_EQ(h.s().r[0], 1u);
}

// A device whose register write asks the core to stop (how UART EOT and semihosting exit end runs).
class StopDevice final : public memory::Target {
 public:
  explicit StopDevice(Cpu*& cpu) : cpu_(cpu) {}
  std::string_view name() const override { return "stop"; }
  memory::BusResponse read(uint32_t, unsigned, uint32_t& v, const memory::AccessAttrs&) override {
    v = 0;
    return {};
  }
  memory::BusResponse write(uint32_t, unsigned, uint32_t, const memory::AccessAttrs&) override {
    cpu_->request_stop();
    return {};
  }

 private:
  Cpu*& cpu_;
};

TEST(RunLoop, StopRequestedByADeviceEndsRunAfterTheInstruction) {
  CpuHarness h;
  Cpu* cpu = &h.cpu();
  StopDevice dev(cpu);
  ASSERT_TRUE(h.bus().map(0x40000000, memory::kPageSize, dev, "stop"));
  ASSERT_TRUE(h.load("ldr r0, =0x40000000\n  movs r1, #1\n  str r1, [r0]\nafter: movs r2, #2\n"));
  EXPECT_EQ(h.cpu().run(1000), StopReason::StopRequested);
  EXPECT_EQ(h.s().r[15], h.symbol("after"));
  EXPECT_EQ(h.s().r[2], 0u);
  // The next run continues where it stopped.
  h.run();
  EXPECT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[2], 2u);
}

TEST(RunLoop, CycleBudgetIsOneCyclePerInstruction) {
  CpuHarness h;
  ASSERT_TRUE(h.load("1: adds r0, #1\n  b 1b\n"));
  const Cycles start = h.cpu().cycles();
  EXPECT_EQ(h.cpu().run(1000), StopReason::CycleLimit);
  EXPECT_EQ(h.cpu().cycles() - start, 1000u);
  EXPECT_EQ(h.s().r[0], 500u);
  EXPECT_EQ(h.cpu().now(), h.cpu().cycles());
}

TEST(PredecodeCache, LoopsAreDecodedOnce) {
  CpuHarness h;
  ASSERT_TRUE(h.load("ldr r0, =10000\n1: subs r0, #1\n  bne 1b\n"));
  h.run(1'000'000);
  ASSERT_TRUE(h.reached_end());
  EXPECT_LT(h.cpu().block_cache().misses, 10u);
  EXPECT_GT(h.cpu().instructions(), 20000u);
}

TEST(PredecodeCache, RewrittenCodeIsSeenWithoutInvalidation) {
  // The loop body at `patch` runs once as `movs r1, #1`, then the program overwrites it with
  // `movs r1, #42` (0x212A) and runs it again: the second run must see the new encoding.
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    movs r5, #0
    movs r4, #0
again:
patch:
    movs r1, #1
    add r4, r4, r1
    cbnz r5, done
    movs r5, #1
    ldr r2, =patch
    bic r2, r2, #1       @ clear the Thumb bit of the label address if any
    ldr r3, =0x212A
    strh r3, [r2]
    b again
done:
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[4], 43u);
}

TEST(PredecodeCache, Rewritten32BitInstruction) {
  CpuHarness h;
  ASSERT_TRUE(h.load(R"(
    movs r5, #0
    movs r4, #0
again:
patch:
    add.w r4, r4, #1
    cbnz r5, done
    movs r5, #1
    adr r2, patch_word
    ldr r3, [r2]
    ldr r2, =patch
    bic r2, r2, #1
    str r3, [r2]
    b again
    .align 2
patch_word:
    add.w r4, r4, #100
done:
  )"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[4], 101u);
}

struct CountingTiming final : TimingHook {
  uint64_t retired = 0, taken = 0, skipped = 0, loads = 0;
  Cycles retire(const RetireInfo& info) override {
    ++retired;
    taken += info.branch_taken;
    skipped += !info.executed;
    loads += info.op == OpClass::Load;
    return 3;
  }
};

TEST(RunLoop, TimingHookSeesEveryInstructionAndSetsTheCycles) {
  CpuHarness h;
  CountingTiming timing;
  h.cpu().set_timing(&timing);
  ASSERT_TRUE(h.load("movs r0, #4\n  ldr r2, [sp, #-4]\n1: subs r0, #1\n  it eq\n  moveq r1, #1\n  bne 1b\n"));
  const Cycles start = h.cpu().cycles();
  h.run();
  ASSERT_TRUE(h.reached_end());
  // movs, ldr; 4 x (subs, it, moveq, bne); b corsim_end.
  EXPECT_EQ(timing.retired, 2u + 4u * 4u + 1u);
  EXPECT_EQ(timing.taken, 3u + 1u);   // bne taken three times, then the branch to the end (even
                                      // though it targets the next instruction)
  EXPECT_EQ(timing.skipped, 3u);      // moveq fails its condition three times
  EXPECT_EQ(timing.loads, 1u);
  EXPECT_EQ(h.cpu().cycles() - start, 3 * timing.retired);
}

// Every exception entry costs the timing model's entry sequence, whatever its cause (Arm DDI 0553
// B3.20 "Exception entry"): an SVC, a fault and a pended interrupt each enter the handler once.
struct EntryCountingTiming final : TimingHook {
  uint64_t retired = 0, entries = 0;
  Cycles retire(const RetireInfo&) override {
    ++retired;
    return 1;
  }
  Cycles exception_entry() override {
    ++entries;
    return 12;
  }
};

TEST(RunLoop, SvcFaultAndInterruptEntriesAreEachChargedOnce) {
  const char* const causes[] = {
      "svc #0",
      "udf #0",
      "ldr r0, =0xE000ED04\n  ldr r1, =0x10000000\n  str r1, [r0]\n  isb",  // ICSR.PENDSVSET
  };
  for (const char* cause : causes) {
    SCOPED_TRACE(cause);
    CpuHarness h;
    EntryCountingTiming timing;
    h.cpu().set_timing(&timing);
    ASSERT_TRUE(h.load(std::string(cause) + "\n  b corsim_end\nhandler: b corsim_end\n"));
    const Cycles start = h.cpu().cycles();
    h.run();
    ASSERT_TRUE(h.reached_end());
    EXPECT_EQ(timing.entries, 1u);
    EXPECT_EQ(h.cpu().cycles() - start, timing.retired + 12 * timing.entries);
  }
}

struct Recorder final : TraceSink {
  std::vector<std::string> lines;
  void retired(uint32_t pc, uint32_t encoding, unsigned size, const std::string& text, const ArchState&) override {
    lines.push_back(text);
  }
};

TEST(RunLoop, TraceSeesEveryRetiredInstructionWithDisassembly) {
  CpuHarness h;
  Recorder rec;
  h.cpu().set_trace(&rec);
  ASSERT_TRUE(h.load("movs r0, #3\n  cmp r0, #3\n  it eq\n  addeq r0, #1\n  mul r1, r0, r0\n"));
  h.run();
  ASSERT_TRUE(h.reached_end());
  ASSERT_GE(rec.lines.size(), 5u);
  EXPECT_EQ(rec.lines[0], "movs r0, #3");
  EXPECT_EQ(rec.lines[1], "cmp r0, #3");
  EXPECT_EQ(rec.lines[2], "it eq");
  EXPECT_EQ(rec.lines[3], "addeq r0, #1");  // the 16-bit ADD inside IT: no S, condition shown
  EXPECT_EQ(rec.lines[4], "mul r1, r0, r0");
  EXPECT_EQ(h.s().r[1], 16u);
}

}  // namespace
}  // namespace corsim::cpu::test
