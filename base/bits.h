#pragma once
// Small bit helpers shared by the CPU and NPU models.
#include <cstdint>
#include <bit>

namespace corsim {

template <unsigned Hi, unsigned Lo>
constexpr uint32_t bits(uint32_t v) {
  static_assert(Hi >= Lo && Hi < 32);
  return (v >> Lo) & ((Hi - Lo == 31) ? 0xFFFFFFFFu : ((1u << (Hi - Lo + 1)) - 1));
}
constexpr uint32_t bit(uint32_t v, unsigned n) { return (v >> n) & 1u; }
constexpr int32_t sign_extend(uint32_t v, unsigned width) {
  const uint32_t m = 1u << (width - 1);
  v &= (width == 32) ? 0xFFFFFFFFu : ((1u << width) - 1);
  return static_cast<int32_t>((v ^ m) - m);
}


// Set bits of a 32-bit value in a few inline operations (SWAR). std::popcount compiles to a libgcc
// call on baseline x86-64 (no POPCNT instruction), which showed in profiles of the NPU's weight
// decoder; the CPU's LDM/STM handlers count their register lists with it too.
constexpr unsigned popcount32(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (x * 0x01010101u) >> 24;
}

}  // namespace corsim
