#pragma once
// VLDR/VSTR (System Register), Armv8.1-M (Arm DDI 0553, C2): a floating-point system register
// (FPSCR, FPSCR_nzcvqc, VPR, P0, FPCXT_NS, FPCXT_S) loaded from or stored to a word of memory, with
// the VMRS/VMSR semantics of cpu/isa/vfp_move.cpp. Word-aligned access (MemA), offset/pre-index/
// post-index addressing with imm7 * 4. Rows: cpu/decoder/mve_ldst.inc.
//
// Operands: rn = Rn, imm = byte offset, ra = register number (D:rrr), kIndex/kAdd/kWback.
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"

namespace corsim::cpu {

class Cpu;

void exec_VLDR_sysreg(Cpu& cpu, const Operands& o);
void exec_VSTR_sysreg(Cpu& cpu, const Operands& o);

namespace decoder {

// Registers 1, 2, 12-15 exist (others UNDEFINED); P = 0 with W = 0 is another encoding; Rn = PC is
// UNDEFINED (QEMU).
inline std::optional<Operands> vfp_ldst_sysreg(const Fields& f) {
  const bool p = f('P'), w = f('W');
  if (!p && !w) return std::nullopt;
  const unsigned reg = f('r');
  if (!(reg == 1 || reg == 2 || reg >= 12)) return std::nullopt;
  Operands o;
  o.rn = static_cast<uint8_t>(f('n'));
  if (o.rn == 15) return std::nullopt;
  o.ra = static_cast<uint8_t>(reg);
  o.imm = f('i') << 2;
  o.flags = static_cast<uint8_t>((p ? kIndex : 0) | (f('U') ? kAdd : 0) | (w ? kWback : 0));
  return o;
}

}  // namespace decoder
}  // namespace corsim::cpu
