// Robustness of the vector space: random encodings of the coprocessor/MVE space (first halfword
// 0xEC00-0xEFFF, 0xFC00-0xFFFF) and of the MVE long-shift space, executed one at a time on random
// register/VPR/FPSCR state (base registers sometimes pointing into RAM), must decode to a row or
// to UNDEFINED and execute or fault without reaching a host assertion or crash. Each encoding that
// no row accepts must raise UsageFault UNDEFINSTR.
#include <gtest/gtest.h>

#include <random>

#include "cpu/decoder/decoder.h"
#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

TEST(MveCoreRobustness, RandomVectorSpaceEncodingsExecuteOrFaultCleanly) {
  CpuHarness h;
  ASSERT_TRUE(h.load("handler: b handler\n"));
  std::mt19937_64 rng(2026);
  unsigned undefined = 0, executed = 0;
  constexpr int kCount = 20000;
  for (int i = 0; i < kCount; ++i) {
    uint32_t insn = static_cast<uint32_t>(rng());
    switch (i % 3) {
      case 0: insn = (insn & 0x03FFFFFFu) | 0xEC000000u; break;          // 0xEC00-0xEFFF
      case 1: insn = (insn & 0x03FFFFFFu) | 0xFC000000u; break;          // 0xFC00-0xFFFF
      default: insn = (insn & 0x000F7FFFu) | 0xEA500000u | ((insn & 1) ? 0xDu : 0xFu); break;  // ORRS/MOVS, Rm = SP/PC
    }
    ASSERT_TRUE(h.cpu().reset());
    h.cpu().exceptions().regs().cpacr = 0xFu << 20;
    ArchState& s = h.s();
    for (unsigned r = 0; r < 13; ++r)
      s.r[r] = (rng() & 1) ? kDataBase + 0x1000 + static_cast<uint32_t>(rng() % 0x800) : static_cast<uint32_t>(rng());
    s.r[14] = static_cast<uint32_t>(rng() % 40);
    for (auto& w : s.ext) w = static_cast<uint32_t>(rng());
    s.vpr = static_cast<uint32_t>(rng()) & 0x00FFFFFFu;
    s.fpscr = (static_cast<uint32_t>(rng()) & 0xF7C0009Fu) | (static_cast<uint32_t>(rng() % 5) << 16);
    s.control[1] |= 4u;  // FPCA: an active FP context (keeps the random FPSCR/VPR)
    h.set_word(kCodeStart, (insn >> 16) | (insn << 16));
    h.cpu().flush_predecode();
    const uint32_t cfsr_before = h.cpu().exceptions().regs().cfsr;
    h.cpu().run(1);
    const bool decoded = decoder::decode(insn, true).encoding != nullptr;
    if (!decoded) {
      ++undefined;
      EXPECT_NE(h.cpu().exceptions().regs().cfsr & ~cfsr_before & (1u << 16), 0u) << std::hex << insn;
    } else {
      ++executed;
    }
  }
  EXPECT_GT(executed, 1000u);
  EXPECT_GT(undefined, 100u);
}

}  // namespace
}  // namespace corsim::cpu::test
