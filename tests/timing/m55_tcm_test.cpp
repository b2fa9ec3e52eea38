// The Cortex-M55's TCM port rules ([HELIUM-3], docs/timing.md "The models") at the model level, on
// hand-built retire sequences against a stub memory system with an ITCM and a banked DTCM, so each
// rule is checked on its own (the golden microbenchmarks check them on the simulator). The
// constants: cortex_m55_tables.h (ITCM port 4 bytes per cycle, fetch FIFO 12 bytes, taken branch
// 3 cycles, load latency 2, 8-byte data beats, D-TCM read after store 1). Each expected count is
// worked out in the comment next to it: "i@t" = instruction i issues at cycle t; "ahead" = the
// bytes the fetch stream has beyond the last issued instruction.
#include <gtest/gtest.h>

#include <vector>

#include "cpu/timing/cortex_m55.h"
#include "memory/timing/memory_timing.h"
#include "tests/timing/retire_sequence.h"

namespace corsim::cpu::timing {
namespace {

using namespace retire_sequence;

// A model with the stub attached; the sequences run from ITCM (run()'s default PC 0x1000).
struct M55WithTcms {
  StubTcms tcms;
  CortexM55Model model;
  M55WithTcms() { model.set_memory_timing(&tcms); }
};

Op branch_to(uint32_t target) { return {OpClass::Branch, 0, 0, 0, 0, 0, BranchKind::Direct, true, target}; }
Op alu(unsigned d, unsigned n) { return {OpClass::IntAlu, r(n), r(d)}; }
Op alu16(unsigned d, unsigned n) { return {OpClass::IntAlu, r(n), r(d), 0, 0, kTraitT16}; }
Op load(unsigned d, uint32_t addr, uint16_t bytes = 4) {
  return {OpClass::Load, r(12), r(d), 0, 0, 0, BranchKind::None, false, 0, addr, false, false, bytes};
}
Op store(unsigned t, uint32_t addr) {
  return {OpClass::Store, static_cast<uint16_t>(r(t) | r(12)), 0, 0, 0, 0, BranchKind::None, false, 0, addr, true};
}

TEST(CortexM55Tcm, ItcmFetchKeepsUpWithOneWordPerCycle) {
  // 32-bit instructions consume the port's 4 bytes per cycle: the FIFO (full on entry) stays at
  // 8 bytes ahead, nothing waits.
  M55WithTcms m;
  const auto c = run(m.model, std::vector<Op>(12, alu(1, 2)));
  EXPECT_EQ(sum(c), 12u);
}

TEST(CortexM55Tcm, ItcmLiteralLoadTakesAFetchCycle) {
  // 0 B.W @1 (ahead 12 -> 8), taken: its destination's word is there at 4, ahead = 4 - 12 = -8 at 1.
  // 1 LDR from ITCM @4: ahead -8 + 3*4 = 4, its 4 bytes consumed -> 0; the literal word takes the
  //   port for a cycle -> -4.  2 ADD @5 would have 0 bytes: waits a cycle, @6.  3 ADD @7 (0 + 4).
  {
    M55WithTcms m;
    const auto c = run(m.model, {branch_to(0x1100), load(1, kItcm + 0x2000), alu(2, 3), alu(4, 5)});
    EXPECT_EQ(c, (std::vector<Cycles>{1, 3, 2, 1}));
  }
  // The same load from DTCM leaves the port to fetch: 2 ADD @5 with 4 bytes there.
  {
    M55WithTcms m;
    const auto c = run(m.model, {branch_to(0x1100), load(1, kDtcm + 0x100), alu(2, 3), alu(4, 5)});
    EXPECT_EQ(c, (std::vector<Cycles>{1, 3, 1, 1}));
  }
}

TEST(CortexM55Tcm, MisalignedBranchTargetDelaysAThirtyTwoBitInstruction) {
  // B.W @1 to a target 2 bytes into a word: at 4 only that word's last halfword is there
  // (ahead = 4 - 2 - 12 = -10 at 1, +12 by 4 = 2 bytes); a 32-bit instruction there waits for the
  // next word, @5; a 16-bit one issues @4, as does a 32-bit one at an aligned target.
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {branch_to(0x1102), alu(1, 2)}), (std::vector<Cycles>{1, 4}));
  }
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {branch_to(0x1102), alu16(1, 2)}), (std::vector<Cycles>{1, 3}));
  }
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {branch_to(0x1100), alu(1, 2)}), (std::vector<Cycles>{1, 3}));
  }
}

TEST(CortexM55Tcm, ItcmDoubleWordLiteralArrivesACycleLate) {
  // LDRD (8 bytes) from ITCM @1: two words through the 32-bit port for one 8-byte beat: +1 cycle
  // on its data (latency 2 + 1) and on issue (next @3); from DTCM one beat (next @2, user @3).
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {load(1, kItcm + 0x2000, 8), alu(3, 4), alu(5, 6)}), (std::vector<Cycles>{1, 2, 1}));
  }
  {
    M55WithTcms m;  // a user of the loaded register: @1 + 3 = 4
    EXPECT_EQ(run(m.model, {load(1, kItcm + 0x2000, 8), alu(3, 1)}), (std::vector<Cycles>{1, 3}));
  }
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {load(1, kDtcm + 0x100, 8), alu(3, 4)}), (std::vector<Cycles>{1, 1}));
  }
  {
    M55WithTcms m;  // user @1 + 2 = 3
    EXPECT_EQ(run(m.model, {load(1, kDtcm + 0x100, 8), alu(3, 1)}), (std::vector<Cycles>{1, 2}));
  }
}

TEST(CortexM55Tcm, DtcmReadTheCycleAfterAStoreToItsBankWaits) {
  // STR @1 to word 0 (bank 0 of 4), LDR @2 from word 4 (bank 0): +1 on its data and on issue
  // ("Read after-write in D-TCM"): the next independent instruction @4, a user of the load @2+3.
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {store(1, kDtcm), load(3, kDtcm + 0x10), alu(5, 6)}), (std::vector<Cycles>{1, 1, 2}));
  }
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {store(1, kDtcm), load(3, kDtcm + 0x10), alu(5, 3)}), (std::vector<Cycles>{1, 1, 3}));
  }
  // Another bank (word 1), or a cycle between them: no wait.
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {store(1, kDtcm), load(3, kDtcm + 0x4), alu(5, 6)}), (std::vector<Cycles>{1, 1, 1}));
  }
  {
    M55WithTcms m;
    EXPECT_EQ(run(m.model, {store(1, kDtcm), alu(7, 8), load(3, kDtcm + 0x10), alu(5, 6)}),
              (std::vector<Cycles>{1, 1, 1, 1}));
  }
}

}  // namespace
}  // namespace corsim::cpu::timing
