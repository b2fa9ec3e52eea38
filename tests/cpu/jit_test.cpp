// The block JIT (cpu/jit/) against the interpreter, which stays the reference: random blocks of
// the forms it writes inline (data processing with immediate or shifted register, loads and stores
// with an immediate offset) mixed with instructions it calls, on random states (flags, registers,
// memory, addresses that fault); B<cond> for every condition and flag combination against a hand
// evaluation of the Arm ARM's condition table; a compiled block rewritten at run time (the new code
// runs after the ISB); the instruction count a device sees in the middle of a compiled block.
// Built only where the JIT is (x86-64, cpu/jit/jit_sources.cmake); there a missing JIT fails.
// The QEMU differential tests (qemu_diff_test.cpp) run every program on the JIT too.
#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <random>
#include <sstream>
#include <vector>

#include "cpu/decoder/decoder.h"
#include "cpu/isa/branch.h"
#include "cpu/isa/data_processing.h"
#include "cpu/isa/load_store.h"
#include "cpu/timing/timing_model.h"
#include "tests/cpu/asm_harness.h"
#include "tests/timing/retire_sequence.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kHandler = kCodeStart + 0x400;        // every fault vector: `b .`
constexpr uint32_t kRegion = kDataBase + 0x1000, kRegionBytes = 0x2000;

CpuConfig jit_config() {
  CpuConfig c;
  c.engine = CpuEngine::Jit;
  c.jit_after_visits = 0;
  return c;
}

// The handler of the row `insn` decodes to (null: undefined).
decoder::ExecFn handler_of(uint32_t insn, bool t32, Operands& ops) {
  const decoder::DecodeResult r = decoder::decode(insn, t32);
  ops = r.ops;
  return r.encoding ? r.encoding->exec : nullptr;
}

// One encoding for a random block: hw1 (and hw2) as they sit in memory.
struct Insn {
  uint16_t hw[2];
  bool t32;
};

// Encodings that stay in the block: no branch or system instruction, no PC operand (those leave
// the block at random). IT is kept: the instructions after it run conditionally.
bool keep(decoder::ExecFn h, const Operands& o, uint32_t insn, bool t32) {
  if (h == &exec_IT) return true;
  if (h == nullptr || h == &decoder::exec_UNDEFINED) return false;
  const decoder::DecodeResult r = decoder::decode(insn, t32);
  if (r.encoding->op == OpClass::Branch || r.encoding->op == OpClass::System) return false;
  return o.rd != 15 && o.rn != 15 && o.rm != 15 && o.ra != 15;
}

struct Pool {
  std::vector<Insn> inline_forms, others, it;  // `it`: the IT encodings
};

Pool make_pool() {
  Pool p;
  Operands o;
  for (uint32_t hw = 0; hw < 0xE800; ++hw) {
    const decoder::ExecFn h = handler_of(hw, false, o);
    if (!keep(h, o, hw, false)) continue;
    (jit::is_inline_form(h) ? p.inline_forms : p.others).push_back({{static_cast<uint16_t>(hw), 0}, false});
    if (h == &exec_IT) p.it.push_back({{static_cast<uint16_t>(hw), 0}, false});
  }
  // 32-bit: data processing (modified immediate, plain binary immediate, shifted register),
  // loads and stores (immediate and register offsets), multiplies.
  const uint32_t groups[][2] = {{0xF0000000u, 0xFA008000u}, {0xF2000000u, 0xFA008000u}, {0xEA000000u, 0xFE000000u},
                                {0xF8000000u, 0xFE000000u}, {0xFB000000u, 0xFF800000u}};
  std::mt19937 rng(2027);
  for (unsigned i = 0; i < 200000; ++i) {
    const auto& g = groups[i % 5];
    const uint32_t insn = g[0] | (static_cast<uint32_t>(rng()) & ~g[1]);
    const decoder::ExecFn h = handler_of(insn, true, o);
    if (!keep(h, o, insn, true)) continue;
    (jit::is_inline_form(h) ? p.inline_forms : p.others)
        .push_back({{static_cast<uint16_t>(insn >> 16), static_cast<uint16_t>(insn)}, true});
  }
  return p;
}

struct Outcome {
  ArchState state;
  StopReason why;
  uint64_t instructions;
  uint64_t cycles;
  timing::TimingStats stats;  // timed runs
  bool fault_valid;
  FaultKind fault_kind;
  uint32_t fault_pc;
  std::vector<uint8_t> memory;
};

bool operator==(const timing::TimingStats& a, const timing::TimingStats& b) {
  return a.instructions == b.instructions && a.cycles == b.cycles && a.stall_cycles == b.stall_cycles &&
         a.frontend_stall_cycles == b.frontend_stall_cycles && a.memory_stall_cycles == b.memory_stall_cycles &&
         a.dual_issued == b.dual_issued && a.branches == b.branches && a.branch_mispredicts == b.branch_mispredicts &&
         a.loads == b.loads && a.stores == b.stores && a.mve_instructions == b.mve_instructions &&
         a.data_accesses == b.data_accesses;
}

class EngineCheck {
 public:
  // `core`: a timing model (cortex-m55, cortex-m85) attached to both cores; empty: untimed.
  // `tcms`: each model with zero-wait TCMs over the harness's code (ITCM) and data (DTCM, 4 banks):
  // the models' fetch-stream, bank and port rules apply.
  explicit EngineCheck(const std::string& core = "", bool tcms = false) : jit_(jit_config()) {
    if (core.empty()) return;
    static_assert(timing::retire_sequence::kItcm == kCodeBase && timing::retire_sequence::kDtcm == kDataBase);
    for (unsigned i = 0; i < 2; ++i) {
      models_[i] = timing::make_timing_model(core);
      if (tcms) models_[i]->set_memory_timing(&tcms_[i]);
      (i == 0 ? interp_ : jit_).cpu().set_timing(models_[i].get());
    }
  }

  // Runs `code` (halfwords at kCodeStart, then `b .`) from the same random state on both cores;
  // false (with a failure) on any difference.
  bool same(const std::vector<uint16_t>& code, uint32_t seed, uint64_t budget) {
    const Outcome a = run(interp_, models_[0].get(), code, seed, budget);
    const Outcome b = run(jit_, models_[1].get(), code, seed, budget);
    bool equal = tcms_[0].counts() == tcms_[1].counts() && a.why == b.why && a.instructions == b.instructions && a.cycles == b.cycles && a.stats == b.stats &&
                 a.fault_valid == b.fault_valid &&
                 a.memory == b.memory && a.state.n == b.state.n && a.state.z == b.state.z &&
                 a.state.c == b.state.c && a.state.v == b.state.v && a.state.q == b.state.q &&
                 a.state.ge == b.state.ge && a.state.ipsr == b.state.ipsr && a.state.itstate == b.state.itstate;
    if (a.fault_valid && b.fault_valid) equal = equal && a.fault_kind == b.fault_kind && a.fault_pc == b.fault_pc;
    for (unsigned r = 0; r < 16; ++r) equal = equal && a.state.r[r] == b.state.r[r];
    if (!equal) {
      std::ostringstream text;
      for (uint16_t hw : code) text << std::hex << hw << ' ';
      ADD_FAILURE() << "the JIT differs from the interpreter on " << text.str() << "(seed " << seed << ")";
    }
    return equal;
  }

  const jit::BlockJit& jit() { return *jit_.cpu().jit(); }


 private:
  static Outcome run(CpuHarness& h, const timing::CpuTimingModel* model, const std::vector<uint16_t>& code,
                     uint32_t seed, uint64_t budget) {
    // Vectors, handler and code written again, and a reset, for every case: a random store may
    // have hit them, a fault left an exception active.
    uint32_t vectors[16] = {kStackTop, kCodeStart | 1u};
    for (int v = 2; v < 16; ++v) vectors[v] = kHandler | 1u;
    const uint16_t self_branch = 0xE7FE;
    h.bus().debug_write_block(kCodeBase, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
    h.bus().debug_write_block(kHandler, {reinterpret_cast<const uint8_t*>(&self_branch), 2});
    std::vector<uint16_t> program = code;
    program.push_back(self_branch);
    h.bus().debug_write_block(kCodeStart, {reinterpret_cast<const uint8_t*>(program.data()), program.size() * 2});
    EXPECT_TRUE(h.cpu().reset());
    std::mt19937 rng(seed);
    ArchState& s = h.s();
    for (unsigned r = 0; r < 13; ++r)
      s.r[r] = rng() % 4 != 0 ? kRegion + (static_cast<uint32_t>(rng()) & 0xFFF) : static_cast<uint32_t>(rng());
    s.r[13] = kStackTop - 0x100;
    s.r[14] = static_cast<uint32_t>(rng());
    s.r[15] = kCodeStart;
    s.n = rng() & 1; s.z = rng() & 1; s.c = rng() & 1; s.v = rng() & 1; s.q = rng() & 1;
    s.ge = rng() & 0xF;
    s.itstate = 0;
    s.ipsr = 0;
    std::vector<uint8_t> bytes(kRegionBytes);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    h.bus().debug_write_block(kRegion, bytes);
    const uint64_t before = h.cpu().instructions(), cycles_before = h.cpu().cycles();
    Outcome o{};
    o.why = h.cpu().run(budget);
    o.state = h.s();
    o.instructions = h.cpu().instructions() - before;
    o.cycles = h.cpu().cycles() - cycles_before;
    if (model != nullptr) o.stats = model->stats();
    o.fault_valid = h.cpu().last_fault().valid;
    o.fault_kind = h.cpu().last_fault().fault.kind;
    o.fault_pc = h.cpu().last_fault().pc;
    o.memory.resize(kRegionBytes);
    h.bus().debug_read_block(kRegion, o.memory);
    return o;
  }

  CpuHarness interp_, jit_;
  timing::retire_sequence::StubTcms tcms_[2];
  std::unique_ptr<timing::CpuTimingModel> models_[2];
};

// Timed: `code` from the state of `seed` under each budget, JIT against interpreter, with each
// core model, without and with the TCMs; the JIT must have compiled more than `min_blocks` blocks.
void expect_same_timed(const std::vector<uint16_t>& code, uint32_t seed, std::initializer_list<uint64_t> budgets,
                       uint64_t min_blocks) {
  for (const char* core : {"cortex-m55", "cortex-m85"}) {
    for (const bool tcms : {false, true}) {
      SCOPED_TRACE(std::string(core) + (tcms ? " with TCMs" : " without memory timing"));
      EngineCheck check(core, tcms);
      for (const uint64_t budget : budgets) EXPECT_TRUE(check.same(code, seed, budget));
      EXPECT_GT(check.jit().blocks_compiled, min_blocks);
    }
  }
}

void append(std::vector<uint16_t>& code, const Insn& i) {
  code.push_back(i.hw[0]);
  if (i.t32) code.push_back(i.hw[1]);
}

// `blocks` random blocks of up to 8 instructions from `pool` (a quarter calls, a third starting
// with an IT: the JIT follows ITSTATE through the block; with `branches`, a third ending in a
// conditional branch over one instruction) on `check`; returns the failures. `budget(n)`: the
// cycles given to a block of n instructions.
template <class Budget>
unsigned random_blocks(EngineCheck& check, const Pool& pool, unsigned blocks, uint32_t seed, Budget budget,
                       bool branches = false) {
  std::mt19937 rng(seed);
  unsigned failures = 0;
  for (unsigned c = 0; c < blocks && failures < 10; ++c) {
    std::vector<uint16_t> code;
    const unsigned n = 1 + rng() % 8;
    if (rng() % 3 == 0) append(code, pool.it[rng() % pool.it.size()]);
    for (unsigned i = 0; i < n; ++i) {
      const bool call = rng() % 4 == 0;
      const auto& from = call ? pool.others : pool.inline_forms;
      append(code, from[rng() % from.size()]);
    }
    if (branches && rng() % 3 == 0) {
      // A B<cond>, B, CBZ or CBNZ (a handler) over one 16-bit instruction to the `b .` that
      // follows: taken or not.
      const unsigned kind = rng() % 17, rn = rng() % 8;
      code.push_back(static_cast<uint16_t>(kind < 14    ? 0xD000u | kind << 8
                                           : kind == 14 ? 0xE000u
                                           : kind == 15 ? 0xB100u | rn
                                                        : 0xB900u | rn));
      const Insn* skipped = &pool.inline_forms[rng() % pool.inline_forms.size()];
      while (skipped->t32) skipped = &pool.inline_forms[rng() % pool.inline_forms.size()];
      append(code, *skipped);
    }
    if (!check.same(code, static_cast<uint32_t>(rng()), budget(n, rng))) ++failures;
  }
  return failures;
}

TEST(BlockJit, InlineFormsMatchTheInterpreterOnRandomStates) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const Pool pool = make_pool();
  ASSERT_GT(pool.inline_forms.size(), 10000u);
  ASSERT_GT(pool.others.size(), 1000u);
  ASSERT_GT(pool.it.size(), 100u);
  EngineCheck check;
  // The budget runs the block, then the `b .` after it (or the fault handler's) a few times.
  EXPECT_EQ(random_blocks(check, pool, 6000, 99, [](unsigned n, std::mt19937&) { return n + 3; }), 0u);
  // The JIT did run them: most blocks compiled, most of their instructions inline.
  EXPECT_GT(check.jit().blocks_compiled, 3000u);
  EXPECT_GT(check.jit().inlined, 10000u);
}

// Timed: the same random blocks with each core model attached to both
// cores; the cycles, instructions and every counter of the model (the PMU's events) must match
// the interpreter's, with budgets that end anywhere in the block (checked after each instruction).
TEST(BlockJit, TimedBlocksMatchTheInterpreterCycleForCycle) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const Pool pool = make_pool();
  for (const char* core : {"cortex-m55", "cortex-m85"}) {
    for (const bool tcms : {false, true}) {
      SCOPED_TRACE(std::string(core) + (tcms ? " with TCMs" : " without memory timing"));
      EngineCheck check(core, tcms);
      const auto budget = [](unsigned n, std::mt19937& rng) { return 1 + rng() % (3 * n + 12); };
      EXPECT_EQ(random_blocks(check, pool, 2500, tcms ? 8 : 7, budget, tcms), 0u);
      EXPECT_GT(check.jit().blocks_compiled, 1000u);
      EXPECT_GT(check.jit().inlined, 3000u);
    }
  }
}

// A loop the random blocks rarely form, run many times: a call (BL) and its return (BX LR), a
// MAC chain (MLA, MULS), a load right after a store to the stack (DTCM with TCMs), CBNZ taken and
// CBZ not taken (called branches), and a run of 16-bit instructions ending in a taken backward
// B<cond>, so that the compiled retirement's rarer paths run (cpu/jit/compiled_retire_m85.cpp: a
// predicted branch issuing third or letting its destination join as a third, the return stack a
// call pushes, a called branch's outcome, the MAC operands read late); JIT against interpreter,
// cycle for cycle and every counter, both models, with and without TCMs, budgets ending anywhere.
TEST(BlockJit, TimedCallLoopMatchesTheInterpreterCycleForCycle) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const std::vector<uint16_t> code = {
      0xE001,          // 0x00: b main
      0x3201,          // 0x02: func: adds r2, #1
      0x4770,          // 0x04: bx lr
      0x2014,          // 0x06: main: movs r0, #20
      0xF7FF, 0xFFFB,  // 0x08: loop: bl func (0x08 + 4 - 10)
      0xFB01, 0x3302,  // 0x0C: mla r3, r1, r2, r3
      0xFB01, 0x3302,  // 0x10: mla r3, r1, r2, r3
      0x434C,          // 0x14: muls r4, r1, r4
      0x9100,          // 0x16: str r1, [sp]
      0x9D00,          // 0x18: ldr r5, [sp]
      0xB900,          // 0x1A: cbnz r0, 0x1E (taken)
      0x3701,          // 0x1C: adds r7, #1 (skipped)
      0xB100,          // 0x1E: cbz r0, 0x22 (not taken)
      0x3701,          // 0x20: adds r7, #1
      0x3101, 0x3601, 0x3101, 0x3601, 0x3101, 0x3601, 0x3101, 0x3601, 0x3101,  // adds r1/r6, #1
      0x3801,          // 0x34: subs r0, #1
      0xD1E7,          // 0x36: bne loop (0x36 + 4 - 50)
  };
  expect_same_timed(code, 5, {7u, 40u, 93u, 150u, 211u, 5000u}, 3);
}

// 32-bit instructions at branch targets in the middle of a word (the M55 fetches ITCM a word per
// cycle, so each waits for the next word: itcm_fetch_wait), as compiled code takes them: a taken
// B.W (its wait counted with the redirect), a called LDRB.W with writeback and an inline STR.W
// (their waits counted only after the data checks pass: cpu/jit/compiled_retire_m55.cpp
// FetchWait). The pattern of CoreMark's core_state_transition. JIT against interpreter, cycle for
// cycle and every counter (the front-end stalls among them), both models, with and without TCMs.
TEST(BlockJit, FetchWaitsAtHalfwordTargetsMatchTheInterpreter) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const std::vector<uint16_t> code = {
      0x2014,          // 0x00: movs r0, #20
      0x466A,          // 0x02: mov r2, sp
      0x3A10,          // 0x04: subs r2, #16
      0xE002,          // 0x06: b 0x0E
      0xBF00, 0xBF00, 0xBF00,  // 0x08: nop x3
      0xF000, 0xB802,  // 0x0E: loop: b.w 0x16 (a halfword-aligned 32-bit branch)
      0xBF00, 0xBF00,  // 0x12: nop x2
      0xF812, 0x1F01,  // 0x16: ldrb.w r1, [r2, #1]! (a branch target in the middle of a word)
      0x3A01,          // 0x1A: subs r2, #1
      0xE001,          // 0x1C: b 0x22
      0xBF00, 0xBF00,  // 0x1E: nop x2
      0xF8CD, 0x1000,  // 0x22: str.w r1, [sp] (a branch target in the middle of a word)
      0x3801,          // 0x26: subs r0, #1
      0xD1F1,          // 0x28: bne loop (0x28 + 4 - 30)
  };
  expect_same_timed(code, 11, {9u, 40u, 77u, 150u, 5000u}, 3);
}

// Two-word transfers in one access (STRD/LDRD, PUSH/POP of two registers: one beat), with a load
// of either word right after a two-word store and an LDRD right after a store to its second word
// (the read-after-store rule on either word's bank), and an instruction after a PUSH and a POP,
// which they keep from issuing in their beat's cycle, as the compiled retirements take them
// (cpu/jit/compiled_retire_m55.cpp and _m85.cpp: two_words; ModelMemoryCode::one_beat_block, which
// on the M85, where LDM/STM issue alone, the single-issue rule already implies). JIT against
// interpreter, cycle for cycle and every counter, both models, with and without TCMs.
TEST(BlockJit, TwoWordTransfersMatchTheInterpreter) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const std::vector<uint16_t> code = {
      0x2014,          // 0x00: movs r0, #20
      0xE9CD, 0x1202,  // 0x02: loop: strd r1, r2, [sp, #8]
      0x9B03,          // 0x06: ldr r3, [sp, #12] (the second word, the cycle after)
      0xB510,          // 0x08: push {r4, lr}
      0x3701,          // 0x0A: adds r7, #1 (not beside the push: it blocks issue for its beat)
      0x9D01,          // 0x0C: ldr r5, [sp, #4] (the second word)
      0xBC50,          // 0x0E: pop {r4, r6}
      0x3701,          // 0x10: adds r7, #1
      0x9101,          // 0x12: str r1, [sp, #4]
      0xE9DD, 0x6700,  // 0x14: ldrd r6, r7, [sp] (its second word stored the cycle before)
      0x9B01,          // 0x18: ldr r3, [sp, #4]
      0xE9CD, 0x6702,  // 0x1A: strd r6, r7, [sp, #8]
      0x9902,          // 0x1E: ldr r1, [sp, #8] (the first word)
      0x3801,          // 0x20: subs r0, #1
      0xD1EE,          // 0x22: bne loop (0x22 + 4 - 36)
  };
  expect_same_timed(code, 12, {9u, 40u, 77u, 150u, 5000u}, 1);
}

// Returns by loads of the PC: POP {r4, pc} and LDR PC, [SP], #4, the latter 32-bit at a branch
// target in the middle of a word (its fetch wait beside the redirect), as the M55's compiled
// retirement takes them (cpu/jit/compiled_retire_m55.cpp load_to_pc). JIT against interpreter,
// cycle for cycle and every counter, both models, with and without TCMs.
TEST(BlockJit, LoadsOfThePcMatchTheInterpreter) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const std::vector<uint16_t> code = {
      0x2014,          // 0x00: movs r0, #20
      0xF000, 0xF805,  // 0x02: loop: bl func (0x10)
      0xF000, 0xF80B,  // 0x06: bl func2 (0x20)
      0x3801,          // 0x0A: subs r0, #1
      0xD1F9,          // 0x0C: bne loop (0x0C + 4 - 14)
      0xE7FE,          // 0x0E: b .
      0xB510,          // 0x10: func: push {r4, lr}
      0x3401,          // 0x12: adds r4, #1
      0xBD10,          // 0x14: pop {r4, pc}
      0xBF00, 0xBF00, 0xBF00, 0xBF00, 0xBF00,  // 0x16: nop x5
      0xF84D, 0xED04,  // 0x20: func2: str lr, [sp, #-4]!
      0x3401,          // 0x24: adds r4, #1
      0xE000,          // 0x26: b 0x2A
      0xBF00,          // 0x28: nop
      0xF85D, 0xFB04,  // 0x2A: ldr pc, [sp], #4 (a branch target in the middle of a word)
  };
  expect_same_timed(code, 13, {9u, 40u, 77u, 150u, 5000u}, 3);
}

// A block that ends inside an IT block (a block has at most BlockCache::kMaxInstructions: 15
// 16-bit instructions and the IT fill the first) leaves the next one entered inside it; that one
// is compiled for the ITSTATE it is entered with. Untimed and timed (with TCMs), against the
// interpreter, on random IT masks and conditions and random instructions in and after the IT block.
TEST(BlockJit, BlocksEnteredInsideAnItBlockMatchTheInterpreter) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const Pool pool = make_pool();
  std::vector<const Insn*> narrow;
  for (const Insn& i : pool.inline_forms)
    if (!i.t32) narrow.push_back(&i);
  for (const char* core : {"", "cortex-m55", "cortex-m85"}) {
    SCOPED_TRACE(*core ? core : "untimed");
    EngineCheck check(core, *core != 0);
    std::mt19937 rng(4242);
    unsigned failures = 0;
    for (unsigned c = 0; c < 1500 && failures < 10; ++c) {
      std::vector<uint16_t> code;
      for (unsigned i = 0; i + 1 < BlockCache::kMaxInstructions; ++i) append(code, *narrow[rng() % narrow.size()]);
      append(code, pool.it[rng() % pool.it.size()]);
      for (unsigned i = 0; i < 6; ++i) {
        const auto& from = rng() % 4 == 0 ? pool.others : pool.inline_forms;
        append(code, from[rng() % from.size()]);
      }
      if (!check.same(code, static_cast<uint32_t>(rng()), 200)) ++failures;
    }
    EXPECT_EQ(failures, 0u);
    EXPECT_GT(check.jit().compiled_inside_it, 300u);
  }
}

// A block compiled for entry inside an IT block (X below, entered first from the block cut by
// BlockCache::kMaxInstructions after the ITT) is entered later from a chained block with ITSTATE
// 0 (X's own `b X`): the chain must not jump into the code compiled for the IT block (enter_slot
// leaves to the run loop, which interprets X entered that way), or the two instructions that were
// conditional in the IT block run as if they still were (and MOVS, outside an IT block, sets the
// flags).
TEST(BlockJit, ABlockCompiledInsideAnItBlockIsNotChainedIntoWithoutIt) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  std::vector<uint16_t> code(BlockCache::kMaxInstructions - 1, 0x3201);  // adds r2, #1 (x15)
  code.push_back(0xBF04);  // itt eq                 (the 16th instruction: the block is cut here)
  code.push_back(0x2105);  // X: movs r1, #5 (moveq inside the IT block)
  code.push_back(0x3301);  //    adds r3, #1 (addeq)
  code.push_back(0x3401);  //    adds r4, #1
  code.push_back(0xE7FB);  //    b X
  for (const char* core : {"", "cortex-m55", "cortex-m85"}) {
    SCOPED_TRACE(*core ? core : "untimed");
    EngineCheck check(core, *core != 0);
    for (uint32_t seed = 1; seed <= 20; ++seed) check.same(code, seed, 400);
    EXPECT_GT(check.jit().compiled_inside_it, 0u);
  }
}

// ConditionHolds as the Arm ARM's table "Condition codes" lists them, written out for the test.
bool expected_condition(unsigned cond, bool n, bool z, bool c, bool v) {
  switch (cond) {
    case 0: return z;
    case 1: return !z;
    case 2: return c;
    case 3: return !c;
    case 4: return n;
    case 5: return !n;
    case 6: return v;
    case 7: return !v;
    case 8: return c && !z;
    case 9: return !c || z;
    case 10: return n == v;
    case 11: return n != v;
    case 12: return !z && n == v;
    default: return z || n != v;
  }
}

TEST(BlockJit, ConditionalBranchesFollowTheConditionTable) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  for (unsigned cond = 0; cond < 14; ++cond) {
    for (unsigned flags = 0; flags < 16; ++flags) {
      CpuHarness h(jit_config());
      // b<cond> taken; movs r0, #1; b .; taken: movs r0, #2; b .  (B<cond> T1: 1101 cond imm8)
      const uint16_t code[] = {static_cast<uint16_t>(0xD000 | (cond << 8) | 1), 0x2001, 0xE7FE, 0x2002, 0xE7FE};
      uint32_t vectors[2] = {kStackTop, kCodeStart | 1u};
      h.bus().debug_write_block(kCodeBase, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
      h.bus().debug_write_block(kCodeStart, {reinterpret_cast<const uint8_t*>(code), sizeof code});
      ASSERT_TRUE(h.cpu().reset());
      const bool n = flags & 8, z = flags & 4, c = flags & 2, v = flags & 1;
      h.s().n = n; h.s().z = z; h.s().c = c; h.s().v = v;
      h.cpu().run(10);
      EXPECT_EQ(h.s().r[0], expected_condition(cond, n, z, c, v) ? 2u : 1u) << "cond " << cond << " flags " << flags;
      EXPECT_GT(h.cpu().jit()->blocks_compiled, 0u);
    }
  }
}

// A function called in a loop (its block compiled and chained to) is rewritten by the program
// itself; after DSB/ISB the next call runs the new code. Also with the interpreter, for reference.
TEST(BlockJit, RewrittenCodeRunsAfterTheIsb) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  const char* source = R"(
    movs r4, #0
    movs r6, #0
  loop:
    bl func
    add r6, r6, r0
    adds r4, #1
    cmp r4, #50
    bne loop
    ldr r1, =func
    bic r1, r1, #1       @ the Thumb bit, if the assembler set it
    movs r2, #7
    strb r2, [r1]        @ movs r0, #1 -> movs r0, #7
    dsb
    isb
    bl func
    mov r7, r0
    b finish
  func:
    movs r0, #1
    bx lr
  finish:
  )";
  for (const CpuConfig& config : {CpuConfig{}, jit_config()}) {  // the JIT compiling on first sight
    CpuHarness h(config);
    ASSERT_TRUE(h.load(source));
    for (int i = 0; i < 100 && h.s().r[15] != h.end(); ++i) h.cpu().run(1000);
    ASSERT_EQ(h.s().r[15], h.end());
    EXPECT_EQ(h.s().r[6], 50u);
    EXPECT_EQ(h.s().r[7], 7u);
    if (config.engine == CpuEngine::Jit) {
      EXPECT_GT(h.cpu().jit()->blocks_compiled, 0u);
    }
  }
}

// A device that answers every read with the core's instruction count, as a timer does.
class InstructionCounter final : public memory::Target {
 public:
  std::string_view name() const override { return "counter"; }
  memory::BusResponse read(uint32_t, unsigned, uint32_t& value, const memory::AccessAttrs&) override {
    value = static_cast<uint32_t>(cpu->instructions());
    return {};
  }
  memory::BusResponse write(uint32_t, unsigned, uint32_t, const memory::AccessAttrs&) override { return {}; }
  Cpu* cpu = nullptr;
};

// Loads from the device in the middle of a compiled block see the instructions retired before
// them, counted by hand from the program, as the interpreter shows them.
TEST(BlockJit, DeviceReadInABlockSeesTheExactInstructionCount) {
  ASSERT_TRUE(jit::available()) << "this suite is built only where the block JIT is (cpu/jit/jit_sources.cmake)";
  for (const CpuConfig& config : {CpuConfig{}, jit_config()}) {
    CpuHarness h(config);
    InstructionCounter counter;
    counter.cpu = &h.cpu();
    ASSERT_TRUE(h.bus().map(0x40000000, 0x1000, counter, "counter"));
    // 1 movs, 2 ldr =, 3 adds, 4 ldr [r2] (3 retired before it), 5 adds, 6 adds, 7 ldr [r2] (6 before)
    ASSERT_TRUE(h.load("movs r0, #0\n  ldr r2, =0x40000000\n  adds r0, #1\n  ldr r3, [r2]\n"
                       "  adds r0, #1\n  adds r0, #1\n  ldr r4, [r2]\n"));
    const uint64_t start = h.cpu().instructions();
    h.run();
    ASSERT_TRUE(h.reached_end());
    EXPECT_EQ(h.s().r[3], start + 3);
    EXPECT_EQ(h.s().r[4], start + 6);
    if (config.engine == CpuEngine::Jit) {
      EXPECT_GT(h.cpu().jit()->blocks_compiled, 0u);
    }
  }
}

}  // namespace
}  // namespace corsim::cpu::test
