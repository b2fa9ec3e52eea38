// MVE integer complex add: VCADD #90/#270 (wrapping) and VHCADD #90/#270 (signed, halving)
// (Arm DDI 0553, C2). Even elements are real parts, odd ones imaginary parts:
//   #90:  d[even] = n[even] - m[odd],  d[odd] = n[odd] + m[even]
//   #270: d[even] = n[even] + m[odd],  d[odd] = n[odd] - m[even]
// All results are computed before any is written (Qd may be Qn or Qm).
#include <cstdint>
#include <type_traits>

#include "cpu/cpu.h"
#include "cpu/isa/mve/mve_common.h"
#include "cpu/isa/mve/int_other.h"

namespace corsim::cpu::mve {
namespace {

template <class T, bool Rot270, bool Halving>
void complex_add(Cpu& cpu, const Operands& o) {
  constexpr unsigned kElems = 16 / sizeof(T);
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  T r[kElems];
  for (unsigned e = 0; e < kElems; ++e) {
    const int64_t n = lane<T>(s, o.rn, e), m = lane<T>(s, o.rm, e ^ 1u);
    const bool subtract = ((e & 1u) == 0) != Rot270;
    const int64_t v = subtract ? n - m : n + m;
    r[e] = static_cast<T>(Halving ? (v >> 1) : v);
  }
  for (unsigned e = 0; e < kElems; ++e) set_lane<T>(s, o.rd, e, r[e], mask);
  advance_vpt(s);
}

}  // namespace

template <class T, bool Rot270>
void exec_VCADD(Cpu& cpu, const Operands& o) { complex_add<T, Rot270, false>(cpu, o); }
template <class T, bool Rot270>
void exec_VHCADD(Cpu& cpu, const Operands& o) { complex_add<T, Rot270, true>(cpu, o); }

#define CORSIM_INSTANTIATE_CADD(T)                                  \
  template void exec_VCADD<T, false>(Cpu&, const Operands&);        \
  template void exec_VCADD<T, true>(Cpu&, const Operands&);         \
  template void exec_VHCADD<T, false>(Cpu&, const Operands&);       \
  template void exec_VHCADD<T, true>(Cpu&, const Operands&);
CORSIM_INSTANTIATE_CADD(int8_t)
CORSIM_INSTANTIATE_CADD(int16_t)
CORSIM_INSTANTIATE_CADD(int32_t)
#undef CORSIM_INSTANTIATE_CADD

}  // namespace corsim::cpu::mve
