// MVE maximum/minimum across vector: VMAXV/VMINV (signed or unsigned) and VMAXAV/VMINAV (of the
// absolute values) (Arm DDI 0553, C2). Rda is read as an element of the same size (VMAXV: of the
// same signedness; VMAXAV: unsigned) and the result is written back sign or zero extended.
#include <cstdint>
#include <type_traits>

#include "cpu/cpu.h"
#include "cpu/isa/mve/mve_common.h"
#include "cpu/isa/mve/reduce.h"

namespace corsim::cpu::mve {

template <class T, bool Min>
void exec_VMAXV(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  int64_t acc = static_cast<T>(s.r[o.rd]);
  for (unsigned e = 0; e < 16 / sizeof(T); ++e) {
    if (!lane_active<T>(mask, e)) continue;
    const int64_t v = lane<T>(s, o.rm, e);
    if (Min ? v < acc : v > acc) acc = v;
  }
  s.r[o.rd] = static_cast<uint32_t>(acc);
  advance_vpt(s);
}

template <class T, bool Min>
void exec_VMAXAV(Cpu& cpu, const Operands& o) {
  using U = std::make_unsigned_t<T>;
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  int64_t acc = static_cast<U>(s.r[o.rd]);
  for (unsigned e = 0; e < 16 / sizeof(T); ++e) {
    if (!lane_active<T>(mask, e)) continue;
    const int64_t x = lane<T>(s, o.rm, e);
    const int64_t v = x < 0 ? -x : x;
    if (Min ? v < acc : v > acc) acc = v;
  }
  s.r[o.rd] = static_cast<uint32_t>(acc);
  advance_vpt(s);
}

#define CORSIM_INSTANTIATE_MAXV(T)                                  \
  template void exec_VMAXV<T, false>(Cpu&, const Operands&);        \
  template void exec_VMAXV<T, true>(Cpu&, const Operands&);
CORSIM_INSTANTIATE_MAXV(int8_t)
CORSIM_INSTANTIATE_MAXV(int16_t)
CORSIM_INSTANTIATE_MAXV(int32_t)
CORSIM_INSTANTIATE_MAXV(uint8_t)
CORSIM_INSTANTIATE_MAXV(uint16_t)
CORSIM_INSTANTIATE_MAXV(uint32_t)
#undef CORSIM_INSTANTIATE_MAXV
#define CORSIM_INSTANTIATE_MAXAV(T)                                 \
  template void exec_VMAXAV<T, false>(Cpu&, const Operands&);       \
  template void exec_VMAXAV<T, true>(Cpu&, const Operands&);
CORSIM_INSTANTIATE_MAXAV(int8_t)
CORSIM_INSTANTIATE_MAXAV(int16_t)
CORSIM_INSTANTIATE_MAXAV(int32_t)
#undef CORSIM_INSTANTIATE_MAXAV

}  // namespace corsim::cpu::mve
