#pragma once
// MVE loads and stores (Arm DDI 0553, C2 VLDRB/VLDRH/VLDRW/VLDRD, VSTRB/..., VLD2/VLD4, VST2/VST4):
// contiguous (with widening loads and narrowing stores), gather/scatter (vector of offsets, or a
// vector of bases with writeback) and the de-interleaving VLD2x/VLD4x and interleaving VST2x/VST4x.
// Handlers: ldst_contig.cpp, ldst_gather.cpp, ldst_interleave.cpp; rows: cpu/decoder/mve_ldst.inc.
//
// Rules (QEMU 7.2 = the Arm ARM with ECI = 0): an element is transferred when the mask bit of its
// lowest byte is set; a predicated-off element of a load's destination is written with 0; stores
// do not access predicated-off elements (no fault for them). Writeback of the base register happens
// after the last beat regardless of predication; a fault stops the instruction with no writeback
// (elements already loaded stay written: the Arm ARM allows them to be UNKNOWN). VLD2x/VLD4x/VST2x/
// VST4x are not predicated and do not advance the VPT state (as in QEMU).
//
// Operands: rd = Qd, rn = Rn (contiguous, gather, interleave) or Qm of the vector base, rm = Qm of
// the offsets, imm = byte offset (already scaled) or gather scale shift, ra = log2 of the memory
// access size (gathers), shift_n/shift_t = element size/type; kIndex/kAdd/kWback as usual.
#include <optional>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu {

class Cpu;

// Contiguous: kMem bytes in memory per element of kElem bytes in the register.
template <unsigned kMem, unsigned kElem, bool kSigned> void exec_MVE_VLDR(Cpu& cpu, const Operands& o);
template <unsigned kMem, unsigned kElem> void exec_MVE_VSTR(Cpu& cpu, const Operands& o);
// Gather/scatter with a vector of offsets: [Rn, Qm{, uxtw #scale}].
void exec_MVE_VLDR_gather(Cpu& cpu, const Operands& o);
void exec_MVE_VSTR_scatter(Cpu& cpu, const Operands& o);
// Gather/scatter with a vector of bases: [Qm, #imm]{!} (kElem = 4 or 8).
template <unsigned kElem> void exec_MVE_VLDR_base(Cpu& cpu, const Operands& o);
template <unsigned kElem> void exec_MVE_VSTR_base(Cpu& cpu, const Operands& o);
// VLD2x/VLD4x/VST2x/VST4x: kRegs = 2 or 4; imm = pattern, shift_n = size.
template <unsigned kRegs> void exec_MVE_VLD_interleaved(Cpu& cpu, const Operands& o);
template <unsigned kRegs> void exec_MVE_VST_interleaved(Cpu& cpu, const Operands& o);

namespace decoder {

// Contiguous, non-widening (Qd = D:ddd) and widening/narrowing (Qd = ddd, Rn = nnn).
// P = 0 with W = 0 is another encoding; Qd above 7, Rn = PC and SP with writeback are UNDEFINED.
template <unsigned kScale, uint8_t kType, uint8_t kSize>
inline std::optional<Operands> mve_ldst(const Fields& f) {
  const bool p = f('P'), w = f('W');
  if (!p && !w) return std::nullopt;
  if (f.size('D') && f('D')) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('d'));
  o.rn = static_cast<uint8_t>(f('n'));
  if (o.rn == 15 || (o.rn == 13 && w)) return std::nullopt;
  o.imm = f('i') << kScale;
  o.flags = static_cast<uint8_t>((p ? kIndex : 0) | (f('U') ? kAdd : 0) | (w ? kWback : 0));
  o.shift_n = kSize;
  o.shift_t = kType;
  return o;
}

// Gather/scatter with vector offsets. kMsize = log2 of the memory size; the legal (type, size,
// scaled) combinations are QEMU's: signed loads widen, unsigned loads and stores have
// size >= msize, a scaled offset needs msize > 0; a load with Qd = Qm is UNDEFINED.
template <unsigned kMsize, bool kLoad>
inline std::optional<Operands> mve_gather(const Fields& f) {
  if (f('D') | f('M')) return std::nullopt;
  const unsigned size = f('z'), u = (f.raw() >> 28) & 1u, os = f('o');
  if (!kLoad && u) return std::nullopt;
  if (os && kMsize == 0) return std::nullopt;
  if (size < kMsize) return std::nullopt;
  if (kMsize == 3 ? size != 3 : size == 3) return std::nullopt;
  if (kMsize == 2 && size != 2) return std::nullopt;
  const bool is_signed = kLoad && !u;
  if (is_signed && size == kMsize) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('d'));
  o.rn = static_cast<uint8_t>(f('n'));
  if (o.rn == 15) return std::nullopt;
  o.rm = static_cast<uint8_t>(f('m'));
  if (kLoad && o.rd == o.rm) return std::nullopt;  // UNPREDICTABLE: UNDEFINED (QEMU)
  o.imm = os ? kMsize : 0u;
  o.ra = kMsize;
  o.shift_n = static_cast<uint8_t>(size);
  o.shift_t = kLoad ? (is_signed ? mve::kMveS : mve::kMveU) : mve::kMveUntyped;
  return o;
}

// Gather/scatter with vector bases [Qm, #+/-imm]{!}; a load with Qd = Qm is UNDEFINED (QEMU).
template <unsigned kScale, bool kLoad>
inline std::optional<Operands> mve_gather_base(const Fields& f) {
  if (f('D') | f('M')) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('d'));
  o.rn = static_cast<uint8_t>(f('m'));
  if (kLoad && o.rd == o.rn) return std::nullopt;
  o.imm = f('i') << kScale;
  o.flags = static_cast<uint8_t>((f('U') ? kAdd : 0) | (f('W') ? kWback : 0));
  o.shift_n = static_cast<uint8_t>(kScale);
  o.shift_t = kLoad ? mve::kMveU : mve::kMveUntyped;
  return o;
}

// VLD2x/VST2x (kRegs = 2: patterns 0-1, Qd <= 6) and VLD4x/VST4x (patterns 0-3, Qd <= 4).
template <unsigned kRegs>
inline std::optional<Operands> mve_interleave(const Fields& f) {
  if (f('D')) return std::nullopt;
  const unsigned size = f('z'), pat = f('p');
  if (size == 3) return std::nullopt;
  if (kRegs == 2 && pat >= 2) return std::nullopt;
  Operands o;
  o.rd = static_cast<uint8_t>(f('d'));
  if (o.rd + kRegs > 8) return std::nullopt;
  o.rn = static_cast<uint8_t>(f('n'));
  const bool w = f('W');
  if (o.rn == 15 || (o.rn == 13 && w)) return std::nullopt;
  o.imm = pat;
  o.flags = w ? kWback : 0;
  o.shift_n = static_cast<uint8_t>(size);
  o.shift_t = mve::kMveUntyped;
  return o;
}

}  // namespace decoder
}  // namespace corsim::cpu
