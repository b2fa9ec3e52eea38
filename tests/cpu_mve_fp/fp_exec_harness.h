#pragma once
// Shared helpers of the MVE floating-point execution tests (fp_exec_test.cpp,
// fp_exec_rules_test.cpp): a Cpu harness prepared for MVE-F programs and single-precision helpers.
#include <bit>
#include <cstdint>
#include <random>
#include <string>

#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {

inline constexpr uint32_t kCpacrFull = 0xFu << 20;
inline constexpr uint32_t kDefaultNaN = 0x7FC00000u;
inline constexpr uint32_t kIoc = 1u, kIxc = 1u << 4, kIdc = 1u << 7, kUfc = 1u << 3;
inline constexpr uint32_t kLtpsize4 = 4u << 16;

inline uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
inline float flt(uint32_t b) { return std::bit_cast<float>(b); }

// Loads `src` (MVE-F enabled) and prepares a run: CP10 on, CONTROL.FPCA/SFPA set so that the first
// FP instruction keeps the state we set (no new context from FPDSCR).
class MveFp {
 public:
  explicit MveFp(const std::string& src) { ok_ = h_.load(".arch_extension mve.fp\n" + src); }
  bool ok() const { return ok_; }
  ArchState& s() { return h_.s(); }
  CpuHarness& h() { return h_; }
  // Resets the core, applies `setup` to the state, runs to the end marker.
  template <class Setup>
  bool run(Setup&& setup) {
    h_.cpu().reset();
    h_.cpu().exceptions().regs().cpacr = kCpacrFull;
    h_.s().control[1] |= 0xCu;
    h_.s().fpscr = kLtpsize4;
    h_.s().vpr = 0;
    setup(h_.s());
    h_.run(100);
    return h_.reached_end();
  }
  uint32_t q(unsigned reg, unsigned word) { return h_.s().ext[4 * reg + word]; }

 private:
  CpuHarness h_;
  bool ok_;
};

// Random single-precision operands: mostly normal numbers of moderate range, with zeros,
// denormals, infinities and NaNs mixed in.
inline uint32_t random_single(std::mt19937& rng) {
  const uint32_t r = rng();
  switch (r % 16) {
    case 0: return (r & 0x80000000u);                                      // +-0
    case 1: return (r & 0x80000000u) | (rng() & 0x007FFFFFu) | 1u;          // denormal
    case 2: return (r & 0x80000000u) | 0x7F800000u;                         // +-inf
    case 3: return 0x7F800000u | (rng() & 0x007FFFFFu) | 1u;                // NaN (either kind)
    default: return (r & 0x80000000u) | ((100u + rng() % 56u) << 23) | (rng() & 0x007FFFFFu);
  }
}

// Arm FPUnpack under FZ = 1: a denormal input is a zero of the same sign.
inline float unpack_fz(uint32_t b) {
  if ((b & 0x7F800000u) == 0) b &= 0x80000000u;
  return flt(b);
}
inline bool is_nan(uint32_t b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0; }


}  // namespace corsim::cpu::test
