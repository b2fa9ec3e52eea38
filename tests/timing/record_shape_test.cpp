// The record shapes (cpu/retire_record.h RecordShape): a model's retire_as<shape> leaves out the
// code for data accesses and branches, so on every record of that shape it must give what
// retire() gives. Two copies of each model, each with its own zero-wait TCMs, retire the same random
// stream (data processing, loads and stores to ITCM and DTCM, branches taken or not, skipped
// instructions in IT blocks): one with retire() throughout, the other with retire_as<shape> where
// the record has that shape; every instruction's cycles and every counter must agree.
#include <gtest/gtest.h>

#include <random>

#include "cpu/timing/cortex_m55.h"
#include "cpu/timing/cortex_m85.h"
#include "tests/timing/retire_sequence.h"

namespace corsim::cpu::timing {
namespace {

using namespace retire_sequence;

template <class Model>
void expect_shapes_retire_as_any(uint32_t seed) {
  StubTcms tcms_any, tcms_shaped;
  Model any, shaped;
  any.set_memory_timing(&tcms_any);
  shaped.set_memory_timing(&tcms_shaped);
  std::mt19937 rng(seed);
  const auto pick = [&rng](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  uint32_t pc = 0x1000;  // in ITCM: the M55's fetch stream and ITCM port rules apply
  unsigned shaped_calls[3] = {};
  for (int i = 0; i < 30000; ++i) {
    const uint32_t kind = pick(10);  // 0-4 data processing, 5-7 one access, 8 branch, 9 skipped
    InstrInfo info;
    const uint16_t reads = static_cast<uint16_t>(r(pick(8)) | r(pick(8)) | (pick(4) == 0 ? kFlags : 0));
    const uint16_t writes = static_cast<uint16_t>(r(pick(8)) | (pick(3) == 0 ? kFlags : 0));
    info.regs = RegUsage{reads, writes, 0, 0};
    info.traits = static_cast<uint16_t>((pick(2) ? kTraitT16 : 0) | (pick(2) ? kTraitM55Pairable : 0) |
                                        (pick(6) == 0 ? kTraitShiftedOperand : 0));
    OpClass op = pick(5) == 0 ? OpClass::IntMul : OpClass::IntAlu;
    MemoryLog log;
    RecordShape shape = RecordShape::kDataProcessing;
    if (kind >= 5 && kind <= 7) {
      const bool store = pick(3) == 0;
      op = store ? OpClass::Store : OpClass::Load;
      const uint16_t bytes = static_cast<uint16_t>(1u << pick(3));
      const uint32_t base = pick(8) == 0 ? kItcm + 0x4000 : kDtcm;
      log.add(base + pick(256) * 4, bytes, store);
      shape = RecordShape::kDataAccess;
    } else if (kind >= 8) {
      shape = RecordShape::kAny;
      if (kind == 8) {
        op = OpClass::Branch;
        info.branch = BranchKind::Direct;
        info.regs = RegUsage{kFlags, 0, 0, 0};
      }
    }
    any.annotate(info, op);  // as the Cpu does at predecode (the same for both copies)
    RetireInfo ri;
    ri.pc = pc;
    ri.size = (info.traits & kTraitT16) ? 2 : 4;
    ri.op = op;
    ri.executed = kind != 9;
    ri.in_it_block = kind == 9 || pick(8) == 0;
    ri.branch_taken = kind == 8 && pick(2) == 0;
    ri.next_pc = ri.branch_taken ? 0x1000 + pick(64) * 2 : pc + ri.size;
    ri.info = &info;
    ri.memory = &log;
    const Cycles expected = any.retire(ri);
    Cycles got = 0;
    switch (shape) {
      case RecordShape::kDataProcessing: got = shaped.template retire_as<RecordShape::kDataProcessing>(ri); break;
      case RecordShape::kDataAccess: got = shaped.template retire_as<RecordShape::kDataAccess>(ri); break;
      case RecordShape::kAny: got = shaped.retire(ri); break;
    }
    ++shaped_calls[static_cast<unsigned>(shape)];
    ASSERT_EQ(got, expected) << "instruction " << i << " (seed " << seed << ")";
    pc = ri.next_pc;
  }
  const TimingStats a = any.stats(), b = shaped.stats();
  EXPECT_EQ(a.instructions, b.instructions);
  EXPECT_EQ(a.cycles, b.cycles);
  EXPECT_EQ(a.stall_cycles, b.stall_cycles);
  EXPECT_EQ(a.frontend_stall_cycles, b.frontend_stall_cycles);
  EXPECT_EQ(a.memory_stall_cycles, b.memory_stall_cycles);
  EXPECT_EQ(a.dual_issued, b.dual_issued);
  EXPECT_EQ(a.branches, b.branches);
  EXPECT_EQ(a.branch_mispredicts, b.branch_mispredicts);
  EXPECT_EQ(a.loads, b.loads);
  EXPECT_EQ(a.stores, b.stores);
  EXPECT_EQ(a.data_accesses, b.data_accesses);
  // The stream did exercise both shapes and the timing state they read: stalls, pairs, loads.
  EXPECT_GT(shaped_calls[static_cast<unsigned>(RecordShape::kDataProcessing)], 10000u);
  EXPECT_GT(shaped_calls[static_cast<unsigned>(RecordShape::kDataAccess)], 6000u);
  EXPECT_GT(a.dual_issued, 1000u);
  EXPECT_GT(a.stall_cycles, 1000u);
}

TEST(RecordShape, M55RetireAsShapeEqualsRetire) {
  for (uint32_t seed = 1; seed <= 3; ++seed) expect_shapes_retire_as_any<CortexM55Model>(seed);
}

TEST(RecordShape, M85RetireAsShapeEqualsRetire) {
  for (uint32_t seed = 1; seed <= 3; ++seed) expect_shapes_retire_as_any<CortexM85Model>(seed);
}

}  // namespace
}  // namespace corsim::cpu::timing
