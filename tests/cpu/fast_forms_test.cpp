// Fast forms (cpu/fast_forms.h) against the generic handlers they stand in for: every 16-bit
// encoding and many random 32-bit ones are decoded; wherever fast_form() picks a specialised
// handler, both handlers run on identical random states (registers, flags, data memory, addresses
// that fault) and must leave identical registers, flags, memory, fault and next PC.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "cpu/decoder/decoder.h"
#include "cpu/fast_forms.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kPc = kCodeStart + 0x40;

constexpr uint32_t kRegion = kDataBase + 0x1000, kRegionBytes = 0x2000;  // base + imm stays inside

struct Outcome {
  ArchState state;
  uint32_t next_pc;
  bool faulted;
  std::vector<uint8_t> memory;
};

class FastFormCheck {
 public:
  FastFormCheck() {
    uint32_t vectors[16] = {kStackTop, kCodeStart | 1u};
    for (CpuHarness* h : {&generic_, &fast_})
      h->bus().debug_write_block(kCodeBase, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
  }

  // Runs `generic` and `fast` on the same random state; returns false (with a failure) on a difference.
  bool same(decoder::ExecFn generic, decoder::ExecFn fast, const Operands& ops, uint32_t insn) {
    const uint32_t seed = static_cast<uint32_t>(rng_());
    const Outcome a = run(generic_, generic, ops, seed);
    const Outcome b = run(fast_, fast, ops, seed);
    bool equal = a.next_pc == b.next_pc && a.faulted == b.faulted && a.state.n == b.state.n &&
                 a.state.z == b.state.z && a.state.c == b.state.c && a.state.v == b.state.v &&
                 a.memory == b.memory;
    for (unsigned r = 0; r < 16; ++r) equal = equal && a.state.r[r] == b.state.r[r];
    if (!equal) ADD_FAILURE() << std::hex << "encoding 0x" << insn << ": the fast form differs from the generic handler";
    return equal;
  }

 private:
  // A state where the base register points into data RAM most of the time (else anywhere: bus
  // faults), with random flags and the other registers random.
  static Outcome run(CpuHarness& h, decoder::ExecFn exec, const Operands& ops, uint32_t seed) {
    std::mt19937 rng(seed);
    EXPECT_TRUE(h.cpu().reset());
    ArchState& s = h.s();
    for (unsigned r = 0; r < 13; ++r) s.r[r] = static_cast<uint32_t>(rng());
    if (rng() % 8 != 0) s.r[ops.rn] = kRegion + (static_cast<uint32_t>(rng()) & 0xFFF);
    s.r[15] = kPc;
    s.n = rng() & 1; s.z = rng() & 1; s.c = rng() & 1; s.v = rng() & 1;
    std::vector<uint8_t> bytes(kRegionBytes);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    h.bus().debug_write_block(kRegion, bytes);
    exec(h.cpu(), ops);
    Outcome o{h.s(), h.cpu().next_pc(), h.cpu().faulted(), std::vector<uint8_t>(kRegionBytes)};
    h.bus().debug_read_block(kRegion, o.memory);
    return o;
  }

  CpuHarness generic_, fast_;
  std::mt19937 rng_{2026};
};

TEST(FastForms, MatchTheGenericHandlers) {
  FastFormCheck check;
  std::map<decoder::ExecFn, unsigned> seen;  // fast form -> encodings checked
  unsigned failures = 0;
  auto consider = [&](uint32_t insn, bool t32) {
    const decoder::DecodeResult r = decoder::decode(insn, t32);
    if (r.encoding == nullptr) return;
    const decoder::ExecFn fast = fast_form(r.encoding->exec, r.ops);
    if (fast == r.encoding->exec) return;
    ++seen[fast];
    if (!check.same(r.encoding->exec, fast, r.ops, insn) && ++failures > 10) FAIL() << "stopping after 10 differences";
  };
  for (uint32_t hw = 0; hw < 0xE800; ++hw) consider(hw, false);  // every 16-bit encoding
  // 32-bit: LDR/STR (immediate) T3/T4, B<cond> T3, CMP (immediate) T2, MOV (register) T3.
  std::mt19937 rng(17);
  const uint32_t prefixes[][2] = {{0xF8000000u, 0xFE000000u}, {0xF0008000u, 0xF800D000u},
                                  {0xF1B00F00u, 0xFBF08F00u}, {0xEA4F0000u, 0xFFEF8000u}};
  for (unsigned i = 0; i < 40000; ++i) {
    const auto& p = prefixes[i % 4];
    consider(p[0] | (static_cast<uint32_t>(rng()) & ~p[1]), true);
  }
  // Every fast form was exercised: 14 conditions, CMP, MOV, five loads, three stores.
  EXPECT_EQ(seen.size(), 14u + 1 + 1 + 5 + 3);
  for (const auto& [fn, n] : seen) EXPECT_GT(n, 10u);
}

}  // namespace
}  // namespace corsim::cpu::test
