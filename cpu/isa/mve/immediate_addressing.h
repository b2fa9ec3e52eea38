#pragma once
// Rn +/- imm addressing with the P/U/W bits (Operands::flags kIndex/kAdd/kWback), shared by the
// MVE contiguous loads/stores and VLDR/VSTR (System Register).
#include <cstdint>

#include "cpu/cpu.h"

namespace corsim::cpu::mve {

// The access address: Rn, plus the offset when pre-indexed or offset addressing.
inline uint32_t indexed_address(Cpu& cpu, const Operands& o) {
  const uint32_t rn = cpu.reg(o.rn);
  if (!(o.flags & kIndex)) return rn;
  return (o.flags & kAdd) ? rn + o.imm : rn - o.imm;
}

// After the access: Rn = Rn +/- offset when writing back.
inline void write_back_offset(Cpu& cpu, const Operands& o) {
  if (!(o.flags & kWback)) return;
  const uint32_t rn = cpu.reg(o.rn);
  cpu.set_reg(o.rn, (o.flags & kAdd) ? rn + o.imm : rn - o.imm);
}

}  // namespace corsim::cpu::mve
