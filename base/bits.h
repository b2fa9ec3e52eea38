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

}  // namespace corsim
