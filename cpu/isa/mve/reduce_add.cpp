// MVE add-across-vector reductions: VADDV{A}, VADDLV{A}, VABAV (Arm DDI 0553, C2 "VADDV",
// "VADDLV", "VABAV"). An element takes part when the mask bit of its lowest byte is set.
#include <cstdint>
#include <type_traits>

#include "cpu/cpu.h"
#include "cpu/isa/mve/mve_common.h"
#include "cpu/isa/mve/reduce.h"

namespace corsim::cpu::mve {

template <class T, bool Acc>
void exec_VADDV(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  uint32_t sum = Acc ? s.r[o.rd] : 0u;
  for (unsigned e = 0; e < 16 / sizeof(T); ++e) {
    if (lane_active<T>(mask, e)) sum += static_cast<uint32_t>(static_cast<int32_t>(lane<T>(s, o.rm, e)));
  }
  s.r[o.rd] = sum;
  advance_vpt(s);
}

template <bool Unsigned, bool Acc>
void exec_VADDLV(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  uint64_t sum = Acc ? (uint64_t{s.r[o.ra]} << 32 | s.r[o.rd]) : 0u;
  for (unsigned e = 0; e < 4; ++e) {
    if (!lane_active<uint32_t>(mask, e)) continue;
    const uint32_t v = lane<uint32_t>(s, o.rm, e);
    sum += Unsigned ? uint64_t{v} : static_cast<uint64_t>(int64_t{static_cast<int32_t>(v)});
  }
  s.r[o.rd] = static_cast<uint32_t>(sum);
  s.r[o.ra] = static_cast<uint32_t>(sum >> 32);
  advance_vpt(s);
}

template <class T>
void exec_VABAV(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  uint32_t sum = s.r[o.rd];
  for (unsigned e = 0; e < 16 / sizeof(T); ++e) {
    if (!lane_active<T>(mask, e)) continue;
    const int64_t a = lane<T>(s, o.rn, e), b = lane<T>(s, o.rm, e);
    sum += static_cast<uint32_t>(a > b ? a - b : b - a);
  }
  s.r[o.rd] = sum;
  advance_vpt(s);
}

#define CORSIM_INSTANTIATE_ADDV(T)                                   \
  template void exec_VADDV<T, false>(Cpu&, const Operands&);         \
  template void exec_VADDV<T, true>(Cpu&, const Operands&);          \
  template void exec_VABAV<T>(Cpu&, const Operands&);
CORSIM_INSTANTIATE_ADDV(int8_t)
CORSIM_INSTANTIATE_ADDV(int16_t)
CORSIM_INSTANTIATE_ADDV(int32_t)
CORSIM_INSTANTIATE_ADDV(uint8_t)
CORSIM_INSTANTIATE_ADDV(uint16_t)
CORSIM_INSTANTIATE_ADDV(uint32_t)
#undef CORSIM_INSTANTIATE_ADDV
template void exec_VADDLV<false, false>(Cpu&, const Operands&);
template void exec_VADDLV<false, true>(Cpu&, const Operands&);
template void exec_VADDLV<true, false>(Cpu&, const Operands&);
template void exec_VADDLV<true, true>(Cpu&, const Operands&);

}  // namespace corsim::cpu::mve
