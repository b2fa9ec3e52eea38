// MVE multiply-accumulate reductions (Arm DDI 0553, C2 "VMLADAV", "VMLSDAV", "VMLALDAV",
// "VMLSLDAV", "VRMLALDAVH", "VRMLSLDAVH"). Element e of Qm is multiplied by element e of Qn, or
// by its pair partner e ^ 1 in the exchanging (X) forms; the subtracting forms subtract the
// products of odd elements. An element takes part when the mask bit of its lowest byte is set.
// Sums are exact in 64 bits mod 2^32 / 2^64, and in 128 bits for the 72-bit VRMLALDAVH sum.
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cpu/cpu.h"
#include "cpu/isa/mve/mve_common.h"
#include "cpu/isa/mve/reduce.h"

namespace corsim::cpu::mve {
namespace {

// The exact product of two elements, mod 2^64 (unsigned 32 x 32 does not fit int64_t).
template <class T>
inline uint64_t product(T a, T b) {
  if constexpr (std::is_signed_v<T>) return static_cast<uint64_t>(int64_t{a} * int64_t{b});
  else return uint64_t{a} * uint64_t{b};
}

// Sum of the (signed or unsigned) products, mod 2^64; T's signedness is the operands'.
template <class T, bool Sub, bool Exch>
uint64_t dual_products(const ArchState& s, const Operands& o, uint16_t mask) {
  constexpr unsigned kElems = 16 / sizeof(T);
  uint64_t sum = 0;
  if (mask == 0xFFFFu) {
    T n[kElems], m[kElems];
    std::memcpy(n, qbytes(s, o.rn), 16);
    std::memcpy(m, qbytes(s, o.rm), 16);
    for (unsigned e = 0; e < kElems; ++e) {
      const uint64_t p = product<T>(n[Exch ? e ^ 1u : e], m[e]);
      sum += (Sub && (e & 1u)) ? -p : p;
    }
    return sum;
  }
  for (unsigned e = 0; e < kElems; ++e) {
    if (!lane_active<T>(mask, e)) continue;
    const uint64_t p = product<T>(lane<T>(s, o.rn, Exch ? e ^ 1u : e), lane<T>(s, o.rm, e));
    sum += (Sub && (e & 1u)) ? -p : p;
  }
  return sum;
}

}  // namespace

template <class T, bool Sub, bool Acc, bool Exch>
void exec_VMLADAV(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint32_t sum = static_cast<uint32_t>(dual_products<T, Sub, Exch>(s, o, element_mask(s)));
  s.r[o.rd] = (Acc ? s.r[o.rd] : 0u) + sum;
  advance_vpt(s);
}

template <class T, bool Sub, bool Acc, bool Exch>
void exec_VMLALDAV(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  uint64_t acc = Acc ? (uint64_t{s.r[o.ra]} << 32 | s.r[o.rd]) : 0u;
  acc += dual_products<T, Sub, Exch>(s, o, element_mask(s));
  s.r[o.rd] = static_cast<uint32_t>(acc);
  s.r[o.ra] = static_cast<uint32_t>(acc >> 32);
  advance_vpt(s);
}

template <bool Unsigned, bool Sub, bool Acc, bool Exch>
void exec_VRMLALDAVH(Cpu& cpu, const Operands& o) {
  using Wide = std::conditional_t<Unsigned, unsigned __int128, __int128>;
  using T = std::conditional_t<Unsigned, uint32_t, int32_t>;
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  // The running 64-bit value is bits [71:8] of the sum; each active element's product is added
  // at bit 0 and the sum rounded back to bits [71:8] (ties up), one rounding per element, as
  // QEMU 7.2 computes it (checked by tests/cpu_mve_reduce/qemu).
  Wide acc = 0;
  if (Acc) {
    const uint64_t a = uint64_t{s.r[o.ra]} << 32 | s.r[o.rd];
    acc = Unsigned ? Wide(a) : Wide(static_cast<int64_t>(a));
  }
  for (unsigned e = 0; e < 4; ++e) {
    if (!lane_active<T>(mask, e)) continue;
    const Wide p = Wide(lane<T>(s, o.rn, Exch ? e ^ 1u : e)) * Wide(lane<T>(s, o.rm, e));
    acc = (acc * 256 + ((Sub && (e & 1u)) ? -p : p) + 128) >> 8;
  }
  const uint64_t r = static_cast<uint64_t>(acc);
  s.r[o.rd] = static_cast<uint32_t>(r);
  s.r[o.ra] = static_cast<uint32_t>(r >> 32);
  advance_vpt(s);
}

#define CORSIM_INSTANTIATE_DAV(fn, T, Sub)                          \
  template void fn<T, Sub, false, false>(Cpu&, const Operands&);    \
  template void fn<T, Sub, false, true>(Cpu&, const Operands&);     \
  template void fn<T, Sub, true, false>(Cpu&, const Operands&);     \
  template void fn<T, Sub, true, true>(Cpu&, const Operands&);
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, int8_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, int16_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, int32_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, uint8_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, uint16_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, uint32_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, int8_t, true)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, int16_t, true)
CORSIM_INSTANTIATE_DAV(exec_VMLADAV, int32_t, true)
CORSIM_INSTANTIATE_DAV(exec_VMLALDAV, int16_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLALDAV, int32_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLALDAV, uint16_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLALDAV, uint32_t, false)
CORSIM_INSTANTIATE_DAV(exec_VMLALDAV, int16_t, true)
CORSIM_INSTANTIATE_DAV(exec_VMLALDAV, int32_t, true)
CORSIM_INSTANTIATE_DAV(exec_VRMLALDAVH, false, false)
CORSIM_INSTANTIATE_DAV(exec_VRMLALDAVH, true, false)
CORSIM_INSTANTIATE_DAV(exec_VRMLALDAVH, false, true)
#undef CORSIM_INSTANTIATE_DAV

}  // namespace corsim::cpu::mve
