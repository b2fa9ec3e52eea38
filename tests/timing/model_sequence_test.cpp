// The two core models on hand-built retire sequences: each expectation is the issue schedule the
// cited rule gives, worked out in the comment next to it (keys as in cpu/timing/cortex_m55_tables.h).
#include <gtest/gtest.h>

#include <vector>

#include "cpu/timing/cortex_m55.h"
#include "cpu/timing/cortex_m85.h"
#include "tests/timing/retire_sequence.h"

namespace corsim::cpu::timing {
namespace {

using namespace retire_sequence;

// ---- Cortex-M55 --------------------------------------------------------------------------------

TEST(CortexM55Model, DependentAluChainIsOnePerCycle) {
  CortexM55Model m;  // [LLVM-M55] ALU latency 1
  const auto c = run(m, std::vector<Op>(10, Op{OpClass::IntAlu, r(1), r(1)}));
  EXPECT_EQ(sum(c), 10u);
}

TEST(CortexM55Model, SixteenBitPairDualIssues) {
  CortexM55Model m;  // [LLVM-M55]: two T16 instructions, one of them ADD/SUB immediate
  const uint16_t t16p = kTraitT16 | kTraitM55Pairable;
  const auto c = run(m, {{OpClass::IntAlu, r(1), r(1), 0, 0, t16p}, {OpClass::IntAlu, r(2), r(2), 0, 0, t16p},
                         {OpClass::IntAlu, r(3), r(3), 0, 0, t16p}});
  EXPECT_EQ(c[1], 0u);  // pairs with the first
  EXPECT_EQ(c[2], 1u);  // a pair is two instructions: the third starts a new cycle
}

TEST(CortexM55Model, ThirtyTwoBitInstructionsDoNotPair) {
  CortexM55Model m;
  const auto c = run(m, {{OpClass::IntAlu, r(1), r(1)}, {OpClass::IntAlu, r(2), r(2)}});
  EXPECT_EQ(c[1], 1u);
}

TEST(CortexM55Model, LoadUseStallsOneCycle) {
  CortexM55Model m;  // [LLVM-M55] load latency 2: the user issues 2 cycles after the load
  const auto c = run(m, {{OpClass::Load, r(2), r(1)}, {OpClass::IntAlu, r(1), r(3)}});
  EXPECT_EQ(c[1], 2u);
}

TEST(CortexM55Model, MacChainAtTwoCycles) {
  CortexM55Model m;  // [LLVM-M55] MLA latency 2, no accumulator forwarding
  const auto c = run(m, std::vector<Op>(5, Op{OpClass::IntMul, static_cast<uint16_t>(r(1) | r(2)), r(1)}));
  EXPECT_EQ(sum(c, 1), 8u);
}

TEST(CortexM55Model, TakenBranchCostsThreeCycles) {
  // cortex_m55_tables.h kTakenBranchCost: 3, calibrated on the Cortex-M55 FPGA's CoreMark (session
  // 11; Arm's LLVM model: MispredictPenalty 3 for the M55 against 2 for the M4/M33, which [M33-SI]
  // measures): the instruction after a taken branch issues 3 cycles after it.
  CortexM55Model m;
  const auto c = run(m, {{OpClass::Branch, 0, 0, 0, 0, 0, BranchKind::Direct, true, 0x2000},
                         {OpClass::IntAlu, r(1), r(1)}});
  EXPECT_EQ(c[1], 3u);
}

TEST(CortexM55Model, NotTakenBranchDoesNotWaitForItsFlags) {
  // [M33-SI]: a not-taken 16-bit branch dual-issues after the 16-bit instruction setting its flags.
  CortexM55Model m;
  const uint16_t t16_pairable = kTraitT16 | kTraitM55Pairable;
  const auto c = run(m, {{OpClass::IntAlu, r(1), static_cast<uint16_t>(r(1) | kFlags), 0, 0, t16_pairable},
                         {OpClass::Branch, kFlags, 0, 0, 0, t16_pairable, BranchKind::Direct, false, 0}});
  EXPECT_EQ(c[1], 0u);
}

TEST(CortexM55Model, CachedLoopEndIsFree) {
  CortexM55Model m;  // [LLVM-M55] loop end latency 0; the first LE fills the loop cache
  std::vector<Op> loop;
  for (int i = 0; i < 4; ++i) {
    loop.push_back({OpClass::IntAlu, r(1), r(1)});
    loop.push_back({OpClass::Branch, r(14), r(14), 0, 0, 0, BranchKind::LoopEnd, true, 0x1000});
  }
  const auto c = run(m, loop);
  EXPECT_EQ(c[2], 3u);  // after the first LE: a taken-branch refill (kTakenBranchCost, 3 cycles)
  EXPECT_EQ(c[4], 1u);  // cached: the body's add issues right after the LE
  EXPECT_EQ(c[6], 1u);
}

TEST(CortexM55Model, VectorBeatsOverlapAcrossPipesOnly) {
  // Arm's talk "Automated instruction sequence optimization for MVE": VLDR;VADD;VMUL;VSTR takes 5
  // cycles, VLDR;VLDRB;VADD;VSTR 6; repeated, the load/store pipe makes the period 5 and 6.
  const Op vldr{OpClass::MveLoad, r(1), 0, 0, q(0), 0, BranchKind::None, false, 0, 0};
  const Op vadd{OpClass::MveInt, 0, 0, q(2) | q(3), q(1)};
  const Op vmul{OpClass::MveMul, 0, 0, q(5) | q(6), q(4)};
  const Op vstr{OpClass::MveStore, r(2), 0, q(7), 0};
  const Op vldrb{OpClass::MveLoad, r(1), 0, 0, q(1)};
  {
    CortexM55Model m;
    std::vector<Op> s;
    for (int i = 0; i < 3; ++i) s.insert(s.end(), {vldr, vadd, vmul, vstr});
    const auto c = run(m, s);
    EXPECT_EQ(sum(c, 4) - sum(c, 8), 5u);
  }
  {
    CortexM55Model m;
    const Op vadd2{OpClass::MveInt, 0, 0, q(3) | q(4), q(2)};
    std::vector<Op> s;
    for (int i = 0; i < 3; ++i) s.insert(s.end(), {vldr, vldrb, vadd2, vstr});
    const auto c = run(m, s);
    EXPECT_EQ(sum(c, 4) - sum(c, 8), 6u);
  }
}

// ---- Cortex-M85 --------------------------------------------------------------------------------

TEST(CortexM85Model, TwoIndependentAluOpsPerCycle) {
  CortexM85Model m;  // [LLVM-M85] two ALUs, IssueWidth 2
  const auto c = run(m, {{OpClass::IntAlu, r(1), r(1)}, {OpClass::IntAlu, r(2), r(2)},
                         {OpClass::IntAlu, r(3), r(3)}, {OpClass::IntAlu, r(4), r(4)}});
  EXPECT_EQ(c[1], 0u);
  EXPECT_EQ(c[2], 1u);
  EXPECT_EQ(c[3], 0u);
}

TEST(CortexM85Model, DependentAluPairIssuesTogetherUpToThreeStages) {
  // [M85-SI] "overall/scalar ALU": simple ALU ops execute in EX1, EX2 or EX3 and forward to a
  // later stage in 0 cycles: r1 <- r1 (EX1), r1 <- r1 (EX2) issue together; the next pair reads at
  // EX2 and EX3 (one cycle later); the fifth can only use EX3 of the cycle after: 1 per cycle on.
  CortexM85Model m;
  const auto c = run(m, std::vector<Op>(6, Op{OpClass::IntAlu, r(1), r(1)}));
  EXPECT_EQ(c[1], 0u);
  EXPECT_EQ(c[2], 1u);
  EXPECT_EQ(c[3], 0u);
  EXPECT_EQ(c[4], 1u);
  EXPECT_EQ(c[5], 1u);
}

TEST(CortexM85Model, PredicatedResultIsNotForwardedEarly) {
  // [M85-SI] "predicated execution": an instruction in an IT block reads at EX1 (no skew).
  CortexM85Model m;
  Op in_it{OpClass::IntAlu, r(1), r(1)};
  in_it.in_it_block = true;
  const auto c = run(m, {{OpClass::IntAlu, r(1), r(1)}, in_it});
  EXPECT_EQ(c[1], 1u);
}

TEST(CortexM85Model, MacAccumulatorChainAtOnePerCycle) {
  CortexM85Model m;  // [LLVM-M85] accumulator read one cycle late
  const auto c = run(m, std::vector<Op>(5, Op{OpClass::IntMul, static_cast<uint16_t>(r(1) | r(2)), r(1)}));
  EXPECT_EQ(sum(c, 1), 4u);
}

TEST(CortexM85Model, DivideStallsSevenCycles) {
  CortexM85Model m;  // [LLVM-M85] SDIV/UDIV 7, stalls the pipeline
  const auto c = run(m, {{OpClass::IntDiv, r(2), r(1)}, {OpClass::IntAlu, r(3), r(3)}});
  EXPECT_EQ(c[1], 7u);
}

TEST(CortexM85Model, BranchPredictorLearnsALoopBranch) {
  // First pass: a BTB miss on a backward branch, statically predicted taken, redirected at decode
  // (kStaticTakenCost 3, an assumption); then the BTB predicts it: ADD | BNE ADD | BNE ADD...
  CortexM85Model m;
  std::vector<Op> s;
  for (int i = 0; i < 3; ++i) {
    s.push_back({OpClass::IntAlu, r(1), r(1)});
    s.push_back({OpClass::Branch, 0, 0, 0, 0, 0, BranchKind::Direct, true, 0x1000});
  }
  const auto c = run(m, s);
  EXPECT_EQ(c[2], 3u);
  EXPECT_EQ(c[3], 0u);  // predicted: pairs with the ADD before it
  EXPECT_EQ(c[4], 1u);
  EXPECT_EQ(m.stats().branch_mispredicts, 0u);
}

TEST(CortexM85Model, BtbMissesArePredictedStatically) {
  // Static prediction on a BTB miss (Cortex-M7 TRM DDI 0489 ACTLR.DISBTACREAD: "only static branch
  // prediction"; rule assumed: unconditional and backward conditional taken, forward conditional
  // not taken). Branches at 0x1004; the conditional ones read the flags (BNE).
  const Op add{OpClass::IntAlu, r(1), r(1)};
  const auto bne_to = [](uint32_t target, bool taken) {
    return Op{OpClass::Branch, kFlags, 0, 0, 0, 0, BranchKind::Direct, taken, target};
  };
  {
    CortexM85Model m;  // backward, taken: decode redirect, 3
    EXPECT_EQ(run(m, {add, bne_to(0x0800, true), add})[2], 3u);
    EXPECT_EQ(m.stats().branch_mispredicts, 0u);
  }
  {
    // forward, taken: predicted not taken, mispredicted, 7 ([LLVM-M85]); the flags (none set in
    // this sequence) are in time, so no late-flags extra
    CortexM85Model m;
    EXPECT_EQ(run(m, {add, bne_to(0x2000, true), add})[2], 7u);
    EXPECT_EQ(m.stats().branch_mispredicts, 1u);
  }
  {
    CortexM85Model m;  // forward, not taken: right, free (the ADD pairs after ADD | BNE: next cycle)
    EXPECT_EQ(run(m, {add, bne_to(0x2000, false), add})[2], 1u);
    EXPECT_EQ(m.stats().branch_mispredicts, 0u);
  }
  {
    // unconditional forward B: it cannot fall through, so the decoder redirects it: 3, as a
    // backward one (until session 6 it was predicted not taken and cost a 7-cycle mispredict)
    CortexM85Model m;
    const Op b{OpClass::Branch, 0, 0, 0, 0, 0, BranchKind::Direct, true, 0x2000};
    EXPECT_EQ(run(m, {add, b, add})[2], 3u);
    EXPECT_EQ(m.stats().branch_mispredicts, 0u);
  }
  {
    // the same B inside an IT block is conditional: predicted not taken, mispredicted, 7; it reads
    // the flags at issue (RetireInfo::in_it_block), none set here
    CortexM85Model m;
    Op b{OpClass::Branch, 0, 0, 0, 0, 0, BranchKind::Direct, true, 0x2000};
    b.in_it_block = true;
    EXPECT_EQ(run(m, {add, b, add})[2], 7u);
    EXPECT_EQ(m.stats().branch_mispredicts, 1u);
  }
}

// A loop at 0x1000 of SUBS, `adds` independent ADDs and a BNE back, all 16-bit unless `wide_last`
// makes the last ADD 32-bit; the cycles of its last 10 of 20 passes (the BNE predicted by then).
Cycles subs_adds_bne_loop(unsigned adds, bool wide_last) {
  CortexM85Model m;
  std::vector<Op> s;
  for (int pass = 0; pass < 20; ++pass) {
    s.push_back({OpClass::IntAlu, r(0), static_cast<uint16_t>(r(0) | kFlags), 0, 0, kTraitT16});  // SUBS r0, #1
    for (unsigned i = 0; i < adds; ++i) {
      const bool wide = wide_last && i + 1 == adds;
      s.push_back({OpClass::IntAlu, static_cast<uint16_t>(r(3 + i) | r(2)), r(3 + i), 0, 0,
                   static_cast<uint16_t>(wide ? 0 : kTraitT16)});
    }
    s.push_back({OpClass::Branch, kFlags, 0, 0, 0, kTraitT16, BranchKind::Direct, true, 0x1000});
  }
  return sum(run(m, s), s.size() / 2);
}

TEST(CortexM85Model, PredictedTakenBranchTripleIssuesGivenFetchBandwidth) {
  // [M85-SI] "branching": "predicted taken branch can tripple issue with 2 prior instructions or 1
  // prior and 1 at destination address, provided that there is enough fetch bandwidth (at least 4
  // ... or 8 ... `.n` instructions prior to branch (including branch opcode))".
  // 5 x .n: SUBS ADD | ADD ADD BNE (third after two, 5 >= 4) = 2 per pass.
  EXPECT_EQ(subs_adds_bne_loop(3, false), 20u);
  // The last ADD 32-bit: one .n up to the BNE: SUBS ADD | ADD ADD.W | BNE SUBS' | ... = 2.5 per pass.
  EXPECT_EQ(subs_adds_bne_loop(3, true), 25u);
  // 8 x .n: SUBS ADD | ADD ADD | ADD ADD | ADD BNE SUBS' (across: 8 >= 8) | ADD ADD | ADD ADD |
  // ADD ADD BNE (third after two) = 7 cycles per two passes.
  EXPECT_EQ(subs_adds_bne_loop(6, false), 35u);
  // 7 x .n: SUBS ADD | ADD ADD | ADD ADD BNE (third after two; 7 < 8, so never across) = 3 per pass
  // (without the rule: ... | BNE SUBS' | ..., 3.5 per pass).
  EXPECT_EQ(subs_adds_bne_loop(5, false), 30u);
}

TEST(CortexM85Model, ALoadAtATakenBranchsDestinationJoinsAsThird) {
  // A loop of 10 x .n: LDR r12, SUBS r0, 7 independent ADDs, BNE back (t16_run_ >= 8 at every BNE,
  // [M85-SI] "branching"). Two passes alternate:
  //   A: LDR SUBS | ADD ADD | ADD ADD | ADD ADD | ADD BNE: the BNE issues second, so its
  //      destination's first instruction may join as third (as the SUBS' in
  //      PredictedTakenBranchTripleIssuesGivenFetchBandwidth's 8 x .n loop): the LDR', since that
  //      cycle moved no load bytes (ADD, BNE) and the load port has room for 4 of its 8;
  //   B: (LDR' in A's last cycle) SUBS ADD | ADD ADD | ADD ADD | ADD ADD BNE (third after two);
  // 5 + 4 = 9 cycles per two passes. The cycle word's load bytes are read from their own field
  // (session 10: the flags above it made every load fail the port check there, and the LDR issued
  // a cycle later: LDR SUBS | ... | ADD BNE every pass, 10 cycles per two passes).
  CortexM85Model m;
  std::vector<Op> s;
  for (int pass = 0; pass < 20; ++pass) {
    Op ldr{OpClass::Load, r(8), r(12), 0, 0, kTraitT16};
    ldr.load_addr = 0x20000000;
    s.push_back(ldr);
    s.push_back({OpClass::IntAlu, r(0), static_cast<uint16_t>(r(0) | kFlags), 0, 0, kTraitT16});  // SUBS r0, #1
    for (unsigned i = 0; i < 7; ++i)
      s.push_back({OpClass::IntAlu, static_cast<uint16_t>(r(1 + i) | r(9)), r(1 + i), 0, 0, kTraitT16});
    s.push_back({OpClass::Branch, kFlags, 0, 0, 0, kTraitT16, BranchKind::Direct, true, 0x1000});
  }
  const std::vector<Cycles> c = run(m, s);
  EXPECT_EQ(sum(c, 10 * 10), 5u * 9u);  // the last 10 passes
}

TEST(CortexM85Model, MispredictCostsFiveMoreWhenTheFlagsAreSetLate) {
  // [M85-SI] "branching": flags must be set at least 1 cycle ahead of the branch (from EX1/EX2), 2
  // from EX3, "otherwise you get +5 cycle to misprediction penalty". Each branch below is taken
  // and not in the BTB: mispredicted ([LLVM-M85] 7 cycles to the next instruction).
  const Op cmp{OpClass::IntAlu, r(1), kFlags};
  const Op bne{OpClass::Branch, kFlags, 0, 0, 0, 0, BranchKind::Direct, true, 0x2000};
  const Op next{OpClass::IntAlu, r(5), r(5)};
  {
    CortexM85Model m;  // CMP | BNE in the same cycle (flags read late): 7 + 5
    const auto c = run(m, {cmp, bne, next});
    EXPECT_EQ(c[1], 0u);
    EXPECT_EQ(c[2], 12u);
  }
  {
    CortexM85Model m;  // CMP ADD | ADD BNE: flags set (EX1) one cycle ahead: 7
    const auto c = run(m, {cmp, {OpClass::IntAlu, r(2), r(2)}, {OpClass::IntAlu, r(3), r(3)}, bne, next});
    EXPECT_EQ(c[3], 0u);
    EXPECT_EQ(c[4], 7u);
  }
  {
    // r1 chain: A0 (EX1) A1 (EX2) | A2 (EX2) CMP-like A3 reading r1 at EX3 | BNE one cycle later:
    // flags from EX3 one cycle ahead (two needed): 7 + 5.
    CortexM85Model m;
    const Op add{OpClass::IntAlu, r(1), r(1)};
    const Op adds{OpClass::IntAlu, r(1), static_cast<uint16_t>(r(1) | kFlags)};
    const auto c = run(m, {add, add, add, adds, bne, next});
    EXPECT_EQ(c[3], 0u);
    EXPECT_EQ(c[4], 1u);
    EXPECT_EQ(c[5], 12u);
  }
}

TEST(CortexM85Model, ReturnStackPredictsReturns) {
  CortexM85Model m;
  // Two calls to the same function from different sites: the BTB alone would mispredict the
  // second return; the return stack gets both right.
  const Op call1{OpClass::Branch, 0, r(14), 0, 0, 0, BranchKind::Call, true, 0x4000};
  const Op ret{OpClass::Branch, r(14), 0, 0, 0, kTraitT16, BranchKind::Return, true, 0};
  std::vector<Cycles> c;
  run(m, {call1}, 0x1000);
  Op ret1 = ret;
  ret1.target = 0x1004;
  run(m, {ret1}, 0x4000);
  run(m, {call1}, 0x2000);
  Op ret2 = ret;
  ret2.target = 0x2004;
  run(m, {ret2}, 0x4000);
  // Calls: two BTB misses (first sight of each call site), statically predicted taken (a call:
  // redirected at decode, not mispredicted). Returns: both predicted by the stack.
  EXPECT_EQ(m.stats().branch_mispredicts, 0u);
}

TEST(CortexM85Model, VectorLoadAndStorePipesAreSeparate) {
  // [SLOTHY] M85: vector loads and stores overlap (distinct units); each op holds its pipe 2 cycles.
  const Op vldr{OpClass::MveLoad, r(1), 0, 0, q(0)};
  const Op vadd{OpClass::MveInt, 0, 0, q(2) | q(3), q(1)};
  const Op vmul{OpClass::MveMul, 0, 0, q(5) | q(6), q(4)};
  const Op vstr{OpClass::MveStore, r(2), 0, q(7), 0};
  CortexM85Model m;
  std::vector<Op> s;
  for (int i = 0; i < 3; ++i) s.insert(s.end(), {vldr, vadd, vmul, vstr});
  const auto c = run(m, s);
  EXPECT_EQ(sum(c, 4) - sum(c, 8), 4u);
}

TEST(CortexM85Model, VectorLoadStoreIssuesSecondBesideAScalarOnly) {
  // [M85-SI] "vector loads/stores": "basic vector load/store instructions can dual issue with
  // scalar, only from younger slot"; "vector instructions can't be dual issued with 'slot 0' scalar
  // instructions". Second of each sequence below: its cycles.
  const Op add{OpClass::IntAlu, r(1), r(1)};
  const Op shifted{OpClass::IntAlu, r(2), r(2), 0, 0, kTraitShiftedOperand};  // slot 0 only
  const Op vldr{OpClass::MveLoad, r(3), 0, 0, q(0)};
  const Op vstr{OpClass::MveStore, r(4), 0, q(1), 0};
  const Op vadd{OpClass::MveInt, 0, 0, q(2) | q(3), q(4)};
  const Op vld4{OpClass::MveLoad, r(3), 0, 0, q(0) | q(1) | q(2) | q(3), kTraitStructMve};
  const auto second = [](const std::vector<Op>& s) {
    CortexM85Model m;
    return run(m, s)[1];
  };
  EXPECT_EQ(second({add, vldr}), 0u);      // ADD | VLDR: one cycle
  EXPECT_EQ(second({add, vstr}), 0u);      // ADD | VSTR
  EXPECT_EQ(second({vadd, vldr}), 1u);     // a vector first: not beside it
  EXPECT_EQ(second({shifted, vldr}), 1u);  // a slot-0 scalar first: not beside it
  EXPECT_EQ(second({add, vld4}), 1u);      // interleaving loads stay alone (assumed, as gathers)
  EXPECT_EQ(second({vldr, vadd}), 1u);     // nothing joins a vector load/store ([LLVM-M85] EndGroup)
}

TEST(CortexM85Model, NoScalarIssuesInAVectorLoadStoresSecondBeat) {
  // [M85-SI] "vector loads/stores": "scalar instructions can't be issued a cycle after vector
  // loads/stores (during its second cycle aka 'beat')"; its example issues a VEOR there.
  const Op add{OpClass::IntAlu, r(1), r(1)};
  const Op add2{OpClass::IntAlu, r(2), r(2)};
  const Op vldr{OpClass::MveLoad, r(3), 0, 0, q(0)};
  const Op vstr{OpClass::MveStore, r(4), 0, q(1), 0};
  const Op veor{OpClass::MveLogic, 0, 0, q(2) | q(3), q(5)};
  {
    CortexM85Model m;  // VLDR at 0 | (beat 2: nothing) | ADD ADD at 2
    const auto c = run(m, {vldr, add, add2});
    EXPECT_EQ(c[1], 2u);
    EXPECT_EQ(c[2], 0u);
  }
  {
    CortexM85Model m;  // the same after a VSTR
    EXPECT_EQ(run(m, {vstr, add})[1], 2u);
  }
  {
    CortexM85Model m;  // VLDR at 0 | VEOR at 1 (a vector op may) | ADD at 2 (not beside the VEOR at 1)
    const auto c = run(m, {vldr, veor, add});
    EXPECT_EQ(c[1], 1u);
    EXPECT_EQ(c[2], 1u);
  }
  {
    // ADD VLDR at 0 | beat 2 | ADD at 2: the beat rule holds when the load issued second too
    CortexM85Model m;
    const auto c = run(m, {add, vldr, add2});
    EXPECT_EQ(c[1], 0u);
    EXPECT_EQ(c[2], 2u);
  }
}

TEST(CortexModels, PmuCountersFollowTheRetireStream) {
  CortexM55Model m;
  run(m, {{OpClass::Load, r(2), r(1), 0, 0, 0, BranchKind::None, false, 0, 0x30000000},
          {OpClass::IntAlu, r(1), r(3)}});
  EXPECT_EQ(m.stats().instructions, 2u);
  EXPECT_EQ(m.stats().loads, 1u);
  EXPECT_EQ(m.stats().stall_cycles, 1u);  // the load-use bubble
  EXPECT_EQ(m.stats().cycles, 3u);
}

}  // namespace
}  // namespace corsim::cpu::timing
