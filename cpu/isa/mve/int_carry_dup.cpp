// MVE add/subtract with carry (VADC, VADCI, VSBC, VSBCI), bit reverse and shift right (VBRSR)
// and the incrementing/decrementing duplicates (VIDUP, VDDUP, VIWDUP, VDWDUP) (Arm DDI 0553, C2).
#include <cstdint>

#include "cpu/cpu.h"
#include "cpu/isa/mve/mve_common.h"
#include "cpu/isa/mve/int_other.h"

namespace corsim::cpu::mve {
namespace {

constexpr uint32_t kFpscrNzcv = 0xF0000000u;
constexpr uint32_t kFpscrC = 1u << 29;

template <class T>
T reverse_bits(T v) {
  T r = 0;
  for (unsigned b = 0; b < 8 * sizeof(T); ++b) r = static_cast<T>((r << 1) | ((v >> b) & 1u));
  return r;
}

}  // namespace

// Carry chain: the carry moves only through active elements. FPSCR.NZCV is rewritten (C = carry
// out, N = Z = V = 0) when any element is active, and always by the I forms (QEMU and the Arm ARM
// pseudocode agree: the first beat of an I form initialises the carry).
template <bool Sub, bool Init>
void exec_VADC(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  uint16_t mask = element_mask(s);
  const bool any_active = (mask & 0x1111u) != 0;
  uint32_t carry = Init ? (Sub ? 1u : 0u) : ((s.fpscr & kFpscrC) ? 1u : 0u);
  for (unsigned e = 0; e < 4; ++e) {
    const uint64_t r = uint64_t{lane<uint32_t>(s, o.rn, e)} +
                       uint64_t{Sub ? ~lane<uint32_t>(s, o.rm, e) : lane<uint32_t>(s, o.rm, e)} + carry;
    if (lane_active<uint32_t>(mask, e)) carry = static_cast<uint32_t>(r >> 32);
    set_lane<uint32_t>(s, o.rd, e, static_cast<uint32_t>(r), mask);
  }
  if (Init || any_active) s.fpscr = (s.fpscr & ~kFpscrNzcv) | (carry ? kFpscrC : 0u);
  advance_vpt(s);
}

template <class T>
void exec_VBRSR(Cpu& cpu, const Operands& o) {
  constexpr unsigned kBits = 8 * sizeof(T);
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const unsigned width = s.r[o.rm] & 0xFFu;
  for (unsigned e = 0; e < 16 / sizeof(T); ++e) {
    T v = 0;
    if (width != 0) {
      v = reverse_bits<T>(lane<T>(s, o.rn, e));
      if (width < kBits) v = static_cast<T>(v >> (kBits - width));
    }
    set_lane<T>(s, o.rd, e, v, mask);
  }
  advance_vpt(s);
}

template <class T, bool Dec, bool Wrap>
void exec_VIDUP(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const uint32_t step = o.imm;
  const uint32_t limit = Wrap ? s.r[o.rm] : 0u;
  uint32_t offset = s.r[o.rn];
  for (unsigned e = 0; e < 16 / sizeof(T); ++e) {
    set_lane<T>(s, o.rd, e, static_cast<T>(offset), mask);
    if (!Dec) {
      offset += step;
      if (Wrap && offset == limit) offset = 0;
    } else {
      if (Wrap && offset == 0) offset = limit;
      offset -= step;
    }
  }
  s.r[o.rn] = offset;
  advance_vpt(s);
}

template void exec_VADC<false, false>(Cpu&, const Operands&);
template void exec_VADC<false, true>(Cpu&, const Operands&);
template void exec_VADC<true, false>(Cpu&, const Operands&);
template void exec_VADC<true, true>(Cpu&, const Operands&);
#define CORSIM_INSTANTIATE_DUP(T)                                         \
  template void exec_VBRSR<T>(Cpu&, const Operands&);                     \
  template void exec_VIDUP<T, false, false>(Cpu&, const Operands&);       \
  template void exec_VIDUP<T, true, false>(Cpu&, const Operands&);        \
  template void exec_VIDUP<T, false, true>(Cpu&, const Operands&);        \
  template void exec_VIDUP<T, true, true>(Cpu&, const Operands&);
CORSIM_INSTANTIATE_DUP(uint8_t)
CORSIM_INSTANTIATE_DUP(uint16_t)
CORSIM_INSTANTIATE_DUP(uint32_t)
#undef CORSIM_INSTANTIATE_DUP

}  // namespace corsim::cpu::mve
