// MVE contiguous loads and stores (see ldst_ops.h): VLDRB/VLDRH/VLDRW with widening, VSTRB/VSTRH/
// VSTRW with narrowing, offset/pre-index/post-index addressing.
#include <type_traits>

#include "cpu/cpu.h"
#include "cpu/isa/mve/immediate_addressing.h"
#include "cpu/isa/mve/ldst_ops.h"

namespace corsim::cpu {

namespace {

template <unsigned kElem>
using Unsigned = std::conditional_t<kElem == 1, uint8_t, std::conditional_t<kElem == 2, uint16_t, uint32_t>>;

}  // namespace

template <unsigned kMem, unsigned kElem, bool kSigned>
void exec_MVE_VLDR(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  uint32_t addr = mve::indexed_address(cpu, o);
  // Fast path: a full-width, unpredicated, element-aligned load of plain memory is one copy.
  if (kMem == kElem && mask == 0xFFFFu && (addr & (kMem - 1)) == 0 && cpu.read16_direct(addr, mve::qbytes(s, o.rd))) {
    mve::write_back_offset(cpu, o);
    mve::advance_vpt(s);
    return;
  }
  for (unsigned e = 0; e < 16 / kElem; ++e, addr += kMem) {
    uint32_t v = 0;
    if (mve::lane_active<Unsigned<kElem>>(mask, e)) {
      v = cpu.read<kMem>(addr);
      if (cpu.faulted()) return;
      if constexpr (kSigned && kMem == 1) v = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(v)));
      if constexpr (kSigned && kMem == 2) v = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(v)));
    }
    mve::set_lane<Unsigned<kElem>>(s, o.rd, e, static_cast<Unsigned<kElem>>(v), 0xFFFFu);
  }
  mve::write_back_offset(cpu, o);
  mve::advance_vpt(s);
}

template <unsigned kMem, unsigned kElem>
void exec_MVE_VSTR(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  uint32_t addr = mve::indexed_address(cpu, o);
  if (kMem == kElem && mask == 0xFFFFu && (addr & (kMem - 1)) == 0 && cpu.write16_direct(addr, mve::qbytes(s, o.rd))) {
    mve::write_back_offset(cpu, o);
    mve::advance_vpt(s);
    return;
  }
  for (unsigned e = 0; e < 16 / kElem; ++e, addr += kMem) {
    if (!mve::lane_active<Unsigned<kElem>>(mask, e)) continue;
    cpu.write<kMem>(addr, mve::lane<Unsigned<kElem>>(s, o.rd, e));
    if (cpu.faulted()) return;
  }
  mve::write_back_offset(cpu, o);
  mve::advance_vpt(s);
}

template void exec_MVE_VLDR<1, 1, false>(Cpu&, const Operands&);
template void exec_MVE_VLDR<2, 2, false>(Cpu&, const Operands&);
template void exec_MVE_VLDR<4, 4, false>(Cpu&, const Operands&);
template void exec_MVE_VLDR<1, 2, false>(Cpu&, const Operands&);
template void exec_MVE_VLDR<1, 2, true>(Cpu&, const Operands&);
template void exec_MVE_VLDR<1, 4, false>(Cpu&, const Operands&);
template void exec_MVE_VLDR<1, 4, true>(Cpu&, const Operands&);
template void exec_MVE_VLDR<2, 4, false>(Cpu&, const Operands&);
template void exec_MVE_VLDR<2, 4, true>(Cpu&, const Operands&);
template void exec_MVE_VSTR<1, 1>(Cpu&, const Operands&);
template void exec_MVE_VSTR<2, 2>(Cpu&, const Operands&);
template void exec_MVE_VSTR<4, 4>(Cpu&, const Operands&);
template void exec_MVE_VSTR<1, 2>(Cpu&, const Operands&);
template void exec_MVE_VSTR<1, 4>(Cpu&, const Operands&);
template void exec_MVE_VSTR<2, 4>(Cpu&, const Operands&);

}  // namespace corsim::cpu
